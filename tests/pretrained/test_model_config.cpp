// test_model_config.cpp — config.json parsing (the real gpt2, bert-base-uncased and
// distilbert-base-uncased configs) and model folder inspection in temporary folders.
#include <doctest/doctest.h>

#include <unistd.h>

#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <string>

#include "core/pretrained/family/family.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/model_folder.h"

using namespace attn;
using namespace attn::pretrained;
namespace fs = std::filesystem;

namespace {

// As published on the Hugging Face Hub (gpt2, bert-base-uncased, distilbert-base-uncased).
const char* kGpt2Config = R"({
  "activation_function": "gelu_new",
  "architectures": ["GPT2LMHeadModel"],
  "attn_pdrop": 0.1, "bos_token_id": 50256, "embd_pdrop": 0.1, "eos_token_id": 50256,
  "initializer_range": 0.02,
  "layer_norm_epsilon": 1e-05,
  "model_type": "gpt2",
  "n_ctx": 1024, "n_embd": 768, "n_head": 12, "n_layer": 12, "n_positions": 1024,
  "resid_pdrop": 0.1, "summary_activation": null, "summary_first_dropout": 0.1,
  "summary_proj_to_labels": true, "summary_type": "cls_index", "summary_use_proj": true,
  "task_specific_params": {"text-generation": {"do_sample": true, "max_length": 50}},
  "vocab_size": 50257
})";

const char* kBertConfig = R"({
  "architectures": ["BertForMaskedLM"],
  "attention_probs_dropout_prob": 0.1, "gradient_checkpointing": false,
  "hidden_act": "gelu", "hidden_dropout_prob": 0.1, "hidden_size": 768,
  "initializer_range": 0.02, "intermediate_size": 3072, "layer_norm_eps": 1e-12,
  "max_position_embeddings": 512, "model_type": "bert",
  "num_attention_heads": 12, "num_hidden_layers": 12, "pad_token_id": 0,
  "position_embedding_type": "absolute", "transformers_version": "4.6.0.dev0",
  "type_vocab_size": 2, "use_cache": true, "vocab_size": 30522
})";

const char* kDistilBertConfig = R"({
  "activation": "gelu", "architectures": ["DistilBertForMaskedLM"],
  "attention_dropout": 0.1, "dim": 768, "dropout": 0.1, "hidden_dim": 3072,
  "initializer_range": 0.02, "max_position_embeddings": 512, "model_type": "distilbert",
  "n_heads": 12, "n_layers": 6, "pad_token_id": 0, "qa_dropout": 0.1,
  "seq_classif_dropout": 0.2, "sinusoidal_pos_embds": false, "tie_weights_": true,
  "vocab_size": 30522
})";

// kGpt2Config with one field's text replaced (the field must be present).
std::string gpt2_with(const std::string& from, const std::string& to) {
    std::string s = kGpt2Config;
    auto pos = s.find(from);
    REQUIRE_MESSAGE(pos != std::string::npos, from);
    return s.replace(pos, from.size(), to);
}

std::string config_error(const std::string& text) {
    auto c = parse_model_config(text);
    REQUIRE_FALSE(c.ok());
    return c.error();
}

void check_has(const std::string& message, std::initializer_list<const char*> words) {
    for (const char* w : words) CHECK_MESSAGE(message.find(w) != std::string::npos, "'", w, "' not in: ", message);
}

}  // namespace

TEST_CASE("model config: GPT-2 small") {
    auto c = parse_model_config(kGpt2Config);
    REQUIRE_MESSAGE(c.ok(), c.status().message());
    CHECK(c->model_type == "gpt2");
    CHECK(family_name(*c) == "GPT-2");
    CHECK(c->model_type == "gpt2");
    CHECK(c->n_layers == 12);
    CHECK(c->n_heads == 12);
    CHECK(c->d_model == 768);
    CHECK(c->d_ff == 3072);  // n_inner absent: 4 x n_embd
    CHECK(c->d_k() == 64);
    CHECK(c->vocab_size == 50257);
    CHECK(c->max_positions == 1024);
    CHECK(c->type_vocab_size == 0);
    CHECK(c->layer_norm_eps == doctest::Approx(1e-5));
    CHECK(c->activation == "gelu_new");
}

