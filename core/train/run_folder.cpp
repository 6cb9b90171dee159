// run_folder.cpp — a trainer's run saved as a Hugging Face folder (see run_folder.h).
#include "core/train/run_folder.h"

#include <sys/stat.h>

#include <cassert>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

#include <nlohmann/json.hpp>

#include "core/tokenizer/bpe_tokenizer.h"
#include "core/train/llama_io.h"
#include "core/train/gpt2_io.h"
#include "core/train/trainer.h"
#include "core/train/vit_io.h"
#include "core/train/vit_trainer.h"

namespace attn::train {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

// --- the GPT-2 / Llama trainer -----------------------------------------------------------------

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

std::string train_log_text(const std::vector<TrainLogEntry>& log, const EvalLogKeys& keys) {
    json out = json::array();
    for (const TrainLogEntry& e : log) {
        json j = {{"step", e.step}, {"loss", e.loss}, {"lr", e.lr}, {"grad_norm", e.grad_norm}, {"seconds", e.seconds}};
        if (e.evaluated) {
            if (keys.loss) j[keys.loss] = e.eval.loss;
            if (keys.exact) j[keys.exact] = e.eval.exact;
            if (keys.token_acc) j[keys.token_acc] = e.eval.token_acc;
            if (keys.examples) j[keys.examples] = e.eval.examples;
        }
        out.push_back(std::move(j));
    }
    return out.dump(1) + "\n";
}

static Status write_folder(const TrainState& s, const fs::path& tmp) {
    const bool llama = s.model.shape.arch == Arch::Llama;
    const std::string config = llama ? llama_config_text(s.model.shape) : config_json(s).dump(2) + "\n";
    if (Status st = write_text(tmp / "config.json", config); !st) return st;
    const std::string weights = llama ? llama_safetensors_bytes(s.model) : gpt2_safetensors_bytes(s.model);
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
    return write_text(tmp / "train_log.json",
                      train_log_text(s.log, {"eval_loss", "exact_accuracy", "token_accuracy", nullptr}));
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


// --- the ViT trainer ---------------------------------------------------------------------------

static std::string preprocessor_json(int side) {
    json p;
    p["image_processor_type"] = "ViTImageProcessor";
    p["do_resize"] = true;
    p["size"] = {{"height", side}, {"width", side}};
    p["resample"] = 2;
    p["do_rescale"] = true;
    p["rescale_factor"] = 1.0 / 255.0;
    p["do_normalize"] = true;
    p["image_mean"] = {0.5, 0.5, 0.5};
    p["image_std"] = {0.5, 0.5, 0.5};
    return p.dump(2) + "\n";
}

static std::string task_json(const ImageTrainState& s) {
    const ImageTrainOptions& o = s.options;
    json t;
    t["task"] = o.task;
    t["classes"] = s.data.class_names;
    t["image_side"] = s.model.shape.image_side;
    t["training_images"] = s.data.train.size();
    t["test_images"] = s.data.test.size();
    t["training"] = {{"patch", o.patch}, {"layers", o.n_layers}, {"heads", o.n_heads}, {"d_model", o.d_model},
                     {"steps", o.steps}, {"batch", o.batch}, {"lr", o.lr}, {"warmup", o.warmup},
                     {"weight_decay", o.adamw.weight_decay}, {"grad_clip", o.adamw.grad_clip}, {"seed", o.seed},
                     {"steps_done", s.step}};
    return t.dump(2) + "\n";
}

Status save_vit_folder(const ImageTrainState& s, const std::string& dir) {
    return write_folder_atomically(dir, [&](const std::string& tmp) {
        const std::filesystem::path d(tmp);
        if (Status st = write_text_file((d / "config.json").string(), vit_config_json(s.model.shape, s.data.class_names)); !st)
            return st;
        if (Status st = write_text_file((d / "model.safetensors").string(), vit_safetensors_bytes(s.model)); !st) return st;
        if (Status st = write_text_file((d / "preprocessor_config.json").string(), preprocessor_json(s.model.shape.image_side)); !st)
            return st;
        if (Status st = write_text_file((d / "task.json").string(), task_json(s)); !st) return st;
        return write_text_file((d / "train_log.json").string(),
                               train_log_text(s.log, {"test_loss", "test_accuracy", nullptr, "test_images"}));
    });
}

}  // namespace attn::train
