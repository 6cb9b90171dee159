// panel_export.cpp — File ▸ Export (Ctrl+E): save the current view as a PNG/SVG/PDF figure or its
// (implementation; the interface and its contract are in panel_export.h)
#include "app/panels/panel_export.h"

#include <cstdio>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/i18n/core_messages.h"
#include "app/widgets/export_form.h"
#include "app/widgets/ui_widgets.h"
#include "core/attention/alignment.h"

namespace attn::app {

namespace {

constexpr FigureView kFigureViews[] = {FigureView::Heatmap, FigureView::Cell, FigureView::Heads,
                                       FigureView::Scaling, FigureView::Pipeline, FigureView::Lines,
                                       FigureView::PositionalEncoding, FigureView::Row, FigureView::Qk};
// Offered when the trace is an image run (Vision Transformers).
constexpr FigureView kImageFigureViews[] = {FigureView::Image, FigureView::AttnDistance, FigureView::PosSimilarity};

Txt figure_view_title(FigureView v) {
    switch (v) {
        case FigureView::Heatmap: return Txt::ViewHeatmap;
        case FigureView::Cell: return Txt::ViewExplainer;
        case FigureView::Heads: return Txt::ViewAllHeads;
        case FigureView::Scaling: return Txt::ViewScaling;
        case FigureView::Pipeline: return Txt::ViewPipeline;
        case FigureView::Lines: return Txt::ViewLines;
        case FigureView::PositionalEncoding: return Txt::ViewPositional;
        case FigureView::Row: return Txt::ViewRow;
        case FigureView::Qk: return Txt::ViewQk;
        case FigureView::Image: return Txt::ViewImage;
        case FigureView::AttnDistance: return Txt::ViewAttnDistance;
        case FigureView::PosSimilarity: return Txt::ViewPosSimilarity;
        case FigureView::Rope: return Txt::ViewRope;
        case FigureView::Alignment: return Txt::ViewAlignment;
        case FigureView::Audio: return Txt::ViewAudio;
    }
    return Txt::ViewHeatmap;
}

MatrixValues values_for(HeatmapQuantity q) {
    switch (q) {
        case HeatmapQuantity::Scores: return MatrixValues::Scores;
        case HeatmapQuantity::Scaled: return MatrixValues::Scaled;
        case HeatmapQuantity::Rollout: return MatrixValues::Rollout;
        case HeatmapQuantity::Weights: break;
    }
    return MatrixValues::Weights;
}

}  // namespace

FigureView figure_view_for(const AppState& s) {
    switch (s.view) {
        case View::Explainer: return s.sel_query >= 0 && s.sel_key >= 0 ? FigureView::Cell : FigureView::Heatmap;
        case View::AllHeads: return FigureView::Heads;
        case View::Scaling: return FigureView::Scaling;
        case View::Pipeline: return FigureView::Pipeline;
        case View::Lines: return FigureView::Lines;
        case View::Positional: return FigureView::PositionalEncoding;
        case View::Row: return FigureView::Row;
        case View::Qk: return FigureView::Qk;
        case View::Image: return FigureView::Image;
        case View::AttnDistance: return FigureView::AttnDistance;
        case View::PosSimilarity: return FigureView::PosSimilarity;
        case View::Rope: return FigureView::Rope;
        case View::Alignment: return FigureView::Alignment;  // the cross section (the view asks for it)
        case View::Audio: return FigureView::Audio;          // the same, over a recording
        default: return FigureView::Heatmap;
    }
}

void open_export_panel(ExportPanel& p) {
    p.open = true;
    p.just_opened = true;
}

void draw_export_panel(ExportPanel& p, const AppState& state, const ComputeView& view) {
    if (auto outcome = p.job.take_outcome()) {
        p.message = outcome->message;
        p.message_ok = outcome->ok;
    }
    if (!p.open) return;
    const Lang lang = state.lang;
    ExportSettings& s = p.settings;
    if (p.just_opened) {
        p.just_opened = false;
        s.view = figure_view_for(state);
        if (p.dir.empty()) p.dir = default_export_dir();
        p.path_edited = false;
        ImGui::OpenPopup("###export");
    }
    const int layer = view.trace ? clamp_layer(state.layer, *view.trace) : 0;
    const bool layered = view.trace && view.trace->layers.size() > 1;
    if (!p.path_edited) s.path = default_export_path(p.dir, s.view, state.head, s.kind, layered ? layer : -1);

    char title[96];
    std::snprintf(title, sizeof(title), "%s###export", tr(lang, Txt::ExportTitle));
    if (!ImGui::BeginPopupModal(title, &p.open, ImGuiWindowFlags_AlwaysAutoResize)) return;
    if (close_popup_on_escape(&p.open)) return ImGui::EndPopup();

    char label[128];
    std::snprintf(label, sizeof(label), "%s###ex_view", tr(lang, Txt::ExportWhat));
    ImGui::SetNextItemWidth(280.0f);
    if (ImGui::BeginCombo(label, tr(lang, figure_view_title(s.view)))) {
        for (FigureView v : kFigureViews) {
            if (ImGui::Selectable(tr(lang, figure_view_title(v)), v == s.view)) s.view = v;
        }
        if (view.trace && view.trace->section == "cross" &&
            ImGui::Selectable(tr(lang, figure_view_title(FigureView::Alignment)), s.view == FigureView::Alignment))
            s.view = FigureView::Alignment;
        if (view.trace && view.trace->section == "cross" && view.trace->audio &&
            ImGui::Selectable(tr(lang, figure_view_title(FigureView::Audio)), s.view == FigureView::Audio))
            s.view = FigureView::Audio;
        if (view.trace && view.trace->image) {
            for (FigureView v : kImageFigureViews) {
                if (ImGui::Selectable(tr(lang, figure_view_title(v)), v == s.view)) s.view = v;
            }
        }
        if (view.trace && !view.trace->layers.empty() && view.trace->layers.front().q_unrotated.size() > 0) {
            if (ImGui::Selectable(tr(lang, figure_view_title(FigureView::Rope)), s.view == FigureView::Rope))
                s.view = FigureView::Rope;  // rotary models only
        }
        ImGui::EndCombo();
    }
    export_format_fields(s, p.path_edited, lang, "ex", 280.0f,
                         {ExportKind::Pdf, ExportKind::Svg, ExportKind::Png, ExportKind::Csv, ExportKind::Json});
    const bool figure = s.kind == ExportKind::Pdf || s.kind == ExportKind::Svg || s.kind == ExportKind::Png;
    if (figure) {
        std::snprintf(label, sizeof(label), "%s###ex_transparent", tr(lang, Txt::ExportTransparent));
        ImGui::Checkbox(label, &s.transparent);
        item_tooltip(tr(lang, Txt::ExportTransparentTip));
    } else {
        ImGui::PushTextWrapPos(480.0f);
        ImGui::TextDisabled("%s", tr(lang, Txt::ExportNumbersTip));
        ImGui::PopTextWrapPos();
    }
    if (export_path_field(s, lang, "ex", 480.0f)) p.path_edited = true;

    const bool busy = p.job.busy();
    const bool can_export = !busy && view.trace != nullptr && !s.path.empty();
    if (!can_export) ImGui::BeginDisabled();
    std::snprintf(label, sizeof(label), "%s###ex_go", tr(lang, Txt::ExportGo));
    if (ImGui::Button(label, ImVec2(140.0f, 0.0f)) ||
        (can_export && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false))) {
        ExportInputs in;
        in.trace = view.trace;
        in.model = view.model;
        in.layer = layer;
        in.head = state.head;
        in.cell_query = state.sel_query;
        in.cell_key = state.sel_key;
        in.row = state.sel_query;  // the Row and Qk figures' query (-1: the last one)
        in.pair = state.rope_pair;
        if (s.view == FigureView::Image) {  // the Image view's query and head (or mean of heads)
            in.row = state.image_query;
            if (state.image_mean_heads) in.head = -1;
        } else if (s.view == FigureView::PosSimilarity && view.trace->image) {  // the chosen map
            in.row = view.trace->image->prefix_tokens + state.pos_patch;
        } else if (s.view == FigureView::Alignment) {  // the Alignment view's matrix
            if (state.alignment_source == int(AlignmentSource::MeanHeads)) in.head = -1;
            in.all_layers = state.alignment_source == int(AlignmentSource::MeanLayers);
            in.pieces = state.alignment_pieces;
        } else if (s.view == FigureView::Audio) {  // the Audio view's heads and followed word
            if (state.audio_alignment_heads) in.head = -1;
            in.word = state.audio_word;
        }
        in.values = values_for(state.quantity);
        in.colormap = state.colormap;
        in.lang = FigureLang(int(lang));  // the same numbering (core/i18n/languages.h)
        in.font_file = p.font_file;
        p.message.clear();
        p.job.start(std::move(in), s);
    }
    if (!can_export) ImGui::EndDisabled();
    ImGui::SameLine();
    std::snprintf(label, sizeof(label), "%s###ex_close", tr(lang, Txt::ExportClose));
    if (ImGui::Button(label, ImVec2(140.0f, 0.0f))) {
        p.open = false;
        ImGui::CloseCurrentPopup();
    }
    export_outcome_line(busy, p.message, p.message_ok, lang, 480.0f);
    ImGui::EndPopup();
}

}  // namespace attn::app
