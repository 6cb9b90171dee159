// core_messages_models.cpp — Korean for the core's messages, part 2 of 3:
// model folders: config.json, weights, safetensors, images and their
// preprocessing, pretrained runs.
// The parts are matched in order (core_messages_table.cpp; format: core_messages_table.h).
#include "app/i18n/core_messages_table.h"

#include <iterator>

namespace attn::app {

namespace {

constexpr CoreMessagePattern kPatterns[] = {
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
    {"No tokenizer in '{}': looked for tokenizer.json, vocab.json + merges.txt (GPT-2), vocab.txt (BERT), "
     "source.spm + vocab.json (Marian), spiece.model (T5) and sentencepiece.bpe.model (mBART). source.spm is there but vocab.json is missing. Download the tokenizer files "
     "from the model's Hub page.",
     "'{1}'에 토크나이저가 없습니다: tokenizer.json, vocab.json + merges.txt (GPT-2), vocab.txt (BERT), "
     "source.spm + vocab.json (Marian), spiece.model (T5), sentencepiece.bpe.model (mBART)을 찾아보았습니다. source.spm은 있지만 vocab.json이 없습니다. 모델의 Hub "
     "페이지에서 토크나이저 파일을 내려받으세요."},
    {"No tokenizer in '{}': looked for tokenizer.json, vocab.json + merges.txt (GPT-2), vocab.txt (BERT), "
     "source.spm + vocab.json (Marian), spiece.model (T5) and sentencepiece.bpe.model (mBART). vocab.json is there but merges.txt is missing. Download the tokenizer files "
     "from the model's Hub page.",
     "'{1}'에 토크나이저가 없습니다: tokenizer.json, vocab.json + merges.txt (GPT-2), vocab.txt (BERT), "
     "source.spm + vocab.json (Marian), spiece.model (T5), sentencepiece.bpe.model (mBART)을 찾아보았습니다. vocab.json은 있지만 merges.txt가 없습니다. 모델의 Hub "
     "페이지에서 토크나이저 파일을 내려받으세요."},
    {"No tokenizer in '{}': looked for tokenizer.json, vocab.json + merges.txt (GPT-2), vocab.txt (BERT), "
     "source.spm + vocab.json (Marian), spiece.model (T5) and sentencepiece.bpe.model (mBART). merges.txt is there but vocab.json is missing. Download the tokenizer files "
     "from the model's Hub page.",
     "'{1}'에 토크나이저가 없습니다: tokenizer.json, vocab.json + merges.txt (GPT-2), vocab.txt (BERT), "
     "source.spm + vocab.json (Marian), spiece.model (T5), sentencepiece.bpe.model (mBART)을 찾아보았습니다. merges.txt는 있지만 vocab.json이 없습니다. 모델의 Hub "
     "페이지에서 토크나이저 파일을 내려받으세요."},
    {"No tokenizer in '{}': looked for tokenizer.json, vocab.json + merges.txt (GPT-2), vocab.txt (BERT), "
     "source.spm + vocab.json (Marian), spiece.model (T5) and sentencepiece.bpe.model (mBART). Download the tokenizer files from the model's Hub page.",
     "'{1}'에 토크나이저가 없습니다: tokenizer.json, vocab.json + merges.txt (GPT-2), vocab.txt (BERT), "
     "source.spm + vocab.json (Marian), spiece.model (T5), sentencepiece.bpe.model (mBART)을 찾아보았습니다. 모델의 Hub 페이지에서 토크나이저 파일을 내려받으세요."},
    {"Cannot inspect the model folder '{}': {}.", "모델 폴더 '{1}'을 살펴볼 수 없습니다: {2}."},

    // core/pretrained/model_config.cpp (parse_model_config: the model's config.json)
    {"config.json is not valid JSON: {}.", "config.json이 올바른 JSON이 아닙니다: {1}."},
    {"{}: the run gave no result.", "{1}: 실행 결과가 없습니다."},
    {"config.json could not be parsed: {}.", "config.json을 해석하지 못했습니다: {1}."},
    {"config.json could not be read: {}.", "config.json을 읽지 못했습니다: {1}."},
    {"config.json is {}, not a JSON object.", "config.json이 JSON 객체가 아닙니다 ({1})."},
    {"config.json: \"model_type\" is {}; expected a string such as \"gpt2\".",
     "config.json의 \"model_type\" 값({1})이 문자열이 아닙니다. \"gpt2\" 같은 문자열이어야 합니다."},
    {"config.json has no \"model_type\" (and no \"architectures\" entry AttnLab knows). Supported: {}.",
     "config.json에 \"model_type\"이 없습니다 (AttnLab이 아는 \"architectures\" 항목도 없습니다). "
     "지원하는 모델: {1}."},
    {"config.json has model_type \"{}\", which AttnLab cannot run. Supported: {}.",
     "config.json의 model_type \"{1}\"은(는) AttnLab에서 실행할 수 없습니다. 지원하는 모델: {2}."},
    {"config.json has model_type \"{}\": Gemma models (scaled embeddings, soft-capped scores) are not supported yet. "
     "Supported: {}.",
     "config.json의 model_type \"{1}\": Gemma 모델(임베딩 배율, 점수 소프트 캡)은 아직 지원하지 않습니다. "
     "지원하는 모델: {2}."},
    {"config.json has no \"{}\", which a {} config needs.",
     "config.json에 {2} 설정에 필요한 \"{1}\" 항목이 없습니다."},
    {"config.json: \"{}\" is {}; expected {} to {}.", "config.json: \"{1}\" 값이 {2}입니다. {3}~{4} 사이여야 합니다."},
    {"config.json: \"{}\" is {}; expected a whole number.", "config.json: \"{1}\" 값({2})이 정수가 아닙니다."},
    {"config.json: \"{}\" is {}; expected a small positive number (at most 0.1).",
     "config.json: \"{1}\" 값이 {2}입니다. 0.1 이하의 작은 양수여야 합니다."},
    {"config.json: \"{}\" is {}; expected a small positive number.",
     "config.json: \"{1}\" 값({2})이 숫자가 아닙니다. 작은 양수여야 합니다."},
    {"config.json: \"{}\" is {}; expected a string.", "config.json: \"{1}\" 값({2})이 문자열이 아닙니다."},
    // the rotary decoders (parse_decoder, parse_rope, parse_windows)
    {"config.json: \"{}\" is {}; expected a number.", "config.json: \"{1}\" 값({2})이 숫자가 아닙니다."},
    {"config.json: \"{}\" is {}; expected true or false.",
     "config.json: \"{1}\" 값({2})이 true나 false가 아닙니다."},
    {"config.json: \"{}\" is {}; expected a token id below {}.",
     "config.json: \"{1}\" 값이 {2}입니다. {3}보다 작은 토큰 id여야 합니다."},
    {"config.json: \"{}\" is {}; expected an object such as {}.",
     "config.json: \"{1}\" 값({2})이 객체가 아닙니다. {3} 같은 객체여야 합니다."},
    {"config.json: \"{}\" has high_freq_factor {} not above low_freq_factor {}; llama3 scaling needs it above.",
     "config.json: \"{1}\"의 high_freq_factor {2}가 low_freq_factor {3}보다 크지 않습니다. llama3 배율에는 더 "
     "커야 합니다."},
    {"config.json asks for the rotary scaling \"{}\" in \"{}\"; AttnLab implements \"default\", \"linear\" and "
     "\"llama3\" only.",
     "config.json의 \"{2}\"가 회전 위치 배율 \"{1}\"을(를) 요구합니다. AttnLab은 \"default\", \"linear\", "
     "\"llama3\"만 구현합니다."},
    {"config.json: partial_rotary_factor {} leaves fewer than two of the {} dimensions of a head to rotate.",
     "config.json: partial_rotary_factor {1}로는 헤드의 {2}개 차원 가운데 회전할 차원이 두 개도 남지 않습니다."},
    {"config.json: \"layer_types\" must list one type per layer ({}).",
     "config.json: \"layer_types\"에는 층마다 하나씩({1}개) 종류가 있어야 합니다."},
    {"config.json: \"layer_types\" names {}; AttnLab runs \"full_attention\" and \"sliding_attention\" layers only.",
     "config.json의 \"layer_types\"에 {1}이(가) 있습니다. AttnLab은 \"full_attention\"과 \"sliding_attention\" "
     "층만 실행합니다."},
    {"config.json asks for the activation \"{}\"; AttnLab runs {} models with \"silu\" (SwiGLU) only.",
     "config.json이 활성화 함수 \"{1}\"을(를) 요구합니다. AttnLab은 {2} 모델을 \"silu\"(SwiGLU)로만 "
     "실행합니다."},
    {"config.json: the {} query heads cannot share the {} key/value heads evenly (num_attention_heads must be a "
     "multiple of num_key_value_heads).",
     "config.json: 쿼리 헤드 {1}개가 키/값 헤드 {2}개를 똑같이 나눠 쓸 수 없습니다 (num_attention_heads가 "
     "num_key_value_heads의 배수여야 합니다)."},
    {"config.json: head_dim {} is odd; rotary positions turn the dimensions of a head in pairs.",
     "config.json: head_dim {1}이(가) 홀수입니다. 회전 위치 임베딩은 헤드의 차원을 둘씩 짝지어 돌립니다."},
    {"config.json: {} heads of {} dimensions are wider than AttnLab's limit of {}.",
     "config.json: {2}차원 헤드 {1}개는 AttnLab의 한도 {3}보다 넓습니다."},
    {"config.json sets \"position_embedding_type\" to \"{}\"; AttnLab runs BERT models only with absolute position "
     "embeddings.",
     "config.json의 \"position_embedding_type\"이 \"{1}\"입니다. AttnLab은 절대 위치 임베딩(absolute)을 쓰는 "
     "BERT 모델만 실행합니다."},
    {"config.json sets \"{}\" to {}; AttnLab runs {} models only with {} there.",
     "config.json의 \"{1}\" 값이 {2}입니다. AttnLab은 이 값이 {4}인 {3} 모델만 실행합니다."},
    {"config.json asks for the activation \"{}\"; AttnLab implements \"gelu\" (erf), \"gelu_new\" (tanh) and "
     "\"swish\" / \"silu\" only.",
     "config.json이 활성화 함수 \"{1}\"을(를) 요구합니다. AttnLab은 \"gelu\"(erf), \"gelu_new\"(tanh), "
     "\"swish\" / \"silu\"만 구현합니다."},
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
    {"preprocessor_config.json: \"{}\" is {}; expected 3 numbers from 0.001 to 1000 (red, green, blue) or one.",
     "preprocessor_config.json: \"{1}\" 값이 {2}입니다. 0.001에서 1000 사이의 수 3개(빨강, 초록, 파랑)나 1개여야 "
     "합니다."},
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
    {"{}: config.json says {} but the tokenizer files are SentencePiece model files (Marian / T5 style). The folder "
     "mixes two models.",
     "{1}: config.json은 {2} 모델인데 토크나이저 파일은 SentencePiece 모델 파일(Marian / T5 방식)입니다. 폴더에 "
     "두 모델이 섞여 있습니다."},

    // core/tokenizer/spm_tokenizer.cpp (SentencePiece model files: Marian's source.spm / target.spm)
    {"{} is empty; it should be a SentencePiece model.", "{1}이(가) 비어 있습니다. SentencePiece 모델 파일이어야 합니다."},
    {"{} is not a SentencePiece model the library can read ({}). Download the file again from the model's page.",
     "{1}은(는) 라이브러리가 읽을 수 있는 SentencePiece 모델이 아닙니다 ({2}). 모델 페이지에서 파일을 다시 "
     "내려받으세요."},
    {"{} has a damaged normalization table ({}). Download the file again from the model's page.",
     "{1}의 정규화 표가 손상되었습니다 ({2}). 모델 페이지에서 파일을 다시 내려받으세요."},
    {"{}: {} pieces and {} more tokens; at most {} are read.",
     "{1}: 조각 {2}개와 토큰 {3}개가 더 있습니다. 최대 {4}개까지만 읽습니다."},
    {"{}: its first pieces are not <unk> <s> </s>, which fairseq's numbering (mBART's) expects. Is it the model's "
     "own sentencepiece.bpe.model?",
     "{1}: 첫 조각들이 fairseq 번호 매기기(mBART 방식)가 기대하는 <unk> <s> </s>가 아닙니다. 이 모델의 "
     "sentencepiece.bpe.model이 맞나요?"},
    {"{}: an empty language code or added token.", "{1}: 언어 코드나 추가 토큰 중에 빈 것이 있습니다."},
    {"{} is not a SentencePiece model (its protobuf framing is broken). Download the file again from the model's "
     "page.",
     "{1}은(는) SentencePiece 모델이 아닙니다 (protobuf 구조가 깨졌습니다). 모델 페이지에서 파일을 다시 "
     "내려받으세요."},
    {"The SentencePiece model could not split the text ({}).",
     "SentencePiece 모델이 글을 나누지 못했습니다 ({1})."},
    {"{}: {} pieces; at most {} are read.", "{1}: 조각이 {2}개입니다. 최대 {3}개까지 읽습니다."},
    {"vocab.json has no \"<unk>\" entry, which pieces missing from it become.",
     "vocab.json에 \"<unk>\" 항목이 없습니다. vocab.json에 없는 조각은 이 항목이 되어야 합니다."},
    {"vocab.json: expected an object of piece -> id.", "vocab.json: 조각 -> id 객체여야 합니다."},
    {"vocab.json is empty.", "vocab.json이 비어 있습니다."},

    // core/pretrained/families/marian (translation models)
    {"config.json: \"decoder_vocab_size\" {} differs from \"vocab_size\" {}; AttnLab reads Marian models with one "
     "vocabulary shared by both sides.",
     "config.json: \"decoder_vocab_size\" {1}이(가) \"vocab_size\" {2}와 다릅니다. AttnLab은 양쪽이 어휘 하나를 "
     "함께 쓰는 Marian 모델만 읽습니다."},
    {"config.json names token id {}, but the vocabulary has {} entries.",
     "config.json이 토큰 id {1}을(를) 가리키지만 어휘에는 항목이 {2}개뿐입니다."},
    {"generation_config.json names token id {}, but the vocabulary has {} entries.",
     "generation_config.json이 토큰 id {1}을(를) 가리키지만 어휘에는 항목이 {2}개뿐입니다."},
    {"{}: \"bad_words_ids\" should be a list of lists of token ids.",
     "{1}: \"bad_words_ids\"는 토큰 id 목록들의 목록이어야 합니다."},
    {"{}: \"bad_words_ids\" holds {}, which is not a token id.",
     "{1}: \"bad_words_ids\"에 토큰 id가 아닌 {2}이(가) 있습니다."},
    {"generation_config.json is not a JSON object.", "generation_config.json이 JSON 객체가 아닙니다."},
    {"generation_config.json: \"suppress_tokens\" and \"begin_suppress_tokens\" together forbid all {} token ids, so "
     "the model could write nothing.",
     "generation_config.json: \"suppress_tokens\"와 \"begin_suppress_tokens\"가 토큰 id {1}개를 모두 금지하므로 모델이 아무것도 "
     "쓸 수 없습니다."},
    {"generation_config.json: \"{}\" is {}; expected a whole number from {} to {}.",
     "generation_config.json: \"{1}\" 값이 {2}입니다. {3}부터 {4}까지의 정수여야 합니다."},
    // families/t5 (T5, mT5)
    {"{}: a T5 folder needs spiece.model (its SentencePiece model). Download spiece.model from the model's Hub "
     "page.",
     "{1}: T5 폴더에는 spiece.model(SentencePiece 모델)이 있어야 합니다. 모델의 Hub 페이지에서 spiece.model을 "
     "내려받으세요."},
    {"{}: {} and its {} sentinels make {} tokens, but config.json gives the model {}. The folder mixes two models.",
     "{1}: {2}과(와) 센티널 {3}개를 합치면 토큰이 {4}개인데, config.json은 모델에 {5}개를 줍니다. 폴더에 두 모델이 "
     "섞여 있습니다."},
    // core/tokenizer/unigram_json.cpp (a T5 folder's tokenizer.json without spiece.model)
    {"tokenizer.json: {msg} AttnLab reads T5-style Unigram files (a Precompiled normalizer, Metaspace); download "
     "spiece.model from the model's Hub page instead.",
     "tokenizer.json: {1} AttnLab은 T5 방식의 Unigram 파일(Precompiled 정규화, Metaspace)을 읽습니다. 대신 모델의 "
     "Hub 페이지에서 spiece.model을 내려받으세요."},
    {"it is not a JSON object.", "JSON 객체가 아닙니다."},
    {"the normalizer is not an object.", "정규화 설정(normalizer)이 객체가 아닙니다."},
    {"the normalizer Sequence has no list.", "정규화 Sequence에 목록이 없습니다."},
    {"the Precompiled normalizer's charsmap is not a text.", "Precompiled 정규화의 문자표가 글자가 아닙니다."},
    {"the Precompiled normalizer's charsmap is not base64.", "Precompiled 정규화의 문자표가 base64가 아닙니다."},
    {"its normalizer \"{}\" is not one a SentencePiece model has.",
     "정규화 \"{1}\"은(는) SentencePiece 모델에 있는 종류가 아닙니다."},
    {"the pre-tokenizer is not an object.", "사전 분할 설정(pre_tokenizer)이 객체가 아닙니다."},
    {"the pre-tokenizer Sequence has no list.", "사전 분할 Sequence에 목록이 없습니다."},
    {"its Metaspace replacement is not \"\u2581\".", "Metaspace의 대체 문자가 \"\u2581\"이 아닙니다."},
    {"its pre-tokenizer \"{}\" is not one a SentencePiece model has.",
     "사전 분할 \"{1}\"은(는) SentencePiece 모델에 있는 종류가 아닙니다."},
    {"its model is not a Unigram model.", "모델이 Unigram 모델이 아닙니다."},
    {"its Unigram model falls back to bytes.", "Unigram 모델이 바이트 대체(byte_fallback)를 씁니다."},
    {"its Unigram model has no vocab.", "Unigram 모델에 어휘(vocab)가 없습니다."},
    {"its Unigram model names no unknown piece (unk_id).", "Unigram 모델이 알 수 없는 조각(unk_id)을 정하지 않았습니다."},
    {"it has no Metaspace pre-tokenizer (SentencePiece's \u2581 for spaces).",
     "Metaspace 사전 분할(SentencePiece가 공백을 \u2581로 쓰는 방식)이 없습니다."},
    {"a vocab entry is not [piece, score]: {}.", "어휘 항목이 [조각, 점수]가 아닙니다: {1}."},
    {"a vocab piece is empty or longer than 1024 bytes.", "어휘 조각이 비었거나 1024바이트보다 깁니다."},
    {"its vocab has only sentinels.", "어휘에 센티널만 있습니다."},
    {"tokenizer.json: {} pieces; at most {} are read.", "tokenizer.json: 조각이 {1}개입니다. 최대 {2}개까지만 읽습니다."},
    {"tokenizer_config.json is not a JSON object.", "tokenizer_config.json이 JSON 객체가 아닙니다."},
    {"tokenizer_config.json: \"extra_ids\" is {}; expected a whole number of sentinel tokens from 0 to 100000.",
     "tokenizer_config.json: \"extra_ids\"가 {1}입니다. 센티널 토큰 수로 0에서 100000 사이의 정수여야 합니다."},
    {"config.json: \"feed_forward_proj\" is \"{}\"; AttnLab runs T5's \"relu\" and \"gated-gelu\" (and relu, gelu, "
     "gelu_new or silu, gated or not).",
     "config.json: \"feed_forward_proj\"가 \"{1}\"입니다. AttnLab은 T5의 \"relu\"와 \"gated-gelu\"(그리고 게이트 "
     "유무와 상관없이 relu, gelu, gelu_new, silu)를 실행합니다."},
    {"config.json: \"relative_attention_num_buckets\" is {}; T5's encoder splits its buckets into two equal halves, "
     "so it must be even.",
     "config.json: \"relative_attention_num_buckets\"가 {1}입니다. T5의 인코더는 버킷을 똑같이 둘로 나누므로 "
     "짝수여야 합니다."},
    {"config.json: \"relative_attention_max_distance\" is {}; with {} buckets it must be above {} (the distances "
     "that get a bucket each).",
     "config.json: \"relative_attention_max_distance\"가 {1}입니다. 버킷이 {2}개이면 {3}보다 커야 합니다(버킷을 "
     "하나씩 받는 거리들)."},
    {"config.json: {} heads of {} dimensions are wider than AttnLab reads ({}).",
     "config.json: {2}차원 헤드 {1}개는 AttnLab이 읽는 너비({3})보다 넓습니다."},
    {"{}: a Marian folder needs source.spm and vocab.json (and target.spm). Download the tokenizer files from the "
     "model's Hub page.",
     "{1}: Marian 폴더에는 source.spm과 vocab.json(그리고 target.spm)이 있어야 합니다. 모델의 Hub 페이지에서 "
     "토크나이저 파일을 내려받으세요."},
    {"{} is a {} model with an encoder and a decoder; this reads models with one stack of layers (GPT-2, BERT, "
     "Llama, Qwen, Mistral). Its cross-attention is in the Alignment view.",
     "{1}은(는) 인코더와 디코더가 있는 {2} 모델입니다. 이 기능은 층이 한 줄로 쌓인 모델(GPT-2, BERT, Llama, Qwen, "
     "Mistral)만 읽습니다. 이 모델의 교차 어텐션은 정렬 보기에서 보세요."},
    {"{} is a {} model with an encoder and a decoder; this reads models with one stack of layers (GPT-2, BERT, "
     "Llama, Qwen, Mistral). Its cross-attention is in the Audio view.",
     "{1}은(는) 인코더와 디코더가 있는 {2} 모델입니다. 이 기능은 층이 한 줄로 쌓인 모델(GPT-2, BERT, Llama, Qwen, "
     "Mistral)만 읽습니다. 이 모델의 교차 어텐션은 소리 보기에서 보세요."},
    {"The text is empty. Type a sentence to translate.", "글이 비어 있습니다. 번역할 문장을 입력하세요."},
    {"Target: {msg}", "목표 문장: {1}"},
    {"The source is {} tokens, but {} reads at most {}. Shorten it.",
     "원문이 {1}토큰인데, {2}는 최대 {3}토큰까지만 읽습니다. 글을 줄이세요."},
    {"The target (with the start token) is {} tokens, but {} reads at most {}. Shorten it.",
     "목표 문장이 시작 토큰을 합쳐 {1}토큰인데, {2}는 최대 {3}토큰까지만 읽습니다. 글을 줄이세요."},
    {"{} is a {} model: it reads and writes text, not images.",
     "{1}은(는) {2} 모델입니다. 이미지가 아니라 글을 읽고 씁니다."},
    // core/pretrained/fairseq_seq2seq.cpp, families/bart, families/mbart
    {"{}: an mBART folder needs tokenizer_config.json (its language codes). Download it from the model's Hub page.",
     "{1}: mBART 폴더에는 tokenizer_config.json(언어 코드 목록)이 있어야 합니다. 모델의 Hub 페이지에서 내려받으세요."},
    {"{}: an mBART folder needs sentencepiece.bpe.model (its SentencePiece model). Download it from the model's Hub "
     "page.",
     "{1}: mBART 폴더에는 sentencepiece.bpe.model(SentencePiece 모델)이 있어야 합니다. 모델의 Hub 페이지에서 "
     "내려받으세요."},
    {"{}: its tokenizer is MBartTokenizer (mBART-25, which writes the language code after </s>). AttnLab reads "
     "mBART-50 folders (MBart50Tokenizer).",
     "{1}: 토크나이저가 MBartTokenizer(언어 코드를 </s> 뒤에 쓰는 mBART-25)입니다. AttnLab은 mBART-50 폴더"
     "(MBart50Tokenizer)를 읽습니다."},
    {"{}: sentencepiece.bpe.model and its {} language codes make {} tokens, but config.json gives the model {}. The "
     "folder mixes two models.",
     "{1}: sentencepiece.bpe.model과 언어 코드 {2}개를 합치면 토큰이 {3}개인데, config.json은 모델에 {4}개를 "
     "줍니다. 폴더에 두 모델이 섞여 있습니다."},
    {"tokenizer_config.json: \"{}\" is {}; expected a text.", "tokenizer_config.json: \"{1}\" 값이 {2}입니다. 글자여야 합니다."},
    {"tokenizer_config.json: \"additional_special_tokens\" holds {}, which is not a language code.",
     "tokenizer_config.json: \"additional_special_tokens\"에 언어 코드가 아닌 {1}이(가) 있습니다."},
    {"tokenizer_config.json lists no language codes (\"additional_special_tokens\": \"en_XX\", \"ko_KR\", …), which "
     "an mBART-50 tokenizer numbers after its pieces.",
     "tokenizer_config.json에 언어 코드 목록(\"additional_special_tokens\": \"en_XX\", \"ko_KR\", …)이 없습니다. "
     "mBART-50 토크나이저는 조각들 뒤에 이 코드들의 번호를 매깁니다."},
    {"tokenizer_config.json lists {} language codes; at most 4096 are read.",
     "tokenizer_config.json에 언어 코드가 {1}개 있습니다. 최대 4096개까지만 읽습니다."},
    {"tokenizer_config.json: the language \"{}\" is not among its \"additional_special_tokens\".",
     "tokenizer_config.json: 언어 \"{1}\"이(가) \"additional_special_tokens\"에 없습니다."},
    {"{} is a {} model: it does not choose languages (only a many-language translator such as mBART-50 does).",
     "{1}은(는) {2} 모델이라 언어를 고르지 않습니다 (mBART-50 같은 다국어 번역 모델만 고릅니다)."},
    {"\"{}\" is not a language {} knows. Its codes: {}.",
     "\"{1}\"은(는) {2}이(가) 아는 언어가 아닙니다. 아는 코드: {3}."},
    {"config.json: \"extra_pos_embeddings\" is not 2; AttnLab reads {} position tables with fairseq's two "
     "padding rows.",
     "config.json: \"extra_pos_embeddings\"가 2가 아닙니다. AttnLab은 fairseq의 패딩 행 두 개가 앞에 있는 {1} 위치 "
     "표만 읽습니다."},
    {"{}: config.json names token id {}, but the tokenizer has {} pieces. The folder mixes two models.",
     "{1}: config.json이 토큰 id {2}을(를) 가리키지만 토크나이저에는 조각이 {3}개뿐입니다. 폴더에 두 모델이 섞여 "
     "있습니다."},
    // Whisper and recordings (core/pretrained/families/whisper, core/audio)
    {"{} is a Whisper model: it listens to a recording. Open a sound file ({}) or record one.",
     "{1}은(는) Whisper 모델입니다. 녹음을 듣습니다. 소리 파일({2})을 열거나 녹음하세요."},
    // The microphone's takes and Save as WAV (app/sound/recordings.cpp)
    {"Give the file a name.", "파일 이름을 정하세요."},
    {"That is the recording itself: choose another name.", "녹음 파일 자신입니다. 다른 이름을 고르세요."},
    {"The recording is too short ({} s).", "녹음이 너무 짧습니다 ({1}초)."},
    {"Could not create the folder {}: {}.", "{1} 폴더를 만들 수 없습니다: {2}."},
    {"{} is a Whisper model: it listens, it does not see images.",
     "{1}은(는) Whisper 모델입니다. 소리를 들을 뿐 이미지는 보지 않습니다."},
    {"The transcript fills the decoder ({} tokens), so <|endoftext|> has no row; the word times need it.",
     "받아쓰기가 디코더를 가득 채워({1}토큰) <|endoftext|>가 들어갈 자리가 없습니다. 단어 시간에는 그 행이 필요합니다."},
    {"{} does not know the language \"{}\". It knows {}.",
     "{1}은(는) \"{2}\" 언어를 모릅니다. 아는 언어: {3}."},
    {"The recording is {} ms long; {} needs at least {} ms of sound.",
     "녹음이 {1} ms입니다. {2}에는 최소 {3} ms의 소리가 필요합니다."},
    {"{} has no preprocessor_config.json, and config.json's \"max_source_positions\" {} would make Whisper's log-mel "
     "listen to {} s at a time; AttnLab reads chunks of 1 to 60 whole seconds. Add the model's preprocessor_config.json "
     "to the folder.",
     "{1}에 preprocessor_config.json이 없어서 config.json의 \"max_source_positions\" {2}에 따라 Whisper의 로그 멜이 한 번에 "
     "{3}초씩 듣게 됩니다. AttnLab은 1초에서 60초 사이의 정수 초 단위로 읽습니다. 모델의 preprocessor_config.json을 폴더에 "
     "넣으세요."},
    {"preprocessor_config.json: n_fft {} over {} frames would take {} MiB for one chunk's spectrogram; AttnLab's limit "
     "is {} MiB (Whisper's takes 5).",
     "preprocessor_config.json: n_fft {1}로 {2}프레임을 계산하면 한 구간의 스펙트로그램에 {3} MiB가 듭니다. AttnLab의 "
     "한도는 {4} MiB입니다(Whisper는 5 MiB)."},
    {"'{}' is empty (0 bytes).", "'{1}'은(는) 비어 있습니다 (0바이트)."},
    {"'{}' is not a sound file AttnLab can read ({msg}); it reads {} files.",
     "'{1}'은(는) AttnLab이 읽을 수 있는 소리 파일이 아닙니다 ({2}). 읽을 수 있는 형식: {3}."},
    {"'{}' is {}, not a recording; AttnLab reads {} files.",
     "'{1}'은(는) {2}이며 녹음이 아닙니다. AttnLab이 읽는 형식: {3}."},
    {"'{}' holds samples that are not numbers (NaN or infinity); the file is damaged.",
     "'{1}'에 숫자가 아닌 샘플(NaN 또는 무한대)이 있습니다. 파일이 손상되었습니다."},
    {"'{}' ({}) holds no sound: 0 samples.", "'{1}' ({2})에 소리가 없습니다: 샘플 0개."},
    {"'{}' holds a sample of {}, far beyond full scale (±1); the file is damaged.",
     "'{1}'에 최대 크기(±1)를 훨씬 넘는 샘플 {2}이(가) 있습니다. 파일이 손상되었습니다."},
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
    {"The input is {} tokens after padding, but {} reads at most {} (its context length). Shorten the text.",
     "입력이 패딩을 합쳐 {1}토큰인데, {2}는 최대 {3}토큰까지만 읽습니다 (문맥 길이). 글을 줄이세요."},
    {"The text has more than {} tokens, but {} reads at most {} (its context length). Shorten the text.",
     "글이 {1}토큰을 넘는데, {2}는 최대 {3}토큰까지만 읽습니다 (문맥 길이). 글을 줄이세요."},
    {"The text has more than {} tokens, but {} reads at most {} (it learned one position embedding per place). "
     "Shorten the text.",
     "글이 {1}토큰을 넘는데, {2}는 최대 {3}토큰까지만 읽습니다 (자리마다 위치 임베딩을 하나씩 배웠습니다). "
     "글을 줄이세요."},
    {"The text has more than {} tokens, but {} reads at most {} (its position table has that many rows). Shorten "
     "the text.",
     "글이 {1}토큰을 넘는데, {2}는 최대 {3}토큰까지만 읽습니다 (위치 표의 행이 그만큼입니다). 글을 줄이세요."},
    {"The text has more than {} tokens, but {} reads at most {} (the input length its config sets). Shorten the "
     "text.",
     "글이 {1}토큰을 넘는데, {2}는 최대 {3}토큰까지만 읽습니다 (설정 파일이 정한 입력 길이). 글을 줄이세요."},
    {"The input is {} tokens, but {} reads at most {} (its position table has that many rows). Shorten the text.",
     "입력이 {1}토큰인데, {2}는 최대 {3}토큰까지만 읽습니다 (위치 표의 행이 그만큼입니다). 글을 줄이세요."},
    {"The input is {} tokens, but {} reads at most {} (the input length its config sets). Shorten the text.",
     "입력이 {1}토큰인데, {2}는 최대 {3}토큰까지만 읽습니다 (설정 파일이 정한 입력 길이). 글을 줄이세요."},
    {"The input is {} tokens, but {} reads at most {} (its context length). Shorten the text.",
     "입력이 {1}토큰인데, {2}는 최대 {3}토큰까지만 읽습니다 (문맥 길이). 글을 줄이세요."},
    {"The input is {} tokens, but {} reads at most {} (it learned one position embedding per place). "
     "Shorten the text.",
     "입력이 {1}토큰인데, {2}는 최대 {3}토큰까지만 읽습니다 (자리마다 위치 임베딩을 하나씩 배웠습니다). "
     "글을 줄이세요."},
    {"The tokenizer gave \"{}\" id {}, but {} has only {} token embeddings. Do the tokenizer files belong to this "
     "model?",
     "토크나이저가 \"{1}\"에 id {2}를 주었지만 {3}의 토큰 임베딩은 {4}개뿐입니다. 토크나이저 파일이 이 "
     "모델의 것인가요?"},
    {"Cannot read {}: {}.", "{1}을 읽을 수 없습니다: {2}."},
    // load_pretrained_model puts the config path before parse_model_config's (and the preprocessor
    // config's) message. After
    // "Cannot read {}: {}." (which may name .../config.json too), before the generic "{} is ...".
    {"{}/config.json: {msg}", "{1}/config.json: {2}"},
    {"{}/preprocessor_config.json: {msg}", "{1}/preprocessor_config.json: {2}"},
};

}  // namespace

CoreMessageTable core_messages_models() { return {kPatterns, std::size(kPatterns)}; }

}  // namespace attn::app
