// vit_model.cpp — layout, initialisation, forward and backward of the trainable ViT (see vit_model.h).
#include "core/train/vit_model.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/base/parallel.h"
#include "core/base/rng.h"
#include "core/task/task.h"
#include "core/train/train_ops.h"

namespace attn::train {

Status validate_vit_shape(const VitShape& s) {
    if (Status st = check_range("--layers", s.n_layers, 1, 4); !st) return st;
    if (Status st = check_range("--heads", s.n_heads, 1, 8); !st) return st;
    if (Status st = check_range("--d-model", s.d_model, 16, 256); !st) return st;
    if (s.d_model % s.n_heads != 0)
        return Status::Error("--d-model " + std::to_string(s.d_model) + " is not divisible by --heads " +
                             std::to_string(s.n_heads) + ": every head gets d_model / heads channels.");
    if (s.patch < 1 || s.patch > s.image_side || s.image_side % s.patch != 0)
        return Status::Error("--patch " + std::to_string(s.patch) + ": must divide the image side " +
                             std::to_string(s.image_side) + " (for 28: 2, 4, 7, 14 or 28).");
    if (s.n_patches() > 256)
        return Status::Error("--patch " + std::to_string(s.patch) + ": " + std::to_string(s.n_patches()) +
                             " patches; at most 256 (use a larger patch).");
    if (s.n_classes < 2) return Status::Error("The task has fewer than two classes.");
    return Status::Ok();
}

VitLayout make_vit_layout(const VitShape& s) {
    const int C = s.d_model, F = s.d_ff(), T = s.seq_len(), K = s.n_classes, PP = s.patch_dim();
    VitLayout L;
    auto add = [&](const std::string& name, std::vector<int> shape, bool decay) {
        return add_tensor(L.tensors, L.total, name, std::move(shape), decay);
    };
    L.patch_w = add("patch.weight", {PP, C}, true);
    L.patch_b = add("patch.bias", {C}, false);
    L.cls = add("cls_token", {C}, false);
    L.pos = add("position_embeddings", {T, C}, false);
    for (int l = 0; l < s.n_layers; ++l)
        L.layers.push_back(add_block_tensors(L.tensors, L.total, "layer." + std::to_string(l) + ".", C, F,
                                             {"attn.qkv", "attn.proj", "mlp.fc", "mlp.proj"}));
    L.lnf_w = add("ln_f.weight", {C}, false);
    L.lnf_b = add("ln_f.bias", {C}, false);
    L.head_w = add("head.weight", {C, K}, true);
    L.head_b = add("head.bias", {K}, false);
    return L;
}

VitModel make_vit_model(const VitShape& shape, std::uint64_t seed) {
    VitModel m;
    m.shape = shape;
    m.layout = make_vit_layout(shape);
    m.params.assign(m.layout.total, 0.0f);
    m.grads.assign(m.layout.total, 0.0f);
    // Biases and the head start at 0: the head starts from uniform predictions.
    init_block_params(m.params, m.layout.tensors, splitmix64(seed ^ 0x7472616E5F766974ull), shape.n_layers,
                      [](const ParamTensor& t) { return t.name == "head.weight" || t.name.find(".bias") != std::string::npos; });
    return m;
}

static void resize(VitActs& a, const VitShape& s, int B) {
    if (a.B == B && int(a.layers.size()) == s.n_layers) return;
    const std::size_t N = std::size_t(B) * s.seq_len(), C = s.d_model, NH = s.n_heads, T = s.seq_len();
    const std::size_t F = s.d_ff(), Np = std::size_t(B) * s.n_patches();
    a.B = B;
    a.patches.assign(Np * s.patch_dim(), 0.0f);
    a.embedded.assign(Np * C, 0.0f);
    a.encoded.assign(N * C, 0.0f);
    a.layers.assign(s.n_layers, LayerActs{});
    for (LayerActs& l : a.layers) {
        for (Floats* f : {&l.ln1, &l.atty, &l.attproj, &l.res2, &l.ln2, &l.fcproj, &l.res3}) f->assign(N * C, 0.0f);
        for (Floats* f : {&l.ln1_mean, &l.ln1_rstd, &l.ln2_mean, &l.ln2_rstd}) f->assign(N, 0.0f);
        l.qkv.assign(N * 3 * C, 0.0f);
        l.preatt.assign(B * NH * T * T, 0.0f);
        l.att.assign(B * NH * T * T, 0.0f);
        l.fch.assign(N * F, 0.0f);
        l.fch_gelu.assign(N * F, 0.0f);
    }
    a.cls_x.assign(B * C, 0.0f);
    a.lnf.assign(B * C, 0.0f);
    a.lnf_mean.assign(B, 0.0f);
    a.lnf_rstd.assign(B, 0.0f);
    a.logits.assign(std::size_t(B) * s.n_classes, 0.0f);
    a.probs.assign(std::size_t(B) * s.n_classes, 0.0f);
    a.losses.assign(B, 0.0f);
}

float pixel_value(std::uint8_t v) { return (float(v) * (1.0f / 255.0f) - 0.5f) / 0.5f; }

float vit_forward(ThreadPool& pool, const VitModel& m, VitActs& a, const std::uint8_t* const* images,
                  const int* labels, int B) {
    const VitShape& s = m.shape;
    resize(a, s, B);
    const int C = s.d_model, NH = s.n_heads, F = s.d_ff(), T = s.seq_len(), K = s.n_classes;
    const int S = s.image_side, P = s.patch, G = s.grid(), Np = s.n_patches(), PP = s.patch_dim();
    const float* W = m.params.data();
    const VitLayout& L = m.layout;

    // patches (B·Np, P·P): each patch's pixels row by row, patches row by row
    for (int b = 0; b < B; ++b) {
        for (int r = 0; r < G; ++r) {
            for (int q = 0; q < G; ++q) {
                float* dst = a.patches.data() + (std::size_t(b) * Np + r * G + q) * PP;
                for (int y = 0; y < P; ++y)
                    for (int x = 0; x < P; ++x) *dst++ = pixel_value(images[b][(r * P + y) * S + q * P + x]);
            }
        }
    }
    matmul_forward(pool, a.embedded.data(), a.patches.data(), W + L.patch_w, W + L.patch_b, B * Np, PP, C);  // (B·Np, C)
    vit_embed_forward(a.encoded.data(), a.embedded.data(), W + L.cls, W + L.pos, B, Np, C);               // (N, C)
    const float* x = a.encoded.data();  // (N, C) residual
    const BlockDims dims{B, T, C, NH, F, s.ln_eps, /*mlp=*/true, /*causal=*/false};
    for (int l = 0; l < s.n_layers; ++l) {
        block_forward(pool, W, L.layers[l], dims, x, a.layers[l]);  // (N, C) → (N, C)
        x = a.layers[l].res3.data();
    }
    // Only the class token's row reaches the head, so the final LayerNorm runs on those rows.
    gather_rows_forward(a.cls_x.data(), x, B, T, C);                                                   // (B, C)
    layernorm_forward(a.lnf.data(), a.lnf_mean.data(), a.lnf_rstd.data(), a.cls_x.data(), W + L.lnf_w,
                      W + L.lnf_b, B, C, s.ln_eps);                                                    // (B, C)
    matmul_forward(pool, a.logits.data(), a.lnf.data(), W + L.head_w, W + L.head_b, B, C, K);           // (B, K)
    std::vector<int> none;
    if (!labels) none.assign(B, -1);
    return softmax_crossentropy_forward(a.probs.data(), a.losses.data(), a.logits.data(), labels ? labels : none.data(),
                                        B, K);
}

static void zero(Floats& v) { std::fill(v.begin(), v.end(), 0.0f); }

void vit_backward(ThreadPool& pool, VitModel& m, const VitActs& a, VitActs& d, const int* labels) {
    const VitShape& s = m.shape;
    const int B = a.B, C = s.d_model, NH = s.n_heads, F = s.d_ff(), T = s.seq_len(), K = s.n_classes;
    const int Np = s.n_patches(), PP = s.patch_dim();
    resize(d, s, B);
    const float* W = m.params.data();
    float* G = m.grads.data();
    const VitLayout& L = m.layout;
    std::fill(m.grads.begin(), m.grads.end(), 0.0f);

    softmax_crossentropy_backward(d.logits.data(), a.probs.data(), labels, B, K);                       // (B, K)
    zero(d.lnf);
    matmul_backward(pool, d.lnf.data(), G + L.head_w, G + L.head_b, d.logits.data(), a.lnf.data(), W + L.head_w, B,
                    C, K);
    zero(d.cls_x);
    layernorm_backward(d.cls_x.data(), G + L.lnf_w, G + L.lnf_b, d.lnf.data(), a.cls_x.data(), W + L.lnf_w,
                       a.lnf_mean.data(), a.lnf_rstd.data(), B, C);
    Floats& dx_last = d.layers.back().res3;
    zero(dx_last);
    gather_rows_backward(dx_last.data(), d.cls_x.data(), B, T, C);  // only the class rows get a gradient

    const BlockDims dims{B, T, C, NH, F, s.ln_eps, /*mlp=*/true, /*causal=*/false};
    for (int l = s.n_layers - 1; l >= 0; --l) {
        const float* x_in = l == 0 ? a.encoded.data() : a.layers[l - 1].res3.data();  // (N, C)
        Floats& dx_in = l == 0 ? d.encoded : d.layers[l - 1].res3;
        block_backward(pool, W, G, L.layers[l], dims, x_in, a.layers[l], d.layers[l], dx_in);
    }
    zero(d.embedded);
    vit_embed_backward(d.embedded.data(), G + L.cls, G + L.pos, d.encoded.data(), B, Np, C);
    // d patches (B·Np, P·P) is computed and unused: the pixels are not trained.
    zero(d.patches);
    matmul_backward(pool, d.patches.data(), G + L.patch_w, G + L.patch_b, d.embedded.data(), a.patches.data(),
                    W + L.patch_w, B * Np, PP, C);
}

}  // namespace attn::train
