// test_beam_figure.cpp — the beam-tree figure (core/figure/figure_beams.h) and its record
// (core/lm/beam_figure.h): the record against tiny-marian's own beam search (walking the parents
// back from the winner's last box spells the translation), the PNG's winner path and finished
// marks, SVG text in English and Korean, the PDF rendered back, the CSV's rows against the search.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "core/figure/figure_beams.h"
#include "core/lm/beam_figure.h"
#include "core/pretrained/seq2seq/translate.h"
#include "tests/figure_test_util.h"
#include "tests/lm/lm_test_util.h"

using namespace attn;

namespace {

FigureOptions options(FigureLang lang = FigureLang::En) { return test::figure_options(lang, ATTNLAB_TEST_FONT); }
using test::count_pixels;
using test::keep_figure;

struct TinySearch {
    std::shared_ptr<const pretrained::PretrainedModel> model;
    pretrained::Translation t;
    BeamFigureData data;
};

// tiny-marian's 3-beam search over a short English sentence.
const TinySearch& tiny() {
    static const TinySearch s = [] {
        TinySearch r;
        r.model = lm_test::load(lm_test::kFixtures + "/pretrained/models/tiny-marian");
        auto source = pretrained::source_tokens(*r.model, "He went home.", 1000);
        REQUIRE(source.ok());
        std::vector<int> ids;
        for (const auto& tok : *source) ids.push_back(tok.id);
        r.t = pretrained::translate_beams(*r.model, ids, 3, pretrained::generation_limit(r.model->config));
        r.data = lm::beam_figure_data(*r.model, "He went home.", r.t.tree, r.t.ids, r.t.beams, r.t.score);
        return r;
    }();
    return s;
}

// A hand-made tree with Korean tokens: 2 beams over 3 steps, one finished early, the winner 그는 → 집에 → </s>.
BeamFigureData korean_tree() {
    BeamFigureData d;
    d.model = "손수-번역";
    d.family = "Marian";
    d.source = "He went home.";
    d.translation = "그는 집에";
    d.beams = 2;
    d.score = -0.512;
    d.steps = {{{10, "그는", -1, -0.2, false, true}, {11, "그", -1, -0.9, false, false}},
               {{12, "집에", 0, -0.5, false, true}, {13, "</s>", 1, -1.4, true, false}, {14, "갔다", 1, -1.6, false, false}},
               {{15, "</s>", 0, -0.7, true, true}, {16, "갔다", 2, -2.0, false, false}}};
    return d;
}

using Image = test::PngImage;
const auto decode = test::decode_png;
const auto accent = test::accent_pixel;
bool finished_mark(const unsigned char* p) {  // figure_beams.cpp's mark (0.20, 0.55, 0.25)
    return std::abs(p[0] - 51) <= 10 && std::abs(p[1] - 140) <= 10 && std::abs(p[2] - 64) <= 10;
}
bool finished_fill(const unsigned char* p) {  // figure_beams.cpp's finished box (0.87, 0.94, 0.85)
    return std::abs(p[0] - 222) <= 3 && std::abs(p[1] - 240) <= 3 && std::abs(p[2] - 217) <= 3;
}

}  // namespace

