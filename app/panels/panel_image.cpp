// panel_image.cpp — choosing the image a vision model looks at: File ▸ Open image… and drops
// (implementation; the interface and its contract are in panel_image.h)
#include "app/panels/panel_image.h"

#include <cstdio>

#include <imgui.h>

#include "app/jobs/model_loader.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

namespace {

constexpr FileDialogTexts kTexts{"open_image",    Txt::ImageOpenTitle, Txt::ImageOpenIntro, Txt::ImageOpenPath,
                                 Txt::ImageOpenHint, Txt::ImageMissing, Txt::ImageNone,      Txt::ImageInUse,
                                 Txt::ImageTextModel};

// Sets the image (an absolute path, so the saved settings find it from anywhere).
void use_image(AppState& state, const std::string& path, bool vision_model) {
    state.image_path = absolute_file_path(path);
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
    const Lang lang = state.lang;
    std::string chosen;
    if (!begin_file_dialog(d, kTexts, lang, state.image_path, &chosen)) return;
    if (!chosen.empty()) use_image(state, chosen, vision_model);

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

    end_file_dialog(d, kTexts, lang, state.image_path, vision_model, view.error);
}

}  // namespace attn::app
