// vit.cpp — the Vision Transformer's forward pass (ViT, DeiT, DINO)
// (implementation; the interface and its contract are in vit.h)
#include "core/pretrained/families/vit/vit.h"

#include <cassert>
#include <cmath>
#include <string>

#include "core/base/limits.h"
#include "core/pretrained/blocks/blocks.h"

namespace attn::pretrained {

std::size_t VitWeights::bytes() const {
    std::size_t n = patch_w.size() + patch_b.size() + prefix.size() + position.size() + ln_gamma.size() +
                    ln_beta.size() + head_w.size() + head_b.size() + dist_w.size() + dist_b.size();
    for (const VitBlock& b : blocks) {
        n += b.ln_before_gamma.size() + b.ln_before_beta.size() + b.ln_after_gamma.size() + b.ln_after_beta.size();
        n += b.attn.w_q.size() + b.attn.w_k.size() + b.attn.w_v.size() + b.attn.w_o.size();
        n += b.attn.b_q.size() + b.attn.b_k.size() + b.attn.b_v.size() + b.attn.b_o.size();
        n += b.ff1_w.size() + b.ff1_b.size() + b.ff2_w.size() + b.ff2_b.size();
    }
    return n * sizeof(float);
}

// ------------------------------------------------------------------------------------------------
// [SECTION] Loading

Expected<VitWeights> load_vit_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                      const LayerLoaded& on_layer) {
    assert(vit_settings(config).patch_size > 0 && "load_vit_weights: a ViT/DeiT config");
    const VitSettings& v = vit_settings(config);
    const bool deit = config.model_type == "deit";
    const int d = config.d_model, d_ff = config.d_ff, p = v.patch_size, c = v.num_channels;
    const int grid = v.grid(), n_pos = v.prefix_tokens + grid * grid;
    auto prefix = deit ? find_name_prefix(file, {"deit.", ""}, "embeddings.cls_token", "DeiT")
                       : find_name_prefix(file, {"vit.", ""}, "embeddings.cls_token", "ViT");
    if (!prefix) return prefix.status();
    WeightReader r(file, *prefix);

    VitWeights w;
    // Conv2d (d, C, P, P) read as (d, C·P·P) rows of flattened kernels, used as x·W: (C·P·P, d).
    w.patch_w = r.reshaped("embeddings.patch_embeddings.projection.weight", {d, c, p, p}, d, c * p * p).transpose();
    w.patch_b = r.vector("embeddings.patch_embeddings.projection.bias", d);
    w.prefix.resize(v.prefix_tokens, d);
    const Mat cls = r.reshaped("embeddings.cls_token", {1, 1, d}, 1, d);  // (1, d)
    if (!r.status()) return r.status();
    w.prefix.row(0) = cls.row(0);
    if (v.prefix_tokens == 2) {
        const Mat dist = r.reshaped("embeddings.distillation_token", {1, 1, d}, 1, d);
        if (!r.status()) return r.status();
        w.prefix.row(1) = dist.row(0);
    }
    w.position = r.reshaped("embeddings.position_embeddings", {1, n_pos, d}, n_pos, d);  // (prefix + g², d)
    w.ln_gamma = r.vector("layernorm.weight", d);
    w.ln_beta = r.vector("layernorm.bias", d);
    if (!r.status()) return r.status();

    w.blocks.resize(config.n_layers);
    for (int i = 0; i < config.n_layers; ++i) {
        const std::string h = "encoder.layer." + std::to_string(i) + ".";
        VitBlock& b = w.blocks[i];
        b.ln_before_gamma = r.vector(h + "layernorm_before.weight", d);
        b.ln_before_beta = r.vector(h + "layernorm_before.bias", d);
        b.attn.n_heads = config.n_heads;
        b.attn.w_q = r.linear_weight(h + "attention.attention.query.weight", d, d);  // (d, d)
        b.attn.w_k = r.linear_weight(h + "attention.attention.key.weight", d, d);
        b.attn.w_v = r.linear_weight(h + "attention.attention.value.weight", d, d);
        if (v.qkv_bias) {
            b.attn.b_q = r.vector(h + "attention.attention.query.bias", d);
            b.attn.b_k = r.vector(h + "attention.attention.key.bias", d);
            b.attn.b_v = r.vector(h + "attention.attention.value.bias", d);
        }
        b.attn.w_o = r.linear_weight(h + "attention.output.dense.weight", d, d);
        b.attn.b_o = r.vector(h + "attention.output.dense.bias", d);
        b.ln_after_gamma = r.vector(h + "layernorm_after.weight", d);
        b.ln_after_beta = r.vector(h + "layernorm_after.bias", d);
        b.ff1_w = r.linear_weight(h + "intermediate.dense.weight", d_ff, d);  // (d, d_ff)
        b.ff1_b = r.vector(h + "intermediate.dense.bias", d_ff);
        b.ff2_w = r.linear_weight(h + "output.dense.weight", d, d_ff);        // (d_ff, d)
        b.ff2_b = r.vector(h + "output.dense.bias", d);
        if (!r.status()) return r.status();
        if (on_layer) {
            if (Status s = on_layer(i + 1); !s) return s;
        }
    }

    if (v.head != VisionHead::None) {
        // The heads sit outside the model prefix. Their row count is the number of classes.
        const char* head_name = v.head == VisionHead::Teacher ? "cls_classifier.weight" : "classifier.weight";
        const TensorInfo* info = file.find(head_name);
        if (info == nullptr || info->shape.size() != 2 || info->shape[1] != d || info->shape[0] < 1 ||
            info->shape[0] > std::int64_t(limits::kMaxLabels)) {
            return Status::Error(file.path() + ": config.json says the model classifies images, but " +
                                 (info == nullptr ? std::string("the tensor ") + head_name + " is missing"
                                                  : std::string(head_name) + " is not a (classes, " +
                                                        std::to_string(d) + ") matrix") +
                                 ". Is the folder's config.json for the same model?");
        }
        const int n_labels = int(info->shape[0]);
        if (!v.labels.empty() && int(v.labels.size()) != n_labels) {
            return Status::Error(file.path() + ": the classifier has " + std::to_string(n_labels) +
                                 " classes but config.json's id2label names " + std::to_string(v.labels.size()) +
                                 ". Is the folder's config.json for the same model?");
        }
        WeightReader top(file, "");
        const std::string base = v.head == VisionHead::Teacher ? "cls_classifier" : "classifier";
        w.head_w = top.linear_weight(base + ".weight", n_labels, d);  // (d, n_labels)
        w.head_b = top.vector(base + ".bias", n_labels);
        if (v.head == VisionHead::Teacher) {
            w.dist_w = top.linear_weight("distillation_classifier.weight", n_labels, d);
            w.dist_b = top.vector("distillation_classifier.bias", n_labels);
        }
        if (!top.status()) return top.status();
    }
    return w;
}

