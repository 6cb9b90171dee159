// app_views.cpp — the view area: the current view's panel(s), tiled right of the controls
#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "app/shell/app_frame.h"
#include "app/widgets/view_notice.h"

namespace attn::app {

namespace {

// The panels tile the window, so their background is the clear colour: no full-screen blended
// quads, which on a software rasterizer (llvmpipe) cost more than everything else in a frame.
constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                         ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                         ImGuiWindowFlags_NoBackground;

constexpr ImGuiWindowFlags kNoScroll = ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;

}  // namespace

// Opens a tiled panel window at (x, y, w, h); call ImGui::End() after, whatever it returns.
bool begin_panel(Lang lang, Txt title_id, const char* id, float x, float y, float w, float h,
                 ImGuiWindowFlags extra) {
    char title[160];
    std::snprintf(title, sizeof(title), "%s###%s", tr(lang, title_id), id);
    ImGui::SetNextWindowPos(ImVec2(x, y));
    ImGui::SetNextWindowSize(ImVec2(w, h));
    return ImGui::Begin(title, nullptr, kPanelFlags | extra);
}

void release_closed_models(App& app) {
    if (app.panels_model.lock() == app.view.model) return;
    app.panels_model = app.view.model;
    predict_panel_release(app.predict);
    lens_panel_release(app.lens);
    roles_panel_release(app.model_view.roles);
    rope_panel_release(app.rope);
}

void draw_view_panels(App& app, float x0, float top, float w, float h) {
    const Lang lang = app.state.lang;
    // A vision model without an image: every view (but Train, which needs no trace) says how to open one.
    const pretrained::PretrainedModel* model = lesson_wants_builtin(app.lesson) ? nullptr : app.models.active.get();
    if (app.state.view != View::Train && needs_image(app.state, model)) {
        if (begin_panel(lang, view_title(app.state.view), "need_image", x0, top, w, h)) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", tr(lang, Txt::ImageNeedImage));
            ImGui::PopTextWrapPos();
        }
        ImGui::End();
        return;
    }
    if (app.state.view != View::Train && needs_audio(app.state, model)) {  // a speech model without a recording
        if (begin_panel(lang, view_title(app.state.view), "need_audio", x0, top, w, h)) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", tr(lang, Txt::AudioNeedAudio));
            ImGui::PopTextWrapPos();
        }
        ImGui::End();
        return;
    }
    // A refused run (a pasted text over the token limit…) leaves no trace: each view's empty
    // state says why (draw_empty_view, or the heatmap's status line).
    auto open = [&](Txt title, const char* id, float x, float y, float pw, float ph, ImGuiWindowFlags extra = 0) {
        return begin_panel(lang, title, id, x, y, pw, ph, extra);
    };
    switch (app.state.view) {
        case View::Explainer: {
            const float hw = std::floor(w * 0.5f);
            if (open(Txt::HeatmapTitle, "heatmap", x0, top, hw, h, kNoScroll)) {
                draw_heatmap_panel(app.heatmap, app.state, app.view);
            }
            ImGui::End();
            if (open(Txt::ViewExplainer, "explainer", x0 + hw, top, w - hw, h)) {
                draw_cell_explainer_panel(app.explainer, app.state, app.view);
            }
            ImGui::End();
            break;
        }
        case View::AllHeads:
            if (open(Txt::ViewAllHeads, "all_heads", x0, top, w, h, kNoScroll)) {
                draw_all_heads_panel(app.all_heads, app.state, app.view);
            }
            ImGui::End();
            break;
        case View::Scaling:
            if (open(Txt::ViewScaling, "scaling", x0, top, w, h, kNoScroll)) {
                draw_scaling_lab_panel(app.scaling, app.state, app.view);
            }
            ImGui::End();
            break;
        case View::Pipeline:
            if (open(Txt::ViewPipeline, "pipeline", x0, top, w, h, kNoScroll)) {
                draw_pipeline_panel(app.pipeline, app.state, app.view);
            }
            ImGui::End();
            break;
        case View::Lines:
            if (open(Txt::ViewLines, "lines", x0, top, w, h, kNoScroll)) {
                draw_lines_panel(app.lines, app.state, app.view);
            }
            ImGui::End();
            break;
        case View::Positional:
            if (open(Txt::ViewPositional, "positional", x0, top, w, h, kNoScroll)) {
                draw_positional_panel(app.positional, app.state, app.view);
            }
            ImGui::End();
            break;
        case View::Cost:
            if (open(Txt::ViewCost, "cost", x0, top, w, h)) {
                draw_cost_panel(app.cost, app.state, app.view);
            }
            ImGui::End();
            break;
        case View::Model:
            if (open(Txt::ViewModel, "model_view", x0, top, w, h, kNoScroll)) {
                draw_model_view_panel(app.model_view, app.state, app.view);
            }
            ImGui::End();
            break;
        case View::Row: {  // the heatmap (pick a row there) beside the row's bar chart
            const float hw = std::floor(w * 0.5f);
            if (open(Txt::HeatmapTitle, "heatmap", x0, top, hw, h, kNoScroll)) {
                draw_heatmap_panel(app.heatmap, app.state, app.view);
            }
            ImGui::End();
            if (open(Txt::ViewRow, "row", x0 + hw, top, w - hw, h, kNoScroll)) {
                draw_row_panel(app.row, app.state, app.view);
            }
            ImGui::End();
            break;
        }
        case View::Qk:
            if (open(Txt::ViewQk, "qk", x0, top, w, h, kNoScroll)) {
                draw_qk_panel(app.qk, app.state, app.view);
            }
            ImGui::End();
            break;
        case View::Variants:
            if (open(Txt::ViewVariants, "variants", x0, top, w, h, kNoScroll)) {
                draw_variants_panel(app.variants, app.state, app.view);
            }
            ImGui::End();
            break;
        case View::Train:
            if (open(Txt::ViewTrain, "train", x0, top, w, h, kNoScroll)) {
                draw_train_panel(app.train, app.state, app.models);
            }
            ImGui::End();
            break;
        case View::Predict:
            if (open(Txt::ViewPredict, "predict", x0, top, w, h, kNoScroll)) {
                draw_predict_panel(app.predict, app.state, app.view);
            }
            ImGui::End();
            break;
        case View::Lens:
            if (open(Txt::ViewLens, "lens", x0, top, w, h, kNoScroll)) {
                draw_lens_panel(app.lens, app.state, app.view);
            }
            ImGui::End();
            break;
        case View::Alignment:
            if (open(Txt::ViewAlignment, "alignment", x0, top, w, h, kNoScroll)) {
                draw_alignment_panel(app.alignment, app.state, app.view);
            }
            ImGui::End();
            break;
        case View::Audio:
            if (open(Txt::ViewAudio, "audio", x0, top, w, h, kNoScroll)) {
                draw_audio_panel(app.audio, app.state, app.view);
            }
            ImGui::End();
            break;
        case View::Image:
            if (begin_panel(lang, Txt::ViewImage, "image", x0, top, w, h, kNoScroll)) {
                draw_image_panel(app.image, app.state, app.view);
            }
            ImGui::End();
            break;
        case View::AttnDistance:
            if (open(Txt::ViewAttnDistance, "attn_distance", x0, top, w, h, kNoScroll)) {
                draw_attn_distance_panel(app.attn_distance, app.state, app.view);
            }
            ImGui::End();
            break;
        case View::PosSimilarity:
            if (open(Txt::ViewPosSimilarity, "pos_similarity", x0, top, w, h, kNoScroll)) {
                draw_pos_similarity_panel(app.pos_similarity, app.state, app.view);
            }
            ImGui::End();
            break;
        case View::Rope:
            if (open(Txt::ViewRope, "rope", x0, top, w, h, kNoScroll)) {
                draw_rope_panel(app.rope, app.state, app.view);
                if (app.rope.export_request) {
                    app.rope.export_request = false;
                    open_export_for_view(app);
                }
            }
            ImGui::End();
            break;
        default:
            if (open(Txt::HeatmapTitle, "heatmap", x0, top, w, h, kNoScroll)) {
                draw_heatmap_panel(app.heatmap, app.state, app.view);
            }
            ImGui::End();
            break;
    }
}

}  // namespace attn::app
