// panel_model.cpp — opening pretrained models: the Model menu (open folder…, recent models, use
// (implementation; the interface and its contract are in panel_model.h)
#include "app/panels/panel_model.h"

#include <cstdio>
#include <filesystem>

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/i18n/core_messages.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

namespace {

ImVec4 warn_colour() { return ImVec4(1.0f, 0.85f, 0.3f, 1.0f); }

void drop_callback(GLFWwindow* window, int count, const char** paths) {
    auto* panel = static_cast<ModelPanel*>(glfwGetWindowUserPointer(window));
    if (panel == nullptr) return;
    for (int k = 0; k < count; ++k) {
        if (paths[k] != nullptr) panel->dropped.emplace_back(paths[k]);
    }
    glfwPostEmptyEvent();  // an idle loop wakes up and opens it
}

// The recent folders as items; a missing folder is shown disabled with a note. Returns the
// folder picked, or "".
std::string recent_items(const AppState& state, bool menu) {
    const Lang lang = state.lang;
    std::string picked;
    if (state.recent_models.empty()) {
        ImGui::TextDisabled("%s", tr(lang, Txt::MenuNoRecent));
        return picked;
    }
    for (size_t k = 0; k < state.recent_models.size(); ++k) {
        const std::string& folder = state.recent_models[k];
        const bool exists = folder_exists(folder);
        ImGui::PushID(int(k));
        char label[600];
        if (exists) {
            std::snprintf(label, sizeof(label), "%s", folder.c_str());
        } else {
            std::snprintf(label, sizeof(label), "%s  (%s)", folder.c_str(), tr(lang, Txt::RecentMissing));
        }
        const bool current = folder == state.model_path;
        bool chosen = false;
        if (menu) {
            chosen = ImGui::MenuItem(label, nullptr, current, exists);
        } else {
            ImGui::BeginDisabled(!exists);
            chosen = ImGui::Selectable(label, current);
            ImGui::EndDisabled();
        }
        if (chosen && exists) picked = folder;
        ImGui::PopID();
    }
    return picked;
}

}  // namespace

void install_model_drop(GLFWwindow* window, ModelPanel* panel) {
    glfwSetWindowUserPointer(window, panel);
    glfwSetDropCallback(window, drop_callback);
}

void open_model_dialog(ModelPanel& p) {
    p.dialog_open = true;
    p.dialog_just_opened = true;
}

void draw_model_menu(ModelPanel& p, AppState& state, ModelSession& session) {
    const Lang lang = state.lang;
    char label[128];
    std::snprintf(label, sizeof(label), "%s###menu_model", tr(lang, Txt::MenuModel));
    if (!ImGui::BeginMenu(label)) return;
    std::snprintf(label, sizeof(label), "%s###menu_open_model", tr(lang, Txt::MenuOpenModel));
    if (ImGui::MenuItem(label)) open_model_dialog(p);
    std::snprintf(label, sizeof(label), "%s###menu_recent", tr(lang, Txt::MenuRecentModels));
    if (ImGui::BeginMenu(label)) {
        const std::string picked = recent_items(state, true);
        if (!picked.empty()) open_model(session, state, picked);
        ImGui::EndMenu();
    }
    ImGui::Separator();
    std::snprintf(label, sizeof(label), "%s###menu_builtin", tr(lang, Txt::MenuUseBuiltin));
    if (ImGui::MenuItem(label, nullptr, session.active == nullptr && !session.loader.busy())) {
        use_builtin_model(session, state);
    }
    ImGui::Separator();
    ImGui::TextDisabled("%s", tr(lang, Txt::ModelDropHint));
    ImGui::EndMenu();
}

void draw_model_load_status(ModelSession& session, AppState& state) {
    const Lang lang = state.lang;
    if (!session.loader.busy() && !session.error.empty()) {  // visible with the controls hidden too
        ImGui::SameLine(0.0f, 40.0f);
        const std::string name = std::filesystem::path(session.error_folder).filename().string();
        ImGui::TextColored(error_colour(), tr(lang, Txt::ModelLoadFailed), name.c_str());
        if (ImGui::IsItemHovered()) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 35.0f);
            if (session.error_on_restore) ImGui::TextUnformatted(tr(lang, Txt::ModelRestoreFailed));
            ImGui::TextUnformatted(localize_core_message(session.error, lang).c_str());
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
        ImGui::SameLine();
        if (ImGui::SmallButton("x###model_error_ok")) session.error.clear();
        return;
    }
    if (!session.loader.busy()) return;
    const ModelLoader::Progress pr = session.loader.progress();
    ImGui::SameLine(0.0f, 40.0f);
    ImGui::TextColored(warn_colour(), tr(lang, Txt::ModelLoading), pr.folder.c_str());
    ImGui::SameLine();
    ImGui::SetNextItemWidth(180.0f);
    ImGui::ProgressBar(pr.fraction, ImVec2(180.0f, 0.0f), pr.stage.c_str());
    ImGui::SameLine();
    char label[96];
    std::snprintf(label, sizeof(label), "%s###model_cancel_bar", tr(lang, Txt::ModelCancel));
    if (ImGui::SmallButton(label)) cancel_model_load(session, state);
}

