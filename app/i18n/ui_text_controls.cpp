// ui_text_controls.cpp — the controls column's UI strings in English and Korean: sentence, model, attention, mask
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    // Sections
    {Txt::SecSentence, "Sentence", "문장"},
    {Txt::SecModel, "Model", "모델"},
    {Txt::SecAttention, "Attention", "어텐션"},
    {Txt::SecMask, "Mask", "마스크"},
    {Txt::SecDisplay, "Display", "화면"},

    // Sentence
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
    {Txt::TokensUnknownLine, "Not in this model's vocabulary (%d): %s",
     "이 모델의 어휘에 없는 말 (%d개): %s"},
    {Txt::TokenUnknownTip,
     "Not in this model's vocabulary: the model reads it as its unknown token (id %d), the same as every "
     "other word it does not know.",
     "이 모델의 어휘에 없는 말입니다. 모델은 이것을 '모르는 말' 토큰(id %d)으로 읽으며, 모르는 다른 말과 "
     "구별하지 못합니다."},

    // Model
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

    // Attention
    {Txt::Scale, "Divide by √d_k", "√d_k로 나누기"},
    {Txt::ScaleTipUnscaledModel,
     "This model (T5) never divides its scores by √d_k: its training folded the factor into W_Q, so "
     "unticked is the model as trained.\nTick it to see what the factor would do to its attention.",
     "이 모델(T5)은 점수를 √d_k로 나누지 않습니다. 학습이 그 계수를 W_Q에 흡수했으므로 끈 상태가 학습된 "
     "모델 그대로입니다.\n켜면 그 계수가 주의에 무엇을 하는지 볼 수 있습니다."},
    {Txt::ScaleNotTheModel, "(not the model)", "(모델과 다름)"},
    {Txt::ScalingTrainedUnscaled,
     "This model (T5) was trained without ÷√d_k: the unscaled map is the model itself. It still trains because "
     "its initialisation draws W_Q about √d_k times smaller, folding the factor into the weights; dividing once "
     "more (the scaled map) flattens what it learned.",
     "이 모델(T5)은 ÷√d_k 없이 학습되었습니다. 스케일링 없는 그림이 모델 그대로입니다. 그래도 학습되는 까닭은 "
     "초기화가 W_Q를 약 √d_k배 작게 뽑아 그 계수를 가중치에 흡수하기 때문입니다. 한 번 더 나누면(스케일 적용 그림) "
     "배운 주의가 평평해집니다."},
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

    // Mask
    {Txt::Causal, "Causal (no look-ahead)", "인과 마스크 (미래 보지 않기)"},
    {Txt::CausalTip, "Each token may only attend to itself and the tokens before it, as in GPT.",
     "각 토큰은 자기 자신과 앞의 토큰만 볼 수 있습니다 (GPT처럼)."},
    {Txt::Window, "Local window", "지역 창"},
    {Txt::WindowTip, "Each token only sees the tokens at most k positions away.",
     "각 토큰은 k칸 이내의 토큰만 봅니다."},
    {Txt::WindowK, "±k", "±k"},
    {Txt::WindowKTip, "Half-width k of the local window.", "지역 창의 반폭 k입니다."},
    {Txt::TokenLimit, "Token limit", "토큰 한도"},
    {Txt::TokenLimitTip,
     "A text with more tokens than this is refused: attention's cost grows as n².\n"
     "At most 2048 (the command line's --max-tokens).",
     "토큰이 이보다 많은 글은 거절합니다. 어텐션 비용은 n²로 늘어납니다.\n"
     "최대 2048 (명령줄의 --max-tokens)."},
    {Txt::TokenLimitRefusal,
     "The text has more than %d tokens (the limit). Shorten it, or raise Token limit under Sentence in the "
     "controls (at most %d).",
     "글의 토큰이 %d개를 넘습니다 (한도). 글을 줄이거나, 컨트롤의 문장 아래 '토큰 한도'를 높이세요 (최대 %d)."},
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

    // Display
    {Txt::Language, "Language", "언어"},
    {Txt::LanguageTip, "Language of the user interface.", "화면에 쓰이는 언어입니다."},
    // The sentence bar's chat wrapping (instruct models)
    {Txt::ChatWrap, "Chat format", "채팅 형식"},
    {Txt::ChatWrapTip,
     "Give the sentence to the model as one user turn in its chat format (%s), as a chat app does: the heatmap then "
     "shows the format's tokens too, and the next token is the start of the model's answer.",
     "문장을 모델의 채팅 형식(%s)에 맞춘 사용자 발화 하나로 넣습니다. 채팅 앱이 하는 것과 같습니다. 그러면 히트맵에 형식의 "
     "토큰들도 보이고, 다음 토큰은 모델 답의 첫 토큰이 됩니다."},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area controls_texts() { return area("controls", kTexts); }

}  // namespace attn::app::ui_text_parts
