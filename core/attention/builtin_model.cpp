// builtin_model.cpp — the model that needs no files: random but reproducible weights
// (implementation; the interface and its contract are in builtin_model.h)
#include "core/attention/builtin_model.h"

#include <cmath>
#include <string>

#include "core/base/rng.h"

namespace attn {

Status validate_model(const ModelConfig& c) {
    if (c.d_model < 1 || c.d_model > kMaxDModel) {
        return Status::Error("d_model must be between 1 and " + std::to_string(kMaxDModel) +
                             " (got " + std::to_string(c.d_model) + ").");
    }
    if (c.n_heads < 1 || c.n_heads > kMaxHeads) {
        return Status::Error("The number of heads must be between 1 and " + std::to_string(kMaxHeads) +
                             " (got " + std::to_string(c.n_heads) + ").");
    }
    if (c.d_model % c.n_heads != 0) {
        return Status::Error("d_model (" + std::to_string(c.d_model) +
                             ") must be divisible by the number of heads (" +
                             std::to_string(c.n_heads) + ") so that every head gets d_k = d_model / h.");
    }
    return Status::Ok();
}

RowVec token_embedding(std::string_view token_text, const ModelConfig& config) {
    NormalStream rng(hash_bytes(token_text, config.seed ^ 0x656D626564ull /* "embed" */));
    RowVec e(config.d_model);
    for (int i = 0; i < config.d_model; ++i) e[i] = float(rng.next());
    return e;
}

Mat embed_tokens(const std::vector<Token>& tokens, const ModelConfig& config) {
    Mat x(Eigen::Index(tokens.size()), config.d_model);  // (T, d_model)
    for (size_t t = 0; t < tokens.size(); ++t) x.row(t) = token_embedding(tokens[t].text, config);
    return x;
}

static Mat random_matrix(int rows, int cols, double stddev, std::uint64_t seed, std::string_view name) {
    NormalStream rng(hash_bytes(name, seed));
    Mat m(rows, cols);
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j) m(i, j) = float(rng.next() * stddev);
    return m;
}

Expected<BuiltinModel> make_builtin_model(const ModelConfig& config) {
    if (Status s = validate_model(config); !s) return s;
    const int d = config.d_model;
    const double var_x = config.positional ? 1.5 : 1.0;
    const double std_in = 1.0 / std::sqrt(double(d) * var_x);
    const double std_out = 1.0 / std::sqrt(double(d));

    BuiltinModel m;
    m.config = config;
    m.weights.n_heads = config.n_heads;
    m.weights.w_q = random_matrix(d, d, std_in, config.seed, "W_Q");
    m.weights.w_k = random_matrix(d, d, std_in, config.seed, "W_K");
    m.weights.w_v = random_matrix(d, d, std_in, config.seed, "W_V");
    m.weights.w_o = random_matrix(d, d, std_out, config.seed, "W_O");
    return m;
}

}  // namespace attn
