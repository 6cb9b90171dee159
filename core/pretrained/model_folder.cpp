// model_folder.cpp — to be written.
