// cli.h — `attnlab <command> ...`: the command-line side of AttnLab, on the same core as the app.
#pragma once

namespace attn::cli {

// True when argv asks for a command-line action (a subcommand, --help, --version) rather than
// the GUI.
bool wants_cli(int argc, char** argv, bool gui_available);

// Runs the command line; returns the process exit code (0 ok, 1 runtime error, 2 usage error...).
int run_cli(int argc, char** argv, bool gui_available);

}  // namespace attn::cli
