// test_head_roles.cpp — head-role scores on heads built by hand to be exactly one role, the
// repeated-random probe, rankings, attention rollout against a direct computation, selection sums.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "core/attention/attention_flow.h"
#include "core/lm/head_roles_probe.h"
#include "core/lm/lm_inputs.h"
#include "tests/lm/lm_test_util.h"
#include "tests/random_matrix.h"

using namespace attn;
using namespace attn::lm;
using namespace attn::lm_test;

namespace {

constexpr int kHalf = 12;

// <bos> r r: the probe's shape, 2·kHalf + 1 tokens.
std::vector<int> probe() { return repeated_random_ids(500, kHalf, 7, {0}, {0}, {}); }

BoolMat causal(int t) {
    BoolMat b = BoolMat::Zero(t, t);
    for (int i = 0; i < t; ++i) b.row(i).tail(t - 1 - i).setOnes();
    return b;
}

// A causal head that puts all of row i on target(i) (row 0 on itself).
template <typename Target>
Mat one_hot_head(int t, Target target) {
    Mat a = Mat::Zero(t, t);
    a(0, 0) = 1.0f;
    for (int i = 1; i < t; ++i) a(i, target(i)) = 1.0f;
    return a;
}

// A causal head: uniform over the visible keys.
Mat uniform_head(int t) {
    Mat a = Mat::Zero(t, t);
    for (int i = 0; i < t; ++i) a.row(i).head(i + 1).setConstant(1.0f / float(i + 1));
    return a;
}

void check_role(const HeadRoleScores& s, HeadRole role, float low = 0.2f) {
    CAPTURE(head_role_name(role));
    CHECK(s[role] == doctest::Approx(1.0).epsilon(1e-6));
    CHECK(s.strongest == int(role));
    for (int r = 0; r < kHeadRoleCount; ++r) {
        if (r == int(role) || std::isnan(s.score[r])) continue;
        CAPTURE(head_role_name(HeadRole(r)));
        CHECK(s.score[r] < low);
    }
}

}  // namespace

TEST_CASE("hand-built heads score 1 for their role and low for the others") {
    const std::vector<int> ids = probe();
    const int t = int(ids.size());
    REQUIRE(t == 2 * kHalf + 1);
    const BoolMat mask = causal(t);

    check_role(score_head(one_hot_head(t, [](int i) { return i - 1; }), mask, ids), HeadRole::PreviousToken);
    check_role(score_head(one_hot_head(t, [](int) { return 0; }), mask, ids), HeadRole::FirstToken);
    check_role(score_head(one_hot_head(t, [](int i) { return i; }), mask, ids), HeadRole::Self);

    // Induction: in the second copy, look at the token after the earlier copy (i − kHalf + 1);
    // elsewhere (no earlier copy) the first token. Rows without the pattern do not count.
    const Mat induction = one_hot_head(t, [](int i) { return i > kHalf ? i - kHalf + 1 : 0; });
    HeadRoleScores si = score_head(induction, mask, ids);
    CHECK(si[HeadRole::Induction] == doctest::Approx(1.0));
    CHECK(si[HeadRole::DuplicateToken] < 0.2f);
    CHECK(si[HeadRole::PreviousToken] < 0.2f);
    CHECK(si[HeadRole::Self] < 0.2f);
    // The first half parks on token 0, so first-token is about half: induction must still win.
    CHECK(si.strongest == int(HeadRole::Induction));

    const Mat duplicate = one_hot_head(t, [](int i) { return i > kHalf ? i - kHalf : 0; });
    HeadRoleScores sd = score_head(duplicate, mask, ids);
    CHECK(sd[HeadRole::DuplicateToken] == doctest::Approx(1.0));
    CHECK(sd[HeadRole::Induction] < 0.2f);
    CHECK(sd.strongest == int(HeadRole::DuplicateToken));

    HeadRoleScores su = score_head(uniform_head(t), mask, ids);
    CHECK(su[HeadRole::Broad] == doctest::Approx(1.0).epsilon(1e-5));
    CHECK(su.strongest == int(HeadRole::Broad));
    CHECK(su[HeadRole::PreviousToken] < 0.3f);

    // Bidirectional (no mask): a diagonal head.
    check_role(score_head(Mat::Identity(t, t), BoolMat(), ids), HeadRole::Self);

    // A sentence with no repeated token: duplicate and induction have no rows (NaN, never strongest).
    std::vector<int> distinct(t);
    for (int i = 0; i < t; ++i) distinct[i] = i;
    HeadRoleScores sn = score_head(one_hot_head(t, [](int i) { return i - 1; }), mask, distinct);
    CHECK(std::isnan(sn[HeadRole::DuplicateToken]));
    CHECK(std::isnan(sn[HeadRole::Induction]));
    CHECK(sn.strongest == int(HeadRole::PreviousToken));
}

