// test_train_figure.cpp — the Train figure (core/figure/figure_train.h) from a real short run:
// PNG size and what is drawn where, SVG text (task name, Hangul), PDF rendered back by pdftoppm,
// an untrained run, non-finite losses, A4 portrait, bad sizes.
#include <doctest/doctest.h>


#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "core/figure/figure_train.h"
#include "core/train/train_figure.h"
#include "core/train/trainer.h"
#include "tests/figure_test_util.h"

#ifndef ATTNLAB_TEST_FONT
#define ATTNLAB_TEST_FONT "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"
#endif

using namespace attn;

namespace {

std::unique_ptr<train::TrainState> reverse_state(int steps) {
    train::TrainOptions o;
    REQUIRE(train::apply_task_defaults(o, "reverse"));
    o.steps = 60;
    o.seed = 1;
    o.threads = 1;
    o.eval_every = 20;
    o.eval_examples = 64;
    auto s = train::make_train_state(o);
    REQUIRE(s.ok());
    for (int i = 0; i < steps; ++i) train::train_step(**s);
    return std::move(*s);
}

// reverse, 60 steps, seed 1: trained once for every test case.
const TrainFigureData& trained() {
    static const TrainFigureData d = train::train_figure_data(*reverse_state(60));
    return d;
}
const TrainFigureData& untrained() {
    static const TrainFigureData d = train::train_figure_data(*reverse_state(0));
    return d;
}

FigureOptions options(FigureLang lang = FigureLang::En) { return test::figure_options(lang, ATTNLAB_TEST_FONT); }
using test::count_pixels;
using test::keep_figure;
using Image = test::PngImage;
const auto decode = test::decode_png;

// The training-loss line's colour (figure_train.cpp: kLossColor 0, 0.45, 0.70), drawn solid.
bool loss_blue(const unsigned char* p) {
    return std::abs(p[0] - 0) <= 10 && std::abs(p[1] - 115) <= 10 && std::abs(p[2] - 179) <= 10;
}
// A saturated colour: the heatmaps' colormap (never the black/grey ink, rules or white paper).
bool colourful(const unsigned char* p) {
    const int hi = std::max({p[0], p[1], p[2]}), lo = std::min({p[0], p[1], p[2]});
    return hi - lo > 60;
}

}  // namespace

TEST_CASE("train figure PNG: slide size, the loss curve on the left, the head grid on the right") {
    const TrainFigureData& d = trained();
    REQUIRE(d.steps.size() == 60);
    REQUIRE(d.evals.size() == 3);  // steps 20, 40, 60
    REQUIRE(d.probe);
    CHECK(d.probe->layers.size() == 2);
    auto png = render_train_figure(d, FigureFormat::Png, options());
    REQUIRE(png.ok());
    keep_figure("train-60-en.png", *png);
    const Image img = decode(*png);
    CHECK(img.w == 1600);
    CHECK(img.h == 900);
    // Left column (40% of the content): the loss curve's solid line. The legend's swatch alone is
    // about 50 pixels of this colour; the curve over 60 steps is far more.
    const int curve = count_pixels(img, 0, 0, 660, 900, loss_blue);
    MESSAGE("loss-coloured pixels in the left column: " << curve);
    CHECK(curve > 400);
    // Right: 2 × 4 heatmaps of the probe.
    const int heads = count_pixels(img, 700, 120, 1600, 820, colourful);
    MESSAGE("colormap pixels in the head grid: " << heads);
    CHECK(heads > 20000);
}

