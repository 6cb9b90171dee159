// The Predict view's translation numbers (app/views/predict/translation.h) on the real tiny
// Marian: a target written token by token gives the search's own rows, the bars are the model's
// probabilities, a sampled step draws from the second bars (seeded), a search's target and tree
// match translate.h and export as a figure and CSV, and bad input gives a message.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "app/jobs/export_job.h"
#include "app/jobs/model_loader.h"
#include "app/state/app_state.h"
#include "app/views/predict/translation.h"
#include "core/lm/beam_figure.h"
#include "core/lm/knockout.h"
#include "core/pretrained/families/mbart/mbart.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/seq2seq/seq2seq_settings.h"
#include "core/pretrained/seq2seq/translate.h"
#include "tests/app/same_translation.h"

using namespace attn;
using namespace attn::app;

namespace {

PretrainedPtr tiny_marian() {
    static PretrainedPtr model = [] {
        auto m = pretrained::load_pretrained_model(std::string(ATTNLAB_ASSET_DIR) +
                                                   "/../tests/fixtures/pretrained/models/tiny-marian");
        REQUIRE_MESSAGE(m.ok(), (m.ok() ? "" : m.error()));
        return *m;
    }();
    return model;
}

// The request the tests step through: five bars for a short English sentence.
TranslateRequest he_went_home(const PretrainedPtr& m) {
    TranslateRequest q;
    q.model = m;
    q.source = "He went home.";
    q.shown = 5;
    return q;
}

}  // namespace

TEST_CASE("translation view: writing the best token each time is greedy decoding, row for row") {
    const PretrainedPtr m = tiny_marian();
    TranslateRequest q = he_went_home(m);
    auto source = pretrained::source_tokens(*m, q.source, 1000);
    REQUIRE(source.ok());
    std::vector<int> ids;
    for (const auto& t : *source) ids.push_back(t.id);
    const pretrained::Translation greedy = pretrained::translate_greedy(*m, ids, 1000);

    int steps = 0;
    for (;;) {
        const TranslateResult r = run_translate(q);
        REQUIRE(r.error.empty());
        CHECK(r.source_labels.size() == ids.size());
        CHECK(int(r.cross.size()) == std::max<int>(1, int(q.prefix.size())));
        CHECK(r.prefix == q.prefix);
        if (r.ended) break;
        REQUIRE_FALSE(r.next.empty());
        CHECK(int(r.next.size()) <= q.shown);
        for (std::size_t i = 1; i < r.next.size(); ++i) CHECK(r.next[i - 1].raw >= r.next[i].raw);
        q.prefix.push_back(r.next.front().id);
        ++steps;
        REQUIRE(steps < 100);
    }
    CHECK(q.prefix == greedy.ids);
    // Row t of the view is the step that chose prefix[t]: the search's own session.
    const TranslateResult r = run_translate(q);
    for (std::size_t t = 0; t < r.cross.size() && t < greedy.session.steps.size(); ++t)
        for (std::size_t l = 0; l < r.cross[t].size(); ++l)
            CHECK((r.cross[t][l] - greedy.session.steps[t].cross_attention[l]).cwiseAbs().maxCoeff() == 0.0f);
    // The mean of the heads is a distribution over the source too.
    const Mat mean = cross_rows(r.cross, 0, -1);
    CHECK(mean.rows() == int(r.cross.size()));
    for (int i = 0; i < mean.rows(); ++i) CHECK(mean.row(i).sum() == doctest::Approx(1.0).epsilon(1e-5));
    CHECK((cross_rows(r.cross, 1, 2).row(0) - r.cross[0][1].row(2)).cwiseAbs().maxCoeff() == 0.0f);
    CHECK(cross_rows(r.cross, 7, 0).size() == 0);  // no such layer
}

