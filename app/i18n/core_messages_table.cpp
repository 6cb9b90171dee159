// core_messages_table.cpp — the engine's messages, English pattern → Korean template, grouped by
// the core/ file that writes them (the format: core_messages_table.h).
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
    {"'{}' is a damaged {} file ({}).", "'{1}'은(는) 손상된 {2} 파일입니다 ({3})."},
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
    {"The scaling view needs the same run with the scaling switched the other way.",
     "스케일링 그림에는 스케일링을 반대로 바꾼 같은 계산이 필요합니다."},
    {"The scaling view's second run does not match the first (tokens or model differ).",
     "스케일링 그림의 두 번째 계산이 첫 번째와 맞지 않습니다 (토큰이나 모델이 다릅니다)."},
    {"The scaling view's second run must have the scaling switched the other way.",
     "스케일링 그림의 두 번째 계산은 스케일링이 반대로 되어 있어야 합니다."},
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

    // core/pretrained/model_folder.cpp (inspect_model_folder: opening a model folder)
    {"No model folder given. Choose a folder that holds config.json and model.safetensors.",
     "모델 폴더가 지정되지 않았습니다. config.json과 model.safetensors가 들어 있는 폴더를 고르세요."},
    {"Cannot look at '{}': {}.", "'{1}'을 확인할 수 없습니다: {2}."},
    {"'{}' does not exist. Choose a folder that holds config.json and model.safetensors.",
     "'{1}': 없는 경로입니다. config.json과 model.safetensors가 들어 있는 폴더를 고르세요."},
    {"'{}' is not a folder. Choose the folder that holds config.json and model.safetensors.",
     "'{1}': 폴더가 아닙니다. config.json과 model.safetensors가 들어 있는 폴더를 고르세요."},
    {"No config.json in '{}'. A Hugging Face model folder has config.json next to model.safetensors; download it "
     "from the model's Hub page.",
     "'{1}'에 config.json이 없습니다. Hugging Face 모델 폴더에는 model.safetensors 옆에 config.json이 "
     "있습니다. 모델의 Hub 페이지에서 내려받으세요."},
    {"'{}' holds weights split into several files (model.safetensors.index.json). Sharded weights are not supported "
     "yet; use a model small enough for one model.safetensors.",
     "'{1}'의 가중치는 여러 파일로 나뉘어 있습니다 (model.safetensors.index.json). 나뉜 가중치는 아직 "
     "지원하지 않습니다. model.safetensors 한 파일에 들어가는 작은 모델을 쓰세요."},
    {"'{}' has only a PyTorch pickle checkpoint ({}). AttnLab does not load pickle files: loading one can run "
     "arbitrary code hidden in it. Download model.safetensors from the model's Hub page, or convert it once with "
     "AttnLab's converter (needs Debian's python3-torch; it only accepts tensors):\n"
     "  /usr/bin/python3 tools/convert_to_safetensors.py '{}'",
     "'{1}'에는 PyTorch pickle 체크포인트({2})만 있습니다. AttnLab은 pickle 파일을 읽지 않습니다: 읽기만 "
     "해도 그 안에 숨은 임의의 코드가 실행될 수 있습니다. 모델의 Hub 페이지에서 model.safetensors를 "
     "내려받거나, AttnLab 변환기로 한 번 변환하세요 (데비안의 python3-torch가 필요하고, 텐서만 받아들입니다):\n"
     "  /usr/bin/python3 tools/convert_to_safetensors.py '{3}'"},
    {"No model.safetensors in '{}'. Download it from the model's Hub page.",
     "'{1}'에 model.safetensors가 없습니다. 모델의 Hub 페이지에서 내려받으세요."},
    {"No tokenizer in '{}': looked for tokenizer.json, vocab.json + merges.txt (GPT-2) and vocab.txt (BERT). "
     "vocab.json is there but merges.txt is missing. Download the tokenizer files from the model's Hub page.",
     "'{1}'에 토크나이저가 없습니다: tokenizer.json, vocab.json + merges.txt (GPT-2), vocab.txt (BERT)를 "
     "찾아보았습니다. vocab.json은 있지만 merges.txt가 없습니다. 모델의 Hub 페이지에서 토크나이저 파일을 "
     "내려받으세요."},
    {"No tokenizer in '{}': looked for tokenizer.json, vocab.json + merges.txt (GPT-2) and vocab.txt (BERT). "
     "merges.txt is there but vocab.json is missing. Download the tokenizer files from the model's Hub page.",
     "'{1}'에 토크나이저가 없습니다: tokenizer.json, vocab.json + merges.txt (GPT-2), vocab.txt (BERT)를 "
     "찾아보았습니다. merges.txt는 있지만 vocab.json이 없습니다. 모델의 Hub 페이지에서 토크나이저 파일을 "
     "내려받으세요."},
    {"No tokenizer in '{}': looked for tokenizer.json, vocab.json + merges.txt (GPT-2) and vocab.txt (BERT). "
     "Download the tokenizer files from the model's Hub page.",
     "'{1}'에 토크나이저가 없습니다: tokenizer.json, vocab.json + merges.txt (GPT-2), vocab.txt (BERT)를 "
     "찾아보았습니다. 모델의 Hub 페이지에서 토크나이저 파일을 내려받으세요."},
    {"Cannot inspect the model folder '{}': {}.", "모델 폴더 '{1}'을 살펴볼 수 없습니다: {2}."},

    // core/pretrained/model_config.cpp (parse_model_config: the model's config.json)
    {"config.json is not valid JSON: {}.", "config.json이 올바른 JSON이 아닙니다: {1}."},
    {"config.json could not be parsed: {}.", "config.json을 해석하지 못했습니다: {1}."},
    {"config.json could not be read: {}.", "config.json을 읽지 못했습니다: {1}."},
    {"config.json is {}, not a JSON object.", "config.json이 JSON 객체가 아닙니다 ({1})."},
    {"config.json: \"model_type\" is {}; expected a string such as \"gpt2\".",
     "config.json의 \"model_type\" 값({1})이 문자열이 아닙니다. \"gpt2\" 같은 문자열이어야 합니다."},
    {"config.json has no \"model_type\" (and no \"architectures\" entry AttnLab knows). "
     "Supported: gpt2 (GPT-2), bert (BERT), distilbert (DistilBERT), vit (ViT, DINO) and deit (DeiT).",
     "config.json에 \"model_type\"이 없습니다 (AttnLab이 아는 \"architectures\" 항목도 없습니다). "
     "지원하는 모델: gpt2 (GPT-2), bert (BERT), distilbert (DistilBERT), vit (ViT, DINO), deit (DeiT)."},
    {"config.json has model_type \"{}\", which AttnLab cannot run. "
     "Supported: gpt2 (GPT-2), bert (BERT), distilbert (DistilBERT), vit (ViT, DINO) and deit (DeiT).",
     "config.json의 model_type \"{1}\"은(는) AttnLab에서 실행할 수 없습니다. "
     "지원하는 모델: gpt2 (GPT-2), bert (BERT), distilbert (DistilBERT), vit (ViT, DINO), deit (DeiT)."},
    {"config.json has no \"{}\", which a {} config needs.",
     "config.json에 {2} 설정에 필요한 \"{1}\" 항목이 없습니다."},
    {"config.json: \"{}\" is {}; expected {} to {}.", "config.json: \"{1}\" 값이 {2}입니다. {3}~{4} 사이여야 합니다."},
    {"config.json: \"{}\" is {}; expected a whole number.", "config.json: \"{1}\" 값({2})이 정수가 아닙니다."},
    {"config.json: \"{}\" is {}; expected a small positive number (at most 0.1).",
     "config.json: \"{1}\" 값이 {2}입니다. 0.1 이하의 작은 양수여야 합니다."},
    {"config.json: \"{}\" is {}; expected a small positive number.",
     "config.json: \"{1}\" 값({2})이 숫자가 아닙니다. 작은 양수여야 합니다."},
    {"config.json: \"{}\" is {}; expected a string.", "config.json: \"{1}\" 값({2})이 문자열이 아닙니다."},
    {"config.json sets \"position_embedding_type\" to \"{}\"; AttnLab runs BERT models only with absolute position "
     "embeddings.",
     "config.json의 \"position_embedding_type\"이 \"{1}\"입니다. AttnLab은 절대 위치 임베딩(absolute)을 쓰는 "
     "BERT 모델만 실행합니다."},
    {"config.json sets \"{}\" to {}; AttnLab runs {} models only with {} there.",
     "config.json의 \"{1}\" 값이 {2}입니다. AttnLab은 이 값이 {4}인 {3} 모델만 실행합니다."},
    {"config.json asks for the activation \"{}\"; AttnLab implements \"gelu\" (erf) and \"gelu_new\" (tanh) only.",
     "config.json이 활성화 함수 \"{1}\"을(를) 요구합니다. AttnLab은 \"gelu\"(erf)와 \"gelu_new\"(tanh)만 "
     "구현합니다."},
    {"config.json: the model width {} is not divisible by the {} attention heads, so the heads cannot split it "
     "evenly.",
     "config.json: 모델 너비 {1}이 어텐션 헤드 수 {2}로 나누어떨어지지 않아 헤드들이 똑같이 나눠 가질 수 "
     "없습니다."},

    // core/pretrained/mapped_file.cpp (opening the weights file)
    {"Cannot open '{}': {}.", "'{1}' 파일을 열 수 없습니다: {2}."},
    {"Cannot read the size of '{}': {}.", "'{1}'의 크기를 읽을 수 없습니다: {2}."},
    {"'{}' is not a regular file.", "'{1}': 일반 파일이 아닙니다."},
    {"'{}' is empty (0 bytes).", "'{1}': 빈 파일입니다 (0바이트)."},
    {"Cannot map '{}' into memory: {}.", "'{1}'을 메모리에 올릴 수 없습니다: {2}."},

    // core/image (PNG/JPEG files; the file errors above are shared with it)
    {"'{}' is {} MiB; AttnLab reads images of at most {} MiB.",
     "'{1}'의 크기가 {2} MiB입니다. AttnLab은 최대 {3} MiB까지의 이미지를 읽습니다."},
    {"'{}' is a {} image; AttnLab reads PNG or JPEG images. Convert it and try again.",
     "'{1}'은(는) {2} 이미지입니다. AttnLab은 PNG와 JPEG 이미지만 읽습니다. 변환한 뒤 다시 시도하세요."},
    {"'{}' is not a PNG or JPEG image (its first bytes are neither); AttnLab reads only these two formats.",
     "'{1}'은(는) PNG나 JPEG 이미지가 아닙니다 (파일의 첫 바이트가 둘 다 아닙니다). AttnLab은 이 두 형식만 "
     "읽습니다."},
    {"'{}' is cut short: its {} data ends before the image does. Copy or download the file again.",
     "'{1}'이(가) 잘려 있습니다: {2} 데이터가 이미지보다 먼저 끝납니다. 파일을 다시 복사하거나 내려받으세요."},
    {"'{}' is {} x {} pixels; AttnLab reads images of at most {} x {} pixels and {} megapixels. Make it smaller "
     "first.",
     "'{1}'은(는) {2} x {3} 픽셀입니다. AttnLab은 최대 {4} x {5} 픽셀, {6}메가픽셀까지의 이미지를 읽습니다. 먼저 "
     "크기를 줄이세요."},
    {"'{}' is a progressive JPEG of more than {} scans (real photos have about 10); AttnLab does not read it.",
     "'{1}'은(는) 스캔이 {2}개를 넘는 프로그레시브 JPEG입니다 (실제 사진은 10개 안팎). AttnLab은 이 파일을 "
     "읽지 않습니다."},
    {"'{}' is a JPEG with {} color components in a layout AttnLab does not read (grey, RGB and CMYK are read). "
     "Save it as RGB.",
     "'{1}'은(는) 색 성분이 {2}개인 JPEG로, AttnLab이 읽지 못하는 구성입니다 (회색조, RGB, CMYK를 읽습니다). "
     "RGB로 저장하세요."},
    {"'{}' is a damaged {} file ({}).", "'{1}'은(는) 손상된 {2} 파일입니다 ({3})."},
    // core/image/preprocess*.cpp (preprocessor_config.json, the ViT's input)
    {"preprocessor_config.json is not a JSON object.", "preprocessor_config.json이 JSON 객체가 아닙니다."},
    {"preprocessor_config.json is not valid JSON: {}.", "preprocessor_config.json이 올바른 JSON이 아닙니다: {1}."},
    {"preprocessor_config.json could not be read: {}.", "preprocessor_config.json을 읽을 수 없습니다: {1}."},
    {"preprocessor_config.json is {} KiB; the limit is {} KiB.",
     "preprocessor_config.json이 {1} KiB입니다. 한도는 {2} KiB입니다."},
    {"preprocessor_config.json: \"resample\" is {}; AttnLab resizes with nearest (0), bilinear (2) or bicubic (3) "
     "only.",
     "preprocessor_config.json: \"resample\" 값이 {1}입니다. AttnLab은 nearest (0), bilinear (2), bicubic (3)으로만 "
     "크기를 바꿉니다."},
    {"preprocessor_config.json sets \"{}\" to {}; AttnLab's preprocessing does not implement that.",
     "preprocessor_config.json이 \"{1}\"을(를) {2}(으)로 설정합니다. AttnLab의 전처리는 이 설정을 구현하지 "
     "않습니다."},
    {"preprocessor_config.json: \"{}\" is {}; expected true or false.",
     "preprocessor_config.json: \"{1}\" 값이 {2}입니다. true나 false여야 합니다."},
    {"preprocessor_config.json: \"{}\" is {}; expected a whole number from 1 to {}.",
     "preprocessor_config.json: \"{1}\" 값이 {2}입니다. 1에서 {3} 사이의 정수여야 합니다."},
    {"preprocessor_config.json: \"{}\" is {}; expected a positive number.",
     "preprocessor_config.json: \"{1}\" 값이 {2}입니다. 양수여야 합니다."},
    {"preprocessor_config.json: \"{}\" is {}; expected 3 positive numbers (red, green, blue) or one.",
     "preprocessor_config.json: \"{1}\" 값이 {2}입니다. 양수 3개(빨강, 초록, 파랑)나 1개여야 합니다."},
    {"preprocessor_config.json: \"{}\" is {}; expected 3 numbers (red, green, blue) or one.",
     "preprocessor_config.json: \"{1}\" 값이 {2}입니다. 수 3개(빨강, 초록, 파랑)나 1개여야 합니다."},
    {"preprocessor_config.json: \"{}\" is {}; expected height and width, shortest_edge, or one number.",
     "preprocessor_config.json: \"{1}\" 값이 {2}입니다. height와 width, shortest_edge, 또는 수 하나여야 합니다."},
    {"preprocessor_config.json: \"{}\" is {}; expected height and width, or one number.",
     "preprocessor_config.json: \"{1}\" 값이 {2}입니다. height와 width, 또는 수 하나여야 합니다."},
    {"preprocessor_config.json: \"{}\" is {}; expected a name such as ViTImageProcessor.",
     "preprocessor_config.json: \"{1}\" 값이 {2}입니다. ViTImageProcessor 같은 이름이어야 합니다."},
    {"The preprocessing resizes to a size outside 1 to {} pixels.",
     "전처리가 1~{1} 픽셀 범위를 벗어난 크기로 이미지를 바꾸려 합니다."},
    {"The preprocessing crops to a size outside 1 to {} pixels.",
     "전처리가 1~{1} 픽셀 범위를 벗어난 크기로 이미지를 자르려 합니다."},
    {"The preprocessing divides by a zero or negative standard deviation.",
     "전처리가 0이나 음수인 표준편차로 나누려 합니다."},
    {"The image has no pixels to preprocess.", "전처리할 이미지에 픽셀이 없습니다."},
    {"Resizing the {} x {} image to a shortest edge of {} would make it {} x {} pixels; crop it to a less narrow "
     "shape.",
     "{1} x {2} 이미지의 짧은 변을 {3}(으)로 맞추면 {4} x {5} 픽셀이 됩니다. 덜 길쭉한 모양으로 잘라 주세요."},

    // core/pretrained/safetensors.cpp (SafeTensorsFile::open: the header; reading a tensor)
    {"{} is not a safetensors file: it has {} bytes, fewer than the 8-byte header length.",
     "{1}: safetensors 파일이 아닙니다: 크기가 {2}바이트로, 8바이트인 헤더 길이보다 작습니다."},
    {"{} is not a safetensors file: its header length is 0.",
     "{1}: safetensors 파일이 아닙니다: 헤더 길이가 0입니다."},
    {"{} is not a safetensors file or is truncated: its header length is {} bytes but only {} bytes follow the "
     "8-byte length.",
     "{1}: safetensors 파일이 아니거나 잘린 파일입니다: 헤더 길이가 {2}바이트인데 8바이트 길이 뒤에 "
     "{3}바이트만 있습니다."},
    {"{} has a header of {} bytes; more than {} bytes is not a real model header.",
     "{1}의 헤더가 {2}바이트입니다. {3}바이트를 넘는 헤더는 실제 모델의 헤더가 아닙니다."},
    {"{} is not a valid safetensors file: its header is not valid JSON ({}).",
     "{1}: 올바른 safetensors 파일이 아닙니다: 헤더가 올바른 JSON이 아닙니다 ({2})."},
    {"{} is not a valid safetensors file: its header is too large to parse in the memory available.",
     "{1}: 올바른 safetensors 파일이 아닙니다: 헤더가 너무 커서 남은 메모리로 해석할 수 없습니다."},
    {"{} is not a valid safetensors file: its header could not be parsed ({}).",
     "{1}: 올바른 safetensors 파일이 아닙니다: 헤더를 해석하지 못했습니다 ({2})."},
    {"{} is not a valid safetensors file: its header is {}, not a JSON object of tensors.",
     "{1}: 올바른 safetensors 파일이 아닙니다: 헤더가 텐서들의 JSON 객체가 아닙니다 ({2})."},
    {"{} is not a valid safetensors file: its header nests values deeper than a tensor entry can.",
     "{1}: 올바른 safetensors 파일이 아닙니다: 헤더 값이 텐서 항목보다 깊이 중첩되어 있습니다."},
    {"{} is not a valid safetensors file: its header has more than {} entries (the limit; real models have a few "
     "thousand at most).",
     "{1}: 올바른 safetensors 파일이 아닙니다: 헤더 항목이 한도인 {2}개를 넘습니다 (실제 모델은 많아야 수천 개)."},
    {"{} is not a valid safetensors file: {}.", "{1}: 올바른 safetensors 파일이 아닙니다: {2}."},
    // core/pretrained/safetensors.cpp, model_file.cpp: memory budget, finite weights, a file changing underneath
    {"{} holds {} MiB of weights as float32; AttnLab loads at most {} MiB (the limit: {} GiB, or this machine's "
     "memory).",
     "{1}의 가중치는 float32로 {2} MiB입니다. AttnLab은 최대 {3} MiB까지 읽습니다 (한도: {4} GiB 또는 이 컴퓨터의 "
     "메모리)."},
    {"Tensor {} in {} has {} at element {}; AttnLab loads only finite weights.",
     "{2}의 텐서 {1}의 {4}번째 원소가 {3}입니다. AttnLab은 유한한 가중치만 읽습니다."},
    {"{} changed while it was being read (it had {} bytes, now {}). Load the model again once the file is complete.",
     "{1} 파일이 읽는 도중에 바뀌었습니다 ({2}바이트였는데 지금은 {3}). 파일이 완성된 뒤 모델을 다시 여세요."},
    {"Tensor {} in {} has the field {} twice.", "{2}의 텐서 {1}에 필드 {3}이(가) 두 번 있습니다."},
    {"{} names the tensor {} twice in its header.", "{1}의 헤더에 텐서 {2}이(가) 두 번 나옵니다."},
    {"Tensors {} (bytes {}..{}) and {} (bytes {}..{}) overlap in {}.",
     "{7}에서 텐서 {1}(바이트 {2}..{3})과 {4}(바이트 {5}..{6})이 겹칩니다."},
    {"The __metadata__ of {} is {}, not an object of strings.",
     "{1}의 __metadata__가 문자열 객체가 아닙니다 ({2})."},
    {"The __metadata__ of {} has the key {} with {}; metadata values must be strings.",
     "{1}의 __metadata__ 키 {2}의 값이 {3}입니다. 메타데이터 값은 문자열이어야 합니다."},
    {"Tensor {} in {} is described by {}, not an object with dtype, shape and data_offsets.",
     "{2}의 텐서 {1}: dtype, shape, data_offsets를 가진 객체가 아닙니다 ({3})."},
    {"Tensor {} in {} has no {}.", "{2}의 텐서 {1}에 {3} 항목이 없습니다."},
    {"Tensor {} in {} has a dtype that is {}, not a string like \"F32\".",
     "{2}의 텐서 {1}: dtype이 \"F32\" 같은 문자열이 아닙니다 ({3})."},
    {"Tensor {} in {} has the unknown dtype {} (known: {}).",
     "{2}의 텐서 {1}: 알 수 없는 dtype {3}입니다 (아는 dtype: {4})."},
    {"Tensor {} in {} has a shape that is {}, not an array of sizes.",
     "{2}의 텐서 {1}: shape가 크기들의 배열이 아닙니다 ({3})."},
    {"Tensor {} in {} has the negative size {} in dimension {} of its shape.",
     "{2}의 텐서 {1}: shape의 {4}번 차원 크기가 음수입니다 ({3})."},
    {"Tensor {} in {} has the size {} in dimension {} of its shape, beyond 64-bit range.",
     "{2}의 텐서 {1}: shape의 {4}번 차원 크기 {3}이 64비트 범위를 넘습니다."},
    {"Tensor {} in {} has {} in dimension {} of its shape; sizes are whole numbers >= 0.",
     "{2}의 텐서 {1}: shape의 {4}번 차원이 {3}입니다. 크기는 0 이상의 정수여야 합니다."},
    {"Tensor {} in {} has the shape {}, whose element count does not fit in 64 bits.",
     "{2}의 텐서 {1}: shape {3}의 원소 수가 64비트에 들어가지 않습니다."},
    {"Tensor {} in {} has data_offsets that are not a pair [begin, end].",
     "{2}의 텐서 {1}: data_offsets가 [begin, end] 쌍이 아닙니다."},
    {"Tensor {} in {} has data_offsets [{}, {}]; offsets are whole numbers >= 0.",
     "{2}의 텐서 {1}: data_offsets가 [{3}, {4}]입니다. 오프셋은 0 이상의 정수여야 합니다."},
    {"Tensor {} in {} has data_offsets {}: begin {} is after end {}.",
     "{2}의 텐서 {1}: data_offsets {3}의 시작({4})이 끝({5})보다 뒤에 있습니다."},
    {"Tensor {} in {} has data_offsets {} but the data section holds only {} bytes (the file is truncated or the "
     "header is wrong).",
     "{2}의 텐서 {1}: data_offsets가 {3}인데 데이터 영역은 {4}바이트뿐입니다 (파일이 잘렸거나 헤더가 "
     "틀렸습니다)."},
    {"Tensor {} in {} has {} bytes (data_offsets {}) but its dtype {} and shape {} need {} x {} bytes.",
     "{2}의 텐서 {1}: {3}바이트(data_offsets {4})인데 dtype {5}, shape {6}에는 {7} x {8}바이트가 "
     "필요합니다."},
    {"Tensor {} is missing from {}.", "{2}에 텐서 {1}이(가) 없습니다."},
    {"Tensor {} in {} has dtype {}; expected a float tensor (F32, F16 or BF16).",
     "{2}의 텐서 {1}: dtype이 {3}입니다. 실수 텐서(F32, F16, BF16)여야 합니다."},
    {"Tensor {} in {} has shape {}; expected {}.", "{2}의 텐서 {1}: shape가 {3}입니다. {4}여야 합니다."},
    {"{} could not be read: {}.", "{1}을 읽지 못했습니다: {2}."},

    // core/pretrained/nn_ops.cpp (find_name_prefix, from gpt2.cpp / bert.cpp)
    {"{} does not look like a {} checkpoint: it has no {}. Is the folder's config.json for the same model?",
     "{1}: {2} 체크포인트로 보이지 않습니다: {3}이(가) 없습니다. 폴더의 config.json이 같은 모델의 것인가요?"},

    // core/pretrained/pretrained_model.cpp (load_pretrained_model, compute_pretrained_trace)
    {"{} is {} KiB; a model's config.json is a few KiB. Is it the right file?",
     "{1}의 크기가 {2} KiB입니다. 모델의 config.json은 몇 KiB 정도입니다. 올바른 파일인가요?"},
    {"Loading was cancelled.", "불러오기를 취소했습니다."},
    {"{}: config.json says {} but the tokenizer files are byte-level BPE (GPT-2 style). The folder mixes two models.",
     "{1}: config.json은 {2} 모델인데 토크나이저 파일은 바이트 수준 BPE(GPT-2 방식)입니다. 폴더에 두 모델이 "
     "섞여 있습니다."},
    {"{}: config.json says {} but the tokenizer files are BPE over characters (Llama 2 / Mistral style). The folder "
     "mixes two models.",
     "{1}: config.json은 {2} 모델인데 토크나이저 파일은 문자 단위 BPE(Llama 2 / Mistral 방식)입니다. 폴더에 두 "
     "모델이 섞여 있습니다."},
    {"{}: config.json says {} but the tokenizer files are WordPiece (BERT style). The folder mixes two models.",
     "{1}: config.json은 {2} 모델인데 토크나이저 파일은 WordPiece(BERT 방식)입니다. 폴더에 두 모델이 섞여 "
     "있습니다."},
    {"The second sentence is {} KiB; AttnLab takes at most {} KiB. Paste a shorter passage.",
     "두 번째 문장이 {1} KiB입니다. AttnLab은 최대 {2} KiB까지 받습니다. 더 짧은 글을 붙여 넣으세요."},
    {"{} reads one text from left to right: it has no second sentence to attend to. Clear the second sentence, or "
     "load a BERT model for a sentence pair.",
     "{1}는 글 하나를 왼쪽에서 오른쪽으로 읽으므로 주의를 기울일 두 번째 문장이 없습니다. 두 번째 문장을 "
     "지우거나, 문장 쌍을 보려면 BERT 모델을 불러오세요."},
    {"{}: the vocabulary has no [CLS] or [SEP] token, which {} needs around every sentence.",
     "{1}: 어휘에 [CLS]나 [SEP] 토큰이 없습니다. {2}는 모든 문장 앞뒤에 이 토큰이 필요합니다."},
    {"The second sentence is empty. Type one or clear it.", "두 번째 문장이 비어 있습니다. 문장을 입력하거나 지우세요."},
    {"{}: the vocabulary has no padding token, so the sequence cannot be padded. Set the padding length to 0.",
     "{1}: 어휘에 패딩 토큰이 없어 패딩할 수 없습니다. 패딩 길이를 0으로 두세요."},
    {"The input is {} tokens (with [CLS]/[SEP]) after padding, but {} reads at most {} (it learned one position "
     "embedding per place). Shorten the text.",
     "입력이 [CLS]/[SEP]와 패딩을 합쳐 {1}토큰인데, {2}는 최대 {3}토큰까지만 읽습니다 (자리마다 위치 임베딩을 "
     "하나씩 배웠습니다). 글을 줄이세요."},
    {"The input is {} tokens (with [CLS]/[SEP]), but {} reads at most {} (it learned one position embedding per "
     "place). Shorten the text.",
     "입력이 [CLS]/[SEP]를 합쳐 {1}토큰인데, {2}는 최대 {3}토큰까지만 읽습니다 (자리마다 위치 임베딩을 "
     "하나씩 배웠습니다). 글을 줄이세요."},
    {"The input is {} tokens after padding, but {} reads at most {} (it learned one position embedding per place). "
     "Shorten the text.",
     "입력이 패딩을 합쳐 {1}토큰인데, {2}는 최대 {3}토큰까지만 읽습니다 (자리마다 위치 임베딩을 하나씩 "
     "배웠습니다). 글을 줄이세요."},
    {"The input is {} tokens, but {} reads at most {} (it learned one position embedding per place). "
     "Shorten the text.",
     "입력이 {1}토큰인데, {2}는 최대 {3}토큰까지만 읽습니다 (자리마다 위치 임베딩을 하나씩 배웠습니다). "
     "글을 줄이세요."},
    {"The tokenizer gave \"{}\" id {}, but {} has only {} token embeddings. Do the tokenizer files belong to this "
     "model?",
     "토크나이저가 \"{1}\"에 id {2}를 주었지만 {3}의 토큰 임베딩은 {4}개뿐입니다. 토크나이저 파일이 이 "
     "모델의 것인가요?"},
    {"Cannot read {}: {}.", "{1}을 읽을 수 없습니다: {2}."},
    // load_pretrained_model puts the config path before parse_model_config's message. After
    // "Cannot read {}: {}." (which may name .../config.json too), before the generic "{} is ...".
    {"{}/config.json: {msg}", "{1}/config.json: {2}"},

    // core/lm (next-token and masked-token prediction, generation)
    {"There are no tokens. Type a sentence.", "토큰이 없습니다. 문장을 입력하세요."},
    {"Token id {} is outside {}'s {} token embeddings. Do the tokenizer files belong to this model?",
     "토큰 id {1}이(가) {2}의 토큰 임베딩 {3}개 범위를 벗어납니다. 토크나이저 파일이 이 모델의 것인가요?"},
    {"Token id {} is outside the vocabulary ({} tokens).", "토큰 id {1}이(가) 어휘({2}개 토큰) 밖에 있습니다."},
    {"{} is {}, which reads the whole sentence at once and cannot continue a text. Put [MASK] where a word "
     "should be predicted, or load a GPT-2 model.",
     "{1}은(는) {2} 모델이라 문장 전체를 한 번에 읽으므로 글을 이어 쓸 수 없습니다. 예측할 낱말 자리에 "
     "[MASK]를 넣거나 GPT-2 모델을 불러오세요."},
    {"The text has reached {} tokens, all the positions the model learned. Undo some tokens or start again.",
     "글이 {1}토큰에 이르러 모델이 배운 위치를 모두 썼습니다. 토큰 몇 개를 되돌리거나 처음부터 다시 하세요."},
    {"The number of tokens to generate cannot be negative.", "생성할 토큰 수는 음수일 수 없습니다."},
    {"The temperature must be a positive number (1 = the model's own distribution).",
     "온도는 양수여야 합니다 (1 = 모델 그대로의 분포)."},
    {"top-k must be 0 (no limit) or a positive number of tokens.",
     "top-k는 0(제한 없음)이거나 양의 토큰 수여야 합니다."},
    {"top-p must be in (0, 1] (1 = no limit).", "top-p는 (0, 1] 범위여야 합니다 (1 = 제한 없음)."},
    {"{} is GPT-2: it predicts the next token, not masked ones (there is no [MASK] in its vocabulary).",
     "{1}은(는) GPT-2입니다. 가린 토큰이 아니라 다음 토큰을 예측합니다 (어휘에 [MASK]가 없습니다)."},
    {"{} has no masked-LM head: {} has no {}. The checkpoint was saved as a bare encoder; masked-token "
     "prediction needs the {} weights (e.g. the original bert-base-uncased download). Its attention can still "
     "be explored.",
     "{1}에는 마스크 언어 모델 헤드가 없습니다: {2}에 {3}이(가) 없습니다. 인코더만 저장된 체크포인트입니다. "
     "가린 토큰을 예측하려면 {4} 가중치가 필요합니다 (예: 원래의 bert-base-uncased 내려받기). 어텐션은 "
     "그대로 살펴볼 수 있습니다."},
    {"{}'s vocabulary has no [MASK] token.", "{1}의 어휘에 [MASK] 토큰이 없습니다."},
    {"The text has no [MASK]. Type [MASK] where a word should be predicted, e.g. \"the cat [MASK] on the mat\".",
     "글에 [MASK]가 없습니다. 예측할 낱말 자리에 [MASK]를 입력하세요. 예: \"the cat [MASK] on the mat\"."},
    {"Position {} is outside the {} tokens.", "위치 {1}이(가) 토큰 {2}개 범위를 벗어납니다."},

    // core/pretrained/subword_tokenizer.cpp, subword_legacy.cpp, subword_tokenizer_json.cpp,
    // bpe_tokenizer.cpp, wordpiece_tokenizer.cpp
    {"The text has more than {} tokens (the model's limit). Shorten it.",
     "글의 토큰이 {1}개를 넘습니다 (모델의 한도). 글을 줄이세요."},
    {"Cannot open {} ({}).", "{1}을 열 수 없습니다 ({2})."},
    {"Cannot read {} ({}).", "{1}을 읽을 수 없습니다 ({2})."},
    {"{} ({}) is {} bytes; tokenizer files are at most {} MiB.",
     "{1}({2})이 {3}바이트입니다. 토크나이저 파일은 최대 {4} MiB입니다."},
    {"GPT-2 style tokenizers need both vocab.json and merges.txt (or tokenizer.json).",
     "GPT-2 방식 토크나이저에는 vocab.json과 merges.txt(또는 tokenizer.json)가 모두 필요합니다."},
    {"No tokenizer files: expected tokenizer.json, vocab.json + merges.txt (GPT-2) or vocab.txt (BERT).",
     "토크나이저 파일이 없습니다: tokenizer.json, vocab.json + merges.txt (GPT-2) 또는 vocab.txt (BERT)가 "
     "필요합니다."},
    {"{}: the vocabulary is empty.", "{1}: 어휘가 비어 있습니다."},
    {"{}: {} vocabulary entries; more than the limit of {}.", "{1}: 어휘 항목이 {2}개로 한도({3})를 넘습니다."},
    {"{}: the vocabulary entry {} is {} bytes long; entries are at most {} bytes.",
     "{1}: 어휘 항목 {2}의 길이가 {3}바이트입니다. 항목은 최대 {4}바이트입니다."},
    {"{}: the vocabulary entry {} has id {}; ids must be in 0..{} for {} entries.",
     "{1}: 어휘 항목 {2}의 id가 {3}입니다. 항목이 {5}개이면 id는 0..{4} 안에 있어야 합니다."},
    {"{}: the vocabulary entry {} has no integer id.", "{1}: 어휘 항목 {2}에 정수 id가 없습니다."},
    {"{}: id {} is given to both {} and {}.", "{1}: id {2}가 {3}과 {4}에 함께 붙어 있습니다."},
    {"{}: the piece {} has two ids, {} and {}.", "{1}: 조각 {2}에 id가 두 개({3}, {4}) 있습니다."},
    {"{}: the vocabulary must be a JSON object {\"piece\": id, ...}.",
     "{1}: 어휘는 JSON 객체 {\"piece\": id, ...}여야 합니다."},
    {"{}: the vocabulary lacks \"{}\", the symbol of byte 0x{}; this is not a GPT-2 style byte-level BPE "
     "vocabulary.",
     "{1}: 어휘에 바이트 0x{3}의 기호 \"{2}\"이(가) 없습니다. GPT-2 방식의 바이트 수준 BPE 어휘가 아닙니다."},
    {"{}: the unknown-word token \"{}\" is not in the vocabulary.",
     "{1}: 모르는 단어 토큰 \"{2}\"이(가) 어휘에 없습니다."},
    {"{}: a merge needs two pieces separated by one space.", "{1}: 병합 규칙에는 공백 하나로 나뉜 두 조각이 필요합니다."},
    {"{}: the merge {} names {}, which is not in the vocabulary.",
     "{1}: 병합 규칙 {2}에 나오는 {3}이(가) 어휘에 없습니다."},
    {"{}: the merge {} makes {}, which is not in the vocabulary.",
     "{1}: 병합 규칙 {2}로 만든 {3}이(가) 어휘에 없습니다."},
    {"merges.txt: {} lines; more than the limit of {} merges.",
     "merges.txt: {1}줄로 병합 규칙 한도({2})를 넘습니다."},
    {"vocab.txt: {} lines; more than the limit of {} entries.", "vocab.txt: {1}줄로 항목 한도({2})를 넘습니다."},
    {"{} is {} bytes long; lines are at most {} bytes.", "{1}의 길이가 {2}바이트입니다. 한 줄은 최대 {3}바이트입니다."},
    {"{} is {} bytes long; entries are at most {} bytes.", "{1}의 길이가 {2}바이트입니다. 항목은 최대 {3}바이트입니다."},
    {"{} is {} bytes long; merges are at most {} bytes.",
     "{1}의 길이가 {2}바이트입니다. 병합 규칙은 최대 {3}바이트입니다."},
    {"{} is longer than {} bytes.", "{1}이(가) {2}바이트보다 깁니다."},
    {"{}: {} is not two pieces separated by one space.", "{1}: {2}이(가) 공백 하나로 나뉜 두 조각이 아닙니다."},
    {"{}: expected \"left right\" or [\"left\", \"right\"].",
     "{1}: \"left right\"나 [\"left\", \"right\"] 형식이어야 합니다."},
    {"vocab.txt line {}: {msg}", "vocab.txt {1}번째 줄: {2}"},
    {"tokenizer_config.json: expected a JSON object.", "tokenizer_config.json: JSON 객체여야 합니다."},
    {"tokenizer_config.json: \"{}\" must be true or false.", "tokenizer_config.json: \"{1}\"은 true나 false여야 합니다."},
    {"tokenizer.json: \"added_tokens\" must be a list.", "tokenizer.json: \"added_tokens\"는 목록이어야 합니다."},
    {"tokenizer.json: {} added tokens; more than the limit of {}.",
     "tokenizer.json: 추가 토큰이 {1}개로 한도({2}개)를 넘습니다."},
    {"tokenizer.json added_tokens[{}]: expected {\"id\": number, \"content\": text}.",
     "tokenizer.json added_tokens[{1}]: {\"id\": number, \"content\": text} 형식이어야 합니다."},
    {"tokenizer.json added_tokens[{}]: \"id\" must be a non-negative integer.",
     "tokenizer.json added_tokens[{1}]: \"id\"는 0 이상의 정수여야 합니다."},
    {"tokenizer.json added_tokens[{}]: the content must be 1..{} bytes.",
     "tokenizer.json added_tokens[{1}]: 내용은 1..{2}바이트여야 합니다."},
    {"tokenizer.json: \"model\" has no \"vocab\".", "tokenizer.json: \"model\"에 \"vocab\"이 없습니다."},
    {"tokenizer.json: model.{} is set; GPT-2 style BPE has none.",
     "tokenizer.json: model.{1}이 설정되어 있습니다. GPT-2 방식 BPE에는 이 값이 없습니다."},
    {"tokenizer.json: model.merges must be a list.", "tokenizer.json: model.merges는 목록이어야 합니다."},
    {"tokenizer.json: {} merges; more than the limit of {}.", "tokenizer.json: 병합 규칙이 {1}개로 한도({2})를 넘습니다."},
    {"tokenizer.json: the normalizer \"{}\" is not supported for WordPiece (BertNormalizer is).",
     "tokenizer.json: WordPiece에는 정규화기 \"{1}\"을 쓸 수 없습니다 (BertNormalizer만 됩니다)."},
    {"tokenizer.json: model.max_input_chars_per_word must be a positive integer.",
     "tokenizer.json: model.max_input_chars_per_word는 양의 정수여야 합니다."},
    {"tokenizer.json: model.{} must be a short text.", "tokenizer.json: model.{1}은 짧은 문자열이어야 합니다."},
    {"tokenizer.json: expected an object with a \"model\" object.",
     "tokenizer.json: \"model\" 객체를 가진 객체여야 합니다."},
    {"tokenizer.json: model.type \"{}\" is not supported (BPE for GPT-2, WordPiece for BERT).",
     "tokenizer.json: model.type \"{1}\"은 지원하지 않습니다 (GPT-2는 BPE, BERT는 WordPiece)."},
    {"vocab.json: unexpected content: {}", "vocab.json: 예상하지 못한 내용입니다: {1}"},
    {"tokenizer.json: unexpected content: {}", "tokenizer.json: 예상하지 못한 내용입니다: {1}"},

    // core/tokenizer/hf_json.cpp, hf_bpe.cpp, regex_pattern.cpp (the general tokenizer.json pipeline)
    {"tokenizer.json: {} \"{}\" is not supported; AttnLab reads {}.",
     "tokenizer.json: {1} \"{2}\"은(는) 지원하지 않습니다. AttnLab이 읽는 것: {3}."},
    {"tokenizer.json: model.unk_token \"{}\" is not in the vocabulary.",
     "tokenizer.json: model.unk_token \"{1}\"이(가) 어휘에 없습니다."},
    {"tokenizer.json: the vocabulary lacks \"{}\", the symbol of byte {}; a ByteLevel pre-tokenizer needs all 256.",
     "tokenizer.json: 어휘에 바이트 {2}의 기호 \"{1}\"이(가) 없습니다. ByteLevel 사전 토크나이저에는 256개가 모두 필요합니다."},
    {"tokenizer.json: {} must be {}.", "tokenizer.json: {1}의 값은 다음이어야 합니다: {2}."},
    {"{}: the pattern is empty.", "{1}: 패턴이 비어 있습니다."},
    {"{}: the pattern is {} bytes; patterns are at most {} bytes.",
     "{1}: 패턴이 {2}바이트입니다. 패턴은 최대 {3}바이트입니다."},
    {"{}: the pattern does not compile ({} at byte {}).", "{1}: 패턴을 컴파일할 수 없습니다 ({3}번째 바이트: {2})."},
    {"{}: the pattern needs too many steps on this text (a pattern that backtracks without end?).",
     "{1}: 이 글에서 패턴이 너무 많은 단계를 거칩니다 (끝없이 되돌아가는 패턴인가요?)."},
    {"{}: the pattern failed ({}).", "{1}: 패턴 검색이 실패했습니다 ({2})."},
    {"{}: out of memory.", "{1}: 메모리가 부족합니다."},
    {"{} is not valid JSON: {}", "{1}이(가) 올바른 JSON이 아닙니다: {2}"},

    // The app's own messages: app/state/app_state.cpp, app/state/settings.cpp, app/state/presets.cpp, app/jobs/export_job.cpp
    {"Global tokens: an empty item between commas.", "전역 토큰: 쉼표 사이에 빈 항목이 있습니다."},
    {"Global tokens: '{}' is not a position (use whole numbers from 0, e.g. 0, 3).",
     "전역 토큰: '{1}'은 위치가 아닙니다 (0부터의 정수를 쓰세요. 예: 0, 3)."},
    {"{msg} The old file was kept as {}.", "{1} 예전 파일은 {2}(으)로 보관했습니다."},
    {"{msg} The old file could not be kept ({}), so it will not be overwritten.",
     "{1} 예전 파일을 보관하지 못해({2}) 덮어쓰지 않습니다."},
    {"Saved settings are {} KiB, more than the limit of {} KiB; using the defaults. ({})",
     "저장된 설정이 {1} KiB로 한도 {2} KiB를 넘어 기본값을 씁니다. ({3})"},
    {"Saved settings nest values more than {} levels deep (the limit); using the defaults. ({})",
     "저장된 설정의 값이 {1}단계보다 깊이 중첩되어 있어 (한도) 기본값을 씁니다. ({2})"},
    {"Saved settings are not valid JSON; using the defaults. ({})",
     "저장된 설정이 올바른 JSON이 아니어서 기본값을 씁니다. ({1})"},
    {"Saved settings are not a JSON object; using the defaults. ({})",
     "저장된 설정이 JSON 객체가 아니어서 기본값을 씁니다. ({1})"},
    {"Some saved settings were ignored (wrong type or out of range): {}. ({})",
     "저장된 설정 일부를 무시했습니다 (형식이 틀리거나 범위 밖): {1}. ({2})"},
    {"Cannot read {}; using the defaults.", "{1}을 읽을 수 없어 기본값을 씁니다."},
    {"cannot open {}", "열 수 없습니다: {1}"},
    {"{} has no sentences", "예문이 없습니다: {1}"},
    {"Nothing to export yet: the sentence has no result.", "아직 내보낼 것이 없습니다: 문장의 계산 결과가 없습니다."},
    {"Saved the whole trace to {}", "전체 계산 결과를 저장했습니다: {1}"},
    {"Saved to {}", "저장했습니다: {1}"},

    // core/lesson (lesson_parse.cpp, lesson_state.cpp): the app strips the "file:line: " prefix
    // first (localize_lesson_message in app/lesson/lesson_session.cpp) and puts it back.
    {"Cannot open the lesson file '{}'.", "레슨 파일 '{1}'을 열 수 없습니다."},
    {"Cannot read the lesson file '{}' (is it a folder?).", "레슨 파일 '{1}'을 읽을 수 없습니다 (폴더인가요?)."},
    {"Cannot read the lesson file '{}'.", "레슨 파일 '{1}'을 읽을 수 없습니다."},
    {"{}: the file is {} KiB; lessons are limited to {} KiB. Is this really a lesson?",
     "{1}: 파일이 {2} KiB입니다. 레슨은 {3} KiB까지입니다. 정말 레슨 파일인가요?"},
    {"the introduction has {} KiB of text; it holds at most {} KiB. Move some of it into steps.",
     "소개 글이 {1} KiB입니다. 소개는 {2} KiB까지입니다. 일부를 단계로 옮기세요."},
    {"step {} '{}' has {} KiB of text; a step holds at most {} KiB. Split it into several steps.",
     "{1}단계 '{2}'의 글이 {3} KiB입니다. 한 단계는 {4} KiB까지입니다. 여러 단계로 나누세요."},
    {"binary data (a NUL byte). A lesson is a UTF-8 Markdown text file.",
     "이진 데이터(NUL 바이트)가 있습니다. 레슨은 UTF-8 마크다운 텍스트 파일입니다."},
    {"invalid UTF-8 (byte {} at offset {}). Save the lesson as UTF-8 text.",
     "올바른 UTF-8이 아닙니다 ({2}번째 바이트 {1}). 레슨을 UTF-8 텍스트로 저장하세요."},
    {"no '# Title': a lesson file starts with '# Lesson title'.",
     "'# 제목'이 없습니다: 레슨 파일은 '# 레슨 제목'으로 시작합니다."},
    {"no steps: each '## Step title' starts one.", "단계가 없습니다: '## 단계 제목'마다 단계가 하나 시작됩니다."},
    {"unknown key '{}'. The title block allows lang, model and the settings keys: {}.",
     "알 수 없는 키 '{1}'입니다. 제목 블록에는 lang, model과 설정 키를 쓸 수 있습니다: {2}."},
    {"unknown key '{}'. Allowed: {}.", "알 수 없는 키 '{1}'입니다. 쓸 수 있는 키: {2}."},
    {"'{}' is not a 'key = value' line. Keys: {}.", "'{1}'은 'key = value' 형식의 줄이 아닙니다. 키: {2}."},
    {"'{}' is given twice in step '{}'; give it once.", "'{1}'이 '{2}' 단계에 두 번 있습니다. 한 번만 쓰세요."},
    {"'{}' is set twice in step '{}'; set it once.", "'{1}'이 '{2}' 단계에서 두 번 설정됩니다. 한 번만 설정하세요."},
    {"head {} but the built-in model has {} heads (heads = ...).",
     "헤드 {1}을(를) 골랐지만 내장 모델의 헤드는 {2}개입니다 (heads = ...)."},
    {"layer {} but the built-in model has one layer.", "{1}층을 골랐지만 내장 모델은 한 층입니다."},
    {"no sentence yet: set 'text = ...' in the title block or this step.",
     "아직 문장이 없습니다: 제목 블록이나 이 단계에 'text = ...'를 쓰세요."},
    // core/lesson/lesson_answer.cpp: answers computed on the live trace (the student may have
    // shortened the sentence or changed the heads since the step set them).
    {"answer: {} {} is outside the sentence ({} tokens, positions 0 to {}).",
     "답: {1} {2}이(가) 문장 밖에 있습니다 (토큰 {3}개, 위치 0~{4})."},
    {"answer: no {} token '{}' in this sentence.", "답: 이 문장에는 {1} 토큰 '{2}'이(가) 없습니다."},
    {"answer: head {} but the layer has {} heads.", "답: 헤드 {1}을(를) 묻지만 이 층의 헤드는 {2}개입니다."},
    {"answer: layer {} but the model has {} layer(s).", "답: {1}층을 묻지만 모델의 층은 {2}개입니다."},
    {"answer: {} is fully masked: every cell is hidden, so it has no largest or smallest weight.",
     "답: {1}의 모든 칸이 가려져 있어 가장 큰 가중치도 가장 작은 가중치도 없습니다."},
    {"{}: no step to show.", "{1}: 보여 줄 단계가 없습니다."},  // app/lesson/lesson_session.cpp
    {"{} = '{}': allowed are on and off.", "{1} = '{2}': on과 off만 쓸 수 있습니다."},
    {"{} = '{}': not a whole number.", "{1} = '{2}': 정수가 아닙니다."},
    {"{} = '{}': {}", "{1} = '{2}': 쓸 수 없는 값입니다. {3}"},
    // core/train (the Train view): task parameters, saving a trained model folder
    {"{} exists already. Choose a new folder name (nothing was written).",
     "{1}이(가) 이미 있습니다. 새 폴더 이름을 고르세요 (아무것도 쓰지 않았습니다)."},
    {"The folder {} does not exist. Create it first.", "{1} 폴더가 없습니다. 먼저 만드세요."},
    {"Cannot write in {}: {}.", "{1}에 쓸 수 없습니다: {2}."},
    {"Could not create {}: {}.", "{1}을(를) 만들 수 없습니다: {2}."},
    {"Could not write {}: {}.", "{1}을(를) 쓸 수 없습니다: {2}."},
    {"No output folder given.", "저장할 폴더를 지정하지 않았습니다."},
    {"--symbols {}: must be {} to {}.", "--symbols {1}: {2}에서 {3} 사이여야 합니다."},
    {"--length {}: must be {} to {}.", "--length {1}: {2}에서 {3} 사이여야 합니다."},
    {"The text is over 1 MiB; give a shorter one.", "텍스트가 1 MiB를 넘습니다. 더 짧은 텍스트를 주세요."},
};

}  // namespace

CoreMessageTable core_message_patterns() { return {kPatterns, std::size(kPatterns)}; }

}  // namespace attn::app
