// ui_text_translate.cpp — the Predict view's strings for a translation model (writing the target
// token by token, its cross-attention, the beam tree) in English and Korean (one area of the
// table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    {Txt::TrSource, "Source:", "원문:"},
    {Txt::TrSourceUnknownTip,
     "Marked tokens are not in this model's vocabulary: it reads each as <unk> and translates it blind.",
     "표시된 토큰은 이 모델의 어휘에 없습니다. 모델은 각각을 <unk>로 읽고 뜻을 모른 채 번역합니다."},
    {Txt::TrUnknownWords, "Not in this model's vocabulary, so translated blind: %s",
     "이 모델의 어휘에 없어 뜻을 모른 채 번역한 말: %s"},
    {Txt::TrTarget, "Target:", "목표 문장:"},
    {Txt::TrTargetTip, "Click a written token to see what the decoder read in the source while it wrote it.",
     "쓴 토큰을 누르면 디코더가 그 토큰을 쓰는 동안 원문에서 무엇을 읽었는지 보입니다."},
    {Txt::TrNothingYet, "(nothing written yet)", "(아직 쓴 것이 없음)"},
    {Txt::TrWriteBest, "Write the best token", "가장 그럴듯한 토큰 쓰기"},
    {Txt::TrWriteBestTip,
     "Adds the most probable next token (greedy decoding, one step). Enter does the same when no text field is "
     "being edited.",
     "가장 확률이 높은 다음 토큰을 덧붙입니다 (탐욕적 디코딩 한 단계). 글 상자를 편집하고 있지 않을 때는 Enter도 같습니다."},
    {Txt::TrWriteSample, "Write a sample", "샘플 하나 쓰기"},
    {Txt::TrWriteSampleTip,
     "Draws the next token from the sampling distribution (the second bars: temperature, then top-k and top-p). "
     "The seed decides the draw at each position: Undo then Write writes the same token again; another seed "
     "another one. Enter does the same when no text field is being edited.",
     "샘플링 분포(두 번째 막대: 온도, 그다음 top-k와 top-p)에서 다음 토큰을 하나 뽑습니다. 위치마다 시드가 뽑기를 "
     "정하므로 되돌린 뒤 다시 쓰면 같은 토큰이 나오고, 시드를 바꾸면 다른 토큰이 나올 수 있습니다. 글 상자를 편집하고 "
     "있지 않을 때는 Enter도 같습니다."},
    {Txt::TrStartOver, "Start over", "처음부터"},
    {Txt::TrStartOverTip, "Clears the target: the decoder starts again from its start token.",
     "목표 문장을 비웁니다. 디코더가 시작 토큰부터 다시 씁니다."},
    {Txt::TrTranslateBeams, "Translate (%d beams)", "번역하기 (빔 %d개)"},
    {Txt::TrTranslateGreedy, "Translate (greedy)", "번역하기 (탐욕적)"},
    {Txt::TrTranslateTip,
     "Translates the whole source the way the model's generation_config.json says: beam search keeps several "
     "candidate targets at once and picks the best by Σ log p ÷ length; greedy takes the best token each step.",
     "모델의 generation_config.json 설정대로 원문 전체를 번역합니다. 빔 탐색은 후보 문장 여러 개를 함께 이어 가다가 "
     "Σ log p ÷ 길이가 가장 좋은 것을 고르고, 탐욕적 디코딩은 매 단계 가장 그럴듯한 토큰을 고릅니다."},
    {Txt::TrComputing, "Computing…", "계산하는 중…"},
    {Txt::TrNextAfter, "The next token after “%s”:", "“%s” 다음 토큰:"},
    {Txt::TrBarsTip, "Click a bar to write that token.", "막대를 누르면 그 토큰을 씁니다."},
    {Txt::TrEnded, "The translation is finished: the model wrote its end token %s.",
     "번역이 끝났습니다. 모델이 끝 토큰 %s을(를) 썼습니다."},
    {Txt::TrEndedLimit, "The target reached the model's length limit (%d tokens with the start token).",
     "목표 문장이 모델의 길이 한도(시작 토큰 포함 %d개)에 닿았습니다."},
    {Txt::TrReadWhile, "While writing “%s”, the decoder read (cross-attention, layer %d, %s):",
     "“%s”을(를) 쓰는 동안 디코더가 읽은 곳 (교차 어텐션, %d층, %s):"},
    {Txt::TrHead, "Head", "헤드"},
    {Txt::TrHeadTip, "One head of the decoder's cross-attention, or 0 for the mean of the layer's heads.",
     "디코더 교차 어텐션의 헤드 하나. 0이면 이 층 헤드들의 평균입니다."},
    {Txt::TrMeanOfHeads, "mean of the heads", "헤드 평균"},
    {Txt::TrGridTitle, "Every written token (rows) × the source (columns):", "쓴 토큰마다(행) × 원문(열):"},
    {Txt::TrGridTip, "Row t: what the decoder read while it wrote target token t. Darker = more attention.",
     "t번째 행: 디코더가 t번째 목표 토큰을 쓰는 동안 읽은 곳. 진할수록 어텐션이 큽니다."},
    {Txt::TrTreeTitle, "Beam search: %d beams, the winner's score %.3f (Σ log p ÷ length)",
     "빔 탐색: 빔 %d개, 이긴 후보의 점수 %.3f (Σ log p ÷ 길이)"},
    {Txt::TrTreeTip,
     "Each column is one step; each box a candidate kept at that step, with its Σ log p. Lines join a candidate to "
     "the one it grew from. ■ marks a candidate that wrote the end token; the winner's path is outlined.",
     "열 하나가 한 단계이고, 상자 하나가 그 단계에 남은 후보와 그 Σ log p입니다. 선은 후보를 그것이 자라난 후보와 "
     "잇습니다. ■는 끝 토큰을 쓴 후보이고, 이긴 후보의 길은 테두리로 표시됩니다."},
    {Txt::TrTreeNodeTip, "Σ log p %.3f", "Σ log p %.3f"},
    {Txt::TrTreeExport, "Export tree…", "나무 내보내기…"},
    {Txt::TrTreeExportTip,
     "Save this beam tree as a PNG, SVG or PDF figure for slides and handouts, or every candidate (step, parent, "
     "token, Σ log p, finished, winner) as CSV (Ctrl+E).",
     "이 빔 탐색 나무를 슬라이드와 유인물용 PNG, SVG, PDF 그림으로, 또는 후보마다(단계, 부모, 토큰, Σ log p, 완료, "
     "이긴 후보)를 CSV로 저장합니다 (Ctrl+E)."},
    {Txt::TrTreeExportTitle, "Export the beam tree", "빔 탐색 나무 내보내기"},
    {Txt::TrTreeExportIntro, "The tree as shown: %d steps, %d candidates; the winner's path outlined.",
     "보이는 그대로의 나무: %d단계, 후보 %d개. 이긴 후보의 길은 테두리로 표시됩니다."},
    {Txt::PipeXLayer, "the layer's input: the stream after the layers below", "층의 입력: 아래 층들을 지난 흐름"},
    {Txt::PipeXCross, "the decoder's stream (after its self-attention)", "디코더의 흐름 (셀프 어텐션 뒤)"},
    {Txt::PipeQCross, "queries from the decoder: what each target token looks for",
     "디코더에서 온 쿼리: 목표 토큰마다 찾는 것"},
    {Txt::PipeKCross, "keys from the encoder's output M: what each source token offers",
     "인코더 출력 M에서 온 키: 원문 토큰마다 내보이는 것"},
    {Txt::PipeVCross, "values from the encoder's output M: what each source token passes on",
     "인코더 출력 M에서 온 값: 원문 토큰마다 전달하는 것"},
    {Txt::PipeCrossNote,
     "Cross-attention: CrossAttention(Q_dec, K_enc, V_enc) = softmax(Q_dec K_encᵀ / √d_k) V_enc. The queries come "
     "from the decoder's stream (one row per target token), the keys and values from the encoder's output M (one "
     "row per source token), so S and A are T_tgt × T_src: every target token reads the whole source, no mask.",
     "교차 어텐션: CrossAttention(Q_dec, K_enc, V_enc) = softmax(Q_dec K_encᵀ / √d_k) V_enc. 쿼리는 디코더의 흐름"
     "(목표 토큰마다 한 행)에서, 키와 값은 인코더의 출력 M(원문 토큰마다 한 행)에서 옵니다. 그래서 S와 A는 "
     "T_tgt × T_src이고, 목표 토큰마다 마스크 없이 원문 전체를 읽습니다."},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area translate_texts() { return area("translate", kTexts); }

}  // namespace attn::app::ui_text_parts
