// ime_bridge.cpp — the input-method bridge's logic (see ime_bridge.h).
#include "app/ime/ime_bridge.h"

#include <cstdio>
#include <cstring>
#include <utility>

namespace attn::app {

namespace {

void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

// `current`: the key being processed; its forwarded copy is the key itself reaching ImGui (the
// caller's business). Any other forwarded press types its text, if it has one.
void apply(ImeBridge& b, std::vector<ImeEvent> events, const ImeKey* current = nullptr) {
    for (ImeEvent& e : events) {
        switch (e.kind) {
        case ImeEvent::Kind::ForwardKey:
            if (current != nullptr && e.key.keycode == current->keycode && e.key.release == current->release) break;
            if (!e.key.release && (e.key.state & 0x0C) == 0) b.commit += keysym_text(e.key.keysym);  // not Ctrl/Alt
            break;
        case ImeEvent::Kind::Commit:
            b.commit += e.text;
            break;
        case ImeEvent::Kind::Preedit:
            b.preedit.text = std::move(e.text);
            b.preedit.cursor = e.cursor;
            b.preedit.spans = std::move(e.spans);
            b.preedit.visible = e.visible;
            break;
        case ImeEvent::Kind::HidePreedit:
            b.preedit.visible = false;
            break;
        case ImeEvent::Kind::ShowPreedit:
            b.preedit.visible = true;
            break;
        }
    }
}

void clear_preedit(ImeBridge& b) {
    b.preedit = ImePreedit{};
}

}  // namespace

bool ime_composing(const ImeBridge& b) {
    return b.preedit.visible && !b.preedit.text.empty();
}

bool ime_key(ImeBridge& b, const ImeKey& key) {
    if (!key.release) b.swallow_chars = false;
    // No text field: shortcuts and navigation go straight to ImGui, as a GTK window without a
    // focused entry never asks its input method.
    if (b.ic == nullptr || b.field == 0 || !b.context_focused) return true;
    bool used = b.ic->process_key(key);
    std::vector<ImeEvent> events = b.ic->poll();
    for (const ImeEvent& e : events) {
        if (e.kind == ImeEvent::Kind::ForwardKey && e.key.keycode == key.keycode && e.key.release == key.release)
            used = false;  // handed back: it reaches ImGui after the commits before it
    }
    apply(b, std::move(events), &key);  // commits made while deciding land before the key itself
    if (key.release) return true;  // ImGui's key-down state must end even if the press was used
    b.swallow_chars = used;
    return !used;
}

bool ime_char(const ImeBridge& b) {
    return !b.swallow_chars;
}

void ime_poll(ImeBridge& b) {
    if (b.ic != nullptr) apply(b, b.ic->poll());
}

bool ime_finish_preedit(ImeBridge& b) {
    if (b.ic == nullptr || !ime_composing(b)) return false;
    const std::string pending = b.preedit.text;
    const size_t before = b.commit.size();
    b.ic->reset();
    apply(b, b.ic->poll());
    // Engines that commit on reset (ibus-hangul) have done it; others drop the pre-edit, and the
    // user keeps what was on screen, as GTK's IBus module does for a field losing focus.
    if (b.commit.size() == before) b.commit += pending;
    clear_preedit(b);
    return true;
}

void ime_set_field(ImeBridge& b, unsigned field, const ImeRect& caret) {
    if (b.ic == nullptr) {
        b.field = field;
        return;
    }
    if (field != b.field) {
        if (b.context_focused) {
            // Clicks and keys commit before the focus moves (ime_finish_preedit, ime_key); a field
            // that changes on its own must not hand its pending text to the next one.
            const bool had = ime_composing(b);
            b.ic->focus_out();
            apply(b, b.ic->poll());
            if (had) b.commit.clear();
            clear_preedit(b);
            b.context_focused = false;
        }
        b.field = field;
        b.have_cursor = false;
    }
    if (b.field != 0 && b.window_focused && !b.context_focused) {
        b.ic->focus_in();
        apply(b, b.ic->poll());
        b.context_focused = true;
    }
    if (b.field != 0 && b.context_focused && (!b.have_cursor || !(caret == b.cursor))) {
        b.ic->set_cursor_location(caret);
        b.cursor = caret;
        b.have_cursor = true;
    }
}

void ime_window_focus(ImeBridge& b, bool focused) {
    b.window_focused = focused;
    if (b.ic == nullptr) return;
    if (!focused && b.context_focused) {
        ime_finish_preedit(b);  // the field keeps the syllable, as a GTK entry does on focus loss
        b.ic->focus_out();
        apply(b, b.ic->poll());
        clear_preedit(b);
        b.context_focused = false;
    } else if (focused && b.field != 0 && !b.context_focused) {
        b.ic->focus_in();
        apply(b, b.ic->poll());
        b.context_focused = true;
        b.have_cursor = false;
    }
}

void ImeKeyTiming::add(double ms, bool timed_out) {
    ++keys;
    sum_ms += ms;
    if (ms > max_ms) max_ms = ms;
    if (timed_out) ++timeouts;
}

std::string ImeKeyTiming::summary() const {
    char line[128];
    std::snprintf(line, sizeof line, "%d key events; ProcessKeyEvent round trip mean %.2f ms, max %.2f ms; %d timeouts",
                  keys, keys > 0 ? sum_ms / keys : 0.0, max_ms, timeouts);
    return line;
}

std::vector<ImeBackend> ime_backend_order(const char* attnlab_ime, const char* gtk_im_module,
                                          const char* qt_im_module, const char* xmodifiers) {
    if (attnlab_ime != nullptr && *attnlab_ime != '\0') {
        if (std::strcmp(attnlab_ime, "ibus") == 0) return {ImeBackend::Ibus};
        if (std::strcmp(attnlab_ime, "fcitx") == 0 || std::strcmp(attnlab_ime, "fcitx5") == 0) return {ImeBackend::Fcitx};
        if (std::strcmp(attnlab_ime, "xim") == 0) return {};
    }
    // XMODIFIERS is "@im=NAME"; the module variables are a name or a list ("fcitx:ibus" in Qt 6).
    for (const char* v : {gtk_im_module, qt_im_module, xmodifiers}) {
        const char* f = v != nullptr ? std::strstr(v, "fcitx") : nullptr;
        const char* i = v != nullptr ? std::strstr(v, "ibus") : nullptr;
        if (f != nullptr && (i == nullptr || f < i)) return {ImeBackend::Fcitx, ImeBackend::Ibus};
        if (i != nullptr) return {ImeBackend::Ibus, ImeBackend::Fcitx};
    }
    return {ImeBackend::Ibus, ImeBackend::Fcitx};
}

std::string keysym_text(std::uint32_t keysym) {
    std::string out;
    if ((keysym >= 0x20 && keysym <= 0x7E) || (keysym >= 0xA0 && keysym <= 0xFF)) {
        append_utf8(out, keysym);  // Latin-1 keysyms are their code points
    } else if ((keysym & 0xFF000000u) == 0x01000000u && (keysym & 0x00FFFFFFu) <= 0x10FFFF) {
        append_utf8(out, keysym & 0x00FFFFFFu);  // Unicode keysyms
    }
    return out;
}

size_t ime_byte_offset(const std::string& text, int cp) {
    size_t i = 0;
    for (int n = 0; i < text.size() && n < cp; ++n) {
        ++i;
        while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
    }
    return i;
}

}  // namespace attn::app