TEST_CASE("model config: GPT-2 n_inner null, explicit, and defaults when absent") {
    auto null_inner = parse_model_config(gpt2_with("\"n_ctx\": 1024,", "\"n_inner\": null,"));
    REQUIRE(null_inner.ok());
    CHECK(null_inner->d_ff == 3072);
    auto explicit_inner = parse_model_config(gpt2_with("\"n_ctx\": 1024,", "\"n_inner\": 1000,"));
    REQUIRE(explicit_inner.ok());
    CHECK(explicit_inner->d_ff == 1000);
    auto no_act = parse_model_config(gpt2_with("\"activation_function\": \"gelu_new\",", ""));
    REQUIRE(no_act.ok());
    CHECK(no_act->activation == "gelu_new");
    auto torch_tanh = parse_model_config(gpt2_with("\"gelu_new\"", "\"gelu_pytorch_tanh\""));
    REQUIRE(torch_tanh.ok());
    CHECK(torch_tanh->activation == "gelu_new");  // the same tanh formula under its newer name
}

TEST_CASE("model config: BERT base") {
    auto c = parse_model_config(kBertConfig);
    REQUIRE_MESSAGE(c.ok(), c.status().message());
    CHECK(c->model_type == "bert");
    CHECK(family_name(*c) == "BERT");
    CHECK(c->n_layers == 12);
    CHECK(c->n_heads == 12);
    CHECK(c->d_model == 768);
    CHECK(c->d_ff == 3072);
    CHECK(c->vocab_size == 30522);
    CHECK(c->max_positions == 512);
    CHECK(c->type_vocab_size == 2);
    CHECK(c->layer_norm_eps == doctest::Approx(1e-12));
    CHECK(c->activation == "gelu");
}

TEST_CASE("model config: DistilBERT base") {
    auto c = parse_model_config(kDistilBertConfig);
    REQUIRE_MESSAGE(c.ok(), c.status().message());
    CHECK(c->model_type == "distilbert");
    CHECK(family_name(*c) == "DistilBERT");
    CHECK(c->model_type == "distilbert");
    CHECK(c->n_layers == 6);
    CHECK(c->n_heads == 12);
    CHECK(c->d_model == 768);
    CHECK(c->d_ff == 3072);
    CHECK(c->max_positions == 512);
    CHECK(c->type_vocab_size == 0);
    CHECK(c->layer_norm_eps == doctest::Approx(1e-12));
    CHECK(c->activation == "gelu");
}

TEST_CASE("model config: model_type missing, family taken from architectures") {
    auto c = parse_model_config(R"({"architectures": ["GPT2LMHeadModel"], "n_layer": 2, "n_head": 2,
        "n_embd": 8, "vocab_size": 10, "n_positions": 16})");
    REQUIRE_MESSAGE(c.ok(), c.status().message());
    CHECK(c->model_type == "gpt2");
    CHECK(c->model_type == "gpt2");
    auto d = parse_model_config(R"({"architectures": ["DistilBertModel"], "n_layers": 1, "n_heads": 1,
        "dim": 4, "hidden_dim": 8, "vocab_size": 10, "max_position_embeddings": 16})");
    REQUIRE_MESSAGE(d.ok(), d.status().message());
    CHECK(d->model_type == "distilbert");
    check_has(config_error(R"({"architectures": ["MambaForCausalLM"]})"), {"model_type", "gpt2", "bert", "distilbert"});
    check_has(config_error(R"({"architectures": ["LlamaForCausalLM"]})"), {"\"num_hidden_layers\"", "Llama"});
    check_has(config_error("{}"), {"model_type"});
}

TEST_CASE("model config: malformed JSON names the position") {
    check_has(config_error(R"({"model_type": "gpt2", "n_layer": 12,,})"), {"config.json", "not valid JSON", "line 1"});
    check_has(config_error("{\"model_type\": \"gpt2\",\n \"n_layer\": 1"), {"not valid JSON", "line 2"});
    check_has(config_error(""), {"not valid JSON"});
    check_has(config_error("[1, 2]"), {"not a JSON object"});
}

