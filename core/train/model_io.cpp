// model_io.cpp — converting the trained model and writing the Hugging Face folder.
#include "core/train/model_io.h"

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
#include "core/train/trainer.h"

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

pretrained::Gpt2Weights to_gpt2_weights(const GptModel& m) {
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

std::shared_ptr<const pretrained::PretrainedModel> to_pretrained_model(const GptModel& m, const std::string& name) {
    const pretrained::PretrainedConfig c = to_pretrained_config(m.shape);
    std::shared_ptr<const pretrained::FamilyWeights> w;
    if (m.shape.arch == Arch::Llama) {
        w = std::make_shared<pretrained::RotaryWeights>(to_llama_weights(m));
    } else {
        w = std::make_shared<pretrained::Gpt2Weights>(to_gpt2_weights(m));
    }
    return pretrained::in_memory_model(c, std::move(w), name);
}

std::string safetensors_bytes(const GptModel& m) {
    std::vector<F32Tensor> tensors;
    for (const ParamTensor& t : m.layout.tensors)
        tensors.push_back({t.name, std::vector<long>(t.shape.begin(), t.shape.end()), m.params.data() + t.offset, t.size});
    return f32_safetensors_bytes(tensors);
}

// The byte-level symbol GPT-2's vocabularies use for each byte of a token ("Ġ" for a space).
static std::string byte_level(const std::string& raw) {
    const auto& table = pretrained::gpt2_byte_to_unicode();
    std::string out;
    for (unsigned char b : raw) {
        const char32_t cp = table[b];
        if (cp < 0x80) {
            out += char(cp);
        } else {  // all table entries are below U+0800: two UTF-8 bytes
            out += char(0xC0 | (cp >> 6));
            out += char(0x80 | (cp & 0x3F));
        }
    }
    return out;
}

static Status write_text(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(text.data(), std::streamsize(text.size()));
    out.flush();
    if (!out) return Status::Error("Could not write " + p.string() + ": " + std::strerror(errno) + ".");
    return Status::Ok();
}

static json config_json(const TrainState& s) {
    const ModelShape& m = s.model.shape;
    json c;
    c["architectures"] = {"GPT2LMHeadModel"};
    c["model_type"] = "gpt2";
    c["vocab_size"] = m.vocab;
    c["n_positions"] = m.n_positions;
    c["n_ctx"] = m.n_positions;
    c["n_embd"] = m.d_model;
    c["n_layer"] = m.n_layers;
    c["n_head"] = m.n_heads;
    c["n_inner"] = nullptr;
    c["activation_function"] = "gelu_new";
    c["layer_norm_epsilon"] = m.ln_eps;
    c["resid_pdrop"] = 0.0;
    c["embd_pdrop"] = 0.0;
    c["attn_pdrop"] = 0.0;
    c["initializer_range"] = 0.02;
    c["scale_attn_weights"] = true;
    c["tie_word_embeddings"] = true;
    c["bos_token_id"] = m.vocab - 1;
    c["eos_token_id"] = m.vocab - 1;
    c["torch_dtype"] = "float32";
    return c;
}

static json task_json(const TrainState& s) {
    const TrainOptions& o = s.options;
    json t;
    t["task"] = s.task.name;
    t["parameters"] = {{"symbols", s.task.params.n_symbols}, {"length", s.task.params.length}};
    if (s.task.name == "text") t["parameters"]["text"] = s.task.params.text;
    t["sequence_length"] = s.task.seq_len;
    t["vocabulary"] = s.task.vocab;
    t["training"] = {{"arch", arch_name(s.model.shape.arch)}, {"layers", o.n_layers}, {"heads", o.n_heads}, {"d_model", o.d_model}, {"mlp", o.mlp},
                     {"steps", o.steps}, {"batch", o.batch}, {"lr", o.lr}, {"warmup", o.warmup},
                     {"weight_decay", o.adamw.weight_decay}, {"grad_clip", o.adamw.grad_clip},
                     {"seed", o.seed}, {"steps_done", s.step}};
    if (s.model.shape.arch == Arch::Llama) {
        t["training"]["kv_heads"] = s.model.shape.kv_heads();
        t["training"]["rope_theta"] = s.model.shape.rope_theta;
        t["training"]["ffn"] = s.model.shape.d_ff();
    }
    json examples = json::array();
    TaskRng rng(7);
    for (int i = 0; i < 4; ++i) {
        Example ex;
        s.task.sample(rng, ex);
        std::vector<int> scored;
        for (std::size_t j = 0; j < ex.scored.size(); ++j)
            if (ex.scored[j]) scored.push_back(int(j) + 1);
        examples.push_back({{"text", s.task.decode(ex.tokens)}, {"scored_positions", scored}});
    }
    t["examples"] = examples;
    t["probe"] = s.task.decode(std::vector<int>(s.probe.tokens.begin(), s.probe.tokens.end() - 1));
    return t;
}

static json log_json(const TrainState& s) {
    json log = json::array();
    for (const TrainLogEntry& e : s.log) {
        json j = {{"step", e.step}, {"loss", e.loss}, {"lr", e.lr}, {"grad_norm", e.grad_norm},
                  {"seconds", e.seconds}};
        if (e.evaluated) {
            j["eval_loss"] = e.eval.loss;
            j["exact_accuracy"] = e.eval.exact;
            j["token_accuracy"] = e.eval.token_acc;
        }
        log.push_back(std::move(j));
    }
    return log;
}

static Status write_folder(const TrainState& s, const fs::path& tmp) {
    const bool llama = s.model.shape.arch == Arch::Llama;
    const std::string config = llama ? llama_config_text(s.model.shape) : config_json(s).dump(2) + "\n";
    if (Status st = write_text(tmp / "config.json", config); !st) return st;
    const std::string weights = llama ? llama_safetensors_bytes(s.model) : safetensors_bytes(s.model);
    if (Status st = write_text(tmp / "model.safetensors", weights); !st) return st;
    // ids: the task's symbols (one byte each) in order, then the other bytes in byte order, then
    // <|endoftext|>: GPT-2's byte-level BPE needs every byte symbol, and no merges.
    json vocab;
    bool used[256] = {};
    int next_id = 0;
    for (const std::string& sym : s.task.vocab) {
        assert(sym.size() == 1 && "task symbols are single bytes");
        used[static_cast<unsigned char>(sym[0])] = true;
        vocab[byte_level(sym)] = next_id++;
    }
    for (int b = 0; b < 256; ++b)
        if (!used[b]) vocab[byte_level(std::string(1, char(b)))] = next_id++;
    vocab["<|endoftext|>"] = next_id++;
    assert(next_id == s.model.shape.vocab && "vocab.json matches the model's vocabulary");
    if (Status st = write_text(tmp / "vocab.json", vocab.dump() + "\n"); !st) return st;
    if (Status st = write_text(tmp / "merges.txt", "#version: 0.2\n"); !st) return st;
    json tok = {{"tokenizer_class", "GPT2Tokenizer"}, {"model_max_length", s.model.shape.n_positions},
                {"add_prefix_space", false}, {"bos_token", "<|endoftext|>"}, {"eos_token", "<|endoftext|>"},
                {"unk_token", "<|endoftext|>"}};
    if (Status st = write_text(tmp / "tokenizer_config.json", tok.dump(2) + "\n"); !st) return st;
    if (Status st = write_text(tmp / "task.json", task_json(s).dump(2) + "\n"); !st) return st;
    return write_text(tmp / "train_log.json", log_json(s).dump(1) + "\n");
}

Status save_model_folder(const TrainState& s, const std::string& dir) {
    return write_folder_atomically(dir, [&](const std::string& tmp) { return write_folder(s, tmp); });
}

Status write_text_file(const std::string& path, const std::string& text) { return write_text(path, text); }

Status write_folder_atomically(const std::string& dir, const std::function<Status(const std::string& tmp)>& fill) {
    if (dir.empty()) return Status::Error("No output folder given.");
    fs::path target(dir);
    while (target.has_parent_path() && !target.has_filename()) target = target.parent_path();  // "a/b/"
    std::error_code ec;
    if (fs::exists(target, ec))
        return Status::Error(target.string() + " exists already. Choose a new folder name (nothing was written).");
    fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
    if (!fs::is_directory(parent, ec))
        return Status::Error("The folder " + parent.string() + " does not exist. Create it first.");
    std::string tmpl = (parent / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
    if (!mkdtemp(tmpl.data())) {
        return Status::Error("Cannot write in " + parent.string() + ": " + std::strerror(errno) + ".");
    }
    const fs::path tmp(tmpl);
    const mode_t mask = ::umask(0);  // mkdtemp makes 0700; give the folder the usual permissions
    ::umask(mask);
    ::chmod(tmp.c_str(), 0777 & ~mask);
    Status st = fill(tmp.string());
    if (st && std::rename(tmp.c_str(), target.c_str()) != 0)
        st = Status::Error("Could not create " + target.string() + ": " + std::strerror(errno) + ".");
    if (!st) fs::remove_all(tmp, ec);
    return st;
}

}  // namespace attn::train
