// ime_glfw.h — the input-method bridge in the window: GLFW callbacks, ImGui, and the pre-edit at the caret.
//
// With an input method reachable over D-Bus (IBus or Fcitx 5), every key goes to it first and only the keys it
// did not use reach ImGui; its commits go into the focused field; its pre-edit is drawn inline at
// the caret and its candidate window placed there. Without one, GLFW's XIM path is left as it was.
// Every ImGui text field gets this: it works at the level of GLFW's events and ImGui's io.
#pragma once

#include <string_view>

struct GLFWwindow;

namespace attn::app {

// Before glfwInit: connects to IBus for $DISPLAY or to Fcitx 5 on the session bus, in the order
// ime_backend_order gives (ATTNLAB_IME=ibus|fcitx|xim forces one or none), and, when connected, turns
// GLFW's XIM off for the process (XMODIFIERS=@im=none) so no key is handled twice. true: active.
// ATTNLAB_IME_DEBUG=1 prints what the bridge does to stderr (the IBus test reads it).
bool ime_start_before_glfw();
// Instead of ImGui_ImplGlfw_InitForOpenGL(window, true): ImGui's backend without its callbacks,
// then ours, which forward to ImGui's.
void ime_init_for_window(GLFWwindow* window);
// After ImGui_ImplGlfw_NewFrame: a mouse press held back one frame while a pre-edit was committed.
void ime_new_frame();
// After the panels, before ImGui::Render: the focused field and caret, the pre-edit overlay.
void ime_end_frame(GLFWwindow* window);
// The pre-edit being drawn ("" when none): its characters may need glyphs (app/shell/fonts.h).
std::string_view ime_preedit_text();
void ime_shutdown();

}  // namespace attn::app
