// ui_text_model.cpp — pretrained models' UI strings in English (marked N_ for the catalogues in po/): Model menu and dialog, Model view, Predict view, head roles
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    // Pretrained models: Model menu, open dialog, loading, controls, layer choice, Model view
    {Txt::MenuModel, N_("Model")},
    {Txt::MenuOpenModel, N_("Open model folder…")},
    {Txt::MenuRecentModels, N_("Recent models")},
    {Txt::MenuNoRecent, N_("(none yet)")},
    {Txt::RecentMissing, N_("folder not found")},
    {Txt::MenuUseBuiltin, N_("Use built-in model")},
    {Txt::OpenModelTitle, N_("Open a model folder")},
    {Txt::OpenModelIntro,
     N_("A GPT-2 or BERT folder as downloaded from Hugging Face: config.json, model.safetensors and the "
        "tokenizer files (tokenizer.json, or vocab.json + merges.txt, or vocab.txt). You can also drop "
        "the folder, or a file in it, onto the window.")},
    {Txt::OpenModelPath, N_("Folder")},
    {Txt::OpenModelPathHint, N_("/path/to/gpt2")},
    {Txt::OpenModelGo, N_("Open")},
    {Txt::ModelCancel, N_("Cancel")},
    {Txt::ModelClose, N_("Close")},
    {Txt::ModelLoading, N_("Loading %s")},
    {Txt::ModelLoadFailed, N_("Could not open the model folder %s:")},
    {Txt::ModelRestoreFailed,
     N_("The model of the last session could not be opened again; using the built-in model.")},
    {Txt::ModelBuiltin, N_("Built-in model (random weights, one layer)")},
    {Txt::ModelLessonBuiltin,
     N_("This lesson step uses the built-in model; %s stays open for the steps that need it.")},
    {Txt::ModelInfo, N_("%s: %d layers × %d heads, d_model %d, d_k %d")},
    {Txt::ModelFolderLine, N_("%s, weights %s")},
    {Txt::BuiltinOnlyTip,
     N_("Only for the built-in model. A pretrained model comes with its own size, heads, weights and "
        "position vectors.")},
    {Txt::SentenceB, N_("Sentence B (second segment)")},
    {Txt::SentenceBTip,
     N_("BERT reads a pair of sentences as [CLS] A [SEP] B [SEP]; the tokens of B get the second segment "
        "embedding. Every token attends to both sentences.")},
    {Txt::TargetText, N_("Target (the translation)")},
    {Txt::TargetTextTip,
     N_("A translation model reads the sentence above as its source and this as its target: the decoder "
        "reads a start token, then these words, and its cross-attention looks back at the source. Leave "
        "it off and the model translates the source itself first.")},
    {Txt::TranslateFrom, N_("From")},
    {Txt::TranslateTo, N_("into")},
    {Txt::TranslateLanguagesTip,
     N_("This model translates between many languages with one set of weights. The language is a token: "
        "the source is read as [its code] words </s>, and the decoder writes the target's code first, "
        "then the translation. Choose both here; the views show the codes as the first tokens.")},
    {Txt::CrossNoSecondTip,
     N_("This model reads one text only (GPT-2 has no second sentence and no cross-attention).")},
    {Txt::TokenPieceTip, N_("piece %s, id %d")},
    {Txt::Layer, N_("Layer")},
    {Txt::LayerTip, N_("Which layer's attention the views show (PageUp / PageDown).")},
    {Txt::ViewModel, N_("Model (all layers)")},
    {Txt::ModelViewIntro,
     N_("Every head of every layer at once: one row per layer, one column per head. Click a map to open "
        "it in the heatmap.")},
    {Txt::ModelViewCell, N_("Layer %d, head %d")},
    {Txt::ModelViewClick, N_("Click to show it in the heatmap.")},
    {Txt::ModelRowLabel, N_("L%d")},
    {Txt::ModelColLabel, N_("H%d")},
    {Txt::ModelViewPooled, N_("Long text: each thumbnail pixel is the largest weight of %d × %d cells.")},
    {Txt::PeLearned,
     N_("This model learned its position vectors in training; they are added to the token vectors before "
        "the first layer and cannot be turned off.")},
    {Txt::ModelDropHint, N_("Drop a model folder onto the window to open it.")},
    {Txt::BuiltinHidden, N_("(size, heads, seed: the built-in model's only)")},
    {Txt::RunSection, N_("Attention")},
    {Txt::RunSectionTip,
     N_("This model has an encoder and a decoder, so one run has three kinds of attention: the encoder's "
        "self-attention over the source, the decoder's causal self-attention over the target, and the "
        "cross-attention in which the decoder's queries read the encoder's keys and values. Every view "
        "shows the one chosen here.")},
    {Txt::SectionEncoder, N_("Encoder self-attention")},
    {Txt::SectionDecoder, N_("Decoder self-attention (causal)")},
    {Txt::SectionCross, N_("Cross-attention (decoder → encoder)")},
    {Txt::CausalAlwaysTip,
     N_("GPT-2 predicts the next token, so every token sees only itself and the tokens before it: this "
        "mask is always on.")},

    // Predict view (next token, generation, masked tokens) and head roles in the Model view
    {Txt::ViewPredict, N_("Predict (next token)")},
    {Txt::PredictNoModel,
     N_("The built-in model has random weights and no vocabulary, so it predicts nothing. Open a model "
        "that predicts the next token (GPT-2, Llama, Qwen or Mistral: Model > Open model folder) to see "
        "its guesses and to generate text, or a BERT model to fill in [MASK]ed words.")},
    {Txt::PredictIntroGpt2,
     N_("The model (GPT-2, Llama, Qwen, Mistral) reads the text and gives every possible next token a "
        "probability. Click a token to see what the model expects after it; generate to add tokens one "
        "at a time.")},
    {Txt::PredictIntroBert,
     N_("BERT does not predict the next token: it fills in hidden ([MASK]) tokens from both sides. Type "
        "[MASK] in the sentence or click a token to hide it. Knock heads out (Shift-click in the Model "
        "view) to see the fillers with and without them.")},
    {Txt::PredictPosition, N_("Next token after \"%s\" (token %d of %d)")},
    {Txt::PredictClickTip, N_("Click a token to predict what comes after it.")},
    {Txt::PredictGreedy, N_("Greedy")},
    {Txt::PredictGreedyTip, N_("Always take the most probable token (the controls below then do nothing).")},
    {Txt::PredictTemp, N_("Temperature")},
    {Txt::PredictTempTip, N_("Divides the logits before the softmax: below 1 sharpens, above 1 flattens.")},
    {Txt::PredictTopK, N_("Top-k")},
    {Txt::PredictTopKTip, N_("Keep only the k most probable tokens (0 = all).")},
    {Txt::PredictTopP, N_("Top-p")},
    {Txt::PredictTopPTip, N_("Then keep the fewest most probable tokens whose probabilities add up to p.")},
    {Txt::PredictSeed, N_("Seed")},
    {Txt::PredictSeedTip, N_("The same seed draws the same tokens.")},
    {Txt::PredictShown, N_("Bars")},
    {Txt::PredictRaw, N_("model (temperature 1)")},
    {Txt::PredictSampled, N_("sampling draws from")},
    {Txt::PredictKept, N_("Sampling keeps %d token(s): %.1f%% of the model's probability.")},
    {Txt::PredictAxis, N_("probability")},
    {Txt::PredictPlusOne, N_("+1 token")},
    {Txt::PredictPlusOneTip, N_("Add one token (Enter or G when no text field is active).")},
    {Txt::PredictPlusN, N_("+%d tokens")},
    {Txt::PredictPlusNTip, N_("Add this many tokens; each new token's attention appears as it arrives.")},
    {Txt::PredictUndo, N_("Undo")},
    {Txt::PredictUndoTip, N_("Remove the last generated token.")},
    {Txt::PredictKeep, N_("Keep as sentence")},
    {Txt::PredictKeepTip,
     N_("Write the text with the generated tokens into the sentence (the other views then show it).")},
    {Txt::PredictGenerating, N_("generating…")},
    {Txt::PredictFull, N_("All %d positions of the model are used: no more tokens fit.")},
    {Txt::PredictGrowTitle, N_("Attention of each token over the ones before it (layer %d, head %d)")},
    {Txt::PredictGrowTip,
     N_("Each generated token adds one row: its attention over everything before it, computed once with "
        "the key-value cache.")},
    {Txt::PredictStarting, N_("Reading the text…")},
    {Txt::PredictText, N_("Text")},
    {Txt::PredictNoMlmHead,
     N_("This BERT checkpoint was saved without its masked-LM head, so it cannot fill in [MASK]. Open a "
        "checkpoint saved as BertForMaskedLM (e.g. bert-base-uncased from the Hugging Face hub).")},
    {Txt::PredictMaskHint, N_("Type [MASK] in the sentence, or click a token below to hide it.")},
    {Txt::PredictMaskTitle, N_("[MASK] at token %d (was \"%s\")")},
    {Txt::PredictMaskClear, N_("Unmask all")},
    {Txt::PredictMaskClickTip, N_("Click to hide this token ([MASK]) or show it again.")},
    {Txt::PredictError, N_("Cannot predict:")},
    {Txt::PredictMasked, N_("filler probability")},
    {Txt::RolesTitle, N_("Head roles")},
    {Txt::RolesComputing, N_("Scoring every head…")},
    {Txt::RolesNeedModel, N_("Head roles need a pretrained model (Model > Open model folder).")},
    {Txt::RolesOnProbe, N_("Probe")},
    {Txt::RolesOnSentence, N_("This sentence")},
    {Txt::RolesOnTip,
     N_("Probe: random tokens repeated twice, where duplicate and induction patterns exist (a model "
        "trained in AttnLab: examples of its own task). This sentence: the scores on the text you typed.")},
    {Txt::RolesRank, N_("Rank heads by")},
    {Txt::RolesListTip, N_("Click a head to open it in the heatmap.")},
    {Txt::RolesNone, N_("none: no score stands out (the best is under 0.3 or within 0.1 of the next)")},
    {Txt::RolesScore, N_("score")},
    {Txt::RolesLegendTip,
     N_("Each map's badge: the role that stands out (score ≥ 0.3 and 0.1 ahead of the next); a thick "
        "frame when sure (0.3 ahead), a thin one when likely. Hover a map for every score.")},
    {Txt::RolePrevious, N_("previous-token")},
    {Txt::RoleDuplicate, N_("duplicate-token")},
    {Txt::RoleInduction, N_("induction")},
    {Txt::RoleFirst, N_("first-token (sink)")},
    {Txt::RoleSelf, N_("self")},
    {Txt::RoleBroad, N_("broad")},
    {Txt::RolePreviousTip, N_("Looks at the token just before.")},
    {Txt::RoleDuplicateTip, N_("Looks at earlier copies of the same token.")},
    {Txt::RoleInductionTip, N_("Looks at the token that followed the last copy of this one (A B … A → B).")},
    {Txt::RoleFirstTip, N_("Parks its attention on the first token (an attention sink).")},
    {Txt::RoleSelfTip, N_("Looks at its own token.")},
    {Txt::RoleBroadTip, N_("Spreads its attention evenly (high entropy).")},
    {Txt::RolesCell, N_("strongest: %s (%.2f)")},

    // Knocked-out heads and the head ranking
    {Txt::KnockTitle, N_("Knocked-out heads:")},
    {Txt::KnockNone,
     N_("No head knocked out. Shift-click a head in the Model view (or press “Knock out” by the "
        "heatmap's head) to remove it and compare, or ask which heads matter here.")},
    {Txt::KnockNoneMasked,
     N_("No head knocked out. Shift-click a head in the Model view (or press “Knock out” by the "
        "heatmap's head) to remove it and compare the fillers.")},
    {Txt::KnockNoneTranslation,
     N_("No head knocked out. Shift-click a head in the Model view (or press “Knock out” by the "
        "heatmap's head) in any section — encoder, decoder or cross — and the translation below becomes "
        "the knocked-out model's.")},
    {Txt::KnockChipTipTranslation,
     N_("A head named section.layer.head: enc (the encoder's self-attention), dec (the decoder's), cross "
        "(the decoder reading the source). Click to put it back.")},
    {Txt::LensTranslation,
     N_("A translation model: the rows are its decoder's layers while it writes its own translation of "
        "the sentence (the columns: the start token, then what it wrote), each cell its guess for the "
        "next target word. A post-LN decoder (Marian, BART) has no final norm; T5's RMSNorm is applied.")},
    {Txt::KnockClear, N_("Clear")},
    {Txt::KnockMean, N_("Mean, not zero")},
    {Txt::KnockMeanTip,
     N_("Off: a knocked-out head's output is set to 0 before W_O. On: it is replaced by its mean over "
        "the tokens so far, which keeps its average contribution and removes only what depends on this "
        "sentence.")},
    {Txt::KnockChipTip, N_("Click to put this head back.")},
    {Txt::KnockSeries, N_("heads knocked out")},
    {Txt::KnockChange, N_("p(“%s”): %.3f → %.3f (%+.3f)")},
    {Txt::KnockTopNow, N_("Without them the top token is “%s” (%.3f).")},
    {Txt::KnockComputing, N_("computing without the heads…")},
    {Txt::RankButton, N_("Which heads matter here?")},
    {Txt::RankTip,
     N_("Knocks out every head alone (one forward pass each) and ranks them by how much the probability "
        "of the model's top token at this position changes.")},
    {Txt::RankProgress, N_("Knocking out head %d of %d…")},
    {Txt::RankCancel, N_("Cancel")},
    {Txt::RankDone, N_("%d heads in %.1f s, watching p(“%s”) = %.3f:")},
    {Txt::RankCancelled, N_("Cancelled after %d heads.")},
    {Txt::RankRowTip, N_("Click to knock this head out too.")},
    {Txt::RankAxis, N_("change of p when removed alone")},
    {Txt::ModelViewKnockTip, N_("Shift-click: knock this head out (or back in); the Predict view compares.")},
    {Txt::ModelViewKnocked, N_("knocked out")},
    {Txt::HeatmapKnock, N_("Knock out")},
    {Txt::HeatmapKnockBack, N_("Put back")},
    {Txt::HeatmapKnockTip, N_("Remove this head from the model; the Predict view shows what changes.")},

    // Lens view (the logit lens)
    {Txt::ViewLens, N_("Lens (every layer's guess)")},
    {Txt::PredictTranslation,
     N_("A translation model: its decoder writes the target one token at a time, reading the source "
        "through cross-attention. Write the most probable next token (Enter), click a bar to write "
        "another, or translate the whole sentence as the model's settings say.")},
    {Txt::ViewAlignment, N_("Alignment (translation)")},
    {Txt::AlignIntro,
     N_("Cross-attention of a translation model: while the decoder writes each target word (rows), it "
        "reads the source words (columns) through CrossAttention(Q_dec, K_enc, V_enc) = softmax(Q_dec "
        "K_enc^T / √d_k) V_enc. Pieces of one word are joined: a target word's row is the mean of its "
        "pieces' rows, a source word's column the sum of its pieces' columns, so every row still sums to "
        "1.")},
    {Txt::AlignNeedsTranslation,
     N_("This view shows the cross-attention of a translation model (an encoder and a decoder). Open a "
        "Marian folder (Model > Open model folder…), e.g. Helsinki-NLP/opus-mt-en-ko.")},
    {Txt::AlignSwitching, N_("Computing the cross-attention…")},
    {Txt::AlignHead, N_("One head")},
    {Txt::AlignMeanHeads, N_("Mean of the layer's heads")},
    {Txt::AlignMeanLayers, N_("Mean of every layer")},
    {Txt::AlignSourceTip,
     N_("Which attention to show: one head of the chosen layer, the mean of its heads, or the mean over "
        "every layer's heads (often the clearest alignment).")},
    {Txt::AlignPieces, N_("Pieces")},
    {Txt::AlignPiecesTip,
     N_("Show the tokenizer's pieces instead of whole words (▁ marks a piece that starts a word).")},
    {Txt::AlignCellTip, N_("%s reads %s: %.3f")},
    {Txt::AlignClickHint, N_("Click a target word to follow its lines.")},
    {Txt::LensIntro,
     N_("What the model would predict if it stopped after each layer: every layer's residual stream "
        "through the final norm (LayerNorm, or RMSNorm in Llama-style models) and the unembedding. Each "
        "cell is the top next token, coloured by its probability; a red frame marks where the final "
        "answer first comes out on top. Hover a cell for its top 5.")},
    {Txt::LensNeedModel,
     N_("The lens needs a model that predicts the next token: open a GPT-2, Llama, Qwen or Mistral "
        "folder (Model > Open model folder…).")},
    {Txt::LensEmbeddings, N_("embeddings")},
    {Txt::LensLayerRow, N_("layer %d")},
    {Txt::LensTipEmbeddings, N_("From the embeddings alone, after “%s”:")},
    {Txt::LensTipLayer, N_("After layer %d, after “%s”:")},
    {Txt::LensTipAnswer, N_("the model's final answer: “%s”")},
    {Txt::LensKnocked, N_("Knocked out: %s")},
    {Txt::LensExport, N_("Export figure…")},
    {Txt::LensExportTip,
     N_("Save this table as a PNG, SVG or PDF figure for slides and handouts, or its numbers (the top 5 "
        "of every cell) as CSV (Ctrl+E).")},
    {Txt::LensExportTitle, N_("Export the lens")},
    {Txt::LensExportIntro, N_("The table as shown: %d rows × %d tokens.")},
    {Txt::RolePositional, N_("positional")},
    {Txt::RolePositionalTip,
     N_("Looks at a place set by its own position, whatever the tokens are: a fixed distance back (other "
        "than 1), a mirror (j = m − i), or a fixed position. Measured on probes with the same positions "
        "and different tokens.")},
    {Txt::RolesSure, N_("sure: %.2f ahead of the next score")},
    {Txt::RolesLikely, N_("likely: only %.2f ahead of the next score")},
    {Txt::RolesMargin, N_("margin")},
    {Txt::RolesInductionK, N_("induction at k = %d: reads what stood %d after the earlier copy")},
    {Txt::RolesRule, N_("position rule: %s")},
    {Txt::RolesProbeTask, N_("Probe: %d examples of the task '%s' (its own letters and length).")},
    {Txt::RolesProbeStandard,
     N_("Probe: random tokens repeated twice (%d tokens); positional on %d contents without repeats.")},
    {Txt::RolesAllScores, N_("Every score (0 to 1):")},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area model_texts() { return area("model", kTexts); }

}  // namespace attn::app::ui_text_parts
