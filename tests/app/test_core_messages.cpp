// The engine's English messages in Korean (app/core_messages.h). Every case triggers a real
// error from core/ (or the app) with bad input and checks the Korean: different from the
// English, has Hangul, and keeps every number of the English. A message added or reworded in
// core/ without a pattern in the table fails here.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "app/app_state.h"
#include "app/core_messages.h"
#include "app/export_job.h"
#include "app/image_io.h"
#include "app/presets.h"
#include "app/settings.h"
#include "core/atomic_file.h"
#include "core/attention.h"
#include "core/builtin_model.h"
#include "core/engine.h"
#include "core/figure/figure.h"
#include "core/mask.h"
#include "core/tokenizer.h"
#include "core/utf8.h"

using namespace attn;
using namespace attn::app;

namespace {

bool has_hangul(const std::string& s) {
    size_t pos = 0;
    char32_t cp = 0;
    while (pos < s.size()) {
        if (!decode_utf8(s, pos, cp)) return false;
        if (cp >= 0xAC00 && cp <= 0xD7A3) return true;
    }
    return false;
}

// Runs of digits, in order: "512 tokens (1–12)" → {"512", "1", "12"}.
std::vector<std::string> numbers_in(const std::string& s) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
        if (c >= '0' && c <= '9') {
            cur += c;
        } else if (!cur.empty()) {
            out.push_back(cur);
            cur.clear();
        }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
}

// The Korean for a real error message: translated, Hangul, every number of the English kept.
void check_translated(const std::string& english) {
    REQUIRE_MESSAGE(!english.empty(), "the call was expected to fail");
    const std::string ko = localize_core_message(english, Lang::Ko);
    INFO("English: " << english);
    INFO("Korean:  " << ko);
    CHECK_MESSAGE(ko != english, "no Korean pattern matches this message: add it to app/core_messages.cpp");
    CHECK(has_hangul(ko));
    for (const std::string& n : numbers_in(english)) CHECK_MESSAGE(ko.find(n) != std::string::npos, "lost " << n);
    CHECK(localize_core_message(english, Lang::En) == english);
}

template <typename T>
std::string error_of(const Expected<T>& e) {
    return e.ok() ? std::string() : e.error();
}

Trace small_trace() {
    auto model = make_builtin_model(ModelConfig{});
    REQUIRE(model.ok());
    RunConfig run;
    run.text = "Time flies like an arrow";
    auto t = compute_trace(*model, run);
    REQUIRE(t.ok());
    return std::move(*t);
}

}  // namespace

TEST_CASE("the message table is well formed") {
    CHECK(check_core_message_table().empty());
    INFO(check_core_message_table());
}

TEST_CASE("tokenizer and engine messages in Korean") {
    check_translated(error_of(tokenize("   ")));
    check_translated(error_of(tokenize("a \xff b")));
    TokenizerOptions few;
    few.max_tokens = 3;
    check_translated(error_of(tokenize("one two three four five", few)));
    const std::string too_many = localize_core_message(error_of(tokenize("one two three four five", few)), Lang::Ko);
    CHECK(too_many.find("3개") != std::string::npos);

    auto model = make_builtin_model(ModelConfig{});
    REQUIRE(model.ok());
    RunConfig run;
    run.text = "Time flies like an arrow";
    run.mask.pad_to = -1;
    check_translated(error_of(compute_trace(*model, run)));
    run.mask.pad_to = 100000;
    check_translated(error_of(compute_trace(*model, run)));
    run.mask.pad_to = 0;
    run.attention.temperature = -2.0f;
    check_translated(error_of(compute_trace(*model, run)));
    run.attention.temperature = 1.0f;
    run.text = std::string(kMaxTextBytes + 2048, 'a');
    check_translated(error_of(compute_trace(*model, run)));

    // Nested: the prefix and the inner message are both translated.
    run.text = "Time flies";
    run.cross_text = "\xc3";  // a truncated two-byte sequence
    const std::string nested = error_of(compute_trace(*model, run));
    check_translated(nested);
    const std::string nested_ko = localize_core_message(nested, Lang::Ko);
    CHECK(nested_ko.rfind("두 번째 문장: ", 0) == 0);
    CHECK(nested_ko.find("UTF-8이 아닙니다") != std::string::npos);
}

TEST_CASE("model, mask and attention messages in Korean") {
    ModelConfig c;
    c.d_model = 0;
    check_translated(validate_model(c).message());
    c.d_model = 64;
    c.n_heads = 0;
    check_translated(validate_model(c).message());
    c.n_heads = 5;
    check_translated(validate_model(c).message());

    MaskConfig m;
    m.custom_blocked = BoolMat::Zero(2, 3);
    check_translated(error_of(build_mask(m, 4, 4, {})));
    m = MaskConfig{};
    m.global_tokens = {7};
    check_translated(error_of(build_mask(m, 4, 4, {})));
    m = MaskConfig{};
    m.blocked_cells = {{5, 1}};
    check_translated(error_of(build_mask(m, 4, 4, {})));

    AttentionWeights w;
    AttentionOptions opt;
    w.n_heads = 0;
    check_translated(validate_attention(w, opt, 8, 8).message());
    w.n_heads = 1;
    check_translated(validate_attention(w, opt, 0, 0).message());  // d_model 0
    w.n_heads = 3;
    w.w_q = w.w_k = w.w_v = w.w_o = Mat::Zero(8, 8);
    check_translated(validate_attention(w, opt, 8, 8).message());
    w.n_heads = 2;
    w.w_o = Mat::Zero(8, 6);
    check_translated(validate_attention(w, opt, 8, 8).message());
    w.w_o = Mat::Zero(8, 8);
    w.b_q = RowVec::Zero(5);
    check_translated(validate_attention(w, opt, 8, 8).message());
    w.b_q = RowVec();
    check_translated(validate_attention(w, opt, 8, 10).message());
    opt.temperature = 0.0f;
    check_translated(validate_attention(w, opt, 8, 8).message());
}

