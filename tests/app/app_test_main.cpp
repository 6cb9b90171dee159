// The doctest runner for tests/app (GL-free app logic).
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdlib>

int main(int argc, char** argv) {
    // The test catalogue of a third language (tests/i18n/de.po, compiled by the build), before the
    // first lookup reads the folders (app/i18n/ui_text.cpp); the build tree's po/ catalogues are
    // found after it as usual.
    setenv("ATTNLAB_LOCALE_DIR", ATTNLAB_TEST_LOCALE_DIR, 1);
    doctest::Context context(argc, argv);
    return context.run();
}
