// positional_demo.cpp — the positional-encoding view's logic (GL-free)
// (implementation; the interface and its contract are in positional_demo.h)
#include "app/views/positional/positional_demo.h"

#include <algorithm>
#include <cmath>

namespace attn::app {

std::string reversed_sentence(const std::vector<Token>& tokens) {
    std::string out;
    for (auto it = tokens.rbegin(); it != tokens.rend(); ++it) {
        if (it->kind == TokenKind::Special) continue;
        if (!out.empty()) out += ' ';
        out += it->text;
    }
    return out;
}

float reversal_mismatch(const Trace& original, const Trace& reversed, int layer) {
    const int t = original.t_q();
    if (t == 0 || layer < 0 || size_t(layer) >= original.layers.size() || size_t(layer) >= reversed.layers.size() ||
        reversed.t_q() != t ||
        original.t_k() != t || reversed.t_k() != t) {
        return -1.0f;
    }
    for (int i = 0; i < t; ++i) {
        if (original.q_tokens[size_t(i)].text != reversed.q_tokens[size_t(t - 1 - i)].text) return -1.0f;
    }
    const LayerTrace& a = original.layers[size_t(layer)];
    const LayerTrace& b = reversed.layers[size_t(layer)];
    if (a.n_heads != b.n_heads) return -1.0f;
    float worst = 0.0f;
    for (int h = 0; h < a.n_heads; ++h) {
        const Mat& wa = a.heads[size_t(h)].weights;  // (T, T)
        const Mat& wb = b.heads[size_t(h)].weights;  // (T, T)
        for (int i = 0; i < t; ++i) {
            for (int j = 0; j < t; ++j) worst = std::max(worst, std::fabs(wb(i, j) - wa(t - 1 - i, t - 1 - j)));
        }
    }
    return worst;
}

}  // namespace attn::app
