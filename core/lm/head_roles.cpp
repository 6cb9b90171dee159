// head_roles.cpp — head-role scores on attention weights, the repeated-random probe, rankings.
#include "core/lm/head_roles.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <unordered_set>

#include "core/lm/lm_inputs.h"
#include "core/base/rng.h"

namespace attn::lm {

const char* head_role_name(HeadRole r) {
    switch (r) {
        case HeadRole::PreviousToken: return "previous-token";
        case HeadRole::DuplicateToken: return "duplicate-token";
        case HeadRole::Induction: return "induction";
        case HeadRole::FirstToken: return "first-token";
        case HeadRole::Self: return "self";
        case HeadRole::Broad: return "broad";
    }
    return "?";
}

const char* head_role_description(HeadRole r) {
    switch (r) {
        case HeadRole::PreviousToken: return "looks at the token just before";
        case HeadRole::DuplicateToken: return "looks at earlier copies of the same token";
        case HeadRole::Induction: return "looks at what followed an earlier copy of the token";
        case HeadRole::FirstToken: return "parks its attention on the first token (a sink)";
        case HeadRole::Self: return "looks at the token itself";
        case HeadRole::Broad: return "spreads its attention evenly";
    }
    return "?";
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

}  // namespace

HeadRoleScores score_head(const Mat& a, const BoolMat& blocked, const std::vector<int>& ids) {
    const int t = int(a.rows());
    assert(a.cols() == t && int(ids.size()) == t && "score_head: (T, T) weights and T ids");
    assert((blocked.size() == 0 || (blocked.rows() == t && blocked.cols() == t)) && "score_head: (T, T) mask");
    auto visible = [&](int i, int j) { return blocked.size() == 0 || blocked(i, j) == 0; };

    RowMean prev, dup, induction, first, self, broad;
    for (int i = 0; i < t; ++i) {
        int n_visible = 0;
        for (int j = 0; j < t; ++j) n_visible += visible(i, j) ? 1 : 0;
        if (n_visible < 2) continue;  // no choice: the row says nothing about the head

        if (i >= 1 && visible(i, i - 1)) prev.add(a(i, i - 1));
        if (visible(i, 0) && i != 0) first.add(a(i, 0));
        if (visible(i, i)) self.add(a(i, i));

        double dup_mass = 0.0, ind_mass = 0.0;
        bool has_dup = false, has_ind = false;
        for (int j = 0; j < i; ++j) {
            if (ids[j] != ids[i]) continue;
            // j is an earlier copy of token i: the duplicate cell is j, the induction cell j + 1.
            if (visible(i, j)) has_dup = true, dup_mass += a(i, j);
            if (visible(i, j + 1)) has_ind = true, ind_mass += a(i, j + 1);
        }
        if (has_dup) dup.add(dup_mass);
        if (has_ind) induction.add(ind_mass);

        double h = 0.0;
        for (int j = 0; j < t; ++j) {
            const double p = a(i, j);
            if (p > 0.0) h -= p * std::log(p);
        }
        broad.add(std::clamp(h / std::log(double(n_visible)), 0.0, 1.0));
    }

    HeadRoleScores s;
    s.score = {prev.get(), dup.get(), induction.get(), first.get(), self.get(), broad.get()};
    for (int r = 0; r < kHeadRoleCount; ++r) {
        // NaN compares false: a role with no qualifying row is never the strongest.
        if (s.score[r] >= kMinRoleScore && (s.strongest < 0 || s.score[r] > s.score[s.strongest])) s.strongest = r;
    }
    return s;
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

std::vector<int> repeated_random_ids(int vocab_size, int half, std::uint64_t seed, const std::vector<int>& excluded,
                                     const std::vector<int>& prefix, const std::vector<int>& suffix) {
    const std::unordered_set<int> skip(excluded.begin(), excluded.end());
    assert(vocab_size > int(skip.size()) && "repeated_random_ids: nothing left to draw");
    std::vector<int> r;
    std::uint64_t state = seed;
    while (int(r.size()) < half) {
        state += 0x9E3779B97F4A7C15ull;
        const int id = int(splitmix64(state) % std::uint64_t(vocab_size));
        if (!skip.count(id)) r.push_back(id);
    }
    std::vector<int> ids = prefix;
    ids.insert(ids.end(), r.begin(), r.end());
    ids.insert(ids.end(), r.begin(), r.end());
    ids.insert(ids.end(), suffix.begin(), suffix.end());
    return ids;
}

std::vector<int> standard_probe_ids(const pretrained::PretrainedModel& model, int half, std::uint64_t seed) {
    const pretrained::SubwordTokenizer& tok = *model.tokenizer;
    std::vector<int> specials;
    for (int id : {tok.cls_id, tok.sep_id, tok.pad_id, tok.unk_id, tok.eos_id, tok.token_id("[MASK]")})
        if (id >= 0) specials.push_back(id);
    std::vector<int> prefix, suffix;
    if (model.config.arch == pretrained::Architecture::Gpt2) {
        if (tok.eos_id >= 0 && tok.eos_id < model.config.vocab_size) prefix.push_back(tok.eos_id);
    } else if (model.config.arch == pretrained::Architecture::Llama) {
        // What the tokenizer puts before a text (<|begin_of_text|>, <s>), else nothing (Qwen).
        for (const pretrained::SubwordToken& s : tok.with_special_tokens({}, 0))
            if (s.id >= 0 && s.id < model.config.vocab_size) prefix.push_back(s.id);
    } else {
        if (tok.cls_id >= 0) prefix.push_back(tok.cls_id);
        if (tok.sep_id >= 0) suffix.push_back(tok.sep_id);
    }
    const int room = (model.config.max_positions - int(prefix.size() + suffix.size())) / 2;
    return repeated_random_ids(model.config.vocab_size, std::min(half, room), seed, specials, prefix, suffix);
}

Expected<HeadRoleReport> head_role_report(const pretrained::PretrainedModel& model, const std::string& sentence) {
    HeadRoleReport report;
    report.probe_ids = standard_probe_ids(model);
    if (Status s = check_ids(model, report.probe_ids); !s) return s;
    {
        const pretrained::ForwardPass pass = forward_ids(model, report.probe_ids);
        report.probe = score_heads(pass.layers, report.probe_ids);
    }
    if (!sentence.empty()) {
        auto ids = encode_for_model(model, sentence);
        if (!ids) return ids.status();
        report.sentence_ids = std::move(*ids);
        const pretrained::ForwardPass pass = forward_ids(model, report.sentence_ids);
        report.sentence = score_heads(pass.layers, report.sentence_ids);
    }
    return report;
}

}  // namespace attn::lm