void draw_model_facts(const AppState& state, const ModelSession& session, bool lesson_builtin) {
    const Lang lang = state.lang;
    ImGui::PushTextWrapPos(0.0f);
    if (lesson_builtin && session.active) {  // what computes is named first: the folder only waits
        ImGui::TextUnformatted(tr(lang, Txt::ModelBuiltin));
        ImGui::TextColored(warn_colour(), tr(lang, Txt::ModelLessonBuiltin), session.active->name.c_str());
    } else if (const pretrained::PretrainedModel* m = session.active.get()) {
        ImGui::Text(tr(lang, Txt::ModelInfo), pretrained::family_name(m->config).c_str(), m->config.n_layers, m->config.n_heads,
                    m->config.d_model, m->config.d_k());
        ImGui::TextDisabled(tr(lang, Txt::ModelFolderLine), m->name.c_str(), format_bytes(m->weight_bytes).c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", session.active_folder.c_str());
    } else {
        ImGui::TextUnformatted(tr(lang, Txt::ModelBuiltin));
    }
    if (session.loader.busy()) {
        const ModelLoader::Progress pr = session.loader.progress();
        ImGui::TextColored(warn_colour(), tr(lang, Txt::ModelLoading), pr.folder.c_str());
        ImGui::ProgressBar(pr.fraction, ImVec2(-FLT_MIN, 0.0f), pr.stage.c_str());
    }
    if (!session.error.empty()) {
        if (session.error_on_restore) ImGui::TextColored(warn_colour(), "%s", tr(lang, Txt::ModelRestoreFailed));
        ImGui::TextColored(error_colour(), tr(lang, Txt::ModelLoadFailed), session.error_folder.c_str());
        ImGui::TextColored(error_colour(), "%s", localize_core_message(session.error, lang).c_str());
    }
    ImGui::PopTextWrapPos();
}

void draw_model_dialog(ModelPanel& p, AppState& state, ModelSession& session) {
    const std::string dropped = take_dropped_model_path(p.dropped);
    if (!dropped.empty()) {
        p.path = dropped;
        open_model(session, state, dropped);
    }
    if (!p.dialog_open) return;
    const Lang lang = state.lang;
    if (p.dialog_just_opened) {
        p.dialog_just_opened = false;
        if (p.path.empty()) p.path = !state.model_path.empty()          ? state.model_path
                                     : !state.recent_models.empty() ? state.recent_models.front()
                                                                    : std::string();
        ImGui::OpenPopup("###open_model");
    }
    char title[96];
    std::snprintf(title, sizeof(title), "%s###open_model", tr(lang, Txt::OpenModelTitle));
    ImGui::SetNextWindowSize(ImVec2(640.0f, 0.0f), ImGuiCond_Appearing);
    if (!ImGui::BeginPopupModal(title, &p.dialog_open)) return;
    if (close_popup_on_escape(&p.dialog_open)) return ImGui::EndPopup();

    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::OpenModelIntro));
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    LabelBuf label;
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize(tr(lang, Txt::OpenModelPath)).x - 16.0f);
    bool go = ImGui::InputTextWithHint(label(lang, Txt::OpenModelPath, "model_path"), tr(lang, Txt::OpenModelPathHint),
                                       &p.path, ImGuiInputTextFlags_EnterReturnsTrue);
    const bool busy = session.loader.busy();
    ImGui::BeginDisabled(busy || p.path.empty());
    go = ImGui::Button(label(lang, Txt::OpenModelGo, "model_go"), ImVec2(120.0f, 0.0f)) || go;
    ImGui::EndDisabled();
    if (go && !busy) open_model(session, state, p.path);
    ImGui::SameLine();
    ImGui::BeginDisabled(!busy);
    if (ImGui::Button(label(lang, Txt::ModelCancel, "model_cancel"), ImVec2(120.0f, 0.0f))) cancel_model_load(session, state);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(session.active == nullptr && !busy);
    if (ImGui::Button(label(lang, Txt::MenuUseBuiltin, "model_builtin"))) use_builtin_model(session, state);
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button(label(lang, Txt::ModelClose, "model_close"), ImVec2(120.0f, 0.0f))) {
        p.dialog_open = false;
        ImGui::CloseCurrentPopup();
    }

    ImGui::Spacing();
    draw_model_facts(state, session);
    ImGui::Spacing();
    ImGui::TextColored(ImVec4(0.55f, 0.75f, 1.0f, 1.0f), "%s", tr(lang, Txt::MenuRecentModels));
    ImGui::Separator();
    const std::string picked = recent_items(state, false);
    if (!picked.empty()) {
        p.path = picked;
        open_model(session, state, picked);
    }
    ImGui::EndPopup();
}

}  // namespace attn::app
