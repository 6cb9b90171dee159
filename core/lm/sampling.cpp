// sampling.cpp — probabilities, top-k lists and token choice from next-token logits.
#include "core/lm/sampling.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <numeric>

#include "core/base/rng.h"

namespace attn::lm {

Status validate_sampling(const SamplingOptions& o) {
    if (o.greedy) return Status::Ok();
    if (!(o.temperature > 0.0f) || !std::isfinite(o.temperature))
        return Status::Error("The temperature must be a positive number (1 = the model's own distribution).");
    if (o.top_k < 0) return Status::Error("top-k must be 0 (no limit) or a positive number of tokens.");
    if (!(o.top_p > 0.0f && o.top_p <= 1.0f))
        return Status::Error("top-p must be in (0, 1] (1 = no limit).");
    return Status::Ok();
}

RowVec token_probabilities(const RowVec& logits, float temperature) {
    assert(temperature > 0.0f && "token_probabilities: temperature > 0 (validate_sampling)");
    assert(logits.size() > 0);
    const double inv_t = 1.0 / double(temperature);
    const double max = double(logits.maxCoeff());
    double sum = 0.0;
    RowVec p(logits.size());  // (V)
    for (Eigen::Index i = 0; i < logits.size(); ++i) {
        const double e = std::exp((double(logits[i]) - max) * inv_t);
        p[i] = float(e);
        sum += e;
    }
    p *= float(1.0 / sum);
    return p;
}

// Ids ordered by probability, most probable first, ties by id; only the first `k` are sorted.
static std::vector<int> ranked_ids(const RowVec& p, int k) {
    std::vector<int> ids(p.size());
    std::iota(ids.begin(), ids.end(), 0);
    auto before = [&](int a, int b) { return p[a] > p[b] || (p[a] == p[b] && a < b); };
    k = std::clamp(k, 0, int(ids.size()));
    std::partial_sort(ids.begin(), ids.begin() + k, ids.end(), before);
    ids.resize(k);
    return ids;
}

std::vector<TokenProb> top_k_tokens(const RowVec& logits, int k, float temperature) {
    const RowVec p = token_probabilities(logits, temperature);  // (V)
    std::vector<TokenProb> out;
    for (int id : ranked_ids(p, k)) out.push_back({id, p[id], logits[id]});
    return out;
}

static int argmax(const RowVec& logits) {
    int best = 0;
    for (int i = 1; i < int(logits.size()); ++i)
        if (logits[i] > logits[best]) best = i;
    return best;
}

std::vector<TokenProb> sampling_distribution(const RowVec& logits, const SamplingOptions& o) {
    if (o.greedy) {
        const int id = argmax(logits);
        return {{id, 1.0f, logits[id]}};
    }
    assert(validate_sampling(o).ok() && "sampling_distribution: options must pass validate_sampling");
    const RowVec p = token_probabilities(logits, o.temperature);  // (V)
    const int v = int(p.size());
    const int k = o.top_k > 0 ? std::min(o.top_k, v) : v;
    std::vector<int> ids = ranked_ids(p, k);
    if (o.top_p < 1.0f) {
        double mass = 0.0;
        std::size_t keep = 0;
        while (keep < ids.size() && mass < double(o.top_p)) mass += p[ids[keep++]];
        ids.resize(std::max<std::size_t>(keep, 1));
    }
    double total = 0.0;
    for (int id : ids) total += p[id];
    std::vector<TokenProb> out;
    out.reserve(ids.size());
    for (int id : ids) out.push_back({id, float(double(p[id]) / total), logits[id]});
    return out;
}

double SampleRng::uniform() {
    state_ += 0x9E3779B97F4A7C15ull;
    return double(splitmix64(state_) >> 11) * 0x1.0p-53;
}

int choose_token(const RowVec& logits, const SamplingOptions& o, SampleRng& rng) {
    if (o.greedy) return argmax(logits);
    const std::vector<TokenProb> dist = sampling_distribution(logits, o);
    // Inverse CDF over the kept tokens in their ranked order; the last one takes any rounding rest.
    const double u = rng.uniform();
    double cum = 0.0;
    for (const TokenProb& t : dist) {
        cum += t.prob;
        if (u < cum) return t.id;
    }
    return dist.back().id;
}

}  // namespace attn::lm
