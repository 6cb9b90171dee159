// core_messages_table.cpp — the engine's messages as English patterns: the four
// parts (core_messages_engine.cpp, _models.cpp, _text.cpp, _sound.cpp) joined in matching order.
#include "app/i18n/core_messages_table.h"

#include <vector>

namespace attn::app {

CoreMessageTable core_messages_engine();
CoreMessageTable core_messages_models();
CoreMessageTable core_messages_text();
CoreMessageTable core_messages_sound();

CoreMessageTable core_message_patterns() {
    static const std::vector<const char*> all = [] {
        std::vector<const char*> v;
        for (const CoreMessageTable& part :
             {core_messages_engine(), core_messages_models(), core_messages_text(), core_messages_sound()})
            v.insert(v.end(), part.begin(), part.end());
        return v;
    }();
    return {all.data(), all.size()};
}

}  // namespace attn::app