TEST_CASE("train figure after 0 steps: axes and the untrained probe, no curve") {
    const TrainFigureData& d = untrained();
    CHECK(d.steps.empty());
    for (FigureLang lang : {FigureLang::En, FigureLang::Ko}) {
        auto png = render_train_figure(d, FigureFormat::Png, options(lang));
        REQUIRE(png.ok());
        keep_figure(lang == FigureLang::Ko ? "train-0-ko.png" : "train-0-en.png", *png);
        const Image img = decode(*png);
        CHECK(count_pixels(img, 0, 0, 660, 900, loss_blue) < 150);  // the legend is left out too
        CHECK(count_pixels(img, 700, 120, 1600, 820, colourful) > 20000);
        auto svg = render_train_figure(d, FigureFormat::Svg, options(lang));
        REQUIRE(svg.ok());
        CHECK(svg->find(lang == FigureLang::Ko ? "아직 학습 전" : "not trained yet") != std::string::npos);
    }
    // Nothing at all: no probe, no steps, no evaluations.
    TrainFigureData empty;
    empty.task = "copy";
    auto png = render_train_figure(empty, FigureFormat::Png, options());
    CHECK(png.ok());
}

TEST_CASE("train figure SVG holds the task, the title and the head captions as text; Korean too") {
    auto en = render_train_figure(trained(), FigureFormat::Svg, options());
    REQUIRE(en.ok());
    CHECK(en->find("reverse") != std::string::npos);
    CHECK(en->find("d_model") == std::string::npos);  // written d<sub>model</sub>: "dmodel" in the text
    for (const char* s : {">L1 H1</text>", ">L2 H4</text>", "step 60/60", ">Loss</text>"}) {
        CAPTURE(s);
        CHECK(en->find(s) != std::string::npos);
    }
    CHECK(en->find("nan") == std::string::npos);
    auto ko = render_train_figure(trained(), FigureFormat::Svg, options(FigureLang::Ko));
    REQUIRE(ko.ok());
    auto ko_png = render_train_figure(trained(), FigureFormat::Png, options(FigureLang::Ko));
    REQUIRE(ko_png.ok());
    keep_figure("train-60-ko.png", *ko_png);
    for (const char* s : {"reverse", "학습", "손실", "새 예제에 대한 정확도", "스텝 60/60"}) {
        CAPTURE(s);
        CHECK(ko->find(s) != std::string::npos);
    }
}

TEST_CASE("train figure PDF renders back with pdftoppm") {
    auto pdf = render_train_figure(trained(), FigureFormat::Pdf, options(FigureLang::Ko));
    REQUIRE(pdf.ok());
    keep_figure("train-60-ko.pdf", *pdf);
    REQUIRE(pdf->rfind("%PDF-", 0) == 0);
    const auto page = test::pdf_first_page(*pdf, 30);
    if (!page) return;
    const Image& img = *page;
    CHECK(img.w == 400);  // 13.33 in at 30 dpi
    CHECK(count_pixels(img, img.w / 2, 0, img.w, img.h, colourful) > 500);
}

TEST_CASE("train figure: A4 portrait, non-finite losses, bad sizes") {
    FigureOptions a4 = options();
    a4.width = kA4Width;
    a4.height = kA4Height;
    auto png = render_train_figure(trained(), FigureFormat::Png, a4);
    REQUIRE(png.ok());
    keep_figure("train-60-a4.png", *png);
    const Image img = decode(*png);
    CHECK(img.w == 992);
    CHECK(img.h == 1403);
    CHECK(count_pixels(img, 0, 0, img.w, img.h / 2, loss_blue) > 300);  // curves on top
    CHECK(count_pixels(img, 0, img.h / 2, img.w, img.h, colourful) > 20000);  // heads below

    TrainFigureData odd = trained();
    odd.losses[3] = std::numeric_limits<double>::quiet_NaN();
    odd.losses[4] = std::numeric_limits<double>::infinity();
    odd.losses[5] = 0.0;  // not on a log axis
    odd.evals[0].exact = std::numeric_limits<double>::quiet_NaN();
    odd.steps.push_back(61);  // one step more than losses: ignored
    auto svg = render_train_figure(odd, FigureFormat::Svg, options());
    REQUIRE(svg.ok());
    CHECK(svg->find("nan") == std::string::npos);
    CHECK(svg->find("inf") == std::string::npos);

    FigureOptions tiny = options();
    tiny.width = 10;
    auto bad = render_train_figure(trained(), FigureFormat::Pdf, tiny);
    REQUIRE(!bad.ok());
    CHECK(bad.error().find("figure size") != std::string::npos);
}
