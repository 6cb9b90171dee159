// ui_text_views.cpp — the teaching views' UI strings in English and Korean: explainer, heads, scaling, pipeline, lines, positional, variants, row, q/k, cost
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    // Cell explainer
    {Txt::ExplHint, "Click a heatmap cell (left) to see how its weight is computed.",
     "왼쪽 히트맵의 칸을 클릭하면 그 가중치가 계산되는 과정을 봅니다."},
    {Txt::ExplCell, "Head %d · query %d \"%s\" → key %d \"%s\"",
     "헤드 %d · 쿼리 %d \"%s\" → 키 %d \"%s\""},
    {Txt::ExplStepVectors, "1. Query and key vectors (d_k = %d)", "1. 쿼리 벡터와 키 벡터 (d_k = %d)"},
    {Txt::ExplStepDot, "2. Dot product", "2. 내적"},
    {Txt::ExplStepScale, "3. Scaling", "3. 스케일링"},
    {Txt::ExplFactorScaled, "factor = 1/√d_k ÷ temperature = 1/√%d ÷ %.2f = %.5f",
     "계수 = 1/√d_k ÷ 온도 = 1/√%d ÷ %.2f = %.5f"},
    {Txt::ExplFactorUnscaled, "factor = 1 ÷ temperature (√%d scaling off) = 1 ÷ %.2f = %.5f",
     "계수 = 1 ÷ 온도 (√%d 스케일링 끔) = 1 ÷ %.2f = %.5f"},
    {Txt::ExplBias, "b: this head's learned bias for the distance between key and query (T5 has no position "
                    "vectors; where a key sits is this number added to the score)",
     "b: 키와 쿼리 사이 거리에 대해 이 헤드가 학습한 편향 (T5에는 위치 벡터가 없고, 키의 자리는 점수에 더해지는 이 "
     "수로 나타납니다)"},
    {Txt::ExplStepMask, "4. Mask", "4. 마스크"},
    {Txt::ExplMaskedYes, "masked: the key is hidden from this query, z = -∞, weight 0",
     "마스크됨: 이 쿼리에게 키가 가려져 z = -∞, 가중치 0"},
    {Txt::ExplMaskedNo, "not masked", "마스크 안 됨"},
    {Txt::ExplStepSoftmax, "5. Softmax over row %d", "5. %d행의 소프트맥스"},
    {Txt::ExplRowMax, "max z over the %d visible keys = %.5f", "보이는 키 %d개 중 최대 z = %.5f"},
    {Txt::ExplExp, "exp(z - max) = exp(%.5f) = %.6f", "exp(z - max) = exp(%.5f) = %.6f"},
    {Txt::ExplRowSum, "Σ exp(z - max) over the row = %.6f", "행 전체의 Σ exp(z - max) = %.6f"},
    {Txt::ExplWeight, "weight = %.6f / %.6f = %.6f   (stored: %.6f)",
     "가중치 = %.6f / %.6f = %.6f   (저장된 값: %.6f)"},
    {Txt::ExplStepMix, "6. Mixing V into output %d", "6. V를 섞어 출력 %d 만들기"},
    {Txt::ExplTopKeys, "Keys that contribute most (weight × ‖v_j‖):", "가장 많이 기여하는 키 (가중치 × ‖v_j‖):"},
    {Txt::ExplOutput, "output o_%d of head %d = Σ_j weight_j · v_j:", "출력 o_%d (헤드 %d) = Σ_j 가중치_j · v_j:"},
    {Txt::ExplNorm, "norm", "노름"},
    {Txt::ExplSoftmaxTip,
     "Subtracting the row maximum does not change the softmax,\nit only keeps exp() from overflowing.",
     "행의 최댓값을 빼도 소프트맥스 값은 같습니다.\nexp()가 넘치지 않게 할 뿐입니다."},
    {Txt::ExplMixTip,
     "The head's output for this query is the weighted sum of the value vectors:\na key counts more "
     "when its weight or its value vector is large.",
     "이 쿼리에 대한 헤드의 출력은 값 벡터들의 가중합입니다:\n가중치나 값 벡터가 클수록 그 키가 "
     "더 많이 기여합니다."},
    {Txt::ExplVectorsTip,
     "q_i = row i of X W_Q (this head's columns); k_j = row j of X W_K.\nLong vectors show their "
     "first entries and their length (norm).",
     "q_i = X W_Q의 i행 (이 헤드의 열), k_j = X W_K의 j행.\n긴 벡터는 앞부분과 길이(노름)만 "
     "보여 줍니다."},
    {Txt::ExplColKey, "key", "키"},
    {Txt::ExplColWeight, "weight", "가중치"},
    {Txt::ExplColVNorm, "‖v‖", "‖v‖"},
    {Txt::ExplColShare, "weight × ‖v‖", "가중치 × ‖v‖"},

    // All heads
    {Txt::HeadsIntro,
     "Every head's weights on the same 0-1 scale, and their average. Click one to open it in the heatmap.",
     "모든 헤드의 가중치를 같은 0-1 범위로, 그리고 그 평균을 보여 줍니다. 하나를 클릭하면 히트맵에서 엽니다."},
    {Txt::HeadN, "Head %d", "헤드 %d"},
    {Txt::HeadAverage, "Average of all heads", "모든 헤드의 평균"},
    {Txt::HeadsClickTip, "Click to show this head in the heatmap and the cell explainer.",
     "클릭하면 이 헤드를 히트맵과 칸 설명에서 봅니다."},
    {Txt::HeadsAverageTip,
     "The mean of the heads' weight matrices. Each row still sums to 1.\nIt is not what the layer "
     "computes: each head mixes its own V.",
     "헤드 가중치 행렬들의 평균입니다. 각 행의 합은 여전히 1입니다.\n층이 실제로 계산하는 값은 "
     "아닙니다: 헤드마다 자기 V를 섞습니다."},
    {Txt::HeadsCellTip, "%s → %s: %.3f", "%s → %s: %.3f"},
    {Txt::HeadsMore, "Showing the first %d of %d heads.", "처음 %d개의 헤드를 보여 줍니다 (전체 %d개)."},

    // Scaling lab
    {Txt::ScalingIntro,
     "The same head with and without dividing by √d_k, on the same 0-1 colour scale: the same scores, only "
     "this layer's softmax changed (the layers before it as they ran).",
     "같은 헤드를 √d_k로 나눌 때와 나누지 않을 때, 같은 0-1 색 범위로 비교합니다. 점수는 같고 이 층의 "
     "소프트맥스만 바뀝니다 (앞 층들은 계산된 그대로)."},
    {Txt::ScalingHead, "Head %d · d_k = %d (choose the head in the heatmap or all-heads view)",
     "헤드 %d · d_k = %d (헤드는 히트맵이나 모든 헤드 보기에서 고릅니다)"},
    {Txt::ScalingScaled, "With ÷√d_k (factor %.4f)", "÷√d_k 적용 (계수 %.4f)"},
    {Txt::ScalingUnscaled, "Without scaling (factor %.4f)", "스케일링 없음 (계수 %.4f)"},
    {Txt::ScalingDiff, "Scaled - unscaled (±%.3f)", "스케일 적용 - 미적용 (±%.3f)"},
    {Txt::ScalingDiffTip, "Red: the scaled softmax gives this key more weight; blue: less.",
     "빨강: 스케일링하면 이 키의 가중치가 커짐, 파랑: 작아짐."},
    {Txt::ScalingWaiting, "Computing the comparison...", "비교할 결과를 계산하는 중..."},
    {Txt::ScalingStats, "Per query row", "쿼리 행별"},
    {Txt::ScalingStatsTip,
     "Entropy: how spread the row's weights are (0 = all on one key).\nMax weight: the largest "
     "weight in the row.\n‖J‖: size of the softmax Jacobian; near 0 means almost no gradient "
     "flows back.",
     "엔트로피: 행의 가중치가 얼마나 퍼져 있는지 (0 = 한 키에 몰림).\n최대 가중치: 행에서 가장 "
     "큰 가중치.\n‖J‖: 소프트맥스 야코비안의 크기. 0에 가까우면 기울기가 거의 전달되지 "
     "않습니다."},
    {Txt::ColToken, "query", "쿼리"},
    {Txt::ColEntropy, "entropy", "엔트로피"},
    {Txt::ColMaxWeight, "max w", "최대 w"},
    {Txt::ColJacobian, "‖J‖", "‖J‖"},
    {Txt::ScaledShort, "÷√d", "÷√d"},
    {Txt::RawShort, "raw", "원래"},
    {Txt::HistTitle, "Softmax inputs z of this head (%s)", "이 헤드의 소프트맥스 입력 z (%s)"},
    {Txt::HistTip, "How the scores before the softmax are spread. Wider spread = sharper softmax.",
     "소프트맥스 전 점수의 분포입니다. 넓게 퍼질수록 소프트맥스가 뾰족해집니다."},
    {Txt::DkTitle, "Why √d_k: random vectors", "왜 √d_k인가: 무작위 벡터"},
    {Txt::DkTip,
     "q and k have d_k independent entries of variance 1, so q·k has variance d_k.\nWithout "
     "scaling, large d_k makes the logits huge and the softmax one-hot.",
     "q와 k는 분산 1인 d_k개의 독립 성분을 가지므로 q·k의 분산은 d_k입니다.\n스케일링이 없으면 "
     "d_k가 클 때 로짓이 커져 소프트맥스가 원-핫이 됩니다."},
    {Txt::DkVar, "Var(q·k) = %.1f  (d_k = %d)    Var(q·k / √d_k) = %.2f",
     "Var(q·k) = %.1f  (d_k = %d)    Var(q·k / √d_k) = %.2f"},
    {Txt::DkEntropy, "mean entropy over %d keys: raw %.3f, ÷√d_k %.3f (uniform %.3f)",
     "키 %d개에 대한 평균 엔트로피: 원래 %.3f, ÷√d_k %.3f (균등 %.3f)"},
    {Txt::DkMax, "mean max weight: raw %.3f, ÷√d_k %.3f", "평균 최대 가중치: 원래 %.3f, ÷√d_k %.3f"},
    {Txt::DkCurve, "entropy for d_k = 4 … 512", "d_k = 4 … 512의 엔트로피"},

    // Pipeline
    {Txt::HistBothTitle, "Softmax inputs of this head, with and without ÷√d_k", "이 헤드의 소프트맥스 입력, ÷√d_k 있음과 없음"},
    {Txt::HistAxisValue, "softmax input", "소프트맥스 입력"},
    {Txt::HistAxisCount, "cells", "칸 수"},
    {Txt::DkAxisEntropy, "row entropy (nats)", "행 엔트로피 (nats)"},
    {Txt::DkUniform, "uniform (largest possible)", "균등 (가능한 최댓값)"},
    {Txt::AutoContrast, "Auto contrast", "자동 대비"},
    {Txt::AutoContrastTip,
     "Colours from this matrix's own smallest to largest value instead of the fixed 0-1 scale, so small "
     "differences in long sentences show. The colour bar says which scale is in use.",
     "고정된 0-1 범위 대신 이 행렬의 최솟값부터 최댓값까지로 색을 칠해, 긴 문장의 작은 차이도 보이게 합니다. "
     "어떤 범위를 쓰는지는 색 막대에 적힙니다."},
    {Txt::ZoomReset, "Zoom %.1f× · reset", "확대 %.1f× · 처음으로"},
    {Txt::ZoomTip,
     "Mouse wheel over the cells zooms at the pointer; drag (right or middle button, or left when zoomed) "
     "to pan; Home or this button shows the whole matrix.",
     "칸 위에서 마우스 휠로 포인터 위치를 확대합니다. 드래그(오른쪽·가운데 버튼, 확대 중에는 왼쪽도)로 "
     "이동하고, Home 키나 이 버튼으로 전체를 봅니다."},
    {Txt::PipeIntro,
     "Head %d, every step left to right, top to bottom, every matrix drawn with the same cell size so the "
     "shapes compare. Colours: each matrix on its own range (written above it), or S, Z and Z_m on one "
     "range with the switch below; A always 0–1. Hover a cell for its value.",
     "헤드 %d의 모든 단계를 왼쪽에서 오른쪽, 위에서 아래로 보여 줍니다. 모든 행렬의 칸 크기가 같아서 모양을 "
     "비교할 수 있습니다. 색: 행렬마다 자기 범위(행렬 위에 표시), 아래 스위치를 켜면 S, Z, Z_m이 한 범위를 함께 "
     "씁니다. A는 늘 0–1. 칸에 마우스를 올리면 값이 보입니다."},
    {Txt::PipeRange, "colours: %.3g … %.3g", "색 범위: %.3g … %.3g"},
    {Txt::PipeX, "token vectors + positions", "토큰 벡터 + 위치"},
    {Txt::PipeQ, "queries: what each token looks for", "쿼리: 각 토큰이 찾는 것"},
    {Txt::PipeK, "keys: what each token offers", "키: 각 토큰이 내보이는 것"},
    {Txt::PipeV, "values: what each token passes on", "값: 각 토큰이 전달하는 것"},
    {Txt::PipeS, "raw scores", "원점수"},
    {Txt::PipeZ, "scaled scores (÷√d_k, ÷ temperature)", "스케일된 점수 (÷√d_k, ÷ 온도)"},
    {Txt::PipeBiasShow, "Position bias by distance", "거리별 위치 편향"},
    {Txt::PipeBiasShowTip,
     "T5 has no position vectors. Each head learns one number per distance bucket and adds it to the score of "
     "every key that far from the query: near distances get a bucket each, far ones share buckets.",
     "T5에는 위치 벡터가 없습니다. 헤드마다 거리 버킷 하나에 수 하나를 배우고, 쿼리에서 그만큼 떨어진 모든 키의 "
     "점수에 더합니다. 가까운 거리는 버킷을 하나씩 갖고, 먼 거리는 버킷을 나눠 씁니다."},
    {Txt::PipeBiasTitle, "Learned bias by distance (this layer's stack: keys before and after)",
     "거리별 학습된 편향 (이 스택: 앞뒤의 키)"},
    {Txt::PipeBiasTitleCausal, "Learned bias by distance (decoder: only keys before the query)",
     "거리별 학습된 편향 (디코더: 쿼리 앞의 키만)"},
    {Txt::PipeBiasX, "j − i (key position − query position)", "j − i (키 위치 − 쿼리 위치)"},
    {Txt::PipeBiasNote,
     "Flat stretches are one bucket. Every layer of the stack adds the same table (the first block's).",
     "평평한 구간은 버킷 하나입니다. 스택의 모든 층이 같은 표(첫 블록의 것)를 더합니다."},
    {Txt::PipeZBias, "scores × factor plus B, the head's learned bias for each distance j − i (T5 adds it instead of "
                     "positions, and does not divide by √d_k)",
     "점수 × 계수 + B: 거리 j − i마다 헤드가 학습한 편향 (T5는 위치 벡터 대신 이것을 더하고 √d_k로 나누지 않습니다)"},
    {Txt::PipeMask, "mask: hidden keys get -∞ (hatched)", "마스크: 가린 키는 -∞ (빗금)"},
    {Txt::PipeA, "weights: softmax of each row", "가중치: 각 행의 소프트맥스"},
    {Txt::PipeO, "this head's output: weighted sum of V", "이 헤드의 출력: V의 가중합"},
    {Txt::PipeConcat, "all heads' outputs side by side", "모든 헤드의 출력을 나란히"},
    {Txt::PipeY, "layer output", "층의 출력"},
    {Txt::PipeValue, "%s[%d, %d] = %.5f", "%s[%d, %d] = %.5f"},
    {Txt::PipeSameScale, "Same colour scale for S, Z and Z_m", "S, Z, Z_m에 같은 색 척도"},
    {Txt::PipeSameScaleTip,
     "On: the scores S, the scaled scores Z and the masked Z_m share one colour range, so dividing by √d_k "
     "visibly shrinks them (and switching it off stretches them). Off: each matrix uses its own min..max. "
     "The weights A are always on 0..1.",
     "켜면 점수 S, 스케일한 점수 Z, 마스크를 씌운 Z_m이 한 색 범위를 함께 써서, √d_k로 나누면 값이 줄어드는 것이 "
     "(끄면 늘어나는 것이) 눈에 보입니다. 끄면 행렬마다 자기 최솟값~최댓값을 씁니다. 가중치 A는 늘 0..1입니다."},

    // Line view
    {Txt::LinesIntro,
     "Each line joins a query (left) to a key (right); the stronger the weight, the brighter the "
     "line. Hover a token to see only its lines.",
     "선은 쿼리(왼쪽)와 키(오른쪽)를 잇고, 가중치가 클수록 선이 밝습니다. 토큰에 마우스를 "
     "올리면 그 토큰의 선만 보입니다."},
    {Txt::LinesTooMany,
     "%d tokens: the line view draws at most %d (that is already %d lines). Use the heatmap for "
     "long texts.",
     "토큰 %d개: 선 보기는 최대 %d개까지 그립니다 (그것만으로도 선 %d개). 긴 글은 히트맵을 "
     "쓰세요."},
    {Txt::LinesQueries, "queries", "쿼리"},
    {Txt::LinesKeys, "keys", "키"},
    {Txt::LinesHoverTip, "%s: %d lines above 1%%", "%s: 1%% 이상인 선 %d개"},

    // Positional encoding
    {Txt::PeIntro,
     "Attention by itself does not know word order. Positional encoding adds a different wave "
     "pattern to each position: PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(...).",
     "어텐션 자체는 단어의 순서를 모릅니다. 위치 인코딩은 위치마다 다른 파동 무늬를 더합니다: "
     "PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(...)."},
    {Txt::PeMatrix, "PE matrix: T × d_model = %d × %d (rows: positions, columns: dimensions)",
     "PE 행렬: T × d_model = %d × %d (행: 위치, 열: 차원)"},
    {Txt::PeOff, "Positional encoding is off: the PE matrix is all zeros.",
     "위치 인코딩이 꺼져 있어 PE 행렬이 모두 0입니다."},
    {Txt::PeReverse, "Reverse the sentence", "문장 뒤집기"},
    {Txt::PeReverseTip, "Replace the sentence by its tokens in reverse order, then compare.",
     "문장을 토큰 순서를 거꾸로 한 문장으로 바꾼 뒤 비교합니다."},
    {Txt::PeNoteOff,
     "PE off: reversing the words only reverses the rows and columns of every weight matrix "
     "(A' = P A P^T). The model cannot tell the two orders apart.",
     "위치 인코딩 끔: 단어를 뒤집으면 가중치 행렬의 행과 열 순서만 뒤집힙니다 (A' = P A P^T). "
     "모델은 두 순서를 구별하지 못합니다."},
    {Txt::PeNoteOn,
     "PE on: each word now also carries its position, so reversing the sentence changes the "
     "weights themselves, not just their order.",
     "위치 인코딩 켬: 단어가 자기 위치도 함께 지니므로, 문장을 뒤집으면 가중치의 순서만이 아니라 "
     "값 자체가 바뀝니다."},
    {Txt::PeMismatch, "After reversing: max |A'(i, j) - A(T-1-i, T-1-j)| over all heads = %.6f",
     "뒤집은 뒤: 모든 헤드에서 max |A'(i, j) - A(T-1-i, T-1-j)| = %.6f"},
    {Txt::PeMismatchNone, "Press the button to compare the reversed sentence with this one.",
     "버튼을 누르면 뒤집은 문장과 지금 문장을 비교합니다."},
    {Txt::PeWeights, "Weights of head %d", "헤드 %d의 가중치"},
    {Txt::PeValueTip, "position %d, dimension %d: %.4f", "위치 %d, 차원 %d: %.4f"},
    {Txt::HeadsCellTipNum, "query %d → key %d: %.4f", "쿼리 %d → 키 %d: %.4f"},

    // Variants view
    {Txt::ViewVariants, "Variants", "변형"},
    {Txt::VarWindow, "Window ±k", "창 ±k"},
    {Txt::VarWindowTip, "Local attention: query i sees only keys with |i - j| <= k (on top of the run's mask).",
     "지역 어텐션: 쿼리 i는 |i - j| <= k 인 키만 봅니다 (지금 마스크에 더해서)."},
    {Txt::VarTile, "Keys per tile", "타일당 키 수"},
    {Txt::VarTileTip, "The online softmax reads the keys in tiles of this size, as FlashAttention does.",
     "온라인 소프트맥스는 FlashAttention처럼 키를 이 크기의 타일로 나누어 읽습니다."},
    {Txt::VarCompareIntro,
     "The same head computed three ways, as weights on one colour scale: softmax (the reference), a local "
     "window that hides keys farther than ±k (cost O(n·k·d)), and linear attention with φ(x) = elu(x) + 1 "
     "(cost O(n·d²)), whose weights φ(q_i)·φ(k_j) / Σ_j φ(q_i)·φ(k_j) are never formed when it runs. "
     "The last two pictures show what each changes: blue where it gives less weight, red where more.",
     "같은 헤드를 세 가지 방법으로 계산해 한 색 척도의 가중치로 보여 줍니다: 기준인 소프트맥스, ±k보다 먼 키를 "
     "가리는 로컬 윈도우(비용 O(n·k·d)), φ(x) = elu(x) + 1을 쓰는 선형 어텐션(비용 O(n·d²)). 선형 어텐션의 "
     "가중치 φ(q_i)·φ(k_j) / Σ_j φ(q_i)·φ(k_j)는 실제 계산에서는 만들어지지 않습니다. 마지막 두 그림은 각 방법이 "
     "바꾸는 것을 보여 줍니다: 가중치를 덜 주면 파랑, 더 주면 빨강."},
    {Txt::VarColNorm, "|softmax output|", "|소프트맥스 출력|"},
    {Txt::VarColLinear, "max |linear - softmax|", "max |선형 - 소프트맥스|"},
    {Txt::VarColWindow, "max |window - softmax|", "max |창 - 소프트맥스|"},
    {Txt::VarSummary, "Largest change: linear %.4f, window ±%d %.4f",
     "가장 큰 차이: 선형 %.4f, 창 ±%d %.4f"},
    {Txt::VarOnlineIntro,
     "Online softmax: the keys arrive tile by tile. Each row keeps a running max m and a running sum "
     "l of exp(z - m); when a larger score arrives, the old sum is rescaled by exp(m_old - m_new). "
     "The full weight matrix never exists, and the result is exact.",
     "온라인 소프트맥스: 키가 타일 단위로 들어옵니다. 각 행은 지금까지의 최댓값 m과 exp(z - m)의 "
     "합 l을 유지하고, 더 큰 점수가 오면 이전 합에 exp(m_old - m_new)를 곱해 고칩니다. 전체 가중치 "
     "행렬을 만들지 않아도 결과는 정확히 같습니다."},
    {Txt::VarStep, "Tile", "타일"},
    {Txt::VarStepTip, "Step through the tiles: the state of every row after that tile.",
     "타일을 하나씩 넘겨 봅니다: 그 타일까지 읽은 뒤 각 행의 상태입니다."},
    {Txt::VarTileKeys, "After tile %d of %d (keys %d..%d):", "타일 %d / %d 뒤 (키 %d..%d):"},
    {Txt::VarColMax, "running max m", "누적 최댓값 m"},
    {Txt::VarColSum, "running sum l", "누적 합 l"},
    {Txt::VarColPartial, "|a/l - final output|", "|a/l - 최종 출력|"},
    {Txt::VarOnlineErr, "After the last tile: max |online - softmax| = %.2e (rounding only).",
     "마지막 타일 뒤: max |온라인 - 소프트맥스| = %.2e (반올림 오차뿐)."},
    {Txt::VarCellValues, "softmax %.4f · window %.4f · linear %.4f", "소프트맥스 %.4f · 윈도우 %.4f · 선형 %.4f"},
    {Txt::VarPicSoftmax, "softmax", "소프트맥스"},
    {Txt::VarPicWindow, "window ±%d", "윈도우 ±%d"},
    {Txt::VarPicLinear, "linear (implied weights)", "선형 (암묵적 가중치)"},
    {Txt::VarPicDiffRange, "blue - · red + · ±%.3g", "파랑 - · 빨강 + · ±%.3g"},
    {Txt::VarPicWindowDiff, "window - softmax", "윈도우 - 소프트맥스"},
    {Txt::VarPicLinearDiff, "linear - softmax", "선형 - 소프트맥스"},
    {Txt::VarPlay, "Play", "재생"},
    {Txt::VarPause, "Pause", "일시정지"},
    {Txt::VarPlayTip, "Steps through the tiles by itself, one every 0.7 s.", "0.7초마다 한 타일씩 저절로 넘어갑니다."},
    {Txt::VarBarsNote,
     "Bars per query row: the running max m as e^(m - m_final) (full = the row's largest score is already "
     "seen) and the running sum l rescaled to the final max (full = every key counted). Hover for the numbers.",
     "쿼리 행마다 막대: 누적 최댓값 m을 e^(m - m_final)로(가득 차면 그 행의 가장 큰 점수를 이미 본 것), 누적 합 l을 "
     "최종 최댓값 기준으로(가득 차면 모든 키를 센 것) 그립니다. 마우스를 올리면 숫자가 보입니다."},

    // Row view
    {Txt::ViewRow, "Row", "행"},
    {Txt::RowIntro,
     "One query's attention weights over the keys: how much of each token's value it mixes into its output. "
     "The bars sum to 1. Pick the query with the arrows (or ↑ / ↓), or click a row label in the heatmap.",
     "쿼리 하나가 키마다 주는 어텐션 가중치, 곧 각 토큰의 값을 출력에 얼마나 섞는지입니다. 막대의 합은 1입니다. "
     "화살표(또는 ↑ / ↓)로 쿼리를 고르거나 히트맵의 행 이름을 누르세요."},
    {Txt::RowQuery, "Query", "쿼리"},
    {Txt::RowPrevTip, "Previous query (↑)", "이전 쿼리 (↑)"},
    {Txt::RowNextTip, "Next query (↓)", "다음 쿼리 (↓)"},
    {Txt::RowSorted, "Sorted by weight", "가중치 순으로 정렬"},
    {Txt::RowSortedTip, "Largest weight first; off: the keys in sentence order.",
     "가장 큰 가중치부터; 끄면 문장 순서대로."},
    {Txt::RowSummary, "\"%s\" attends most to \"%s\" (%.2f). Entropy %.2f nats (uniform: %.2f).",
     "\"%s\"은(는) \"%s\"에 가장 크게 주목합니다 (%.2f). 엔트로피 %.2f nats (균등하면 %.2f)."},
    {Txt::RowFullyMasked, "Every key of this query is masked: its weights are all 0.",
     "이 쿼리의 모든 키가 마스크되어 가중치가 모두 0입니다."},
    {Txt::RowAxisKeys, "keys", "키"},
    {Txt::RowAxisWeight, "weight", "가중치"},
    {Txt::RowMaskedTip, "%s → %s: masked (weight 0)", "%s → %s: 마스크됨 (가중치 0)"},
    {Txt::RowLabelTip, "Click: show this query's weights (Row view, Ctrl+Shift+1)",
     "클릭: 이 쿼리의 가중치 보기 (행 보기, Ctrl+Shift+1)"},

    // Query/key view
    {Txt::ViewQk, "Queries & keys", "쿼리와 키"},
    {Txt::QkIntro,
     "The head's query vectors (what each token looks for) and key vectors (what each token offers) in one "
     "picture: both projected on the first two principal components of Q_h and K_h together. A query scores "
     "high against keys that point the same way. Hover a query to see its attention as lines (thicker = "
     "more weight); click it to select it.",
     "헤드의 쿼리 벡터(각 토큰이 찾는 것)와 키 벡터(각 토큰이 내보이는 것)를 한 그림에 놓았습니다. Q_h와 K_h를 "
     "함께 놓고 구한 첫 두 주성분에 투영했습니다. 쿼리는 같은 방향을 가리키는 키와 점수가 높습니다. 쿼리에 "
     "마우스를 올리면 어텐션이 선으로 보이고(굵을수록 가중치가 큼), 누르면 그 쿼리를 고릅니다."},
    {Txt::QkAxis, "component %d (%.0f%% of the variance)", "주성분 %d (분산의 %.0f%%)"},
    {Txt::QkQueries, "queries", "쿼리"},
    {Txt::QkKeys, "keys", "키"},

    // Cost view
    {Txt::ViewCost, "Cost", "비용"},
    {Txt::CostIntro,
     "Attention compares every token with every other: n tokens make n² scores per head. Measure one head "
     "(d = 64) computed four ways on this computer, for n = 16 to 4096: full softmax needs time and memory "
     "like n²; a local window only looks at 2k+1 neighbours (n·k); linear attention never forms the n × n "
     "matrix (time and memory like n); the online softmax of FlashAttention still does n² work, but keeps "
     "only one tile of scores in memory. On a log-log plot a power n^p is a straight line of slope p.",
     "어텐션은 모든 토큰을 다른 모든 토큰과 비교합니다: 토큰이 n개면 헤드마다 점수가 n²개입니다. 이 컴퓨터에서 "
     "헤드 하나(d = 64)를 네 가지 방법으로 n = 16~4096에 대해 재 봅니다: 전체 소프트맥스는 시간과 메모리가 n²처럼 "
     "늘고, 로컬 윈도우는 이웃 2k+1개만 보며(n·k), 선형 어텐션은 n × n 행렬을 만들지 않습니다(시간과 메모리 모두 "
     "n에 비례). FlashAttention의 온라인 소프트맥스는 계산은 여전히 n²이지만 메모리에는 점수 타일 하나만 둡니다. "
     "로그-로그 그래프에서 n^p는 기울기 p인 직선입니다."},
    {Txt::CostRun, "Measure", "측정"},
    {Txt::CostRunTip, "Runs in the background, a few seconds; the plots fill in as the sizes are measured.",
     "백그라운드에서 몇 초 동안 실행되며, 크기별로 측정되는 대로 그래프가 채워집니다."},
    {Txt::CostRunning, "Measuring...", "측정 중..."},
    {Txt::CostColN, "n", "n"},
    {Txt::CostColMs, "time (ms)", "시간 (ms)"},
    {Txt::CostColMiB, "memory (MiB)", "메모리 (MiB)"},
    {Txt::CostTimeTitle, "Time per head", "헤드 하나의 계산 시간"},
    {Txt::CostMemTitle, "Memory besides Q, K, V and the output", "Q, K, V와 출력 외에 쓰는 메모리"},
    {Txt::CostAxisN, "n (tokens)", "n (토큰 수)"},
    {Txt::CostAxisTime, "time", "시간"},
    {Txt::CostAxisMem, "memory", "메모리"},
    {Txt::CostSoftmax, "softmax (full n × n)", "소프트맥스 (n × n 전체)"},
    {Txt::CostWindow, "local window ±%d", "로컬 윈도우 ±%d"},
    {Txt::CostLinear, "linear attention", "선형 어텐션"},
    {Txt::CostOnline, "online softmax (tiles of %d)", "온라인 소프트맥스 (타일 %d)"},
    {Txt::CostEngine, "AttnLab trace (all heads, all kept)", "AttnLab 트레이스 (모든 헤드, 전부 저장)"},
    {Txt::CostRefN, "slope 1: n", "기울기 1: n"},
    {Txt::CostRefN2, "slope 2: n²", "기울기 2: n²"},
    {Txt::CostSlopeRow, "fit n^p", "맞춤 n^p"},
    {Txt::CostSlopeTip,
     "The exponent p of a least-squares fit c·n^p over n ≥ 128 (where fixed costs no longer dominate): the slope of the curve on the log-log plot.",
     "n ≥ 128 구간(고정 비용이 더는 지배하지 않는 곳)에서 c·n^p로 최소제곱 맞춤한 지수 p, 곧 로그-로그 그래프에서 곡선의 기울기입니다."},
    {Txt::CostTableTitle, "Measured (best of several runs)", "측정값 (여러 번 중 가장 빠른 값)"},
    {Txt::CostNone, "Press Measure: nothing measured yet.", "측정을 누르세요: 아직 잰 값이 없습니다."},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area views_texts() { return area("views", kTexts); }

}  // namespace attn::app::ui_text_parts
