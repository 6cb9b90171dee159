// vit.h — the Vision Transformer's forward pass (ViT, DeiT, DINO): an image as a sentence of patches.
//
//   patches = the image cut into P×P squares, row by row      (N, C·P·P)   N = (H/P)·(W/P)
//   x = [x_class (; x_dist); patches · E + b] + E_pos          (T, d)       T = prefix + N
//   for each block:  x = x + Attention(LN_before(x))           every patch sees every patch
//                    x = x + W_2 gelu(W_1 LN_after(x))         (T, d_ff) inside
//   h = LN(x)                                                  (T, d)
//   logits = h[0] W_cls + b                                    ViTForImageClassification
//          = (h[0] W_cls + b_cls + h[1] W_dist + b_dist) / 2   DeiT with teacher
//
// Hugging Face names, under "vit." / "deit." or no prefix (ViTModel): embeddings.cls_token (1, 1, d),
// embeddings.distillation_token (DeiT), embeddings.position_embeddings (1, T, d),
// embeddings.patch_embeddings.projection (Conv2d (d, C, P, P) with stride P: a linear map of each
// flattened patch), encoder.layer.{i}.{layernorm_before, attention.attention.{query,key,value},
// attention.output.dense, layernorm_after, intermediate.dense, output.dense}, layernorm;
// classifier / cls_classifier + distillation_classifier outside the prefix.
//
// An image whose patch grid differs from the checkpoint's gets its position embeddings
// interpolated as DINO's script does it: bicubic (A = −0.75, align_corners false) with the scale
// factors (g + 0.1) / g_checkpoint, the class token's embedding kept as it is.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "core/attention/attention.h"
#include "core/base/matrix.h"
#include "core/base/status.h"
#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/family/family.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"

namespace attn::pretrained {

// What sits on top of a Vision Transformer's last layer.
enum class VisionHead {
    None,        // ViTModel, DeiTModel (DINO's checkpoints): the encoder only
    Classifier,  // ViTForImageClassification, DeiTForImageClassification: a linear layer on the class token
    Teacher,     // DeiTForImageClassificationWithTeacher: the mean of the class and distillation heads
};

// The image side of a ViT / DeiT config (model_type "vit" or "deit"): the family's own settings.
struct VitSettings : FamilySettings {
    int image_size = 0;        // the checkpoint's square input (its position grid is image/patch)
    int patch_size = 0;        // P: the image is cut into P×P patches, one token each
    int num_channels = 3;
    bool qkv_bias = true;
    int prefix_tokens = 1;     // 1: [CLS]; 2: DeiT's [CLS] and [DIST] before the patches
    VisionHead head = VisionHead::None;  // from "architectures"; the loader checks the weights agree
    std::vector<std::string> labels;     // id2label in id order ("LABEL_i" where a label is missing)
    int grid() const { return patch_size > 0 ? image_size / patch_size : 0; }
    std::shared_ptr<FamilySettings> copy() const override { return std::make_shared<VitSettings>(*this); }
};
inline const VitSettings& vit_settings(const PretrainedConfig& c) { return settings_as<VitSettings>(c); }

struct VitBlock {
    RowVec ln_before_gamma, ln_before_beta;  // (d)
    AttentionWeights attn;                   // query/key/value (biases empty when qkv_bias is false) + output.dense
    RowVec ln_after_gamma, ln_after_beta;    // (d)
    Mat ff1_w;                               // (d, d_ff) intermediate.dense
    RowVec ff1_b;                            // (d_ff)
    Mat ff2_w;                               // (d_ff, d) output.dense
    RowVec ff2_b;                            // (d)
};

struct VitWeights : FamilyWeights {
    Mat patch_w;                   // (C·P·P, d) the conv kernel, each patch flattened as (c, y, x)
    RowVec patch_b;                // (d)
    Mat prefix;                    // (prefix, d) [CLS] (and DeiT's [DIST]) embeddings
    Mat position;                  // (prefix + g·g, d) at the checkpoint's grid g = image/patch
    std::vector<VitBlock> blocks;  // n_layers
    RowVec ln_gamma, ln_beta;      // (d) final layer norm
    Mat head_w;                    // (d, n_labels) classifier / cls_classifier; empty without a head
    RowVec head_b;                 // (n_labels)
    Mat dist_w;                    // (d, n_labels) DeiT's distillation_classifier; empty otherwise
    RowVec dist_b;                 // (n_labels)

    int n_labels() const { return int(head_w.cols()); }
    std::size_t bytes() const override;  // float32 bytes held
};

// Reads every tensor the forward pass needs (F32, F16, BF16). The classifier the config names must
// be in the file (and a model without one in its config ignores any). Errors name the missing or
// misshapen tensor; `on_layer` may stop loading by returning an error.
Expected<VitWeights> load_vit_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                      const LayerLoaded& on_layer = {});

// The model's input: normalised pixels, channels first.
struct PixelInput {
    int height = 0, width = 0;
    const float* chw = nullptr;  // (C, height, width)
};

// Where the patches of one input lie, and what was done to the position embeddings.
struct PatchGrid {
    int rows = 0, cols = 0;        // H/P, W/P (a remainder of fewer than P pixels is not seen, as Conv2d drops it)
    int patch_size = 0;
    int prefix_tokens = 1;
    int checkpoint_grid = 0;       // g of the stored position embeddings
    bool positions_interpolated = false;
};

// The grid an input of this size makes, or an error when it is smaller than one patch or its
// patches would exceed `max_patches`.
Expected<PatchGrid> patch_grid(const PretrainedConfig& config, int height, int width, int max_patches);

// Position embeddings (prefix + rows·cols, d) for a grid: the stored ones when the grid is the
// checkpoint's, else bicubically interpolated (see the top of this file).
Mat vit_positions(const Mat& stored, int prefix_tokens, int rows, int cols);

// The forward pass. `grid` comes from patch_grid for the input's size (asserted). `blocked`
// (T, T) or empty hides keys in every layer; `opt` applies to every layer.
// token_embeddings = [prefix; patches·E + b], position_embeddings = vit_positions(...).
ForwardPass vit_forward(const VitWeights& w, const PretrainedConfig& config, const PixelInput& pixels,
                        const PatchGrid& grid, const BoolMat& blocked, const AttentionOptions& opt);

// Class logits (n_labels) from the last hidden state (after the final layer norm, T × d); empty
// for a model without a head.
RowVec vit_logits(const VitWeights& w, const PretrainedConfig& config, const Mat& last_hidden);

// The vision family (family.h): model_type vit and deit.
const ModelFamily& vit_family();

}  // namespace attn::pretrained
