// test_lens_view.cpp — the Lens view's numbers without a display: the table against core/lm's
// logit lens on the tiny GPT-2, the highlighted cells, knocked-out heads, the table exported (CSV,
// PDF) as the Export button does, and BERT's message.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "app/jobs/export_job.h"
#include "app/views/lens/lens.h"
#include "app/state/views.h"
#include "core/lm/lm_inputs.h"
#include "core/lm/logit_lens.h"
#include "tests/app/fixture_models.h"

using namespace attn;
using namespace attn::app;
namespace fs = std::filesystem;
using attn::app::testing::fixtures;
using attn::app::testing::load_model;

namespace {

}  // namespace

TEST_CASE("lens view: a row per layer (embeddings first), the first answer framed once per position") {
    LensRequest r;
    r.model = load_model(fixtures() / "pretrained" / "models" / "tiny-gpt2");
    r.text = " the cat sat on the mat";
    const LensResult out = run_lens(r);
    REQUIRE(out.error.empty());
    const int t = int(out.tokens.size());
    REQUIRE(t == 6);
    CHECK(out.layers == std::vector<int>{0, 1, 2});
    auto ids = lm::encode_for_model(*r.model, r.text);
    REQUIRE(ids.ok());
    auto lens = lm::logit_lens(*r.model, *ids, 5);
    REQUIRE(lens.ok());
    for (int i = 0; i < t; ++i) {
        int framed = 0;
        for (size_t k = 0; k < out.cells.size(); ++k) {
            const LensCell& c = out.cells[k][size_t(i)];
            CHECK(c.probability == lens->layers[k].top[size_t(i)][0].prob);
            CHECK(c.label == lm::token_label(*r.model, lens->layers[k].top[size_t(i)][0].id));
            CHECK(out.top[k][size_t(i)].size() == 5);
            if (c.first_answer) {
                ++framed;
                CHECK(c.answer);
                CHECK(int(k) == lens->first_layer_with_answer(i));
            }
        }
        CHECK(framed == 1);
        CHECK(out.cells.back()[size_t(i)].answer);  // the last row is the model's own prediction
    }
    // Knocked-out heads change the table; a head outside the model is dropped, not an error.
    r.ablation.heads = {{1, 0}, {1, 1}, {1, 2}, {1, 3}, {7, 7}};
    const LensResult knocked = run_lens(r);
    REQUIRE(knocked.error.empty());
    bool changed = false;
    for (int i = 0; i < t; ++i) changed |= knocked.cells.back()[size_t(i)].probability != out.cells.back()[size_t(i)].probability;
    CHECK(changed);
    CHECK(knocked.cells[1][0].probability == out.cells[1][0].probability);  // layer 1 comes before the knocked layer 2
}

TEST_CASE("lens view export: the table on screen as CSV and PDF through run_export (Export figure…)") {
    LensRequest r;
    r.model = load_model(fixtures() / "pretrained" / "models" / "tiny-gpt2");
    r.text = " the cat sat on the mat";
    r.ablation.heads = {{0, 1}};
    const LensResult out = run_lens(r);
    REQUIRE(out.error.empty());
    REQUIRE(out.figure);
    const LensFigureData& f = *out.figure;
    CHECK(f.layers == out.layers);
    CHECK(f.tokens == out.tokens);
    CHECK(f.ablation == "1.2 (zero)");
    for (size_t k = 0; k < out.cells.size(); ++k)
        for (size_t i = 0; i < out.tokens.size(); ++i) {
            CHECK(f.cells[k][i].top[0].token == out.cells[k][i].label);
            CHECK(f.cells[k][i].first_answer == out.cells[k][i].first_answer);
        }
    const fs::path dir = fs::temp_directory_path() / ("attnlab-lens-export-" + std::to_string(std::rand()));
    fs::create_directories(dir);
    ExportInputs in;
    in.lens = out.figure;
    in.font_file = std::string(ATTNLAB_ASSET_DIR) + "/fonts/NanumGothic.ttf";
    ExportSettings s;
    s.kind = ExportKind::Csv;
    s.path = default_lens_export_path(dir.string(), s.kind);
    CHECK(fs::path(s.path).filename() == "attnlab-lens.csv");
    ExportOutcome o = run_export(in, s);
    REQUIRE_MESSAGE(o.ok, o.message);
    std::ifstream csv(o.path, std::ios::binary);
    std::string first;
    std::getline(csv, first);
    CHECK(first == "\xEF\xBB\xBFlayer,position,rank,id,token,probability\r");  // BOM for spreadsheets
    int rows = 0;
    for (std::string line; std::getline(csv, line);) ++rows;
    CHECK(rows == 3 * 6 * 5);  // layers × positions × the top 5
    s.kind = ExportKind::Pdf;
    s.path = (dir / "lens").string();  // the extension is added
    o = run_export(in, s);
    REQUIRE_MESSAGE(o.ok, o.message);
    CHECK(o.path == (dir / "lens.pdf").string());
    std::ifstream pdf(o.path, std::ios::binary);
    std::string magic(5, ' ');
    pdf.read(magic.data(), 5);
    CHECK(magic == "%PDF-");
    fs::remove_all(dir);
}

TEST_CASE("lens view: BERT and no model") {
    LensRequest r;
    r.text = "the cat";
    CHECK(run_lens(r).cells.empty());
    r.model = load_model(fixtures() / "lm" / "tiny-bert-mlm");
    CHECK(run_lens(r).error.find("does not predict the next token") != std::string::npos);
    View v;
    REQUIRE(parse_view("lens", &v));
    CHECK(v == View::Lens);
}
