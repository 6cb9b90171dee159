// main.cpp — entry point: the command line for now; the GUI joins here.
#include "cli/cli.h"

int main(int argc, char** argv) {
    return attn::cli::run_cli(argc, argv, /*gui_available=*/false);
}
