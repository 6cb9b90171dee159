// builtin_model.h — the model that needs no files: random but reproducible weights.
//
// Embeddings: each token string hashes (with the seed) to its own N(0, 1) vector, so "flies" gets
// the same vector in every sentence. Projections: W ~ N(0, 1/(d_model · Var(x))), which makes the
// entries of Q and K roughly unit-variance whether or not positional encoding is added
// (Var(x) = 1 without PE, 1.5 with it: PE entries have mean square 1/2). With unit-variance q and
// k, Var(q·k) = d_k — the textbook reason for dividing by √d_k — shows up in the numbers.
#pragma once

#include "core/base/limits.h"

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/attention/word_tokenizer.h"

namespace attn {

struct ModelConfig {
    int d_model = 64;
    int n_heads = 4;              // d_k = d_v = d_model / n_heads
    std::uint64_t seed = 42;
    bool positional = true;       // add sinusoidal positional encoding to the embeddings

    int d_k() const { return d_model / n_heads; }
    bool operator==(const ModelConfig& o) const {
        return d_model == o.d_model && n_heads == o.n_heads && seed == o.seed && positional == o.positional;
    }
    bool operator!=(const ModelConfig& o) const { return !(*this == o); }
};

constexpr int kMaxDModel = limits::kMaxBuiltinWidth;
constexpr int kMaxHeads = limits::kMaxHeads;

Status validate_model(const ModelConfig& config);

// (d_model) the token's embedding: N(0, 1) entries, a function of (text, seed, d_model) only.
RowVec token_embedding(std::string_view token_text, const ModelConfig& config);
// (T, d_model) one row per token, without positions.
Mat embed_tokens(const std::vector<Token>& tokens, const ModelConfig& config);

struct BuiltinModel {
    ModelConfig config;
    AttentionWeights weights;  // one layer
};

// Generates the weights (d_model = 768 takes a few tens of ms: build once, reuse for many runs).
Expected<BuiltinModel> make_builtin_model(const ModelConfig& config);

}  // namespace attn
