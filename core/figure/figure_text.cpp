// figure_text.cpp — every string the figures show, in English and Korean, in one table
// (implementation; the interface and its contract are in figure_text.h)
#include "core/figure/figure_text.h"

#include <cassert>

namespace attn {
namespace {

struct Entry {
    Ft id;
    const char* en;
    const char* ko;
};

// One row per string. Korean: 해요체-free noun style, as on textbook figures.
const Entry kTable[] = {
    {Ft::Query, "Query", "쿼리"},
    {Ft::Key, "Key", "키"},
    {Ft::AxisQuery, "Query (row: the token that looks)", "쿼리 (행: 주목하는 토큰)"},
    {Ft::AxisKey, "Key (column: the token looked at)", "키 (열: 주목받는 토큰)"},
    {Ft::HeadN, "Head {0}", "헤드 {0}"},
    {Ft::AverageOfHeads, "Average of {0} heads", "헤드 {0}개 평균"},
    {Ft::Weight, "weight", "가중치"},
    {Ft::Score, "score", "점수"},
    {Ft::ScaledScore, "softmax input", "소프트맥스 입력"},
    {Ft::RolloutShare, "share", "비율"},
    {Ft::MaskedLegend, "hidden by the mask", "마스크로 가려짐"},
    {Ft::On, "on", "켬"},
    {Ft::Off, "off", "끔"},

    {Ft::CaptionText, "Text: “{0}”", "문장: “{0}”"},
    {Ft::CaptionCrossText, "keys and values from: “{0}”", "키·값 문장: “{0}”"},
    {Ft::CaptionModel, "model {0} (seed {1}), d<sub>model</sub> {2}, {3} heads, d<sub>k</sub> {4}",
     "모델 {0} (시드 {1}), d<sub>model</sub> {2}, 헤드 {3}개, d<sub>k</sub> {4}"},
    {Ft::CaptionPretrained, "model {0} ({1}, {2} layers), d<sub>model</sub> {3}, {4} heads, d<sub>k</sub> {5}",
     "모델 {0} ({1}, 레이어 {2}개), d<sub>model</sub> {3}, 헤드 {4}개, d<sub>k</sub> {5}"},
    {Ft::CaptionSentenceB, "sentence B: “{0}”", "문장 B: “{0}”"},
    {Ft::CaptionLayerHead, "layer {0}, head {1}", "레이어 {0}, 헤드 {1}"},
    {Ft::CaptionLayer, "layer {0}", "레이어 {0}"},
    {Ft::CaptionScaling, "scaling ÷√d<sub>k</sub> {0}", "√d<sub>k</sub> 스케일링 {0}"},
    {Ft::CaptionTemperature, "temperature {0}", "온도 {0}"},
    {Ft::CaptionMask, "mask: {0}", "마스크: {0}"},
    {Ft::CaptionPositional, "positional encoding {0}", "위치 인코딩 {0}"},

    {Ft::TitleWeights, "Attention weights", "어텐션 가중치"},
    {Ft::TitleScores, "Raw scores QK<sup>T</sup>", "원점수 QK<sup>T</sup>"},
    {Ft::TitleScaled, "Scaled scores (softmax input)", "스케일된 점수 (소프트맥스 입력)"},
    {Ft::TitleRollout, "Attention rollout", "어텐션 롤아웃"},
    {Ft::SubtitleRollout, "Through layers 1–{0}, heads averaged, residual added · {1} × {1} tokens",
     "레이어 1–{0}을 거쳐, 헤드 평균, 잔차 더함 · 토큰 {1} × {1}"},
    {Ft::SubtitleHeatmap, "Layer {0} · head {1} of {2} · {3} × {4} tokens",
     "레이어 {0} · 헤드 {1}/{2} · 토큰 {3} × {4}"},

    {Ft::TitleHeads, "Attention weights of every head", "모든 헤드의 어텐션 가중치"},
    {Ft::SubtitleHeads, "Layer {0} · {1} heads and their average · {2} × {3} tokens",
     "레이어 {0} · 헤드 {1}개와 평균 · 토큰 {2} × {3}"},

    {Ft::TitleScaling, "Why divide by √d<sub>k</sub>: the same head with and without scaling",
     "왜 √d<sub>k</sub>로 나누는가: 스케일링 유무에 따른 같은 헤드"},
    {Ft::SubtitleScaling,
     "Layer {0} · head {1} · d<sub>k</sub> = {2}: unscaled scores have variance ≈ d<sub>k</sub>, so the "
     "softmax saturates",
     "레이어 {0} · 헤드 {1} · d<sub>k</sub> = {2}: 스케일링하지 않은 점수는 분산이 약 d<sub>k</sub>라서 "
     "소프트맥스가 포화됨"},
    {Ft::WithScaling, "With scaling: softmax(QK<sup>T</sup>/√d<sub>k</sub>)",
     "스케일링 적용: softmax(QK<sup>T</sup>/√d<sub>k</sub>)"},
    {Ft::WithoutScaling, "Without scaling: softmax(QK<sup>T</sup>)",
     "스케일링 없음: softmax(QK<sup>T</sup>)"},
    {Ft::Difference, "Difference (with - without)", "차이 (적용 - 미적용)"},
    {Ft::EntropyTitle, "Entropy of each query row", "쿼리 행별 엔트로피"},
    {Ft::EntropyAxis, "entropy (nats)", "엔트로피 (nat)"},
    {Ft::EntropyMax, "| = a uniform row: ln(visible keys)", "| = 균등한 행: ln(보이는 키 수)"},
    {Ft::MeanEntropy, "mean {0}", "평균 {0}"},
    {Ft::ShortWith, "with ÷√d<sub>k</sub>", "÷√d<sub>k</sub> 적용"},
    {Ft::ShortWithout, "without", "미적용"},
    {Ft::DifferenceAxis, "difference", "차이"},

    {Ft::TitlePipeline, "One attention head, step by step", "어텐션 헤드 하나의 계산 과정"},
    {Ft::SubtitlePipeline,
     "Layer {0} · head {1} of {2} · T = {3} tokens · d<sub>model</sub> = {4} · d<sub>k</sub> = {5}",
     "레이어 {0} · 헤드 {1}/{2} · 토큰 T = {3} · d<sub>model</sub> = {4} · d<sub>k</sub> = {5}"},
    {Ft::PipeInput, "Input", "입력"},
    {Ft::PipeInputFormula, "X = E + PE", "X = E + PE"},
    {Ft::PipeInputFormulaNoPe, "X = E (no positional encoding)", "X = E (위치 인코딩 없음)"},
    {Ft::PipeQkv, "Queries, keys, values", "쿼리, 키, 값"},
    {Ft::PipeQ, "Q<sub>h</sub> = X W<sub>Q</sub>", "Q<sub>h</sub> = X W<sub>Q</sub>"},
    {Ft::PipeK, "K<sub>h</sub> = X W<sub>K</sub>", "K<sub>h</sub> = X W<sub>K</sub>"},
    {Ft::PipeV, "V<sub>h</sub> = X W<sub>V</sub>", "V<sub>h</sub> = X W<sub>V</sub>"},
    {Ft::PipeKCross, "K<sub>h</sub> = X<sub>kv</sub> W<sub>K</sub>",
     "K<sub>h</sub> = X<sub>kv</sub> W<sub>K</sub>"},
    {Ft::PipeVCross, "V<sub>h</sub> = X<sub>kv</sub> W<sub>V</sub>",
     "V<sub>h</sub> = X<sub>kv</sub> W<sub>V</sub>"},
    {Ft::PipeScores, "Scores", "점수"},
    {Ft::PipeScoresFormula, "S = Q<sub>h</sub> K<sub>h</sub><sup>T</sup>",
     "S = Q<sub>h</sub> K<sub>h</sub><sup>T</sup>"},
    {Ft::PipeScaling, "Scaling", "스케일링"},
    {Ft::PipeScalingFormula, "S ÷ √d<sub>k</sub> = S ÷ {0}", "S ÷ √d<sub>k</sub> = S ÷ {0}"},
    {Ft::PipeScalingFormulaTemp, "S ÷ (√d<sub>k</sub> · τ) = S ÷ {0}", "S ÷ (√d<sub>k</sub> · τ) = S ÷ {0}"},
    {Ft::PipeScalingOff, "scaling off: S unchanged", "스케일링 끔: S 그대로"},
    {Ft::PipeScalingOffTemp, "scaling off: S ÷ τ = S ÷ {0}", "스케일링 끔: S ÷ τ = S ÷ {0}"},
    {Ft::PipeBias, "B: learned bias by j - i", "B: j - i별 학습된 편향"},
    {Ft::PipeScalingBias, "S' = S × {0} + B", "S' = S × {0} + B"},
    {Ft::PipeMasking, "Masking", "마스킹"},
    {Ft::PipeMaskingFormula, "Z = S' + M,  M = -∞ where hidden", "Z = S' + M,  가려진 곳 M = -∞"},
    {Ft::PipeNoMask, "no mask: Z = S'", "마스크 없음: Z = S'"},
    {Ft::PipeSoftmax, "Softmax", "소프트맥스"},
    {Ft::PipeSoftmaxFormula, "A = softmax(Z), each row sums to 1", "A = softmax(Z), 각 행의 합 = 1"},
    {Ft::PipeWeightedSum, "Weighted sum of values", "값의 가중합"},
    {Ft::PipeWeightedSumFormula, "O<sub>h</sub> = A V<sub>h</sub>", "O<sub>h</sub> = A V<sub>h</sub>"},
    {Ft::PipeConcat, "Concatenate heads", "헤드 연결"},
    {Ft::PipeConcatFormula, "[O<sub>1</sub> … O<sub>{0}</sub>], head {1} outlined",
     "[O<sub>1</sub> … O<sub>{0}</sub>], 헤드 {1} 테두리"},
    {Ft::PipeOutput, "Output projection", "출력 투영"},
    {Ft::PipeOutputFormula, "Y = concat · W<sub>O</sub>", "Y = concat · W<sub>O</sub>"},
    {Ft::PipeColourNote, "Each matrix is coloured on its own scale (low → high); weights A on 0 → 1.",
     "각 행렬은 자체 범위로 색칠 (낮음 → 높음); 가중치 A는 0 → 1."},

    {Ft::TitleLines, "Who attends to whom", "어떤 토큰이 어디에 주목하는가"},
    {Ft::SubtitleLines, "Layer {0} · head {1} of {2} · line opacity = attention weight",
     "레이어 {0} · 헤드 {1}/{2} · 선의 진하기 = 어텐션 가중치"},
    {Ft::LinesLegend, "weight", "가중치"},

    {Ft::TitleAlignment, "Alignment: which source words each target word reads",
     "정렬: 목표 단어마다 읽는 원문 단어"},
    {Ft::SubtitleAlignHead, "Cross-attention · layer {0} · head {1} of {2} · {3}",
     "교차 어텐션 · 레이어 {0} · 헤드 {1}/{2} · {3}"},
    {Ft::SubtitleAlignMeanHeads, "Cross-attention · layer {0}, mean of its {1} heads · {2}",
     "교차 어텐션 · 레이어 {0}, 헤드 {1}개의 평균 · {2}"},
    {Ft::SubtitleAlignMeanLayers, "Cross-attention · mean of every layer's heads · {0}",
     "교차 어텐션 · 모든 레이어 헤드의 평균 · {0}"},
    {Ft::AlignTarget, "Target (decoder)", "목표 문장 (디코더)"},
    {Ft::AlignSource, "Source (encoder)", "원문 (인코더)"},
    {Ft::AlignWords, "words: a row is a target word's attention (its pieces' mean), a column a source word's (its pieces' sum)",
     "단어 단위: 행은 목표 단어(조각들의 평균), 열은 원문 단어(조각들의 합)"},
    {Ft::AlignPieces, "subword pieces as the model reads them", "모델이 읽는 하위 단어 조각 그대로"},

    {Ft::TitlePe, "Sinusoidal positional encoding", "사인파 위치 인코딩"},
    {Ft::SubtitlePe,
     "PE(pos, 2i) = sin(pos / 10000<sup>2i/d</sup>),  PE(pos, 2i+1) = cos(pos / 10000<sup>2i/d</sup>),  d = "
     "{0}",
     "PE(pos, 2i) = sin(pos / 10000<sup>2i/d</sup>),  PE(pos, 2i+1) = cos(pos / 10000<sup>2i/d</sup>),  d = "
     "{0}"},
    {Ft::PeOff, "Not added in this run (positional encoding is off); shown for reference.",
     "이번 실행에서는 더하지 않음 (위치 인코딩 끔); 참고용으로 표시."},

    {Ft::TitleRow, "Where {0} looks", "{0}이(가) 보는 곳"},
    {Ft::SubtitleRow, "Layer {0} · head {1} of {2} · one query's attention weights over the keys (they sum to 1)",
     "레이어 {0} · 헤드 {1}/{2} · 쿼리 하나의 키별 어텐션 가중치 (합은 1)"},
    {Ft::RowMasked, "masked", "마스크"},
    {Ft::RowAxis, "attention weight", "어텐션 가중치"},
    {Ft::TitleQk, "Queries and keys in one picture", "쿼리와 키를 한 그림에"},
    {Ft::SubtitleQk,
     "Layer {0} · head {1} of {2} · Q<sub>h</sub> and K<sub>h</sub> projected on their first two principal components "
     "· lines: where {3} looks (opacity = weight)",
     "레이어 {0} · 헤드 {1}/{2} · Q<sub>h</sub>와 K<sub>h</sub>를 첫 두 주성분에 투영 · 선: {3}이(가) 보는 곳 (진하기 = 가중치)"},
    {Ft::QkAxis, "component {0} ({1}% of the variance)", "주성분 {0} (분산의 {1}%)"},
    {Ft::QkQueries, "queries (what each token looks for)", "쿼리 (각 토큰이 찾는 것)"},
    {Ft::QkKeys, "keys (what each token offers)", "키 (각 토큰이 내보이는 것)"},
    {Ft::Position, "Position (token)", "위치 (토큰)"},
    {Ft::PositionShort, "Position", "위치"},
    {Ft::Dimension, "Dimension", "차원"},
    {Ft::PeValue, "value", "값"},

    {Ft::TitleCell, "How one attention weight is computed: “{0}” → “{1}”",
     "어텐션 가중치 하나의 계산: “{0}” → “{1}”"},
    {Ft::SubtitleCell, "Query {0} “{1}”, key {2} “{3}” · layer {4} · head {5} of {6}",
     "쿼리 {0} “{1}”, 키 {2} “{3}” · 레이어 {4} · 헤드 {5}/{6}"},
    {Ft::CellStep, "Step", "단계"},
    {Ft::CellFormula, "Formula", "수식"},
    {Ft::CellValue, "Value", "값"},
    {Ft::CellQuery, "Query vector", "쿼리 벡터"},
    {Ft::CellQueryFormula, "q<sub>i</sub> = row {0} of Q<sub>h</sub>  (1 × {1})",
     "q<sub>i</sub> = Q<sub>h</sub>의 {0}행  (1 × {1})"},
    {Ft::CellKey, "Key vector", "키 벡터"},
    {Ft::CellKeyFormula, "k<sub>j</sub> = row {0} of K<sub>h</sub>  (1 × {1})",
     "k<sub>j</sub> = K<sub>h</sub>의 {0}행  (1 × {1})"},
    {Ft::CellDot, "Dot product", "내적"},
    {Ft::CellDotFormula,
     "s<sub>ij</sub> = q<sub>i</sub> · k<sub>j</sub> = Σ<sub>d</sub> q<sub>i,d</sub> k<sub>j,d</sub>",
     "s<sub>ij</sub> = q<sub>i</sub> · k<sub>j</sub> = Σ<sub>d</sub> q<sub>i,d</sub> k<sub>j,d</sub>"},
    {Ft::CellScale, "Scaling", "스케일링"},
    {Ft::CellScaleFormula, "s<sub>ij</sub> ÷ √d<sub>k</sub> = s<sub>ij</sub> ÷ √{0} = s<sub>ij</sub> ÷ {1}",
     "s<sub>ij</sub> ÷ √d<sub>k</sub> = s<sub>ij</sub> ÷ √{0} = s<sub>ij</sub> ÷ {1}"},
    {Ft::CellScaleFormulaTemp,
     "s<sub>ij</sub> ÷ (√d<sub>k</sub> · τ) = s<sub>ij</sub> ÷ {1}  (d<sub>k</sub> = {0})",
     "s<sub>ij</sub> ÷ (√d<sub>k</sub> · τ) = s<sub>ij</sub> ÷ {1}  (d<sub>k</sub> = {0})"},
    {Ft::CellScaleOff, "scaling off: s<sub>ij</sub> unchanged", "스케일링 끔: s<sub>ij</sub> 그대로"},
    {Ft::CellScaleOffTemp, "scaling off: s<sub>ij</sub> ÷ τ = s<sub>ij</sub> ÷ {0}",
     "스케일링 끔: s<sub>ij</sub> ÷ τ = s<sub>ij</sub> ÷ {0}"},
    {Ft::CellMask, "Mask", "마스크"},
    {Ft::CellVisible, "key visible: z<sub>ij</sub> unchanged", "키가 보임: z<sub>ij</sub> 그대로"},
    {Ft::CellHidden, "key hidden by the mask: z<sub>ij</sub> = -∞",
     "마스크가 키를 가림: z<sub>ij</sub> = -∞"},
    {Ft::CellHiddenCausal, "hidden (causal: key {0} comes after query {1}): z<sub>ij</sub> = -∞",
     "가려짐 (인과 마스크: 키 {0}이 쿼리 {1}보다 뒤): z<sub>ij</sub> = -∞"},
    {Ft::CellHiddenPad, "hidden (padding key): z<sub>ij</sub> = -∞", "가려짐 (패딩 키): z<sub>ij</sub> = -∞"},
    {Ft::CellHiddenWindow, "hidden (outside the window ±{0}): z<sub>ij</sub> = -∞",
     "가려짐 (창 ±{0} 밖): z<sub>ij</sub> = -∞"},
    {Ft::CellHiddenCell, "hidden (blocked by hand): z<sub>ij</sub> = -∞",
     "가려짐 (직접 가림): z<sub>ij</sub> = -∞"},
    {Ft::CellExp, "Exponential", "지수 함수"},
    {Ft::CellExpFormula,
     "exp(z<sub>ij</sub> - m<sub>i</sub>),  m<sub>i</sub> = max<sub>j'</sub> z<sub>ij'</sub> = {0}",
     "exp(z<sub>ij</sub> - m<sub>i</sub>),  m<sub>i</sub> = max<sub>j'</sub> z<sub>ij'</sub> = {0}"},
    {Ft::CellRowSum, "Row sum", "행 합계"},
    {Ft::CellRowSumFormula, "Σ<sub>j'</sub> exp(z<sub>ij'</sub> - m<sub>i</sub>) over {0} visible keys",
     "보이는 키 {0}개에 대한 Σ<sub>j'</sub> exp(z<sub>ij'</sub> - m<sub>i</sub>)"},
    {Ft::CellWeight, "Weight", "가중치"},
    {Ft::CellWeightFormula, "a<sub>ij</sub> = exp(z<sub>ij</sub> - m<sub>i</sub>) ÷ row sum",
     "a<sub>ij</sub> = exp(z<sub>ij</sub> - m<sub>i</sub>) ÷ 행 합계"},
    {Ft::CellFullyMasked, "every key of this row is hidden: all its weights are 0",
     "이 행의 모든 키가 가려짐: 가중치는 모두 0"},
    {Ft::CellRowStrip, "Row {0} of A (key {1} outlined)", "A의 {0}행 (키 {1} 테두리)"},

    {Ft::TrainTitle, "Training “{0}” — {1}", "“{0}” 학습 — {1}"},
    {Ft::TrainShape, "{0} × {1}, d<sub>model</sub> {2}", "{0} × {1}, d<sub>model</sub> {2}"},
    {Ft::TrainLayers, "{0} layers", "레이어 {0}개"},
    {Ft::TrainOneLayer, "1 layer", "레이어 1개"},
    {Ft::TrainHeads, "{0} heads", "헤드 {0}개"},
    {Ft::TrainOneHead, "1 head", "헤드 1개"},
    {Ft::TrainAttentionOnly, ", attention only", ", 어텐션만"},
    {Ft::TrainProgress, "step {0}/{1}", "스텝 {0}/{1}"},
    {Ft::TrainProgressLoss, " · loss {0}", " · 손실 {0}"},
    {Ft::TrainProgressExact, " · {0}% exact", " · 완전 일치 {0}%"},
    {Ft::TrainProgressToken, " · {0}% of tokens right", " · 토큰 정확도 {0}%"},
    {Ft::TrainLossTitle, "Loss", "손실"},
    {Ft::TrainLossAxis, "loss (log scale)", "손실 (로그 눈금)"},
    {Ft::TrainStepAxis, "step", "스텝"},
    {Ft::TrainBatchLoss, "training batch", "학습 배치"},
    {Ft::TrainEvalLoss, "fresh examples", "새 예제"},
    {Ft::TrainAccTitle, "Accuracy on fresh examples", "새 예제에 대한 정확도"},
    {Ft::TrainAccAxis, "accuracy", "정확도"},
    {Ft::TrainExact, "exact (whole answer right)", "완전 일치 (답 전체가 맞음)"},
    {Ft::TrainToken, "tokens right", "맞힌 토큰"},
    {Ft::TrainNotTrained, "not trained yet", "아직 학습 전"},
    {Ft::TrainNoEval, "no evaluation yet", "아직 평가 전"},
    {Ft::TrainTextNote, "next-character prediction: only the token accuracy means something",
     "다음 글자 예측: 토큰 정확도만 의미가 있음"},
    {Ft::TrainProbeTitle, "Every head on the probe “{0}” (step {1})", "프로브 “{0}”에 대한 모든 헤드 (스텝 {1})"},
    {Ft::TrainCrossProbeTitle, "Cross-attention of every head on “{0}” → “{1}” (step {2}; rows: the word each writes)",
     "“{0}” → “{1}”에 대한 모든 헤드의 교차 어텐션 (스텝 {2}, 행: 그 행이 쓰는 단어)"},
    {Ft::TrainHeadCaption, "L{0} H{1}", "L{0} H{1}"},
    {Ft::TrainNoProbe, "no probe attention yet", "아직 프로브 어텐션 없음"},
    {Ft::TrainCaptionRun, "batch {0} · learning rate {1} · seed {2}", "배치 {0} · 학습률 {1} · 시드 {2}"},
    {Ft::TitleImageCls, "Where the class token looks", "클래스 토큰은 이미지의 어디를 보는가"},
    {Ft::TitleImagePatch, "Where patch {0} (row {1}, column {2}) looks",
     "패치 {0}(행 {1}, 열 {2})은 이미지의 어디를 보는가"},
    {Ft::SubtitleImage, "Layer {0} · head {1} of {2} · {3} patches of {4}×{4} pixels · colour = attention weight",
     "레이어 {0} · 헤드 {1}/{2} · {4}×{4} 픽셀 패치 {3}개 · 색 = 주의 가중치"},
    {Ft::SubtitleImageMean, "Layer {0} · mean of {2} heads · {3} patches of {4}×{4} pixels · colour = attention weight",
     "레이어 {0} · 헤드 {2}개 평균 · {4}×{4} 픽셀 패치 {3}개 · 색 = 주의 가중치"},
    {Ft::ImageHeadsTitle, "Every head of layer {0}, same query", "레이어 {0}의 모든 헤드, 같은 쿼리"},
    {Ft::ImageOverlayLegend, "attention weight", "주의 가중치"},
    {Ft::CaptionImage, "Image: {0} ({1}×{2} px, seen by the model as {3}×{4})",
     "이미지: {0} ({1}×{2} 픽셀, 모델 입력 {3}×{4})"},
    {Ft::CaptionImageInterpolated, "position embeddings interpolated from a {0}×{0} grid (bicubic)",
     "위치 임베딩을 {0}×{0} 격자에서 보간 (바이큐빅)"},
    {Ft::TitleAttnDistance, "How far each head looks: mean attention distance against depth",
     "헤드는 얼마나 멀리 보는가: 깊이에 따른 평균 주의 거리"},
    {Ft::SubtitleAttnDistance,
     "Per head: the weights of the {0} patch queries times the distance to each patch they attend to, summed and "
     "averaged ({1}×{1}-pixel patches) · the class token is left out; it gets {2}% of the patches' attention on average",
     "헤드마다: 패치 쿼리 {0}개가 각 패치에 준 가중치 × 그 패치까지의 거리를 더해 평균 ({1}×{1} 픽셀 패치) · "
     "클래스 토큰은 빼고 계산; 패치들은 평균 {2}%의 주의를 클래스 토큰에 줌"},
    {Ft::DistanceAxis, "mean attention distance (pixels)", "평균 주의 거리 (픽셀)"},
    {Ft::DistanceLayerAxis, "layer (depth)", "레이어 (깊이)"},
    {Ft::DistanceMeanOfHeads, "mean of heads", "헤드 평균"},
    {Ft::DistanceUniform, "uniform attention", "균등한 주의"},
    {Ft::TitlePosSimilarity, "Position embedding similarity", "위치 임베딩 유사도"},
    {Ft::SubtitlePosSimilarity,
     "Map (row, column): cosine similarity of that patch's position embedding with every patch's · {0}×{1} patches, "
     "d<sub>model</sub> {2}",
     "(행, 열)의 작은 지도: 그 패치의 위치 임베딩과 모든 패치의 위치 임베딩 사이 코사인 유사도 · 패치 {0}×{1}개, "
     "d<sub>model</sub> {2}"},
    {Ft::CosineSimilarity, "cosine similarity", "코사인 유사도"},
    {Ft::PatchRowAxis, "input patch row", "입력 패치 행"},
    {Ft::PatchColumnAxis, "input patch column", "입력 패치 열"},
    {Ft::PipeZ0Title,
     "Step 0 for this image: z<sub>0</sub> = [x<sub>class</sub>; x<sub>p</sub> E] + E<sub>pos</sub> (patch, then its "
     "pixels times E, plus its position: the first layer's input)",
     "이 이미지의 0단계: z<sub>0</sub> = [x<sub>class</sub>; x<sub>p</sub> E] + E<sub>pos</sub> (패치의 픽셀에 E를 "
     "곱하고 위치를 더한 것이 첫 레이어의 입력)"},
    {Ft::PipeZ0Patch, "patch {0} ({1}, {2})", "패치 {0} ({1}, {2})"},
    {Ft::TrainTestAccTitle, "Accuracy on the test pictures", "테스트 그림에 대한 정확도"},
    {Ft::TrainTestAcc, "test pictures classified right", "맞게 분류한 테스트 그림"},
    {Ft::TrainTestLoss, "test pictures", "테스트 그림"},
    {Ft::TrainProgressTest, " · {0}% of test pictures right", " · 테스트 정확도 {0}%"},
    {Ft::TrainImageProbeTitle, "Where the class token looks on test pictures: layer {0}, {1} (step {2})",
     "클래스 토큰이 테스트 그림의 어디를 보는가: 레이어 {0}, {1} (스텝 {2})"},
    {Ft::TrainImageMeanHeads, "mean of the heads", "헤드 평균"},
    {Ft::TrainImageHead, "head {0}", "헤드 {0}"},
    {Ft::TrainImageProbeCaption, "{0} · {1}%", "{0} · {1}%"},
    {Ft::TrainImageProbeTruth, "true: {0}", "정답: {0}"},
    {Ft::TrainImageHeatNote,
     "warm colour = the class token's attention on that patch (full at four times an even share)",
     "따뜻한 색 = 그 패치에 대한 클래스 토큰의 어텐션 (고르게 나눈 몫의 네 배에서 가장 진함)"},
    {Ft::LensTitle, "What the model would predict after each layer (logit lens)",
     "레이어마다 읽어 본 모델의 예측 (로짓 렌즈)"},
    {Ft::LensSubtitle,
     "{0} · each layer's residual stream through the final norm and the unembedding · cell = the top next token, "
     "colour = its probability",
     "{0} · 레이어마다 잔차 스트림을 마지막 정규화와 언임베딩에 통과시킴 · 칸 = 가장 유력한 다음 토큰, "
     "색 = 그 확률"},
    {Ft::LensEmbeddings, "embeddings", "임베딩"},
    {Ft::LensLayer, "layer {0}", "레이어 {0}"},
    {Ft::LensProbability, "probability", "확률"},
    {Ft::LensFirstAnswer, "first layer with the model's final answer on top", "모델의 최종 답이 처음 1위가 된 레이어"},
    {Ft::LensKnocked, "knocked out: {0}", "끈 헤드: {0}"},
    {Ft::LensEmpty, "no tokens to read", "읽을 토큰 없음"},

    {Ft::BeamsTitle, "Beam search: the candidates kept at each step", "빔 탐색: 단계마다 남긴 후보들"},
    {Ft::BeamsSubtitle,
     "{0} · {1} beams · box = a candidate's newest token and Σ log p of its tokens so far · line = the candidate it "
     "grew from",
     "{0} · 빔 {1}개 · 상자 = 후보의 마지막 토큰과 지금까지 토큰들의 Σ log p · 선 = 그 후보가 이어 쓴 후보"},
    {Ft::BeamsStep, "step {0}", "{0}단계"},
    {Ft::BeamsWinner, "the winner's path", "이긴 후보의 경로"},
    {Ft::BeamsFinished, "finished: wrote the end token", "완료: 끝 토큰을 씀"},
    {Ft::BeamsCaption, "{0} → {1} · score {2} (Σ log p ÷ length<sup>penalty</sup>)",
     "{0} → {1} · 점수 {2} (Σ log p ÷ 길이<sup>패널티</sup>)"},
    {Ft::BeamsEmpty, "no search steps to draw", "그릴 탐색 단계가 없음"},

    {Ft::TitleRope, "Rotary positions: q and k turn with their position",
     "회전 위치 임베딩: q와 k가 위치만큼 회전"},
    {Ft::SubtitleRope,
     "Layer {0} · head {1} of {2} (reads K/V head {3}) · pair {4} of {5}: dimensions {6} and {7} of d<sub>k</sub> as one "
     "2-D vector",
     "레이어 {0} · 헤드 {1}/{2} (K/V 헤드 {3}을 읽음) · 쌍 {4}/{5}: d<sub>k</sub>의 {6}번과 {7}번 차원을 2차원 벡터 하나로"},
    {Ft::RopeBefore, "Before the rotation", "회전 전"},
    {Ft::RopeAfter, "After the rotation (position p turns it by p·θ)", "회전 후 (위치 p에서 p·θ만큼 회전)"},
    {Ft::RopeSpectrumTitle, "Speed θ of every pair", "쌍마다의 회전 속도 θ"},
    {Ft::RopeSpectrumAxis, "pair", "쌍"},
    {Ft::RopeSpectrumValue, "radians per position (log scale)", "위치당 라디안 (로그 눈금)"},
    {Ft::RopePairNote, "Pair {0}: θ = {1} radians per position, one full turn every {2} positions.",
     "쌍 {0}: θ = 위치당 {1} 라디안, {2} 위치마다 한 바퀴."},
    {Ft::RopeQueries, "q (each token's query)", "q (각 토큰의 쿼리)"},
    {Ft::RopeKeys, "k (each token's key)", "k (각 토큰의 키)"},
    {Ft::RopeNumbers, "numbers: positions", "숫자: 위치"},
    {Ft::RopeWhy,
     "q at position i turns by i·θ and k at position j by j·θ, so their dot product depends on the angle between them, "
     "(i - j)·θ: on how far apart the tokens are, not on where the sentence starts.",
     "위치 i의 q는 i·θ만큼, 위치 j의 k는 j·θ만큼 돌기 때문에 둘의 내적은 그 사이 각 (i - j)·θ에 달려 있음: 문장이 "
     "어디서 시작하는지가 아니라 두 토큰이 얼마나 떨어져 있는지에 달려 있음."},

    {Ft::TitleAudio, "Listening: where the decoder looks in the sound while it writes",
     "듣기: 디코더가 글자를 쓰면서 소리의 어디를 보는가"},
    {Ft::TitleAudioWord, "Listening: where the decoder looks for “{0}” ({1}–{2} s)",
     "듣기: 디코더가 “{0}”을(를) 찾는 곳 ({1}–{2}초)"},
    {Ft::SubtitleAudioAlign, "Cross-attention · mean of the alignment heads ({0}) · {1} written tokens × {2} frames",
     "교차 어텐션 · 정렬 헤드({0})의 평균 · 쓴 토큰 {1}개 × 프레임 {2}개"},
    {Ft::SubtitleAudioHead, "Cross-attention · layer {0} · head {1} of {2} · {3} written tokens × {4} frames",
     "교차 어텐션 · 레이어 {0} · 헤드 {1}/{2} · 쓴 토큰 {3}개 × 프레임 {4}개"},
    {Ft::SubtitleAudioMeanHeads, "Cross-attention · layer {0}, mean of its {1} heads · {2} written tokens × {3} frames",
     "교차 어텐션 · 레이어 {0}, 헤드 {1}개의 평균 · 쓴 토큰 {2}개 × 프레임 {3}개"},
    {Ft::AudioWaveform, "Waveform", "파형"},
    {Ft::AudioSpectrogram, "Log-mel spectrogram ({0} bins, low pitch at the bottom)", "로그 멜 스펙트로그램 (빈 {0}개, 낮은 음이 아래)"},
    {Ft::AudioCross, "Cross-attention: one row per written token", "교차 어텐션: 쓴 토큰마다 한 행"},
    {Ft::AudioWords, "Words at their times", "단어와 그 시간"},
    {Ft::AudioTime, "time (s)", "시간 (초)"},
    {Ft::AudioRowMax, "share of the row's maximum", "행 최댓값 대비"},
    {Ft::AudioUntimed, "The words have no times: {0}", "단어의 시간을 알 수 없음: {0}"},
    {Ft::AudioTrimmed, "the {0} frames that hold sound ({1} s) of the encoder's {2}",
     "인코더의 프레임 {2}개 중 소리가 담긴 {0}개 ({1}초)"},
    {Ft::CaptionAudio, "Recording: {0} ({1}), {2} s", "녹음: {0} ({1}), {2}초"},
    {Ft::CaptionAudioDetected, "language {0} (detected)", "언어 {0} (감지)"},
    {Ft::CaptionAudioChosen, "language {0} (chosen)", "언어 {0} (선택)"},
    {Ft::CaptionTranscriptWritten, "transcript written by the model: “{0}”", "모델이 쓴 받아쓰기: “{0}”"},
    {Ft::CaptionTranscriptTyped, "transcript typed: “{0}”", "입력한 받아쓰기: “{0}”"},
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
    return lang == FigureLang::Ko ? e->ko : e->en;
}

std::string fill_template(const std::string& templ, std::initializer_list<std::string> args) {
    std::string out;
    out.reserve(templ.size() + 32);
    for (size_t i = 0; i < templ.size(); ++i) {
        if (templ[i] == '{' && i + 2 < templ.size() && templ[i + 2] == '}' && templ[i + 1] >= '0' &&
            templ[i + 1] <= '9') {
            const size_t k = size_t(templ[i + 1] - '0');
            if (k < args.size()) {
                out += *(args.begin() + k);
                i += 2;
                continue;
            }
        }
        out += templ[i];
    }
    return out;
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
