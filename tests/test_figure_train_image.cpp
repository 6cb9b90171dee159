// test_figure_train_image.cpp — the Train figure of an image task (core/figure/figure_train.h):
// the probes' heat (the same numbers the Train view draws), the class token's attention on the
// pictures where it lies, one test accuracy, Korean class names and titles, and the curves as CSV.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/figure/figure_train.h"
#include "tests/png_image.h"

#ifndef ATTNLAB_TEST_FONT
#define ATTNLAB_TEST_FONT "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"
#endif

using namespace attn;

namespace {

// A 28×28 grey picture cut into 4×4 patches of 7 px, the class token's attention (2 layers ×
// 2 heads) all on patch `hot` in layer 2 (head 1 on it, head 2 even), even in layer 1.
TrainImageProbe probe(int hot, int label, int predicted) {
    TrainImageProbe p;
    p.side = 28;
    p.grid = 4;
    p.pixels.assign(28 * 28, 128);
    p.label = label;
    p.predicted = predicted;
    p.confidence = 0.875;
    const std::vector<float> even(16, 1.0f / 17.0f);  // the rest is the class token's weight on itself
    std::vector<float> spike(16, 0.0f);
    spike[size_t(hot)] = 0.9f;
    p.cls_attention = {{even, even}, {spike, even}};
    return p;
}

TrainFigureData fashion_run() {
    TrainFigureData d;
    d.task = "fashion";
    d.n_layers = 2;
    d.n_heads = 2;
    d.d_model = 32;
    d.batch = 64;
    d.lr = 0.002;
    d.seed = 1;
    d.step = d.total_steps = 300;
    d.image_task = true;
    for (int s = 1; s <= 300; ++s) {
        d.steps.push_back(s);
        d.losses.push_back(2.3 * std::exp(-s / 120.0) + 0.3);
    }
    d.evals = {{100, 0.9, 0.70, 0.70}, {200, 0.6, 0.78, 0.78}, {300, 0.5, 0.8, 0.8}};
    for (int i = 0; i < 4; ++i) d.image_probes.push_back(probe(5, i, i == 3 ? 0 : i));
    d.class_names = {"티셔츠/상의", "바지", "풀오버", "원피스", "코트", "샌들", "셔츠", "스니커즈", "가방", "앵클부츠"};
    d.probe_step = 300;
    d.probe_layer = 1;
    d.probe_head = 0;
    return d;
}

FigureOptions options(FigureLang lang) {
    FigureOptions o;
    o.lang = lang;
    o.font_files = {ATTNLAB_TEST_FONT};
    return o;
}

void keep(const std::string& name, const std::string& bytes) {  // ATTNLAB_FIGURE_OUT=DIR: to look at
    if (const char* dir = std::getenv("ATTNLAB_FIGURE_OUT"); dir && *dir)
        std::ofstream(std::filesystem::path(dir) / name, std::ios::binary) << bytes;
}

// The heat at full strength over mid grey: (0.25·g + 0.75·(1, 1, 0.6)) ≈ (223, 223, 147).
bool full_heat(const unsigned char* p) {
    return std::abs(p[0] - 223) <= 6 && std::abs(p[1] - 223) <= 6 && std::abs(p[2] - 147) <= 6;
}

int count(const test::PngImage& img, bool (*pred)(const unsigned char*)) {
    int n = 0;
    for (int y = 0; y < img.h; ++y)
        for (int x = 0; x < img.w; ++x) n += pred(img.at(x, y)) ? 1 : 0;
    return n;
}

}  // namespace

