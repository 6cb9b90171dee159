// figure_text.cpp — every string the figures show, in English in one table (translations: po/, context "figure")
// (implementation; the interface and its contract are in figure_text.h)
#include "core/figure/figure_text.h"

#include <cassert>

#include "core/i18n/languages.h"
#include "core/i18n/marks.h"
#include "core/i18n/texts.h"

namespace attn {
namespace {

struct Entry {
    Ft id;
    const char* en;
    const char* context;  // gettext's msgctxt: "figure" (figure texts are translated on their own)
};

// One row per string. Translators: noun style, as on textbook figures (Korean: 해요체-free).
const Entry kTable[] = {
    {Ft::Query, NC_("figure", "Query")},
    {Ft::Key, NC_("figure", "Key")},
    {Ft::AxisQuery, NC_("figure", "Query (row: the token that looks)")},
    {Ft::AxisKey, NC_("figure", "Key (column: the token looked at)")},
    {Ft::HeadN, NC_("figure", "Head {0}")},
    {Ft::AverageOfHeads, NC_("figure", "Average of {0} heads")},
    {Ft::Weight, NC_("figure", "weight")},
    {Ft::Score, NC_("figure", "score")},
    {Ft::ScaledScore, NC_("figure", "softmax input")},
    {Ft::RolloutShare, NC_("figure", "share")},
    {Ft::MaskedLegend, NC_("figure", "hidden by the mask")},
    {Ft::On, NC_("figure", "on")},
    {Ft::Off, NC_("figure", "off")},

    {Ft::CaptionText, NC_("figure", "Text: “{0}”")},
    {Ft::CaptionCrossText, NC_("figure", "keys and values from: “{0}”")},
    {Ft::CaptionModel,
     NC_("figure", "model {0} (seed {1}), d<sub>model</sub> {2}, {3} heads, d<sub>k</sub> {4}")},
    {Ft::CaptionPretrained,
     NC_("figure", "model {0} ({1}, {2} layers), d<sub>model</sub> {3}, {4} heads, d<sub>k</sub> {5}")},
    {Ft::CaptionSentenceB, NC_("figure", "sentence B: “{0}”")},
    {Ft::CaptionLayerHead, NC_("figure", "layer {0}, head {1}")},
    {Ft::CaptionLayer, NC_("figure", "layer {0}")},
    {Ft::CaptionScaling, NC_("figure", "scaling ÷√d<sub>k</sub> {0}")},
    {Ft::CaptionTemperature, NC_("figure", "temperature {0}")},
    {Ft::CaptionMask, NC_("figure", "mask: {0}")},
    {Ft::CaptionPositional, NC_("figure", "positional encoding {0}")},

    {Ft::TitleWeights, NC_("figure", "Attention weights")},
    {Ft::TitleScores, NC_("figure", "Raw scores QK<sup>T</sup>")},
    {Ft::TitleScaled, NC_("figure", "Scaled scores (softmax input)")},
    {Ft::TitleRollout, NC_("figure", "Attention rollout")},
    {Ft::SubtitleRollout,
     NC_("figure", "Through layers 1–{0}, heads averaged, residual added · {1} × {1} tokens")},
    {Ft::SubtitleHeatmap, NC_("figure", "Layer {0} · head {1} of {2} · {3} × {4} tokens")},

    {Ft::TitleHeads, NC_("figure", "Attention weights of every head")},
    {Ft::SubtitleHeads, NC_("figure", "Layer {0} · {1} heads and their average · {2} × {3} tokens")},

    {Ft::TitleScaling, NC_("figure", "Why divide by √d<sub>k</sub>: the same head with and without scaling")},
    {Ft::SubtitleScaling,
     NC_("figure", "Layer {0} · head {1} · d<sub>k</sub> = {2}: unscaled scores have variance ≈ "
         "d<sub>k</sub>, so the softmax saturates")},
    {Ft::WithScaling, NC_("figure", "With scaling: softmax(QK<sup>T</sup>/√d<sub>k</sub>)")},
    {Ft::WithoutScaling, NC_("figure", "Without scaling: softmax(QK<sup>T</sup>)")},
    {Ft::Difference, NC_("figure", "Difference (with - without)")},
    {Ft::EntropyTitle, NC_("figure", "Entropy of each query row")},
    {Ft::EntropyAxis, NC_("figure", "entropy (nats)")},
    {Ft::EntropyMax, NC_("figure", "| = a uniform row: ln(visible keys)")},
    {Ft::MeanEntropy, NC_("figure", "mean {0}")},
    {Ft::ShortWith, NC_("figure", "with ÷√d<sub>k</sub>")},
    {Ft::ShortWithout, NC_("figure", "without")},
    {Ft::DifferenceAxis, NC_("figure", "difference")},

    {Ft::TitlePipeline, NC_("figure", "One attention head, step by step")},
    {Ft::SubtitlePipeline,
     NC_("figure", "Layer {0} · head {1} of {2} · T = {3} tokens · d<sub>model</sub> = {4} · "
         "d<sub>k</sub> = {5}")},
    {Ft::PipeInput, NC_("figure", "Input")},
    {Ft::PipeInputFormula, NC_("figure", "X = E + PE")},
    {Ft::PipeInputFormulaNoPe, NC_("figure", "X = E (no positional encoding)")},
    {Ft::PipeQkv, NC_("figure", "Queries, keys, values")},
    {Ft::PipeQ, NC_("figure", "Q<sub>h</sub> = X W<sub>Q</sub>")},
    {Ft::PipeK, NC_("figure", "K<sub>h</sub> = X W<sub>K</sub>")},
    {Ft::PipeV, NC_("figure", "V<sub>h</sub> = X W<sub>V</sub>")},
    {Ft::PipeKCross, NC_("figure", "K<sub>h</sub> = X<sub>kv</sub> W<sub>K</sub>")},
    {Ft::PipeVCross, NC_("figure", "V<sub>h</sub> = X<sub>kv</sub> W<sub>V</sub>")},
    {Ft::PipeScores, NC_("figure", "Scores")},
    {Ft::PipeScoresFormula, NC_("figure", "S = Q<sub>h</sub> K<sub>h</sub><sup>T</sup>")},
    {Ft::PipeScaling, NC_("figure", "Scaling")},
    {Ft::PipeScalingFormula, NC_("figure", "S ÷ √d<sub>k</sub> = S ÷ {0}")},
    {Ft::PipeScalingFormulaTemp, NC_("figure", "S ÷ (√d<sub>k</sub> · τ) = S ÷ {0}")},
    {Ft::PipeScalingOff, NC_("figure", "scaling off: S unchanged")},
    {Ft::PipeScalingOffTemp, NC_("figure", "scaling off: S ÷ τ = S ÷ {0}")},
    {Ft::PipeBias, NC_("figure", "B: learned bias by j - i")},
    {Ft::PipeScalingBias, NC_("figure", "S' = S × {0} + B")},
    {Ft::PipeMasking, NC_("figure", "Masking")},
    {Ft::PipeMaskingFormula, NC_("figure", "Z = S' + M,  M = -∞ where hidden")},
    {Ft::PipeNoMask, NC_("figure", "no mask: Z = S'")},
    {Ft::PipeSoftmax, NC_("figure", "Softmax")},
    {Ft::PipeSoftmaxFormula, NC_("figure", "A = softmax(Z), each row sums to 1")},
    {Ft::PipeWeightedSum, NC_("figure", "Weighted sum of values")},
    {Ft::PipeWeightedSumFormula, NC_("figure", "O<sub>h</sub> = A V<sub>h</sub>")},
    {Ft::PipeConcat, NC_("figure", "Concatenate heads")},
    {Ft::PipeConcatFormula, NC_("figure", "[O<sub>1</sub> … O<sub>{0}</sub>], head {1} outlined")},
    {Ft::PipeOutput, NC_("figure", "Output projection")},
    {Ft::PipeOutputFormula, NC_("figure", "Y = concat · W<sub>O</sub>")},
    {Ft::PipeColourNote,
     NC_("figure", "Each matrix is coloured on its own scale (low → high); weights A on 0 → 1.")},

    {Ft::TitleLines, NC_("figure", "Who attends to whom")},
    {Ft::SubtitleLines, NC_("figure", "Layer {0} · head {1} of {2} · line opacity = attention weight")},
    {Ft::LinesLegend, NC_("figure", "weight")},

    {Ft::TitleAlignment, NC_("figure", "Alignment: which source words each target word reads")},
    {Ft::SubtitleAlignHead, NC_("figure", "Cross-attention · layer {0} · head {1} of {2} · {3}")},
    {Ft::SubtitleAlignMeanHeads, NC_("figure", "Cross-attention · layer {0}, mean of its {1} heads · {2}")},
    {Ft::SubtitleAlignMeanLayers, NC_("figure", "Cross-attention · mean of every layer's heads · {0}")},
    {Ft::AlignTarget, NC_("figure", "Target (decoder)")},
    {Ft::AlignSource, NC_("figure", "Source (encoder)")},
    {Ft::AlignWords,
     NC_("figure", "words: a row is a target word's attention (its pieces' mean), a column a source "
         "word's (its pieces' sum)")},
    {Ft::AlignPieces, NC_("figure", "subword pieces as the model reads them")},

    {Ft::TitlePe, NC_("figure", "Sinusoidal positional encoding")},
    {Ft::SubtitlePe,
     NC_("figure", "PE(pos, 2i) = sin(pos / 10000<sup>2i/d</sup>),  PE(pos, 2i+1) = cos(pos / "
         "10000<sup>2i/d</sup>),  d = {0}")},
    {Ft::PeOff, NC_("figure", "Not added in this run (positional encoding is off); shown for reference.")},

    {Ft::TitleRow, NC_("figure", "Where {0} looks")},
    {Ft::SubtitleRow,
     NC_("figure", "Layer {0} · head {1} of {2} · one query's attention weights over the keys (they sum "
         "to 1)")},
    {Ft::RowMasked, NC_("figure", "masked")},
    {Ft::RowAxis, NC_("figure", "attention weight")},
    {Ft::TitleQk, NC_("figure", "Queries and keys in one picture")},
    {Ft::SubtitleQk,
     NC_("figure", "Layer {0} · head {1} of {2} · Q<sub>h</sub> and K<sub>h</sub> projected on their "
         "first two principal components · lines: where {3} looks (opacity = weight)")},
    // xgettext:no-c-format
    {Ft::QkAxis, NC_("figure", "component {0} ({1}% of the variance)")},
    {Ft::QkQueries, NC_("figure", "queries (what each token looks for)")},
    {Ft::QkKeys, NC_("figure", "keys (what each token offers)")},
    {Ft::Position, NC_("figure", "Position (token)")},
    {Ft::PositionShort, NC_("figure", "Position")},
    {Ft::Dimension, NC_("figure", "Dimension")},
    {Ft::PeValue, NC_("figure", "value")},

    {Ft::TitleCell, NC_("figure", "How one attention weight is computed: “{0}” → “{1}”")},
    {Ft::SubtitleCell, NC_("figure", "Query {0} “{1}”, key {2} “{3}” · layer {4} · head {5} of {6}")},
    {Ft::CellStep, NC_("figure", "Step")},
    {Ft::CellFormula, NC_("figure", "Formula")},
    {Ft::CellValue, NC_("figure", "Value")},
    {Ft::CellQuery, NC_("figure", "Query vector")},
    {Ft::CellQueryFormula, NC_("figure", "q<sub>i</sub> = row {0} of Q<sub>h</sub>  (1 × {1})")},
    {Ft::CellKey, NC_("figure", "Key vector")},
    {Ft::CellKeyFormula, NC_("figure", "k<sub>j</sub> = row {0} of K<sub>h</sub>  (1 × {1})")},
    {Ft::CellDot, NC_("figure", "Dot product")},
    {Ft::CellDotFormula,
     NC_("figure", "s<sub>ij</sub> = q<sub>i</sub> · k<sub>j</sub> = Σ<sub>d</sub> q<sub>i,d</sub> "
         "k<sub>j,d</sub>")},
    {Ft::CellScale, NC_("figure", "Scaling")},
    {Ft::CellScaleFormula,
     NC_("figure", "s<sub>ij</sub> ÷ √d<sub>k</sub> = s<sub>ij</sub> ÷ √{0} = s<sub>ij</sub> ÷ {1}")},
    {Ft::CellScaleFormulaTemp,
     NC_("figure", "s<sub>ij</sub> ÷ (√d<sub>k</sub> · τ) = s<sub>ij</sub> ÷ {1}  (d<sub>k</sub> = {0})")},
    {Ft::CellScaleOff, NC_("figure", "scaling off: s<sub>ij</sub> unchanged")},
    {Ft::CellScaleOffTemp, NC_("figure", "scaling off: s<sub>ij</sub> ÷ τ = s<sub>ij</sub> ÷ {0}")},
    {Ft::CellMask, NC_("figure", "Mask")},
    {Ft::CellVisible, NC_("figure", "key visible: z<sub>ij</sub> unchanged")},
    {Ft::CellHidden, NC_("figure", "key hidden by the mask: z<sub>ij</sub> = -∞")},
    {Ft::CellHiddenCausal,
     NC_("figure", "hidden (causal: key {0} comes after query {1}): z<sub>ij</sub> = -∞")},
    {Ft::CellHiddenPad, NC_("figure", "hidden (padding key): z<sub>ij</sub> = -∞")},
    {Ft::CellHiddenWindow, NC_("figure", "hidden (outside the window ±{0}): z<sub>ij</sub> = -∞")},
    {Ft::CellHiddenCell, NC_("figure", "hidden (blocked by hand): z<sub>ij</sub> = -∞")},
    {Ft::CellExp, NC_("figure", "Exponential")},
    {Ft::CellExpFormula,
     NC_("figure", "exp(z<sub>ij</sub> - m<sub>i</sub>),  m<sub>i</sub> = max<sub>j'</sub> "
         "z<sub>ij'</sub> = {0}")},
    {Ft::CellRowSum, NC_("figure", "Row sum")},
    {Ft::CellRowSumFormula,
     NC_("figure", "Σ<sub>j'</sub> exp(z<sub>ij'</sub> - m<sub>i</sub>) over {0} visible keys")},
    {Ft::CellWeight, NC_("figure", "Weight")},
    {Ft::CellWeightFormula, NC_("figure", "a<sub>ij</sub> = exp(z<sub>ij</sub> - m<sub>i</sub>) ÷ row sum")},
    {Ft::CellFullyMasked, NC_("figure", "every key of this row is hidden: all its weights are 0")},
    {Ft::CellRowStrip, NC_("figure", "Row {0} of A (key {1} outlined)")},

    {Ft::TrainTitle, NC_("figure", "Training “{0}” — {1}")},
    {Ft::TrainShape, NC_("figure", "{0} × {1}, d<sub>model</sub> {2}")},
    {Ft::TrainLayers, NC_("figure", "{0} layers")},
    {Ft::TrainOneLayer, NC_("figure", "1 layer")},
    {Ft::TrainHeads, NC_("figure", "{0} heads")},
    {Ft::TrainOneHead, NC_("figure", "1 head")},
    {Ft::TrainAttentionOnly, NC_("figure", ", attention only")},
    {Ft::TrainProgress, NC_("figure", "step {0}/{1}")},
    {Ft::TrainProgressLoss, NC_("figure", " · loss {0}")},
    // xgettext:no-c-format
    {Ft::TrainProgressExact, NC_("figure", " · {0}% exact")},
    // xgettext:no-c-format
    {Ft::TrainProgressToken, NC_("figure", " · {0}% of tokens right")},
    {Ft::TrainLossTitle, NC_("figure", "Loss")},
    {Ft::TrainLossAxis, NC_("figure", "loss (log scale)")},
    {Ft::TrainStepAxis, NC_("figure", "step")},
    {Ft::TrainBatchLoss, NC_("figure", "training batch")},
    {Ft::TrainEvalLoss, NC_("figure", "fresh examples")},
    {Ft::TrainAccTitle, NC_("figure", "Accuracy on fresh examples")},
    {Ft::TrainAccAxis, NC_("figure", "accuracy")},
    {Ft::TrainExact, NC_("figure", "exact (whole answer right)")},
    {Ft::TrainToken, NC_("figure", "tokens right")},
    {Ft::TrainNotTrained, NC_("figure", "not trained yet")},
    {Ft::TrainNoEval, NC_("figure", "no evaluation yet")},
    {Ft::TrainTextNote, NC_("figure", "next-character prediction: only the token accuracy means something")},
    {Ft::TrainProbeTitle, NC_("figure", "Every head on the probe “{0}” (step {1})")},
    {Ft::TrainCrossProbeTitle,
     NC_("figure", "Cross-attention of every head on “{0}” → “{1}” (step {2}; rows: the word each writes)")},
    {Ft::TrainHeadCaption, NC_("figure", "L{0} H{1}")},
    {Ft::TrainNoProbe, NC_("figure", "no probe attention yet")},
    {Ft::TrainCaptionRun, NC_("figure", "batch {0} · learning rate {1} · seed {2}")},
    {Ft::TitleImageCls, NC_("figure", "Where the class token looks")},
    {Ft::TitleImagePatch, NC_("figure", "Where patch {0} (row {1}, column {2}) looks")},
    {Ft::SubtitleImage,
     NC_("figure", "Layer {0} · head {1} of {2} · {3} patches of {4}×{4} pixels · colour = attention "
         "weight")},
    {Ft::SubtitleImageMean,
     NC_("figure", "Layer {0} · mean of {2} heads · {3} patches of {4}×{4} pixels · colour = attention "
         "weight")},
    {Ft::ImageHeadsTitle, NC_("figure", "Every head of layer {0}, same query")},
    {Ft::ImageOverlayLegend, NC_("figure: the image view's colour bar", "attention weight")},
    {Ft::CaptionImage, NC_("figure", "Image: {0} ({1}×{2} px, seen by the model as {3}×{4})")},
    {Ft::CaptionImageInterpolated,
     NC_("figure", "position embeddings interpolated from a {0}×{0} grid (bicubic)")},
    {Ft::TitleAttnDistance, NC_("figure", "How far each head looks: mean attention distance against depth")},
    {Ft::SubtitleAttnDistance,
     // xgettext:no-c-format
     NC_("figure", "Per head: the weights of the {0} patch queries times the distance to each patch they "
         "attend to, summed and averaged ({1}×{1}-pixel patches) · the class token is left out; it gets "
         "{2}% of the patches' attention on average")},
    {Ft::DistanceAxis, NC_("figure", "mean attention distance (pixels)")},
    {Ft::DistanceLayerAxis, NC_("figure", "layer (depth)")},
    {Ft::DistanceMeanOfHeads, NC_("figure", "mean of heads")},
    {Ft::DistanceUniform, NC_("figure", "uniform attention")},
    {Ft::TitlePosSimilarity, NC_("figure", "Position embedding similarity")},
    {Ft::SubtitlePosSimilarity,
     NC_("figure", "Map (row, column): cosine similarity of that patch's position embedding with every "
         "patch's · {0}×{1} patches, d<sub>model</sub> {2}")},
    {Ft::CosineSimilarity, NC_("figure", "cosine similarity")},
    {Ft::PatchRowAxis, NC_("figure", "input patch row")},
    {Ft::PatchColumnAxis, NC_("figure", "input patch column")},
    {Ft::PipeZ0Title,
     NC_("figure", "Step 0 for this image: z<sub>0</sub> = [x<sub>class</sub>; x<sub>p</sub> E] + "
         "E<sub>pos</sub> (patch, then its pixels times E, plus its position: the first layer's input)")},
    {Ft::PipeZ0Patch, NC_("figure", "patch {0} ({1}, {2})")},
    {Ft::TrainTestAccTitle, NC_("figure", "Accuracy on the test pictures")},
    {Ft::TrainTestAcc, NC_("figure", "test pictures classified right")},
    {Ft::TrainTestLoss, NC_("figure", "test pictures")},
    // xgettext:no-c-format
    {Ft::TrainProgressTest, NC_("figure", " · {0}% of test pictures right")},
    {Ft::TrainImageProbeTitle,
     NC_("figure", "Where the class token looks on test pictures: layer {0}, {1} (step {2})")},
    {Ft::TrainImageMeanHeads, NC_("figure", "mean of the heads")},
    {Ft::TrainImageHead, NC_("figure", "head {0}")},
    // xgettext:no-c-format
    {Ft::TrainImageProbeCaption, NC_("figure", "{0} · {1}%")},
    {Ft::TrainImageProbeTruth, NC_("figure", "true: {0}")},
    {Ft::TrainImageHeatNote,
     NC_("figure", "warm colour = the class token's attention on that patch (full at four times an even "
         "share)")},
    {Ft::LensTitle, NC_("figure", "What the model would predict after each layer (logit lens)")},
    {Ft::LensSubtitle,
     NC_("figure", "{0} · each layer's residual stream through the final norm and the unembedding · cell "
         "= the top next token, colour = its probability")},
    {Ft::LensEmbeddings, NC_("figure", "embeddings")},
    {Ft::LensLayer, NC_("figure", "layer {0}")},
    {Ft::LensProbability, NC_("figure", "probability")},
    {Ft::LensFirstAnswer, NC_("figure", "first layer with the model's final answer on top")},
    {Ft::LensKnocked, NC_("figure", "knocked out: {0}")},
    {Ft::LensEmpty, NC_("figure", "no tokens to read")},

    {Ft::BeamsTitle, NC_("figure", "Beam search: the candidates kept at each step")},
    {Ft::BeamsSubtitle,
     NC_("figure", "{0} · {1} beams · box = a candidate's newest token and Σ log p of its tokens so far "
         "· line = the candidate it grew from")},
    {Ft::BeamsStep, NC_("figure", "step {0}")},
    {Ft::BeamsWinner, NC_("figure", "the winner's path")},
    {Ft::BeamsFinished, NC_("figure", "finished: wrote the end token")},
    {Ft::BeamsCaption, NC_("figure", "{0} → {1} · score {2} (Σ log p ÷ length<sup>penalty</sup>)")},
    {Ft::BeamsEmpty, NC_("figure", "no search steps to draw")},

    {Ft::TitleRope, NC_("figure", "Rotary positions: q and k turn with their position")},
    {Ft::SubtitleRope,
     NC_("figure", "Layer {0} · head {1} of {2} (reads K/V head {3}) · pair {4} of {5}: dimensions {6} "
         "and {7} of d<sub>k</sub> as one 2-D vector")},
    {Ft::RopeBefore, NC_("figure", "Before the rotation")},
    {Ft::RopeAfter, NC_("figure", "After the rotation (position p turns it by p·θ)")},
    {Ft::RopeSpectrumTitle, NC_("figure", "Speed θ of every pair")},
    {Ft::RopeSpectrumAxis, NC_("figure", "pair")},
    {Ft::RopeSpectrumValue, NC_("figure", "radians per position (log scale)")},
    {Ft::RopePairNote,
     NC_("figure", "Pair {0}: θ = {1} radians per position, one full turn every {2} positions.")},
    {Ft::RopeQueries, NC_("figure", "q (each token's query)")},
    {Ft::RopeKeys, NC_("figure", "k (each token's key)")},
    {Ft::RopeNumbers, NC_("figure", "numbers: positions")},
    {Ft::RopeWhy,
     NC_("figure", "q at position i turns by i·θ and k at position j by j·θ, so their dot product "
         "depends on the angle between them, (i - j)·θ: on how far apart the tokens are, not on where "
         "the sentence starts.")},

    {Ft::TitleAudio, NC_("figure", "Listening: where the decoder looks in the sound while it writes")},
    {Ft::TitleAudioWord, NC_("figure", "Listening: where the decoder looks for “{0}” ({1}–{2} s)")},
    {Ft::SubtitleAudioAlign,
     NC_("figure", "Cross-attention · mean of the alignment heads ({0}) · {1} written tokens × {2} frames")},
    {Ft::SubtitleAudioHead,
     NC_("figure", "Cross-attention · layer {0} · head {1} of {2} · {3} written tokens × {4} frames")},
    {Ft::SubtitleAudioMeanHeads,
     NC_("figure", "Cross-attention · layer {0}, mean of its {1} heads · {2} written tokens × {3} frames")},
    {Ft::AudioWaveform, NC_("figure", "Waveform")},
    {Ft::AudioSpectrogram, NC_("figure", "Log-mel spectrogram ({0} bins, low pitch at the bottom)")},
    {Ft::AudioCross, NC_("figure", "Cross-attention: one row per written token")},
    {Ft::AudioWords, NC_("figure", "Words at their times")},
    {Ft::AudioTime, NC_("figure", "time (s)")},
    {Ft::AudioRowMax, NC_("figure", "share of the row's maximum")},
    {Ft::AudioUntimed, NC_("figure", "The words have no times: {0}")},
    {Ft::AudioTrimmed, NC_("figure", "the {0} frames that hold sound ({1} s) of the encoder's {2}")},
    {Ft::CaptionAudio, NC_("figure", "Recording: {0} ({1}), {2} s")},
    {Ft::CaptionAudioDetected, NC_("figure", "language {0} (detected)")},
    {Ft::CaptionAudioChosen, NC_("figure", "language {0} (chosen)")},
    {Ft::CaptionTranscriptWritten, NC_("figure", "transcript written by the model: “{0}”")},
    {Ft::CaptionTranscriptTyped, NC_("figure", "transcript typed: “{0}”")},
};

static_assert(sizeof(kTable) / sizeof(kTable[0]) == size_t(Ft::kCount), "one row per Ft id");

}  // namespace

const char* figure_text(FigureLang lang, Ft id) {
    // Usually the row at index id; searched otherwise, so the table's order is not load-bearing.
    const size_t n = sizeof(kTable) / sizeof(kTable[0]);
    const Entry* e = size_t(id) < n && kTable[size_t(id)].id == id ? &kTable[size_t(id)] : nullptr;
    for (size_t i = 0; e == nullptr && i < n; ++i)
        if (kTable[i].id == id) e = &kTable[i];
    assert(e != nullptr && "every Ft id needs a row in kTable");
    if (e == nullptr) return "";
    return i18n::translate(int(lang), e->context, e->en);
}

std::string fill_template(const std::string& templ, std::initializer_list<std::string> args) {
    return i18n::fill(templ, std::vector<std::string>(args));
}

std::string figure_textf(FigureLang lang, Ft id, std::initializer_list<std::string> args) {
    return fill_template(figure_text(lang, id), args);
}

std::string markup_escape(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&apos;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

}  // namespace attn
