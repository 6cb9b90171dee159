// mapped_file.cpp — to be written.
