// ui_text_heatmap.cpp — the heatmap view's UI strings in English (marked N_ for the catalogues in po/): its panel, hover tooltip, rollout, selection
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    // Heatmap panel
    {Txt::Head, N_("Head")},
    {Txt::HeadTip, N_("Which attention head to show. Each head has its own W_Q, W_K and W_V.")},
    {Txt::Show, N_("Show")},
    {Txt::ShowTip,
     N_("Weights: the softmax of each row (every row sums to 1).\n"
        "Raw scores: q·k.\n"
        "Scaled scores: the softmax input q·k × factor (1/√d_k, 1/temperature).")},
    {Txt::QtyWeights, N_("Weights (softmax)")},
    {Txt::QtyScores, N_("Raw scores q·k")},
    {Txt::QtyScaled, N_("Scaled scores (softmax input)")},
    {Txt::ColormapLabel, N_("Colours")},
    {Txt::ColormapTip,
     N_("Colour map. viridis, magma and cividis stay readable in greyscale\n"
        "and for colour-blind viewers.")},
    {Txt::Numbers, N_("Numbers")},
    {Txt::NumbersTip, N_("Print the value in each cell when the cells are big enough.")},
    {Txt::AxisLegend, N_("Rows: queries (looking)   Columns: keys (looked at)")},
    {Txt::ColourBarFixed, N_("fixed scale 0–1")},
    {Txt::ColourBarAuto, N_("auto scale")},

    // Hover tooltip
    {Txt::TipQuery, N_("query")},
    {Txt::TipKey, N_("key")},
    {Txt::TipScore, N_("score q·k")},
    {Txt::TipScaled, N_("softmax input")},
    {Txt::TipMasked, N_("masked")},
    {Txt::TipWeight, N_("weight")},
    {Txt::TipYes, N_("yes")},
    {Txt::TipNo, N_("no")},
    {Txt::TipPad, N_("padding")},
    {Txt::TipFullyMasked, N_("every key of this row is masked: all weights are 0")},
    {Txt::TipClickToggle, N_("click to hide / show this cell")},

    // Attention rollout (a quantity of the heatmap)
    {Txt::QtyRollout, N_("Attention rollout")},
    {Txt::QtyRolloutTip,
     N_("How much each output draws on each input token through all layers up to this one: the heads "
        "averaged, plus the residual path (rows sum to 1). The head choice does not apply.")},
    {Txt::RolloutComputing, N_("Computing the rollout… (showing the weights meanwhile)")},
    {Txt::RolloutUnavailable,
     N_("Rollout needs self-attention (the same tokens on both axes): showing the weights.")},

    // Selection sums under the heatmap
    {Txt::SelRowsSum, N_("Σ over %d selected row(s), where they look:")},
    {Txt::SelColsSum, N_("Σ over %d selected column(s), who looks at them:")},
    {Txt::SelClear, N_("Clear selection")},
    {Txt::SelHint,
     N_("Shift+click a row label to add a query row, Shift+click a cell to add its key column.")},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area heatmap_texts() { return area("heatmap", kTexts); }

}  // namespace attn::app::ui_text_parts
