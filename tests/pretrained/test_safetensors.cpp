// test_safetensors.cpp — to be written.
