// vit_io.cpp — the trained ViT's Hugging Face folder (see vit_io.h).
#include "core/train/vit_io.h"

#include <cassert>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "core/train/gpt2_io.h"
#include "core/train/safetensors_out.h"

namespace attn::train {

using json = nlohmann::ordered_json;

std::string vit_config_json(const VitShape& s, const std::vector<std::string>& class_names) {
    json c;
    c["architectures"] = {"ViTForImageClassification"};
    c["model_type"] = "vit";
    c["hidden_size"] = s.d_model;
    c["num_hidden_layers"] = s.n_layers;
    c["num_attention_heads"] = s.n_heads;
    c["intermediate_size"] = s.d_ff();
    c["hidden_act"] = "gelu_new";  // the trainer's GELU is the tanh form (train_ops.h)
    c["hidden_dropout_prob"] = 0.0;
    c["attention_probs_dropout_prob"] = 0.0;
    c["initializer_range"] = 0.02;
    c["layer_norm_eps"] = s.ln_eps;
    c["image_size"] = s.image_side;
    c["patch_size"] = s.patch;
    c["num_channels"] = 3;
    c["qkv_bias"] = true;
    c["encoder_stride"] = s.patch;
    json id2label = json::object(), label2id = json::object();
    for (std::size_t i = 0; i < class_names.size(); ++i) {
        id2label[std::to_string(i)] = class_names[i];
        label2id[class_names[i]] = int(i);
    }
    c["id2label"] = id2label;
    c["label2id"] = label2id;
    c["torch_dtype"] = "float32";
    return c.dump(2) + "\n";
}

namespace {

std::vector<OwnedTensor> hf_tensors(const VitModel& m) {
    const VitShape& s = m.shape;
    const VitLayout& L = m.layout;
    const float* W = m.params.data();
    const int C = s.d_model, F = s.d_ff(), P = s.patch, T = s.seq_len(), K = s.n_classes;
    auto copy = [&](std::size_t off, std::size_t n) { return std::vector<float>(W + off, W + off + n); };
    std::vector<OwnedTensor> t;
    t.push_back({"vit.embeddings.cls_token", {1, 1, C}, copy(L.cls, C)});
    t.push_back({"vit.embeddings.position_embeddings", {1, T, C}, copy(L.pos, std::size_t(T) * C)});
    // Conv2d (d, 3, P, P): the grey kernel (P·P, d) split over three identical channels.
    std::vector<float> kernel(std::size_t(C) * 3 * P * P);
    for (int o = 0; o < C; ++o)
        for (int ch = 0; ch < 3; ++ch)
            for (int i = 0; i < P * P; ++i)
                kernel[(std::size_t(o) * 3 + ch) * P * P + i] = W[L.patch_w + std::size_t(i) * C + o] / 3.0f;
    t.push_back({"vit.embeddings.patch_embeddings.projection.weight", {C, 3, P, P}, std::move(kernel)});
    t.push_back({"vit.embeddings.patch_embeddings.projection.bias", {C}, copy(L.patch_b, C)});
    for (int l = 0; l < s.n_layers; ++l) {
        const LayerOffsets& o = L.layers[l];
        const std::string h = "vit.encoder.layer." + std::to_string(l) + ".";
        t.push_back({h + "layernorm_before.weight", {C}, copy(o.ln1_w, C)});
        t.push_back({h + "layernorm_before.bias", {C}, copy(o.ln1_b, C)});
        const char* names[3] = {"query", "key", "value"};
        for (int q = 0; q < 3; ++q) {
            t.push_back({h + "attention.attention." + names[q] + ".weight", {C, C},
                         transposed(W + o.qkv_w, C, 3 * C, q * C, C)});
            t.push_back({h + "attention.attention." + names[q] + ".bias", {C}, copy(o.qkv_b + std::size_t(q) * C, C)});
        }
        t.push_back({h + "attention.output.dense.weight", {C, C}, transposed(W + o.attproj_w, C, C)});
        t.push_back({h + "attention.output.dense.bias", {C}, copy(o.attproj_b, C)});
        t.push_back({h + "layernorm_after.weight", {C}, copy(o.ln2_w, C)});
        t.push_back({h + "layernorm_after.bias", {C}, copy(o.ln2_b, C)});
        t.push_back({h + "intermediate.dense.weight", {F, C}, transposed(W + o.fc_w, C, F)});
        t.push_back({h + "intermediate.dense.bias", {F}, copy(o.fc_b, F)});
        t.push_back({h + "output.dense.weight", {C, F}, transposed(W + o.fcproj_w, F, C)});
        t.push_back({h + "output.dense.bias", {C}, copy(o.fcproj_b, C)});
    }
    t.push_back({"vit.layernorm.weight", {C}, copy(L.lnf_w, C)});
    t.push_back({"vit.layernorm.bias", {C}, copy(L.lnf_b, C)});
    t.push_back({"classifier.weight", {K, C}, transposed(W + L.head_w, C, K)});
    t.push_back({"classifier.bias", {K}, copy(L.head_b, K)});
    return t;
}

}  // namespace

std::string vit_safetensors_bytes(const VitModel& m) {
    return f32_safetensors_bytes(hf_tensors(m));
}

pretrained::VitWeights to_vit_weights(const VitModel& m) {
    const VitShape& s = m.shape;
    const VitLayout& L = m.layout;
    const int C = s.d_model, F = s.d_ff(), PP = s.patch_dim(), T = s.seq_len(), K = s.n_classes;
    const float* W = m.params.data();
    auto mat = [&](std::size_t off, int rows, int cols) { return Mat(Eigen::Map<const Mat>(W + off, rows, cols)); };
    auto vec = [&](std::size_t off, int n) { return RowVec(Eigen::Map<const RowVec>(W + off, n)); };
    pretrained::VitWeights w;
    // (3·P·P, d): each channel's rows are a third of the grey kernel (P·P, d), as the saved Conv2d.
    const Mat grey = mat(L.patch_w, PP, C);
    w.patch_w.resize(3 * PP, C);
    for (int ch = 0; ch < 3; ++ch) w.patch_w.middleRows(ch * PP, PP) = grey / 3.0f;
    w.patch_b = vec(L.patch_b, C);
    w.prefix = mat(L.cls, 1, C);
    w.position = mat(L.pos, T, C);
    for (const LayerOffsets& o : L.layers) {
        pretrained::VitBlock b;
        b.ln_before_gamma = vec(o.ln1_w, C);
        b.ln_before_beta = vec(o.ln1_b, C);
        b.attn = packed_attention(W, o, C, s.n_heads);
        b.ln_after_gamma = vec(o.ln2_w, C);
        b.ln_after_beta = vec(o.ln2_b, C);
        b.ff1_w = mat(o.fc_w, C, F);
        b.ff1_b = vec(o.fc_b, F);
        b.ff2_w = mat(o.fcproj_w, F, C);
        b.ff2_b = vec(o.fcproj_b, C);
        w.blocks.push_back(std::move(b));
    }
    w.ln_gamma = vec(L.lnf_w, C);
    w.ln_beta = vec(L.lnf_b, C);
    w.head_w = mat(L.head_w, C, K);
    w.head_b = vec(L.head_b, K);
    return w;
}

std::shared_ptr<const pretrained::PretrainedModel> to_vit_pretrained_model(const VitModel& m,
                                                                           const std::vector<std::string>& class_names,
                                                                           const std::string& name) {
    auto config = pretrained::parse_model_config(vit_config_json(m.shape, class_names));
    assert(config.ok() && "the trainer's own config.json parses");
    return pretrained::in_memory_model(*config, std::make_shared<pretrained::VitWeights>(to_vit_weights(m)), name);
}

}  // namespace attn::train
