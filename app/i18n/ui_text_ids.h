// ui_text_ids.h — the id of every UI string (Txt), apart from their texts: ui_text.h looks a
// text up by id, the table's areas (ui_text_table.h) list each id with its English.
#pragma once

namespace attn::app {

enum class Txt {
    // Windows and sections
    ControlsTitle, HeatmapTitle, SecSentence, SecModel, SecAttention, SecMask, SecDisplay,
    // Sentence
    Sentence, SentenceTip, Presets, PresetsTip, PresetsMissing, Cross, CrossTip, CrossText,
    CrossTextTip, TokensLine, TokensUnknownLine, TokenUnknownTip,
    // Model
    DModel, DModelTip, Heads, HeadsTip, Seed, SeedTip, Positional, PositionalTip,
    // Attention
    Scale, ScaleTip, ScaleTipUnscaledModel, ScaleNotTheModel, ScalingTrainedUnscaled, Temperature, TemperatureTip,
    // Mask
    Causal, CausalTip, Window, WindowTip, WindowK, WindowKTip, Global, GlobalTip, PadTo, PadToTip,
    EditMask, EditMaskTip, ClearCells, ClearCellsTip, EditHint,
    // Display
    Language, LanguageTip,
    // Heatmap panel
    Head, HeadTip, Show, ShowTip, QtyWeights, QtyScores, QtyScaled, ColormapLabel, ColormapTip,
    Numbers, NumbersTip, AxisLegend, ColourBarFixed, ColourBarAuto,
    // Hover tooltip
    TipQuery, TipKey, TipScore, TipScaled, TipMasked, TipWeight, TipYes, TipNo, TipPad,
    TipFullyMasked, TipClickToggle,
    // Status
    Computing, StatusLine, NoTrace, FontMissing,
    // Views and menus
    ViewHeatmap, ViewExplainer, ViewAllHeads, ViewScaling, ViewPipeline, ViewLines, ViewPositional,
    MenuView, MenuHelp, MenuShortcuts, ShortcutsText, AboutFree, MenuManual, ClickToExplain,
    // Cell explainer
    ExplHint, ExplCell, ExplStepVectors, ExplStepDot, ExplStepScale, ExplFactorScaled,
    ExplFactorUnscaled, ExplBias, ExplStepMask, ExplMaskedYes, ExplMaskedNo, ExplStepSoftmax, ExplRowMax,
    ExplExp, ExplRowSum, ExplWeight, ExplStepMix, ExplTopKeys, ExplOutput, ExplNorm, ExplSoftmaxTip,
    ExplMixTip, ExplVectorsTip, ExplColKey, ExplColWeight, ExplColVNorm, ExplColShare,
    // All heads
    HeadsIntro, HeadN, HeadAverage, HeadsClickTip, HeadsAverageTip, HeadsCellTip, HeadsMore,
    // Scaling lab
    ScalingIntro, ScalingHead, ScalingScaled, ScalingUnscaled, ScalingDiff, ScalingDiffTip,
    ScalingWaiting, ScalingStats, ScalingStatsTip, ColToken, ColEntropy, ColMaxWeight, ColJacobian,
    ScaledShort, RawShort, HistTitle, HistTip, DkTitle, DkTip, DkVar, DkEntropy, DkMax, DkCurve,
    // Pipeline
    HistBothTitle, HistAxisValue, HistAxisCount, DkAxisEntropy, DkUniform,
    AutoContrast, AutoContrastTip, ZoomReset, ZoomTip,
    PipeIntro, PipeRange, PipeX, PipeQ, PipeK, PipeV, PipeS, PipeZ, PipeZBias, PipeBiasShow, PipeBiasShowTip, PipeBiasTitle, PipeBiasTitleCausal, PipeBiasX,
    PipeBiasNote, PipeMask, PipeA, PipeO, PipeConcat, PipeY,
    PipeValue, PipeSameScale, PipeSameScaleTip,
    // Line view
    LinesIntro, LinesTooMany, LinesQueries, LinesKeys, LinesHoverTip,
    // Positional encoding
    PeIntro, PeMatrix, PeOff, PeReverse, PeReverseTip, PeNoteOff, PeNoteOn, PeMismatch, PeMismatchNone,
    PeWeights, PeValueTip, HeadsCellTipNum,
    // View menu extras
    MenuControls, MenuPresentation, MenuUiScale, MenuUiScaleTip, PresentationHint,
    HeadsAutoScale, HeadsAutoScaleTip,
    // Export dialog
    MenuFile, MenuExport, ExportTitle, ExportWhat, ExportFormat, ExportSize, ExportSizeSlide,
    ExportSizeA4, ExportSizeA4L, ExportPngScale, ExportPngScaleTip, ExportTransparent,
    ExportTransparentTip, ExportPath, ExportPathTip, ExportGo, ExportClose, ExportBusy, ExportNumbersTip,
    // Variants view
    ViewVariants, VarWindow, VarWindowTip, VarTile, VarTileTip, VarCompareIntro, VarColNorm, VarColLinear,
    VarColWindow, VarSummary, VarOnlineIntro, VarStep, VarStepTip, VarTileKeys, VarColMax, VarColSum,
    VarColPartial, VarOnlineErr, VarCellValues, VarPicSoftmax, VarPicWindow, VarPicLinear, VarPicDiffRange,
    VarPicWindowDiff, VarPicLinearDiff, VarPlay, VarPause, VarPlayTip, VarBarsNote,
    // Row view
    ViewRow, RowIntro, RowQuery, RowPrevTip, RowNextTip, RowSorted, RowSortedTip, RowSummary, RowFullyMasked,
    RowAxisKeys, RowAxisWeight, RowMaskedTip, RowLabelTip,
    // Query/key view
    ViewQk, QkIntro, QkAxis, QkQueries, QkKeys,
    // Cost view
    ViewCost, CostIntro, CostRun, CostRunTip, CostRunning, CostColN, CostColMs, CostColMiB, CostTimeTitle,
    CostMemTitle, CostAxisN, CostAxisTime, CostAxisMem, CostSoftmax, CostWindow, CostLinear, CostOnline, CostEngine,
    CostRefN, CostRefN2, CostSlopeRow, CostSlopeTip, CostTableTitle, CostNone,
    // Pretrained models: Model menu, open dialog, loading, controls, layer choice, Model view
    MenuModel, MenuOpenModel, MenuRecentModels, MenuNoRecent, RecentMissing, MenuUseBuiltin,
    OpenModelTitle, OpenModelIntro, OpenModelPath, OpenModelPathHint, OpenModelGo, ModelCancel, ModelClose,
    ModelLoading, ModelLoadFailed, ModelRestoreFailed, ModelBuiltin, ModelLessonBuiltin, ModelInfo, ModelFolderLine,
    BuiltinOnlyTip, SentenceB, SentenceBTip, TargetText, TargetTextTip, TranslateFrom, TranslateTo, TranslateLanguagesTip, CrossNoSecondTip, TokenPieceTip, Layer, LayerTip,
    ViewModel, ModelViewIntro, ModelViewCell, ModelViewClick, ModelRowLabel, ModelColLabel, ModelViewPooled,
    PeLearned, ModelDropHint, BuiltinHidden, CausalAlwaysTip, RunSection, RunSectionTip, SectionEncoder,
    SectionDecoder, SectionCross,
    // Guided lessons (app/lesson, app/panels/panel_lesson)
    LessonTitle, MenuLessons, MenuOpenLesson, MenuRecentLessons, MenuNoLessons, OpenLessonTitle,
    OpenLessonIntro, OpenLessonPathHint, OpenLessonGo, OpenLessonBuiltin, LessonStepsCount, LessonBack,
    LessonNext, LessonClose, LessonCloseTip, LessonProgress, LessonJumpTip, LessonKeysHint, LessonQuestion,
    LessonCheck, LessonCheckTip, LessonShowMe, LessonShowMeTip, LessonRight, LessonWrong, LessonClickHint,
    LessonYourClick, LessonAnswerChoice, LessonAnswerCell, LessonAnswerToken, LessonWaiting,
    LessonNeedsModel, LessonExport, LessonExportTip, LessonExportBusy, LessonExportDone, LessonExportFailed,
    LessonMoreErrors, LessonOpenFailed, LessonDropHint, LessonAnswerError, LessonEnd,
    // Train view
    ViewTrain, TrainIntro, TrainTask, TrainTaskTip, TrainExpect, TrainSymbols, TrainSymbolsTip, TrainLength,
    TrainLengthTip, TrainText, TrainTextTip, TrainTextPreset, TrainLayers, TrainHeads, TrainDModel, TrainSizeTip,
    TrainMlp, TrainMlpTip, TrainLr, TrainLrTip, TrainBatch, TrainBatchTip, TrainSteps, TrainStepsTip, TrainSeed,
    TrainSeedTip, TrainDefaults, TrainDefaultsTip, TrainStart, TrainStartTip, TrainPause, TrainStep, TrainStepTip,
    TrainReset, TrainResetTip, TrainBadRange, TrainNotDivisible, TrainBadLr, TrainTextEmpty, TrainTextShort,
    TrainNotStarted, TrainStatus, TrainStatusDone, TrainStatusRunning, TrainStatusPaused, TrainChanged,
    TrainLossTitle, TrainAccTitle, TrainAxisStep, TrainAxisLoss, TrainAxisAcc, TrainSeriesLoss,
    TrainSeriesEvalLoss, TrainSeriesExact, TrainSeriesToken, TrainProbeTitle, TrainHeadCaption, TrainTimeline,
    TrainTimelineTip, TrainLive, TrainLiveTip, TrainUse, TrainUseTip, TrainUsing, TrainUseLoading, TrainSaveAs,
    TrainSavePath, TrainSavePathHint, TrainSaveGo, TrainSaved, TrainSaveFailed, TrainSaveTip, TrainNoProbe,
    TrainAccNote, TrainTooBig, TrainExport, TrainExportTip, TrainExportTitle, TrainExportIntro,
    // Train view: the image tasks (a tiny ViT)
    TrainImageIntro, TrainPatch, TrainPatchTip, TrainImages, TrainImagesTip, TrainImagesAll, TrainImageProbes,
    TrainImageProbeTip, TrainImageLayer, TrainImageHead, TrainImageHeadMean, TrainImageProbeCaption,
    TrainSeriesTestAcc, TrainImageLoading, TrainImageAccTitle, TrainSeriesTestLoss, TrainImageEveryHead,
    TrainImageEveryHeadTip, TrainImageEveryTitle, TrainImagePickTip,
    // Predict view (next token, generation, masked tokens) and head roles in the Model view
    ViewPredict, PredictNoModel, PredictIntroGpt2, PredictIntroBert, PredictPosition, PredictClickTip,
    PredictGreedy, PredictGreedyTip, PredictTemp, PredictTempTip, PredictTopK, PredictTopKTip, PredictTopP,
    PredictTopPTip, PredictSeed, PredictSeedTip, PredictShown, PredictRaw, PredictSampled, PredictKept,
    PredictAxis, PredictPlusOne, PredictPlusOneTip, PredictPlusN, PredictPlusNTip, PredictUndo, PredictUndoTip,
    PredictKeep, PredictKeepTip, PredictGenerating, PredictFull, PredictGrowTitle, PredictGrowTip, PredictStarting,
    PredictText, PredictNoMlmHead, PredictMaskHint, PredictMaskTitle, PredictMaskClear, PredictMaskClickTip,
    PredictError, PredictMasked,
    RolesTitle, RolesComputing, RolesNeedModel, RolesOnProbe, RolesOnSentence, RolesOnTip, RolesRank, RolesListTip,
    RolesNone, RolesScore, RolesLegendTip, RolePrevious, RoleDuplicate, RoleInduction, RoleFirst, RoleSelf, RoleBroad,
    RolePreviousTip, RoleDuplicateTip, RoleInductionTip, RoleFirstTip, RoleSelfTip, RoleBroadTip, RolesCell,
    RolePositional, RolePositionalTip, RolesSure, RolesLikely, RolesMargin, RolesInductionK, RolesRule,
    RolesProbeTask, RolesProbeStandard, RolesAllScores,
    QtyRollout, QtyRolloutTip, RolloutComputing, RolloutUnavailable,
    SelRowsSum, SelColsSum, SelClear, SelHint,
    // Image view and File ▸ Open image (ui_text_image.cpp)
    ViewImage, MenuOpenImage, ImageIntro, ImageNotImage, ImageNeedImage, ImageCaption, ImageInterpolated,
    ImageModeQuery, ImageModeHeads, ImageModeRollout, ImageModeTip, ImageHeadMean, ImageHeadN, ImageClsTip,
    ImageKeepMass, ImageKeepMassTip, ImageOpacity, ImagePatchTip, ImageValueTip, ImageClickTip, ImageQueryCls,
    ImageQueryPrefix, ImageQueryPatch, ImagePrefixShare, ImageScale, ImageRolloutLine, ImageRolloutBusy,
    ImageTopTitle, ImageNoClasses, ImageStrip, ImageHeadsCaption, ImageHeadClickTip, ImageOpenTitle, ImageOpenIntro,
    ImageOpenPath, ImageOpenHint, ImageOpenGo, ImageOpenClose, ImageInUse, ImageNone, ImageTextModel, ImageMissing, PredictVision,
    // The ViT paper's Figure 7 views: attention distance, position similarity (ui_text_image.cpp)
    ViewAttnDistance, ViewPosSimilarity, VitOnlyImages, DistIntro, DistTitle, DistAxisLayer, DistAxisPx, DistMean,
    DistUniform, DistPointTip, DistSummary, DistClickTip, PosIntro, PosHoverTip, PosLegend, PosSelected,
    PipeZ0Show, PipeZ0ShowTip, PipeZ0Title, PipeZ0Pixels, PipeZ0Learned, PipeZ0Patch, ImageSamples, ImageSamplesTip,
    // Knocked-out heads (Predict view, Model view, heatmap head controls) and the head ranking (ui_text_model.cpp)
    KnockTitle, KnockNone, KnockClear, KnockMean, KnockMeanTip, KnockChipTip, KnockSeries, KnockChange, KnockTopNow,
    KnockComputing, RankButton, RankTip, RankProgress, RankCancel, RankDone, RankCancelled, RankRowTip, RankAxis,
    ModelViewKnockTip, ModelViewKnocked, HeatmapKnock, HeatmapKnockBack, HeatmapKnockTip,
    ViewLens, LensIntro, LensNeedModel, LensEmbeddings, LensLayerRow, LensTipEmbeddings, LensTipLayer, LensTipAnswer,
    LensKnocked,
    // The Alignment view (a translation's cross-attention, word by word; ui_text_model.cpp)
    PredictTranslation, ViewAlignment, AlignIntro, AlignNeedsTranslation, AlignSwitching, AlignHead, AlignMeanHeads, AlignMeanLayers,
    AlignSourceTip, AlignPieces, AlignPiecesTip, AlignCellTip, AlignClickHint,
    // The Predict view for a translation model (ui_text_translate.cpp)
    TrSource, TrSourceUnknownTip, TrUnknownWords, TrTarget, TrTargetTip, TrNothingYet, TrWriteBest, TrWriteBestTip, TrWriteSample, TrWriteSampleTip,
    TrStartOver, TrStartOverTip,
    TrTranslateBeams, TrTranslateGreedy, TrTranslateTip, TrComputing, TrNextAfter, TrBarsTip, TrEnded, TrEndedLimit,
    TrReadWhile, TrHead, TrHeadTip, TrMeanOfHeads, TrGridTitle, TrGridTip, TrTreeTitle, TrTreeTip, TrTreeNodeTip,
    TrTreeExport, TrTreeExportTip, TrTreeExportTitle, TrTreeExportIntro,
    // The Pipeline view on a later layer and on cross-attention (ui_text_translate.cpp)
    PipeXLayer, PipeXCross, PipeQCross, PipeKCross, PipeVCross, PipeCrossNote,
    // Token limit in the controls column, and the refusal naming it (issue 23)
    TokenLimit, TokenLimitTip, TokenLimitRefusal,
    // RoPE view, KV-cache panel, grouped-query labels (ui_text_rope.cpp)
    ViewRope, RopeIntro, RopeNotRotary, RopePair, RopePairTip, RopePairInfo, RopeBefore, RopeAfter, RopeLegend,
    RopeSpectrum, RopeSpectrumTip, RopeShift, RopeShiftTip, RopeShiftResult, RopeShiftSame, RopeShiftBusy, RopeShiftGpt2,
    RopeKvTitle, RopeKvIntro, RopeKvContext, RopeKvBytes, RopeKvMha, RopeKvModel, RopeKvMqa, RopeKvShare, RopeKvNoShare,
    GqaGroup, GqaGroupTip, GqaExplain,
    // Train view: the architecture switch, learned positions vs rotary (ui_text_train.cpp, issue 24)
    TrainArch, TrainArchTip, TrainKvHeads, TrainKvHeadsTip,
    // Train view: the encoder–decoder's tasks and its probe (ui_text_train.cpp, issue 32)
    TrainSeq2SeqTask, TrainSeq2SeqArch, TrainSeq2SeqArchTip, TrainSeq2SeqLayersTip, TrainCrossProbeTitle,
    // The Lens view's export; the Predict view's knock-outs for BERT (ui_text_model.cpp)
    LensExport, LensExportTip, LensExportTitle, LensExportIntro, KnockNoneMasked,
    // … and a translation model's, heads named by section (ui_text_model.cpp, issue 32)
    KnockNoneTranslation, KnockChipTipTranslation, LensTranslation,
    // RoPE view: export, padding test (ui_text_rope.cpp)
    RopeExport, RopeExportTip, RopePad, RopePadToken, RopePadTip, RopePadHidden, RopePadVisibleFirst, RopePadVisibleLater,
    RopePadWhy,
    // The sentence bar's chat wrapping (ui_text_controls.cpp)
    ChatWrap, ChatWrapTip,
    // The heatmap's note on a model's own sliding window (ui_text_rope.cpp)
    HeatmapModelWindow, HeatmapModelWindowTip,
    // The Audio view and File ▸ Open recording (ui_text_audio.cpp)
    ViewAudio, MenuOpenAudio, AudioIntro, AudioNeedAudio, AudioNotSpeech, AudioSwitching, AudioCaption, AudioCut,
    AudioDetected, AudioChosen, AudioTrimmed, AudioTranscriptGenerated, AudioTranscriptTyped, AudioAlignHeads,
    AudioAlignHeadsTip, AudioWordTip, AudioClickWord, AudioUntimed, AudioWaveform, AudioSpectrogram, AudioCrossOf,
    AudioCrossAll, AudioFrameTip, AudioLanguage, AudioLanguageAuto, AudioLanguageTip, AudioOpenTitle, AudioOpenIntro,
    AudioOpenPath, AudioOpenHint, AudioInUse, AudioNone, AudioMissing, AudioTextModel, AudioWords,
    SoundRecord, SoundRecordTip, SoundStop, SoundStopTip, SoundPlay, SoundPlayTip, SoundPlayWord, SoundPlayWordTip,
    SoundSaveAs, SoundSaveAsTip, SoundStarting, SoundRecording, SoundPlaying, SoundLevelTip, SoundNoSystem, SoundNoInput,
    SoundNoOutput, SoundInputFailed, SoundOutputFailed, SoundRecorded, SoundLimit, SoundTooShort, SoundSaveTitle,
    SoundSavePath, SoundSaveGo, SoundSaved, SoundSaving, SoundCancel, SoundNothingToSave,
    ListenRecording, ListenRecordingDetected, ListenRecordingChosen, ListenTranscript, ListenWriteAll, ListenWriteAllTip,
    ListenReadWhile, AudioTypedBox, AudioTypedBoxTip, PredictSpeech,
    Count
};

}  // namespace attn::app