// ------------------------------------------------------------------------------------------------
// [SECTION] Patches and positions

Expected<PatchGrid> patch_grid(const PretrainedConfig& config, int height, int width, int max_patches) {
    const VitSettings& v = vit_settings(config);
    PatchGrid g;
    g.patch_size = v.patch_size;
    g.prefix_tokens = v.prefix_tokens;
    g.checkpoint_grid = v.grid();
    if (height < v.patch_size || width < v.patch_size) {
        return Status::Error("The image is " + std::to_string(width) + "×" + std::to_string(height) +
                             " pixels, smaller than one " + std::to_string(v.patch_size) + "×" +
                             std::to_string(v.patch_size) + " patch of this model.");
    }
    g.rows = height / v.patch_size;
    g.cols = width / v.patch_size;
    if (std::int64_t(g.rows) * g.cols > max_patches) {
        return Status::Error("The image makes " + std::to_string(g.rows) + "×" + std::to_string(g.cols) + " = " +
                             std::to_string(std::int64_t(g.rows) * g.cols) + " patches; AttnLab takes at most " +
                             std::to_string(max_patches) + ". Use a smaller image size.");
    }
    g.positions_interpolated = g.rows != g.checkpoint_grid || g.cols != g.checkpoint_grid;
    return g;
}

namespace {

// PyTorch's cubic convolution weights (A = −0.75) for the four taps around a point at fraction t.
void cubic_weights(double t, double w[4]) {
    constexpr double A = -0.75;
    auto near = [](double x) { return ((A + 2) * x - (A + 3)) * x * x + 1; };          // |x| ≤ 1
    auto far = [](double x) { return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A; };     // 1 < |x| < 2
    w[0] = far(t + 1);
    w[1] = near(t);
    w[2] = near(1 - t);
    w[3] = far(2 - t);
}

// For each output index, the four clamped source indices and their weights, as
// torch.nn.functional.interpolate(mode="bicubic", align_corners=False, scale_factor=s) computes
// them: source = (o + 0.5) / s − 0.5.
struct Taps {
    std::vector<int> index;     // (out, 4)
    std::vector<double> weight; // (out, 4)
};

Taps cubic_taps(int in, int out, double scale_factor) {
    Taps t;
    t.index.resize(std::size_t(out) * 4);
    t.weight.resize(std::size_t(out) * 4);
    const double step = 1.0 / scale_factor;
    for (int o = 0; o < out; ++o) {
        const double src = step * (o + 0.5) - 0.5;
        const double base = std::floor(src);
        cubic_weights(src - base, &t.weight[std::size_t(o) * 4]);
        for (int k = 0; k < 4; ++k) {
            const int i = int(base) - 1 + k;
            t.index[std::size_t(o) * 4 + k] = i < 0 ? 0 : (i >= in ? in - 1 : i);
        }
    }
    return t;
}

}  // namespace

