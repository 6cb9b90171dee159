// wordpiece_tokenizer.cpp — to be written.
