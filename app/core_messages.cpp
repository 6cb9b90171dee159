#include "app/core_messages.h"

#include <cassert>
#include <string>
#include <vector>

namespace attn::app {

namespace {

// English pattern → Korean template. In `en`, `{}` captures any text and `{msg}` a nested
// message (localized in turn); in `ko`, `{1}`, `{2}`, ... put the captures back in order of
// appearance. Put longer, more specific patterns before shorter ones they overlap with (the
// first match wins). To add a message: copy its English text from core/, replace each variable
// part by `{}`, and add a case to tests/app/test_core_messages.cpp that triggers it.
struct Pattern {
    const char* en;
    const char* ko;
};

constexpr Pattern kPatterns[] = {
    // core/tokenizer.cpp, core/utf8.cpp
    {"The text has more than {} tokens (the limit). Shorten it or raise the limit.",
     "글의 토큰이 {1}개를 넘습니다 (한도). 글을 줄이거나 한도를 높이세요."},
    {"The text is empty. Type a sentence.", "글이 비어 있습니다. 문장을 입력하세요."},
    {"Invalid UTF-8 at byte {} ({}). Paste the text again or save it as UTF-8.",
     "{1}번째 바이트({2})가 올바른 UTF-8이 아닙니다. 글을 다시 붙여 넣거나 UTF-8로 저장하세요."},

    // core/engine.cpp
    {"The text is {} KiB; AttnLab takes at most {} KiB. Paste a shorter passage.",
     "글이 {1} KiB입니다. AttnLab은 최대 {2} KiB까지 받습니다. 더 짧은 글을 붙여 넣으세요."},
    {"The padding length cannot be negative.", "패딩 길이는 음수일 수 없습니다."},
    {"The padding length {} is above the token limit ({}).",
     "패딩 길이({1})가 토큰 한도({2})를 넘습니다."},
    {"Second sentence: {msg}", "두 번째 문장: {1}"},

    // core/mask.cpp
    {"The custom mask is {} x {} but the attention matrix is {} x {} (queries x keys).",
     "직접 만든 마스크는 {1} x {2}인데 어텐션 행렬은 {3} x {4}입니다 (쿼리 x 키)."},
    {"Global token position {} is outside the sentence (positions 0..{}).",
     "전역 토큰 위치({1})가 문장 밖에 있습니다 (위치 0..{2})."},
    {"The masked cell ({}, {}) is outside the {} x {} attention matrix.",
     "가린 칸({1}, {2})이 {3} x {4} 어텐션 행렬 밖에 있습니다."},

    // core/builtin_model.cpp (validate_model), core/attention.cpp (validate_attention)
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
    {"The temperature must be a positive number (got {}).", "온도는 양수여야 합니다 (입력: {1})."},

    // core/atomic_file.cpp (every file the app or the CLI writes), app/image_io.cpp
    {"No output file given.", "저장할 파일이 지정되지 않았습니다."},
    {"'{}' is a folder, not a file.", "'{1}': 파일이 아니라 폴더입니다."},
    {"'{}' is a directory, not a file name.", "'{1}': 파일 이름이 아니라 폴더입니다."},
    {"Cannot write '{}': the folder '{}' does not exist.", "'{1}'에 쓸 수 없습니다: 폴더가 없습니다 ('{2}')."},
    {"Cannot write '{}': permission denied.", "'{1}'에 쓸 수 없습니다: 권한이 없습니다."},
    {"Cannot write '{}': {}.", "'{1}'에 쓸 수 없습니다: {2}."},
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

    // core/asset_paths.cpp
    {"The figure font NanumGothic.ttf was not found. Looked in:{}\nSet ATTNLAB_ASSET_DIR to the folder holding "
     "fonts/, install fonts-nanum, or pass --font FILE.",
     "그림용 글꼴 NanumGothic.ttf를 찾지 못했습니다. 찾아본 곳:{1}\nATTNLAB_ASSET_DIR를 fonts/가 있는 "
     "폴더로 정하거나, fonts-nanum을 설치하거나, --font FILE을 주세요."},

    // The app's own messages: app/app_state.cpp, app/settings.cpp, app/presets.cpp, app/export_job.cpp
    {"Global tokens: an empty item between commas.", "전역 토큰: 쉼표 사이에 빈 항목이 있습니다."},
    {"Global tokens: '{}' is not a position (use whole numbers from 0, e.g. 0, 3).",
     "전역 토큰: '{1}'은 위치가 아닙니다 (0부터의 정수를 쓰세요. 예: 0, 3)."},
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
};

// One `{}` / `{msg}` between literal pieces: en = lit[0] cap lit[1] cap ... lit[n].
struct Parsed {
    std::vector<std::string> literals;  // captures + 1 pieces (possibly empty first/last)
    std::vector<bool> nested;           // per capture: `{msg}`
};

Parsed parse_en(const char* en) {
    Parsed p;
    std::string s(en), lit;
    for (size_t i = 0; i < s.size();) {
        if (s.compare(i, 2, "{}") == 0) {
            p.literals.push_back(lit);
            p.nested.push_back(false);
            lit.clear();
            i += 2;
        } else if (s.compare(i, 5, "{msg}") == 0) {
            p.literals.push_back(lit);
            p.nested.push_back(true);
            lit.clear();
            i += 5;
        } else {
            lit += s[i++];
        }
    }
    p.literals.push_back(lit);
    return p;
}

const std::vector<Parsed>& parsed_patterns() {
    static const std::vector<Parsed> parsed = [] {  // immutable after the first call (thread-safe init)
        std::vector<Parsed> v;
        for (const Pattern& p : kPatterns) v.push_back(parse_en(p.en));
        return v;
    }();
    return parsed;
}

// Captures of `text` against the pattern, or false. Each literal is taken at its leftmost
// position after the previous one, which leaves the most room for the rest: if any split
// exists, this finds one. The last literal must end the text.
bool match(const Parsed& p, std::string_view text, std::vector<std::string_view>* caps) {
    caps->clear();
    const std::string& first = p.literals.front();
    if (text.substr(0, first.size()) != first) return false;
    if (p.literals.size() == 1) return text.size() == first.size();
    const std::string& last = p.literals.back();
    if (text.size() < first.size() + last.size() || text.substr(text.size() - last.size()) != last) return false;
    const size_t tail = text.size() - last.size();
    size_t pos = first.size();
    for (size_t k = 1; k + 1 < p.literals.size(); ++k) {
        const size_t at = text.find(p.literals[k], pos);
        if (at == std::string_view::npos || at + p.literals[k].size() > tail) return false;
        caps->push_back(text.substr(pos, at - pos));
        pos = at + p.literals[k].size();
    }
    caps->push_back(text.substr(pos, tail - pos));
    return true;
}

// `ko` with {1}, {2}, ... replaced by the captures.
std::string fill(const char* ko, const std::vector<std::string>& caps) {
    std::string out;
    for (const char* c = ko; *c != '\0';) {
        if (c[0] == '{' && c[1] >= '1' && c[1] <= '9' && c[2] == '}') {
            const size_t k = size_t(c[1] - '1');
            assert(k < caps.size() && "check_core_message_table catches this");
            if (k < caps.size()) out += caps[k];
            c += 3;
        } else {
            out += *c++;
        }
    }
    return out;
}

}  // namespace

std::string localize_core_message(std::string_view english, Lang lang) {
    if (lang == Lang::En || english.empty()) return std::string(english);
    const std::vector<Parsed>& parsed = parsed_patterns();
    std::vector<std::string_view> caps;
    for (size_t n = 0; n < parsed.size(); ++n) {
        if (!match(parsed[n], english, &caps)) continue;
        std::vector<std::string> filled;
        for (size_t k = 0; k < caps.size(); ++k) {
            filled.push_back(parsed[n].nested[k] ? localize_core_message(caps[k], lang) : std::string(caps[k]));
        }
        return fill(kPatterns[n].ko, filled);
    }
    return std::string(english);
}

std::string check_core_message_table() {
    std::string problems;
    for (const Pattern& p : kPatterns) {
        const Parsed parsed = parse_en(p.en);
        const size_t n_caps = parsed.nested.size();
        for (size_t k = 1; k + 1 < parsed.literals.size(); ++k) {
            if (parsed.literals[k].empty()) problems += std::string("adjacent captures: ") + p.en + "\n";
        }
        std::vector<bool> used(n_caps, false);
        const std::string ko(p.ko);
        for (size_t i = 0; i + 2 < ko.size(); ++i) {
            if (ko[i] == '{' && ko[i + 1] >= '1' && ko[i + 1] <= '9' && ko[i + 2] == '}') {
                const size_t k = size_t(ko[i + 1] - '1');
                if (k >= n_caps) problems += std::string("{") + ko[i + 1] + "} without a capture: " + p.en + "\n";
                else used[k] = true;
            }
        }
        for (size_t k = 0; k < n_caps; ++k) {
            if (!used[k]) problems += "capture " + std::to_string(k + 1) + " unused: " + p.en + "\n";
        }
    }
    return problems;
}

}  // namespace attn::app