TEST_CASE("file and figure messages in Korean") {
    auto noop = [](std::ostream&) { return Status::Ok(); };
    const std::filesystem::path dir = std::filesystem::temp_directory_path();
    check_translated(write_file_atomically("", noop).message());
    check_translated(write_file_atomically(dir.string(), noop).message());
    check_translated(write_file_atomically((dir / "no-such-folder-attnlab" / "x.json").string(), noop).message());
    const std::string failed = write_file_atomically((dir / "attnlab-msg-test.json").string(), [](std::ostream& os) {
                                   os.setstate(std::ios::badbit);
                                   return Status::Ok();
                               }).message();
    check_translated(failed);
    check_translated(check_writable(dir.string()).message());
    check_translated(check_writable((dir / "no-such-folder-attnlab" / "x.png").string()).message());

    const Trace t = small_trace();
    FigureRequest r;
    r.options.width = 1.0;
    check_translated(validate_figure_request(t, r, FigureFormat::Png).message());
    r = FigureRequest{};
    r.options.png_scale = -1.0;
    check_translated(validate_figure_request(t, r, FigureFormat::Png).message());
    r.options.png_scale = 100.0;
    check_translated(validate_figure_request(t, r, FigureFormat::Png).message());
    r = FigureRequest{};
    check_translated(validate_figure_request(Trace{}, r, FigureFormat::Svg).message());
    r.layer = 3;
    check_translated(validate_figure_request(t, r, FigureFormat::Svg).message());
    r.layer = 0;
    r.head = 9;
    check_translated(validate_figure_request(t, r, FigureFormat::Svg).message());
    r.head = 0;
    r.view = FigureView::Cell;
    check_translated(validate_figure_request(t, r, FigureFormat::Svg).message());
    r.cell_query = 1;
    r.cell_key = 40;
    check_translated(validate_figure_request(t, r, FigureFormat::Svg).message());
    r = FigureRequest{};
    r.view = FigureView::Scaling;
    check_translated(validate_figure_request(t, r, FigureFormat::Svg).message());
    r.other_scaling = &t;  // the same scaling: not the other way
    check_translated(validate_figure_request(t, r, FigureFormat::Svg).message());
    const Trace other = small_trace();
    Trace shorter = other;
    shorter.q_tokens.pop_back();
    r.other_scaling = &shorter;
    check_translated(validate_figure_request(t, r, FigureFormat::Svg).message());
    r = FigureRequest{};
    r.options.font_files = {(dir / "no-such-font-attnlab.ttf").string()};
    check_translated(error_of(render_figure(t, r, FigureFormat::Svg)));
    const std::string not_font = (dir / "attnlab-msg-not-a-font.ttf").string();
    REQUIRE(write_file_atomically(not_font, [](std::ostream& os) {
                os << "not a font";
                return Status::Ok();
            }).ok());
    r.options.font_files = {not_font};
    check_translated(error_of(render_figure(t, r, FigureFormat::Svg)));
    std::filesystem::remove(not_font);
}

TEST_CASE("the app's own messages in Korean") {
    check_translated(error_of(parse_index_list("0,,3")));
    check_translated(error_of(parse_index_list("0, x")));
    AppState s;
    check_translated(apply_settings_json("{\"text\": ", s) + " (/tmp/settings.json)");
    check_translated(apply_settings_json("[1, 2]", s) + " (/tmp/settings.json)");
    check_translated(apply_settings_json("{\"d_model\": \"wide\"}", s) + " (/tmp/settings.json)");
    check_translated(load_presets("/no/such/presets-attnlab.txt").error);
    check_translated(run_export(ExportInputs{}, ExportSettings{}).message);
}

TEST_CASE("numbers, paths and unknown messages") {
    CHECK(localize_core_message("The text has more than 512 tokens (the limit). Shorten it or raise the limit.",
                                Lang::Ko) == "글의 토큰이 512개를 넘습니다 (한도). 글을 줄이거나 한도를 높이세요.");
    // Paths and system messages are put back as they are.
    CHECK(localize_core_message("Cannot write '/tmp/my files/a.b.json': No space left on device.", Lang::Ko) ==
          "'/tmp/my files/a.b.json'에 쓸 수 없습니다: No space left on device.");
    // Unknown messages (a driver's, a future core message) pass through unchanged.
    CHECK(localize_core_message("Heatmap shaders do not link: 0:1 error", Lang::Ko) ==
          "Heatmap shaders do not link: 0:1 error");
    CHECK(localize_core_message("", Lang::Ko).empty());
    // A prefix alone is not the whole message.
    CHECK(localize_core_message("The text is empty. Type a sentence. And more.", Lang::Ko) ==
          "The text is empty. Type a sentence. And more.");
}
