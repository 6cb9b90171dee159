// core_messages_check.h — what the core-message tests share: a real error message must come back
// translated (Hangul, every number kept), and the fixture folders and files they break on purpose.
#pragma once

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "app/i18n/core_messages.h"
#include "core/base/status.h"
#include "core/base/utf8.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"
#include "tests/temp_dir.h"

namespace attn::app::messages_test {

namespace fs = std::filesystem;

inline bool has_hangul(const std::string& s) {
    size_t pos = 0;
    char32_t cp = 0;
    while (pos < s.size()) {
        if (!decode_utf8(s, pos, cp)) return false;
        if (cp >= 0xAC00 && cp <= 0xD7A3) return true;
    }
    return false;
}

// Runs of digits, in order: "512 tokens (1–12)" → {"512", "1", "12"}.
inline std::vector<std::string> numbers_in(const std::string& s) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (c >= '0' && c <= '9') {
            cur += c;
        } else if (!cur.empty()) {
            out.push_back(cur);
            cur.clear();
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

// The Korean for a real error message: translated, Hangul, every number of the English kept.
inline void check_translated(const std::string& english) {
    REQUIRE_MESSAGE(!english.empty(), "the call was expected to fail");
    const std::string ko = localize_core_message(english, Lang::Ko);
    INFO("English: " << english);
    INFO("Korean:  " << ko);
    CHECK_MESSAGE(ko != english, "no Korean pattern matches this message: add it to app/i18n/core_messages_<area>.cpp");
    CHECK(has_hangul(ko));
    for (const std::string& n : numbers_in(english)) CHECK_MESSAGE(ko.find(n) != std::string::npos, "lost " << n);
    CHECK(localize_core_message(english, Lang::En) == english);
}

template <typename T>
std::string error_of(const Expected<T>& e) {
    return e.ok() ? std::string() : e.error();
}

inline fs::path models_dir() { return fs::path(ATTNLAB_ASSET_DIR) / ".." / "tests" / "fixtures" / "pretrained" / "models"; }

// A fresh, empty temp folder, removed when the test case ends.
using TempDir = attn::test::TempDir;

inline void write_text(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary);
    out << text;
    REQUIRE(out.good());
}

// A safetensors file: 8-byte little-endian header length, the header, then `data_bytes` zeros.
inline void write_safetensors(const fs::path& p, const std::string& header, size_t data_bytes) {
    std::string bytes(8, '\0');
    for (int i = 0; i < 8; ++i) bytes[size_t(i)] = char((uint64_t(header.size()) >> (8 * i)) & 0xff);
    write_text(p, bytes + header + std::string(data_bytes, '\0'));
}

inline std::string open_error(const fs::path& p) { return error_of(pretrained::SafeTensorsFile::open(p.string())); }

inline std::string config_error(const std::string& json) { return error_of(pretrained::parse_model_config(json)); }

inline std::string load_error(const fs::path& folder) { return error_of(pretrained::load_pretrained_model(folder.string())); }

// parse_model_config's message for config.json text `config` with `key` set to `value`.
inline std::string config_error_with(const std::string& config, const char* key, const nlohmann::json& value) {
    auto j = nlohmann::json::parse(config);
    j[key] = value;
    return config_error(j.dump());
}

}  // namespace attn::app::messages_test
