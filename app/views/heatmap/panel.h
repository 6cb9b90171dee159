// panel.h — the attention matrix of one head as a heatmap.
//
// Cells: one GL texture (heatmap_texture.h) shown with the draw list; labels, numbers, the
// colour bar, hover highlight and tooltip: ImDrawList on top. Reads the trace; writes only the
// view choices (head, quantity, colormap, numbers) and, in mask-edit mode, blocked_cells.
// Shift+click on row labels / cells selects query rows / key columns; the attention summed over
// them is listed above the grid (selection_sums.h).
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/state/app_state.h"
#include "app/jobs/compute_worker.h"
#include "app/matrix/heatmap_data.h"
#include "app/jobs/async_job.h"
#include "app/matrix/heatmap_layout.h"
#include "app/matrix/heatmap_texture.h"
#include "app/matrix/mask_edit.h"
#include "app/widgets/layer_choice.h"
#include "app/widgets/patch_thumbs.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

inline constexpr float kMaxLabelPx = 150.0f;  // longer token labels are elided with "…"

using RolloutPtr = std::shared_ptr<const std::vector<Mat>>;
using RolloutJob = LatestJob<std::shared_ptr<const Trace>, RolloutPtr>;

struct HeatmapPanel {
    HeatmapRenderer renderer;
    std::string renderer_error;  // shader/GL setup failure: shown instead of the cells

    // Values of the shown (trace, layer, head, quantity); re-made and re-uploaded when one changes.
    std::weak_ptr<const Trace> data_trace;  // the trace `data` came from (weakly: an old trace is freed)
    int data_layer = -1;
    int data_head = -1;
    HeatmapQuantity data_quantity = HeatmapQuantity::Weights;
    HeatmapData data;

    // Axis labels of label_trace, elided to kMaxLabelPx.
    std::weak_ptr<const Trace> label_trace;
    std::vector<std::string> row_labels, col_labels;  // (T_q), (T_k)
    float row_label_w = 0.0f, col_label_w = 0.0f;     // widest of each, px

    bool data_auto_contrast = false;

    // Attention rollout of rollout_trace (every layer), computed on a job when it is first shown.
    std::unique_ptr<RolloutJob> rollout_job = std::make_unique<RolloutJob>(
        [](const std::shared_ptr<const Trace>& t) { return std::make_shared<const std::vector<Mat>>(compute_rollout(*t)); },
        "attn-rollout");
    std::shared_ptr<const Trace> rollout_trace;  // posted
    RolloutPtr rollout;                          // for rollout_trace once in
    RolloutPtr data_rollout;                     // what `data` was made from

    // Zoom and pan (wheel at the pointer, drag with the right or middle button — or the left one
    // when zoomed — to pan; Reset or Home to see it all). Reset when the matrix's shape changes.
    HeatmapZoom zoom;
    int zoom_rows = -1, zoom_cols = -1;
    std::optional<HeatmapZoom> initial_zoom;  // --zoom: applied to the first matrix shown
    bool panning = false;        // a left-button drag turned into a pan (no cell selected on release)
    HeatmapRenderer overview;    // the whole matrix, small, when zoomed
    bool overview_ready = false;

    MaskEditState edit;
    std::vector<int> sel_rows, sel_cols;  // Shift+click selection (sorted); cleared with a new shape
    CellIndex hovered;     // cell under the pointer this frame (invalid when none)
    HeatmapLayout layout;  // this frame's geometry (screen pixels)
    LabelBuf label;
    PictureTexture picture;  // image runs: the patches as axis labels (patch_thumbs.h)
};

void draw_heatmap_panel(HeatmapPanel& panel, AppState& state, const ComputeView& view);
void heatmap_panel_wait_idle(HeatmapPanel& panel, std::chrono::milliseconds timeout);  // the rollout job

// Drawing helpers in overlay.cpp (ImDrawList only).
void draw_axis_labels(const HeatmapPanel& panel, const HeatmapLayout& layout, const Trace& trace);
void draw_cell_numbers(const HeatmapPanel& panel, const HeatmapLayout& layout, Colormap map,
                       HeatmapQuantity quantity);
void draw_colour_bar(const HeatmapPanel& panel, const HeatmapLayout& layout, Colormap map, Lang lang);
void draw_cell_tooltip(const Trace& trace, int head, CellIndex cell, const AppState& state);  // state.layer
float colour_bar_width(Lang lang);
// A lesson step's highlights (AppState::highlights): pulsing outlines of cells, rows and columns,
// and the revealed answer's cell (clip to the grid first); markers beside highlighted tokens' labels.
void draw_lesson_highlights(const HeatmapLayout& layout, const Highlights& h, int rows, int cols);
void draw_lesson_token_marks(const HeatmapLayout& layout, const Highlights& h, int rows, int cols);

}  // namespace attn::app