TEST_CASE("model config: unsupported model types are named, with the supported list") {
    check_has(config_error(R"({"model_type": "falcon", "hidden_size": 4096})"),
              {"\"falcon\"", "cannot run", "gpt2", "bert", "distilbert", "llama", "qwen2", "qwen3", "mistral"});
    check_has(config_error(R"({"model_type": 5})"), {"model_type", "string"});
}

TEST_CASE("model config: missing and mistyped fields are named") {
    check_has(config_error(gpt2_with("\"n_head\": 12,", "")), {"\"n_head\"", "GPT-2"});
    check_has(config_error(gpt2_with("\"n_embd\": 768", "\"n_embd\": \"768\"")), {"\"n_embd\"", "whole number"});
    check_has(config_error(gpt2_with("\"n_embd\": 768", "\"n_embd\": 768.5")), {"\"n_embd\"", "768.5"});
    check_has(config_error(gpt2_with("1e-05", "\"small\"")), {"layer_norm_epsilon"});
    std::string bert = kBertConfig;
    bert.replace(bert.find("\"intermediate_size\": 3072,"), 26, "");
    check_has(config_error(bert), {"\"intermediate_size\"", "BERT"});
    std::string distil = kDistilBertConfig;
    distil.replace(distil.find("\"dim\": 768,"), 11, "");
    check_has(config_error(distil), {"\"dim\"", "DistilBERT"});
}

TEST_CASE("model config: values out of range are refused with the limits") {
    check_has(config_error(gpt2_with("\"n_layer\": 12", "\"n_layer\": 0")), {"\"n_layer\"", "is 0", "1 to 256"});
    check_has(config_error(gpt2_with("\"vocab_size\": 50257", "\"vocab_size\": 99999999999")),
              {"\"vocab_size\"", "99999999999", "1000000"});
    check_has(config_error(gpt2_with("\"n_head\": 12", "\"n_head\": -4")), {"\"n_head\"", "-4"});
    check_has(config_error(gpt2_with("\"n_head\": 12", "\"n_head\": 18446744073709551615")),
              {"\"n_head\"", "18446744073709551615"});
    check_has(config_error(gpt2_with("1e-05", "0")), {"layer_norm_epsilon"});
}

TEST_CASE("model config: d_model must divide by the number of heads") {
    check_has(config_error(gpt2_with("\"n_head\": 12", "\"n_head\": 7")), {"768", "7", "divisible"});
    std::string bert = kBertConfig;
    bert.replace(bert.find("\"num_attention_heads\": 12"), 25, "\"num_attention_heads\": 10");
    check_has(config_error(bert), {"768", "10", "divisible"});
}

TEST_CASE("model config: math we do not implement is refused") {
    check_has(config_error(gpt2_with("\"gelu_new\"", "\"relu\"")), {"\"relu\"", "gelu"});
    check_has(config_error(gpt2_with("\"n_ctx\": 1024,", "\"scale_attn_by_inverse_layer_idx\": true,")),
              {"scale_attn_by_inverse_layer_idx"});
    std::string bert = kBertConfig;
    bert.replace(bert.find("\"absolute\""), 10, "\"relative_key\"");
    check_has(config_error(bert), {"position_embedding_type", "relative_key"});
}

// ---------------------------------------------------------------------------------------------
// Model folders
// ---------------------------------------------------------------------------------------------

