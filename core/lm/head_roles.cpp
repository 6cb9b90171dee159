// head_roles.cpp — head-role scores on attention weights: the pattern roles, the generalised
// induction offset, the positional rule search, the label and its margin, rankings.
#include "core/lm/head_roles.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

namespace attn::lm {

const char* head_role_name(HeadRole r) {
    switch (r) {
        case HeadRole::PreviousToken: return "previous-token";
        case HeadRole::DuplicateToken: return "duplicate-token";
        case HeadRole::Induction: return "induction";
        case HeadRole::FirstToken: return "first-token";
        case HeadRole::Self: return "self";
        case HeadRole::Positional: return "positional";
        case HeadRole::Broad: return "broad";
    }
    return "?";
}

const char* head_role_description(HeadRole r) {
    switch (r) {
        case HeadRole::PreviousToken: return "looks at the token just before";
        case HeadRole::DuplicateToken: return "looks at earlier copies of the same token";
        case HeadRole::Induction: return "looks at what followed an earlier copy of the token (k after it)";
        case HeadRole::FirstToken: return "parks its attention on the first token (a sink)";
        case HeadRole::Self: return "looks at the token itself";
        case HeadRole::Positional: return "looks at a position set by the query's position, whatever the content";
        case HeadRole::Broad: return "spreads its attention evenly";
    }
    return "?";
}

int PositionRule::key(int i) const {
    switch (kind) {
        case Kind::None: return -1;
        case Kind::Offset: return i - value;
        case Kind::Mirror: return value - i;
        case Kind::Column: return value;
    }
    return -1;
}

std::string position_rule_text(const PositionRule& rule) {
    switch (rule.kind) {
        case PositionRule::Kind::None: return "";
        case PositionRule::Kind::Offset:
            return rule.value >= 0 ? "j = i - " + std::to_string(rule.value) : "j = i + " + std::to_string(-rule.value);
        case PositionRule::Kind::Mirror: return "j = " + std::to_string(rule.value) + " - i";
        case PositionRule::Kind::Column: return "j = " + std::to_string(rule.value);
    }
    return "";
}

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// Mean of per-row values over the rows that counted; NaN when none did.
struct RowMean {
    double sum = 0.0;
    int n = 0;
    void add(double v) { sum += v, ++n; }
    float get() const { return n > 0 ? float(sum / n) : kNaN; }
};

bool visible(const HeadSample& s, int i, int j) {
    return s.blocked == nullptr || s.blocked->size() == 0 || (*s.blocked)(i, j) == 0;
}

int visible_keys(const HeadSample& s, int i) {
    const int t = int(s.weights->cols());
    int n = 0;
    for (int j = 0; j < t; ++j) n += visible(s, i, j) ? 1 : 0;
    return n;
}

void check_sample(const HeadSample& s) {
    assert(s.weights && s.ids && "score_head: weights and ids");
    const int t = int(s.weights->rows());
    assert(s.weights->cols() == t && int(s.ids->size()) == t && "score_head: (T, T) weights and T ids");
    assert((!s.blocked || s.blocked->size() == 0 || (s.blocked->rows() == t && s.blocked->cols() == t)) &&
           "score_head: (T, T) mask");
    (void)t;
}

// The six pattern scores (positional stays NaN) pooled over the samples' rows.
void pattern_scores(const std::vector<HeadSample>& samples, int max_k, HeadRoleScores& out) {
    RowMean prev, dup, first, self, broad;
    std::vector<RowMean> induction(std::size_t(std::max(max_k, 1)) + 1);  // [k], k = 1 … max_k
    for (const HeadSample& s : samples) {
        check_sample(s);
        const Mat& a = *s.weights;
        const std::vector<int>& ids = *s.ids;
        const int t = int(a.rows());
        for (int i = 0; i < t; ++i) {
            const int n_visible = visible_keys(s, i);
            if (n_visible < 2) continue;  // no choice: the row says nothing about the head

            if (i >= 1 && visible(s, i, i - 1)) prev.add(a(i, i - 1));
            if (visible(s, i, 0) && i != 0) first.add(a(i, 0));
            if (visible(s, i, i)) self.add(a(i, i));

            double dup_mass = 0.0;
            bool has_dup = false;
            for (int k = 1; k <= max_k; ++k) {
                double mass = 0.0;
                bool has = false;
                for (int j = 0; j + k < i; ++j) {
                    // j is an earlier copy of token i: the induction cell for offset k is j + k,
                    // strictly before the query (the token itself is not copied from context).
                    if (ids[j] != ids[i] || !visible(s, i, j + k)) continue;
                    has = true, mass += a(i, j + k);
                }
                if (has) induction[std::size_t(k)].add(mass);
            }
            for (int j = 0; j < i; ++j)
                if (ids[j] == ids[i] && visible(s, i, j)) has_dup = true, dup_mass += a(i, j);
            if (has_dup) dup.add(dup_mass);

            double h = 0.0;
            for (int j = 0; j < t; ++j) {
                const double p = a(i, j);
                if (p > 0.0) h -= p * std::log(p);
            }
            broad.add(std::clamp(h / std::log(double(n_visible)), 0.0, 1.0));
        }
    }
    float best = kNaN;
    int best_k = 0;
    for (int k = 1; k <= max_k; ++k) {
        const float v = induction[std::size_t(k)].get();
        if (!std::isnan(v) && (std::isnan(best) || v > best)) best = v, best_k = k;  // ties: the smaller k
    }
    out.score[int(HeadRole::PreviousToken)] = prev.get();
    out.score[int(HeadRole::DuplicateToken)] = dup.get();
    out.score[int(HeadRole::Induction)] = best;
    out.score[int(HeadRole::FirstToken)] = first.get();
    out.score[int(HeadRole::Self)] = self.get();
    out.score[int(HeadRole::Broad)] = broad.get();
    out.induction_offset = best_k;
}

// Key positions whose token is the same in every sample: attention there could follow the
// token, so it never counts as positional. One sample: nothing is fixed (the caller decides).
std::vector<char> fixed_keys(const std::vector<HeadSample>& samples) {
    const int t = int(samples[0].ids->size());
    std::vector<char> fixed(std::size_t(t), samples.size() > 1 ? 1 : 0);
    for (std::size_t c = 1; c < samples.size(); ++c)
        for (int j = 0; j < t && j < int(samples[c].ids->size()); ++j)
            if ((*samples[c].ids)[j] != (*samples[0].ids)[j]) fixed[std::size_t(j)] = 0;
    return fixed;
}

struct RuleTally {
    double mass = 0.0;
    int rows = 0;
};

// [sample][row] 1 when the row has at least two visible keys.
std::vector<std::vector<char>> rows_with_choice(const std::vector<HeadSample>& samples) {
    std::vector<std::vector<char>> out;
    for (const HeadSample& s : samples) {
        std::vector<char> c(std::size_t(s.weights->rows()));
        for (int i = 0; i < int(c.size()); ++i) c[std::size_t(i)] = visible_keys(s, i) >= 2 ? 1 : 0;
        out.push_back(std::move(c));
    }
    return out;
}

RuleTally tally_rule(const PositionRule& rule, const std::vector<HeadSample>& samples, const std::vector<char>& fixed,
                     const std::vector<std::vector<char>>& choice) {
    RuleTally r;
    for (std::size_t c = 0; c < samples.size(); ++c) {
        const HeadSample& s = samples[c];
        const Mat& a = *s.weights;
        const int t = int(a.rows());
        for (int i = 0; i < t; ++i) {
            const int j = rule.key(i);
            if (j < 0 || j >= t || (j < int(fixed.size()) && fixed[std::size_t(j)])) continue;
            if (!choice[c][std::size_t(i)] || !visible(s, i, j)) continue;
            r.mass += a(i, j);
            ++r.rows;
        }
    }
    return r;
}

// The positional rule with the most attention, over offsets (nearest first), mirrors, columns.
// A rule must reach a third of the rows with a choice, so a rule that fits two rows cannot win.
void positional_score(const std::vector<HeadSample>& samples, HeadRoleScores& out) {
    out.score[int(HeadRole::Positional)] = kNaN;
    out.rule = {};
    if (samples.empty()) return;
    for (const HeadSample& s : samples) check_sample(s);
    const int t = int(samples[0].weights->rows());
    for (const HeadSample& s : samples) {
        assert(int(s.weights->rows()) == t && "positional: one length T");
        (void)s;
    }
    const std::vector<char> fixed = fixed_keys(samples);
    const std::vector<std::vector<char>> choice = rows_with_choice(samples);
    int n_rows = 0;
    for (const std::vector<char>& c : choice) n_rows += int(std::count(c.begin(), c.end(), 1));
    const int min_rows = std::max(2, (n_rows + 2) / 3);

    std::vector<PositionRule> rules;
    for (int d = 1; d < t; ++d) {
        if (d >= 2) rules.push_back({PositionRule::Kind::Offset, d});  // j = i − d (d = 1: previous-token)
        rules.push_back({PositionRule::Kind::Offset, -d});             // j = i + d
    }
    for (int m = 0; m <= 2 * t - 2; ++m) rules.push_back({PositionRule::Kind::Mirror, m});
    for (int m = 1; m < t; ++m) rules.push_back({PositionRule::Kind::Column, m});  // m = 0: first-token

    double best = -1.0;
    for (const PositionRule& rule : rules) {
        const RuleTally r = tally_rule(rule, samples, fixed, choice);
        if (r.rows < min_rows) continue;
        const double v = r.mass / r.rows;
        if (v > best + 1e-9) best = v, out.rule = rule;  // ties: the rule listed first
    }
    if (best >= 0.0) out.score[int(HeadRole::Positional)] = float(best);
}

}  // namespace

