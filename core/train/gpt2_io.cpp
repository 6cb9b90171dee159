// gpt2_io.cpp — the trained GPT-2 converted: its config, its weights in the loader's layout, a model in memory, safetensors bytes.
#include "core/train/gpt2_io.h"

#include <cassert>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

#include <nlohmann/json.hpp>
#include <sys/stat.h>

#include "core/tokenizer/bpe_tokenizer.h"
#include "core/train/llama_io.h"
#include "core/train/safetensors_out.h"

namespace attn::train {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

pretrained::PretrainedConfig to_pretrained_config(const ModelShape& s) {
    if (s.arch == Arch::Llama) return llama_pretrained_config(s);
    pretrained::PretrainedConfig c;
    c.model_type = "gpt2";
    c.family = pretrained::find_family(c.model_type);
    c.n_layers = s.n_layers;
    c.n_heads = s.n_heads;
    c.d_model = s.d_model;
    c.d_ff = s.d_ff();
    c.vocab_size = s.vocab;
    c.max_positions = s.n_positions;
    c.layer_norm_eps = s.ln_eps;
    c.activation = "gelu_new";
    return c;
}

AttentionWeights packed_attention(const float* params, const LayerOffsets& o, int C, int heads) {
    const Mat qkv = Eigen::Map<const Mat>(params + o.qkv_w, C, 3 * C);  // (C, 3C)
    const RowVec qkv_b = Eigen::Map<const RowVec>(params + o.qkv_b, 3 * C);
    AttentionWeights a;
    a.n_heads = heads;
    a.w_q = qkv.leftCols(C);
    a.w_k = qkv.middleCols(C, C);
    a.w_v = qkv.rightCols(C);
    a.b_q = qkv_b.head(C);
    a.b_k = qkv_b.segment(C, C);
    a.b_v = qkv_b.tail(C);
    a.w_o = Eigen::Map<const Mat>(params + o.attproj_w, C, C);
    a.b_o = Eigen::Map<const RowVec>(params + o.attproj_b, C);
    return a;
}

pretrained::Gpt2Weights to_gpt2_weights(const DecoderModel& m) {
    const ModelShape& s = m.shape;
    const int C = s.d_model, F = s.d_ff();
    const float* P = m.params.data();
    const ParamLayout& L = m.layout;
    auto mat = [&](std::size_t off, int rows, int cols) { return Mat(Eigen::Map<const Mat>(P + off, rows, cols)); };
    auto vec = [&](std::size_t off, int n) { return RowVec(Eigen::Map<const RowVec>(P + off, n)); };
    pretrained::Gpt2Weights w;
    w.wte = mat(L.wte, s.vocab, C);
    w.wpe = mat(L.wpe, s.n_positions, C);
    w.ln_f_gamma = vec(L.lnf_w, C);
    w.ln_f_beta = vec(L.lnf_b, C);
    for (const LayerOffsets& o : L.layers) {
        pretrained::Gpt2Block b;
        b.ln_1_gamma = vec(o.ln1_w, C);
        b.ln_1_beta = vec(o.ln1_b, C);
        b.attn = packed_attention(P, o, C, s.n_heads);
        b.ln_2_gamma = vec(o.ln2_w, C);
        b.ln_2_beta = vec(o.ln2_b, C);
        b.fc_w = mat(o.fc_w, C, F);
        b.fc_b = vec(o.fc_b, F);
        b.proj_w = mat(o.fcproj_w, F, C);
        b.proj_b = vec(o.fcproj_b, C);
        w.blocks.push_back(std::move(b));
    }
    return w;
}

std::shared_ptr<const pretrained::PretrainedModel> to_pretrained_model(const DecoderModel& m, const std::string& name) {
    const pretrained::PretrainedConfig c = to_pretrained_config(m.shape);
    std::shared_ptr<const pretrained::FamilyWeights> w;
    if (m.shape.arch == Arch::Llama) {
        w = std::make_shared<pretrained::RotaryWeights>(to_llama_weights(m));
    } else {
        w = std::make_shared<pretrained::Gpt2Weights>(to_gpt2_weights(m));
    }
    return pretrained::in_memory_model(c, std::move(w), name);
}

std::string gpt2_safetensors_bytes(const DecoderModel& m) {
    std::vector<F32Tensor> tensors;
    for (const ParamTensor& t : m.layout.tensors)
        tensors.push_back({t.name, std::vector<long>(t.shape.begin(), t.shape.end()), m.params.data() + t.offset, t.size});
    return f32_safetensors_bytes(tensors);
}

}  // namespace attn::train
