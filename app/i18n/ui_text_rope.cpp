// ui_text_rope.cpp — the RoPE view's, the KV-cache panel's and the GQA labels' UI strings in English
// and Korean (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    {Txt::ViewRope, N_("RoPE (rotary positions)")},
    {Txt::RopeIntro,
     N_("Llama, Qwen and Mistral add no position vectors to the tokens: they turn q and k. Each pair of "
        "coordinates of a head is a small 2-D arrow that rotates by (position × θ) — one speed per pair. "
        "A score q·k then depends only on how far apart the two tokens are.")},
    {Txt::RopeNotRotary,
     N_("This model has no rotary positions: it adds a position vector to each token, learned or "
        "sinusoidal (GPT-2, BERT, Marian and the built-in model do; see the Positional view). Open a "
        "Llama, Qwen or Mistral folder (Model > Open model folder…) to see RoPE.")},
    {Txt::RopePair, N_("Pair")},
    {Txt::RopePairTip,
     N_("Pair i turns coordinates i and i + r/2 of the head (r = %d rotated dimensions of %d).")},
    {Txt::RopePairInfo, N_("pair %d of %d: θ = %.3g rad per position, one full turn every %.1f positions")},
    {Txt::RopeBefore, N_("before rotation (as projected)")},
    {Txt::RopeAfter, N_("after rotation (angle = position × θ)")},
    {Txt::RopeLegend,
     N_("q (orange), k (blue) of every token, numbered by position; hover a token to pick it out")},
    {Txt::RopeSpectrum,
     N_("Speed of every pair (θ, log scale): fast pairs tell neighbours apart, slow pairs reach far")},
    {Txt::RopeSpectrumTip, N_("pair %d: θ = %.3g, one turn every %.1f positions (click: show this pair)")},
    {Txt::RopeShift, N_("Shift the sentence by")},
    {Txt::RopeShiftTip,
     N_("Runs the same tokens again with the first one at position k instead of 0, and compares every "
        "score.")},
    {Txt::RopeShiftResult,
     N_("shifted by %d: max |Δ score| over %d layers × %d heads = %.2g (this head: %.2g), %.0f ms")},
    {Txt::RopeShiftSame,
     N_("The scores stay the same (up to rounding): each depends only on the distance between the two "
        "tokens.")},
    {Txt::RopeShiftBusy, N_("Running the shifted sentence…")},
    {Txt::RopeShiftGpt2,
     N_("GPT-2 instead adds a learned vector for each absolute position to the token, so the same shift "
        "changes its scores.")},
    {Txt::RopeKvTitle, N_("KV cache")},
    {Txt::RopeKvIntro,
     N_("While generating, the model keeps every token's K and V: 2 · layers · K/V heads · head_dim · "
        "bytes · N.")},
    {Txt::RopeKvContext, N_("Context N")},
    {Txt::RopeKvBytes, N_("Bytes per number")},
    {Txt::RopeKvMha, N_("MHA: %d K/V heads")},
    {Txt::RopeKvModel, N_("this model: %d K/V heads")},
    {Txt::RopeKvMqa, N_("MQA: 1 K/V head")},
    {Txt::RopeKvShare,
     N_("%d query heads share each K/V head: the cache is %d× smaller than with one K/V head per query "
        "head.")},
    {Txt::RopeKvNoShare, N_("Every query head has its own K and V (multi-head attention).")},
    {Txt::GqaGroup, N_("KV %d")},
    {Txt::GqaGroupTip, N_("Query heads %d–%d share K/V head %d (grouped-query attention)")},
    {Txt::GqaExplain, N_("Query head %d reads K/V head %d of %d (shared by query heads %d–%d).")},
    {Txt::RopeExport, N_("Export…")},
    {Txt::RopeExportTip,
     N_("Save this pair's arrows and the speeds as a PDF, SVG or PNG figure, or the numbers as CSV.")},
    {Txt::RopePad, N_("Or pad in front with")},
    {Txt::RopePadToken, N_("copies of “%s”")},
    {Txt::RopePadTip,
     N_("Runs the sentence again with k filler tokens (the model's end-of-text token) before it, so it "
        "starts at position k, once with the filler hidden by the mask (as batched generation hides "
        "padding) and once with it visible, and compares the original tokens' scores and weights.")},
    {Txt::RopePadHidden,
     N_("Filler hidden by the mask: max |Δ score| = %.2g, |Δ weight| = %.2g in every layer, next-token "
        "logits |Δ| = %.2g: the same.")},
    {Txt::RopePadVisibleFirst,
     N_("Filler visible, layer 1: |Δ score| = %.2g, and the weights renormalised over the original "
        "tokens |Δ| = %.2g: the same.")},
    {Txt::RopePadVisibleLater,
     N_("Filler visible, layers 2–%d: |Δ score| = %.2g, renormalised |Δ weight| = %.2g: different. "
        "Next-token logits |Δ| = %.2g (the same only when a sliding window keeps the filler out of the "
        "last token's reach).")},
    {Txt::RopePadWhy,
     N_("Why: a visible filler is part of the text. In layer 1 every token still meets the others at the "
        "same distances, but it also gives some attention to the filler and takes in its value, so the "
        "layers after it see different inputs. Hidden by the mask, the filler only moves the sentence: "
        "RoPE sees distances, not where the sentence starts.")},
    {Txt::HeatmapModelWindow, N_("· sliding window: each token sees the last %d tokens (itself included)")},
    {Txt::HeatmapModelWindowTip,
     N_("This layer of the model (its config.json's sliding_window) hides every key further back, on top "
        "of the causal mask: the hatched cells left of the band. The Mask controls add to it; they "
        "cannot remove it.")},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area rope_texts() { return area("rope", kTexts); }

}  // namespace attn::app::ui_text_parts
