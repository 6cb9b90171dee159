// test_rope_figure.cpp — the RoPE figure (core/figure/figure_rope.cpp) on the tiny rotary folders:
// its CSV against an independent float64 PyTorch pass (tests/fixtures/pretrained/rope_pair/
// gen_rope_pair.py: one pair of one head's q and k before and after the rotation, max |Δ| printed),
// the figure in PNG, SVG and PDF in English and Korean, and the refusals.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/figure/figure.h"
#include "core/pretrained/families/rotary/rope.h"
#include "core/pretrained/families/rotary/rotary_settings.h"
#include "core/pretrained/family/pretrained_model.h"

using namespace attn;

namespace {

const std::string kFixtures = std::string(ATTNLAB_FIXTURE_DIR) + "/pretrained/";
const char* const kText = "the cat sat on the mat and the dog ran";  // reference.json's text

std::shared_ptr<const pretrained::PretrainedModel> load(const std::string& folder) {
    auto m = pretrained::load_pretrained_model(kFixtures + "models/" + folder);
    REQUIRE_MESSAGE(m.ok(), m.status().message());
    return *m;
}

Trace run(const pretrained::PretrainedModel& model, const std::string& text) {
    RunConfig r;
    r.text = text;
    auto t = pretrained::compute_pretrained_trace(model, r);
    REQUIRE_MESSAGE(t.ok(), t.status().message());
    return *t;
}

FigureRequest rope_request(const pretrained::PretrainedModel& model, int layer, int head, int pair,
                           FigureLang lang = FigureLang::En) {
    FigureRequest r;
    r.view = FigureView::Rope;
    r.layer = layer;
    r.head = head;
    r.pair = pair;
    r.rope_inv_freq = pretrained::rope_inverse_frequencies(pretrained::rotary_settings(model.config).rope);
    r.options.lang = lang;
    r.options.font_files = {ATTNLAB_TEST_FONT};
    return r;
}

// RFC 4180 rows without quoted commas in the numbers: split on ',' after the first field (the
// token, which may be quoted).
std::vector<std::vector<std::string>> csv_rows(const std::string& csv) {
    std::vector<std::vector<std::string>> rows;
    size_t pos = 0;
    while (pos < csv.size()) {
        const size_t end = csv.find("\r\n", pos);
        REQUIRE(end != std::string::npos);
        std::string line = csv.substr(pos, end - pos);
        pos = end + 2;
        std::vector<std::string> fields;
        size_t i = 0;
        if (!line.empty() && line[0] == '"') {
            std::string f;
            for (i = 1; i < line.size(); ++i) {
                if (line[i] == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                    f += '"';
                    ++i;
                } else if (line[i] == '"') {
                    ++i;
                    break;
                } else {
                    f += line[i];
                }
            }
            fields.push_back(f);
        } else {
            i = line.find(',');
            fields.push_back(line.substr(0, i));
        }
        while (i != std::string::npos && i < line.size()) {
            const size_t next = line.find(',', i + 1);
            fields.push_back(line.substr(i + 1, next == std::string::npos ? std::string::npos : next - i - 1));
            i = next;
        }
        rows.push_back(fields);
    }
    return rows;
}

}  // namespace

