// optimizer.cpp — AdamW, clipping and the learning-rate schedule (see optimizer.h).
#include "core/train/optimizer.h"

#include <algorithm>
#include <cmath>

namespace attn::train {

float lr_at(float lr, int step, int warmup, int total) {
    if (step < warmup) return lr * float(step + 1) / float(warmup);
    if (total <= warmup) return lr;
    const double progress = double(step - warmup) / double(total - warmup);  // [0, 1)
    const double cosine = 0.5 * (1.0 + std::cos(3.14159265358979323846 * std::min(1.0, progress)));
    return float(lr * (0.1 + 0.9 * cosine));
}

float grad_norm(const GptModel& m) {
    double sum = 0.0;
    for (const ParamTensor& t : m.layout.tensors) {
        if (!t.trained) continue;
        const float* g = m.grads.data() + t.offset;
        for (std::size_t i = 0; i < t.size; ++i) sum += double(g[i]) * g[i];
    }
    return float(std::sqrt(sum));
}

float adamw_step(GptModel& m, AdamWState& st, const AdamWConfig& cfg, float lr) {
    if (st.m.size() != m.params.size()) {
        st.m.assign(m.params.size(), 0.0f);
        st.v.assign(m.params.size(), 0.0f);
        st.t = 0;
    }
    const float norm = grad_norm(m);
    float clip = 1.0f;
    if (cfg.grad_clip > 0.0f) clip = std::min(1.0f, cfg.grad_clip / (norm + 1e-6f));

    st.t += 1;
    const float bc1 = 1.0f - std::pow(cfg.beta1, float(st.t));
    const float bc2_sqrt = std::sqrt(1.0f - std::pow(cfg.beta2, float(st.t)));
    const float step_size = lr / bc1;
    for (const ParamTensor& t : m.layout.tensors) {
        if (!t.trained) continue;
        const float decay = t.decay ? 1.0f - lr * cfg.weight_decay : 1.0f;
        float* p = m.params.data() + t.offset;  // (size) each
        float* g = m.grads.data() + t.offset;
        float* mm = st.m.data() + t.offset;
        float* vv = st.v.data() + t.offset;
        for (std::size_t i = 0; i < t.size; ++i) {
            const float gi = g[i] * clip;
            g[i] = gi;
            p[i] *= decay;
            mm[i] = mm[i] * cfg.beta1 + (1.0f - cfg.beta1) * gi;
            vv[i] = vv[i] * cfg.beta2 + (1.0f - cfg.beta2) * gi * gi;
            const float denom = std::sqrt(vv[i]) / bc2_sqrt + cfg.eps;
            p[i] -= step_size * mm[i] / denom;
        }
    }
    return norm;
}

}  // namespace attn::train
