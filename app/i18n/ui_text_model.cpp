// ui_text_model.cpp — pretrained models' UI strings in English and Korean: Model menu and dialog, Model view, Predict view, head roles
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    // Pretrained models: Model menu, open dialog, loading, controls, layer choice, Model view
    {Txt::MenuModel, "Model", "모델"},
    {Txt::MenuOpenModel, "Open model folder…", "모델 폴더 열기…"},
    {Txt::MenuRecentModels, "Recent models", "최근 모델"},
    {Txt::MenuNoRecent, "(none yet)", "(아직 없음)"},
    {Txt::RecentMissing, "folder not found", "폴더를 찾을 수 없음"},
    {Txt::MenuUseBuiltin, "Use built-in model", "내장 모델 사용"},
    {Txt::OpenModelTitle, "Open a model folder", "모델 폴더 열기"},
    {Txt::OpenModelIntro,
     "A GPT-2 or BERT folder as downloaded from Hugging Face: config.json, model.safetensors and the "
     "tokenizer files (tokenizer.json, or vocab.json + merges.txt, or vocab.txt). You can also drop the "
     "folder, or a file in it, onto the window.",
     "Hugging Face에서 내려받은 GPT-2 또는 BERT 폴더: config.json, model.safetensors와 토크나이저 파일 "
     "(tokenizer.json, 또는 vocab.json + merges.txt, 또는 vocab.txt)이 있어야 합니다. 폴더나 그 안의 "
     "파일을 창에 끌어다 놓아도 됩니다."},
    {Txt::OpenModelPath, "Folder", "폴더"},
    {Txt::OpenModelPathHint, "/path/to/gpt2", "/경로/gpt2"},
    {Txt::OpenModelGo, "Open", "열기"},
    {Txt::ModelCancel, "Cancel", "취소"},
    {Txt::ModelClose, "Close", "닫기"},
    {Txt::ModelLoading, "Loading %s", "%s 불러오는 중"},
    {Txt::ModelLoadFailed, "Could not open the model folder %s:", "모델 폴더 %s을(를) 열 수 없습니다:"},
    {Txt::ModelRestoreFailed, "The model of the last session could not be opened again; using the built-in model.",
     "지난번에 쓰던 모델을 다시 열지 못해 내장 모델을 씁니다."},
    {Txt::ModelBuiltin, "Built-in model (random weights, one layer)", "내장 모델 (무작위 가중치, 한 층)"},
    {Txt::ModelLessonBuiltin, "This lesson step uses the built-in model; %s stays open for the steps that need it.",
     "이 레슨 단계는 내장 모델을 씁니다. %s 폴더는 그 모델이 필요한 단계를 위해 열려 있습니다."},
    {Txt::ModelInfo, "%s: %d layers × %d heads, d_model %d, d_k %d", "%s: %d개 층 × %d개 헤드, d_model %d, d_k %d"},
    {Txt::ModelFolderLine, "%s, weights %s", "%s, 가중치 %s"},
    {Txt::BuiltinOnlyTip,
     "Only for the built-in model. A pretrained model comes with its own size, heads, weights and "
     "position vectors.",
     "내장 모델에서만 쓸 수 있습니다. 사전 학습 모델은 크기, 헤드 수, 가중치, 위치 벡터가 이미 "
     "정해져 있습니다."},
    {Txt::SentenceB, "Sentence B (second segment)", "문장 B (두 번째 세그먼트)"},
    {Txt::SentenceBTip,
     "BERT reads a pair of sentences as [CLS] A [SEP] B [SEP]; the tokens of B get the second segment "
     "embedding. Every token attends to both sentences.",
     "BERT는 두 문장을 [CLS] A [SEP] B [SEP]로 읽고, B의 토큰에는 두 번째 세그먼트 임베딩을 더합니다. "
     "모든 토큰이 두 문장 모두에 어텐션합니다."},
    {Txt::TargetText, "Target (the translation)", "목표 문장 (번역)"},
    {Txt::TargetTextTip,
     "A translation model reads the sentence above as its source and this as its target: the decoder "
     "reads a start token, then these words, and its cross-attention looks back at the source. Leave it "
     "off and the model translates the source itself first.",
     "번역 모델은 위 문장을 원문(source)으로, 이 문장을 목표 문장(target)으로 읽습니다. 디코더는 시작 "
     "토큰 다음에 이 단어들을 읽고, 교차 어텐션으로 원문을 돌아봅니다. 끄면 모델이 먼저 원문을 직접 "
     "번역합니다."},
    {Txt::TranslateFrom, "From", "원문 언어"},
    {Txt::TranslateTo, "into", "번역할 언어"},
    {Txt::TranslateLanguagesTip,
     "This model translates between many languages with one set of weights. The language is a token: the "
     "source is read as [its code] words </s>, and the decoder writes the target's code first, then the "
     "translation. Choose both here; the views show the codes as the first tokens.",
     "이 모델은 가중치 하나로 여러 언어 사이를 번역합니다. 언어도 토큰입니다: 원문은 [언어 코드] 단어들 </s>로 "
     "읽고, 디코더는 목표 언어의 코드를 먼저 쓴 다음 번역을 씁니다. 여기서 두 언어를 고르세요. 뷰에서는 "
     "코드가 맨 앞 토큰으로 보입니다."},
    {Txt::CrossNoSecondTip,
     "This model reads one text only (GPT-2 has no second sentence and no cross-attention).",
     "이 모델은 글 하나만 읽습니다 (GPT-2에는 두 번째 문장도 교차 어텐션도 없습니다)."},
    {Txt::TokenPieceTip, "piece %s, id %d", "조각 %s, id %d"},
    {Txt::Layer, "Layer", "층"},
    {Txt::LayerTip, "Which layer's attention the views show (PageUp / PageDown).",
     "어느 층의 어텐션을 보여 줄지 고릅니다 (PageUp / PageDown)."},
    {Txt::ViewModel, "Model (all layers)", "모델 (모든 층)"},
    {Txt::ModelViewIntro,
     "Every head of every layer at once: one row per layer, one column per head. Click a map to open "
     "it in the heatmap.",
     "모든 층의 모든 헤드를 한눈에 봅니다: 줄마다 층 하나, 칸마다 헤드 하나입니다. 그림을 누르면 "
     "히트맵에서 엽니다."},
    {Txt::ModelViewCell, "Layer %d, head %d", "%d층, %d번 헤드"},
    {Txt::ModelViewClick, "Click to show it in the heatmap.", "누르면 히트맵에서 보여 줍니다."},
    {Txt::ModelRowLabel, "L%d", "%d층"},
    {Txt::ModelColLabel, "H%d", "H%d"},
    {Txt::ModelViewPooled, "Long text: each thumbnail pixel is the largest weight of %d × %d cells.",
     "긴 글: 작은 그림의 점 하나가 %d × %d칸 중 가장 큰 가중치입니다."},
    {Txt::PeLearned,
     "This model learned its position vectors in training; they are added to the token vectors "
     "before the first layer and cannot be turned off.",
     "이 모델은 위치 벡터를 학습했습니다. 첫 층 앞에서 토큰 벡터에 더해지며 끌 수 없습니다."},
    {Txt::ModelDropHint, "Drop a model folder onto the window to open it.",
     "모델 폴더를 창에 끌어다 놓으면 열립니다."},
    {Txt::BuiltinHidden, "(size, heads, seed: the built-in model's only)", "(크기, 헤드 수, 시드: 내장 모델 전용)"},
    {Txt::RunSection, "Attention", "어텐션"},
    {Txt::RunSectionTip,
     "This model has an encoder and a decoder, so one run has three kinds of attention: the encoder's "
     "self-attention over the source, the decoder's causal self-attention over the target, and the "
     "cross-attention in which the decoder's queries read the encoder's keys and values. Every view "
     "shows the one chosen here.",
     "이 모델은 인코더와 디코더로 되어 있어 한 번의 실행에 세 가지 어텐션이 있습니다: 원문에 대한 인코더의 "
     "셀프 어텐션, 번역문에 대한 디코더의 (인과) 셀프 어텐션, 그리고 디코더의 쿼리가 인코더의 키와 값을 읽는 "
     "교차 어텐션. 모든 뷰는 여기서 고른 것을 보여 줍니다."},
    {Txt::SectionEncoder, "Encoder self-attention", "인코더 셀프 어텐션"},
    {Txt::SectionDecoder, "Decoder self-attention (causal)", "디코더 셀프 어텐션 (인과)"},
    {Txt::SectionCross, "Cross-attention (decoder → encoder)", "교차 어텐션 (디코더 → 인코더)"},
    {Txt::CausalAlwaysTip,
     "GPT-2 predicts the next token, so every token sees only itself and the tokens before it: "
     "this mask is always on.",
     "GPT-2는 다음 토큰을 예측하므로 각 토큰은 자신과 앞의 토큰만 봅니다: 이 마스크는 항상 켜져 있습니다."},

    // Predict view (next token, generation, masked tokens) and head roles in the Model view
    {Txt::ViewPredict, "Predict (next token)", "예측 (다음 토큰)"},
    {Txt::PredictNoModel,
     "The built-in model has random weights and no vocabulary, so it predicts nothing. Open a model that "
     "predicts the next token (GPT-2, Llama, Qwen or Mistral: Model > Open model folder) to see its guesses and "
     "to generate text, or a BERT model to fill in [MASK]ed words.",
     "내장 모델은 가중치가 무작위이고 어휘가 없어 아무것도 예측하지 않습니다. 다음 토큰 예측과 글 생성을 "
     "보려면 GPT-2, Llama, Qwen, Mistral처럼 다음 토큰을 예측하는 모델을, [MASK] 자리 채우기를 보려면 BERT "
     "모델을 여세요 (모델 > 모델 폴더 열기)."},
    {Txt::PredictIntroGpt2,
     "The model (GPT-2, Llama, Qwen, Mistral) reads the text and gives every possible next token a "
     "probability. Click a token to see what the model expects after it; generate to add tokens one at a time.",
     "모델(GPT-2, Llama, Qwen, Mistral)은 글을 읽고 다음에 올 수 있는 모든 토큰에 확률을 줍니다. 토큰을 "
     "누르면 그 뒤에 모델이 무엇을 기대하는지 보여 줍니다. 생성하면 토큰을 하나씩 덧붙입니다."},
    {Txt::PredictIntroBert,
     "BERT does not predict the next token: it fills in hidden ([MASK]) tokens from both sides. Type "
     "[MASK] in the sentence or click a token to hide it. Knock heads out (Shift-click in the Model view) to "
     "see the fillers with and without them.",
     "BERT는 다음 토큰을 예측하지 않고, 가려진 ([MASK]) 토큰을 양쪽 문맥으로 채웁니다. 문장에 [MASK]를 "
     "쓰거나 토큰을 눌러 가리세요. 헤드를 끄면(모델 뷰에서 Shift-클릭) 끄기 전과 뒤의 확률을 나란히 "
     "보여 줍니다."},
    {Txt::PredictPosition, "Next token after \"%s\" (token %d of %d)", "\"%s\" 다음 토큰 (%d / %d번째 토큰)"},
    {Txt::PredictClickTip, "Click a token to predict what comes after it.", "토큰을 누르면 그 뒤에 올 토큰을 예측합니다."},
    {Txt::PredictGreedy, "Greedy", "탐욕적 선택"},
    {Txt::PredictGreedyTip, "Always take the most probable token (the controls below then do nothing).",
     "항상 가장 확률이 높은 토큰을 고릅니다 (아래 설정은 쓰이지 않습니다)."},
    {Txt::PredictTemp, "Temperature", "온도"},
    {Txt::PredictTempTip, "Divides the logits before the softmax: below 1 sharpens, above 1 flattens.",
     "소프트맥스 전에 로짓을 나눕니다: 1보다 작으면 뾰족하게, 크면 평평하게 만듭니다."},
    {Txt::PredictTopK, "Top-k", "상위 k"},
    {Txt::PredictTopKTip, "Keep only the k most probable tokens (0 = all).", "확률이 높은 k개 토큰만 남깁니다 (0 = 모두)."},
    {Txt::PredictTopP, "Top-p", "상위 p"},
    {Txt::PredictTopPTip, "Then keep the fewest most probable tokens whose probabilities add up to p.",
     "그다음 확률 합이 p가 될 때까지 가장 확률이 높은 토큰만 남깁니다."},
    {Txt::PredictSeed, "Seed", "시드"},
    {Txt::PredictSeedTip, "The same seed draws the same tokens.", "시드가 같으면 같은 토큰을 뽑습니다."},
    {Txt::PredictShown, "Bars", "막대 수"},
    {Txt::PredictRaw, "model (temperature 1)", "모델 (온도 1)"},
    {Txt::PredictSampled, "sampling draws from", "샘플링 분포"},
    {Txt::PredictKept, "Sampling keeps %d token(s): %.1f%% of the model's probability.",
     "샘플링은 토큰 %d개를 남깁니다: 모델 확률의 %.1f%%."},
    {Txt::PredictAxis, "probability", "확률"},
    {Txt::PredictPlusOne, "+1 token", "+1 토큰"},
    {Txt::PredictPlusOneTip, "Add one token (Enter or G when no text field is active).",
     "토큰 하나를 덧붙입니다 (입력란이 선택되어 있지 않을 때 Enter 또는 G)."},
    {Txt::PredictPlusN, "+%d tokens", "+%d 토큰"},
    {Txt::PredictPlusNTip, "Add this many tokens; each new token's attention appears as it arrives.",
     "이만큼 토큰을 덧붙입니다. 새 토큰마다 어텐션이 도착하는 대로 나타납니다."},
    {Txt::PredictUndo, "Undo", "되돌리기"},
    {Txt::PredictUndoTip, "Remove the last generated token.", "마지막으로 생성한 토큰을 지웁니다."},
    {Txt::PredictKeep, "Keep as sentence", "문장으로 쓰기"},
    {Txt::PredictKeepTip, "Write the text with the generated tokens into the sentence (the other views then show it).",
     "생성한 토큰까지 포함한 글을 문장에 넣습니다 (다른 보기도 그 글을 보여 줍니다)."},
    {Txt::PredictGenerating, "generating…", "생성 중…"},
    {Txt::PredictFull, "All %d positions of the model are used: no more tokens fit.",
     "모델의 위치 %d개를 모두 썼습니다: 토큰을 더 넣을 수 없습니다."},
    {Txt::PredictGrowTitle, "Attention of each token over the ones before it (layer %d, head %d)",
     "각 토큰이 앞 토큰들에 주는 어텐션 (%d층, %d번 헤드)"},
    {Txt::PredictGrowTip,
     "Each generated token adds one row: its attention over everything before it, computed once with the "
     "key-value cache.",
     "생성된 토큰마다 한 줄이 늘어납니다: 앞의 모든 토큰에 대한 어텐션이며, 키-값 캐시로 한 번만 계산합니다."},
    {Txt::PredictStarting, "Reading the text…", "글을 읽는 중…"},
    {Txt::PredictText, "Text", "글"},
    {Txt::PredictNoMlmHead,
     "This BERT checkpoint was saved without its masked-LM head, so it cannot fill in [MASK]. Open a "
     "checkpoint saved as BertForMaskedLM (e.g. bert-base-uncased from the Hugging Face hub).",
     "이 BERT 체크포인트는 마스크 언어 모델 헤드 없이 저장되어 [MASK]를 채울 수 없습니다. "
     "BertForMaskedLM으로 저장된 체크포인트(예: Hugging Face의 bert-base-uncased)를 여세요."},
    {Txt::PredictMaskHint, "Type [MASK] in the sentence, or click a token below to hide it.",
     "문장에 [MASK]를 쓰거나, 아래 토큰을 눌러 가리세요."},
    {Txt::PredictMaskTitle, "[MASK] at token %d (was \"%s\")", "%d번째 토큰의 [MASK] (원래 \"%s\")"},
    {Txt::PredictMaskClear, "Unmask all", "가림 모두 해제"},
    {Txt::PredictMaskClickTip, "Click to hide this token ([MASK]) or show it again.",
     "누르면 이 토큰을 가리거나 ([MASK]) 다시 보입니다."},
    {Txt::PredictError, "Cannot predict:", "예측할 수 없습니다:"},
    {Txt::PredictMasked, "filler probability", "채울 토큰 확률"},
    {Txt::RolesTitle, "Head roles", "헤드 역할"},
    {Txt::RolesComputing, "Scoring every head…", "모든 헤드의 점수를 매기는 중…"},
    {Txt::RolesNeedModel, "Head roles need a pretrained model (Model > Open model folder).",
     "헤드 역할은 사전 학습 모델이 있어야 볼 수 있습니다 (모델 > 모델 폴더 열기)."},
    {Txt::RolesOnProbe, "Probe", "탐침"},
    {Txt::RolesOnSentence, "This sentence", "이 문장"},
    {Txt::RolesOnTip,
     "Probe: random tokens repeated twice, where duplicate and induction patterns exist (a model trained in "
     "AttnLab: examples of its own task). This sentence: the scores on the text you typed.",
     "탐침: 무작위 토큰을 두 번 반복한 글로, 중복·귀납 패턴이 생깁니다 (AttnLab에서 학습한 모델은 그 과제의 "
     "예). 이 문장: 입력한 글에서의 점수입니다."},
    {Txt::RolesRank, "Rank heads by", "헤드 순위 기준"},
    {Txt::RolesListTip, "Click a head to open it in the heatmap.", "헤드를 누르면 히트맵에서 엽니다."},
    {Txt::RolesNone, "none: no score stands out (the best is under 0.3 or within 0.1 of the next)",
     "없음: 두드러진 점수가 없습니다 (최고 점수가 0.3 미만이거나 다음 점수와 0.1 이내)"},
    {Txt::RolesScore, "score", "점수"},
    {Txt::RolesLegendTip,
     "Each map's badge: the role that stands out (score ≥ 0.3 and 0.1 ahead of the next); a thick frame when "
     "sure (0.3 ahead), a thin one when likely. Hover a map for every score.",
     "그림의 표시: 두드러진 역할 (점수 ≥ 0.3, 다음 점수보다 0.1 이상 높음). 확실하면 (0.3 이상 차이) 굵은 테두리, "
     "아마도면 가는 테두리입니다. 그림 위에 마우스를 올리면 모든 점수가 보입니다."},
    {Txt::RolePrevious, "previous-token", "이전 토큰"},
    {Txt::RoleDuplicate, "duplicate-token", "중복 토큰"},
    {Txt::RoleInduction, "induction", "귀납"},
    {Txt::RoleFirst, "first-token (sink)", "첫 토큰 (싱크)"},
    {Txt::RoleSelf, "self", "자기 자신"},
    {Txt::RoleBroad, "broad", "넓게 퍼짐"},
    {Txt::RolePreviousTip, "Looks at the token just before.", "바로 앞 토큰을 봅니다."},
    {Txt::RoleDuplicateTip, "Looks at earlier copies of the same token.", "앞에 나온 같은 토큰을 봅니다."},
    {Txt::RoleInductionTip, "Looks at the token that followed the last copy of this one (A B … A → B).",
     "이 토큰이 앞서 나왔을 때 바로 뒤에 온 토큰을 봅니다 (A B … A → B)."},
    {Txt::RoleFirstTip, "Parks its attention on the first token (an attention sink).",
     "어텐션을 첫 토큰에 몰아 둡니다 (어텐션 싱크)."},
    {Txt::RoleSelfTip, "Looks at its own token.", "자기 토큰을 봅니다."},
    {Txt::RoleBroadTip, "Spreads its attention evenly (high entropy).", "어텐션을 고르게 퍼뜨립니다 (엔트로피가 높음)."},
    {Txt::RolesCell, "strongest: %s (%.2f)", "가장 강한 역할: %s (%.2f)"},

    // Knocked-out heads and the head ranking
    {Txt::KnockTitle, "Knocked-out heads:", "끈 헤드:"},
    {Txt::KnockNone,
     "No head knocked out. Shift-click a head in the Model view (or press “Knock out” by the heatmap's head) to "
     "remove it and compare, or ask which heads matter here.",
     "끈 헤드가 없습니다. 모델 뷰에서 헤드를 Shift-클릭하거나 (히트맵의 헤드 옆 “끄기”를 눌러) 헤드를 빼고 "
     "비교해 보세요. 어떤 헤드가 중요한지 물어볼 수도 있습니다."},
    {Txt::KnockNoneMasked,
     "No head knocked out. Shift-click a head in the Model view (or press “Knock out” by the heatmap's head) to "
     "remove it and compare the fillers.",
     "끈 헤드가 없습니다. 모델 뷰에서 헤드를 Shift-클릭하거나 (히트맵의 헤드 옆 “끄기”를 눌러) 헤드를 빼고 "
     "채울 토큰의 확률을 비교해 보세요."},
    {Txt::KnockNoneTranslation,
     "No head knocked out. Shift-click a head in the Model view (or press “Knock out” by the heatmap's head) in "
     "any section — encoder, decoder or cross — and the translation below becomes the knocked-out model's.",
     "끈 헤드가 없습니다. 인코더·디코더·교차 어느 구역에서든 모델 뷰에서 헤드를 Shift-클릭하거나 (히트맵의 헤드 옆 "
     "“끄기”를 눌러) 헤드를 빼면, 아래 번역이 헤드를 끈 모델의 번역이 됩니다."},
    {Txt::KnockChipTipTranslation,
     "A head named section.layer.head: enc (the encoder's self-attention), dec (the decoder's), cross (the "
     "decoder reading the source). Click to put it back.",
     "구역.층.헤드로 부르는 헤드입니다: enc(인코더의 셀프 어텐션), dec(디코더의 셀프 어텐션), cross(디코더가 원문을 "
     "읽는 교차 어텐션). 누르면 되돌립니다."},
    {Txt::LensTranslation,
     "A translation model: the rows are its decoder's layers while it writes its own translation of the sentence "
     "(the columns: the start token, then what it wrote), each cell its guess for the next target word. A post-LN "
     "decoder (Marian, BART) has no final norm; T5's RMSNorm is applied.",
     "번역 모델입니다: 행은 문장을 스스로 번역하는 동안의 디코더 층이고 (열: 시작 토큰, 그다음 모델이 쓴 "
     "토큰), 칸마다 다음 목표 단어에 대한 추측입니다. 사후 LN 디코더(Marian, BART)에는 마지막 정규화가 없고, "
     "T5는 RMSNorm을 적용합니다."},
    {Txt::KnockClear, "Clear", "모두 되돌리기"},
    {Txt::KnockMean, "Mean, not zero", "0 대신 평균"},
    {Txt::KnockMeanTip,
     "Off: a knocked-out head's output is set to 0 before W_O. On: it is replaced by its mean over the tokens "
     "so far, which keeps its average contribution and removes only what depends on this sentence.",
     "끄면: 끈 헤드의 출력을 W_O 앞에서 0으로 둡니다. 켜면: 지금까지의 토큰에 대한 평균으로 바꿉니다. 평균 "
     "기여는 남기고 이 문장에 따라 달라지는 부분만 뺍니다."},
    {Txt::KnockChipTip, "Click to put this head back.", "누르면 이 헤드를 되돌립니다."},
    {Txt::KnockSeries, "heads knocked out", "헤드를 끈 모델"},
    {Txt::KnockChange, "p(“%s”): %.3f → %.3f (%+.3f)", "p(“%s”): %.3f → %.3f (%+.3f)"},
    {Txt::KnockTopNow, "Without them the top token is “%s” (%.3f).", "헤드를 끄면 가장 유력한 토큰은 “%s” (%.3f)입니다."},
    {Txt::KnockComputing, "computing without the heads…", "헤드를 끄고 계산하는 중…"},
    {Txt::RankButton, "Which heads matter here?", "여기서는 어떤 헤드가 중요할까?"},
    {Txt::RankTip,
     "Knocks out every head alone (one forward pass each) and ranks them by how much the probability of the "
     "model's top token at this position changes.",
     "헤드를 하나씩 끄고 (헤드마다 순전파 한 번) 이 위치에서 모델이 가장 유력하게 본 토큰의 확률이 얼마나 "
     "바뀌는지로 순위를 매깁니다."},
    {Txt::RankProgress, "Knocking out head %d of %d…", "헤드 %d/%d 끄는 중…"},
    {Txt::RankCancel, "Cancel", "취소"},
    {Txt::RankDone, "%d heads in %.1f s, watching p(“%s”) = %.3f:", "헤드 %d개, %.1f초. p(“%s”) = %.3f 기준:"},
    {Txt::RankCancelled, "Cancelled after %d heads.", "헤드 %d개 뒤에 취소했습니다."},
    {Txt::RankRowTip, "Click to knock this head out too.", "누르면 이 헤드도 끕니다."},
    {Txt::RankAxis, "change of p when removed alone", "하나만 껐을 때 p의 변화"},
    {Txt::ModelViewKnockTip, "Shift-click: knock this head out (or back in); the Predict view compares.",
     "Shift-클릭: 이 헤드를 끄거나 되돌립니다. 예측 뷰에서 비교합니다."},
    {Txt::ModelViewKnocked, "knocked out", "꺼짐"},
    {Txt::HeatmapKnock, "Knock out", "끄기"},
    {Txt::HeatmapKnockBack, "Put back", "되돌리기"},
    {Txt::HeatmapKnockTip, "Remove this head from the model; the Predict view shows what changes.",
     "이 헤드를 모델에서 뺍니다. 예측 뷰에서 무엇이 바뀌는지 보여 줍니다."},

    // Lens view (the logit lens)
    {Txt::ViewLens, "Lens (every layer's guess)", "렌즈 (층마다의 추측)"},
    {Txt::PredictTranslation,
     "A translation model: its decoder writes the target one token at a time, reading the source through "
     "cross-attention. Write the most probable next token (Enter), click a bar to write another, or translate the "
     "whole sentence as the model's settings say.",
     "번역 모델입니다. 디코더가 교차 어텐션으로 원문을 읽으며 목표 문장을 한 토큰씩 씁니다. 가장 그럴듯한 다음 토큰을 "
     "쓰거나(Enter), 막대를 눌러 다른 토큰을 쓰거나, 모델 설정대로 문장 전체를 번역해 보세요."},
    {Txt::ViewAlignment, "Alignment (translation)", "정렬 (번역)"},
    {Txt::AlignIntro,
     "Cross-attention of a translation model: while the decoder writes each target word (rows), it reads the "
     "source words (columns) through CrossAttention(Q_dec, K_enc, V_enc) = softmax(Q_dec K_enc^T / √d_k) V_enc. "
     "Pieces of one word are joined: a target word's row is the mean of its pieces' rows, a source word's "
     "column the sum of its pieces' columns, so every row still sums to 1.",
     "번역 모델의 교차 어텐션입니다. 디코더가 목표 문장의 단어(행)를 하나씩 쓰는 동안 "
     "CrossAttention(Q_dec, K_enc, V_enc) = softmax(Q_dec K_enc^T / √d_k) V_enc로 원문 단어(열)를 읽습니다. "
     "한 단어의 조각들은 합칩니다. 목표 단어의 행은 조각 행들의 평균, 원문 단어의 열은 조각 열들의 합이므로 "
     "각 행의 합은 여전히 1입니다."},
    {Txt::AlignNeedsTranslation,
     "This view shows the cross-attention of a translation model (an encoder and a decoder). Open a Marian "
     "folder (Model > Open model folder…), e.g. Helsinki-NLP/opus-mt-en-ko.",
     "이 보기는 번역 모델(인코더와 디코더)의 교차 어텐션을 보여 줍니다. Marian 폴더를 여세요 (모델 > 모델 "
     "폴더 열기…). 예: Helsinki-NLP/opus-mt-en-ko."},
    {Txt::AlignSwitching, "Computing the cross-attention…", "교차 어텐션을 계산하는 중…"},
    {Txt::AlignHead, "One head", "헤드 하나"},
    {Txt::AlignMeanHeads, "Mean of the layer's heads", "이 층 헤드들의 평균"},
    {Txt::AlignMeanLayers, "Mean of every layer", "모든 층의 평균"},
    {Txt::AlignSourceTip,
     "Which attention to show: one head of the chosen layer, the mean of its heads, or the mean over every "
     "layer's heads (often the clearest alignment).",
     "보여 줄 어텐션: 고른 층의 헤드 하나, 그 층 헤드들의 평균, 또는 모든 층 헤드들의 평균(정렬이 가장 잘 "
     "보일 때가 많습니다)."},
    {Txt::AlignPieces, "Pieces", "조각"},
    {Txt::AlignPiecesTip,
     "Show the tokenizer's pieces instead of whole words (▁ marks a piece that starts a word).",
     "단어 대신 토크나이저의 조각을 보여 줍니다 (▁는 단어를 시작하는 조각 표시)."},
    {Txt::AlignCellTip, "%s reads %s: %.3f", "%s → %s 읽기: %.3f"},
    {Txt::AlignClickHint, "Click a target word to follow its lines.", "목표 단어를 누르면 그 단어의 선만 봅니다."},
    {Txt::LensIntro,
     "What the model would predict if it stopped after each layer: every layer's residual stream through the "
     "final norm (LayerNorm, or RMSNorm in Llama-style models) and the unembedding. Each cell is the top next "
     "token, coloured by its probability; a red frame marks where the final answer first comes out on top. "
     "Hover a cell for its top 5.",
     "모델이 각 층에서 멈춘다면 무엇을 예측할지 보여 줍니다: 층마다 잔차 흐름을 마지막 정규화(LayerNorm, "
     "Llama 계열은 RMSNorm)와 언임베딩에 통과시킵니다. 칸마다 가장 유력한 다음 토큰을 쓰고 확률로 색을 "
     "칠합니다. 빨간 테두리는 최종 답이 처음 1위로 올라오는 곳입니다. 칸에 마우스를 올리면 상위 5개를 보여 "
     "줍니다."},
    {Txt::LensNeedModel,
     "The lens needs a model that predicts the next token: open a GPT-2, Llama, Qwen or Mistral folder "
     "(Model > Open model folder…).",
     "렌즈에는 다음 토큰을 예측하는 모델이 필요합니다: GPT-2, Llama, Qwen, Mistral 폴더를 여세요 "
     "(모델 > 모델 폴더 열기…)."},
    {Txt::LensEmbeddings, "embeddings", "임베딩"},
    {Txt::LensLayerRow, "layer %d", "%d층"},
    {Txt::LensTipEmbeddings, "From the embeddings alone, after “%s”:", "임베딩만으로, “%s” 다음:"},
    {Txt::LensTipLayer, "After layer %d, after “%s”:", "%d층 뒤, “%s” 다음:"},
    {Txt::LensTipAnswer, "the model's final answer: “%s”", "모델의 최종 답: “%s”"},
    {Txt::LensKnocked, "Knocked out: %s", "끈 헤드: %s"},
    {Txt::LensExport, "Export figure…", "그림 내보내기…"},
    {Txt::LensExportTip,
     "Save this table as a PNG, SVG or PDF figure for slides and handouts, or its numbers (the top 5 of every "
     "cell) as CSV (Ctrl+E).",
     "이 표를 슬라이드와 유인물용 PNG, SVG, PDF 그림으로, 또는 숫자(칸마다 상위 5개)를 CSV로 저장합니다 "
     "(Ctrl+E)."},
    {Txt::LensExportTitle, "Export the lens", "렌즈 내보내기"},
    {Txt::LensExportIntro, "The table as shown: %d rows × %d tokens.", "보이는 그대로의 표: %d행 × 토큰 %d개."},
    {Txt::RolePositional, "positional", "위치 기반"},
    {Txt::RolePositionalTip,
     "Looks at a place set by its own position, whatever the tokens are: a fixed distance back (other than 1), a "
     "mirror (j = m − i), or a fixed position. Measured on probes with the same positions and different tokens.",
     "토큰이 무엇이든 자기 위치로 정해지는 자리를 봅니다: 고정된 거리 앞(1칸 말고), 거울 대칭 (j = m − i), 또는 "
     "고정된 자리. 위치는 같고 토큰만 다른 탐침들로 잽니다."},
    {Txt::RolesSure, "sure: %.2f ahead of the next score", "확실: 다음 점수보다 %.2f 높음"},
    {Txt::RolesLikely, "likely: only %.2f ahead of the next score", "아마도: 다음 점수보다 %.2f만 높음"},
    {Txt::RolesMargin, "margin", "차이"},
    {Txt::RolesInductionK, "induction at k = %d: reads what stood %d after the earlier copy",
     "귀납 k = %d: 앞서 나온 같은 토큰의 %d칸 뒤를 읽습니다"},
    {Txt::RolesRule, "position rule: %s", "위치 규칙: %s"},
    {Txt::RolesProbeTask, "Probe: %d examples of the task '%s' (its own letters and length).",
     "탐침: 과제 예 %d개 ('%s', 그 과제의 글자와 길이)."},
    {Txt::RolesProbeStandard,
     "Probe: random tokens repeated twice (%d tokens); positional on %d contents without repeats.",
     "탐침: 무작위 토큰을 두 번 반복한 글 (%d토큰). 위치 기반은 반복 없는 글 %d개로 잽니다."},
    {Txt::RolesAllScores, "Every score (0 to 1):", "모든 점수 (0~1):"},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area model_texts() { return area("model", kTexts); }

}  // namespace attn::app::ui_text_parts
