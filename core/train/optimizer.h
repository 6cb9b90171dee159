// optimizer.h — AdamW (PyTorch's formulation, decoupled weight decay), global-norm gradient
// clipping and the learning-rate schedule (linear warm-up, then cosine down to 10%).
#pragma once

#include <vector>

#include "core/train/decoder_model.h"

namespace attn::train {

struct AdamWConfig {
    float beta1 = 0.9f, beta2 = 0.98f, eps = 1e-8f;
    float weight_decay = 0.01f;  // on ParamTensor::decay tensors only
    float grad_clip = 1.0f;      // max global gradient norm; 0 = no clipping
};

struct AdamWState {
    Floats m, v;  // (total) first and second moments
    int t = 0;                // updates done
};

// lr at 0-based step `step` of `total`: lr·(step+1)/warmup during warm-up, then cosine to lr/10.
float lr_at(float lr, int step, int warmup, int total);

// The global L2 norm of the trained tensors' gradients (computed in double, over tensors in order).
float grad_norm(const DecoderModel& m);
float grad_norm(const std::vector<ParamTensor>& tensors, const Floats& grads);  // any flat model

// One AdamW update of the trained tensors with the gradients clipped to cfg.grad_clip (PyTorch's
// clip_grad_norm_: scaled by clip / (norm + 1e-6) when that is < 1). m.grads are left as they
// were (unclipped): nothing reads them after the update. Returns the norm before clipping.
float adamw_step(DecoderModel& m, AdamWState& st, const AdamWConfig& cfg, float lr);
// The same on any flat model (the Vision Transformer's): tensors index params and grads.
float adamw_step(const std::vector<ParamTensor>& tensors, Floats& params, const Floats& grads, AdamWState& st,
                 const AdamWConfig& cfg, float lr);

}  // namespace attn::train
