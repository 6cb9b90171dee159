// fuzz_mo_file.cpp — translation catalogues (core/i18n/mo_file.h), as msgfmt writes them and as a
// translator's broken one might be. A refusal must say something; a catalogue read must answer
// lookups with UTF-8 text and keep its index valid (ASan sees a view into freed bytes).
#include <cstring>
#include <string>
#include <vector>

#include "core/base/utf8.h"
#include "core/i18n/mo_file.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(mo_file) {
    std::vector<std::uint8_t> bytes(data, data + size);
    auto c = attn::i18n::parse_mo(std::move(bytes), "f.mo");
    if (!c.ok()) {
        if (c.error().empty()) __builtin_trap();
        return 0;
    }
    const attn::i18n::Catalogue moved = std::move(c.value());
    for (const char* id : {"Controls", "English", "", "Pause"}) {
        if (const char* t = moved.find(id)) {
            if (!attn::validate_utf8(t).ok()) __builtin_trap();
        }
        if (const char* t = moved.find("a training run", id)) {
            if (!attn::validate_utf8(t).ok()) __builtin_trap();
        }
    }
    if (moved.size() > size) __builtin_trap();
    return 0;
}
