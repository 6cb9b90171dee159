// cli_messages.h — how every `attnlab` command ends: its exit code and its one-line message.
//
// Exit codes (printed by --help and listed in README.md):
//   0  ok
//   1  bad input: an option's value (whether CLI11 or the command refuses it), options that do
//      not go together, the text, a model folder or file AttnLab refuses; the same for every command
//   2  usage: an unknown command or option, a required option missing (or its value)
//   3  I/O error: the output could not be written (folder missing, disk full, standard output closed)
//   141  standard output's reader went away (`attnlab dump -o - | head`): not an error, so
//        nothing is printed; 128 + SIGPIPE, the status a shell reports for any Unix tool whose
//        pipe was closed (`seq 100000 | head -1`), so `set -o pipefail` scripts see the same.
#pragma once

#include <string>
#include <string_view>

namespace attn::cli {

enum ExitCode : int { kExitOk = 0, kExitBadInput = 1, kExitUsage = 2, kExitIo = 3, kExitClosedPipe = 141 };

// The exit-code table as --help shows it.
const char* exit_codes_help();

// A message made safe to print as one line: newlines become spaces, invalid bytes and control
// characters are escaped (\xff), a run of more than 20 digits and any word longer than 120
// characters are shortened with "...".
std::string one_line(std::string_view message);

// Prints "attnlab <command>: <message>" (one line) on stderr and returns `code`.
int fail(const char* command, std::string_view message, int code);

// True when standard output is a pipe (or socket) whose reading end has been closed.
bool stdout_reader_gone();

// A write to `path` failed with `message`. When `path` is standard output ("-") and its reader
// has gone, ends quietly: returns kExitClosedPipe and prints nothing. Otherwise as
// fail(command, message, kExitIo).
int fail_output(const char* command, const std::string& path, std::string_view message);

}  // namespace attn::cli
