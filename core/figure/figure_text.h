// figure_text.h — every string the figures show, in English and Korean, in one table.
//
// Strings are Pango markup (<sub>, <sup>, <b>); only characters the bundled NanumGothic has are
// used (it lacks U+2212 MINUS SIGN and the Unicode sub/superscript letters: write "-" and use
// <sub>/<sup>). "{0}", "{1}"... are filled by figure_textf, so Korean can reorder the words.
#pragma once

#include <initializer_list>
#include <string>

#include "core/figure/figure.h"

namespace attn {

enum class Ft {
    // Axes and common words
    Query,
    Key,
    AxisQuery,
    AxisKey,
    HeadN,
    AverageOfHeads,
    Weight,
    Score,
    ScaledScore,
    RolloutShare,
    MaskedLegend,
    On,
    Off,
    // Caption
    CaptionText,
    CaptionCrossText,
    CaptionModel,
    CaptionPretrained,
    CaptionSentenceB,
    CaptionLayerHead,
    CaptionLayer,
    CaptionScaling,
    CaptionTemperature,
    CaptionMask,
    CaptionPositional,
    // Heatmap view
    TitleWeights,
    TitleScores,
    TitleScaled,
    TitleRollout,
    SubtitleRollout,
    SubtitleHeatmap,
    // Heads view
    TitleHeads,
    SubtitleHeads,
    // Scaling view
    TitleScaling,
    SubtitleScaling,
    WithScaling,
    WithoutScaling,
    Difference,
    EntropyTitle,
    EntropyAxis,
    EntropyMax,
    MeanEntropy,
    ShortWith,
    ShortWithout,
    DifferenceAxis,
    // Pipeline view
    TitlePipeline,
    SubtitlePipeline,
    PipeInput,
    PipeInputFormula,
    PipeInputFormulaNoPe,
    PipeQkv,
    PipeQ,
    PipeK,
    PipeV,
    PipeKCross,
    PipeVCross,
    PipeScores,
    PipeScoresFormula,
    PipeScaling,
    PipeScalingFormula,
    PipeScalingFormulaTemp,
    PipeScalingOff,
    PipeScalingOffTemp,
    PipeMasking,
    PipeMaskingFormula,
    PipeNoMask,
    PipeSoftmax,
    PipeSoftmaxFormula,
    PipeWeightedSum,
    PipeWeightedSumFormula,
    PipeConcat,
    PipeConcatFormula,
    PipeOutput,
    PipeOutputFormula,
    PipeColourNote,
    // Lines view
    TitleLines,
    SubtitleLines,
    LinesLegend,
    // Positional-encoding view
    TitlePe,
    SubtitlePe,
    PeOff,
    // Row view
    TitleRow,
    SubtitleRow,
    RowMasked,
    RowAxis,
    // Query/key view
    TitleQk,
    SubtitleQk,
    QkAxis,
    QkQueries,
    QkKeys,
    Position,
    PositionShort,
    Dimension,
    PeValue,
    // Cell view
    TitleCell,
    SubtitleCell,
    CellStep,
    CellFormula,
    CellValue,
    CellQuery,
    CellQueryFormula,
    CellKey,
    CellKeyFormula,
    CellDot,
    CellDotFormula,
    CellScale,
    CellScaleFormula,
    CellScaleFormulaTemp,
    CellScaleOff,
    CellScaleOffTemp,
    CellMask,
    CellVisible,
    CellHidden,
    CellHiddenCausal,
    CellHiddenPad,
    CellHiddenWindow,
    CellHiddenCell,
    CellExp,
    CellExpFormula,
    CellRowSum,
    CellRowSumFormula,
    CellWeight,
    CellWeightFormula,
    CellFullyMasked,
    CellRowStrip,
    // Train view
    TrainTitle,
    TrainShape,
    TrainLayers,
    TrainOneLayer,
    TrainHeads,
    TrainOneHead,
    TrainAttentionOnly,
    TrainProgress,
    TrainProgressLoss,
    TrainProgressExact,
    TrainProgressToken,
    TrainLossTitle,
    TrainLossAxis,
    TrainStepAxis,
    TrainBatchLoss,
    TrainEvalLoss,
    TrainAccTitle,
    TrainAccAxis,
    TrainExact,
    TrainToken,
    TrainNotTrained,
    TrainNoEval,
    TrainTextNote,
    TrainProbeTitle,
    TrainHeadCaption,
    TrainNoProbe,
    TrainCaptionRun,
    // Image view (Vision Transformers)
    TitleImageCls,
    TitleImagePatch,
    SubtitleImage,
    SubtitleImageMean,
    ImageHeadsTitle,
    ImageOverlayLegend,
    CaptionImage,
    CaptionImageInterpolated,
    // Mean attention distance and position-embedding similarity (ViT paper, Figure 7)
    TitleAttnDistance,
    SubtitleAttnDistance,
    DistanceAxis,
    DistanceLayerAxis,
    DistanceMeanOfHeads,
    DistanceUniform,
    TitlePosSimilarity,
    SubtitlePosSimilarity,
    CosineSimilarity,
    PatchRowAxis,
    PatchColumnAxis,
    PipeZ0Title,
    PipeZ0Patch,
    // Lens view (the logit lens)
    LensTitle,
    LensSubtitle,
    LensEmbeddings,
    LensLayer,
    LensProbability,
    LensFirstAnswer,
    LensKnocked,
    LensEmpty,
    kCount
};

// The markup for `id` in `lang`.
const char* figure_text(FigureLang lang, Ft id);
// The same with "{0}", "{1}"... replaced by `args` (inserted as given: escape plain text first
// with markup_escape when it may hold <, > or &).
std::string figure_textf(FigureLang lang, Ft id, std::initializer_list<std::string> args);
// Replaces "{0}", "{1}"... in any template.
std::string fill_template(const std::string& templ, std::initializer_list<std::string> args);
// Escapes &, <, >, ", ' for Pango markup and XML.
std::string markup_escape(const std::string& text);

}  // namespace attn
