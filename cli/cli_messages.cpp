// cli_messages.cpp — how every `attnlab` command ends: its exit code and its one-line message
// (implementation; the interface and its contract are in cli_messages.h)
#include "cli/cli_messages.h"

#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <iostream>

#include "core/base/utf8.h"

namespace attn::cli {

const char* exit_codes_help() {
    return "Exit codes: 0 ok, 1 bad input (an option's value, options that do not go together, the text, a model "
           "folder or file), 2 usage (unknown command or option, a required option missing), 3 I/O error (the "
           "output could not be written), "
           "141 standard output's reader went away (as `| head`: not an error, nothing printed).";
}

// One word (no spaces) shortened: long digit runs first, then the whole word.
static std::string shorten_word(std::string_view word) {
    std::string out;
    for (size_t i = 0; i < word.size();) {
        if (std::isdigit(static_cast<unsigned char>(word[i]))) {
            size_t j = i;
            while (j < word.size() && std::isdigit(static_cast<unsigned char>(word[j]))) ++j;
            if (j - i > 20) {
                out.append(word.substr(i, 12));
                out += "...(" + std::to_string(j - i) + " digits)";
            } else {
                out.append(word.substr(i, j - i));
            }
            i = j;
        } else {
            out += word[i++];
        }
    }
    return printable_input(out, 120);
}

std::string one_line(std::string_view message) {
    std::string out;
    size_t i = 0;
    while (i < message.size()) {
        const char c = message[i];
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
            if (!out.empty() && out.back() != ' ') out += ' ';
            ++i;
            continue;
        }
        size_t j = i;
        while (j < message.size() && message[j] != ' ' && message[j] != '\n' && message[j] != '\r' && message[j] != '\t') ++j;
        out += shorten_word(message.substr(i, j - i));
        i = j;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return printable_input(out, 400);  // already escaped: this only caps the length
}

int fail(const char* command, std::string_view message, int code) {
    std::cerr << "attnlab" << (command && *command ? std::string(" ") + command : std::string()) << ": "
              << one_line(message) << "\n";
    std::cerr.flush();
    return code;
}

bool stdout_reader_gone() {
    struct stat st {};
    if (::fstat(STDOUT_FILENO, &st) != 0 || !(S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode))) return false;
    // poll(2): the write end of a pipe whose read end is closed reports POLLERR; a socket whose
    // peer has gone, POLLHUP. Timeout 0: only asks.
    pollfd p{STDOUT_FILENO, POLLOUT, 0};
    return ::poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP)) != 0;
}

int fail_output(const char* command, const std::string& path, std::string_view message) {
    if (path == "-" && stdout_reader_gone()) return kExitClosedPipe;
    return fail(command, message, kExitIo);
}

}  // namespace attn::cli
