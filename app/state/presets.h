// presets.h — the example sentences offered in the controls panel (GL-free).
//
// File format (assets/presets.txt): UTF-8, one sentence per line; lines whose first non-blank
// character is '#' are comments; blank lines are skipped; surrounding spaces, a trailing '\r'
// (CRLF files) and a leading UTF-8 byte-order mark are removed.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace attn::app {

struct PresetList {
    std::vector<std::string> sentences;
    std::string error;  // empty = loaded from the file; otherwise why the built-in list is shown
};

std::vector<std::string> parse_presets(std::string_view content);

// Reads `path`. A missing, unreadable or empty file gives builtin_presets() plus an error message.
PresetList load_presets(const std::filesystem::path& path);

// The fallback list (English and Korean) when the file cannot be used.
std::vector<std::string> builtin_presets();

}  // namespace attn::app
