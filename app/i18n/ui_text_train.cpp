// ui_text_train.cpp — the Train view's UI strings in English (marked N_ for the catalogues in po/)
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    // Train view
    {Txt::ViewTrain, N_("Train")},
    {Txt::TrainIntro,
     N_("Train a tiny GPT-2 (or Llama, see Architecture) on a task right here and watch its attention "
        "heads form: the maps below are every head of every layer on one fixed example, redrawn as the "
        "model learns.")},
    {Txt::TrainTask, N_("Task")},
    {Txt::TrainTaskTip, N_("What the model learns. Each task has settings that learn it in seconds.")},
    {Txt::TrainExpect, N_("What to expect")},
    {Txt::TrainSymbols, N_("Symbols")},
    {Txt::TrainSymbolsTip, N_("How many different letters the examples use (the alphabet size).")},
    {Txt::TrainLength, N_("Length")},
    {Txt::TrainLengthTip, N_("How long each example is (the text task: the window the model reads).")},
    {Txt::TrainText, N_("Training text")},
    {Txt::TrainTextTip,
     N_("The model learns to predict the next character of this text. Korean works too (each syllable is "
        "three byte tokens).")},
    {Txt::TrainTextPreset, N_("Preset text")},
    {Txt::TrainLayers, N_("Layers")},
    {Txt::TrainHeads, N_("Heads")},
    {Txt::TrainDModel, N_("d_model")},
    {Txt::TrainSizeTip, N_("Model size: 1–4 layers, 1–8 heads, d_model 16–256 (divisible by the heads).")},
    {Txt::TrainMlp, N_("MLP")},
    {Txt::TrainMlpTip,
     N_("Off: attention only (the MLP blocks stay zero). The induction task learns better without them.")},
    {Txt::TrainLr, N_("Learning rate")},
    {Txt::TrainLrTip,
     N_("Peak learning rate of AdamW (warm-up, then a cosine down to a tenth). Above 0, at most 1.")},
    {Txt::TrainBatch, N_("Batch")},
    {Txt::TrainBatchTip, N_("Examples per step, 1 to 1024.")},
    {Txt::TrainSteps, N_("Steps")},
    {Txt::TrainStepsTip,
     N_("How many updates the run makes (the learning-rate schedule's length), 1 to 100000.")},
    {Txt::TrainSeed, N_("Seed")},
    {Txt::TrainSeedTip, N_("Same seed and settings: the same run, step for step.")},
    {Txt::TrainDefaults, N_("Task defaults")},
    {Txt::TrainDefaultsTip, N_("Put every setting back to the task's defaults.")},
    {Txt::TrainStart, N_("Start")},
    {Txt::TrainStartTip,
     N_("Train until the last step (Pause stops between two steps). New settings start a new run.")},
    {Txt::TrainPause, NC_("a training run", "Pause")},
    {Txt::TrainStep, N_("Step")},
    {Txt::TrainStepTip, N_("One update, then pause: see what a single step changes.")},
    {Txt::TrainReset, N_("Reset")},
    {Txt::TrainResetTip, N_("A fresh model (random weights) with the settings above, at step 0.")},
    {Txt::TrainBadRange, N_("%s: %d is out of range (%d to %d).")},
    {Txt::TrainNotDivisible,
     N_("d_model %d is not divisible by %d heads: every head needs d_model / heads channels.")},
    {Txt::TrainBadLr, N_("Learning rate: must be above 0 and at most 1.")},
    {Txt::TrainTextEmpty, N_("The training text is empty: type or paste some text, or press Preset text.")},
    {Txt::TrainTextShort, N_("The training text is %d bytes; it must be longer than the length (%d).")},
    {Txt::TrainNotStarted, N_("Press Start to train, or Step for a single update.")},
    {Txt::TrainStatus, N_("Step %d of %d · %.1f steps/s")},
    {Txt::TrainStatusDone, N_("done")},
    {Txt::TrainStatusRunning, N_("training…")},
    {Txt::TrainStatusPaused, N_("paused")},
    {Txt::TrainChanged, N_("The settings changed: Start or Reset begins a new run with them.")},
    {Txt::TrainLossTitle, N_("Loss")},
    {Txt::TrainAccTitle, N_("Accuracy on fresh examples")},
    {Txt::TrainAxisStep, N_("step")},
    {Txt::TrainAxisLoss, N_("cross-entropy")},
    {Txt::TrainAxisAcc, N_("accuracy")},
    {Txt::TrainSeriesLoss, N_("training batch")},
    {Txt::TrainSeriesEvalLoss, N_("fresh examples")},
    {Txt::TrainSeriesExact, N_("exact (whole answer)")},
    {Txt::TrainSeriesToken, N_("per token")},
    {Txt::TrainProbeTitle, N_("Every head on the probe \"%s\" at step %d")},
    {Txt::TrainHeadCaption, N_("L%d H%d")},
    {Txt::TrainTimeline, N_("Timeline")},
    {Txt::TrainTimelineTip,
     N_("Drag back through training to see the pattern appear (up to 64 snapshots, spread evenly over "
        "the run).")},
    {Txt::TrainLive, N_("Live")},
    {Txt::TrainLiveTip, N_("Follow the newest weights while training.")},
    {Txt::TrainUse, N_("Use this model")},
    {Txt::TrainUseTip,
     N_("Save the weights as they are now and open them in every view (heatmap, explainer, all heads, "
        "model, export), with the probe as the sentence.")},
    {Txt::TrainUsing, N_("Every view now uses the trained model (step %d): %s")},
    {Txt::TrainUseLoading, N_("Opening the trained model…")},
    {Txt::TrainSaveAs, N_("Save model…")},
    {Txt::TrainSavePath, N_("Folder")},
    {Txt::TrainSavePathHint, N_("a new folder, e.g. ~/models/reverse")},
    {Txt::TrainSaveGo, N_("Save")},
    {Txt::TrainSaved, N_("Saved to %s (step %d).")},
    {Txt::TrainSaveFailed, N_("Not saved: %s")},
    {Txt::TrainSaveTip,
     N_("A Hugging Face GPT-2 folder (config.json, model.safetensors, tokenizer). It must not exist yet; "
        "a failed save leaves nothing behind.")},
    {Txt::TrainNoProbe, N_("No model yet: press Reset, Step or Start.")},
    {Txt::TrainAccNote, N_("Text has no single right answer: watch the per-token accuracy.")},
    {Txt::TrainTooBig,
     N_("One step of this run is about %.0f GFLOP, more than the view's %.0f (steps of seconds would "
        "make Pause and closing slow): lower the batch, the length, d_model or the layers. `attnlab "
        "train` has no such limit.")},
    {Txt::TrainExport, N_("Export figure…")},
    {Txt::TrainExportTip,
     N_("Save the loss and accuracy curves and the probe as shown (text tasks: every head on the probe, "
        "live or the timeline's step; picture tasks: the class token's attention for the layer and head "
        "shown) as a PNG, SVG or PDF figure for slides and handouts, or the curves as CSV (Ctrl+E).")},
    {Txt::TrainExportTitle, N_("Export the training figure")},
    {Txt::TrainExportIntro, N_("Step %d of %d: the curves so far and the probe at step %d.")},
    // The image tasks (a tiny Vision Transformer)
    {Txt::TrainImageIntro,
     N_("Train a tiny Vision Transformer on 28×28 pictures and watch where its class token looks: the "
        "pictures below carry the class token's attention over their patches, redrawn as the model "
        "learns.")},
    {Txt::TrainPatch, N_("Patch")},
    {Txt::TrainPatchTip,
     N_("The side of the square patches the picture is cut into (7: 16 patches, 4: 49, 14: 4).")},
    {Txt::TrainImages, N_("Training pictures")},
    {Txt::TrainImagesTip,
     N_("How many training pictures the model sees (the first N). Few pictures: it memorises them; many: "
        "it learns. Compare 100, 1,000 and 60,000.")},
    {Txt::TrainImagesAll, N_("all")},
    {Txt::TrainImageProbes, N_("The class token's attention on four test pictures (step %d)")},
    {Txt::TrainImageProbeTip,
     N_("Warmer, brighter patches get more of the class token's attention in the chosen layer and head "
        "(or the mean of the heads): faint at an even share, full colour at four times an even share or "
        "more.")},
    {Txt::TrainImageLayer, N_("Layer")},
    {Txt::TrainImageHead, N_("Head")},
    {Txt::TrainImageHeadMean, N_("mean of heads")},
    {Txt::TrainImageProbeCaption, N_("%s (%.0f%%); truly %s")},
    {Txt::TrainSeriesTestAcc, N_("test pictures right")},
    {Txt::TrainImageLoading, N_("Loading the pictures…")},
    {Txt::TrainImageAccTitle, N_("Accuracy on test pictures")},
    {Txt::TrainSeriesTestLoss, N_("test pictures")},
    {Txt::TrainImageEveryHead, N_("Every head")},
    {Txt::TrainImageEveryHeadTip,
     N_("One picture's whole attention as it trains: every layer (down) and every head (across). In each "
        "square the rows are the queries and the columns the keys: [CLS] first, then the patches "
        "numbered row by row. Click a picture on the left to choose it.")},
    {Txt::TrainImageEveryTitle,
     N_("Picture %d (truly %s), step %d: every layer's and head's attention (rows: queries, columns: "
        "keys)")},
    {Txt::TrainImagePickTip, N_("Click: this picture's attention in every layer and head")},
    // The architecture switch (issue 24)
    {Txt::TrainArch, N_("Architecture")},
    {Txt::TrainArchTip,
     N_("GPT-2: learned position embeddings, LayerNorm, GELU (saved as a GPT-2 folder). Llama: rotary "
        "positions (RoPE) turn q and k by an angle per position, RMSNorm, SwiGLU, and key/value heads "
        "shared by several query heads (saved as a Llama folder). Try a task at one length, then "
        "evaluate longer inputs.")},
    {Txt::TrainSeq2SeqTask, N_("%s (encoder–decoder)")},
    {Txt::TrainSeq2SeqArch, N_("Encoder–decoder (saved as Marian)")},
    {Txt::TrainSeq2SeqArchTip,
     N_("An encoder reads the source, a decoder writes the target, and every decoder layer reads the "
        "encoder's output through cross-attention: softmax(Q_dec K_encᵀ / √d_k) V_enc. Post-LN layers as "
        "Marian's; the saved folder opens in the Alignment, Predict and Pipeline views like a downloaded "
        "translator.")},
    {Txt::TrainSeq2SeqLayersTip,
     N_("Layers of each stack: the encoder and the decoder get this many each. Width divisible by the "
        "heads.")},
    {Txt::TrainCrossProbeTitle,
     N_("Cross-attention on the probe \"%s\" → \"%s\" at step %d (rows: the word each row writes)")},
    {Txt::TrainKvHeads, N_("K/V heads")},
    {Txt::TrainKvHeadsTip,
     N_("Key/value heads (grouped-query attention): each serves heads ÷ K/V heads query heads. Must "
        "divide the heads; equal to the heads is ordinary multi-head attention, 1 is multi-query "
        "attention.")},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area train_texts() { return area("train", kTexts); }

}  // namespace attn::app::ui_text_parts
