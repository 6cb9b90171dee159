// core_messages_engine.cpp — Korean for the core's messages, part 1 of 3:
// the engine, vision input, figures, files the app writes and model
// loading (the vision messages first, before the generic "'{}' is ..." ones).
// The parts are matched in order (core_messages_table.cpp; format: core_messages_table.h).
#include "app/i18n/core_messages_table.h"

#include <iterator>

namespace attn::app {

namespace {

constexpr CoreMessagePattern kPatterns[] = {
    // core/pretrained/pretrained_model.cpp and vit.cpp (vision models), core/image/image.cpp,
    // png_decode.cpp, jpeg_decode.cpp, preprocess.cpp: first, before the generic "'{}' is ..." ones
    {"{} is a {}: it reads images, not text. Open an image (File > Open image…, or --image FILE).",
     "{1}은(는) {2} 모델이라 글이 아니라 이미지를 읽습니다. 이미지를 여세요 (파일 > 이미지 열기…, 또는 --image FILE)."},
    {"{} is a {} model: it reads text, not images. Open a ViT or DeiT folder to look at an image.",
     "{1}은(는) {2} 모델이라 이미지가 아니라 글을 읽습니다. 이미지를 보려면 ViT나 DeiT 폴더를 여세요."},
    {"'{}' is {} x {} pixels; AttnLab reads images of at most {} x {} pixels and {} megapixels. Make it smaller first.",
     "'{1}'은(는) {2} x {3} 픽셀입니다. AttnLab은 최대 {4} x {5} 픽셀, {6}메가픽셀까지 읽습니다. 먼저 크기를 "
     "줄이세요."},
    {"'{}' is cut short: its {} data ends before the image does. Copy or download the file again.",
     "'{1}'이(가) 잘려 있습니다: {2} 데이터가 이미지보다 먼저 끝납니다. 파일을 다시 복사하거나 내려받으세요."},
    {"'{}' is a damaged {} file ({msg}).", "'{1}'은(는) 손상된 {2} 파일입니다 ({3})."},
    {"'{}' is {} MiB; AttnLab reads images of at most {} MiB.",
     "'{1}'은(는) {2} MiB입니다. AttnLab은 최대 {3} MiB 이미지까지 읽습니다."},
    {"'{}' is a {} image; AttnLab reads PNG or JPEG images. Convert it and try again.",
     "'{1}'은(는) {2} 이미지입니다. AttnLab은 PNG와 JPEG 이미지를 읽습니다. 변환한 뒤 다시 시도하세요."},
    {"'{}' is not a PNG or JPEG image (its first bytes are neither); AttnLab reads only these two formats.",
     "'{1}'은(는) PNG나 JPEG 이미지가 아닙니다 (첫 바이트가 둘 다 아님). AttnLab은 이 두 형식만 읽습니다."},
    {"'{}' is a progressive JPEG of more than {} scans (real photos have about 10); AttnLab does not read it.",
     "'{1}'은(는) 스캔이 {2}개를 넘는 프로그레시브 JPEG입니다 (실제 사진은 10개 안팎). AttnLab은 읽지 않습니다."},
    {"'{}' is a JPEG with {} color components in a layout AttnLab does not read (grey, RGB and CMYK are read). Save "
     "it as RGB.",
     "'{1}'은(는) 색 성분이 {2}개인 JPEG로, AttnLab이 읽지 못하는 배치입니다 (회색조, RGB, CMYK를 읽습니다). RGB로 "
     "저장하세요."},
    {"The image is {}×{} pixels, smaller than one {}×{} patch of this model.",
     "이미지가 {1}×{2} 픽셀로, 이 모델의 {3}×{4} 패치 하나보다 작습니다."},
    {"The image makes {}×{} = {} patches; AttnLab takes at most {}. Use a smaller image size.",
     "이미지가 {1}×{2} = {3}개의 패치가 됩니다. AttnLab은 최대 {4}개까지 받습니다. 이미지 크기를 줄이세요."},
    {"The image has no pixels to preprocess.", "전처리할 픽셀이 없는 이미지입니다."},

    // core/attention/tokenizer.cpp, core/base/utf8.cpp
    {"The text has more than {} tokens (the limit). Shorten it, or raise the limit with the command line's "
     "--max-tokens (at most {}).",
     "글의 토큰이 {1}개를 넘습니다 (한도). 글을 줄이거나, 명령줄의 --max-tokens로 한도를 높이세요 (최대 {2})."},
    {"The text has more than {} tokens, the most AttnLab shows. Shorten it.",
     "글의 토큰이 AttnLab이 보여 줄 수 있는 최대치인 {1}개를 넘습니다. 글을 줄이세요."},
    {"The text is empty. Type a sentence.", "글이 비어 있습니다. 문장을 입력하세요."},
    {"Invalid UTF-8 at byte {} ({}). Paste the text again or save it as UTF-8.",
     "{1}번째 바이트({2})가 올바른 UTF-8이 아닙니다. 글을 다시 붙여 넣거나 UTF-8로 저장하세요."},

    // core/attention/engine.cpp
    {"The text is {} KiB; AttnLab takes at most {} KiB. Paste a shorter passage.",
     "글이 {1} KiB입니다. AttnLab은 최대 {2} KiB까지 받습니다. 더 짧은 글을 붙여 넣으세요."},
    {"The padding length cannot be negative.", "패딩 길이는 음수일 수 없습니다."},
    {"The padding length {} is above the token limit ({}).",
     "패딩 길이({1})가 토큰 한도({2})를 넘습니다."},
    {"Second sentence: {msg}", "두 번째 문장: {1}"},
    {"The token limit {} is above {}, the most AttnLab shows.",
     "토큰 한도 {1}이(가) AttnLab이 보여 줄 수 있는 최대치 {2}를 넘습니다."},
    {"This run would keep {} MiB of matrices ({} x {} tokens, {} heads, {} layers); the limit is {} MiB. Use fewer "
     "tokens or heads.",
     "이 실행은 행렬에 {1} MiB가 필요합니다 ({2} x {3} 토큰, 헤드 {4}개, 층 {5}개). 한도는 {6} MiB입니다. 토큰이나 "
     "헤드를 줄이세요."},
    // The run's memory (check_run_memory): the sizes and the advice are messages of their own.
    {"This run would need {} MiB ({} MiB kept, {} MiB while it works: {msg}); the limit is {} MiB. {msg}",
     "이 실행에는 {1} MiB가 필요합니다(보관 {2} MiB, 계산 중 {3} MiB: {4}). 한도는 {5} MiB입니다. {6}"},
    {"This run would need {} MiB while it works ({msg}); the limit is {} MiB. {msg}",
     "이 실행은 계산 중에 {1} MiB가 필요합니다({2}). 한도는 {3} MiB입니다. {4}"},
    {"This run would keep {} MiB of matrices ({msg}); the limit is {} MiB. {msg}",
     "이 실행은 행렬 {1} MiB를 보관하게 됩니다({2}). 한도는 {3} MiB입니다. {4}"},
    {"{} x {} tokens, {} heads, {} layers", "{1} x {2} 토큰, 헤드 {3}개, 층 {4}개"},
    {"a chunk of {} frames, {} heads, {} layers", "{1}프레임 구간, 헤드 {2}개, 층 {3}개"},
    {"{} tokens, {} layers of {} heads", "토큰 {1}개, 헤드 {3}개짜리 층 {2}개"},
    {"Use fewer tokens or heads.", "토큰이나 헤드를 줄이세요."},
    {"The model listens to too much at once: its chunk is too long for its heads.",
     "모델이 한 번에 너무 많이 듣습니다. 헤드 수에 비해 구간이 너무 깁니다."},
    {"Generate fewer tokens, or start from a shorter text.", "생성할 토큰을 줄이거나 더 짧은 글에서 시작하세요."},
    {"Use a shorter recording, or leave out --all-frames.", "더 짧은 녹음을 쓰거나 --all-frames를 빼세요."},
    {"The numbers overflowed in layer {} (a value beyond the float range); no result is shown. Are the weights usable?",
     "{1}번째 층에서 수가 넘쳤습니다 (float 범위를 넘는 값). 결과를 보이지 않습니다. 가중치가 올바른가요?"},

    // core/base/json_depth.cpp (tokenizer files, config.json, settings)
    {"{} nests values more than {} levels deep (the limit); real files nest a few levels.",
     "{1}의 값이 {2}단계보다 깊이 중첩되어 있습니다 (한도). 실제 파일은 몇 단계뿐입니다."},

    // core/attention/mask.cpp
    {"The custom mask is {} x {} but the attention matrix is {} x {} (queries x keys).",
     "직접 만든 마스크는 {1} x {2}인데 어텐션 행렬은 {3} x {4}입니다 (쿼리 x 키)."},
    {"Global token position {} is outside the sentence (positions 0..{}).",
     "전역 토큰 위치({1})가 문장 밖에 있습니다 (위치 0..{2})."},
    {"The masked cell ({}, {}) is outside the {} x {} attention matrix.",
     "가린 칸({1}, {2})이 {3} x {4} 어텐션 행렬 밖에 있습니다."},

    // core/attention/builtin_model.cpp (validate_model), core/attention/attention.cpp (validate_attention)
    {"d_model must be between 1 and {} (got {}).", "d_model은 1에서 {1} 사이여야 합니다 (입력: {2})."},
    {"The number of heads must be between 1 and {} (got {}).",
     "헤드 수는 1에서 {1} 사이여야 합니다 (입력: {2})."},
    {"d_model ({}) must be divisible by the number of heads ({}) so that every head gets d_k = d_model / h.",
     "d_model({1})이 헤드 수({2})로 나누어떨어져야 합니다. 그래야 모든 헤드가 d_k = d_model / h 차원을 "
     "똑같이 받습니다."},
    {"d_model ({}) must be divisible by the number of heads ({}).",
     "d_model({1})이 헤드 수({2})로 나누어떨어져야 합니다."},
    {"The number of heads must be at least 1.", "헤드 수는 1 이상이어야 합니다."},
    {"d_model must be at least 1.", "d_model은 1 이상이어야 합니다."},
    {"A projection matrix is {} x {}; expected {} x {}.",
     "투영 행렬의 크기가 {1} x {2}입니다. {3} x {4}여야 합니다."},
    {"A bias has {} entries; expected {}.", "편향 벡터의 성분이 {1}개입니다. {2}개여야 합니다."},
    {"The inputs have width {} / {} but the layer expects d_model = {}.",
     "입력의 너비가 {1} / {2}인데 이 층은 d_model = {3}을 받습니다."},
    {"The temperature must be between {} and {} (got {}).", "온도는 {1}에서 {2} 사이여야 합니다 (입력: {3})."},

    // core/base/atomic_file.cpp (every file the app or the CLI writes), app/shell/image_io.cpp
    {"No output file given.", "저장할 파일이 지정되지 않았습니다."},
    {"'{}' is a folder, not a file.", "'{1}': 파일이 아니라 폴더입니다."},
    {"'{}' is a directory, not a file name.", "'{1}': 파일 이름이 아니라 폴더입니다."},
    {"Cannot write '{}': the folder '{}' does not exist.", "'{1}'에 쓸 수 없습니다: 폴더가 없습니다 ('{2}')."},
    {"Cannot write '{}': permission denied.", "'{1}'에 쓸 수 없습니다: 권한이 없습니다."},
    {"Cannot write '{}': {}.", "'{1}'에 쓸 수 없습니다: {2}."},
    {"Cannot write to standard output: {}.", "표준 출력에 쓸 수 없습니다: {1}."},
    {"Writing '{}' failed (disk full?).", "'{1}' 쓰기에 실패했습니다 (디스크가 가득 찼나요?)."},
    {"Cannot replace '{}': {}.", "기존 파일을 바꿀 수 없습니다 ('{1}'): {2}."},
    {"Could not write the PNG file '{}': {}.", "PNG 파일 '{1}'을 쓰지 못했습니다: {2}."},
    {"Could not write the PNG file '{}'.", "PNG 파일 '{1}'을 쓰지 못했습니다."},

    // core/figure/figure.cpp (validate_figure_request, fonts, output)
    {"The figure size {} × {} is not allowed: each side must be {} to {} units (1/120 in).",
     "그림 크기 {1} × {2}는 쓸 수 없습니다: 각 변은 {3}~{4} 단위(1/120인치)여야 합니다."},
    {"The PNG scale must be a positive number.", "PNG 배율은 양수여야 합니다."},
    {"The PNG would be {} × {} pixels; each side must be 1 to {}. Lower the scale or DPI.",
     "PNG가 {1} × {2} 픽셀이 됩니다. 각 변은 1~{3} 픽셀이어야 합니다. 배율이나 DPI를 낮추세요."},
    {"The trace is empty: there is nothing to draw.", "계산 결과가 비어 있어 그릴 것이 없습니다."},
    {"Layer {} is out of range: the model has {} layer (1).",
     "{1}번 층은 범위를 벗어났습니다: 모델의 층은 {2}개입니다 (1)."},
    {"Layer {} is out of range: the model has {} layers (1–{}).",
     "{1}번 층은 범위를 벗어났습니다: 모델의 층은 {2}개입니다 (1–{3})."},
    {"Head {} is out of range: the model has {} head (1).",
     "{1}번 헤드는 범위를 벗어났습니다: 모델의 헤드는 {2}개입니다 (1)."},
    {"Head {} is out of range: the model has {} heads (1–{}).",
     "{1}번 헤드는 범위를 벗어났습니다: 모델의 헤드는 {2}개입니다 (1–{3})."},
    {"The cell view needs a cell: give it as query:key, e.g. 2:0.",
     "칸 보기에는 칸이 필요합니다: 쿼리:키 형식으로 주세요 (예: 2:0)."},
    {"Cell {}:{} is out of range: queries are 0–{} and keys 0–{}.",
     "칸({1}:{2})이 범위를 벗어났습니다: 쿼리는 0–{3}, 키는 0–{4}입니다."},
    {"The {} view needs an image run: a ViT or DeiT model (--model) and --image FILE.",
     "{1} 보기는 이미지 실행이 필요합니다: ViT나 DeiT 모델(--model)과 --image FILE."},
    {"The rope view needs a model with rotary positions: a Llama, Qwen or Mistral folder.",
     "RoPE 그림에는 회전 위치를 쓰는 모델이 필요합니다: Llama, Qwen, Mistral 폴더."},
    {"The rope view needs the model's rotary frequencies: one per pair, at most d_k / 2 = {}.",
     "RoPE 그림에는 모델의 회전 주파수가 필요합니다: 쌍마다 하나씩, 최대 d_k / 2 = {1}개."},
    {"Pair {} is out of range: the heads rotate {} pairs (0–{}).",
     "{1}번 쌍은 범위를 벗어났습니다: 헤드가 돌리는 쌍은 {2}개입니다 (0–{3})."},
    {"Could not set up fontconfig.", "fontconfig를 준비하지 못했습니다."},
    {"Cannot read the font file '{}'.", "글꼴 파일을 읽을 수 없습니다: '{1}'."},
    {"'{}' is not a font file fontconfig can read.", "fontconfig가 읽을 수 있는 글꼴 파일이 아닙니다: '{1}'."},
    {"Pango has no FreeType font map.", "Pango에 FreeType 글꼴 맵이 없습니다."},
    {"Out of memory while writing the PNG.", "PNG를 쓰는 중에 메모리가 부족합니다."},
    {"Writing the PNG failed.", "PNG 쓰기에 실패했습니다."},
    {"Drawing the figure failed: {}.", "그림을 그리지 못했습니다: {1}."},

    // core/base/asset_paths.cpp
    {"The figure font NanumGothic.ttf was not found. Looked in:{}\nSet ATTNLAB_ASSET_DIR to the folder holding "
     "fonts/, install fonts-nanum, or pass --font FILE.",
     "그림용 글꼴 NanumGothic.ttf를 찾지 못했습니다. 찾아본 곳:{1}\nATTNLAB_ASSET_DIR를 fonts/가 있는 "
     "폴더로 정하거나, fonts-nanum을 설치하거나, --font FILE을 주세요."},

    // app/jobs/model_loader.cpp
    {"Type or drop the path of a model folder (with config.json and model.safetensors).",
     "모델 폴더의 경로를 입력하거나 창에 끌어다 놓으세요 (config.json과 model.safetensors가 있는 폴더)."},
};

}  // namespace

CoreMessageTable core_messages_engine() { return {kPatterns, std::size(kPatterns)}; }

}  // namespace attn::app