namespace {

// Six contents of one length: id 0 first (fixed, like <|endoftext|>), then distinct random ids.
std::vector<std::vector<int>> varied_contents(int t) {
    std::vector<std::vector<int>> c;
    for (int s = 0; s < 6; ++s) c.push_back(distinct_random_ids(500, t - 1, 100 + std::uint64_t(s), {0}, {0}, {}));
    return c;
}

// The same head (one map per content, from the content's ids) on every content.
template <typename MakeHead>
HeadRoleScores score_on(const std::vector<std::vector<int>>& contents, const BoolMat& mask, MakeHead make) {
    std::vector<Mat> maps;
    for (const std::vector<int>& ids : contents) maps.push_back(make(ids));
    std::vector<HeadSample> samples;
    for (std::size_t c = 0; c < contents.size(); ++c) samples.push_back({&maps[c], &mask, &contents[c]});
    return score_head(samples, samples);
}

}  // namespace

TEST_CASE("positional: a fixed offset and a mirror, found on varied content; content-following heads are not") {
    const int t = 25;
    const BoolMat mask = causal(t);
    const std::vector<std::vector<int>> contents = varied_contents(t);
    REQUIRE(contents[0] != contents[1]);

    // Three back (rows 1, 2 on the first token).
    const HeadRoleScores back3 =
        score_on(contents, mask, [&](const std::vector<int>&) { return one_hot_head(t, [](int i) { return std::max(i - 3, 0); }); });
    CHECK(back3[HeadRole::Positional] == doctest::Approx(1.0));
    CHECK(back3.rule == PositionRule{PositionRule::Kind::Offset, 3});
    CHECK(position_rule_text(back3.rule) == "j = i - 3");
    CHECK(back3.strongest == int(HeadRole::Positional));
    CHECK(back3.sure());
    CHECK(back3[HeadRole::PreviousToken] < 0.1f);

    // A mirror j = 24 − i from the middle on (before it, the first token): reverse's answer heads.
    const HeadRoleScores mirror = score_on(contents, mask, [&](const std::vector<int>&) {
        return one_hot_head(t, [](int i) { return i >= 12 ? 24 - i : 0; });
    });
    CHECK(mirror[HeadRole::Positional] == doctest::Approx(1.0));
    CHECK(mirror.rule == PositionRule{PositionRule::Kind::Mirror, 24});
    CHECK(position_rule_text(mirror.rule) == "j = 24 - i");
    CHECK(mirror[HeadRole::FirstToken] == doctest::Approx(0.5));  // rows 1 … 11 and 24 of 24
    CHECK(mirror.strongest == int(HeadRole::Positional));
    CHECK(mirror.runner_up == int(HeadRole::FirstToken));
    CHECK(mirror.margin == doctest::Approx(0.5));

    // Follows content: the smallest id seen so far (after the first token). Its place changes with
    // the content, so no position rule holds it.
    const HeadRoleScores smallest = score_on(contents, mask, [&](const std::vector<int>& ids) {
        return one_hot_head(t, [&](int i) {
            int best = i;
            for (int j = 1; j <= i; ++j)
                if (ids[j] < ids[best]) best = j;
            return best;
        });
    });
    MESSAGE("content-following head: positional " << smallest[HeadRole::Positional] << " ("
            << position_rule_text(smallest.rule) << ")");
    CHECK(smallest[HeadRole::Positional] < 0.5f);
    CHECK(smallest.strongest != int(HeadRole::Positional));

    // Previous-token and self are their own roles, never positional rules (what is left: a column
    // rule crossing the diagonal's neighbour once in its 8 rows, 1/8).
    const HeadRoleScores prev =
        score_on(contents, mask, [&](const std::vector<int>&) { return one_hot_head(t, [](int i) { return i - 1; }); });
    CHECK(prev.strongest == int(HeadRole::PreviousToken));
    CHECK(prev[HeadRole::Positional] < 0.2f);

    // One content repeated: nothing varies, so nothing can be called positional.
    const std::vector<std::vector<int>> same(4, contents[0]);
    const HeadRoleScores fixed =
        score_on(same, mask, [&](const std::vector<int>&) { return one_hot_head(t, [](int i) { return std::max(i - 3, 0); }); });
    CHECK(std::isnan(fixed[HeadRole::Positional]));
    CHECK(fixed.rule.kind == PositionRule::Kind::None);
}