TEST_CASE("image probes' heat: the mean of heads or one head, even share faint, four times it full") {
    const TrainImageProbe p = probe(5, 0, 0);
    const std::vector<float> head1 = probe_patch_weights(p.cls_attention, 1, 0, 16);
    CHECK(head1[5] == doctest::Approx(0.9));
    CHECK(head1[4] == 0.0f);
    const std::vector<float> mean = probe_patch_weights(p.cls_attention, 1, -1, 16);
    CHECK(mean[5] == doctest::Approx((0.9 + 1.0 / 17.0) / 2));
    CHECK(mean[4] == doctest::Approx(1.0 / 34.0));
    CHECK(probe_patch_weights(p.cls_attention, 2, 0, 16) == std::vector<float>(16, 0.0f));  // no such layer

    const ProbeHeat none = probe_heat(0.0f, 16), full = probe_heat(0.25f, 16), more = probe_heat(0.9f, 16);
    CHECK(none.alpha == 0.0f);
    CHECK(full.alpha == doctest::Approx(0.75));
    CHECK(full.color.r == doctest::Approx(1.0));
    CHECK(full.color.g == doctest::Approx(1.0));
    CHECK(full.color.b == doctest::Approx(0.6));
    CHECK(more.alpha == full.alpha);  // capped at four times an even share
    const ProbeHeat even = probe_heat(1.0f / 16.0f, 16);
    CHECK(even.alpha == doctest::Approx(0.75 / 4));
    CHECK(probe_heat(std::nanf(""), 16).alpha == 0.0f);
}

TEST_CASE("train figure of an image task: the pictures with the shown head's heat, Korean names, one accuracy") {
    TrainFigureData d = fashion_run();
    auto png = render_train_figure(d, FigureFormat::Png, options(FigureLang::Ko));
    REQUIRE(png.ok());
    keep("train-fashion-ko.png", *png);
    const test::PngImage img = test::decode_png(*png);
    CHECK(img.w == 1600);
    CHECK(img.h == 900);
    // Layer 2, head 1: patch 5 of each of the four pictures at full heat.
    const int hot = count(img, full_heat);
    MESSAGE("fully heated pixels, layer 2 head 1: " << hot);
    CHECK(hot > 4 * 400);
    // Layer 1 (even attention): no patch reaches full heat.
    d.probe_layer = 0;
    auto even = render_train_figure(d, FigureFormat::Png, options(FigureLang::Ko));
    REQUIRE(even.ok());
    const int cold = count(test::decode_png(*even), full_heat);
    MESSAGE("fully heated pixels, layer 1: " << cold);
    CHECK(cold < 50);

    d = fashion_run();
    auto ko = render_train_figure(d, FigureFormat::Svg, options(FigureLang::Ko));
    REQUIRE(ko.ok());
    for (const char* s : {"클래스 토큰이 테스트 그림의 어디를 보는가", "헤드 1", "원피스", "정답: 원피스", "티셔츠/상의",
                          "맞게 분류한 테스트 그림", "테스트 정확도 80%", "fashion"}) {
        CAPTURE(s);
        CHECK(ko->find(s) != std::string::npos);
    }
    CHECK(ko->find("완전 일치") == std::string::npos);  // no "exact" series for pictures
    d.probe_head = -1;
    auto en = render_train_figure(d, FigureFormat::Svg, options(FigureLang::En));
    REQUIRE(en.ok());
    for (const char* s : {"Where the class token looks on test pictures", "mean of the heads",
                          "test pictures classified right"}) {
        CAPTURE(s);
        CHECK(en->find(s) != std::string::npos);
    }
    auto pdf = render_train_figure(d, FigureFormat::Pdf, options(FigureLang::En));
    CHECK(pdf.ok());
    d.image_probes.clear();  // no probes yet: says so
    auto none = render_train_figure(d, FigureFormat::Svg, options(FigureLang::En));
    REQUIRE(none.ok());
    CHECK(none->find("no probe attention yet") != std::string::npos);
}

TEST_CASE("train curves as CSV: one row per step, evaluations where they were made") {
    TrainFigureData d;
    d.steps = {1, 2, 3};
    d.losses = {2.5, 2.25, std::nan("")};
    d.evals = {{2, 1.5, 0.25, 0.5}, {4, 1.25, 0.5, 0.75}};
    CHECK(train_curves_csv(d, false) ==
          "step,batch_loss,eval_loss,eval_exact,eval_token\r\n"
          "1,2.5,,,\r\n"
          "2,2.25,1.5,0.25,0.5\r\n"
          "3,,,,\r\n"
          "4,,1.25,0.5,0.75\r\n");
    d.image_task = true;
    const std::string csv = train_curves_csv(d, true);
    CHECK(csv.rfind("\xEF\xBB\xBFstep,batch_loss,test_loss,test_accuracy\r\n", 0) == 0);
    CHECK(csv.find("2,2.25,1.5,0.5\r\n") != std::string::npos);
}
