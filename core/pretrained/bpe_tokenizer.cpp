// bpe_tokenizer.cpp — to be written.