TEST_CASE("induction at the offset the head uses, reported with it") {
    const std::vector<int> ids = probe();
    const int t = int(ids.size());
    const BoolMat mask = causal(t);
    // In the second copy, three after the earlier copy (i − kHalf + 3); elsewhere the first token.
    const HeadRoleScores s = score_head(one_hot_head(t, [](int i) { return i > kHalf ? i - kHalf + 3 : 0; }), mask, ids);
    CHECK(s[HeadRole::Induction] == doctest::Approx(1.0));
    CHECK(s.induction_offset == 3);
    CHECK(s.strongest == int(HeadRole::Induction));
    // Offsets beyond those tried are not induction.
    const Mat far = one_hot_head(t, [](int i) { return i > kHalf ? i - kHalf + 3 : 0; });
    const HeadRoleScores s2 = score_head({HeadSample{&far, &mask, &ids}}, {}, 2);
    CHECK(s2[HeadRole::Induction] < 0.2f);
    CHECK(s2.induction_offset <= 2);
}

TEST_CASE("the label: none when no score stands out, likely or sure by the margin") {
    const std::vector<int> ids = probe();
    const int t = int(ids.size());
    const BoolMat mask = causal(t);
    auto split = [&](float on_prev) {
        Mat a = Mat::Zero(t, t);
        a(0, 0) = 1.0f;
        for (int i = 1; i < t; ++i) a(i, i - 1) = on_prev, a(i, i) = 1.0f - on_prev;
        return score_head(a, mask, ids);
    };
    const HeadRoleScores half = split(0.5f);  // previous-token 0.5, self 0.5: a tie
    CHECK(half.strongest == -1);
    CHECK(half.top == int(HeadRole::PreviousToken));  // ties: the role listed first
    CHECK(half.runner_up == int(HeadRole::Self));
    CHECK(half.margin == doctest::Approx(0.0).epsilon(1e-6));
    const HeadRoleScores likely = split(0.6f);  // 0.6 vs 0.4
    CHECK(likely.strongest == int(HeadRole::PreviousToken));
    CHECK_FALSE(likely.sure());
    CHECK(likely.margin == doctest::Approx(0.2));
    const HeadRoleScores sure = split(0.9f);
    CHECK(sure.strongest == int(HeadRole::PreviousToken));
    CHECK(sure.sure());
    // Every score below kMinRoleScore: none, however big the margin.
    HeadRoleScores low;
    low.score.fill(std::numeric_limits<float>::quiet_NaN());
    low.score[int(HeadRole::Self)] = 0.25f;
    choose_role(low);
    CHECK(low.strongest == -1);
    CHECK(low.top == int(HeadRole::Self));
    CHECK(low.margin == doctest::Approx(0.25));
}

TEST_CASE("score_heads and rank_heads over layers") {
    const std::vector<int> ids = probe();
    const int t = int(ids.size());
    std::vector<LayerTrace> layers(2);
    for (LayerTrace& L : layers) {
        L.n_heads = 2;
        L.blocked = causal(t);
        L.heads.resize(2);
    }
    layers[0].heads[0].weights = one_hot_head(t, [](int i) { return i - 1; });
    layers[0].heads[1].weights = uniform_head(t);
    layers[1].heads[0].weights = one_hot_head(t, [](int i) { return i > kHalf ? i - kHalf + 1 : 0; });
    layers[1].heads[1].weights = one_hot_head(t, [](int) { return 0; });
    const HeadRoleTable table = score_heads(layers, ids);
    CHECK(table.at(0, 0).strongest == int(HeadRole::PreviousToken));
    CHECK(table.at(1, 0).strongest == int(HeadRole::Induction));
    CHECK(table.at(1, 1).strongest == int(HeadRole::FirstToken));
    const std::vector<HeadRef> ranked = rank_heads(table, HeadRole::Induction);
    REQUIRE(ranked.size() == 4);
    CHECK(ranked[0].layer == 1);
    CHECK(ranked[0].head == 0);
    for (std::size_t i = 1; i < ranked.size(); ++i) CHECK(ranked[i - 1].score >= ranked[i].score);
}

