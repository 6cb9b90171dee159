// bert.cpp — to be written.
