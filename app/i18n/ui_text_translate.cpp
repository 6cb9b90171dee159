// ui_text_translate.cpp — the Predict view's strings for a translation model (writing the target
// token by token, its cross-attention, the beam tree) in English and Korean (one area of the
// table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    {Txt::TrSource, N_("Source:")},
    {Txt::TrSourceUnknownTip,
     N_("Marked tokens are not in this model's vocabulary: it reads each as <unk> and translates it "
        "blind.")},
    {Txt::TrUnknownWords, N_("Not in this model's vocabulary, so translated blind: %s")},
    {Txt::TrTarget, N_("Target:")},
    {Txt::TrTargetTip,
     N_("Click a written token to see what the decoder read in the source while it wrote it.")},
    {Txt::TrNothingYet, N_("(nothing written yet)")},
    {Txt::TrWriteBest, N_("Write the best token")},
    {Txt::TrWriteBestTip,
     N_("Adds the most probable next token (greedy decoding, one step). Enter does the same when no text "
        "field is being edited.")},
    {Txt::TrWriteSample, N_("Write a sample")},
    {Txt::TrWriteSampleTip,
     N_("Draws the next token from the sampling distribution (the second bars: temperature, then top-k "
        "and top-p). The seed decides the draw at each position: Undo then Write writes the same token "
        "again; another seed another one. Enter does the same when no text field is being edited.")},
    {Txt::TrStartOver, N_("Start over")},
    {Txt::TrStartOverTip, N_("Clears the target: the decoder starts again from its start token.")},
    {Txt::TrTranslateBeams, N_("Translate (%d beams)")},
    {Txt::TrTranslateGreedy, N_("Translate (greedy)")},
    {Txt::TrTranslateTip,
     N_("Translates the whole source the way the model's generation_config.json says: beam search keeps "
        "several candidate targets at once and picks the best by Σ log p ÷ length; greedy takes the best "
        "token each step.")},
    {Txt::TrComputing, N_("Computing…")},
    {Txt::TrNextAfter, N_("The next token after “%s”:")},
    {Txt::TrBarsTip, N_("Click a bar to write that token.")},
    {Txt::TrEnded, N_("The translation is finished: the model wrote its end token %s.")},
    {Txt::TrEndedLimit, N_("The target reached the model's length limit (%d tokens with the start token).")},
    {Txt::TrReadWhile, N_("While writing “%s”, the decoder read (cross-attention, layer %d, %s):")},
    {Txt::TrHead, N_("Head")},
    {Txt::TrHeadTip,
     N_("One head of the decoder's cross-attention, or 0 for the mean of the layer's heads.")},
    {Txt::TrMeanOfHeads, N_("mean of the heads")},
    {Txt::TrGridTitle, N_("Every written token (rows) × the source (columns):")},
    {Txt::TrGridTip,
     N_("Row t: what the decoder read while it wrote target token t. Darker = more attention.")},
    {Txt::TrTreeTitle, N_("Beam search: %d beams, the winner's score %.3f (Σ log p ÷ length)")},
    {Txt::TrTreeTip,
     N_("Each column is one step; each box a candidate kept at that step, with its Σ log p. Lines join a "
        "candidate to the one it grew from. ■ marks a candidate that wrote the end token; the winner's "
        "path is outlined.")},
    {Txt::TrTreeNodeTip, N_("Σ log p %.3f")},
    {Txt::TrTreeExport, N_("Export tree…")},
    {Txt::TrTreeExportTip,
     N_("Save this beam tree as a PNG, SVG or PDF figure for slides and handouts, or every candidate "
        "(step, parent, token, Σ log p, finished, winner) as CSV (Ctrl+E).")},
    {Txt::TrTreeExportTitle, N_("Export the beam tree")},
    {Txt::TrTreeExportIntro, N_("The tree as shown: %d steps, %d candidates; the winner's path outlined.")},
    {Txt::PipeXLayer, N_("the layer's input: the stream after the layers below")},
    {Txt::PipeXCross, N_("the decoder's stream (after its self-attention)")},
    {Txt::PipeQCross, N_("queries from the decoder: what each target token looks for")},
    {Txt::PipeKCross, N_("keys from the encoder's output M: what each source token offers")},
    {Txt::PipeVCross, N_("values from the encoder's output M: what each source token passes on")},
    {Txt::PipeCrossNote,
     N_("Cross-attention: CrossAttention(Q_dec, K_enc, V_enc) = softmax(Q_dec K_encᵀ / √d_k) V_enc. The "
        "queries come from the decoder's stream (one row per target token), the keys and values from the "
        "encoder's output M (one row per source token), so S and A are T_tgt × T_src: every target token "
        "reads the whole source, no mask.")},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area translate_texts() { return area("translate", kTexts); }

}  // namespace attn::app::ui_text_parts
