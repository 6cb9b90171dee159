// test_forward.cpp — to be written.
#include <doctest/doctest.h>
