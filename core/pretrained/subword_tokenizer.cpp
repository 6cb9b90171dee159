// subword_tokenizer.cpp — to be written.
