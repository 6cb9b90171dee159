// app_menus.cpp — the main menu bar (File, Model, View, Help) and the keyboard shortcuts
// (Ctrl+1..9 views, Ctrl+E export, F5 / Esc presentation, PageUp / PageDown layers)
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/shell/app_frame.h"
#include "app/state/views.h"
#include "app/views/predict/tree_export.h"
#include "app/widgets/ui_widgets.h"
#include "attnlab_version.h"
#include "core/attention/row_kernels.h"
#include "core/train/image_data.h"

namespace attn::app {

// Ctrl+1 … Ctrl+9 switch views (GLFW key codes: Dear ImGui 1.86 indexes KeysDown by them).
// File ▸ Export and Ctrl+E: the Train view exports its own figure (curves and probe, from the
// panel's run, not from the sentence's trace), the Lens view its table, the Predict view its beam tree
// when one is shown; every other view opens the export dialog.
void open_export_for_view(App& app) {
    if (app.state.view == View::Train && train::is_image_task(app.train.settings.task)) vit_train_open_export(app.train.vit);
    else if (app.state.view == View::Train) train_panel_open_export(app.train);
    else if (app.state.view == View::Lens) lens_panel_open_export(app.lens);
    else if (app.state.view == View::Predict && predict_has_tree(app.predict)) app.predict.tree_export.request = true;
    else open_export_panel(app.exporter);
}

void handle_shortcuts(App& app) {
    const ImGuiIO& io = ImGui::GetIO();
    // A dialog open (last frame's popups) takes the arrows and Esc: Esc closes it, not the lesson.
    const bool dialog = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
    const bool lesson_keys = !dialog && handle_lesson_keys(app.lesson, app.state);  // before Esc leaves presentation
    if (ImGui::IsKeyPressed(GLFW_KEY_F5, false)) app.state.presentation = !app.state.presentation;
    if (!dialog && app.state.presentation && ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) app.state.presentation = false;
    if (app.view.trace && !io.WantTextInput && !lesson_keys) {  // PageUp / PageDown: previous / next layer
        const int layers = int(app.view.trace->layers.size());
        if (ImGui::IsKeyPressed(GLFW_KEY_PAGE_UP)) app.state.layer = std::max(app.state.layer - 1, 0);
        if (ImGui::IsKeyPressed(GLFW_KEY_PAGE_DOWN)) app.state.layer = std::min(app.state.layer + 1, std::max(layers - 1, 0));
    }
    if (!io.KeyCtrl) return;
    if (ImGui::IsKeyPressed(GLFW_KEY_E, false)) open_export_for_view(app);
    for (int k = 0; k < kViewCount; ++k) {
        const int digit = view_shortcut_digit(k);
        if (digit >= 0 && io.KeyShift == view_shortcut_shift(k) && ImGui::IsKeyPressed(GLFW_KEY_0 + digit, false))
            app.state.view = kViews[k];
    }
}

// The main menu bar; returns its height.
float draw_main_menu(App& app) {
    const Lang lang = app.state.lang;
    float height = 0.0f;
    if (ImGui::BeginMainMenuBar()) {
        char label[128];
        std::snprintf(label, sizeof(label), "%s###menu_file", tr(lang, Txt::MenuFile));
        if (ImGui::BeginMenu(label)) {
            std::snprintf(label, sizeof(label), "%s###menu_export", tr(lang, Txt::MenuExport));
            if (ImGui::MenuItem(label, "Ctrl+E", false, app.view.trace != nullptr || app.state.view == View::Train ||
                                                        app.state.view == View::Lens))
                open_export_for_view(app);
            std::snprintf(label, sizeof(label), "%s###menu_open_image", tr(lang, Txt::MenuOpenImage));
            if (ImGui::MenuItem(label)) open_image_dialog(app.image_dialog);
            std::snprintf(label, sizeof(label), "%s###menu_open_audio", tr(lang, Txt::MenuOpenAudio));
            if (ImGui::MenuItem(label)) open_audio_dialog(app.audio_dialog);
            ImGui::Separator();
            draw_lesson_menu_items(app.lesson, app.state);
            ImGui::EndMenu();
        }
        draw_model_menu(app.model_panel, app.state, app.models);
        std::snprintf(label, sizeof(label), "%s###menu_view", tr(lang, Txt::MenuView));
        if (ImGui::BeginMenu(label)) {
            for (int k = 0; k < kViewCount; ++k) {
                std::snprintf(label, sizeof(label), "%s###view%d", tr(lang, view_title(kViews[k])), k);
                if (ImGui::MenuItem(label, view_shortcut_text(k), app.state.view == kViews[k])) app.state.view = kViews[k];
            }
            ImGui::Separator();
            std::snprintf(label, sizeof(label), "%s###menu_controls", tr(lang, Txt::MenuControls));
            ImGui::MenuItem(label, nullptr, &app.state.show_controls, !app.state.presentation);
            std::snprintf(label, sizeof(label), "%s###menu_presentation", tr(lang, Txt::MenuPresentation));
            ImGui::MenuItem(label, "F5", &app.state.presentation);
            std::snprintf(label, sizeof(label), "%s###menu_scale", tr(lang, Txt::MenuUiScale));
            ImGui::SetNextItemWidth(160.0f);
            ImGui::SliderFloat(label, &app.state.ui_scale, kMinUiScale, kMaxUiScale, "%.2f×", ImGuiSliderFlags_AlwaysClamp);
            item_tooltip(tr(lang, Txt::MenuUiScaleTip));
            ImGui::EndMenu();
        }
        std::snprintf(label, sizeof(label), "%s###menu_help", tr(lang, Txt::MenuHelp));
        if (ImGui::BeginMenu(label)) {
            ImGui::TextDisabled("%s", tr(lang, Txt::MenuShortcuts));
            ImGui::Separator();
            ImGui::TextUnformatted(tr(lang, Txt::ShortcutsText));
            ImGui::Separator();
            ImGui::TextUnformatted(tr(lang, Txt::MenuManual));
            ImGui::Separator();  // About: the same version as `attnlab --version` and the package
            ImGui::TextDisabled("AttnLab %s  (%s)", ATTNLAB_VERSION_STRING, attn::simd::row_kernels().name);
            ImGui::TextDisabled("%s", ATTNLAB_LICENSE_LINE);  // as `attnlab --version --verbose` says
            ImGui::TextDisabled("%s", tr(lang, Txt::AboutFree));
            ImGui::EndMenu();
        }
        ImGui::SameLine(0.0f, 40.0f);
        ImGui::TextDisabled("%s", tr(lang, view_title(app.state.view)));
        draw_model_load_status(app.models, app.state);
        if (app.state.presentation) {
            ImGui::SameLine(0.0f, 40.0f);
            ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", tr(lang, Txt::PresentationHint));
        }
        height = ImGui::GetWindowSize().y;
        ImGui::EndMainMenuBar();
    }
    return height;
}

}  // namespace attn::app
