// panel_image.cpp — choosing the image a vision model looks at: File ▸ Open image… and drops
// (implementation; the interface and its contract are in panel_image.h)
#include "app/panels/panel_image.h"

#include <cstdio>
#include <filesystem>
#include <system_error>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/i18n/core_messages.h"
#include "app/jobs/model_loader.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

namespace {

// Sets the image (an absolute path, so the saved settings find it from anywhere).
void use_image(AppState& state, const std::string& path, bool vision_model) {
    std::error_code ec;
    const std::filesystem::path abs = std::filesystem::absolute(path, ec);
    state.image_path = ec ? path : abs.lexically_normal().string();
    if (vision_model) state.view = View::Image;
}

}  // namespace

void open_image_dialog(ImageDialog& d) {
    d.open = true;
    d.just_opened = true;
}

void draw_image_dialog(ImageDialog& d, AppState& state, std::vector<std::string>& dropped, const ComputeView& view,
                       bool vision_model) {
    if (const std::string path = take_dropped_image_path(dropped); !path.empty()) {
        d.path = path;
        use_image(state, path, vision_model);
    }
    if (!d.open) return;
    const Lang lang = state.lang;
    if (d.just_opened) {
        d.just_opened = false;
        if (d.path.empty()) d.path = state.image_path;
        ImGui::OpenPopup("###open_image");
    }
    char title[96];
    std::snprintf(title, sizeof(title), "%s###open_image", tr(lang, Txt::ImageOpenTitle));
    ImGui::SetNextWindowSize(ImVec2(640.0f, 0.0f), ImGuiCond_Appearing);
    if (!ImGui::BeginPopupModal(title, &d.open)) return;

    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::ImageOpenIntro));
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    LabelBuf label;
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize(tr(lang, Txt::ImageOpenPath)).x - 16.0f);
    bool go = ImGui::InputTextWithHint(label(lang, Txt::ImageOpenPath, "image_path"), tr(lang, Txt::ImageOpenHint),
                                       &d.path, ImGuiInputTextFlags_EnterReturnsTrue);
    // Only a cheap check here (stat); the worker decodes the file and reports what is wrong with it.
    std::error_code ec;
    const bool exists = !d.path.empty() && std::filesystem::is_regular_file(normalize_model_path(d.path), ec);
    ImGui::BeginDisabled(d.path.empty());
    go = ImGui::Button(label(lang, Txt::ImageOpenGo, "image_go"), ImVec2(120.0f, 0.0f)) || go;
    ImGui::EndDisabled();
    if (go && exists) use_image(state, normalize_model_path(d.path), vision_model);
    ImGui::SameLine();
    if (ImGui::Button(label(lang, Txt::ImageOpenClose, "image_close"), ImVec2(120.0f, 0.0f))) {
        d.open = false;
        ImGui::CloseCurrentPopup();
    }

    if (!d.samples.empty()) {  // the bundled pictures, one click each
        ImGui::Spacing();
        ImGui::TextUnformatted(tr(lang, Txt::ImageSamples));
        ImGui::SameLine();
        ImGui::TextDisabled("%s", tr(lang, Txt::ImageSamplesTip));
        const float right = ImGui::GetWindowContentRegionMax().x;
        for (size_t i = 0; i < d.samples.size(); ++i) {
            const ImageSample& smp = d.samples[i];
            ImGui::PushID(int(i));
            const bool current = smp.path == state.image_path;
            if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
            if (ImGui::SmallButton(smp.name(lang).c_str())) {
                d.path = smp.path;
                use_image(state, smp.path, vision_model);
            }
            if (current) ImGui::PopStyleColor();
            ImGui::PopID();
            // Flow the buttons left to right, wrapping.
            if (i + 1 < d.samples.size()) {
                const float next = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x +
                                   ImGui::CalcTextSize(d.samples[i + 1].name(lang).c_str()).x + 2.0f * ImGui::GetStyle().FramePadding.x;
                if (next < right + ImGui::GetWindowPos().x) ImGui::SameLine();
            }
        }
    }

    ImGui::Spacing();
    ImGui::PushTextWrapPos(0.0f);
    if (!d.path.empty() && !exists) ImGui::TextColored(error_colour(), tr(lang, Txt::ImageMissing), d.path.c_str());
    if (state.image_path.empty()) ImGui::TextDisabled("%s", tr(lang, Txt::ImageNone));
    else ImGui::Text(tr(lang, Txt::ImageInUse), state.image_path.c_str());
    if (!vision_model) ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", tr(lang, Txt::ImageTextModel));
    if (vision_model && !state.image_path.empty() && !view.error.empty())  // the image's own problem
        ImGui::TextColored(error_colour(), "%s", localize_core_message(view.error, lang).c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndPopup();
}

}  // namespace attn::app
