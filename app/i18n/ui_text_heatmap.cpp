// ui_text_heatmap.cpp — the heatmap view's UI strings in English and Korean: its panel, hover tooltip, rollout, selection
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    // Heatmap panel
    {Txt::Head, "Head", "헤드"},
    {Txt::HeadTip, "Which attention head to show. Each head has its own W_Q, W_K and W_V.",
     "표시할 어텐션 헤드입니다. 헤드마다 W_Q, W_K, W_V가 따로 있습니다."},
    {Txt::Show, "Show", "표시"},
    {Txt::ShowTip,
     "Weights: the softmax of each row (every row sums to 1).\nRaw scores: q·k.\nScaled "
     "scores: the softmax input q·k × factor (1/√d_k, 1/temperature).",
     "가중치: 각 행의 소프트맥스 (행의 합이 1).\n원점수: q·k.\n스케일된 점수: 소프트맥스 입력 "
     "q·k × 계수 (1/√d_k, 1/온도)."},
    {Txt::QtyWeights, "Weights (softmax)", "가중치 (소프트맥스)"},
    {Txt::QtyScores, "Raw scores q·k", "원점수 q·k"},
    {Txt::QtyScaled, "Scaled scores (softmax input)", "스케일된 점수 (소프트맥스 입력)"},
    {Txt::ColormapLabel, "Colours", "색상표"},
    {Txt::ColormapTip,
     "Colour map. viridis, magma and cividis stay readable in greyscale\nand for colour-blind "
     "viewers.",
     "색상표입니다. viridis, magma, cividis는 흑백으로 인쇄하거나\n색각 이상이 있어도 읽기 "
     "쉽습니다."},
    {Txt::Numbers, "Numbers", "숫자 표시"},
    {Txt::NumbersTip, "Print the value in each cell when the cells are big enough.",
     "칸이 충분히 크면 각 칸에 값을 적습니다."},
    {Txt::AxisLegend, "Rows: queries (looking)   Columns: keys (looked at)",
     "행: 쿼리 (보는 토큰)   열: 키 (보이는 토큰)"},
    {Txt::ColourBarFixed, "fixed scale 0–1", "고정 범위 0–1"},
    {Txt::ColourBarAuto, "auto scale", "자동 범위"},

    // Hover tooltip
    {Txt::TipQuery, "query", "쿼리"},
    {Txt::TipKey, "key", "키"},
    {Txt::TipScore, "score q·k", "점수 q·k"},
    {Txt::TipScaled, "softmax input", "소프트맥스 입력"},
    {Txt::TipMasked, "masked", "마스크됨"},
    {Txt::TipWeight, "weight", "가중치"},
    {Txt::TipYes, "yes", "예"},
    {Txt::TipNo, "no", "아니오"},
    {Txt::TipPad, "padding", "패딩"},
    {Txt::TipFullyMasked, "every key of this row is masked: all weights are 0",
     "이 행의 모든 키가 가려져 가중치가 모두 0입니다"},
    {Txt::TipClickToggle, "click to hide / show this cell", "클릭하면 이 칸을 가리거나 보입니다"},

    // Attention rollout (a quantity of the heatmap)
    {Txt::QtyRollout, "Attention rollout", "어텐션 롤아웃"},
    {Txt::QtyRolloutTip,
     "How much each output draws on each input token through all layers up to this one: the heads "
     "averaged, plus the residual path (rows sum to 1). The head choice does not apply.",
     "이 층까지 모든 층을 거쳐 각 출력이 각 입력 토큰에 얼마나 기대는지 보여 줍니다: 헤드 평균에 잔차 경로를 "
     "더한 값입니다 (행의 합은 1). 헤드 선택은 쓰이지 않습니다."},
    {Txt::RolloutComputing, "Computing the rollout… (showing the weights meanwhile)",
     "롤아웃 계산 중… (그동안 가중치를 보여 줍니다)"},
    {Txt::RolloutUnavailable, "Rollout needs self-attention (the same tokens on both axes): showing the weights.",
     "롤아웃은 셀프 어텐션(두 축의 토큰이 같음)에서만 됩니다: 가중치를 보여 줍니다."},

    // Selection sums under the heatmap
    {Txt::SelRowsSum, "Σ over %d selected row(s), where they look:", "선택한 행 %d개의 합, 보는 곳:"},
    {Txt::SelColsSum, "Σ over %d selected column(s), who looks at them:", "선택한 열 %d개의 합, 보는 토큰:"},
    {Txt::SelClear, "Clear selection", "선택 지우기"},
    {Txt::SelHint, "Shift+click a row label to add a query row, Shift+click a cell to add its key column.",
     "Shift+클릭: 행 이름은 쿼리 행을, 칸은 그 키 열을 선택에 더합니다."},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area heatmap_texts() { return area("heatmap", kTexts); }

}  // namespace attn::app::ui_text_parts
