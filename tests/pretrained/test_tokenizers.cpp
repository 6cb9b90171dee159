// test_tokenizers.cpp — to be written.
