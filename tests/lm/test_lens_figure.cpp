// test_lens_figure.cpp — the lens figure (core/figure/figure_lens.h) and its record
// (core/lm/lens_figure.h): the record against the logit lens of tiny-gpt2, the PNG's cells and
// frames where the layout puts them, SVG text (English, Korean tokens and Korean labels), the PDF
// rendered back by pdftoppm, the CSV's rows against the lens.
#include <doctest/doctest.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/figure/figure_lens.h"
#include "core/lm/lens_figure.h"
#include "core/lm/lm_inputs.h"
#include "core/lm/logit_lens.h"
#include "tests/lm/lm_test_util.h"
#include "tests/figure_test_util.h"

using namespace attn;

namespace {

FigureOptions options(FigureLang lang = FigureLang::En) { return test::figure_options(lang, ATTNLAB_TEST_FONT); }
using test::count_pixels;
using test::keep_figure;

struct TinyLens {
    std::shared_ptr<const pretrained::PretrainedModel> model;
    lm::LogitLens lens;
    LensFigureData data;
};

// tiny-gpt2 over a short sentence, the top 3 per cell.
const TinyLens& tiny() {
    static const TinyLens t = [] {
        TinyLens r;
        r.model = lm_test::load(lm_test::kTinyGpt2);
        auto ids = lm::encode_for_model(*r.model, " the cat sat on the mat");
        REQUIRE(ids.ok());
        auto lens = lm::logit_lens(*r.model, *ids, 3);
        REQUIRE(lens.ok());
        r.lens = std::move(*lens);
        r.data = lm::lens_figure_data(*r.model, r.lens, " the cat sat on the mat");
        return r;
    }();
    return t;
}

// A hand-made table with Korean tokens: 3 rows × 4 positions, answers first on top at rows 2, 1, 2, 0.
LensFigureData korean_table() {
    LensFigureData d;
    d.model = "손수-모델";
    d.family = "GPT-2";
    d.text = "고양이가 매트 위에";
    d.tokens = {"고양이", "가", "매트", "위에"};
    d.layers = {0, 1, 2};
    d.answers = {"는", "앉았다", "위", "있다"};
    const int first[4] = {2, 1, 2, 0};
    const char* early[4] = {"의", "앉았다", "에서", "있다"};
    for (int r = 0; r < 3; ++r) {
        std::vector<LensFigureCell> row;
        for (int i = 0; i < 4; ++i) {
            LensFigureCell c;
            const bool answer = r >= first[i];
            const float p = 0.2f + 0.25f * float(r);
            c.top.push_back({100 + i, answer ? d.answers[size_t(i)] : early[i], p});
            c.top.push_back({200 + i, "그리고", 0.1f});
            c.answer = answer;
            c.first_answer = r == first[i];
            row.push_back(c);
        }
        d.cells.push_back(row);
    }
    return d;
}

using Image = test::PngImage;
const auto decode = test::decode_png;
const auto accent = test::accent_pixel;  // the frames
bool colourful(const unsigned char* p) {
    const int hi = std::max({p[0], p[1], p[2]}), lo = std::min({p[0], p[1], p[2]});
    return hi - lo > 60;
}

}  // namespace

TEST_CASE("lens figure record: one row per layer, the lens's top tokens, one framed cell per position") {
    const TinyLens& t = tiny();
    const LensFigureData& d = t.data;
    const int n = int(t.lens.ids.size());
    REQUIRE(d.tokens.size() == size_t(n));
    REQUIRE(d.layers == std::vector<int>{0, 1, 2});  // the embeddings, then 2 blocks
    CHECK(d.model == "tiny-gpt2");
    CHECK(d.ablation.empty());
    double max_diff = 0;
    for (size_t r = 0; r < d.layers.size(); ++r) {
        REQUIRE(d.cells[r].size() == size_t(n));
        for (int i = 0; i < n; ++i) {
            const LensFigureCell& c = d.cells[r][size_t(i)];
            REQUIRE(c.top.size() == 3);
            for (size_t k = 0; k < 3; ++k) {
                CHECK(c.top[k].id == t.lens.layers[r].top[size_t(i)][k].id);
                max_diff = std::max(max_diff, double(std::fabs(c.top[k].probability - t.lens.layers[r].top[size_t(i)][k].prob)));
            }
            CHECK(c.answer == (c.top[0].id == t.lens.answer[size_t(i)]));
        }
    }
    MESSAGE("max |Δ probability| record vs lens: " << max_diff);
    CHECK(max_diff == 0.0);
    for (int i = 0; i < n; ++i) {
        int framed = 0;
        for (size_t r = 0; r < d.layers.size(); ++r) framed += d.cells[r][size_t(i)].first_answer ? 1 : 0;
        CHECK(framed == 1);
        CHECK(d.cells.back()[size_t(i)].answer);  // the last row is the model's own answer
    }
    // With heads knocked out the record says so.
    pretrained::Ablation a;
    a.heads.push_back({0, 1});
    const LensFigureData knocked = lm::lens_figure_data(*t.model, t.lens, "x", a);
    CHECK(knocked.ablation == "1.2 (zero)");
}

