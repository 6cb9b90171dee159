// ime_glfw.cpp — the input-method bridge in the window (see ime_glfw.h).
//
// GLFW callbacks have no room for our state beyond the window's user pointer (the model panel's
// drop handler owns it), so the one window's bridge lives in this file's `g_ime`.
#include "app/ime/ime_glfw.h"

#include <GLFW/glfw3.h>
#include <X11/XKBlib.h>
#include <backends/imgui_impl_glfw.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "app/ime/fcitx_context.h"
#include "app/ime/ibus_context.h"
#include "app/ime/ime_bridge.h"

// GLFW's X11 native access, declared here: <GLFW/glfw3native.h> wants the XRandR headers too.
extern "C" Display* glfwGetX11Display(void);

namespace attn::app {

namespace {

struct ImeWindow {
    std::unique_ptr<InputContext> ic;  // IBus or Fcitx 5
    ImeBridge bridge;
    bool debug = false;
    int held_button = -1;  // a press held back: frame 1 hidden from ImGui, frame 2 shown
    int held_stage = 0;
    bool close_pending = false;
};

ImeWindow* g_ime = nullptr;

void debug_line(const char* what, const std::string& text = {}) {
    if (g_ime != nullptr && g_ime->debug) std::fprintf(stderr, "attnlab ime: %s%s\n", what, text.c_str());
}

void flush_commit() {
    if (g_ime->bridge.commit.empty()) return;
    debug_line("commit ", g_ime->bridge.commit);
    ImGui::GetIO().AddInputCharactersUTF8(g_ime->bridge.commit.c_str());
    g_ime->bridge.commit.clear();
}

std::uint32_t x_state(int mods) {
    std::uint32_t s = 0;
    if (mods & GLFW_MOD_SHIFT) s |= 1u;     // ShiftMask
    if (mods & GLFW_MOD_CONTROL) s |= 4u;   // ControlMask
    if (mods & GLFW_MOD_ALT) s |= 8u;       // Mod1Mask
    if (mods & GLFW_MOD_SUPER) s |= 0x40u;  // Mod4Mask
    return s;
}

void on_key(GLFWwindow* window, int key, int scancode, int action, int mods) {
    if (g_ime->ic != nullptr && scancode > 0) {
        ImeKey k;
        k.keycode = std::uint32_t(scancode);  // GLFW's scancode on X11 is the X keycode
        k.keysym = std::uint32_t(XkbKeycodeToKeysym(glfwGetX11Display(), KeyCode(scancode), 0, (mods & GLFW_MOD_SHIFT) ? 1 : 0));
        k.state = x_state(mods);
        k.release = action == GLFW_RELEASE;
        const bool pass = ime_key(g_ime->bridge, k);
        if (g_ime->debug && !k.release) std::fprintf(stderr, "attnlab ime: key 0x%x %s\n", k.keysym, pass ? "to ImGui" : "used");
        flush_commit();  // before the key: Enter / Left / Tab act after the committed syllable
        if (!pass) return;
    }
    ImGui_ImplGlfw_KeyCallback(window, key, scancode, action, mods);
}

void on_char(GLFWwindow* window, unsigned int c) {
    if (g_ime->debug) std::fprintf(stderr, "attnlab ime: char U+%04X%s\n", c, ime_char(g_ime->bridge) ? "" : " dropped");
    if (g_ime->ic != nullptr && !ime_char(g_ime->bridge)) return;
    ImGui_ImplGlfw_CharCallback(window, c);
}

void on_mouse_button(GLFWwindow* window, int button, int action, int mods) {
    if (action == GLFW_PRESS && ime_finish_preedit(g_ime->bridge)) {
        flush_commit();
        g_ime->held_button = button;  // the text lands in its field this frame, the click the next
        g_ime->held_stage = 2;
    }
    ImGui_ImplGlfw_MouseButtonCallback(window, button, action, mods);
}

void on_focus(GLFWwindow* window, int focused) {
    ime_window_focus(g_ime->bridge, focused != 0);
    flush_commit();
    ImGui_ImplGlfw_WindowFocusCallback(window, focused);
}

void on_close(GLFWwindow* window) {
    if (ime_finish_preedit(g_ime->bridge)) {  // one more frame so the field takes the syllable
        flush_commit();
        glfwSetWindowShouldClose(window, GLFW_FALSE);
        g_ime->close_pending = true;
    }
}

// The focused field's frame on the screen: ImGui keeps the navigated item's rectangle (relative
// to its window's content start) up to date every frame, and a clicked or tabbed-to text field is that item.
// false when the field is not the navigated item (then the pre-edit is drawn over the text).
bool field_frame(unsigned field, ImRect* out) {
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    if (g.NavId != field || !g.NavIdIsAlive || g.NavWindow == nullptr) return false;
    *out = ImGui::WindowRectRelToAbs(g.NavWindow, g.NavWindow->NavRectRel[g.NavLayer]);
    return out->GetWidth() > 0.0f && out->GetHeight() > 0.0f;
}

// The field's text after the caret up to the end of its line (UTF-8), from ImGui's edit buffer.
std::string text_after_caret() {
    const ImGuiInputTextState& st = ImGui::GetCurrentContext()->InputTextState;
    int end = st.Stb.cursor;
    while (end < st.CurLenW && end < st.TextW.Size && st.TextW[end] != '\n') ++end;
    if (end <= st.Stb.cursor) return {};
    std::string out(size_t(end - st.Stb.cursor) * 4 + 1, '\0');
    const int n = ImTextStrToUtf8(out.data(), int(out.size()), st.TextW.Data + st.Stb.cursor, st.TextW.Data + end);
    out.resize(size_t(n));
    return out;
}

// ImGui's horizontal scroll rule for a single-line field (InputTextEx, 1.86: once the caret passes
// the visible width, scroll so it sits a quarter of the field's width inside), applied to the end of
// the pre-edit as if it were the caret: composing at the end of a long sentence scrolls the field
// as typing a character there would. The caret itself (where the pre-edit starts) stays visible.
// Changes what ImGui draws from the next frame on; ImGui's own rule then agrees after the commit.
void scroll_to_preedit(ImGuiInputTextState& st, const ImRect& frame, float caret_x, float preedit_w) {
    const float pad = ImGui::GetStyle().FramePadding.x;
    const float caret = caret_x - (frame.Min.x + pad) + st.ScrollX;  // the caret's offset in the text
    const float end = caret + preedit_w;
    const float visible = frame.GetWidth() - pad;
    if (end - visible < st.ScrollX) return;
    st.ScrollX = IM_FLOOR(ImMin(end - visible + frame.GetWidth() * 0.25f, caret));
}

// The pre-edit inline at the caret, underlined, as a GTK entry shows it: the text after the caret
// moves right to make room (drawn again on the field's own background). Everything is clipped to
// the field's inside, as ImGui clips its text. `frame`: the field's rectangle, or nullptr when
// unknown (the pre-edit then covers what follows, unclipped).
void draw_preedit(const ImePreedit& p, ImVec2 at, float font_size, const ImRect* frame) {
    ImDrawList* dl = ImGui::GetForegroundDrawList();
    ImFont* font = ImGui::GetFont();
    const char* begin = p.text.c_str();
    const char* end = begin + p.text.size();
    const ImVec2 size = font->CalcTextSizeA(font_size, FLT_MAX, 0.0f, begin, end);
    const ImGuiStyle& style = ImGui::GetStyle();
    // InputText's frame (FrameBg) over the window's background (WindowBg, opaque in our style).
    const ImVec4 bg = style.Colors[ImGuiCol_WindowBg], fr = style.Colors[ImGuiCol_FrameBg];
    const ImVec4 field(bg.x + (fr.x - bg.x) * fr.w, bg.y + (fr.y - bg.y) * fr.w, bg.z + (fr.z - bg.z) * fr.w, 1.0f);
    const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
    if (frame != nullptr) {
        // The field's inside: its border stays as ImGui drew it.
        const ImVec2 clip_min(frame->Min.x + 1.0f, frame->Min.y), clip_max(frame->Max.x - 1.0f, frame->Max.y - 1.0f);
        dl->PushClipRect(clip_min, clip_max, true);
        dl->AddRectFilled(at, ImVec2(clip_max.x, at.y + font_size), ImGui::GetColorU32(field));
        const std::string rest = text_after_caret();
        if (!rest.empty()) dl->AddText(font, font_size, ImVec2(at.x + size.x, at.y), text_col, rest.c_str(), rest.c_str() + rest.size());
    }
    dl->AddRectFilled(at, ImVec2(at.x + size.x + 1.0f, at.y + font_size), ImGui::GetColorU32(field));
    auto x_of = [&](int cp) { return at.x + font->CalcTextSizeA(font_size, FLT_MAX, 0.0f, begin, begin + ime_byte_offset(p.text, cp)).x; };
    for (const ImeSpan& s : p.spans) {  // highlighted runs (the segment being converted)
        if (s.kind == ImeSpan::Kind::Background)
            dl->AddRectFilled(ImVec2(x_of(s.start), at.y), ImVec2(x_of(s.end), at.y + font_size),
                              ImGui::GetColorU32(ImGuiCol_TextSelectedBg));
    }
    dl->AddText(font, font_size, at, text_col, begin, end);
    const float y = at.y + font_size - 1.0f;
    dl->AddLine(ImVec2(at.x, y), ImVec2(at.x + size.x, y), text_col, 1.0f);
    for (const ImeSpan& s : p.spans) {  // a thicker line under explicitly underlined runs
        if (s.kind == ImeSpan::Kind::Underline && s.end > s.start)
            dl->AddLine(ImVec2(x_of(s.start), y), ImVec2(x_of(s.end), y), text_col, 2.0f);
    }
    if (p.cursor > 0 && ime_byte_offset(p.text, p.cursor) < p.text.size()) {  // a caret inside the pre-edit
        const float cx = x_of(p.cursor);
        dl->AddLine(ImVec2(cx, at.y), ImVec2(cx, at.y + font_size - 1.0f), text_col, 1.0f);
    }
    if (frame != nullptr) dl->PopClipRect();
}

}  // namespace

bool ime_start_before_glfw() {
    const char* display = std::getenv("DISPLAY");
    const char* mode = std::getenv("ATTNLAB_IME");
    const char* debug = std::getenv("ATTNLAB_IME_DEBUG");
    g_ime = new ImeWindow;
    g_ime->debug = debug != nullptr && std::strcmp(debug, "1") == 0;
    const std::vector<ImeBackend> order =
        ime_backend_order(mode, std::getenv("GTK_IM_MODULE"), std::getenv("QT_IM_MODULE"), std::getenv("XMODIFIERS"));
    if (display == nullptr || *display == '\0' || order.empty()) {
        debug_line("off: no display or ATTNLAB_IME=xim; GLFW's XIM as before");
        return false;
    }
    const char* name = "";
    for (ImeBackend backend : order) {
        std::string why;
        if (backend == ImeBackend::Ibus) {
            g_ime->ic = IbusContext::connect(display, &why);
            name = "IBus";
        } else {
            g_ime->ic = FcitxContext::connect(&why);
            name = "Fcitx 5";
        }
        if (g_ime->ic != nullptr) break;
        debug_line(backend == ImeBackend::Ibus ? "no IBus (" : "no Fcitx 5 (", why + ")");
    }
    if (g_ime->ic == nullptr) {
        debug_line("no input method over D-Bus; GLFW's XIM as before");
        return false;
    }
    g_ime->bridge.ic = g_ime->ic.get();
    setenv("XMODIFIERS", "@im=none", 1);  // GLFW's XIM must not see the keys a second time
    debug_line(name, std::string(" input context ready; XMODIFIERS=@im=none"));
    return true;
}

void ime_init_for_window(GLFWwindow* window) {
    if (g_ime == nullptr) g_ime = new ImeWindow;
    ImGui_ImplGlfw_InitForOpenGL(window, /*install_callbacks=*/false);
    glfwSetKeyCallback(window, on_key);
    glfwSetCharCallback(window, on_char);
    glfwSetMouseButtonCallback(window, on_mouse_button);
    glfwSetWindowFocusCallback(window, on_focus);
    glfwSetScrollCallback(window, ImGui_ImplGlfw_ScrollCallback);
    glfwSetCursorEnterCallback(window, ImGui_ImplGlfw_CursorEnterCallback);
    glfwSetMonitorCallback(ImGui_ImplGlfw_MonitorCallback);
    glfwSetWindowCloseCallback(window, on_close);
}

void ime_new_frame() {
    if (g_ime == nullptr || g_ime->held_stage == 0) return;
    ImGui::GetIO().MouseDown[g_ime->held_button] = g_ime->held_stage == 1;
    --g_ime->held_stage;
}

void ime_end_frame(GLFWwindow* window) {
    if (g_ime == nullptr) return;
    ImeBridge& b = g_ime->bridge;
    if (g_ime->ic == nullptr) return;
    ime_poll(b);
    flush_commit();
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    const unsigned field = (g.ActiveId != 0 && g.ActiveId == g.InputTextState.ID) ? g.ActiveId : 0u;
    const float font_size = ImGui::GetFontSize();
    const ImVec2 at(g.PlatformImePos.x + 1.0f, g.PlatformImePos.y);  // ImGui puts it 1 px left of the caret
    ImRect frame;
    const bool known = field != 0 && at.x < FLT_MAX / 2 && field_frame(field, &frame) &&
                       frame.Contains(ImVec2(at.x, at.y + 1.0f));
    int wx = 0, wy = 0;
    glfwGetWindowPos(window, &wx, &wy);
    // The candidate window at the caret, kept inside the field (the caret can sit on its right edge).
    const float caret_x = known ? ImClamp(at.x, frame.Min.x, frame.Max.x - 1.0f) : at.x;
    const ImeRect caret{wx + int(caret_x), wy + int(at.y), 1, int(font_size + 0.5f)};
    if (field != b.field && g_ime->debug) {
        char line[96];
        std::snprintf(line, sizeof line, "%u at %d,%d (window %d,%d)", field, int(at.x), int(at.y), wx, wy);
        debug_line("field ", line);
    }
    ime_set_field(b, field, caret);
    flush_commit();
    if (field != 0 && ime_composing(b) && at.x < FLT_MAX / 2) {
        draw_preedit(b.preedit, at, font_size, known ? &frame : nullptr);
        ImGuiInputTextState& st = ImGui::GetCurrentContext()->InputTextState;
        if (known && !(st.Flags & (ImGuiInputTextFlags_Multiline | ImGuiInputTextFlags_NoHorizontalScroll))) {
            const char* text = b.preedit.text.c_str();
            const float w = ImGui::GetFont()->CalcTextSizeA(font_size, FLT_MAX, 0.0f, text, text + b.preedit.text.size()).x;
            scroll_to_preedit(st, frame, at.x, w);
        }
    }
    if (g_ime->close_pending) {
        glfwSetWindowShouldClose(window, GLFW_TRUE);
        g_ime->close_pending = false;
    }
}

std::string_view ime_preedit_text() {
    if (g_ime == nullptr || !ime_composing(g_ime->bridge)) return {};
    return g_ime->bridge.preedit.text;
}

void ime_shutdown() {
    if (g_ime == nullptr) return;
    if (g_ime->ic != nullptr && g_ime->debug) std::fprintf(stderr, "attnlab ime: %s\n", g_ime->ic->timing().c_str());
    delete g_ime;
    g_ime = nullptr;
}

}  // namespace attn::app