TEST_CASE("translation view: the whole-sentence search is translate.h's beam search, with a path through its tree") {
    const PretrainedPtr m = tiny_marian();
    TranslateRequest q;
    q.model = m;
    q.source = "The old man walks in the park.";
    q.search = true;
    const TranslateResult r = run_translate(q);
    REQUIRE(r.error.empty());
    auto source = pretrained::source_tokens(*m, q.source, 1000);
    REQUIRE(source.ok());
    std::vector<int> ids;
    for (const auto& t : *source) ids.push_back(t.id);
    const pretrained::Translation t = pretrained::translate(*m, ids, 1000);
    CHECK(r.beams == pretrained::seq2seq_settings(m->config).num_beams);
    CHECK(r.prefix == t.ids);
    CHECK(r.score == doctest::Approx(t.score));
    CHECK(r.ended);
    REQUIRE(r.tree.size() == r.tree_labels.size());
    // The winner's path: one node per written token, each the token written, the last finished.
    const std::vector<int> path = pretrained::winning_path(r.tree, r.prefix);
    int on_path = 0;
    for (std::size_t s = 0; s < path.size(); ++s) {
        if (path[s] < 0) break;
        CHECK(r.tree[s][std::size_t(path[s])].id == r.prefix[s]);
        ++on_path;
    }
    CHECK(on_path == int(r.prefix.size()));
    CHECK(r.tree[std::size_t(on_path - 1)][std::size_t(path[std::size_t(on_path - 1)])].finished);
    // A path that leaves the tree stops there.
    std::vector<int> other = r.prefix;
    other[1] = other[1] + 1;
    const std::vector<int> cut = pretrained::winning_path(r.tree, other);
    CHECK(cut[0] == path[0]);
    CHECK(cut[1] == -1);
}

TEST_CASE("translation view: stepping keeps what the encoder made of the source, and gives the same numbers") {
    const PretrainedPtr m = tiny_marian();
    TranslateRequest q = he_went_home(m);
    EncodedSource kept;
    for (int step = 0; step < 6; ++step) {
        const TranslateResult r = run_translate(q, kept);
        check_same_translation(r, run_translate(q));
        CHECK(kept.encodes == 1);  // the encoder ran for the first step only
        if (r.ended) break;
        q.prefix.push_back(r.next.front().id);
    }
    q.prefix.pop_back();  // a step back
    check_same_translation(run_translate(q, kept), run_translate(q));
    CHECK(kept.encodes == 1);
    q.search = true;  // the search runs its own encoder; what is kept stays
    check_same_translation(run_translate(q, kept), run_translate(q));
    q.search = false;
    CHECK(kept.encodes == 1);
    q.source = "She went home.";  // a new source is encoded
    q.prefix.clear();
    check_same_translation(run_translate(q, kept), run_translate(q));
    CHECK(kept.encodes == 2);
    {   // another model (the same folder, opened again) is encoded for; once closed, it is not kept
        auto other = pretrained::load_pretrained_model(std::string(ATTNLAB_ASSET_DIR) +
                                                       "/../tests/fixtures/pretrained/models/tiny-marian");
        REQUIRE(other.ok());
        q.model = *other;
        check_same_translation(run_translate(q, kept), run_translate(q));
        CHECK(kept.encodes == 3);
        q.model = m;
    }
    CHECK(kept.model.expired());
    check_same_translation(run_translate(q, kept), run_translate(q));
    CHECK(kept.encodes == 4);
    // A bad request leaves nothing kept for its source.
    q.source = "";
    CHECK_FALSE(run_translate(q, kept).error.empty());
    CHECK(kept.key.empty());
}

