// main.cpp — `attnlab`: one executable for the command line and the app.
//
// Subcommands (dump, ...), --help and --version go to the CLI (cli/cli.h) without touching a
// display; anything else opens the GUI. The GUI's own flags (--screenshot, --text, ...) are taken
// out before asking the CLI, so their values cannot be mistaken for subcommands. `attnlab --help`
// prints the commands, then the GUI options (app_usage).
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "cli/cli.h"
#include "cli/cli_messages.h"

#if ATTNLAB_WITH_GUI
#include "app/shell/app_options.h"
#include "app/shell/app_window.h"
#endif

int main(int argc, char** argv) {
#if ATTNLAB_WITH_GUI
    const auto start = std::chrono::steady_clock::now();
    std::vector<char*> rest = attn::app::strip_gui_flags(argc, argv);
    if (attn::cli::wants_cli(int(rest.size()), rest.data(), true)) {
        const int code = attn::cli::run_cli(argc, argv, true);
        // `attnlab --help` (not `attnlab dump --help`): the app's own options follow the commands.
        const bool top_help = rest.size() >= 2 && (std::strcmp(rest[1], "--help") == 0 || std::strcmp(rest[1], "-h") == 0);
        if (top_help && code == 0) std::printf("\n%s", attn::app::app_usage());
        return code;
    }

    auto options = attn::app::parse_app_options(argc, argv);
    if (!options) {
        // One line, not the whole usage: a mistyped command is the usual cause.
        std::string message = options.error();
        if (!message.empty() && message.back() != '.') message += '.';
        return attn::cli::fail(nullptr, message + " See attnlab --help.", attn::cli::kExitUsage);
    }
    return attn::app::run_app(*options, argc > 0 ? argv[0] : nullptr, start);
#else
    return attn::cli::run_cli(argc, argv, /*gui_available=*/false);
#endif
}