TEST_CASE("the standard probe and a report on a real model") {
    auto gpt2 = load(kTinyGpt2);
    const std::vector<int> p = standard_probe_ids(*gpt2);
    REQUIRE(p.size() == 41);
    CHECK(p[0] == gpt2->tokenizer->eos_id);
    for (int i = 1; i <= 20; ++i) {
        CHECK(p[i] == p[i + 20]);
        CHECK(p[i] != gpt2->tokenizer->eos_id);
    }
    CHECK(p == standard_probe_ids(*gpt2));  // deterministic
    // Positional's contents: the probe's length and frame, no token twice, each different.
    const ProbeSet ps = standard_probe(*gpt2);
    CHECK(ps.kind == ProbeSet::Kind::Standard);
    CHECK(ps.pattern.at(0) == p);
    REQUIRE(ps.position.size() == 6);
    for (const std::vector<int>& c : ps.position) {
        CHECK(c.size() == p.size());
        CHECK(c[0] == gpt2->tokenizer->eos_id);
        CHECK(std::set<int>(c.begin(), c.end()).size() == c.size());
    }
    CHECK(ps.position[0] != ps.position[1]);
    CHECK(model_probe(*gpt2).kind == ProbeSet::Kind::Standard);  // no task.json in the fixture

    auto report = head_role_report(*gpt2, "the cat sat on the mat");
    REQUIRE(report.ok());
    CHECK(report->probe.n_layers == 2);
    CHECK(report->probe.n_heads == 4);
    CHECK(report->sentence.heads.size() == 8);
    for (const HeadRoleScores& s : report->probe.heads)
        for (float x : s.score) CHECK((x >= 0.0f && x <= 1.0f));  // the probe has every pattern

    auto bert = load(kTinyBert);
    const std::vector<int> b = standard_probe_ids(*bert);
    CHECK(b.front() == bert->tokenizer->cls_id);
    CHECK(b.back() == bert->tokenizer->sep_id);
    CHECK(head_role_report(*bert, "").ok());
    CHECK_FALSE(head_role_report(*bert, "").value().sentence.n_layers);

    // An encoder–decoder is probed one self-attention section at a time (the encoder when none
    // is named; test_section_roles.cpp); its cross-attention is refused with a message.
    auto marian = load(kFixtures + "/pretrained/models/tiny-marian");
    auto encoder = head_role_report(*marian, "He went home.");
    REQUIRE(encoder.ok());
    CHECK(encoder->section == "encoder");
    auto refused = head_role_report(*marian, "He went home.", "cross");
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().find("two texts") != std::string::npos);
}

TEST_CASE("attention rollout equals the product written out, rows stay distributions") {
    const int t = 5;
    std::vector<LayerTrace> layers(3);
    for (int l = 0; l < 3; ++l) {
        layers[l].n_heads = 2;
        layers[l].q = layers[l].k = Mat::Zero(t, 4);
        layers[l].heads.resize(2);
        for (int h = 0; h < 2; ++h) {
            Mat a = testing::random_normal(t, t, 1.0f, unsigned(10 * l + h)).array().exp();
            a.array().colwise() /= a.rowwise().sum().array();
            layers[l].heads[h].weights = a;
        }
    }
    const std::vector<Mat> r = attention_rollout(layers);
    REQUIRE(r.size() == 3);
    // Directly: element by element, 0.5 (Ā + I) per layer, later layers on the left.
    Mat direct = Mat::Identity(t, t);
    for (int l = 0; l < 3; ++l) {
        Mat step(t, t);
        for (int i = 0; i < t; ++i)
            for (int j = 0; j < t; ++j)
                step(i, j) = 0.5f * (0.5f * (layers[l].heads[0].weights(i, j) + layers[l].heads[1].weights(i, j)) +
                                     (i == j ? 1.0f : 0.0f));
        Mat next = Mat::Zero(t, t);
        for (int i = 0; i < t; ++i)
            for (int j = 0; j < t; ++j)
                for (int m = 0; m < t; ++m) next(i, j) += step(i, m) * direct(m, j);
        direct = next;
        const double d = max_diff(r[l], direct);
        CAPTURE(l);
        CHECK(d < 1e-6);
    }
    for (int i = 0; i < t; ++i) CHECK(r[2].row(i).sum() == doctest::Approx(1.0));
}

TEST_CASE("attention summed over a selection of rows or columns") {
    Mat a(3, 3);
    a << 1.0f, 0.0f, 0.0f,
         0.5f, 0.5f, 0.0f,
         0.2f, 0.3f, 0.5f;
    const RowVec from = attention_from_rows(a, {1, 2});
    CHECK(from[0] == doctest::Approx(0.7));
    CHECK(from[1] == doctest::Approx(0.8));
    CHECK(from[2] == doctest::Approx(0.5));
    CHECK(from.sum() == doctest::Approx(2.0));  // each selected row gives 1
    const Vec to = attention_to_columns(a, {0, 2});
    CHECK(to[0] == doctest::Approx(1.0));
    CHECK(to[1] == doctest::Approx(0.5));
    CHECK(to[2] == doctest::Approx(0.7));
    CHECK(attention_from_rows(a, {}).sum() == 0.0f);
}