TEST_CASE("translation view: a target that fills the decoder is cut where the model's search stops") {
    const PretrainedPtr m = tiny_marian();
    const int limit = pretrained::generation_limit(m->config);
    REQUIRE(limit > 2);
    TranslateRequest q;
    q.model = m;
    q.source = "He went home.";
    q.prefix.assign(std::size_t(limit) + 3, 5);  // more than the decoder holds, no end token
    const TranslateResult r = run_translate(q);
    REQUIRE(r.error.empty());
    MESSAGE("limit " << limit << ": a target of " << q.prefix.size() << " tokens kept " << r.prefix.size());
    CHECK(int(r.prefix.size()) == limit - 1);  // the start token and limit - 1 chosen: the search's most
    CHECK(r.ended);
    CHECK(r.next.empty());
    CHECK(r.cross.size() == r.prefix.size());
    q.prefix.resize(std::size_t(limit) - 2);  // one short of the limit: one more may be chosen
    const TranslateResult open = run_translate(q);
    CHECK_FALSE(open.ended);
    CHECK_FALSE(open.next.empty());
}

TEST_CASE("translation view: Write takes the best token, or a seeded draw from the sampling bars") {
    const PretrainedPtr m = tiny_marian();
    TranslateRequest q = he_went_home(m);
    q.shown = m->config.vocab_size;  // every token with p > 0: the sums below are over all of them
    q.prefix = {run_translate(q).next.front().id};
    const TranslateResult greedy = run_translate(q);
    REQUIRE(greedy.error.empty());
    REQUIRE(greedy.next.size() > 3);
    CHECK(greedy.written == greedy.next.front().id);
    CHECK(greedy.next.front().sampled == 1.0f);  // greedy: the best takes it all
    for (std::size_t i = 1; i < greedy.next.size(); ++i) CHECK(greedy.next[i].sampled == 0.0f);

    // Temperature T: the second bars are p^(1/T) renormalised, computed here from the first bars.
    q.sampling.greedy = false;
    q.sampling.temperature = 1.7f;
    q.sampling.seed = 3;
    const TranslateResult r = run_translate(q);
    REQUIRE(r.error.empty());
    double z = 0, raw_sum = 0, worst = 0;
    for (const PredictRow& row : r.next) z += std::pow(double(row.raw), 1.0 / 1.7), raw_sum += row.raw;
    // The bars hold every token the model may write; the banned ones' mass is gone (Hugging Face
    // applies bad_words_ids after the log-softmax), so they sum to a little under 1.
    CHECK(raw_sum <= 1.0 + 1e-6);
    CHECK(raw_sum > 0.9);
    for (const PredictRow& row : r.next) worst = std::max(worst, std::abs(std::pow(double(row.raw), 1.0 / 1.7) / z - row.sampled));
    MESSAGE("sampled bars vs p^(1/T)/Z: max |diff| " << worst);
    CHECK(worst < 1e-5);
    CHECK(r.written >= 0);
    CHECK(run_translate(q).written == r.written);  // Undo, then Write: the same token

    // Top-k 1 keeps the best alone.
    q.sampling.top_k = 1;
    const TranslateResult one = run_translate(q);
    CHECK(one.written == one.next.front().id);
    CHECK(one.next.front().sampled == doctest::Approx(1.0f));
    CHECK(one.next[1].sampled == 0.0f);
    q.sampling.top_k = 0;

    // Over seeds, the written tokens come as often as the bars say (T = 1: the model's p over the
    // tokens it may write).
    q.sampling.temperature = 1.0f;
    const int draws = 6000;
    std::vector<int> count(std::size_t(m->config.vocab_size), 0);
    for (int seed = 0; seed < draws; ++seed) {
        q.sampling.seed = std::uint64_t(seed);
        const int id = run_translate(q).written;
        REQUIRE(id >= 0);
        ++count[std::size_t(id)];
    }
    for (std::size_t i = 0; i < 3; ++i) {
        const double p = r.next[i].raw / raw_sum, f = double(count[std::size_t(r.next[i].id)]) / draws;
        const double sigma = std::sqrt(p * (1 - p) / draws);
        MESSAGE("token " << r.next[i].label << ": p " << p << ", written " << f << " of " << draws << " ("
                         << (f - p) / sigma << " sigma)");
        CHECK(std::abs(f - p) < 4 * sigma + 0.002);
    }

    // Options outside their ranges: the option named, nothing to write.
    q.sampling.temperature = 0.0f;
    const TranslateResult bad = run_translate(q);
    CHECK(bad.error.find("temperature") != std::string::npos);
    CHECK(bad.written == -1);
}

