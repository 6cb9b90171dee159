// model_config.cpp — to be written.
