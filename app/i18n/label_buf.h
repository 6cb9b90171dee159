// label_buf.h — "translated text###stable-id" labels for ImGui widgets, built without ImGui, so panel
// state (a member LabelBuf) stays GL-free.
#pragma once

#include <cstdio>

#include "app/i18n/ui_text.h"

namespace attn::app {

// Builds "translated text###stable-id" so widget ids survive a language switch. One buffer per
// panel: each label is consumed by the ImGui call it is passed to before the next is built.
struct LabelBuf {
    char text[320] = {};
    const char* operator()(Lang lang, Txt id, const char* stable_id) {
        std::snprintf(text, sizeof(text), "%s###%s", tr(lang, id), stable_id);
        return text;
    }
};

}  // namespace attn::app
