// ui_text_rope.cpp — the RoPE view's, the KV-cache panel's and the GQA labels' UI strings in English
// and Korean (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    {Txt::ViewRope, "RoPE (rotary positions)", "RoPE (회전 위치)"},
    {Txt::RopeIntro,
     "Llama, Qwen and Mistral add no position vectors to the tokens: they turn q and k. Each pair of coordinates of a "
     "head is a small 2-D arrow that rotates by (position × θ) — one speed per pair. A score q·k then depends only on "
     "how far apart the two tokens are.",
     "Llama, Qwen, Mistral는 토큰에 위치 벡터를 더하지 않고 q와 k를 돌립니다. 헤드의 좌표 두 개씩이 작은 2차원 화살표가 "
     "되어 (위치 × θ)만큼 돕니다. 쌍마다 속도가 다릅니다. 그래서 점수 q·k는 두 토큰이 얼마나 떨어져 있는지에만 달려 있습니다."},
    {Txt::RopeNotRotary,
     "This model has no rotary positions: it adds a position vector to each token, learned or sinusoidal (GPT-2, "
     "BERT, Marian and the built-in model do; see the Positional view). Open a Llama, Qwen or Mistral folder (Model "
     "> Open model folder…) to see RoPE.",
     "이 모델에는 회전 위치가 없습니다. 토큰마다 학습된 위치 벡터나 사인 위치 벡터를 더합니다 (GPT-2, BERT, "
     "Marian, 내장 모델이 그렇습니다. 위치 보기를 보세요). RoPE를 보려면 Llama, Qwen, Mistral 폴더를 여세요 "
     "(모델 > 모델 폴더 열기…)."},
    {Txt::RopePair, "Pair", "쌍"},
    {Txt::RopePairTip, "Pair i turns coordinates i and i + r/2 of the head (r = %d rotated dimensions of %d).",
     "쌍 i는 헤드의 좌표 i와 i + r/2를 돌립니다 (회전하는 차원 r = %d, 헤드의 차원 %d)."},
    {Txt::RopePairInfo, "pair %d of %d: θ = %.3g rad per position, one full turn every %.1f positions",
     "쌍 %d / %d: θ = 위치마다 %.3g rad, %.1f 위치마다 한 바퀴"},
    {Txt::RopeBefore, "before rotation (as projected)", "회전 전 (투영한 그대로)"},
    {Txt::RopeAfter, "after rotation (angle = position × θ)", "회전 후 (각도 = 위치 × θ)"},
    {Txt::RopeLegend, "q (orange), k (blue) of every token, numbered by position; hover a token to pick it out",
     "토큰마다 q (주황), k (파랑), 위치 번호를 붙였습니다. 토큰에 마우스를 올리면 강조됩니다"},
    {Txt::RopeSpectrum, "Speed of every pair (θ, log scale): fast pairs tell neighbours apart, slow pairs reach far",
     "쌍마다의 속도 (θ, 로그 눈금): 빠른 쌍은 이웃을 구별하고, 느린 쌍은 멀리까지 닿습니다"},
    {Txt::RopeSpectrumTip, "pair %d: θ = %.3g, one turn every %.1f positions (click: show this pair)",
     "쌍 %d: θ = %.3g, %.1f 위치마다 한 바퀴 (클릭: 이 쌍 보기)"},
    {Txt::RopeShift, "Shift the sentence by", "문장을 옮기기:"},
    {Txt::RopeShiftTip, "Runs the same tokens again with the first one at position k instead of 0, and compares every score.",
     "같은 토큰들을 첫 토큰이 0이 아닌 위치 k에 오도록 다시 실행하고 모든 점수를 비교합니다."},
    {Txt::RopeShiftResult, "shifted by %d: max |Δ score| over %d layers × %d heads = %.2g (this head: %.2g), %.0f ms",
     "%d만큼 옮김: %d층 × %d헤드 전체의 최대 |Δ 점수| = %.2g (이 헤드: %.2g), %.0f ms"},
    {Txt::RopeShiftSame, "The scores stay the same (up to rounding): each depends only on the distance between the two tokens.",
     "점수는 (반올림 오차를 빼면) 그대로입니다. 점수는 두 토큰 사이의 거리에만 달려 있습니다."},
    {Txt::RopeShiftBusy, "Running the shifted sentence…", "옮긴 문장을 실행하는 중…"},
    {Txt::RopeShiftGpt2,
     "GPT-2 instead adds a learned vector for each absolute position to the token, so the same shift changes its scores.",
     "GPT-2는 절대 위치마다 학습한 벡터를 토큰에 더하므로, 같은 이동이 점수를 바꿉니다."},
    {Txt::RopeKvTitle, "KV cache", "KV 캐시"},
    {Txt::RopeKvIntro,
     "While generating, the model keeps every token's K and V: 2 · layers · K/V heads · head_dim · bytes · N.",
     "글을 생성하는 동안 모델은 모든 토큰의 K와 V를 보관합니다: 2 · 층 · K/V 헤드 · head_dim · 바이트 · N."},
    {Txt::RopeKvContext, "Context N", "문맥 길이 N"},
    {Txt::RopeKvBytes, "Bytes per number", "수 하나의 바이트"},
    {Txt::RopeKvMha, "MHA: %d K/V heads", "MHA: K/V 헤드 %d개"},
    {Txt::RopeKvModel, "this model: %d K/V heads", "이 모델: K/V 헤드 %d개"},
    {Txt::RopeKvMqa, "MQA: 1 K/V head", "MQA: K/V 헤드 1개"},
    {Txt::RopeKvShare, "%d query heads share each K/V head: the cache is %d× smaller than with one K/V head per query head.",
     "쿼리 헤드 %d개가 K/V 헤드 하나를 나눠 씁니다. 쿼리 헤드마다 K/V 헤드를 두는 것보다 캐시가 %d배 작습니다."},
    {Txt::RopeKvNoShare, "Every query head has its own K and V (multi-head attention).",
     "쿼리 헤드마다 자기 K와 V가 있습니다 (멀티헤드 어텐션)."},
    {Txt::GqaGroup, "KV %d", "KV %d"},
    {Txt::GqaGroupTip, "Query heads %d–%d share K/V head %d (grouped-query attention)",
     "쿼리 헤드 %d–%d가 K/V 헤드 %d를 함께 씁니다 (그룹 쿼리 어텐션)"},
    {Txt::GqaExplain, "Query head %d reads K/V head %d of %d (shared by query heads %d–%d).",
     "쿼리 헤드 %d는 K/V 헤드 %d / %d를 읽습니다 (쿼리 헤드 %d–%d가 함께 씀)."},
    {Txt::RopeExport, "Export…", "내보내기…"},
    {Txt::RopeExportTip, "Save this pair's arrows and the speeds as a PDF, SVG or PNG figure, or the numbers as CSV.",
     "이 쌍의 화살표와 속도를 PDF, SVG, PNG 그림으로, 또는 숫자를 CSV로 저장합니다."},
    {Txt::RopePad, "Or pad in front with", "또는 앞에 채우기:"},
    {Txt::RopePadToken, "copies of “%s”", "“%s” 토큰 k개"},
    {Txt::RopePadTip,
     "Runs the sentence again with k filler tokens (the model's end-of-text token) before it, so it starts at position "
     "k, once with the filler hidden by the mask (as batched generation hides padding) and once with it visible, and "
     "compares the original tokens' scores and weights.",
     "문장 앞에 채움 토큰(모델의 텍스트 끝 토큰) k개를 붙여 위치 k에서 시작하게 하고, 채움을 마스크로 가린 경우(여러 문장을 "
     "한꺼번에 생성할 때처럼)와 보이게 둔 경우를 각각 실행해 원래 토큰들의 점수와 가중치를 비교합니다."},
    {Txt::RopePadHidden,
     "Filler hidden by the mask: max |Δ score| = %.2g, |Δ weight| = %.2g in every layer, next-token logits |Δ| = %.2g: "
     "the same.",
     "채움을 마스크로 가림: 모든 층에서 최대 |Δ 점수| = %.2g, |Δ 가중치| = %.2g, 다음 토큰 로짓 |Δ| = %.2g: 그대로입니다."},
    {Txt::RopePadVisibleFirst,
     "Filler visible, layer 1: |Δ score| = %.2g, and the weights renormalised over the original tokens |Δ| = %.2g: "
     "the same.",
     "채움이 보임, 1층: |Δ 점수| = %.2g, 원래 토큰들끼리 다시 정규화한 가중치 |Δ| = %.2g: 그대로입니다."},
    {Txt::RopePadVisibleLater,
     "Filler visible, layers 2–%d: |Δ score| = %.2g, renormalised |Δ weight| = %.2g: different. Next-token logits "
     "|Δ| = %.2g (the same only when a sliding window keeps the filler out of the last token's reach).",
     "채움이 보임, 2–%d층: |Δ 점수| = %.2g, 다시 정규화한 |Δ 가중치| = %.2g: 달라집니다. 다음 토큰 로짓 |Δ| = %.2g "
     "(슬라이딩 윈도가 채움을 마지막 토큰에서 떼어 놓을 때만 그대로)."},
    {Txt::RopePadWhy,
     "Why: a visible filler is part of the text. In layer 1 every token still meets the others at the same distances, "
     "but it also gives some attention to the filler and takes in its value, so the layers after it see different "
     "inputs. Hidden by the mask, the filler only moves the sentence: RoPE sees distances, not where the sentence starts.",
     "이유: 보이는 채움 토큰은 텍스트의 일부입니다. 1층에서 각 토큰은 다른 토큰들과 여전히 같은 거리에 있지만, 채움에도 "
     "주의를 조금 주고 그 값을 받아들이므로 다음 층들은 다른 입력을 봅니다. 마스크로 가리면 채움은 문장을 옮길 뿐입니다: "
     "RoPE는 문장이 어디서 시작하는지가 아니라 거리만 봅니다."},
    {Txt::HeatmapModelWindow, "· sliding window: each token sees the last %d tokens (itself included)",
     "· 슬라이딩 윈도: 각 토큰은 자신을 포함한 마지막 %d개 토큰만 봅니다"},
    {Txt::HeatmapModelWindowTip,
     "This layer of the model (its config.json's sliding_window) hides every key further back, on top of the causal "
     "mask: the hatched cells left of the band. The Mask controls add to it; they cannot remove it.",
     "모델의 이 층은 (config.json의 sliding_window) 인과 마스크에 더해 그보다 먼 키를 모두 가립니다: 띠 왼쪽의 빗금 칸들입니다. "
     "마스크 설정은 여기에 더할 수만 있고 없앨 수는 없습니다."},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area rope_texts() { return area("rope", kTexts); }

}  // namespace attn::app::ui_text_parts