TEST_CASE("lens figure PNG: slide size, coloured cells, one red frame per position where the layout puts it") {
    const LensFigureData d = korean_table();
    auto png = render_lens_figure(d, FigureFormat::Png, options(FigureLang::Ko));
    REQUIRE(png.ok());
    keep_figure("lens-korean.png", *png);
    const Image img = decode(*png);
    CHECK(img.w == 1600);
    CHECK(img.h == 900);
    const int cells = count_pixels(img, 0, 0, img.w, img.h, colourful);
    MESSAGE("colormap pixels: " << cells);
    CHECK(cells > 100000);
    // Frames: 4 (one per position), 3 figure units thick around cells of at most 240 × 100 units
    // (neighbouring frames overlap a little), so each is 1,000–2,100 pixels; the legend's swatch ~200.
    const int red = count_pixels(img, 0, 0, img.w, img.h, accent);
    MESSAGE("frame-coloured pixels: " << red);
    CHECK(red > 4 * 1000);
    CHECK(red < 4 * 2100 + 300);
    // The topmost frame is position 3's (answer already on top in the embeddings row): the rightmost
    // column, so its right edge is the rightmost frame pixel of the figure; the legend's swatch is
    // below the table.
    int top = -1, rightmost = 0;
    for (int y = 0; y < img.h; ++y)
        for (int x = 0; x < img.w; ++x)
            if (accent(img.at(x, y))) {
                if (top < 0) top = y;
                rightmost = std::max(rightmost, x);
            }
    REQUIRE(top >= 0);
    int left = img.w, right = 0;
    for (int x = 0; x < img.w; ++x)
        if (accent(img.at(x, top + 1))) left = std::min(left, x), right = std::max(right, x);
    MESSAGE("topmost frame: y " << top << ", x " << left << "…" << right << "; rightmost frame pixel " << rightmost);
    CHECK(right == rightmost);
    CHECK(right - left > 150);  // one cell wide, not a sliver
    CHECK(top < img.h / 2);
}

TEST_CASE("lens figure SVG holds the tokens, the title and the row labels as text; in Korean too") {
    auto en = render_lens_figure(tiny().data, FigureFormat::Svg, options());
    REQUIRE(en.ok());
    keep_figure("lens-tiny-en.svg", *en);
    for (const char* s : {"logit lens", ">embeddings</text>", ">layer 2</text>", "tiny-gpt2", ">probability</text>"}) {
        CAPTURE(s);
        CHECK(en->find(s) != std::string::npos);
    }
    auto ko = render_lens_figure(korean_table(), FigureFormat::Svg, options(FigureLang::Ko));
    REQUIRE(ko.ok());
    for (const char* s : {"로짓 렌즈", ">임베딩</text>", ">레이어 2</text>", ">고양이</text>", ">앉았다</text>", ">확률</text>"}) {
        CAPTURE(s);
        CHECK(ko->find(s) != std::string::npos);
    }
    std::vector<std::string> warnings;
    auto png = render_lens_figure(korean_table(), FigureFormat::Png, options(FigureLang::Ko), &warnings);
    REQUIRE(png.ok());
    CHECK(warnings.empty());  // NanumGothic has every glyph
}

TEST_CASE("lens figure: an empty table, long tokens, A4 portrait, bad sizes") {
    LensFigureData empty;
    empty.model = "m";
    auto svg = render_lens_figure(empty, FigureFormat::Svg, options());
    REQUIRE(svg.ok());
    CHECK(svg->find("no tokens to read") != std::string::npos);
    LensFigureData d = korean_table();
    d.tokens[0] = std::string(200, 'x');
    d.cells[2][0].top[0].token = "supercalifragilisticexpialidocious-and-more";
    FigureOptions a4 = options();
    a4.width = kA4Width;
    a4.height = kA4Height;
    auto long_svg = render_lens_figure(d, FigureFormat::Svg, a4);
    REQUIRE(long_svg.ok());
    CHECK(long_svg->find(std::string(200, 'x')) == std::string::npos);  // shortened with …
    CHECK(long_svg->find("…") != std::string::npos);
    FigureOptions tiny_size = options();
    tiny_size.width = 10;
    CHECK_FALSE(render_lens_figure(d, FigureFormat::Png, tiny_size).ok());
}

TEST_CASE("lens figure PDF renders back with pdftoppm") {
    auto pdf = render_lens_figure(korean_table(), FigureFormat::Pdf, options(FigureLang::Ko));
    REQUIRE(pdf.ok());
    keep_figure("lens-korean.pdf", *pdf);
    REQUIRE(pdf->rfind("%PDF-", 0) == 0);
    const auto page = test::pdf_first_page(*pdf, 120);
    if (!page) return;
    const Image& img = *page;
    CHECK(img.w == 1600);  // 13.33 in at 120 dpi
    CHECK(count_pixels(img, 0, 0, img.w, img.h, accent) > 4000);
    CHECK(count_pixels(img, 0, 0, img.w, img.h, colourful) > 100000);
}

TEST_CASE("lens CSV: header, one row per layer, position and rank, numbers as the lens's") {
    const TinyLens& t = tiny();
    const std::string csv = lens_csv(t.data, true);
    REQUIRE(csv.rfind("\xEF\xBB\xBFlayer,position,rank,id,token,probability\r\n", 0) == 0);
    std::istringstream in(csv.substr(3));
    std::string line;
    std::getline(in, line);
    int rows = 0;
    double max_diff = 0;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        // layer,position,rank,id,"token",probability: the numbers are the first four and the last field.
        int v[4] = {};
        size_t pos = 0;
        for (int& x : v) {
            const size_t comma = line.find(',', pos);
            REQUIRE(comma != std::string::npos);
            std::from_chars(line.data() + pos, line.data() + comma, x);
            pos = comma + 1;
        }
        const float p = std::stof(line.substr(line.rfind(',') + 1));
        const auto& want = t.lens.layers[size_t(v[0])].top[size_t(v[1])][size_t(v[2] - 1)];
        CHECK(v[3] == want.id);
        max_diff = std::max(max_diff, double(std::fabs(p - want.prob)));
        ++rows;
    }
    MESSAGE("max |Δ probability| CSV vs lens: " << max_diff);
    CHECK(max_diff < 1e-7);
    CHECK(rows == 3 * int(t.lens.ids.size()) * 3);
}
