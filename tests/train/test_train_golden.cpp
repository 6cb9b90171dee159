// test_train_golden.cpp — one training step against PyTorch (tests/fixtures/train/gen_train_step.py
// for GPT-2's parts, gen_llama_train_step.py for the modern decoder's): the loss, the logits, every
// gradient, the gradient norm and every weight after clipping + AdamW.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

#include <nlohmann/json.hpp>

#include "core/base/parallel.h"
#include "core/train/decoder_model.h"
#include "core/train/optimizer.h"
#include "golden_step.h"

using namespace attn;
using namespace attn::train;
using namespace attn::train::test;

namespace {

// The fixture's step through our model of shape `s`: every number against PyTorch's.
void check_step(const nlohmann::json& g, const ModelShape& s, const char* what) {
    const auto& cfg = g["config"];
    DecoderModel m = make_model(s, 0);
    load_init(m.layout.tensors, m.params, g);
    const std::vector<int> ids = g["ids"], targets = g["targets"];
    const int B = cfg["batch"], T = int(ids.size()) / B;

    ThreadPool pool(1);
    Activations a, d;
    const float loss = model_forward(pool, m, a, ids.data(), targets.data(), B, T);
    const double loss_ref = g["loss"];
    const double loss_err = std::abs(loss - loss_ref) / std::abs(loss_ref);
    // With targets the head runs on the scored rows only; every row's logits come without them.
    Activations all_rows;
    model_forward(pool, m, all_rows, ids.data(), nullptr, B, T);
    const double logit_err = rel_diff(all_rows.logits.data(), g["logits"].get<std::vector<float>>());
    model_backward(pool, m, a, d, ids.data(), targets.data());

    std::string worst_grad, worst_upd;
    const double grad_err = grad_diff(m.layout.tensors, m.grads, g, worst_grad);
    const float norm = grad_norm(m);
    const double norm_err = std::abs(norm - g["grad_norm"].get<double>()) / g["grad_norm"].get<double>();
    AdamWState st;
    const float lr = cfg["lr"].get<float>();
    adamw_step(m, st, adamw_config(cfg), lr);
    int noise_entries = 0;
    const double upd_err = update_diff(m.layout.tensors, m.params, g, lr, worst_upd, &noise_entries);
    std::printf("%s golden step vs PyTorch (max relative differences): loss %.2e, logits %.2e, gradients %.2e (%s), "
                "grad norm %.2e, updated weights %.2e (%s; %d zero-gradient entries checked apart)\n",
                what, loss_err, logit_err, grad_err, worst_grad.c_str(), norm_err, upd_err, worst_upd.c_str(), noise_entries);
    CHECK(loss_err < 1e-5);
    CHECK(logit_err < 1e-5);
    CHECK(grad_err < 1e-5);
    CHECK(norm_err < 1e-5);
    CHECK(upd_err < 1e-5);
}

}  // namespace

TEST_CASE("a training step matches PyTorch: loss, gradients, AdamW update") {
    const nlohmann::json g = read_train_fixture("train_step.json");
    const auto& cfg = g["config"];
    ModelShape s;
    s.n_layers = cfg["n_layer"];
    s.n_heads = cfg["n_head"];
    s.d_model = cfg["d_model"];
    s.vocab = cfg["vocab"];
    s.n_positions = cfg["n_positions"];
    s.ln_eps = cfg["ln_eps"];
    check_step(g, s, "gpt");
}

TEST_CASE("a llama-arch training step matches PyTorch: RoPE, RMSNorm, SwiGLU, GQA, AdamW") {
    const nlohmann::json g = read_train_fixture("llama_train_step.json");
    const auto& cfg = g["config"];
    ModelShape s;
    s.arch = Arch::Llama;
    s.n_layers = cfg["n_layer"];
    s.n_heads = cfg["n_head"];
    s.n_kv_heads = cfg["n_kv_head"];
    s.d_model = cfg["d_model"];
    s.ffn = cfg["ffn"];
    s.rope_theta = cfg["rope_theta"];
    s.vocab = cfg["vocab"];
    s.n_positions = cfg["n_positions"];
    s.ln_eps = cfg["rms_eps"];
    REQUIRE(validate_llama_shape(s));
    check_step(g, s, "llama");
}
