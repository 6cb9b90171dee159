// optimizer.cpp — AdamW, clipping and the learning-rate schedule (see optimizer.h).
#include "core/train/optimizer.h"

#include <algorithm>
#include <cmath>

#include <Eigen/Core>

namespace attn::train {

float lr_at(float lr, int step, int warmup, int total) {
    if (step < warmup) return lr * float(step + 1) / float(warmup);
    if (total <= warmup) return lr;
    const double progress = double(step - warmup) / double(total - warmup);  // [0, 1)
    const double cosine = 0.5 * (1.0 + std::cos(3.14159265358979323846 * std::min(1.0, progress)));
    return float(lr * (0.1 + 0.9 * cosine));
}

using Array = Eigen::Map<Eigen::ArrayXf>;
using ConstArray = Eigen::Map<const Eigen::ArrayXf>;

float grad_norm(const DecoderModel& m) { return grad_norm(m.layout.tensors, m.grads); }

float grad_norm(const std::vector<ParamTensor>& tensors, const Floats& grads) {
    double sum = 0.0;
    for (const ParamTensor& t : tensors) {
        if (!t.trained) continue;
        // (size) squared in double; Eigen's vectorised sum (a fixed order for a given size)
        sum += ConstArray(grads.data() + t.offset, Eigen::Index(t.size)).cast<double>().square().sum();
    }
    return float(std::sqrt(sum));
}

float adamw_step(DecoderModel& m, AdamWState& st, const AdamWConfig& cfg, float lr) {
    return adamw_step(m.layout.tensors, m.params, m.grads, st, cfg, lr);
}

float adamw_step(const std::vector<ParamTensor>& tensors, Floats& params, const Floats& grads, AdamWState& st,
                 const AdamWConfig& cfg, float lr) {
    if (st.m.size() != params.size()) {
        st.m.assign(params.size(), 0.0f);
        st.v.assign(params.size(), 0.0f);
        st.t = 0;
    }
    const float norm = grad_norm(tensors, grads);
    float clip = 1.0f;
    if (cfg.grad_clip > 0.0f) clip = std::min(1.0f, cfg.grad_clip / (norm + 1e-6f));

    st.t += 1;
    const float bc1 = 1.0f - std::pow(cfg.beta1, float(st.t));
    const float bc2_sqrt = std::sqrt(1.0f - std::pow(cfg.beta2, float(st.t)));
    const float step_size = lr / bc1;
    for (const ParamTensor& t : tensors) {
        if (!t.trained) continue;
        const float decay = t.decay ? 1.0f - lr * cfg.weight_decay : 1.0f;
        // (size) each: one pass, PyTorch's operations in PyTorch's order; vectorised by the
        // compiler (this file is built with -fno-math-errno, so sqrt is an instruction). The
        // buffers are 64-byte aligned, so the vector/scalar split is the same on every run.
        float* __restrict p = params.data() + t.offset;
        const float* __restrict g = grads.data() + t.offset;
        float* __restrict mm = st.m.data() + t.offset;
        float* __restrict vv = st.v.data() + t.offset;
        const float b1 = cfg.beta1, b2 = cfg.beta2, eps = cfg.eps;
        for (std::size_t i = 0; i < t.size; ++i) {
            const float gi = g[i] * clip;  // m.grads keep the unclipped gradient
            const float mi = mm[i] * b1 + (1.0f - b1) * gi;
            const float vi = vv[i] * b2 + (1.0f - b2) * gi * gi;
            mm[i] = mi;
            vv[i] = vi;
            p[i] = p[i] * decay - step_size * mi / (std::sqrt(vi) / bc2_sqrt + eps);
        }
    }
    return norm;
}

}  // namespace attn::train
