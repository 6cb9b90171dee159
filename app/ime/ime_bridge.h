// ime_bridge.h — the input-method bridge's logic: which keys reach ImGui, the pre-edit, commits.
//
// GL-free and D-Bus-free. The input method sits behind InputContext (IBus over D-Bus in
// ibus_context.h, Fcitx 5 in fcitx_context.h; a fake in tests/app/test_ime_bridge.cpp); the GLFW glue (ime_glfw.h) calls
// these functions in event order and hands `commit` to ImGui (io.AddInputCharactersUTF8).
//
//   key press ──ime_key──▶ input method ──used──▶ (nothing reaches ImGui; its characters are dropped)
//                              │ not used ──▶ its commits first, then the key, to ImGui
//   mouse press / window focus loss / close ──▶ the pre-edit is committed into the field it was typed in
//   text field changes (ImGui's active id) ──▶ focus out / focus in, caret ──▶ candidate window
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace attn::app {

// A key event as X11 names it (IBus and Fcitx take X keysyms and modifier masks).
struct ImeKey {
    std::uint32_t keysym = 0;   // XK_a, XK_Return, XK_Hangul, …
    std::uint32_t keycode = 0;  // X keycode (GLFW's scancode on X11)
    std::uint32_t state = 0;    // X modifier mask: ShiftMask 1, LockMask 2, ControlMask 4, Mod1Mask 8, Mod4Mask 0x40
    bool release = false;
};

// A styled run of the pre-edit, in code points [start, end). IBus attribute types.
struct ImeSpan {
    enum class Kind { Underline = 1, Foreground = 2, Background = 3 };
    Kind kind = Kind::Underline;
    int start = 0, end = 0;
};

// What an input method said, in the order it said it.
struct ImeEvent {
    // ForwardKey: the input method hands a key back to the application (ibus-hangul commits the
    // syllable, then forwards the Space, digit or arrow that ended it, and answers "used").
    enum class Kind { Commit, Preedit, HidePreedit, ShowPreedit, ForwardKey };
    Kind kind = Kind::Commit;
    std::string text;  // Commit: committed UTF-8; Preedit: the whole pre-edit (may be empty)
    int cursor = 0;    // Preedit: caret inside text, in code points
    bool visible = true;
    std::vector<ImeSpan> spans;
    ImeKey key;  // ForwardKey
};

struct ImeRect {
    int x = 0, y = 0, w = 0, h = 0;  // screen pixels
    bool operator==(const ImeRect& o) const { return x == o.x && y == o.y && w == o.w && h == o.h; }
};

// ProcessKeyEvent round trips, for the debug log (the IBus test prints them).
struct ImeKeyTiming {
    int keys = 0, timeouts = 0;
    double sum_ms = 0.0, max_ms = 0.0;
    void add(double ms, bool timed_out);
    std::string summary() const;  // "N key events; … round trip mean M ms, max X ms; T timeouts"
};

// One input context of an input method for our window.
struct InputContext {
    virtual ~InputContext() = default;
    // true: the input method used the key. What it emitted while deciding comes out of poll(),
    // before the answer is acted on (a syllable committed by Enter precedes the Enter).
    virtual bool process_key(const ImeKey& key) = 0;
    virtual void focus_in() = 0;
    virtual void focus_out() = 0;
    virtual void reset() = 0;
    virtual void set_cursor_location(const ImeRect& caret) = 0;
    virtual std::vector<ImeEvent> poll() = 0;  // events received so far; never blocks
    virtual std::string timing() const { return {}; }  // ImeKeyTiming::summary()
};

// Which input-method framework to try first, as GTK and Qt choose their input module: ATTNLAB_IME
// (ibus, fcitx, xim) decides; else GTK_IM_MODULE, then QT_IM_MODULE, then XMODIFIERS' @im=NAME,
// the first of them that names ibus or fcitx; else IBus (Debian's GNOME default). The other
// framework is tried when the first is not running, except with ATTNLAB_IME set. Null: unset.
enum class ImeBackend { Ibus, Fcitx };
std::vector<ImeBackend> ime_backend_order(const char* attnlab_ime, const char* gtk_im_module,
                                          const char* qt_im_module, const char* xmodifiers);

struct ImePreedit {
    std::string text;  // UTF-8; shown only when `visible` and not empty
    int cursor = 0;    // code points
    std::vector<ImeSpan> spans;
    bool visible = false;
};

struct ImeBridge {
    InputContext* ic = nullptr;  // not owned; null: no input method, every key and character passes
    bool window_focused = true;
    unsigned field = 0;          // the focused text field (ImGui id); 0: none, keys bypass the input method
    bool context_focused = false;  // focus_in sent and not yet undone
    ImePreedit preedit;
    bool swallow_chars = false;  // the last key press was used by the input method: drop its characters
    bool have_cursor = false;
    ImeRect cursor;              // last caret sent to the input method
    std::string commit;          // text for the focused field, taken by the glue after every call
};

// A key event; true when ImGui should see it.
bool ime_key(ImeBridge& b, const ImeKey& key);
// A character the window system made from the last key press; true when ImGui should see it.
bool ime_char(const ImeBridge& b);
// Once a frame: what the input method said on its own (timers, candidate clicks).
void ime_poll(ImeBridge& b);
// After a frame is drawn: the focused text field (0: none) and its caret on the screen.
void ime_set_field(ImeBridge& b, unsigned field, const ImeRect& caret);
void ime_window_focus(ImeBridge& b, bool focused);
// Before a mouse press or closing the window: commits the pre-edit into the field it was typed
// in. true when there was one (the glue then holds the press or the close back one frame so the
// text reaches that field first).
bool ime_finish_preedit(ImeBridge& b);
bool ime_composing(const ImeBridge& b);
// The text a keysym types (Latin-1 and Unicode keysyms), or "" for keys that type nothing.
std::string keysym_text(std::uint32_t keysym);
// The pre-edit's code point `cp` as a byte offset into its text.
size_t ime_byte_offset(const std::string& text, int cp);

}  // namespace attn::app