float position_rule_score(const PositionRule& rule, const std::vector<HeadSample>& samples) {
    if (rule.kind == PositionRule::Kind::None || samples.empty()) return kNaN;
    for (const HeadSample& s : samples) check_sample(s);
    const RuleTally r = tally_rule(rule, samples, fixed_keys(samples), rows_with_choice(samples));
    return r.rows > 0 ? float(r.mass / r.rows) : kNaN;
}

void choose_role(HeadRoleScores& s) {
    s.top = s.runner_up = s.strongest = -1;
    for (int r = 0; r < kHeadRoleCount; ++r) {
        if (std::isnan(s.score[r])) continue;  // a role with no qualifying row never wins
        if (s.top < 0 || s.score[r] > s.score[s.top]) {
            s.runner_up = s.top;
            s.top = r;
        } else if (s.runner_up < 0 || s.score[r] > s.score[s.runner_up]) {
            s.runner_up = r;
        }
    }
    if (s.top < 0) {
        s.margin = 0.0f;
        return;
    }
    s.margin = s.score[s.top] - (s.runner_up >= 0 ? s.score[s.runner_up] : 0.0f);
    if (s.score[s.top] >= kMinRoleScore && s.margin >= kMinMargin) s.strongest = s.top;
}

HeadRoleScores score_head(const std::vector<HeadSample>& pattern, const std::vector<HeadSample>& position, int max_k) {
    HeadRoleScores s;
    pattern_scores(pattern, max_k, s);
    positional_score(position, s);
    if (std::isnan(s[HeadRole::Induction])) s.induction_offset = 0;
    choose_role(s);
    return s;
}