Mat vit_positions(const Mat& stored, int prefix_tokens, int rows, int cols) {
    const int d = int(stored.cols());
    const int n = int(stored.rows()) - prefix_tokens;
    const int g = int(std::lround(std::sqrt(double(n))));
    assert(g * g == n && "vit_positions: the stored grid is square");
    if (rows == g && cols == g) return stored;

    // DINO's +0.1 keeps floor(g · s) from landing one short through rounding.
    const Taps ty = cubic_taps(g, rows, (rows + 0.1) / g);
    const Taps tx = cubic_taps(g, cols, (cols + 0.1) / g);
    Mat out(prefix_tokens + rows * cols, d);  // (prefix + rows·cols, d)
    out.topRows(prefix_tokens) = stored.topRows(prefix_tokens);
    Eigen::Matrix<double, 1, Eigen::Dynamic> acc(d), row_acc(d);
    for (int y = 0; y < rows; ++y) {
        for (int x = 0; x < cols; ++x) {
            acc.setZero();
            for (int ky = 0; ky < 4; ++ky) {
                const int sy = ty.index[std::size_t(y) * 4 + ky];
                row_acc.setZero();
                for (int kx = 0; kx < 4; ++kx) {
                    const int sx = tx.index[std::size_t(x) * 4 + kx];
                    row_acc += tx.weight[std::size_t(x) * 4 + kx] * stored.row(prefix_tokens + sy * g + sx).cast<double>();
                }
                acc += ty.weight[std::size_t(y) * 4 + ky] * row_acc;
            }
            out.row(prefix_tokens + y * cols + x) = acc.cast<float>();
        }
    }
    return out;
}

// ------------------------------------------------------------------------------------------------
// [SECTION] Forward

ForwardPass vit_forward(const VitWeights& w, const PretrainedConfig& config, const PixelInput& pixels,
                        const PatchGrid& grid, const BoolMat& blocked, const AttentionOptions& opt) {
    const int d = config.d_model, p = grid.patch_size, c = vit_settings(config).num_channels;
    const int n = grid.rows * grid.cols, pre = grid.prefix_tokens, t = pre + n;
    assert(pixels.chw != nullptr && grid.rows == pixels.height / p && grid.cols == pixels.width / p &&
           "vit_forward: the grid of this input (patch_grid)");
    assert((blocked.size() == 0 || (blocked.rows() == t && blocked.cols() == t)) && "vit_forward: mask must be (T, T)");
    assert(int(w.blocks.size()) == config.n_layers);

    // Each patch flattened in the kernel's (c, y, x) order.
    Mat patches(n, c * p * p);  // (N, C·P·P)
    const std::size_t plane = std::size_t(pixels.height) * pixels.width;
    for (int r = 0; r < grid.rows; ++r) {
        for (int q = 0; q < grid.cols; ++q) {
            float* dst = patches.row(r * grid.cols + q).data();
            for (int ch = 0; ch < c; ++ch) {
                for (int y = 0; y < p; ++y) {
                    const float* src = pixels.chw + ch * plane + std::size_t(r * p + y) * pixels.width + q * p;
                    for (int x = 0; x < p; ++x) *dst++ = src[x];
                }
            }
        }
    }

    ForwardPass out;
    Mat embedded;  // (N, d)
    linear(patches, w.patch_w, w.patch_b, embedded);
    out.token_embeddings.resize(t, d);  // (T, d)
    out.token_embeddings.topRows(pre) = w.prefix;
    out.token_embeddings.bottomRows(n) = embedded;
    out.position_embeddings = vit_positions(w.position, pre, grid.rows, grid.cols);  // (T, d)

    Mat x = out.token_embeddings + out.position_embeddings;  // (T, d) residual stream
    out.hidden_states.reserve(config.n_layers + 1);
    out.hidden_states.push_back(x);
    out.layers.resize(config.n_layers);
    const ForwardOptions options{opt, {}};  // no knock-outs
    for (int l = 0; l < config.n_layers; ++l) {
        const VitBlock& b = w.blocks[l];
        const NormBlock block{b.ln_before_gamma, b.ln_before_beta, b.attn,  b.ln_after_gamma, b.ln_after_beta,
                              b.ff1_w,           b.ff1_b,          b.ff2_w, b.ff2_b};
        pre_ln_block(block, config, l, blocked, options, MeanOver::All, x, out.layers[l]);
        if (l + 1 < config.n_layers) out.hidden_states.push_back(x);
    }
    layer_norm(x, w.ln_gamma, w.ln_beta, config.layer_norm_eps, x);
    out.hidden_states.push_back(std::move(x));
    return out;
}

RowVec vit_logits(const VitWeights& w, const PretrainedConfig& config, const Mat& last_hidden) {
    if (w.head_w.size() == 0) return RowVec();
    RowVec logits = last_hidden.row(0) * w.head_w + w.head_b;  // (n_labels)
    if (vit_settings(config).head == VisionHead::Teacher) {
        assert(last_hidden.rows() >= 2 && w.dist_w.size() > 0);
        logits = 0.5f * (logits + (last_hidden.row(1) * w.dist_w + w.dist_b));
    }
    return logits;
}

}  // namespace attn::pretrained
