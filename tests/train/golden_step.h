// golden_step.h — comparing one training step with a PyTorch fixture (gen_*_train_step.py), shared
// by the trainers' golden tests: reading it and its initial weights, relative differences, the fixture's AdamW settings, the worst
// tensor's gradient, and the updated weights.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/train/decoder_model.h"
#include "core/train/optimizer.h"

namespace attn::train::test {

// max |a − b| / max |b| over b's entries.
inline double rel_diff(const float* a, const std::vector<float>& b) {
    double err = 0, scale = 1e-12;
    for (std::size_t i = 0; i < b.size(); ++i) {
        err = std::max(err, std::abs(double(a[i]) - double(b[i])));
        scale = std::max(scale, std::abs(double(b[i])));
    }
    return err / scale;
}

// The fixture's "config": beta1, beta2, eps, weight_decay, grad_clip.
inline AdamWConfig adamw_config(const nlohmann::json& cfg) {
    AdamWConfig opt;
    opt.beta1 = cfg["beta1"];
    opt.beta2 = cfg["beta2"];
    opt.eps = cfg["eps"];
    opt.weight_decay = cfg["weight_decay"];
    opt.grad_clip = cfg["grad_clip"];
    return opt;
}

// The fixture tests/fixtures/train/<name>, parsed.
inline nlohmann::json read_train_fixture(const char* name) {
    std::ifstream in(std::string(ATTNLAB_FIXTURE_DIR) + "/train/" + name);
    REQUIRE(in.good());
    return nlohmann::json::parse(in);
}

// The fixture's "init" weights into `params`, tensor by tensor (one per name, the sizes ours).
inline void load_init(const std::vector<ParamTensor>& tensors, Floats& params, const nlohmann::json& g) {
    REQUIRE(tensors.size() == g["names"].size());
    for (const ParamTensor& t : tensors) {
        const std::vector<float> v = g["init"][t.name];
        REQUIRE(v.size() == t.size);
        std::copy(v.begin(), v.end(), params.begin() + t.offset);
    }
}

// The largest relative difference of a tensor's gradient from the fixture's "grads"; `worst` names it.
inline double grad_diff(const std::vector<ParamTensor>& tensors, const Floats& grads, const nlohmann::json& g,
                        std::string& worst) {
    double err = 0;
    for (const ParamTensor& t : tensors) {
        const double e = rel_diff(grads.data() + t.offset, g["grads"][t.name].get<std::vector<float>>());
        if (e > err) err = e, worst = t.name;
    }
    return err;
}

// After one AdamW step from the fixture's "init": the largest relative difference from its
// "updated". A first Adam step moves every weight by about ±lr whatever its gradient's size
// (m / √v = g / |g|), so where the exact gradient is 0 (the key bias: softmax ignores a constant
// added to every score) both sides hold rounding noise and its sign decides the step. Those
// entries (|g| < 1e-5 of the tensor's largest) are only checked to move by at most lr (+ decay);
// `noise_entries` counts them.
inline double update_diff(const std::vector<ParamTensor>& tensors, const Floats& params, const nlohmann::json& g,
                          float lr, std::string& worst, int* noise_entries = nullptr) {
    double err = 0;
    for (const ParamTensor& t : tensors) {
        const std::vector<float> ref = g["updated"][t.name], init = g["init"][t.name], grad = g["grads"][t.name];
        double gmax = 0;
        for (float v : grad) gmax = std::max(gmax, std::abs(double(v)));
        std::vector<float> ours, want;
        for (std::size_t i = 0; i < t.size; ++i) {
            const float v = params[t.offset + i];
            if (std::abs(grad[i]) < 1e-5 * gmax) {
                if (noise_entries) ++*noise_entries;
                CHECK(std::abs(v - init[i]) <= 1.01f * lr + 1e-6f);
                continue;
            }
            ours.push_back(v);
            want.push_back(ref[i]);
        }
        const double e = want.empty() ? 0.0 : rel_diff(ours.data(), want);
        if (e > err) err = e, worst = t.name;
    }
    return err;
}

}  // namespace attn::train::test
