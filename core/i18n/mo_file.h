// mo_file.h — a compiled gettext catalogue (.mo, as msgfmt writes it), read into memory.
//
// The format (GNU gettext manual, "The Format of GNU MO Files"): a header of 32-bit words
//   magic 0x950412de (in the file's byte order) · revision · N · offset of the originals' table ·
//   offset of the translations' table · hash table size · hash table offset
// then two tables of N (length, offset) pairs pointing at NUL-terminated strings. An original is
// "context\x04msgid" when the message has a context; the empty msgid's translation is the header
// ("Language: ko\n", "Content-Type: text/plain; charset=UTF-8\n", ...). msgfmt leaves fuzzy and
// untranslated messages out. We look messages up in our own index and ignore the hash table and
// revision 1's system-dependent strings (AttnLab's messages have none).
//
// A catalogue is a file a translator may have made: every offset is checked against the file's
// size, every translation must be UTF-8, and a refusal says which check failed
// (tests/fuzz/fuzz_mo_file.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/base/status.h"

namespace attn::i18n {

inline constexpr std::size_t kMaxCatalogueBytes = std::size_t(16) << 20;  // ours is ~0.3 MiB

class Catalogue {
public:
    // The translation of msgid (in `context`, or none when context is empty), or null when the
    // catalogue does not translate it. The pointer lives as long as the catalogue.
    const char* find(std::string_view context, std::string_view msgid) const;
    const char* find(std::string_view msgid) const { return find({}, msgid); }

    std::size_t size() const { return index_.size(); }         // translated messages, header excluded
    const std::string& language() const { return language_; }  // the header's "Language:", e.g. "ko"

private:
    friend Expected<Catalogue> parse_mo(std::vector<std::uint8_t> bytes, std::string_view name);
    std::vector<std::uint8_t> bytes_;  // the file; index_ points into it (a moved vector keeps its buffer)
    std::unordered_map<std::string_view, const char*> index_;  // "ctx\x04msgid" or "msgid" → msgstr
    std::string language_;
};

// Parses a .mo file's bytes; `name` (a path) is quoted in the error.
Expected<Catalogue> parse_mo(std::vector<std::uint8_t> bytes, std::string_view name);

// Reads and parses a .mo file (at most kMaxCatalogueBytes).
Expected<Catalogue> read_mo(const std::filesystem::path& path);

}  // namespace attn::i18n
