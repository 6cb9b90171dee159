// test_head_roles_view.cpp — the Model view's head roles without a display: scoring a real tiny
// model on the job function, the ranked list (order, NaN left out, length), the badge table
// choice, colours and letters, and a click opening the head in the heatmap; the heatmap's attention
// rollout (issue 14) against core/lm.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <set>
#include <tuple>

#include "app/matrix/heatmap_data.h"
#include "app/views/model_view/head_roles_view.h"
#include "core/attention/attention_flow.h"

using namespace attn;
using namespace attn::app;
namespace fs = std::filesystem;

namespace {
fs::path models() { return fs::path(ATTNLAB_ASSET_DIR) / ".." / "tests" / "fixtures" / "pretrained" / "models"; }
}  // namespace

TEST_CASE("head roles: scored on a job, ranked for a role, a click opens the head") {
    CHECK_FALSE(run_head_roles(RolesRequest{}).error.empty());  // no model: a message, no report
    CHECK(run_head_roles(RolesRequest{}).report == nullptr);

    auto model = pretrained::load_pretrained_model((models() / "tiny-gpt2").string());
    REQUIRE(model.ok());
    const RolesResult r = run_head_roles(RolesRequest{*model, "the cat sat on the mat and the cat sat", ""});
    REQUIRE(r.error.empty());
    REQUIRE(r.report != nullptr);
    const lm::HeadRoleTable& probe = shown_roles(*r.report, false);
    const lm::HeadRoleTable& sentence = shown_roles(*r.report, true);
    CHECK(&probe == &r.report->probe);
    CHECK(&sentence == &r.report->sentence);
    CHECK(probe.n_layers == (*model)->config.n_layers);
    CHECK(probe.n_heads == (*model)->config.n_heads);

    for (lm::HeadRole role : kRoleOrder) {
        CAPTURE(int(role));
        const auto list = role_ranking(probe, role, 100);
        const auto all = lm::rank_heads(probe, role);
        int finite = 0;
        for (const lm::HeadRef& h : all) finite += std::isfinite(h.score) ? 1 : 0;
        CHECK(int(list.size()) == finite);
        for (size_t i = 0; i < list.size(); ++i) {
            CHECK(list[i].layer == all[i].layer);
            CHECK(list[i].head == all[i].head);
            CHECK(std::isfinite(list[i].score));
            if (i > 0) {
                CHECK(list[i - 1].score >= list[i].score);
                if (list[i - 1].score == list[i].score)  // ties: layer, then head
                    CHECK(std::tie(list[i - 1].layer, list[i - 1].head) < std::tie(list[i].layer, list[i].head));
            }
        }
        CHECK(role_ranking(probe, role, 2).size() == std::min<size_t>(2, list.size()));
    }

    // A sentence the model cannot read still shows the probe, with the message.
    const RolesResult bad = run_head_roles(RolesRequest{*model, std::string(5000, 'a'), ""});
    CHECK_FALSE(bad.error.empty());
    REQUIRE(bad.report != nullptr);
    CHECK(&shown_roles(*bad.report, true) == &bad.report->probe);

    // A translation model: the section shown is scored (its decoder here); cross-attention has a
    // message and no table.
    auto marian = pretrained::load_pretrained_model((models() / "tiny-marian").string());
    REQUIRE(marian.ok());
    const RolesResult dec = run_head_roles(RolesRequest{*marian, "He went home.", "decoder"});
    REQUIRE(dec.error.empty());
    REQUIRE(dec.report != nullptr);
    CHECK(dec.report->section == "decoder");
    CHECK(dec.report->probe.n_layers == (*marian)->config.decoder_layers);
    const RolesResult cross = run_head_roles(RolesRequest{*marian, "He went home.", "cross"});
    CHECK(cross.error.find("two texts") != std::string::npos);
    CHECK(cross.report == nullptr);

    AppState state;
    state.view = View::Model;
    open_head(state, lm::HeadRef{1, 0, 0.9f});
    CHECK(state.layer == 1);
    CHECK(state.head == 0);
    CHECK(state.view == View::Heatmap);
}