TEST_CASE("beam figure record: the search's boxes, parents as indices, the winner spelled back from its last box") {
    const TinySearch& s = tiny();
    const BeamFigureData& d = s.data;
    REQUIRE(s.t.beams == 3);
    REQUIRE(d.steps.size() == s.t.tree.size());
    CHECK(d.model == "tiny-marian");
    CHECK(d.beams == 3);
    CHECK(d.score == s.t.score);
    for (size_t step = 0; step < d.steps.size(); ++step) {
        REQUIRE(d.steps[step].size() == s.t.tree[step].size());
        for (size_t i = 0; i < d.steps[step].size(); ++i) {
            const BeamFigureNode& n = d.steps[step][i];
            CHECK(n.id == s.t.tree[step][i].id);
            CHECK(n.sum == s.t.tree[step][i].sum);
            CHECK(n.finished == s.t.tree[step][i].finished);
            if (step == 0) {
                CHECK(n.parent == -1);
            } else {  // a running box of the step before: never a finished one
                REQUIRE(n.parent >= 0);
                REQUIRE(n.parent < int(d.steps[step - 1].size()));
                CHECK_FALSE(d.steps[step - 1][size_t(n.parent)].finished);
            }
        }
    }
    // One winner box per step of the translation; following the parents back from the last one
    // writes the translation's ids in reverse.
    std::vector<int> winners;
    for (size_t step = 0; step < d.steps.size(); ++step) {
        int n = 0;
        for (size_t i = 0; i < d.steps[step].size(); ++i)
            if (d.steps[step][i].winner) ++n, winners.push_back(int(i));
        CHECK(n == (step < s.t.ids.size() ? 1 : 0));
    }
    REQUIRE(winners.size() == s.t.ids.size());
    std::vector<int> spelled;
    for (int step = int(winners.size()) - 1, i = winners.back(); step >= 0; --step) {
        spelled.insert(spelled.begin(), d.steps[size_t(step)][size_t(i)].id);
        i = d.steps[size_t(step)][size_t(i)].parent;
    }
    CHECK(spelled == s.t.ids);
    CHECK_FALSE(d.translation.empty());
    MESSAGE("tiny-marian, 3 beams: " << d.steps.size() << " steps, winner \"" << d.translation << "\" score " << d.score);
}

TEST_CASE("beam figure PNG: the winner's path in the accent colour, finished boxes filled and marked") {
    const BeamFigureData d = korean_tree();
    auto png = render_beam_figure(d, FigureFormat::Png, options(FigureLang::Ko));
    REQUIRE(png.ok());
    keep_figure("beams-korean.png", *png);
    const Image img = decode(*png);
    CHECK(img.w == 1600);
    CHECK(img.h == 900);
    // The same tree with no winner and nothing finished: only the legend keeps those colours.
    BeamFigureData plain = d;
    for (auto& step : plain.steps)
        for (auto& n : step) n.finished = n.winner = false;
    auto plain_png = render_beam_figure(plain, FigureFormat::Png, options(FigureLang::Ko));
    REQUIRE(plain_png.ok());
    const Image none = decode(*plain_png);
    // Three winner boxes outlined (2.5 units around boxes of ~175 × 72) and the two lines between them.
    const int red = count_pixels(img, 0, 0, img.w, img.h, accent), red_none = count_pixels(none, 0, 0, img.w, img.h, accent);
    MESSAGE("accent pixels: " << red << " with the winner's path, " << red_none << " without");
    CHECK(red - red_none > 3 * 700);
    // They span the tree: from the first column to the last.
    int lo = img.w, hi = 0;
    for (int y = 0; y < img.h; ++y)
        for (int x = 0; x < img.w; ++x)
            if (accent(img.at(x, y))) lo = std::min(lo, x), hi = std::max(hi, x);
    MESSAGE("accent from x " << lo << " to " << hi);
    CHECK(hi - lo > 500);
    // Two finished boxes: their fill (~175 × 72 each, less the text) and their marks.
    const int fill = count_pixels(img, 0, 0, img.w, img.h, finished_fill), fill_none = count_pixels(none, 0, 0, img.w, img.h, finished_fill);
    const int marks = count_pixels(img, 0, 0, img.w, img.h, finished_mark), marks_none = count_pixels(none, 0, 0, img.w, img.h, finished_mark);
    MESSAGE("finished fill " << fill << " (" << fill_none << " without), marks " << marks << " (" << marks_none << " without)");
    CHECK(fill - fill_none > 2 * 8000);
    CHECK(marks - marks_none > 2 * 20);
}

TEST_CASE("beam figure SVG holds the tokens, the steps and the title as text; in Korean too") {
    auto en = render_beam_figure(tiny().data, FigureFormat::Svg, options());
    REQUIRE(en.ok());
    keep_figure("beams-tiny-en.svg", *en);
    for (const char* s : {"Beam search", ">step 1</text>", "tiny-marian", "the winner", "finished: wrote the end token"}) {
        CAPTURE(s);
        CHECK(en->find(s) != std::string::npos);
    }
    std::vector<std::string> warnings;
    auto ko = render_beam_figure(korean_tree(), FigureFormat::Svg, options(FigureLang::Ko), &warnings);
    REQUIRE(ko.ok());
    for (const char* s : {"빔 탐색", ">1단계</text>", ">그는</text>", ">집에</text>", "이긴 후보의 경로", "끝 토큰"}) {
        CAPTURE(s);
        CHECK(ko->find(s) != std::string::npos);
    }
    CHECK(warnings.empty());  // NanumGothic has every glyph
}

