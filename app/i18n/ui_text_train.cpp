// ui_text_train.cpp — the Train view's UI strings in English and Korean
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    // Train view
    {Txt::ViewTrain, "Train", "학습"},
    {Txt::TrainIntro,
     "Train a tiny GPT-2 (or Llama, see Architecture) on a task right here and watch its attention heads "
     "form: the maps below are every head of every layer on one fixed example, redrawn as the model learns.",
     "작은 GPT-2(또는 Llama, 구조 항목 참고)를 여기서 바로 학습시키며 어텐션 헤드가 만들어지는 모습을 봅니다. "
     "아래 그림은 고정된 예제 하나에 대한 모든 층의 모든 헤드이며, 모델이 배우는 동안 다시 그려집니다."},
    {Txt::TrainTask, "Task", "과제"},
    {Txt::TrainTaskTip, "What the model learns. Each task has settings that learn it in seconds.",
     "모델이 배울 과제입니다. 과제마다 몇 초 안에 배우는 기본 설정이 있습니다."},
    {Txt::TrainExpect, "What to expect", "기대할 모습"},
    {Txt::TrainSymbols, "Symbols", "기호 수"},
    {Txt::TrainSymbolsTip, "How many different letters the examples use (the alphabet size).",
     "예제에 쓰이는 서로 다른 글자의 수(알파벳 크기)입니다."},
    {Txt::TrainLength, "Length", "길이"},
    {Txt::TrainLengthTip, "How long each example is (the text task: the window the model reads).",
     "예제 하나의 길이입니다 (텍스트 과제: 모델이 한 번에 읽는 구간)."},
    {Txt::TrainText, "Training text", "학습 텍스트"},
    {Txt::TrainTextTip,
     "The model learns to predict the next character of this text. Korean works too (each syllable is "
     "three byte tokens).",
     "모델은 이 텍스트의 다음 글자를 예측하도록 배웁니다. 한국어도 됩니다 (음절 하나가 바이트 토큰 세 개)."},
    {Txt::TrainTextPreset, "Preset text", "기본 텍스트"},
    {Txt::TrainLayers, "Layers", "층 수"},
    {Txt::TrainHeads, "Heads", "헤드 수"},
    {Txt::TrainDModel, "d_model", "d_model"},
    {Txt::TrainSizeTip, "Model size: 1–4 layers, 1–8 heads, d_model 16–256 (divisible by the heads).",
     "모델 크기: 층 1–4개, 헤드 1–8개, d_model 16–256 (헤드 수로 나누어떨어져야 함)."},
    {Txt::TrainMlp, "MLP", "MLP"},
    {Txt::TrainMlpTip,
     "Off: attention only (the MLP blocks stay zero). The induction task learns better without them.",
     "끄면 어텐션만 씁니다 (MLP 블록은 0으로 남음). 귀납 과제는 MLP 없이 더 잘 배웁니다."},
    {Txt::TrainLr, "Learning rate", "학습률"},
    {Txt::TrainLrTip, "Peak learning rate of AdamW (warm-up, then a cosine down to a tenth). Above 0, at most 1.",
     "AdamW의 최대 학습률입니다 (워밍업 후 코사인으로 10분의 1까지 감소). 0보다 크고 1 이하."},
    {Txt::TrainBatch, "Batch", "배치"},
    {Txt::TrainBatchTip, "Examples per step, 1 to 1024.", "한 스텝의 예제 수, 1–1024."},
    {Txt::TrainSteps, "Steps", "스텝 수"},
    {Txt::TrainStepsTip, "How many updates the run makes (the learning-rate schedule's length), 1 to 100000.",
     "학습에서 할 업데이트 횟수입니다 (학습률 일정의 길이), 1–100000."},
    {Txt::TrainSeed, "Seed", "시드"},
    {Txt::TrainSeedTip, "Same seed and settings: the same run, step for step.",
     "시드와 설정이 같으면 스텝마다 똑같은 학습이 됩니다."},
    {Txt::TrainDefaults, "Task defaults", "과제 기본값"},
    {Txt::TrainDefaultsTip, "Put every setting back to the task's defaults.", "모든 설정을 과제의 기본값으로 되돌립니다."},
    {Txt::TrainStart, "Start", "시작"},
    {Txt::TrainStartTip, "Train until the last step (Pause stops between two steps). New settings start a new run.",
     "마지막 스텝까지 학습합니다 (일시 정지는 스텝 사이에서 멈춤). 설정이 바뀌었으면 새로 시작합니다."},
    {Txt::TrainPause, "Pause", "일시 정지"},
    {Txt::TrainStep, "Step", "한 스텝"},
    {Txt::TrainStepTip, "One update, then pause: see what a single step changes.",
     "업데이트 한 번 후 멈춥니다: 한 스텝이 무엇을 바꾸는지 봅니다."},
    {Txt::TrainReset, "Reset", "초기화"},
    {Txt::TrainResetTip, "A fresh model (random weights) with the settings above, at step 0.",
     "위 설정으로 새 모델(무작위 가중치)을 만들어 스텝 0에서 시작합니다."},
    {Txt::TrainBadRange, "%s: %d is out of range (%d to %d).", "%s: %d은(는) 범위를 벗어났습니다 (%d–%d)."},
    {Txt::TrainNotDivisible, "d_model %d is not divisible by %d heads: every head needs d_model / heads channels.",
     "d_model %d이(가) 헤드 수 %d로 나누어떨어지지 않습니다: 헤드마다 d_model / 헤드 수 채널이 필요합니다."},
    {Txt::TrainBadLr, "Learning rate: must be above 0 and at most 1.", "학습률: 0보다 크고 1 이하여야 합니다."},
    {Txt::TrainTextEmpty, "The training text is empty: type or paste some text, or press Preset text.",
     "학습 텍스트가 비어 있습니다: 텍스트를 입력하거나 붙여 넣거나, 기본 텍스트를 누르세요."},
    {Txt::TrainTextShort, "The training text is %d bytes; it must be longer than the length (%d).",
     "학습 텍스트가 %d바이트입니다. 길이(%d)보다 길어야 합니다."},
    {Txt::TrainNotStarted, "Press Start to train, or Step for a single update.",
     "시작을 누르면 학습하고, 한 스텝을 누르면 업데이트를 한 번 합니다."},
    {Txt::TrainStatus, "Step %d of %d · %.1f steps/s", "스텝 %d / %d · 초당 %.1f스텝"},
    {Txt::TrainStatusDone, "done", "완료"},
    {Txt::TrainStatusRunning, "training…", "학습 중…"},
    {Txt::TrainStatusPaused, "paused", "일시 정지"},
    {Txt::TrainChanged, "The settings changed: Start or Reset begins a new run with them.",
     "설정이 바뀌었습니다: 시작이나 초기화를 누르면 새 설정으로 학습을 새로 시작합니다."},
    {Txt::TrainLossTitle, "Loss", "손실"},
    {Txt::TrainAccTitle, "Accuracy on fresh examples", "새 예제에서의 정확도"},
    {Txt::TrainAxisStep, "step", "스텝"},
    {Txt::TrainAxisLoss, "cross-entropy", "교차 엔트로피"},
    {Txt::TrainAxisAcc, "accuracy", "정확도"},
    {Txt::TrainSeriesLoss, "training batch", "학습 배치"},
    {Txt::TrainSeriesEvalLoss, "fresh examples", "새 예제"},
    {Txt::TrainSeriesExact, "exact (whole answer)", "완전 정답 (답 전체)"},
    {Txt::TrainSeriesToken, "per token", "토큰별"},
    {Txt::TrainProbeTitle, "Every head on the probe \"%s\" at step %d", "고정 예제 \"%s\"에서 모든 헤드 (스텝 %d)"},
    {Txt::TrainHeadCaption, "L%d H%d", "%d층 H%d"},
    {Txt::TrainTimeline, "Timeline", "타임라인"},
    {Txt::TrainTimelineTip,
     "Drag back through training to see the pattern appear (up to 64 snapshots, spread evenly over the run).",
     "학습을 거슬러 올라가며 패턴이 나타나는 과정을 봅니다 (스냅숏 최대 64개, 학습 전체에 고르게 분포)."},
    {Txt::TrainLive, "Live", "실시간"},
    {Txt::TrainLiveTip, "Follow the newest weights while training.", "학습하는 동안 최신 가중치를 따라갑니다."},
    {Txt::TrainUse, "Use this model", "이 모델 사용"},
    {Txt::TrainUseTip,
     "Save the weights as they are now and open them in every view (heatmap, explainer, all heads, model, "
     "export), with the probe as the sentence.",
     "지금 가중치를 저장하고 모든 보기(히트맵, 설명, 모든 헤드, 모델, 내보내기)에서 엽니다. 문장은 고정 "
     "예제로 바뀝니다."},
    {Txt::TrainUsing, "Every view now uses the trained model (step %d): %s",
     "이제 모든 보기가 학습한 모델(스텝 %d)을 씁니다: %s"},
    {Txt::TrainUseLoading, "Opening the trained model…", "학습한 모델을 여는 중…"},
    {Txt::TrainSaveAs, "Save model…", "모델 저장…"},
    {Txt::TrainSavePath, "Folder", "폴더"},
    {Txt::TrainSavePathHint, "a new folder, e.g. ~/models/reverse", "새 폴더, 예: ~/models/reverse"},
    {Txt::TrainSaveGo, "Save", "저장"},
    {Txt::TrainSaved, "Saved to %s (step %d).", "%s에 저장했습니다 (스텝 %d)."},
    {Txt::TrainSaveFailed, "Not saved: %s", "저장하지 못했습니다: %s"},
    {Txt::TrainSaveTip,
     "A Hugging Face GPT-2 folder (config.json, model.safetensors, tokenizer). It must not exist yet; a "
     "failed save leaves nothing behind.",
     "Hugging Face GPT-2 폴더(config.json, model.safetensors, 토크나이저)입니다. 아직 없는 폴더여야 하며, "
     "저장에 실패하면 아무것도 남지 않습니다."},
    {Txt::TrainNoProbe, "No model yet: press Reset, Step or Start.", "아직 모델이 없습니다: 초기화, 한 스텝, 시작 중 하나를 누르세요."},
    {Txt::TrainAccNote, "Text has no single right answer: watch the per-token accuracy.",
     "텍스트에는 정답이 하나가 아니므로 토큰별 정확도를 보세요."},
    {Txt::TrainTooBig,
     "One step of this run is about %.0f GFLOP, more than the view's %.0f (steps of seconds would make Pause "
     "and closing slow): lower the batch, the length, d_model or the layers. `attnlab train` has no such limit.",
     "이 설정의 한 스텝은 약 %.0f GFLOP으로, 이 보기의 한도 %.0f를 넘습니다 (스텝이 몇 초씩 걸리면 일시 정지와 "
     "닫기가 느려짐): 배치, 길이, d_model, 층 수를 줄이세요. `attnlab train`에는 이 한도가 없습니다."},
    {Txt::TrainExport, "Export figure…", "그림 내보내기…"},
    {Txt::TrainExportTip,
     "Save the loss and accuracy curves and the probe as shown (text tasks: every head on the probe, live or "
     "the timeline's step; picture tasks: the class token's attention for the layer and head shown) as a PNG, "
     "SVG or PDF figure for slides and handouts, or the curves as CSV (Ctrl+E).",
     "손실·정확도 곡선과 지금 보이는 프로브(글자 과제: 프로브에 대한 모든 헤드, 그림 과제: 보이는 층과 헤드에서 "
     "클래스 토큰의 어텐션)를 슬라이드와 유인물용 PNG, SVG, PDF 그림으로, 또는 곡선을 CSV로 저장합니다 (Ctrl+E)."},
    {Txt::TrainExportTitle, "Export the training figure", "학습 그림 내보내기"},
    {Txt::TrainExportIntro, "Step %d of %d: the curves so far and the probe at step %d.",
     "스텝 %d/%d: 지금까지의 곡선과 스텝 %d의 프로브."},
    // The image tasks (a tiny Vision Transformer)
    {Txt::TrainImageIntro,
     "Train a tiny Vision Transformer on 28×28 pictures and watch where its class token looks: the "
     "pictures below carry the class token's attention over their patches, redrawn as the model learns.",
     "28×28 그림으로 작은 비전 트랜스포머를 학습시키며 클래스 토큰이 어디를 보는지 지켜봅니다. 아래 그림마다 "
     "패치에 대한 클래스 토큰의 어텐션이 겹쳐 그려지고, 모델이 배우는 동안 다시 그려집니다."},
    {Txt::TrainPatch, "Patch", "패치"},
    {Txt::TrainPatchTip, "The side of the square patches the picture is cut into (7: 16 patches, 4: 49, 14: 4).",
     "그림을 자르는 네모 패치의 한 변입니다 (7: 패치 16개, 4: 49개, 14: 4개)."},
    {Txt::TrainImages, "Training pictures", "학습 그림 수"},
    {Txt::TrainImagesTip,
     "How many training pictures the model sees (the first N). Few pictures: it memorises them; many: it "
     "learns. Compare 100, 1,000 and 60,000.",
     "모델이 보는 학습 그림의 수입니다(처음 N장). 적으면 외우고, 많으면 배웁니다. 100, 1,000, 60,000장을 "
     "비교해 보세요."},
    {Txt::TrainImagesAll, "all", "전부"},
    {Txt::TrainImageProbes, "The class token's attention on four test pictures (step %d)",
     "테스트 그림 네 장에 대한 클래스 토큰의 어텐션 (스텝 %d)"},
    {Txt::TrainImageProbeTip,
     "Warmer, brighter patches get more of the class token's attention in the chosen layer and head (or the "
     "mean of the heads): faint at an even share, full colour at four times an even share or more.",
     "고른 층과 헤드(또는 헤드 평균)에서 클래스 토큰의 어텐션을 많이 받는 패치일수록 밝고 따뜻한 색입니다. "
     "고르게 나눈 몫이면 옅고, 그 네 배 이상이면 가장 진합니다."},
    {Txt::TrainImageLayer, "Layer", "층"},
    {Txt::TrainImageHead, "Head", "헤드"},
    {Txt::TrainImageHeadMean, "mean of heads", "헤드 평균"},
    {Txt::TrainImageProbeCaption, "%s (%.0f%%); truly %s", "%s (%.0f%%); 정답 %s"},
    {Txt::TrainSeriesTestAcc, "test pictures right", "테스트 그림 정답률"},
    {Txt::TrainImageLoading, "Loading the pictures…", "그림을 읽는 중…"},
    {Txt::TrainImageAccTitle, "Accuracy on test pictures", "테스트 그림에서의 정확도"},
    {Txt::TrainSeriesTestLoss, "test pictures", "테스트 그림"},
    {Txt::TrainImageEveryHead, "Every head", "모든 헤드"},
    {Txt::TrainImageEveryHeadTip,
     "One picture's whole attention as it trains: every layer (down) and every head (across). In each square "
     "the rows are the queries and the columns the keys: [CLS] first, then the patches numbered row by row. "
     "Click a picture on the left to choose it.",
     "그림 한 장의 어텐션 전체를 학습하는 동안 봅니다: 층은 아래로, 헤드는 옆으로. 네모 하나에서 행은 쿼리, "
     "열은 키이고, [CLS]가 먼저, 그다음 패치가 줄마다 번호순으로 옵니다. 왼쪽 그림을 눌러 고르세요."},
    {Txt::TrainImageEveryTitle, "Picture %d (truly %s), step %d: every layer's and head's attention (rows: queries, columns: keys)",
     "그림 %d (정답 %s), 스텝 %d: 모든 층과 헤드의 어텐션 (행: 쿼리, 열: 키)"},
    {Txt::TrainImagePickTip, "Click: this picture's attention in every layer and head",
     "누르면 이 그림의 모든 층과 헤드의 어텐션을 봅니다"},
    // The architecture switch (issue 24)
    {Txt::TrainArch, "Architecture", "구조"},
    {Txt::TrainArchTip,
     "GPT-2: learned position embeddings, LayerNorm, GELU (saved as a GPT-2 folder). Llama: rotary positions "
     "(RoPE) turn q and k by an angle per position, RMSNorm, SwiGLU, and key/value heads shared by several "
     "query heads (saved as a Llama folder). Try a task at one length, then evaluate longer inputs.",
     "GPT-2: 학습된 위치 임베딩, LayerNorm, GELU (GPT-2 폴더로 저장). Llama: 회전 위치 임베딩(RoPE)이 위치마다 "
     "q와 k를 일정한 각도로 돌리고, RMSNorm, SwiGLU를 쓰며, 여러 쿼리 헤드가 키/값 헤드 하나를 나눠 씁니다 "
     "(Llama 폴더로 저장). 한 길이로 학습한 뒤 더 긴 입력에서 평가해 보세요."},
    {Txt::TrainSeq2SeqTask, "%s (encoder–decoder)", "%s (인코더–디코더)"},
    {Txt::TrainSeq2SeqArch, "Encoder–decoder (saved as Marian)", "인코더–디코더 (Marian으로 저장)"},
    {Txt::TrainSeq2SeqArchTip,
     "An encoder reads the source, a decoder writes the target, and every decoder layer reads the encoder's "
     "output through cross-attention: softmax(Q_dec K_encᵀ / √d_k) V_enc. Post-LN layers as Marian's; the "
     "saved folder opens in the Alignment, Predict and Pipeline views like a downloaded translator.",
     "인코더가 원문을 읽고 디코더가 번역문을 쓰며, 디코더의 모든 층은 교차 어텐션 softmax(Q_dec K_encᵀ / √d_k) "
     "V_enc로 인코더의 출력을 읽습니다. 층은 Marian처럼 post-LN입니다. 저장한 폴더는 정렬, 예측, 파이프라인 "
     "보기에서 내려받은 번역 모델처럼 열립니다."},
    {Txt::TrainSeq2SeqLayersTip,
     "Layers of each stack: the encoder and the decoder get this many each. Width divisible by the heads.",
     "각 스택의 층 수: 인코더와 디코더가 이만큼씩 갖습니다. 너비는 헤드 수로 나누어떨어져야 합니다."},
    {Txt::TrainCrossProbeTitle, "Cross-attention on the probe \"%s\" → \"%s\" at step %d (rows: the word each row writes)",
     "고정 예제 \"%s\" → \"%s\"의 교차 어텐션 (스텝 %d, 행: 그 행이 쓰는 단어)"},
    {Txt::TrainKvHeads, "K/V heads", "키/값 헤드 수"},
    {Txt::TrainKvHeadsTip,
     "Key/value heads (grouped-query attention): each serves heads ÷ K/V heads query heads. Must divide the "
     "heads; equal to the heads is ordinary multi-head attention, 1 is multi-query attention.",
     "키/값 헤드 수 (그룹 쿼리 어텐션): 키/값 헤드 하나가 (헤드 수 ÷ 키/값 헤드 수)개의 쿼리 헤드를 맡습니다. "
     "헤드 수를 나누어떨어지게 해야 하며, 헤드 수와 같으면 보통의 멀티헤드 어텐션, 1이면 멀티쿼리 어텐션입니다."},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area train_texts() { return area("train", kTexts); }

}  // namespace attn::app::ui_text_parts