TEST_CASE("head roles: one colour, letter and name per role; none is grey") {
    std::set<std::tuple<int, int, int>> colours;
    std::set<std::string> letters, names_en, names_ko;
    for (lm::HeadRole role : kRoleOrder) {
        const RoleColour c = role_colour(int(role));
        colours.insert({c.r, c.g, c.b});
        letters.insert(role_letter(int(role)));
        names_en.insert(tr(Lang::En, role_title(role)));
        names_ko.insert(tr(Lang::Ko, role_title(role)));
        CHECK(std::string(tr(Lang::Ko, role_tip(role))) != tr(Lang::En, role_tip(role)));
    }
    CHECK(colours.size() == size_t(lm::kHeadRoleCount));
    CHECK(letters.size() == size_t(lm::kHeadRoleCount));
    CHECK(names_en.size() == size_t(lm::kHeadRoleCount));
    CHECK(names_ko.size() == size_t(lm::kHeadRoleCount));
    const RoleColour none = role_colour(-1);
    CHECK((none.r == none.g && none.g == none.b));
    CHECK(std::string(tr(Lang::En, Txt::RolesNeedModel)).find("Open model") != std::string::npos);
}

TEST_CASE("heatmap rollout: the core's rollout per layer, self-attention only") {
    auto model = pretrained::load_pretrained_model((models() / "tiny-gpt2").string());
    REQUIRE(model.ok());
    RunConfig run;
    run.text = "the cat sat on the mat";
    auto trace = pretrained::compute_pretrained_trace(**model, run);
    REQUIRE(trace.ok());
    REQUIRE(rollout_available(*trace));
    const std::vector<Mat> rollout = compute_rollout(*trace);
    const std::vector<Mat> ref = attention_rollout(trace->layers);
    REQUIRE(rollout.size() == trace->layers.size());
    for (size_t l = 0; l < rollout.size(); ++l) {
        CHECK(rollout[l].isApprox(ref[l]));
        const HeatmapData d = make_rollout_data(rollout[l]);
        REQUIRE(d.rows == int(rollout[l].rows()));
        REQUIRE(d.cols == int(rollout[l].cols()));
        CHECK(d.fixed_range);
        for (int i = 0; i < d.rows; ++i) {
            float sum = 0.0f;
            for (int j = 0; j < d.cols; ++j) {
                CHECK(d.values[size_t(i) * d.cols + j] == rollout[l](i, j));
                CHECK(d.masked[size_t(i) * d.cols + j] == 0);
                sum += d.values[size_t(i) * d.cols + j];
            }
            CHECK(sum == doctest::Approx(1.0f).epsilon(1e-4));
        }
    }
    // The first layer's rollout is its heads' mean plus the residual path, row-normalised.
    const Mat mean = mean_head_attention(trace->layers[0]);
    Mat first = mean + Mat::Identity(mean.rows(), mean.cols());
    for (int i = 0; i < first.rows(); ++i) first.row(i) /= first.row(i).sum();
    CHECK(rollout[0].isApprox(first, 1e-5f));

    // Cross-attention (keys from another sentence): not offered.
    Trace cross = *trace;
    cross.k_tokens.back().text += "x";
    CHECK_FALSE(rollout_available(cross));
    CHECK_FALSE(rollout_available(Trace{}));
}

TEST_CASE("head roles: the tooltip's rows are every score, highest first, undefined ones last") {
    lm::HeadRoleScores s;
    s.score.fill(0.1f);
    s.score[int(lm::HeadRole::Positional)] = 0.9f;
    s.score[int(lm::HeadRole::Broad)] = 0.4f;
    s.score[int(lm::HeadRole::Induction)] = std::nanf("");
    const std::vector<RoleRow> rows = role_rows(s);
    REQUIRE(rows.size() == size_t(lm::kHeadRoleCount));
    CHECK(rows[0].role == lm::HeadRole::Positional);
    CHECK(rows[1].role == lm::HeadRole::Broad);
    CHECK(rows[2].role == lm::HeadRole::PreviousToken);  // ties keep the roles' order
    CHECK(rows.back().role == lm::HeadRole::Induction);
    CHECK(std::isnan(rows.back().score));
    std::set<int> seen;
    for (const RoleRow& r : rows) seen.insert(int(r.role));
    CHECK(seen.size() == size_t(lm::kHeadRoleCount));
}