TEST_CASE("translation view: the search's tree exports as a figure and as CSV, one row per box") {
    const PretrainedPtr m = tiny_marian();
    TranslateRequest q = he_went_home(m);
    q.search = true;
    const TranslateResult r = run_translate(q);
    REQUIRE(r.error.empty());
    REQUIRE_FALSE(r.tree.empty());
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("attnlab-beams-export-" + std::to_string(std::rand()));
    fs::create_directories(dir);
    ExportInputs in;
    in.beams = std::make_shared<const BeamFigureData>(lm::beam_figure_data(*m, q.source, r.tree, r.prefix, r.beams, r.score));
    in.font_file = std::string(ATTNLAB_ASSET_DIR) + "/fonts/NanumGothic.ttf";
    in.lang = FigureLang::Ko;
    ExportSettings s;
    s.kind = ExportKind::Csv;
    s.path = default_beams_export_path(dir.string(), s.kind);
    CHECK(fs::path(s.path).filename() == "attnlab-beams.csv");
    ExportOutcome o = run_export(in, s);
    REQUIRE_MESSAGE(o.ok, o.message);
    std::ifstream csv(o.path, std::ios::binary);
    std::string first;
    std::getline(csv, first);
    CHECK(first == "\xEF\xBB\xBFstep,node,parent,id,token,sum_log_p,finished,winner\r");  // BOM for spreadsheets
    std::size_t rows = 0, boxes = 0;
    for (std::string line; std::getline(csv, line);) ++rows;
    for (const auto& step : r.tree) boxes += step.size();
    CHECK(rows == boxes);
    s.kind = ExportKind::Svg;
    s.path = (dir / "tree").string();  // the extension is added
    o = run_export(in, s);
    REQUIRE_MESSAGE(o.ok, o.message);
    CHECK(o.path == (dir / "tree.svg").string());
    std::ifstream svg(o.path, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(svg)), std::istreambuf_iterator<char>());
    CHECK(text.find("빔 탐색") != std::string::npos);
    s.kind = ExportKind::Json;  // the search as JSON is attnlab generate's
    CHECK_FALSE(run_export(in, s).ok);
    fs::remove_all(dir);
}

TEST_CASE("translation view: an empty source, invalid UTF-8 and no model give messages, not results") {
    TranslateRequest q;
    CHECK_FALSE(run_translate(q).error.empty());
    q.model = tiny_marian();
    q.source = "";
    CHECK(run_translate(q).error.find("empty") != std::string::npos);
    q.source = std::string("caf\xe9", 4);
    CHECK_FALSE(run_translate(q).error.empty());
    q.source = "He went home.";
    q.prefix = {1 << 20};
    CHECK_FALSE(run_translate(q).error.empty());
    // A prefix that runs past the end token is cut after it.
    const int eos = pretrained::seq2seq_settings(q.model->config).eos_id;
    q.prefix = {5, eos, 7, 8};
    const TranslateResult r = run_translate(q);
    CHECK(r.error.empty());
    CHECK(r.prefix == std::vector<int>{5, eos});
    CHECK(r.ended);
    CHECK(r.next.empty());
}

