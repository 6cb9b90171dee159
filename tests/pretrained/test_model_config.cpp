// test_model_config.cpp — to be written.
