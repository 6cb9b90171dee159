// ui_text_controls.cpp — the controls column's UI strings in English (marked N_ for the catalogues in po/): sentence, model, attention, mask
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    // Sections
    {Txt::SecSentence, N_("Sentence")},
    {Txt::SecModel, N_("Model")},
    {Txt::SecAttention, N_("Attention")},
    {Txt::SecMask, N_("Mask")},
    {Txt::SecDisplay, N_("Display")},

    // Sentence
    {Txt::Sentence, N_("Sentence")},
    {Txt::SentenceTip,
     N_("The sentence whose tokens attend to each other.\n"
        "Every word, number and punctuation mark is one token.")},
    {Txt::Presets, N_("Examples")},
    {Txt::PresetsTip, N_("Pick a ready-made sentence (from assets/presets.txt).")},
    {Txt::PresetsMissing, N_("Example list not loaded: %s")},
    {Txt::Cross, N_("Cross-attention (second sentence)")},
    {Txt::CrossTip,
     N_("Queries come from the first sentence, keys and values from the second,\n"
        "as when a translation model's decoder looks at the encoder.")},
    {Txt::CrossText, N_("Second sentence")},
    {Txt::CrossTextTip, N_("Keys and values come from this sentence.")},
    {Txt::TokensLine, N_("%d query tokens, %d key tokens")},
    {Txt::TokensUnknownLine, N_("Not in this model's vocabulary (%d): %s")},
    {Txt::TokenUnknownTip,
     N_("Not in this model's vocabulary: the model reads it as its unknown token (id %d), the same as "
        "every other word it does not know.")},

    // Model
    {Txt::DModel, N_("d_model")},
    {Txt::DModelTip,
     N_("Width of every token vector.\n"
        "Each head works in d_k = d_model / heads dimensions.")},
    {Txt::Heads, N_("Heads")},
    {Txt::HeadsTip, N_("Number of attention heads. d_model must be divisible by it.")},
    {Txt::Seed, N_("Seed")},
    {Txt::SeedTip, N_("The built-in model's random weights come from this number:\nsame seed, same model.")},
    {Txt::Positional, N_("Positional encoding")},
    {Txt::PositionalTip,
     N_("Add sinusoidal position vectors to the word vectors, so the same word\n"
        "at another place gets a different query and key.")},

    // Attention
    {Txt::Scale, N_("Divide by √d_k")},
    {Txt::ScaleTipUnscaledModel,
     N_("This model (T5) never divides its scores by √d_k: its training folded the factor into W_Q, so "
        "unticked is the model as trained.\n"
        "Tick it to see what the factor would do to its attention.")},
    {Txt::ScaleNotTheModel, N_("(not the model)")},
    {Txt::ScalingTrainedUnscaled,
     N_("This model (T5) was trained without ÷√d_k: the unscaled map is the model itself. It still "
        "trains because its initialisation draws W_Q about √d_k times smaller, folding the factor into "
        "the weights; dividing once more (the scaled map) flattens what it learned.")},
    {Txt::ScaleTip,
     N_("Multiply the scores q·k by 1/√d_k before the softmax.\n"
        "Without it a large d_k makes the softmax nearly one-hot.")},
    {Txt::Temperature, N_("Temperature")},
    {Txt::TemperatureTip,
     N_("Divide the scores by this before the softmax:\n"
        "below 1 sharpens the weights, above 1 flattens them.")},

    // Mask
    {Txt::Causal, N_("Causal (no look-ahead)")},
    {Txt::CausalTip, N_("Each token may only attend to itself and the tokens before it, as in GPT.")},
    {Txt::Window, N_("Local window")},
    {Txt::WindowTip, N_("Each token only sees the tokens at most k positions away.")},
    {Txt::WindowK, N_("±k")},
    {Txt::WindowKTip, N_("Half-width k of the local window.")},
    {Txt::TokenLimit, N_("Token limit")},
    {Txt::TokenLimitTip,
     N_("A text with more tokens than this is refused: attention's cost grows as n².\n"
        "At most 2048 (the command line's --max-tokens).")},
    {Txt::TokenLimitRefusal,
     N_("The text has more than %d tokens (the limit). Shorten it, or raise Token limit under Sentence "
        "in the controls (at most %d).")},
    {Txt::Global, N_("Global tokens")},
    {Txt::GlobalTip,
     N_("Positions (from 0, comma-separated) that see and are seen by every token,\n"
        "even outside the window. Example: 0, 3")},
    {Txt::PadTo, N_("Pad to length")},
    {Txt::PadToTip, N_("Append [PAD] tokens up to this length; they are hidden as keys.\n0 = no padding.")},
    {Txt::EditMask, N_("Edit mask: click cells")},
    {Txt::EditMaskTip, N_("Click (or drag over) heatmap cells to hide or show single query→key pairs.")},
    {Txt::ClearCells, N_("Clear clicked cells (%d)")},
    {Txt::ClearCellsTip, N_("Show again every cell you hid by clicking.")},
    {Txt::EditHint, N_("Edit mode: click or drag on cells to hide / show them")},

    // Display
    {Txt::Language, N_("Language")},
    {Txt::LanguageTip, N_("Language of the user interface.")},
    // The sentence bar's chat wrapping (instruct models)
    {Txt::ChatWrap, N_("Chat format")},
    {Txt::ChatWrapTip,
     N_("Give the sentence to the model as one user turn in its chat format (%s), as a chat app does: "
        "the heatmap then shows the format's tokens too, and the next token is the start of the model's "
        "answer.")},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area controls_texts() { return area("controls", kTexts); }

}  // namespace attn::app::ui_text_parts
