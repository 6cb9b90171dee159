// vit_model.h — the trainable Vision Transformer (a tiny ViTForImageClassification): parameters in
// one flat array, the activations of one batch of images, forward and backward built from
// train_ops (the same LayerNorm, linear, attention, GELU and residual ops as the GPT-2 trainer).
//
//   patches = each S×S grey image cut into P×P squares, row by row     (B·Np, P·P)   Np = (S/P)²
//   x = [cls; patches · E + b] + E_pos                                 (B·T, C)      T = 1 + Np
//   per layer: x += proj(attention(qkv(ln_1(x))))                      every token sees every token
//              x += fc_proj(gelu(fc(ln_2(x))))                         (B·T, 4C) inside
//   logits = ln_f(x[cls]) · W_head + b_head                            (B, K) the class token only
//
// The layout is the trainer's own (Conv1D-style (in, out) matrices, q|k|v packed as in GPT-2);
// vit_io.h converts to Hugging Face's ViT names and (out, in) layout when saving. Images are one
// grey channel here; the saved folder has the three RGB channels Hugging Face's processors make,
// each with a third of the kernel, so a grey image read as RGB gives the same embedding.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/base/status.h"
#include "core/train/decoder_model.h"

namespace attn::train {

struct VitShape {
    int image_side = 28;  // S
    int patch = 7;        // P, divides S
    int n_layers = 2, n_heads = 4, d_model = 64;
    int n_classes = 10;   // K
    float ln_eps = 1e-6f;

    int grid() const { return image_side / patch; }      // S / P
    int n_patches() const { return grid() * grid(); }    // Np
    int seq_len() const { return 1 + n_patches(); }      // T
    int patch_dim() const { return patch * patch; }      // P·P (one channel)
    int d_ff() const { return 4 * d_model; }
};

// Ranges named as the CLI's options (--patch must divide the image side, --layers 1 to 4 ...).
Status validate_vit_shape(const VitShape& s);

struct VitLayout {
    std::size_t patch_w = 0, patch_b = 0, cls = 0, pos = 0, lnf_w = 0, lnf_b = 0, head_w = 0, head_b = 0;
    std::vector<LayerOffsets> layers;  // the GPT-2 trainer's block layout, reused
    std::vector<ParamTensor> tensors;  // in order (names are the trainer's own, not Hugging Face's)
    std::size_t total = 0;
};

VitLayout make_vit_layout(const VitShape& s);

struct VitModel {
    VitShape shape;
    VitLayout layout;
    Floats params;  // (total)
    Floats grads;   // (total) filled by vit_backward
};

// ViT-style initialisation: N(0, 0.02) matrices, class token and position embeddings (the
// residual projections N(0, 0.02/√(2·layers))), zero biases and head, unit LayerNorm gains.
VitModel make_vit_model(const VitShape& shape, std::uint64_t seed);

struct VitActs {
    int B = 0;
    Floats patches;                   // (B·Np, P·P) normalised pixels
    Floats embedded;                  // (B·Np, C) patches · E + b
    Floats encoded;                   // (B·T, C) x before the first block
    std::vector<LayerActs> layers;    // as the GPT-2 trainer's (no MLP skipping)
    Floats cls_x;                     // (B, C) the class token's row after the last block
    Floats lnf, lnf_mean, lnf_rstd;   // (B, C), (B), (B)
    Floats logits, probs, losses;     // (B, K) each, (B)
};

// Pixels (B, S, S) as bytes → the model's input: (x / 255 − 0.5) / 0.5, what Hugging Face's
// ViTImageProcessor does with rescale 1/255 and mean = std = 0.5.
float pixel_value(std::uint8_t v);

// images (B, S·S) bytes; labels (B) or null (then no loss). Returns the mean loss (0 without labels).
float vit_forward(ThreadPool& pool, const VitModel& m, VitActs& a, const std::uint8_t* const* images,
                  const int* labels, int B);
// Gradients of the last forward's loss into m.grads (zeroed first); `d` is scratch.
void vit_backward(ThreadPool& pool, VitModel& m, const VitActs& a, VitActs& d, const int* labels);

}  // namespace attn::train
