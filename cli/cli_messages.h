// cli_messages.h — how every `attnlab` command ends: its exit code and its one-line message.
//
// Exit codes (printed by --help and listed in README.md):
//   0  ok
//   1  bad input: an option's value, the text, a model folder or file AttnLab refuses
//   2  usage: an unknown command or option, a missing required option
//   3  I/O error: the output could not be written (folder missing, disk full, standard output closed)
#pragma once

#include <string>
#include <string_view>

namespace attn::cli {

enum ExitCode : int { kExitOk = 0, kExitBadInput = 1, kExitUsage = 2, kExitIo = 3 };

// The exit-code table as --help shows it.
const char* exit_codes_help();

// A message made safe to print as one line: newlines become spaces, invalid bytes and control
// characters are escaped (\xff), a run of more than 20 digits and any word longer than 120
// characters are shortened with "...".
std::string one_line(std::string_view message);

// Prints "attnlab <command>: <message>" (one line) on stderr and returns `code`.
int fail(const char* command, std::string_view message, int code);

}  // namespace attn::cli
