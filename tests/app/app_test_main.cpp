// The doctest runner for tests/app (GL-free app logic).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
