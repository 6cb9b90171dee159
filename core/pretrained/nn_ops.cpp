// nn_ops.cpp — to be written.
