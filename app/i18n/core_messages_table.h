// core_messages_table.h — the patterns behind localize_core_message (core_messages.cpp): each engine
// message in English, in matching order. Internal to app/i18n.
//
// In a pattern, `{}` captures any text and `{msg}` a nested message (localized in turn). Its
// translation (po/<code>.po, msgid = the pattern) puts the captures back with `{1}`, `{2}`, ... in
// order of appearance. The first match wins: put longer, more specific patterns before shorter ones
// they overlap with. To add a message: copy its English text from core/, replace each variable part
// by `{}`, mark it N_(), add a case to tests/app/test_core_messages.cpp that triggers it, and
// translate it (tools/update-po.sh; po/README.md).
#pragma once

#include <cstddef>

#include "core/i18n/marks.h"

namespace attn::app {

struct CoreMessageTable {  // English patterns, in matching order
    const char* const* first;
    std::size_t count;
    const char* const* begin() const { return first; }
    const char* const* end() const { return first + count; }
    const char* operator[](std::size_t i) const { return first[i]; }
};

CoreMessageTable core_message_patterns();

}  // namespace attn::app
