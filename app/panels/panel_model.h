// panel_model.h — opening pretrained models: the Model menu (open folder…, recent models, use
// built-in), the open dialog (a path field + the recent list: ImGui has no file dialog), the
// loading progress in the menu bar, and folders dropped onto the window.
//
// All of it edits AppState and the ModelSession (model_loader.h); loading runs on the loader's
// thread, so nothing here waits.
#pragma once

#include <string>
#include <vector>

#include "app/state/app_state.h"
#include "app/jobs/model_loader.h"

struct GLFWwindow;

namespace attn::app {

struct ModelPanel {
    bool dialog_open = false;
    bool dialog_just_opened = false;
    std::string path;                  // the dialog's path field
    std::vector<std::string> dropped;  // paths dropped onto the window since the last frame
};

// The "Model" menu (call between BeginMainMenuBar/EndMainMenuBar) and, while a model loads,
// its progress bar and a cancel button further right in the bar.
void draw_model_menu(ModelPanel& panel, AppState& state, ModelSession& session);
void draw_model_load_status(ModelSession& session, AppState& state);
// The open dialog (a modal; draws nothing while closed) and dropped folders: once per frame.
void draw_model_dialog(ModelPanel& panel, AppState& state, ModelSession& session);
void open_model_dialog(ModelPanel& panel);

// Sets the window's drop callback; dropped paths go to panel.dropped (panel must outlive the window's
// callbacks). Uses the window user pointer.
void install_model_drop(GLFWwindow* window, ModelPanel* panel);

// The model-facts lines shown in the controls panel and the dialog.
// `lesson_builtin`: a lesson step computes with the built-in model while a folder stays open.
void draw_model_facts(const AppState& state, const ModelSession& session, bool lesson_builtin = false);

}  // namespace attn::app
