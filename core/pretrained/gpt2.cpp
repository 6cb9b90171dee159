// gpt2.cpp — to be written.