namespace {

struct TempFolder {
    fs::path path;
    TempFolder() {
        static std::atomic<int> counter{0};
        path = fs::temp_directory_path() /
               ("attnlab_model_folder_test_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempFolder() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    TempFolder& with(std::initializer_list<const char*> names) {
        for (const char* n : names) std::ofstream(path / n) << "x";
        return *this;
    }
    std::string str() const { return path.string(); }
    std::string file(const char* name) const { return (path / name).string(); }
};

std::string folder_error(const std::string& path) {
    auto f = inspect_model_folder(path);
    REQUIRE_FALSE(f.ok());
    return f.error();
}

}  // namespace

TEST_CASE("model folder: a complete GPT-2 folder") {
    TempFolder t;
    t.with({"config.json", "model.safetensors", "vocab.json", "merges.txt", "tokenizer.json", "tokenizer_config.json",
            "pytorch_model.bin", "README.md"});
    auto f = inspect_model_folder(t.str());
    REQUIRE_MESSAGE(f.ok(), f.status().message());
    CHECK(f->dir == t.str());
    CHECK(f->config_path == t.file("config.json"));
    CHECK(f->weights_path == t.file("model.safetensors"));  // the pickle next to it is ignored
    CHECK(f->tokenizer_json == t.file("tokenizer.json"));
    CHECK(f->vocab_json == t.file("vocab.json"));
    CHECK(f->merges_txt == t.file("merges.txt"));
    CHECK(f->vocab_txt.empty());
    CHECK(f->tokenizer_config == t.file("tokenizer_config.json"));
}

TEST_CASE("model folder: a BERT folder with only vocab.txt") {
    TempFolder t;
    t.with({"config.json", "model.safetensors", "vocab.txt"});
    auto f = inspect_model_folder(t.str());
    REQUIRE_MESSAGE(f.ok(), f.status().message());
    CHECK(f->vocab_txt == t.file("vocab.txt"));
    CHECK(f->tokenizer_json.empty());
    CHECK(f->vocab_json.empty());
    CHECK(f->merges_txt.empty());
    CHECK(f->tokenizer_config.empty());
}

TEST_CASE("model folder: a file inside the folder stands for the folder") {
    TempFolder t;
    t.with({"config.json", "model.safetensors", "vocab.txt"});
    auto f = inspect_model_folder(t.file("model.safetensors"));
    REQUIRE_MESSAGE(f.ok(), f.status().message());
    CHECK(f->dir == t.str());
    CHECK(f->weights_path == t.file("model.safetensors"));
}

TEST_CASE("model folder: pickle-only folders are refused with the reason and the conversion") {
    TempFolder t;
    t.with({"config.json", "pytorch_model.bin", "vocab.txt"});
    const std::string e = folder_error(t.str());
    check_has(e, {"pickle", "pytorch_model.bin", "arbitrary code", "model.safetensors", "convert_to_safetensors.py",
                  "python3-torch"});

    TempFolder ckpt;
    ckpt.with({"config.json", "weights.ckpt", "vocab.txt"});
    check_has(folder_error(ckpt.str()), {"pickle", "weights.ckpt", "safetensors"});
}

TEST_CASE("model folder: sharded weights are not supported yet") {
    TempFolder t;
    t.with({"config.json", "model.safetensors.index.json", "model-00001-of-00002.safetensors", "vocab.txt"});
    check_has(folder_error(t.str()), {"model.safetensors.index.json", "not supported yet"});
}

TEST_CASE("model folder: missing pieces are each named") {
    TempFolder no_config;
    no_config.with({"model.safetensors", "vocab.txt"});
    check_has(folder_error(no_config.str()), {"No config.json", no_config.str().c_str()});

    TempFolder no_weights;
    no_weights.with({"config.json", "vocab.txt"});
    check_has(folder_error(no_weights.str()), {"No model.safetensors"});

    TempFolder no_tokenizer;
    no_tokenizer.with({"config.json", "model.safetensors"});
    check_has(folder_error(no_tokenizer.str()), {"No tokenizer", "tokenizer.json", "vocab.json + merges.txt", "vocab.txt"});

    TempFolder half_bpe;
    half_bpe.with({"config.json", "model.safetensors", "vocab.json"});
    check_has(folder_error(half_bpe.str()), {"No tokenizer", "merges.txt is missing"});
}

TEST_CASE("model folder: paths that are not folders") {
    TempFolder t;
    check_has(folder_error(t.file("does-not-exist")), {"does-not-exist", "does not exist"});
    check_has(folder_error(""), {"No model folder"});
    CHECK_FALSE(inspect_model_folder("/dev/null").ok());  // a device: neither a folder nor a regular file
}
