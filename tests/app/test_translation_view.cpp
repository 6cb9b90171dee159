// The Predict view's translation numbers (app/views/predict/translation.h) on the real tiny
// Marian: a target written token by token gives the search's own rows, the bars are the model's
// probabilities, a search's target and tree match translate.h, and bad input gives a message.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "app/views/predict/translation.h"
#include "core/pretrained/pretrained_model.h"
#include "core/pretrained/translate.h"

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

}  // namespace

TEST_CASE("translation view: writing the best token each time is greedy decoding, row for row") {
    const PretrainedPtr m = tiny_marian();
    TranslateRequest q;
    q.model = m;
    q.source = "He went home.";
    q.shown = 5;
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
    CHECK(r.beams == m->config.seq2seq.num_beams);
    CHECK(r.prefix == t.ids);
    CHECK(r.score == doctest::Approx(t.score));
    CHECK(r.ended);
    REQUIRE(r.tree.size() == r.tree_labels.size());
    // The winner's path: one node per written token, each the token written, the last finished.
    const std::vector<int> path = winning_path(r.tree, r.prefix);
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
    const std::vector<int> cut = winning_path(r.tree, other);
    CHECK(cut[0] == path[0]);
    CHECK(cut[1] == -1);
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
    const int eos = q.model->config.seq2seq.eos_id;
    q.prefix = {5, eos, 7, 8};
    const TranslateResult r = run_translate(q);
    CHECK(r.error.empty());
    CHECK(r.prefix == std::vector<int>{5, eos});
    CHECK(r.ended);
    CHECK(r.next.empty());
}
