// core_messages_table.h — the table behind localize_core_message (core_messages.cpp): each engine
// message in English with its Korean template. Internal to app/i18n.
//
// In `en`, `{}` captures any text and `{msg}` a nested message (localized in turn); in `ko`, `{1}`,
// `{2}`, ... put the captures back in order of appearance. The first match wins: put longer, more
// specific patterns before shorter ones they overlap with. To add a message: copy its English
// text from core/, replace each variable part by `{}`, and add a case to
// tests/app/test_core_messages.cpp that triggers it.
#pragma once

#include <cstddef>

namespace attn::app {

struct CoreMessagePattern {
    const char* en;
    const char* ko;
};

struct CoreMessageTable {  // in matching order
    const CoreMessagePattern* first;
    std::size_t count;
    const CoreMessagePattern* begin() const { return first; }
    const CoreMessagePattern* end() const { return first + count; }
    const CoreMessagePattern& operator[](std::size_t i) const { return first[i]; }
};

CoreMessageTable core_message_patterns();

}  // namespace attn::app