HeadRoleScores score_head(const Mat& weights, const BoolMat& blocked, const std::vector<int>& ids) {
    return score_head({HeadSample{&weights, &blocked, &ids}}, {});
}

HeadRoleTable score_heads(const std::vector<LayerTrace>& layers, const std::vector<int>& ids) {
    HeadRoleTable table;
    table.n_layers = int(layers.size());
    table.n_heads = layers.empty() ? 0 : layers[0].n_heads;
    table.heads.resize(std::size_t(table.n_layers) * table.n_heads);
    for (int l = 0; l < table.n_layers; ++l) {
        assert(layers[l].n_heads == table.n_heads);
        for (int h = 0; h < table.n_heads; ++h)
            table.heads[l * table.n_heads + h] = score_head(layers[l].heads[h].weights, layers[l].blocked, ids);
    }
    return table;
}

std::vector<HeadRef> rank_heads(const HeadRoleTable& table, HeadRole role) {
    std::vector<HeadRef> out;
    for (int l = 0; l < table.n_layers; ++l)
        for (int h = 0; h < table.n_heads; ++h) out.push_back({l, h, table.at(l, h)[role]});
    std::stable_sort(out.begin(), out.end(), [](const HeadRef& x, const HeadRef& y) {
        if (std::isnan(x.score) || std::isnan(y.score)) return !std::isnan(x.score) && std::isnan(y.score);
        return x.score > y.score;
    });
    return out;
}

}  // namespace attn::lm
