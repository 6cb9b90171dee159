// ui_text.cpp — every user-visible UI string in English and Korean (GL-free)
// (implementation; the interface and its contract are in ui_text.h)
#include "app/i18n/ui_text.h"

#include <cassert>

namespace attn::app {

namespace {

struct Entry {
    Txt id;
    const char* en;
    const char* ko;
};

// In enum order (checked by tests/app): one row per Txt.
constexpr Entry kTexts[] = {
    {Txt::ControlsTitle, "Controls", "설정"},
    {Txt::HeatmapTitle, "Attention heatmap", "어텐션 히트맵"},
    {Txt::SecSentence, "Sentence", "문장"},
    {Txt::SecModel, "Model", "모델"},
    {Txt::SecAttention, "Attention", "어텐션"},
    {Txt::SecMask, "Mask", "마스크"},
    {Txt::SecDisplay, "Display", "화면"},

    {Txt::Sentence, "Sentence", "문장"},
    {Txt::SentenceTip,
     "The sentence whose tokens attend to each other.\nEvery word, number and punctuation mark is "
     "one token.",
     "서로 어텐션을 계산할 문장입니다.\n단어, 숫자, 문장 부호가 각각 하나의 토큰이 됩니다."},
    {Txt::Presets, "Examples", "예문"},
    {Txt::PresetsTip, "Pick a ready-made sentence (from assets/presets.txt).",
     "준비된 예문을 고릅니다 (assets/presets.txt)."},
    {Txt::PresetsMissing, "Example list not loaded: %s", "예문 목록을 읽지 못했습니다: %s"},
    {Txt::Cross, "Cross-attention (second sentence)", "교차 어텐션 (두 번째 문장)"},
    {Txt::CrossTip,
     "Queries come from the first sentence, keys and values from the second,\nas when a "
     "translation model's decoder looks at the encoder.",
     "쿼리는 첫 번째 문장에서, 키와 값은 두 번째 문장에서 가져옵니다.\n번역 모델의 디코더가 "
     "인코더를 볼 때와 같습니다."},
    {Txt::CrossText, "Second sentence", "두 번째 문장"},
    {Txt::CrossTextTip, "Keys and values come from this sentence.", "키와 값을 이 문장에서 가져옵니다."},
    {Txt::TokensLine, "%d query tokens, %d key tokens", "쿼리 토큰 %d개, 키 토큰 %d개"},

    {Txt::DModel, "d_model", "d_model"},
    {Txt::DModelTip,
     "Width of every token vector.\nEach head works in d_k = d_model / heads dimensions.",
     "토큰 벡터의 크기입니다.\n각 헤드는 d_k = d_model / 헤드 수 차원을 씁니다."},
    {Txt::Heads, "Heads", "헤드 수"},
    {Txt::HeadsTip, "Number of attention heads. d_model must be divisible by it.",
     "어텐션 헤드의 개수입니다. d_model이 이 수로 나누어떨어져야 합니다."},
    {Txt::Seed, "Seed", "시드"},
    {Txt::SeedTip,
     "The built-in model's random weights come from this number:\nsame seed, same model.",
     "내장 모델의 무작위 가중치를 정하는 수입니다.\n시드가 같으면 모델도 같습니다."},
    {Txt::Positional, "Positional encoding", "위치 인코딩"},
    {Txt::PositionalTip,
     "Add sinusoidal position vectors to the word vectors, so the same word\nat another place "
     "gets a different query and key.",
     "단어 벡터에 사인파 위치 벡터를 더합니다.\n같은 단어라도 위치가 다르면 쿼리와 키가 "
     "달라집니다."},

    {Txt::Scale, "Divide by √d_k", "√d_k로 나누기"},
    {Txt::ScaleTip,
     "Multiply the scores q·k by 1/√d_k before the softmax.\nWithout it a large d_k makes the "
     "softmax nearly one-hot.",
     "소프트맥스 전에 점수 q·k에 1/√d_k를 곱합니다.\n이것이 없으면 d_k가 클 때 소프트맥스가 "
     "거의 원-핫이 됩니다."},
    {Txt::Temperature, "Temperature", "온도"},
    {Txt::TemperatureTip,
     "Divide the scores by this before the softmax:\nbelow 1 sharpens the weights, above 1 "
     "flattens them.",
     "소프트맥스 전에 점수를 이 값으로 나눕니다.\n1보다 작으면 가중치가 뾰족해지고, 크면 "
     "평평해집니다."},

    {Txt::Causal, "Causal (no look-ahead)", "인과 마스크 (미래 보지 않기)"},
    {Txt::CausalTip, "Each token may only attend to itself and the tokens before it, as in GPT.",
     "각 토큰은 자기 자신과 앞의 토큰만 볼 수 있습니다 (GPT처럼)."},
    {Txt::Window, "Local window", "지역 창"},
    {Txt::WindowTip, "Each token only sees the tokens at most k positions away.",
     "각 토큰은 k칸 이내의 토큰만 봅니다."},
    {Txt::WindowK, "±k", "±k"},
    {Txt::WindowKTip, "Half-width k of the local window.", "지역 창의 반폭 k입니다."},
    {Txt::Global, "Global tokens", "전역 토큰"},
    {Txt::GlobalTip,
     "Positions (from 0, comma-separated) that see and are seen by every token,\neven outside "
     "the window. Example: 0, 3",
     "창 밖에서도 모든 토큰을 보고 모든 토큰에게 보이는 위치입니다\n(0부터, 쉼표로 구분). 예: "
     "0, 3"},
    {Txt::PadTo, "Pad to length", "패딩 길이"},
    {Txt::PadToTip,
     "Append [PAD] tokens up to this length; they are hidden as keys.\n0 = no padding.",
     "이 길이까지 [PAD] 토큰을 덧붙이고 키에서 가립니다.\n0 = 패딩 없음."},
    {Txt::EditMask, "Edit mask: click cells", "마스크 편집: 칸 클릭"},
    {Txt::EditMaskTip,
     "Click (or drag over) heatmap cells to hide or show single query→key pairs.",
     "히트맵 칸을 클릭하거나 드래그해서 쿼리→키 쌍을 하나씩 가리거나 다시 보이게 합니다."},
    {Txt::ClearCells, "Clear clicked cells (%d)", "클릭한 칸 지우기 (%d)"},
    {Txt::ClearCellsTip, "Show again every cell you hid by clicking.",
     "클릭해서 가린 칸을 모두 다시 보이게 합니다."},
    {Txt::EditHint, "Edit mode: click or drag on cells to hide / show them",
     "편집 모드: 칸을 클릭하거나 드래그해서 가리기 / 보이기"},

    {Txt::Language, "Language", "언어"},
    {Txt::LanguageTip, "Language of the user interface.", "화면에 쓰이는 언어입니다."},

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

    {Txt::Computing, "computing", "계산 중"},
    {Txt::StatusLine, "%d × %d tokens · %d heads · d_k = %d · %.1f ms",
     "토큰 %d × %d · 헤드 %d개 · d_k = %d · %.1f ms"},
    {Txt::NoTrace, "Type a sentence to begin.", "문장을 입력하세요."},
    {Txt::FontMissing, "Font file not found: Hangul is shown as '?'.",
     "글꼴 파일이 없어 한글이 '?'로 보입니다."},
    {Txt::ViewHeatmap, "Heatmap", "히트맵"},
    {Txt::ViewExplainer, "Cell explainer", "칸 설명"},
    {Txt::ViewAllHeads, "All heads", "모든 헤드"},
    {Txt::ViewScaling, "Scaling lab", "스케일링 실험"},
    {Txt::ViewPipeline, "Pipeline", "계산 과정"},
    {Txt::ViewLines, "Line view", "선 보기"},
    {Txt::ViewPositional, "Positional encoding", "위치 인코딩"},
    {Txt::MenuView, "View", "보기"},
    {Txt::MenuHelp, "Help", "도움말"},
    {Txt::MenuShortcuts, "Keyboard shortcuts", "단축키"},
    {Txt::ShortcutsText,
     "Ctrl+1 … Ctrl+9, Ctrl+0   switch views\nPageUp / PageDown   previous / next layer\n"
     "Ctrl+E   export a figure or the numbers\nF5   presentation mode\nEsc   leave presentation mode",
     "Ctrl+1 … Ctrl+9, Ctrl+0   보기 전환\nPageUp / PageDown   이전 / 다음 층\n"
     "Ctrl+E   그림이나 숫자 내보내기\nF5   발표 모드\nEsc   발표 모드 끝내기"},
    {Txt::ClickToExplain, "Click a cell to see its numbers step by step.",
     "칸을 클릭하면 그 값이 계산되는 과정을 단계별로 봅니다."},

    {Txt::ExplHint, "Click a heatmap cell (left) to see how its weight is computed.",
     "왼쪽 히트맵의 칸을 클릭하면 그 가중치가 계산되는 과정을 봅니다."},
    {Txt::ExplCell, "Head %d · query %d \"%s\" → key %d \"%s\"",
     "헤드 %d · 쿼리 %d \"%s\" → 키 %d \"%s\""},
    {Txt::ExplStepVectors, "1. Query and key vectors (d_k = %d)", "1. 쿼리 벡터와 키 벡터 (d_k = %d)"},
    {Txt::ExplStepDot, "2. Dot product", "2. 내적"},
    {Txt::ExplStepScale, "3. Scaling", "3. 스케일링"},
    {Txt::ExplFactorScaled, "factor = 1/√d_k ÷ temperature = 1/√%d ÷ %.2f = %.5f",
     "계수 = 1/√d_k ÷ 온도 = 1/√%d ÷ %.2f = %.5f"},
    {Txt::ExplFactorUnscaled, "factor = 1 ÷ temperature (√%d scaling off) = 1 ÷ %.2f = %.5f",
     "계수 = 1 ÷ 온도 (√%d 스케일링 끔) = 1 ÷ %.2f = %.5f"},
    {Txt::ExplStepMask, "4. Mask", "4. 마스크"},
    {Txt::ExplMaskedYes, "masked: the key is hidden from this query, z = -∞, weight 0",
     "마스크됨: 이 쿼리에게 키가 가려져 z = -∞, 가중치 0"},
    {Txt::ExplMaskedNo, "not masked", "마스크 안 됨"},
    {Txt::ExplStepSoftmax, "5. Softmax over row %d", "5. %d행의 소프트맥스"},
    {Txt::ExplRowMax, "max z over the %d visible keys = %.5f", "보이는 키 %d개 중 최대 z = %.5f"},
    {Txt::ExplExp, "exp(z - max) = exp(%.5f) = %.6f", "exp(z - max) = exp(%.5f) = %.6f"},
    {Txt::ExplRowSum, "Σ exp(z - max) over the row = %.6f", "행 전체의 Σ exp(z - max) = %.6f"},
    {Txt::ExplWeight, "weight = %.6f / %.6f = %.6f   (stored: %.6f)",
     "가중치 = %.6f / %.6f = %.6f   (저장된 값: %.6f)"},
    {Txt::ExplStepMix, "6. Mixing V into output %d", "6. V를 섞어 출력 %d 만들기"},
    {Txt::ExplTopKeys, "Keys that contribute most (weight × ‖v_j‖):", "가장 많이 기여하는 키 (가중치 × ‖v_j‖):"},
    {Txt::ExplOutput, "output o_%d of head %d = Σ_j weight_j · v_j:", "출력 o_%d (헤드 %d) = Σ_j 가중치_j · v_j:"},
    {Txt::ExplNorm, "norm", "노름"},
    {Txt::ExplSoftmaxTip,
     "Subtracting the row maximum does not change the softmax,\nit only keeps exp() from overflowing.",
     "행의 최댓값을 빼도 소프트맥스 값은 같습니다.\nexp()가 넘치지 않게 할 뿐입니다."},
    {Txt::ExplMixTip,
     "The head's output for this query is the weighted sum of the value vectors:\na key counts more "
     "when its weight or its value vector is large.",
     "이 쿼리에 대한 헤드의 출력은 값 벡터들의 가중합입니다:\n가중치나 값 벡터가 클수록 그 키가 "
     "더 많이 기여합니다."},
    {Txt::ExplVectorsTip,
     "q_i = row i of X W_Q (this head's columns); k_j = row j of X W_K.\nLong vectors show their "
     "first entries and their length (norm).",
     "q_i = X W_Q의 i행 (이 헤드의 열), k_j = X W_K의 j행.\n긴 벡터는 앞부분과 길이(노름)만 "
     "보여 줍니다."},
    {Txt::ExplColKey, "key", "키"},
    {Txt::ExplColWeight, "weight", "가중치"},
    {Txt::ExplColVNorm, "‖v‖", "‖v‖"},
    {Txt::ExplColShare, "weight × ‖v‖", "가중치 × ‖v‖"},

    {Txt::HeadsIntro,
     "Every head's weights on the same 0-1 scale, and their average. Click one to open it in the heatmap.",
     "모든 헤드의 가중치를 같은 0-1 범위로, 그리고 그 평균을 보여 줍니다. 하나를 클릭하면 히트맵에서 엽니다."},
    {Txt::HeadN, "Head %d", "헤드 %d"},
    {Txt::HeadAverage, "Average of all heads", "모든 헤드의 평균"},
    {Txt::HeadsClickTip, "Click to show this head in the heatmap and the cell explainer.",
     "클릭하면 이 헤드를 히트맵과 칸 설명에서 봅니다."},
    {Txt::HeadsAverageTip,
     "The mean of the heads' weight matrices. Each row still sums to 1.\nIt is not what the layer "
     "computes: each head mixes its own V.",
     "헤드 가중치 행렬들의 평균입니다. 각 행의 합은 여전히 1입니다.\n층이 실제로 계산하는 값은 "
     "아닙니다: 헤드마다 자기 V를 섞습니다."},
    {Txt::HeadsCellTip, "%s → %s: %.3f", "%s → %s: %.3f"},
    {Txt::HeadsMore, "Showing the first %d of %d heads.", "처음 %d개의 헤드를 보여 줍니다 (전체 %d개)."},

    {Txt::ScalingIntro,
     "The same head with and without dividing by √d_k, on the same 0-1 colour scale.",
     "같은 헤드를 √d_k로 나눌 때와 나누지 않을 때, 같은 0-1 색 범위로 비교합니다."},
    {Txt::ScalingHead, "Head %d · d_k = %d (choose the head in the heatmap or all-heads view)",
     "헤드 %d · d_k = %d (헤드는 히트맵이나 모든 헤드 보기에서 고릅니다)"},
    {Txt::ScalingScaled, "With ÷√d_k (factor %.4f)", "÷√d_k 적용 (계수 %.4f)"},
    {Txt::ScalingUnscaled, "Without scaling (factor %.4f)", "스케일링 없음 (계수 %.4f)"},
    {Txt::ScalingDiff, "Scaled - unscaled (±%.3f)", "스케일 적용 - 미적용 (±%.3f)"},
    {Txt::ScalingDiffTip, "Red: the scaled softmax gives this key more weight; blue: less.",
     "빨강: 스케일링하면 이 키의 가중치가 커짐, 파랑: 작아짐."},
    {Txt::ScalingWaiting, "Computing the comparison...", "비교할 결과를 계산하는 중..."},
    {Txt::ScalingStats, "Per query row", "쿼리 행별"},
    {Txt::ScalingStatsTip,
     "Entropy: how spread the row's weights are (0 = all on one key).\nMax weight: the largest "
     "weight in the row.\n‖J‖: size of the softmax Jacobian; near 0 means almost no gradient "
     "flows back.",
     "엔트로피: 행의 가중치가 얼마나 퍼져 있는지 (0 = 한 키에 몰림).\n최대 가중치: 행에서 가장 "
     "큰 가중치.\n‖J‖: 소프트맥스 야코비안의 크기. 0에 가까우면 기울기가 거의 전달되지 "
     "않습니다."},
    {Txt::ColToken, "query", "쿼리"},
    {Txt::ColEntropy, "entropy", "엔트로피"},
    {Txt::ColMaxWeight, "max w", "최대 w"},
    {Txt::ColJacobian, "‖J‖", "‖J‖"},
    {Txt::ScaledShort, "÷√d", "÷√d"},
    {Txt::RawShort, "raw", "원래"},
    {Txt::HistTitle, "Softmax inputs z of this head (%s)", "이 헤드의 소프트맥스 입력 z (%s)"},
    {Txt::HistTip, "How the scores before the softmax are spread. Wider spread = sharper softmax.",
     "소프트맥스 전 점수의 분포입니다. 넓게 퍼질수록 소프트맥스가 뾰족해집니다."},
    {Txt::DkTitle, "Why √d_k: random vectors", "왜 √d_k인가: 무작위 벡터"},
    {Txt::DkTip,
     "q and k have d_k independent entries of variance 1, so q·k has variance d_k.\nWithout "
     "scaling, large d_k makes the logits huge and the softmax one-hot.",
     "q와 k는 분산 1인 d_k개의 독립 성분을 가지므로 q·k의 분산은 d_k입니다.\n스케일링이 없으면 "
     "d_k가 클 때 로짓이 커져 소프트맥스가 원-핫이 됩니다."},
    {Txt::DkVar, "Var(q·k) = %.1f  (d_k = %d)    Var(q·k / √d_k) = %.2f",
     "Var(q·k) = %.1f  (d_k = %d)    Var(q·k / √d_k) = %.2f"},
    {Txt::DkEntropy, "mean entropy over %d keys: raw %.3f, ÷√d_k %.3f (uniform %.3f)",
     "키 %d개에 대한 평균 엔트로피: 원래 %.3f, ÷√d_k %.3f (균등 %.3f)"},
    {Txt::DkMax, "mean max weight: raw %.3f, ÷√d_k %.3f", "평균 최대 가중치: 원래 %.3f, ÷√d_k %.3f"},
    {Txt::DkCurve, "entropy for d_k = 4 … 512", "d_k = 4 … 512의 엔트로피"},

    {Txt::HistBothTitle, "Softmax inputs of this head, with and without ÷√d_k", "이 헤드의 소프트맥스 입력, ÷√d_k 있음과 없음"},
    {Txt::HistAxisValue, "softmax input", "소프트맥스 입력"},
    {Txt::HistAxisCount, "cells", "칸 수"},
    {Txt::DkAxisEntropy, "row entropy (nats)", "행 엔트로피 (nats)"},
    {Txt::DkUniform, "uniform (largest possible)", "균등 (가능한 최댓값)"},
    {Txt::AutoContrast, "Auto contrast", "자동 대비"},
    {Txt::AutoContrastTip,
     "Colours from this matrix's own smallest to largest value instead of the fixed 0-1 scale, so small "
     "differences in long sentences show. The colour bar says which scale is in use.",
     "고정된 0-1 범위 대신 이 행렬의 최솟값부터 최댓값까지로 색을 칠해, 긴 문장의 작은 차이도 보이게 합니다. "
     "어떤 범위를 쓰는지는 색 막대에 적힙니다."},
    {Txt::ZoomReset, "Zoom %.1f× · reset", "확대 %.1f× · 처음으로"},
    {Txt::ZoomTip,
     "Mouse wheel over the cells zooms at the pointer; drag (right or middle button, or left when zoomed) "
     "to pan; Home or this button shows the whole matrix.",
     "칸 위에서 마우스 휠로 포인터 위치를 확대합니다. 드래그(오른쪽·가운데 버튼, 확대 중에는 왼쪽도)로 "
     "이동하고, Home 키나 이 버튼으로 전체를 봅니다."},
    {Txt::PipeIntro,
     "Head %d, every step left to right, top to bottom, every matrix drawn with the same cell size so the "
     "shapes compare. Colours: each matrix on its own range (written above it), or S, Z and Z_m on one "
     "range with the switch below; A always 0–1. Hover a cell for its value.",
     "헤드 %d의 모든 단계를 왼쪽에서 오른쪽, 위에서 아래로 보여 줍니다. 모든 행렬의 칸 크기가 같아서 모양을 "
     "비교할 수 있습니다. 색: 행렬마다 자기 범위(행렬 위에 표시), 아래 스위치를 켜면 S, Z, Z_m이 한 범위를 함께 "
     "씁니다. A는 늘 0–1. 칸에 마우스를 올리면 값이 보입니다."},
    {Txt::PipeRange, "colours: %.3g … %.3g", "색 범위: %.3g … %.3g"},
    {Txt::PipeX, "token vectors + positions", "토큰 벡터 + 위치"},
    {Txt::PipeQ, "queries: what each token looks for", "쿼리: 각 토큰이 찾는 것"},
    {Txt::PipeK, "keys: what each token offers", "키: 각 토큰이 내보이는 것"},
    {Txt::PipeV, "values: what each token passes on", "값: 각 토큰이 전달하는 것"},
    {Txt::PipeS, "raw scores", "원점수"},
    {Txt::PipeZ, "scaled scores (÷√d_k, ÷ temperature)", "스케일된 점수 (÷√d_k, ÷ 온도)"},
    {Txt::PipeMask, "mask: hidden keys get -∞ (hatched)", "마스크: 가린 키는 -∞ (빗금)"},
    {Txt::PipeA, "weights: softmax of each row", "가중치: 각 행의 소프트맥스"},
    {Txt::PipeO, "this head's output: weighted sum of V", "이 헤드의 출력: V의 가중합"},
    {Txt::PipeConcat, "all heads' outputs side by side", "모든 헤드의 출력을 나란히"},
    {Txt::PipeY, "layer output", "층의 출력"},
    {Txt::PipeValue, "%s[%d, %d] = %.5f", "%s[%d, %d] = %.5f"},

    {Txt::PipeSameScale, "Same colour scale for S, Z and Z_m", "S, Z, Z_m에 같은 색 척도"},
    {Txt::PipeSameScaleTip,
     "On: the scores S, the scaled scores Z and the masked Z_m share one colour range, so dividing by √d_k "
     "visibly shrinks them (and switching it off stretches them). Off: each matrix uses its own min..max. "
     "The weights A are always on 0..1.",
     "켜면 점수 S, 스케일한 점수 Z, 마스크를 씌운 Z_m이 한 색 범위를 함께 써서, √d_k로 나누면 값이 줄어드는 것이 "
     "(끄면 늘어나는 것이) 눈에 보입니다. 끄면 행렬마다 자기 최솟값~최댓값을 씁니다. 가중치 A는 늘 0..1입니다."},
    {Txt::LinesIntro,
     "Each line joins a query (left) to a key (right); the stronger the weight, the brighter the "
     "line. Hover a token to see only its lines.",
     "선은 쿼리(왼쪽)와 키(오른쪽)를 잇고, 가중치가 클수록 선이 밝습니다. 토큰에 마우스를 "
     "올리면 그 토큰의 선만 보입니다."},
    {Txt::LinesTooMany,
     "%d tokens: the line view draws at most %d (that is already %d lines). Use the heatmap for "
     "long texts.",
     "토큰 %d개: 선 보기는 최대 %d개까지 그립니다 (그것만으로도 선 %d개). 긴 글은 히트맵을 "
     "쓰세요."},
    {Txt::LinesQueries, "queries", "쿼리"},
    {Txt::LinesKeys, "keys", "키"},
    {Txt::LinesHoverTip, "%s: %d lines above 1%%", "%s: 1%% 이상인 선 %d개"},

    {Txt::PeIntro,
     "Attention by itself does not know word order. Positional encoding adds a different wave "
     "pattern to each position: PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(...).",
     "어텐션 자체는 단어의 순서를 모릅니다. 위치 인코딩은 위치마다 다른 파동 무늬를 더합니다: "
     "PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(...)."},
    {Txt::PeMatrix, "PE matrix: T × d_model = %d × %d (rows: positions, columns: dimensions)",
     "PE 행렬: T × d_model = %d × %d (행: 위치, 열: 차원)"},
    {Txt::PeOff, "Positional encoding is off: the PE matrix is all zeros.",
     "위치 인코딩이 꺼져 있어 PE 행렬이 모두 0입니다."},
    {Txt::PeReverse, "Reverse the sentence", "문장 뒤집기"},
    {Txt::PeReverseTip, "Replace the sentence by its tokens in reverse order, then compare.",
     "문장을 토큰 순서를 거꾸로 한 문장으로 바꾼 뒤 비교합니다."},
    {Txt::PeNoteOff,
     "PE off: reversing the words only reverses the rows and columns of every weight matrix "
     "(A' = P A P^T). The model cannot tell the two orders apart.",
     "위치 인코딩 끔: 단어를 뒤집으면 가중치 행렬의 행과 열 순서만 뒤집힙니다 (A' = P A P^T). "
     "모델은 두 순서를 구별하지 못합니다."},
    {Txt::PeNoteOn,
     "PE on: each word now also carries its position, so reversing the sentence changes the "
     "weights themselves, not just their order.",
     "위치 인코딩 켬: 단어가 자기 위치도 함께 지니므로, 문장을 뒤집으면 가중치의 순서만이 아니라 "
     "값 자체가 바뀝니다."},
    {Txt::PeMismatch, "After reversing: max |A'(i, j) - A(T-1-i, T-1-j)| over all heads = %.6f",
     "뒤집은 뒤: 모든 헤드에서 max |A'(i, j) - A(T-1-i, T-1-j)| = %.6f"},
    {Txt::PeMismatchNone, "Press the button to compare the reversed sentence with this one.",
     "버튼을 누르면 뒤집은 문장과 지금 문장을 비교합니다."},
    {Txt::PeWeights, "Weights of head %d", "헤드 %d의 가중치"},
    {Txt::PeValueTip, "position %d, dimension %d: %.4f", "위치 %d, 차원 %d: %.4f"},
    {Txt::HeadsCellTipNum, "query %d → key %d: %.4f", "쿼리 %d → 키 %d: %.4f"},
    {Txt::MenuControls, "Controls panel", "설정 패널"},
    {Txt::MenuPresentation, "Presentation mode", "발표 모드"},
    {Txt::MenuUiScale, "UI scale", "화면 배율"},
    {Txt::MenuUiScaleTip, "Size of all text and widgets (saved for the next session).",
     "모든 글자와 위젯의 크기입니다 (다음 실행에도 유지됩니다)."},
    {Txt::PresentationHint, "Presentation mode · Esc to leave", "발표 모드 · Esc로 끝내기"},
    {Txt::HeadsAutoScale, "Own colour scale per map", "지도마다 자기 색 범위"},
    {Txt::HeadsAutoScaleTip,
     "With many tokens every weight is small and the 0-1 scale looks dark.\nThis colours each map "
     "from 0 to its 99th percentile (shown after its name); larger weights get the top colour.",
     "토큰이 많으면 가중치가 모두 작아 0-1 범위에서는 어둡게 보입니다.\n각 지도를 0부터 자기 "
     "99번째 백분위수까지의 색으로 칠합니다 (이름 뒤에 표시). 더 큰 가중치는 가장 밝은 색이 "
     "됩니다."},
    {Txt::MenuFile, "File", "파일"},
    {Txt::MenuExport, "Export figure or numbers...", "그림 또는 숫자 내보내기..."},
    {Txt::ExportTitle, "Export", "내보내기"},
    {Txt::ExportWhat, "Figure", "그림"},
    {Txt::ExportFormat, "Format", "형식"},
    {Txt::ExportSize, "Size", "크기"},
    {Txt::ExportSizeSlide, "Slide 16:9", "슬라이드 16:9"},
    {Txt::ExportSizeA4, "A4 portrait", "A4 세로"},
    {Txt::ExportSizeA4L, "A4 landscape", "A4 가로"},
    {Txt::ExportPngScale, "PNG scale", "PNG 배율"},
    {Txt::ExportPngScaleTip, "Pixels per figure unit: 1 = 120 dpi (1600 x 900 for a slide), 2 = 240 dpi.",
     "그림 단위당 픽셀 수: 1 = 120 dpi (슬라이드 1600 x 900), 2 = 240 dpi."},
    {Txt::ExportTransparent, "Transparent background", "투명 배경"},
    {Txt::ExportTransparentTip, "No background colour: the slide's own background shows through.",
     "배경색 없이 저장합니다: 슬라이드의 배경이 그대로 보입니다."},
    {Txt::ExportPath, "File", "파일"},
    {Txt::ExportPathTip, "Where to save. The extension follows the format; an existing file is replaced "
     "only when the export succeeds.",
     "저장할 곳입니다. 확장자는 형식에 맞춰집니다. 기존 파일은 내보내기가 성공했을 때만 바뀝니다."},
    {Txt::ExportGo, "Export", "내보내기"},
    {Txt::ExportClose, "Close", "닫기"},
    {Txt::ExportBusy, "Exporting...", "내보내는 중..."},
    {Txt::ExportNumbersTip, "CSV: the head's matrix shown in the heatmap (weights, scores or scaled scores). "
     "JSON: every intermediate matrix, as `attnlab dump` writes it.",
     "CSV: 히트맵에 보이는 헤드의 행렬 (가중치, 점수 또는 스케일된 점수). JSON: `attnlab dump`처럼 "
     "모든 중간 행렬."},
    {Txt::ViewVariants, "Variants", "변형"},
    {Txt::VarWindow, "Window ±k", "창 ±k"},
    {Txt::VarWindowTip, "Local attention: query i sees only keys with |i - j| <= k (on top of the run's mask).",
     "지역 어텐션: 쿼리 i는 |i - j| <= k 인 키만 봅니다 (지금 마스크에 더해서)."},
    {Txt::VarTile, "Keys per tile", "타일당 키 수"},
    {Txt::VarTileTip, "The online softmax reads the keys in tiles of this size, as FlashAttention does.",
     "온라인 소프트맥스는 FlashAttention처럼 키를 이 크기의 타일로 나누어 읽습니다."},
    {Txt::VarCompareIntro,
     "The same head computed three ways, as weights on one colour scale: softmax (the reference), a local "
     "window that hides keys farther than ±k (cost O(n·k·d)), and linear attention with φ(x) = elu(x) + 1 "
     "(cost O(n·d²)), whose weights φ(q_i)·φ(k_j) / Σ_j φ(q_i)·φ(k_j) are never formed when it runs. "
     "The last two pictures show what each changes: blue where it gives less weight, red where more.",
     "같은 헤드를 세 가지 방법으로 계산해 한 색 척도의 가중치로 보여 줍니다: 기준인 소프트맥스, ±k보다 먼 키를 "
     "가리는 로컬 윈도우(비용 O(n·k·d)), φ(x) = elu(x) + 1을 쓰는 선형 어텐션(비용 O(n·d²)). 선형 어텐션의 "
     "가중치 φ(q_i)·φ(k_j) / Σ_j φ(q_i)·φ(k_j)는 실제 계산에서는 만들어지지 않습니다. 마지막 두 그림은 각 방법이 "
     "바꾸는 것을 보여 줍니다: 가중치를 덜 주면 파랑, 더 주면 빨강."},
    {Txt::VarColNorm, "|softmax output|", "|소프트맥스 출력|"},
    {Txt::VarColLinear, "max |linear - softmax|", "max |선형 - 소프트맥스|"},
    {Txt::VarColWindow, "max |window - softmax|", "max |창 - 소프트맥스|"},
    {Txt::VarSummary, "Largest change: linear %.4f, window ±%d %.4f",
     "가장 큰 차이: 선형 %.4f, 창 ±%d %.4f"},
    {Txt::VarOnlineIntro,
     "Online softmax: the keys arrive tile by tile. Each row keeps a running max m and a running sum "
     "l of exp(z - m); when a larger score arrives, the old sum is rescaled by exp(m_old - m_new). "
     "The full weight matrix never exists, and the result is exact.",
     "온라인 소프트맥스: 키가 타일 단위로 들어옵니다. 각 행은 지금까지의 최댓값 m과 exp(z - m)의 "
     "합 l을 유지하고, 더 큰 점수가 오면 이전 합에 exp(m_old - m_new)를 곱해 고칩니다. 전체 가중치 "
     "행렬을 만들지 않아도 결과는 정확히 같습니다."},
    {Txt::VarStep, "Tile", "타일"},
    {Txt::VarStepTip, "Step through the tiles: the state of every row after that tile.",
     "타일을 하나씩 넘겨 봅니다: 그 타일까지 읽은 뒤 각 행의 상태입니다."},
    {Txt::VarTileKeys, "After tile %d of %d (keys %d..%d):", "타일 %d / %d 뒤 (키 %d..%d):"},
    {Txt::VarColMax, "running max m", "누적 최댓값 m"},
    {Txt::VarColSum, "running sum l", "누적 합 l"},
    {Txt::VarColPartial, "|a/l - final output|", "|a/l - 최종 출력|"},
    {Txt::VarOnlineErr, "After the last tile: max |online - softmax| = %.2e (rounding only).",
     "마지막 타일 뒤: max |온라인 - 소프트맥스| = %.2e (반올림 오차뿐)."},
    {Txt::VarCellValues, "softmax %.4f · window %.4f · linear %.4f", "소프트맥스 %.4f · 윈도우 %.4f · 선형 %.4f"},
    {Txt::VarPicSoftmax, "softmax", "소프트맥스"},
    {Txt::VarPicWindow, "window ±%d", "윈도우 ±%d"},
    {Txt::VarPicLinear, "linear (implied weights)", "선형 (암묵적 가중치)"},
    {Txt::VarPicDiffRange, "blue - · red + · ±%.3g", "파랑 - · 빨강 + · ±%.3g"},
    {Txt::VarPicWindowDiff, "window - softmax", "윈도우 - 소프트맥스"},
    {Txt::VarPicLinearDiff, "linear - softmax", "선형 - 소프트맥스"},
    {Txt::VarPlay, "Play", "재생"},
    {Txt::VarPause, "Pause", "일시정지"},
    {Txt::VarPlayTip, "Steps through the tiles by itself, one every 0.7 s.", "0.7초마다 한 타일씩 저절로 넘어갑니다."},
    {Txt::VarBarsNote,
     "Bars per query row: the running max m as e^(m - m_final) (full = the row's largest score is already "
     "seen) and the running sum l rescaled to the final max (full = every key counted). Hover for the numbers.",
     "쿼리 행마다 막대: 누적 최댓값 m을 e^(m - m_final)로(가득 차면 그 행의 가장 큰 점수를 이미 본 것), 누적 합 l을 "
     "최종 최댓값 기준으로(가득 차면 모든 키를 센 것) 그립니다. 마우스를 올리면 숫자가 보입니다."},
    {Txt::ViewRow, "Row", "행"},
    {Txt::RowIntro,
     "One query's attention weights over the keys: how much of each token's value it mixes into its output. "
     "The bars sum to 1. Pick the query with the arrows (or ↑ / ↓), or click a row label in the heatmap.",
     "쿼리 하나가 키마다 주는 어텐션 가중치, 곧 각 토큰의 값을 출력에 얼마나 섞는지입니다. 막대의 합은 1입니다. "
     "화살표(또는 ↑ / ↓)로 쿼리를 고르거나 히트맵의 행 이름을 누르세요."},
    {Txt::RowQuery, "Query", "쿼리"},
    {Txt::RowPrevTip, "Previous query (↑)", "이전 쿼리 (↑)"},
    {Txt::RowNextTip, "Next query (↓)", "다음 쿼리 (↓)"},
    {Txt::RowSorted, "Sorted by weight", "가중치 순으로 정렬"},
    {Txt::RowSortedTip, "Largest weight first; off: the keys in sentence order.",
     "가장 큰 가중치부터; 끄면 문장 순서대로."},
    {Txt::RowSummary, "\"%s\" attends most to \"%s\" (%.2f). Entropy %.2f nats (uniform: %.2f).",
     "\"%s\"은(는) \"%s\"에 가장 크게 주목합니다 (%.2f). 엔트로피 %.2f nats (균등하면 %.2f)."},
    {Txt::RowFullyMasked, "Every key of this query is masked: its weights are all 0.",
     "이 쿼리의 모든 키가 마스크되어 가중치가 모두 0입니다."},
    {Txt::RowAxisKeys, "keys", "키"},
    {Txt::RowAxisWeight, "weight", "가중치"},
    {Txt::RowMaskedTip, "%s → %s: masked (weight 0)", "%s → %s: 마스크됨 (가중치 0)"},
    {Txt::RowLabelTip, "Click: show this query's weights (Row view, Ctrl+Shift+1)",
     "클릭: 이 쿼리의 가중치 보기 (행 보기, Ctrl+Shift+1)"},
    {Txt::ViewQk, "Queries & keys", "쿼리와 키"},
    {Txt::QkIntro,
     "The head's query vectors (what each token looks for) and key vectors (what each token offers) in one "
     "picture: both projected on the first two principal components of Q_h and K_h together. A query scores "
     "high against keys that point the same way. Hover a query to see its attention as lines (thicker = "
     "more weight); click it to select it.",
     "헤드의 쿼리 벡터(각 토큰이 찾는 것)와 키 벡터(각 토큰이 내보이는 것)를 한 그림에 놓았습니다. Q_h와 K_h를 "
     "함께 놓고 구한 첫 두 주성분에 투영했습니다. 쿼리는 같은 방향을 가리키는 키와 점수가 높습니다. 쿼리에 "
     "마우스를 올리면 어텐션이 선으로 보이고(굵을수록 가중치가 큼), 누르면 그 쿼리를 고릅니다."},
    {Txt::QkAxis, "component %d (%.0f%% of the variance)", "주성분 %d (분산의 %.0f%%)"},
    {Txt::QkQueries, "queries", "쿼리"},
    {Txt::QkKeys, "keys", "키"},
    {Txt::ViewCost, "Cost", "비용"},
    {Txt::CostIntro,
     "Attention compares every token with every other: n tokens make n² scores per head. Measure one head "
     "(d = 64) computed four ways on this computer, for n = 16 to 4096: full softmax needs time and memory "
     "like n²; a local window only looks at 2k+1 neighbours (n·k); linear attention never forms the n × n "
     "matrix (time and memory like n); the online softmax of FlashAttention still does n² work, but keeps "
     "only one tile of scores in memory. On a log-log plot a power n^p is a straight line of slope p.",
     "어텐션은 모든 토큰을 다른 모든 토큰과 비교합니다: 토큰이 n개면 헤드마다 점수가 n²개입니다. 이 컴퓨터에서 "
     "헤드 하나(d = 64)를 네 가지 방법으로 n = 16~4096에 대해 재 봅니다: 전체 소프트맥스는 시간과 메모리가 n²처럼 "
     "늘고, 로컬 윈도우는 이웃 2k+1개만 보며(n·k), 선형 어텐션은 n × n 행렬을 만들지 않습니다(시간과 메모리 모두 "
     "n에 비례). FlashAttention의 온라인 소프트맥스는 계산은 여전히 n²이지만 메모리에는 점수 타일 하나만 둡니다. "
     "로그-로그 그래프에서 n^p는 기울기 p인 직선입니다."},
    {Txt::CostRun, "Measure", "측정"},
    {Txt::CostRunTip, "Runs in the background, a few seconds; the plots fill in as the sizes are measured.",
     "백그라운드에서 몇 초 동안 실행되며, 크기별로 측정되는 대로 그래프가 채워집니다."},
    {Txt::CostRunning, "Measuring...", "측정 중..."},
    {Txt::CostColN, "n", "n"},
    {Txt::CostColMs, "time (ms)", "시간 (ms)"},
    {Txt::CostColMiB, "memory (MiB)", "메모리 (MiB)"},
    {Txt::CostTimeTitle, "Time per head", "헤드 하나의 계산 시간"},
    {Txt::CostMemTitle, "Memory besides Q, K, V and the output", "Q, K, V와 출력 외에 쓰는 메모리"},
    {Txt::CostAxisN, "n (tokens)", "n (토큰 수)"},
    {Txt::CostAxisTime, "time", "시간"},
    {Txt::CostAxisMem, "memory", "메모리"},
    {Txt::CostSoftmax, "softmax (full n × n)", "소프트맥스 (n × n 전체)"},
    {Txt::CostWindow, "local window ±%d", "로컬 윈도우 ±%d"},
    {Txt::CostLinear, "linear attention", "선형 어텐션"},
    {Txt::CostOnline, "online softmax (tiles of %d)", "온라인 소프트맥스 (타일 %d)"},
    {Txt::CostEngine, "AttnLab trace (all heads, all kept)", "AttnLab 트레이스 (모든 헤드, 전부 저장)"},
    {Txt::CostRefN, "slope 1: n", "기울기 1: n"},
    {Txt::CostRefN2, "slope 2: n²", "기울기 2: n²"},
    {Txt::CostSlopeRow, "fit n^p", "맞춤 n^p"},
    {Txt::CostSlopeTip,
     "The exponent p of a least-squares fit c·n^p over n ≥ 128 (where fixed costs no longer dominate): the slope of the curve on the log-log plot.",
     "n ≥ 128 구간(고정 비용이 더는 지배하지 않는 곳)에서 c·n^p로 최소제곱 맞춤한 지수 p, 곧 로그-로그 그래프에서 곡선의 기울기입니다."},
    {Txt::CostTableTitle, "Measured (best of several runs)", "측정값 (여러 번 중 가장 빠른 값)"},
    {Txt::CostNone, "Press Measure: nothing measured yet.", "측정을 누르세요: 아직 잰 값이 없습니다."},
    {Txt::MenuModel, "Model", "모델"},
    {Txt::MenuOpenModel, "Open model folder…", "모델 폴더 열기…"},
    {Txt::MenuRecentModels, "Recent models", "최근 모델"},
    {Txt::MenuNoRecent, "(none yet)", "(아직 없음)"},
    {Txt::RecentMissing, "folder not found", "폴더를 찾을 수 없음"},
    {Txt::MenuUseBuiltin, "Use built-in model", "내장 모델 사용"},
    {Txt::OpenModelTitle, "Open a model folder", "모델 폴더 열기"},
    {Txt::OpenModelIntro,
     "A GPT-2 or BERT folder as downloaded from Hugging Face: config.json, model.safetensors and the "
     "tokenizer files (tokenizer.json, or vocab.json + merges.txt, or vocab.txt). You can also drop the "
     "folder, or a file in it, onto the window.",
     "Hugging Face에서 내려받은 GPT-2 또는 BERT 폴더: config.json, model.safetensors와 토크나이저 파일 "
     "(tokenizer.json, 또는 vocab.json + merges.txt, 또는 vocab.txt)이 있어야 합니다. 폴더나 그 안의 "
     "파일을 창에 끌어다 놓아도 됩니다."},
    {Txt::OpenModelPath, "Folder", "폴더"},
    {Txt::OpenModelPathHint, "/path/to/gpt2", "/경로/gpt2"},
    {Txt::OpenModelGo, "Open", "열기"},
    {Txt::ModelCancel, "Cancel", "취소"},
    {Txt::ModelClose, "Close", "닫기"},
    {Txt::ModelLoading, "Loading %s", "%s 불러오는 중"},
    {Txt::ModelLoadFailed, "Could not open the model folder %s:", "모델 폴더 %s을(를) 열 수 없습니다:"},
    {Txt::ModelRestoreFailed, "The model of the last session could not be opened again; using the built-in model.",
     "지난번에 쓰던 모델을 다시 열지 못해 내장 모델을 씁니다."},
    {Txt::ModelBuiltin, "Built-in model (random weights, one layer)", "내장 모델 (무작위 가중치, 한 층)"},
    {Txt::ModelInfo, "%s: %d layers × %d heads, d_model %d, d_k %d", "%s: %d개 층 × %d개 헤드, d_model %d, d_k %d"},
    {Txt::ModelFolderLine, "%s, weights %s", "%s, 가중치 %s"},
    {Txt::BuiltinOnlyTip,
     "Only for the built-in model. A pretrained model comes with its own size, heads, weights and "
     "position vectors.",
     "내장 모델에서만 쓸 수 있습니다. 사전 학습 모델은 크기, 헤드 수, 가중치, 위치 벡터가 이미 "
     "정해져 있습니다."},
    {Txt::SentenceB, "Sentence B (second segment)", "문장 B (두 번째 세그먼트)"},
    {Txt::SentenceBTip,
     "BERT reads a pair of sentences as [CLS] A [SEP] B [SEP]; the tokens of B get the second segment "
     "embedding. Every token attends to both sentences.",
     "BERT는 두 문장을 [CLS] A [SEP] B [SEP]로 읽고, B의 토큰에는 두 번째 세그먼트 임베딩을 더합니다. "
     "모든 토큰이 두 문장 모두에 어텐션합니다."},
    {Txt::CrossNoSecondTip,
     "This model reads one text only (GPT-2 has no second sentence and no cross-attention).",
     "이 모델은 글 하나만 읽습니다 (GPT-2에는 두 번째 문장도 교차 어텐션도 없습니다)."},
    {Txt::TokenPieceTip, "piece %s, id %d", "조각 %s, id %d"},
    {Txt::Layer, "Layer", "층"},
    {Txt::LayerTip, "Which layer's attention the views show (PageUp / PageDown).",
     "어느 층의 어텐션을 보여 줄지 고릅니다 (PageUp / PageDown)."},
    {Txt::ViewModel, "Model (all layers)", "모델 (모든 층)"},
    {Txt::ModelViewIntro,
     "Every head of every layer at once: one row per layer, one column per head. Click a map to open "
     "it in the heatmap.",
     "모든 층의 모든 헤드를 한눈에 봅니다: 줄마다 층 하나, 칸마다 헤드 하나입니다. 그림을 누르면 "
     "히트맵에서 엽니다."},
    {Txt::ModelViewCell, "Layer %d, head %d", "%d층, %d번 헤드"},
    {Txt::ModelViewClick, "Click to show it in the heatmap.", "누르면 히트맵에서 보여 줍니다."},
    {Txt::ModelRowLabel, "L%d", "%d층"},
    {Txt::ModelColLabel, "H%d", "H%d"},
    {Txt::ModelViewPooled, "Long text: each thumbnail pixel is the largest weight of %d × %d cells.",
     "긴 글: 작은 그림의 점 하나가 %d × %d칸 중 가장 큰 가중치입니다."},
    {Txt::PeLearned,
     "This model learned its position vectors in training; they are added to the token vectors "
     "before the first layer and cannot be turned off.",
     "이 모델은 위치 벡터를 학습했습니다. 첫 층 앞에서 토큰 벡터에 더해지며 끌 수 없습니다."},
    {Txt::ModelDropHint, "Drop a model folder onto the window to open it.",
     "모델 폴더를 창에 끌어다 놓으면 열립니다."},
    {Txt::BuiltinHidden, "(size, heads, seed: the built-in model's only)", "(크기, 헤드 수, 시드: 내장 모델 전용)"},
    {Txt::CausalAlwaysTip,
     "GPT-2 predicts the next token, so every token sees only itself and the tokens before it: "
     "this mask is always on.",
     "GPT-2는 다음 토큰을 예측하므로 각 토큰은 자신과 앞의 토큰만 봅니다: 이 마스크는 항상 켜져 있습니다."},
    {Txt::ViewPredict, "Predict (next token)", "예측 (다음 토큰)"},
    {Txt::PredictNoModel,
     "The built-in model has random weights and no vocabulary, so it predicts nothing. Open a GPT-2 "
     "model (Model > Open model folder) to see its next-token guesses and to generate text, or a BERT "
     "model to fill in [MASK]ed words.",
     "내장 모델은 가중치가 무작위이고 어휘가 없어 아무것도 예측하지 않습니다. 다음 토큰 예측과 글 생성을 "
     "보려면 GPT-2 모델을, [MASK] 자리 채우기를 보려면 BERT 모델을 여세요 (모델 > 모델 폴더 열기)."},
    {Txt::PredictIntroGpt2,
     "GPT-2 reads the text and gives every possible next token a probability. Click a token to see what "
     "the model expects after it; generate to add tokens one at a time.",
     "GPT-2는 글을 읽고 다음에 올 수 있는 모든 토큰에 확률을 줍니다. 토큰을 누르면 그 뒤에 모델이 무엇을 "
     "기대하는지 보여 줍니다. 생성하면 토큰을 하나씩 덧붙입니다."},
    {Txt::PredictIntroBert,
     "BERT does not predict the next token: it fills in hidden ([MASK]) tokens from both sides. Type "
     "[MASK] in the sentence or click a token to hide it.",
     "BERT는 다음 토큰을 예측하지 않고, 가려진 ([MASK]) 토큰을 양쪽 문맥으로 채웁니다. 문장에 [MASK]를 "
     "쓰거나 토큰을 눌러 가리세요."},
    {Txt::PredictPosition, "Next token after \"%s\" (token %d of %d)", "\"%s\" 다음 토큰 (%d / %d번째 토큰)"},
    {Txt::PredictClickTip, "Click a token to predict what comes after it.", "토큰을 누르면 그 뒤에 올 토큰을 예측합니다."},
    {Txt::PredictGreedy, "Greedy", "탐욕적 선택"},
    {Txt::PredictGreedyTip, "Always take the most probable token (the controls below then do nothing).",
     "항상 가장 확률이 높은 토큰을 고릅니다 (아래 설정은 쓰이지 않습니다)."},
    {Txt::PredictTemp, "Temperature", "온도"},
    {Txt::PredictTempTip, "Divides the logits before the softmax: below 1 sharpens, above 1 flattens.",
     "소프트맥스 전에 로짓을 나눕니다: 1보다 작으면 뾰족하게, 크면 평평하게 만듭니다."},
    {Txt::PredictTopK, "Top-k", "상위 k"},
    {Txt::PredictTopKTip, "Keep only the k most probable tokens (0 = all).", "확률이 높은 k개 토큰만 남깁니다 (0 = 모두)."},
    {Txt::PredictTopP, "Top-p", "상위 p"},
    {Txt::PredictTopPTip, "Then keep the fewest most probable tokens whose probabilities add up to p.",
     "그다음 확률 합이 p가 될 때까지 가장 확률이 높은 토큰만 남깁니다."},
    {Txt::PredictSeed, "Seed", "시드"},
    {Txt::PredictSeedTip, "The same seed draws the same tokens.", "시드가 같으면 같은 토큰을 뽑습니다."},
    {Txt::PredictShown, "Bars", "막대 수"},
    {Txt::PredictRaw, "model (temperature 1)", "모델 (온도 1)"},
    {Txt::PredictSampled, "sampling draws from", "샘플링 분포"},
    {Txt::PredictKept, "Sampling keeps %d token(s): %.1f%% of the model's probability.",
     "샘플링은 토큰 %d개를 남깁니다: 모델 확률의 %.1f%%."},
    {Txt::PredictAxis, "probability", "확률"},
    {Txt::PredictPlusOne, "+1 token", "+1 토큰"},
    {Txt::PredictPlusOneTip, "Add one token (Enter or G when no text field is active).",
     "토큰 하나를 덧붙입니다 (입력란이 선택되어 있지 않을 때 Enter 또는 G)."},
    {Txt::PredictPlusN, "+%d tokens", "+%d 토큰"},
    {Txt::PredictPlusNTip, "Add this many tokens; each new token's attention appears as it arrives.",
     "이만큼 토큰을 덧붙입니다. 새 토큰마다 어텐션이 도착하는 대로 나타납니다."},
    {Txt::PredictUndo, "Undo", "되돌리기"},
    {Txt::PredictUndoTip, "Remove the last generated token.", "마지막으로 생성한 토큰을 지웁니다."},
    {Txt::PredictKeep, "Keep as sentence", "문장으로 쓰기"},
    {Txt::PredictKeepTip, "Write the text with the generated tokens into the sentence (the other views then show it).",
     "생성한 토큰까지 포함한 글을 문장에 넣습니다 (다른 보기도 그 글을 보여 줍니다)."},
    {Txt::PredictGenerating, "generating…", "생성 중…"},
    {Txt::PredictFull, "All %d positions of the model are used: no more tokens fit.",
     "모델의 위치 %d개를 모두 썼습니다: 토큰을 더 넣을 수 없습니다."},
    {Txt::PredictGrowTitle, "Attention of each token over the ones before it (layer %d, head %d)",
     "각 토큰이 앞 토큰들에 주는 어텐션 (%d층, %d번 헤드)"},
    {Txt::PredictGrowTip,
     "Each generated token adds one row: its attention over everything before it, computed once with the "
     "key-value cache.",
     "생성된 토큰마다 한 줄이 늘어납니다: 앞의 모든 토큰에 대한 어텐션이며, 키-값 캐시로 한 번만 계산합니다."},
    {Txt::PredictStarting, "Reading the text…", "글을 읽는 중…"},
    {Txt::PredictText, "Text", "글"},
    {Txt::PredictNoMlmHead,
     "This BERT checkpoint was saved without its masked-LM head, so it cannot fill in [MASK]. Open a "
     "checkpoint saved as BertForMaskedLM (e.g. bert-base-uncased from the Hugging Face hub).",
     "이 BERT 체크포인트는 마스크 언어 모델 헤드 없이 저장되어 [MASK]를 채울 수 없습니다. "
     "BertForMaskedLM으로 저장된 체크포인트(예: Hugging Face의 bert-base-uncased)를 여세요."},
    {Txt::PredictMaskHint, "Type [MASK] in the sentence, or click a token below to hide it.",
     "문장에 [MASK]를 쓰거나, 아래 토큰을 눌러 가리세요."},
    {Txt::PredictMaskTitle, "[MASK] at token %d (was \"%s\")", "%d번째 토큰의 [MASK] (원래 \"%s\")"},
    {Txt::PredictMaskClear, "Unmask all", "가림 모두 해제"},
    {Txt::PredictMaskClickTip, "Click to hide this token ([MASK]) or show it again.",
     "누르면 이 토큰을 가리거나 ([MASK]) 다시 보입니다."},
    {Txt::PredictError, "Cannot predict:", "예측할 수 없습니다:"},
    {Txt::PredictMasked, "filler probability", "채울 토큰 확률"},
    {Txt::RolesTitle, "Head roles", "헤드 역할"},
    {Txt::RolesComputing, "Scoring every head…", "모든 헤드의 점수를 매기는 중…"},
    {Txt::RolesNeedModel, "Head roles need a pretrained model (Model > Open model folder).",
     "헤드 역할은 사전 학습 모델이 있어야 볼 수 있습니다 (모델 > 모델 폴더 열기)."},
    {Txt::RolesOnProbe, "Probe", "탐침"},
    {Txt::RolesOnSentence, "This sentence", "이 문장"},
    {Txt::RolesOnTip,
     "Probe: random tokens repeated twice, where duplicate and induction patterns exist. This sentence: "
     "the scores on the text you typed.",
     "탐침: 무작위 토큰을 두 번 반복한 글로, 중복·귀납 패턴이 생깁니다. 이 문장: 입력한 글에서의 점수입니다."},
    {Txt::RolesRank, "Rank heads by", "헤드 순위 기준"},
    {Txt::RolesListTip, "Click a head to open it in the heatmap.", "헤드를 누르면 히트맵에서 엽니다."},
    {Txt::RolesNone, "mixed (no role ≥ 0.3)", "섞임 (0.3 이상인 역할 없음)"},
    {Txt::RolesScore, "score", "점수"},
    {Txt::RolesLegendTip, "Each map's badge: the head's strongest role (score ≥ 0.3).",
     "그림의 표시: 그 헤드의 가장 강한 역할 (점수 ≥ 0.3)."},
    {Txt::RolePrevious, "previous-token", "이전 토큰"},
    {Txt::RoleDuplicate, "duplicate-token", "중복 토큰"},
    {Txt::RoleInduction, "induction", "귀납"},
    {Txt::RoleFirst, "first-token (sink)", "첫 토큰 (싱크)"},
    {Txt::RoleSelf, "self", "자기 자신"},
    {Txt::RoleBroad, "broad", "넓게 퍼짐"},
    {Txt::RolePreviousTip, "Looks at the token just before.", "바로 앞 토큰을 봅니다."},
    {Txt::RoleDuplicateTip, "Looks at earlier copies of the same token.", "앞에 나온 같은 토큰을 봅니다."},
    {Txt::RoleInductionTip, "Looks at the token that followed the last copy of this one (A B … A → B).",
     "이 토큰이 앞서 나왔을 때 바로 뒤에 온 토큰을 봅니다 (A B … A → B)."},
    {Txt::RoleFirstTip, "Parks its attention on the first token (an attention sink).",
     "어텐션을 첫 토큰에 몰아 둡니다 (어텐션 싱크)."},
    {Txt::RoleSelfTip, "Looks at its own token.", "자기 토큰을 봅니다."},
    {Txt::RoleBroadTip, "Spreads its attention evenly (high entropy).", "어텐션을 고르게 퍼뜨립니다 (엔트로피가 높음)."},
    {Txt::RolesCell, "strongest: %s (%.2f)", "가장 강한 역할: %s (%.2f)"},
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
    {Txt::SelRowsSum, "Σ over %d selected row(s), where they look:", "선택한 행 %d개의 합, 보는 곳:"},
    {Txt::SelColsSum, "Σ over %d selected column(s), who looks at them:", "선택한 열 %d개의 합, 보는 토큰:"},
    {Txt::SelClear, "Clear selection", "선택 지우기"},
    {Txt::SelHint, "Shift+click a row label to add a query row, Shift+click a cell to add its key column.",
     "Shift+클릭: 행 이름은 쿼리 행을, 칸은 그 키 열을 선택에 더합니다."},
};
static_assert(sizeof(kTexts) / sizeof(kTexts[0]) == size_t(Txt::Count), "one entry per Txt id");

}  // namespace

const char* lang_name(Lang lang) { return lang == Lang::Ko ? "ko" : "en"; }

bool parse_lang(std::string_view name, Lang* out) {
    if (name == "en") {
        *out = Lang::En;
        return true;
    }
    if (name == "ko") {
        *out = Lang::Ko;
        return true;
    }
    return false;
}

const char* tr(Lang lang, Txt id) {
    const Entry& e = kTexts[int(id)];
    assert(e.id == id && "kTexts must be in enum order");
    return lang == Lang::Ko ? e.ko : e.en;
}

}  // namespace attn::app
