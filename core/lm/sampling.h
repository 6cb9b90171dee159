// sampling.h — from a model's next-token logits to probabilities, the top-k list a view shows,
// and the choice of the next token: greedy, or sampled with temperature, top-k and top-p.
//
//   p = softmax(logits / temperature)                      (V)
//   top-k: keep the k most probable tokens                 (ties: the lower id first)
//   top-p: then keep the smallest most-probable prefix whose mass reaches p
//   renormalise the kept tokens, draw one with our own generator (same seed → same tokens
//   on every machine: splitmix64, not <random>'s distributions).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/matrix.h"
#include "core/base/status.h"

namespace attn::lm {

struct SamplingOptions {
    bool greedy = true;          // the most probable token; the fields below are then ignored
    float temperature = 1.0f;    // > 0; < 1 sharpens, > 1 flattens
    int top_k = 0;               // 0 = no limit
    float top_p = 1.0f;          // (0, 1]; 1 = no limit
    std::uint64_t seed = 0;
};

// Errors name the option: temperature ≤ 0 or not finite, top_k < 0, top_p outside (0, 1].
Status validate_sampling(const SamplingOptions& o);

struct TokenProb {
    int id = 0;
    float prob = 0.0f;   // probability under the distribution it came from
    float logit = 0.0f;  // the model's raw logit
};

// softmax(logits / temperature), summed in double. logits (V) -> (V).
RowVec token_probabilities(const RowVec& logits, float temperature = 1.0f);

// The k most probable tokens of softmax(logits / temperature), most probable first; ties by id.
// k is clamped to V.
std::vector<TokenProb> top_k_tokens(const RowVec& logits, int k, float temperature = 1.0f);

// The distribution sampling draws from (temperature, then top-k, then top-p, renormalised), most
// probable first. Greedy: the single most probable token with probability 1. This is what a view
// shows to make the effect of each control visible before sampling.
std::vector<TokenProb> sampling_distribution(const RowVec& logits, const SamplingOptions& o);

// Deterministic uniform numbers in [0, 1) from a 64-bit seed (splitmix64 stream).
class SampleRng {
public:
    explicit SampleRng(std::uint64_t seed) : state_(seed) {}
    double uniform();

private:
    std::uint64_t state_;
};

// The next token: the argmax (greedy; lowest id on ties) or one draw from sampling_distribution.
int choose_token(const RowVec& logits, const SamplingOptions& o, SampleRng& rng);

}  // namespace attn::lm