TEST_CASE("translation view: knocked-out heads (by section) make the whole view the knocked-out model's") {
    const PretrainedPtr m = tiny_marian();
    TranslateRequest q = he_went_home(m);
    EncodedSource kept;
    const TranslateResult plain = run_translate(q, kept);
    REQUIRE(plain.error.empty());
    CHECK(kept.encodes == 1);
    // Every cross-attention sublayer off: the decoder no longer reads the source.
    auto a = pretrained::parse_ablation("cross.1.attn,cross.2.attn,enc.1.2", pretrained::AblationMode::Zero,
                                        lm::ablation_shape(*m));
    REQUIRE(a.ok());
    q.ablation = *a;
    const TranslateResult knocked = run_translate(q, kept);
    REQUIRE(knocked.error.empty());
    CHECK(kept.encodes == 2);  // the encoder's output depends on the knock-outs: encoded again
    check_same_translation(knocked, run_translate(q));
    REQUIRE(!knocked.next.empty());
    CHECK(std::fabs(knocked.next.front().raw - plain.next.front().raw) > 1e-3f);
    // The bars are core's: translate.h's scores of the knocked-out model after the start token.
    const pretrained::Translation t =
        pretrained::translate_greedy(*m, kept.source_ids, pretrained::generation_limit(m->config), *a);
    CHECK(knocked.written == t.ids.front());
    // The whole-sentence search is the knocked-out model's too.
    q.search = true;
    const TranslateResult searched = run_translate(q, kept);
    CHECK(searched.prefix == pretrained::translate(*m, kept.source_ids, pretrained::generation_limit(m->config), *a).ids);
    // Heads outside the model are refused with a message, not run.
    q.search = false;
    q.ablation.heads = {pretrained::HeadIndex{9, 0, pretrained::Section::Cross}};
    CHECK(run_translate(q, kept).error.find("is not in the model") != std::string::npos);
}

TEST_CASE("mBART-50's languages: the Controls' choice swaps the active model for the same weights the other way") {
    auto loaded = pretrained::load_pretrained_model(std::string(ATTNLAB_ASSET_DIR) +
                                                    "/../tests/fixtures/pretrained/models/tiny-mbart");
    REQUIRE_MESSAGE(loaded.ok(), (loaded.ok() ? "" : loaded.error()));
    const PretrainedPtr folder_way = *loaded;
    ModelSession session;
    session.active = folder_way;
    AppState state;
    CHECK_FALSE(sync_translation_languages(session, state));  // nothing chosen: the folder's en_XX -> ko_KR
    CHECK(session.active == folder_way);

    state.translate_from = "ko_KR";
    state.translate_to = "en_XX";
    REQUIRE(sync_translation_languages(session, state));
    const PretrainedPtr ko_en = session.active;
    CHECK(ko_en != folder_way);
    CHECK(ko_en->weights == folder_way->weights);      // shared, not copied
    CHECK(ko_en->tokenizer == folder_way->tokenizer);
    CHECK(pretrained::mbart_settings(ko_en->config).source_lang_id == ko_en->tokenizer->token_id("ko_KR"));
    CHECK(pretrained::seq2seq_settings(ko_en->config).forced_bos_id == ko_en->tokenizer->token_id("en_XX"));
    CHECK_FALSE(sync_translation_languages(session, state));  // already so: no new model every frame
    CHECK(session.active == ko_en);
    // The run reads the source with its code first; the decoder writes en_XX first.
    auto req = make_request(state, session.active);
    REQUIRE(req.ok());
    req->run.text = "집이 크다.";
    auto sections = pretrained::compute_pretrained_run(*session.active, req->run);
    REQUIRE(sections.ok());
    CHECK((*sections)[0].q_tokens.front().text == "ko_KR");
    CHECK((*sections)[1].q_tokens.at(1).text == "en_XX");

    state.translate_to = "fr_XX";  // a code the model does not know (another model's choice): forgotten
    CHECK_FALSE(sync_translation_languages(session, state));
    CHECK(state.translate_to.empty());
    CHECK(state.translate_from == "ko_KR");

    session.active = tiny_marian();  // a one-way model: nothing to choose, nothing changes
    state.translate_to = "en_XX";
    CHECK_FALSE(sync_translation_languages(session, state));
    CHECK(session.active == tiny_marian());
}
