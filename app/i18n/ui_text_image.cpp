// ui_text_image.cpp — the Image view's and File > Open image's UI strings in English and Korean
// (one area of the table in ui_text_table.h; look strings up with tr() from ui_text.h)
#include "app/i18n/ui_text_table.h"

namespace attn::app::ui_text_parts {

namespace {

constexpr Entry kTexts[] = {
    {Txt::ViewImage, "Image (patches)", "이미지 (패치)"},
    {Txt::MenuOpenImage, "Open image…", "이미지 열기…"},
    {Txt::ImageIntro,
     "A Vision Transformer reads a picture as a sentence of patches: each square is one token. Hover a patch for "
     "its index; click one (or [CLS]) to see where it looks; arrow keys move it. PageUp / PageDown step through the layers.",
     "비전 트랜스포머는 그림을 패치들의 문장으로 읽습니다. 정사각형 하나가 토큰 하나입니다. 패치에 마우스를 올리면 번호가 "
     "보이고, 패치(또는 [CLS])를 클릭하면 그 토큰이 어디를 보는지 나타납니다. 화살표 키로 옮깁니다. PageUp / PageDown으로 층을 넘깁니다."},
    {Txt::ImageNotImage,
     "This view shows the picture a vision model looks at. Open a ViT or DeiT folder (Model > Open model folder…) "
     "and an image (File > Open image…).",
     "이 보기는 비전 모델이 보는 그림을 보여 줍니다. ViT나 DeiT 폴더(모델 > 모델 폴더 열기…)와 이미지(파일 > 이미지 "
     "열기…)를 여세요."},
    {Txt::ImageNeedImage,
     "This model reads images, not text: open one with File > Open image… (or drop a PNG or JPEG file on the window).",
     "이 모델은 글이 아니라 이미지를 읽습니다. 파일 > 이미지 열기…로 이미지를 여세요 (PNG나 JPEG 파일을 창에 끌어다 "
     "놓아도 됩니다)."},
    {Txt::ImageCaption,
     "%s (%d×%d) → %d×%d pixels: %d rows × %d columns of %d×%d-pixel patches = %d patch tokens + %d prefix",
     "%s (%d×%d) → %d×%d 픽셀: %d행 × %d열의 패치, 패치 하나는 %d×%d 픽셀 = 패치 토큰 %d개 + 앞 토큰 %d개"},
    {Txt::ImageInterpolated,
     "The position embeddings were learned for %d rows × %d columns of patches; for these %d × %d they were "
     "interpolated (bicubic).",
     "위치 임베딩은 %d행 × %d열의 패치로 학습되었습니다. 이 %d행 × %d열에 맞추어 보간(바이큐빅)했습니다."},
    {Txt::ImageModeQuery, "One token's attention", "한 토큰의 어텐션"},
    {Txt::ImageModeHeads, "[CLS] per head", "헤드별 [CLS]"},
    {Txt::ImageModeRollout, "Rollout", "롤아웃"},
    {Txt::ImageModeTip,
     "One token's attention: where the selected token looks in this layer and head.\n[CLS] per head: the class "
     "token's attention in every head of this layer, side by side (as in the DINO paper).\nRollout: attention "
     "rolled out through layers 1 … this one (heads averaged, the residual added).",
     "한 토큰의 어텐션: 선택한 토큰이 이 층과 헤드에서 어디를 보는지.\n헤드별 [CLS]: 이 층의 모든 헤드에서 클래스 토큰의 "
     "어텐션을 나란히 (DINO 논문처럼).\n롤아웃: 1층부터 이 층까지 이어 곱한 어텐션 (헤드 평균, 잔차 더함)."},
    {Txt::ImageHeadMean, "mean of heads", "헤드 평균"},
    {Txt::ImageHeadN, "head %d", "헤드 %d"},
    {Txt::ImageClsTip, "Show the class token's attention ([CLS], token 0): the token the classifier reads.",
     "클래스 토큰([CLS], 0번 토큰)의 어텐션을 봅니다. 분류기가 읽는 토큰입니다."},
    {Txt::ImageKeepMass, "Keep the patches holding %d%% of the attention mass",
     "어텐션 질량의 %d%%를 가진 패치만 남기기"},
    {Txt::ImageKeepMassTip,
     "Sort the patches by weight and keep the largest until they hold %d%% of the weight on the patches; the "
     "rest is darkened.",
     "패치를 가중치 순으로 정렬해 패치에 간 가중치의 %d%%가 될 때까지 큰 것부터 남기고, 나머지는 어둡게 합니다."},
    {Txt::ImageOpacity, "Overlay", "겹쳐 보기"},
    {Txt::ImagePatchTip, "Token %d · patch row %d, column %d", "토큰 %d · 패치 %d행, %d열"},
    {Txt::ImageValueTip, "weight %.4f", "가중치 %.4f"},
    {Txt::ImageClickTip, "Click: where this patch looks", "클릭: 이 패치가 보는 곳"},
    {Txt::ImageQueryCls, "Query: [CLS] (token 0)", "쿼리: [CLS] (0번 토큰)"},
    {Txt::ImageQueryPrefix, "Query: %s (token %d)", "쿼리: %s (%d번 토큰)"},
    {Txt::ImageQueryPatch, "Query: patch token %d (row %d, column %d)", "쿼리: 패치 토큰 %d (%d행, %d열)"},
    {Txt::ImagePrefixShare, "Weight on the prefix tokens (%s), not drawn: %.1f%%",
     "앞 토큰(%s)에 간 가중치 (그림에 없음): %.1f%%"},
    {Txt::ImageScale, "Colours: 0 … %.4f (the largest weight on a patch)", "색: 0 … %.4f (패치 가중치의 최댓값)"},
    {Txt::ImageRolloutLine, "Rollout through layers 1 – %d (heads averaged, the residual added)",
     "1 – %d층 롤아웃 (헤드 평균, 잔차 더함)"},
    {Txt::ImageRolloutBusy, "Computing the rollout…", "롤아웃 계산 중…"},
    {Txt::ImageTopTitle, "The classifier's top %d", "분류기 상위 %d개"},
    {Txt::ImageNoClasses, "This model has no classifier head: it gives no classes.",
     "이 모델에는 분류기 헤드가 없어 클래스를 내지 않습니다."},
    {Txt::ImageStrip, "The %d patch \"words\", in reading order (hover, click)",
     "패치 \"단어\" %d개, 읽는 순서대로 (올려 보기, 클릭)"},
    {Txt::ImageHeadsCaption, "The class token's attention in layer %d, one map per head (each coloured 0 … its max)",
     "%d층에서 클래스 토큰의 어텐션, 헤드마다 한 장 (각각 0 … 그 최댓값으로 색칠)"},
    {Txt::ImageHeadClickTip, "Click: this head in \"One token's attention\"", "클릭: 이 헤드를 \"한 토큰의 어텐션\"에서 보기"},
    {Txt::ImageOpenTitle, "Open image", "이미지 열기"},
    {Txt::ImageOpenIntro,
     "A PNG or JPEG file. Vision models (ViT, DeiT) look at it; text models ignore it. You can also drop an image "
     "file on the window.",
     "PNG나 JPEG 파일입니다. 비전 모델(ViT, DeiT)이 이 그림을 보고, 텍스트 모델은 쓰지 않습니다. 이미지 파일을 창에 "
     "끌어다 놓아도 됩니다."},
    {Txt::ImageOpenPath, "Image file", "이미지 파일"},
    {Txt::ImageOpenHint, "/path/to/photo.jpg", "/경로/사진.jpg"},
    {Txt::ImageOpenGo, "Open", "열기"},
    {Txt::ImageOpenClose, "Close", "닫기"},
    {Txt::ImageInUse, "In use: %s", "사용 중: %s"},
    {Txt::ImageNone, "No image open.", "열린 이미지가 없습니다."},
    {Txt::ImageTextModel, "The model in use reads text: open a ViT or DeiT folder to look at the image.",
     "지금 모델은 글을 읽습니다. 이미지를 보려면 ViT나 DeiT 폴더를 여세요."},
    {Txt::PredictVision,
     "A vision model predicts classes, not tokens: its top classes are in the Image view (View > Image (patches)).",
     "비전 모델은 토큰이 아니라 클래스를 예측합니다. 상위 클래스는 이미지 보기(보기 > 이미지 (패치))에 있습니다."},
    {Txt::ImageMissing, "No such file: %s", "파일이 없습니다: %s"},
    // The ViT paper's Figure 7 views
    {Txt::ViewAttnDistance, "Attention distance (ViT)", "주의 거리 (ViT)"},
    {Txt::ViewPosSimilarity, "Position similarity (ViT)", "위치 유사도 (ViT)"},
    {Txt::VitOnlyImages,
     "This view is about images: open a ViT or DeiT model and an image (File > Open image…).",
     "이 보기는 이미지용입니다. ViT나 DeiT 모델과 이미지를 여세요 (파일 > 이미지 열기…)."},
    {Txt::DistIntro,
     "How far across the image does each head look? For every patch, its attention weights times the distance (in "
     "pixels) to the patches it attends to, summed; then averaged over the patches. One dot per head; early layers "
     "mix near and far heads, later layers look wide (the ViT paper, Figure 7).",
     "각 헤드는 이미지에서 얼마나 멀리까지 볼까요? 패치마다 주의 가중치 × 그 패치까지의 거리(픽셀)를 모두 더하고, 이를 "
     "패치들에 대해 평균합니다. 점 하나가 헤드 하나입니다. 앞쪽 레이어에는 가까이 보는 헤드와 멀리 보는 헤드가 섞여 있고, "
     "뒤쪽 레이어는 넓게 봅니다 (ViT 논문 그림 7)."},
    {Txt::DistTitle, "Mean attention distance per head", "헤드별 평균 주의 거리"},
    {Txt::DistAxisLayer, "layer (depth)", "레이어 (깊이)"},
    {Txt::DistAxisPx, "mean attention distance (pixels)", "평균 주의 거리 (픽셀)"},
    {Txt::DistMean, "mean of heads", "헤드 평균"},
    {Txt::DistUniform, "uniform attention", "균등한 주의"},
    {Txt::DistPointTip, "Layer %d, head %d: %.1f px (%.1f%% of the patches' attention goes to the class token)",
     "레이어 %d, 헤드 %d: %.1f 픽셀 (패치들의 주의 중 %.1f%%는 클래스 토큰으로)"},
    {Txt::DistSummary,
     "The class token is left out: it is not a query here, and the weight patches give it counts towards no "
     "distance (on average %.1f%%). Dashed: %.1f px, what attention spread evenly over all patches would give.",
     "클래스 토큰은 빼고 계산합니다: 여기서는 쿼리가 아니고, 패치들이 클래스 토큰에 준 가중치(평균 %.1f%%)는 어떤 거리에도 "
     "더해지지 않습니다. 점선: 모든 패치에 고르게 주의를 줄 때의 거리 %.1f 픽셀."},
    {Txt::DistClickTip, "Click a dot to choose its layer and head for the other views.",
     "점을 누르면 그 레이어와 헤드가 다른 보기에서도 선택됩니다."},
    {Txt::PosIntro,
     "Position embeddings are learned. Each small map belongs to one patch (placed where the patch is) and shows how "
     "similar its position embedding is to every other patch's (cosine similarity). A trained ViT learns the 2-D "
     "grid: nearby patches, and patches in the same row or column, come out similar.",
     "위치 임베딩은 학습됩니다. 작은 지도 하나는 패치 하나의 것이고(그 패치 자리에 놓임), 그 패치의 위치 임베딩이 다른 모든 "
     "패치의 위치 임베딩과 얼마나 비슷한지(코사인 유사도)를 보여 줍니다. 학습된 ViT는 2차원 격자를 배웁니다: 가까운 패치, "
     "같은 행이나 열의 패치가 비슷하게 나옵니다."},
    {Txt::PosHoverTip, "Map of patch %d (row %d, column %d)\nagainst patch %d (row %d, column %d): cosine %.3f",
     "패치 %d(행 %d, 열 %d)의 지도\n패치 %d(행 %d, 열 %d)와의 코사인 유사도: %.3f"},
    {Txt::PosLegend, "Colour: cosine similarity from -1 (left of the colour bar) to 1 (right).",
     "색: 코사인 유사도, -1(색 막대 왼쪽)부터 1(오른쪽)까지."},
    {Txt::PipeZ0Show, "Image to tokens (z0)", "이미지에서 토큰으로 (z0)"},
    {Txt::PipeZ0ShowTip,
     "Show the first step for this image above the matrices: each patch's pixels flattened into one vector, "
     "multiplied by E, plus its position embedding = the first layer's input.",
     "행렬들 위에 이 이미지의 첫 단계를 보여 줍니다: 패치마다 픽셀을 한 벡터로 펼치고, E를 곱하고, 위치 임베딩을 더하면 "
     "첫 레이어의 입력이 됩니다."},
    {Txt::PipeZ0Title,
     "z0 = [x_class; x_p E] + E_pos for this image: patch -> its pixels as one vector -> times E -> + position "
     "(real numbers; hover a strip)",
     "이 이미지의 z0 = [x_class; x_p E] + E_pos: 패치 -> 픽셀을 한 벡터로 -> E를 곱함 -> + 위치 (실제 값; 띠에 "
     "마우스를 올려 보세요)"},
    {Txt::PipeZ0Pixels, "x_p: %d pixel values, R then G then B (0-255, before normalising)",
     "x_p: 픽셀 값 %d개, R, G, B 순서 (0-255, 정규화 전)"},
    {Txt::ImageSamples, "Samples:", "예시 이미지:"},
    {Txt::ImageSamplesTip, "(public domain / CC0 photos and Fashion-MNIST, bundled)",
     "(함께 들어 있는 퍼블릭 도메인 / CC0 사진과 패션-MNIST)"},
    {Txt::PipeZ0Patch, "patch %d (%d, %d)", "패치 %d (%d, %d)"},
    {Txt::PipeZ0Learned, "a learned vector: no pixels", "학습된 벡터: 픽셀 없음"},
    {Txt::PosSelected, "Patch %d (row %d, column %d) — click a map to choose another",
     "패치 %d(행 %d, 열 %d) — 다른 지도를 누르면 바뀝니다"},
};
static_assert(ids_unique(kTexts), "a Txt listed twice in this area");
static_assert(strings_filled(kTexts), "a missing or empty string in this area");

}  // namespace

Area image_texts() { return area("image", kTexts); }

}  // namespace attn::app::ui_text_parts