TEST_CASE("beam figure: no steps, long tokens, many steps, bad sizes") {
    BeamFigureData empty;
    empty.model = "m";
    auto svg = render_beam_figure(empty, FigureFormat::Svg, options());
    REQUIRE(svg.ok());
    CHECK(svg->find("no search steps to draw") != std::string::npos);
    BeamFigureData d = korean_tree();
    d.steps[1][2].token = std::string(200, 'x');
    auto long_svg = render_beam_figure(d, FigureFormat::Svg, options());
    REQUIRE(long_svg.ok());
    CHECK(long_svg->find(std::string(200, 'x')) == std::string::npos);  // shortened with …
    CHECK(long_svg->find("…") != std::string::npos);
    // 120 steps of 8 boxes: drawn (small), not refused.
    BeamFigureData wide = d;
    wide.steps.clear();
    for (int s = 0; s < 120; ++s) {
        std::vector<BeamFigureNode> step;
        for (int i = 0; i < 8; ++i) step.push_back({i, "t" + std::to_string(i), s == 0 ? -1 : i, -0.1 * s, false, i == 0});
        wide.steps.push_back(step);
    }
    CHECK(render_beam_figure(wide, FigureFormat::Png, options()).ok());
    FigureOptions tiny_size = options();
    tiny_size.width = 10;
    CHECK_FALSE(render_beam_figure(d, FigureFormat::Png, tiny_size).ok());
}

TEST_CASE("beam figure PDF renders back with pdftoppm") {
    auto pdf = render_beam_figure(korean_tree(), FigureFormat::Pdf, options(FigureLang::Ko));
    REQUIRE(pdf.ok());
    keep_figure("beams-korean.pdf", *pdf);
    REQUIRE(pdf->rfind("%PDF-", 0) == 0);
    const auto page = test::pdf_first_page(*pdf, 120);
    if (!page) return;
    const Image& img = *page;
    CHECK(img.w == 1600);
    CHECK(count_pixels(img, 0, 0, img.w, img.h, accent) > 3 * 600);
}

TEST_CASE("beam CSV: header, one row per box, ids, parents and sums as the search's") {
    const TinySearch& s = tiny();
    const std::string csv = beams_csv(s.data, true);
    REQUIRE(csv.rfind("\xEF\xBB\xBFstep,node,parent,id,token,sum_log_p,finished,winner\r\n", 0) == 0);
    std::istringstream in(csv.substr(3));
    std::string line;
    std::getline(in, line);
    size_t rows = 0, want = 0;
    for (const auto& step : s.t.tree) want += step.size();
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        // step,node,parent,id,token,sum,finished,winner: the token may hold a comma (quoted), so the
        // first four fields from the left and the last three from the right.
        std::vector<std::string> left;
        size_t pos = 0;
        for (int k = 0; k < 4; ++k) {
            const size_t comma = line.find(',', pos);
            REQUIRE(comma != std::string::npos);
            left.push_back(line.substr(pos, comma - pos));
            pos = comma + 1;
        }
        const size_t c3 = line.rfind(','), c2 = line.rfind(',', c3 - 1), c1 = line.rfind(',', c2 - 1);
        const size_t step = size_t(std::stoi(left[0]) - 1), node = size_t(std::stoi(left[1]));
        REQUIRE(step < s.t.tree.size());
        REQUIRE(node < s.t.tree[step].size());
        const BeamFigureNode& n = s.data.steps[step][node];
        CHECK(std::stoi(left[3]) == s.t.tree[step][node].id);
        CHECK((step == 0 ? left[2].empty() : std::stoi(left[2]) == n.parent));
        CHECK(std::stod(line.substr(c1 + 1, c2 - c1 - 1)) == s.t.tree[step][node].sum);  // shortest round trip
        CHECK(line.substr(c2 + 1, c3 - c2 - 1) == (n.finished ? "1" : "0"));
        CHECK(line.substr(c3 + 1) == (n.winner ? "1" : "0"));
        ++rows;
    }
    CHECK(rows == want);
}
