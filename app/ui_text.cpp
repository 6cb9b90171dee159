#include "app/ui_text.h"

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