TEST_CASE("rope figure: the CSV's pair of q and k, before and after the rotation, equals PyTorch's") {
    std::ifstream in(kFixtures + "rope_pair/rope_pair.json");
    REQUIRE(in.good());
    const nlohmann::json golden = nlohmann::json::parse(in);
    REQUIRE(golden.size() == 2);
    for (const auto& g : golden) {
        const std::string name = g["model"];
        CAPTURE(name);
        const auto model = load(name);
        const Trace trace = run(*model, kText);
        const int layer = g["layer"], head = g["head"], pair = g["pair"];
        const FigureRequest r = rope_request(*model, layer, head, pair);
        // The frequencies (llama3 and linear scaling) as the reference computes them.
        const std::vector<double> freq = g["inv_freq"];
        REQUIRE(r.rope_inv_freq.size() == freq.size());
        double freq_diff = 0;
        for (size_t i = 0; i < freq.size(); ++i) freq_diff = std::max(freq_diff, std::abs(r.rope_inv_freq[i] - freq[i]));
        CHECK(freq_diff < 1e-12);
        CHECK(trace.layers[size_t(layer)].kv_head_of(head) == int(g["kv_head"]));

        auto csv = rope_csv(trace, r);
        REQUIRE_MESSAGE(csv.ok(), csv.status().message());
        const auto rows = csv_rows(*csv);
        const size_t t = g["ids"].size();
        REQUIRE(rows.size() == t + 1);
        CHECK(rows[0] == std::vector<std::string>{"token", "position", "angle_rad", "q_x_before", "q_y_before",
                                                  "q_x_after", "q_y_after", "k_x_before", "k_y_before", "k_x_after",
                                                  "k_y_after"});
        double max_diff = 0, angle_diff = 0;
        const char* const keys[] = {"q_before", "q_after", "k_before", "k_after"};
        for (size_t i = 0; i < t; ++i) {
            const auto& row = rows[i + 1];
            REQUIRE(row.size() == 11);
            CHECK(row[0] == trace.q_tokens[i].text);
            CHECK(row[1] == std::to_string(i));
            angle_diff = std::max(angle_diff, std::abs(std::stod(row[2]) - double(i) * freq[size_t(pair)]));
            for (int k = 0; k < 4; ++k)
                for (int c = 0; c < 2; ++c) {
                    const double want = g[keys[k]][i][size_t(c)];
                    max_diff = std::max(max_diff, std::abs(std::stod(row[size_t(3 + 2 * k + c)]) - want) /
                                                      std::max(1.0, std::abs(want)));
                }
        }
        std::printf("rope csv %s layer %d head %d pair %d: max |Δ| vs torch %.3g, angle %.3g\n", name.c_str(),
                    layer + 1, head + 1, pair, max_diff, angle_diff);
        CHECK(max_diff < 1e-5);
        CHECK(angle_diff < 1e-6);
        // A spreadsheet's BOM, then the same text.
        auto bom = rope_csv(trace, r, true);
        REQUIRE(bom.ok());
        CHECK(*bom == "\xEF\xBB\xBF" + *csv);
    }
}

TEST_CASE("rope figure: PNG, SVG and PDF in English and Korean, Korean tokens included") {
    const auto model = load("tiny-llama");
    for (const char* text : {kText, "고양이가 매트 위에 앉았다"}) {
        const Trace trace = run(*model, text);
        for (FigureLang lang : {FigureLang::En, FigureLang::Ko}) {
            const FigureRequest r = rope_request(*model, 1, 3, 0, lang);
            REQUIRE(validate_figure_request(trace, r, FigureFormat::Png).ok());
            std::vector<std::string> warnings;
            auto png = render_figure(trace, r, FigureFormat::Png, &warnings);
            REQUIRE_MESSAGE(png.ok(), png.status().message());
            CHECK(png->compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
            auto pdf = render_figure(trace, r, FigureFormat::Pdf);
            REQUIRE(pdf.ok());
            CHECK(pdf->compare(0, 5, "%PDF-") == 0);
            auto svg = render_figure(trace, r, FigureFormat::Svg);
            REQUIRE(svg.ok());
            // The text layer holds the title in the figure's language.
            CHECK(svg->find(lang == FigureLang::Ko ? "회전 위치 임베딩" : "Rotary positions") != std::string::npos);
            CHECK(svg->find(lang == FigureLang::Ko ? "회전 전" : "Before the rotation") != std::string::npos);
            for (const std::string& w : warnings) MESSAGE(w);
            CHECK(warnings.empty());  // the bundled font draws every label (Hangul tokens too)
        }
    }
}

TEST_CASE("rope figure: refused without rotary positions, frequencies or a pair in range") {
    const auto llama = load("tiny-llama");
    const Trace trace = run(*llama, kText);
    FigureRequest r = rope_request(*llama, 0, 0, 4);  // d_k 8: pairs 0–3
    Status s = validate_figure_request(trace, r, FigureFormat::Pdf);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message() == "Pair 4 is out of range: the heads rotate 4 pairs (0–3).");
    CHECK_FALSE(rope_csv(trace, r).ok());
    r.pair = -1;
    CHECK_FALSE(validate_figure_request(trace, r, FigureFormat::Pdf).ok());
    r.pair = 0;
    r.rope_inv_freq.clear();
    s = validate_figure_request(trace, r, FigureFormat::Pdf);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("rotary frequencies") != std::string::npos);
    r = rope_request(*llama, 0, 7, 0);
    CHECK_FALSE(rope_csv(trace, r).ok());  // head 8 of 4

    const auto gpt2 = load("tiny-gpt2");
    const Trace learned = run(*gpt2, "the cat sat");
    r = rope_request(*llama, 0, 0, 0);  // frequencies given, but the trace has learned positions
    s = validate_figure_request(learned, r, FigureFormat::Pdf);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("rotary positions") != std::string::npos);
    CHECK_FALSE(render_figure(learned, r, FigureFormat::Png).ok());
}
