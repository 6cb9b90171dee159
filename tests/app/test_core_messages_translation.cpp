// test_core_messages_translation.cpp — the Korean of the encoder–decoder messages: the trainer's, the
// translation models' (Marian, SentencePiece files, generation_config.json), T5's and BART's.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/lm/head_roles_probe.h"
#include "core/lm/knockout.h"
#include "core/lm/logit_lens.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config.h"
#include "core/train/seq2seq/s2s_io.h"
#include "core/train/seq2seq/s2s_trainer.h"
#include "tests/app/core_messages_check.h"

using namespace attn;
using namespace attn::app;
using namespace attn::app::messages_test;

TEST_CASE("the encoder–decoder trainer's messages in Korean") {
    train::TrainOptions o;
    REQUIRE(train::apply_s2s_task_defaults(o, "en-ko"));
    o.steps = 1;
    auto bad = [&](auto change) {
        train::TrainOptions c = o;
        change(c);
        return error_of(train::make_s2s_train_state(c));
    };
    check_translated(bad([](train::TrainOptions& c) { c.task = "copy"; }));
    check_translated(bad([](train::TrainOptions& c) { c.task_params.length = 5; }));
    check_translated(bad([](train::TrainOptions& c) { c.task_params.n_symbols = 5; }));
    check_translated(bad([](train::TrainOptions& c) { c.task_params.text = "x"; }));
    check_translated(bad([](train::TrainOptions& c) { c.eval_lengths = {8}; }));
    check_translated(bad([](train::TrainOptions& c) { c.mlp = false; }));
    check_translated(bad([](train::TrainOptions& c) { c.kv_heads = 2; }));
    check_translated(bad([](train::TrainOptions& c) { c.n_layers = 9; }));
    check_translated(error_of(train::make_train_state(o)));  // the decoders' trainer refuses seq2seq
    check_translated(error_of(train::train_spm({})));
    const std::string w = "\xE2\x96\x81";  // ▁
    check_translated(error_of(train::train_spm({{w + "a b"}})));
    // Pieces no SentencePiece model cuts both ways: "ab" is one piece in one text, "▁a" "b" in another.
    check_translated(error_of(train::train_spm({{w + "ab"}, {w + "a", "b"}, {w + "a", w + "ab"}})));
}

TEST_CASE("translation model messages in Korean (Marian, SentencePiece files, generation_config.json)") {
    const fs::path marian = models_dir() / "tiny-marian";
    auto read = [](const fs::path& p) {
        std::ifstream in(p, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    const std::string spm = read(marian / "source.spm");
    REQUIRE(!spm.empty());
    using pretrained::make_spm_tokenizer;
    check_translated(error_of(make_spm_tokenizer("", "", "source.spm")));
    check_translated(error_of(make_spm_tokenizer("not a model at all", "", "source.spm")));
    check_translated(error_of(make_spm_tokenizer(spm, R"({"a": 0})", "source.spm")));  // no <unk>
    check_translated(error_of(make_spm_tokenizer(spm, "[1, 2]", "source.spm")));        // not an object
    check_translated(error_of(make_spm_tokenizer(std::string("\x0b\x01\x02", 3), "", "source.spm")));  // no protobuf
    const std::string damaged = read(models_dir() / ".." / ".." / ".." / "fuzz" / "regressions" / "spm_model" /
                                     "damaged-charsmap-segv");
    REQUIRE(damaged.size() > 1);
    check_translated(error_of(make_spm_tokenizer(std::string_view(damaged).substr(1), "", "source.spm")));

    const std::string config = read(marian / "config.json");
    auto with = [&](const char* key, const nlohmann::json& value) { return config_error_with(config, key, value); };
    check_translated(with("decoder_vocab_size", 7));
    check_translated(with("eos_token_id", 100000));
    check_translated(with("bad_words_ids", nlohmann::json::array({nlohmann::json::array({-1})})));
    check_translated(with("bad_words_ids", 3));
    check_translated(with("activation_function", "relu"));

    TempDir dir("attnlab-msg-marian");
    for (const char* f : {"config.json", "model.safetensors", "vocab.json", "source.spm", "target.spm"})
        fs::copy_file(marian / f, dir.path / f);
    for (const char* bad : {"[]", R"({"eos_token_id": 100000})", R"({"num_beams": "four"})"}) {
        write_text(dir.path / "generation_config.json", bad);
        check_translated(load_error(dir.path));
    }
    fs::remove(dir.path / "generation_config.json");
    auto model = pretrained::load_pretrained_model(dir.path.string());
    REQUIRE(model.ok());
    RunConfig run;
    run.text = "";
    check_translated(error_of(pretrained::compute_pretrained_run(**model, run)));
    run.text = "He went home.";
    std::string many;
    for (int i = 0; i < 100; ++i) many += "a ";
    run.cross_text = many;  // more target tokens than the 64 positions
    check_translated(error_of(pretrained::compute_pretrained_run(**model, run)));
    run.cross_text = std::string("\xff", 1);
    check_translated(error_of(pretrained::compute_pretrained_run(**model, run)));  // "Target: " + invalid UTF-8
    run.cross_text.clear();
    run.text = many;
    check_translated(error_of(pretrained::compute_pretrained_run(**model, run)));
    run.text = "He went home.";
    run.image_path = "cat.png";
    check_translated(error_of(pretrained::compute_pretrained_run(**model, run)));

    fs::copy_file(models_dir() / "tiny-gpt2" / "vocab.json", dir.path / "vocab.json", fs::copy_options::overwrite_existing);
    fs::copy_file(models_dir() / "tiny-gpt2" / "merges.txt", dir.path / "merges.txt");
    fs::remove(dir.path / "source.spm");
    check_translated(load_error(dir.path));  // a Marian config with GPT-2 tokenizer files
    fs::copy_file(models_dir() / "tiny-gpt2" / "config.json", dir.path / "config.json", fs::copy_options::overwrite_existing);
    fs::copy_file(marian / "source.spm", dir.path / "source.spm");
    fs::remove(dir.path / "merges.txt");
    check_translated(load_error(dir.path));  // a GPT-2 config with SentencePiece files
}

TEST_CASE("T5 messages in Korean (config.json, spiece.model, tokenizer_config.json, a longer text)") {
    const fs::path t5 = models_dir() / "tiny-t5";
    std::ifstream in(t5 / "config.json", std::ios::binary);
    const std::string config(std::istreambuf_iterator<char>(in), {});
    REQUIRE(!config.empty());
    auto with = [&](const char* key, const nlohmann::json& value) { return config_error_with(config, key, value); };
    check_translated(with("feed_forward_proj", "gated-tanh"));
    check_translated(with("relative_attention_num_buckets", 7));
    check_translated(with("relative_attention_max_distance", 4));  // at the 8 buckets' 4 exact ones
    check_translated(with("d_kv", 1 << 20));
    check_translated(with("decoder_start_token_id", 100000));

    TempDir dir("attnlab-msg-t5");
    for (const char* f : {"config.json", "model.safetensors"}) fs::copy_file(t5 / f, dir.path / f);
    fs::copy_file(models_dir() / "tiny-bart" / "tokenizer.json", dir.path / "tokenizer.json");
    check_translated(load_error(dir.path));  // tokenizer.json alone
    fs::remove(dir.path / "tokenizer.json");
    fs::copy_file(t5 / "spiece.model", dir.path / "spiece.model");
    for (const char* bad : {R"({"extra_ids": -1})", R"({"extra_ids": "ten"})", R"({"extra_ids": 500})", "[1]"}) {
        write_text(dir.path / "tokenizer_config.json", bad);
        check_translated(load_error(dir.path));
    }
    fs::remove(dir.path / "tokenizer_config.json");  // the default 100 sentinels: more ids than the model has
    check_translated(load_error(dir.path));
    fs::copy_file(t5 / "tokenizer_config.json", dir.path / "tokenizer_config.json");
    auto model = pretrained::load_pretrained_model(dir.path.string());
    REQUIRE(model.ok());
    RunConfig run;
    run.attention.scale = false;
    std::string many;
    for (int i = 0; i < 600; ++i) many += "a ";
    run.text = many;  // past n_positions (512)
    check_translated(error_of(pretrained::compute_pretrained_run(**model, run)));
}

TEST_CASE("BART messages in Korean (config.json, a tokenizer from another model, images)") {
    const fs::path bart = models_dir() / "tiny-bart";
    std::ifstream in(bart / "config.json", std::ios::binary);
    const std::string config(std::istreambuf_iterator<char>(in), {});
    REQUIRE(!config.empty());
    auto with = [&](const char* key, const nlohmann::json& value) { return config_error_with(config, key, value); };
    check_translated(with("extra_pos_embeddings", 3));
    check_translated(with("normalize_before", true));
    check_translated(with("decoder_start_token_id", nullptr));
    check_translated(with("forced_bos_token_id", 100000));
    check_translated(with("bos_token_id", 5000));

    TempDir dir("attnlab-msg-bart");
    for (const char* f : {"config.json", "model.safetensors", "vocab.json", "merges.txt"})
        fs::copy_file(bart / f, dir.path / f);
    auto model = pretrained::load_pretrained_model(dir.path.string());
    REQUIRE_MESSAGE(model.ok(), (model.ok() ? "" : model.error()));
    RunConfig run;
    run.text = "The cat sat.";
    run.image_path = "cat.png";
    check_translated(error_of(pretrained::compute_pretrained_run(**model, run)));
    // A smaller vocabulary than config.json's ids: the files belong to another model.
    fs::copy_file(models_dir() / "tiny-gpt2" / "vocab.json", dir.path / "vocab.json", fs::copy_options::overwrite_existing);
    fs::copy_file(models_dir() / "tiny-gpt2" / "merges.txt", dir.path / "merges.txt", fs::copy_options::overwrite_existing);
    auto j = nlohmann::json::parse(config);
    j["bos_token_id"] = 279;
    j["pad_token_id"] = 280;
    j["eos_token_id"] = 281;
    j["decoder_start_token_id"] = 281;
    j["forced_bos_token_id"] = 279;
    j["forced_eos_token_id"] = 281;
    write_text(dir.path / "config.json", j.dump());
    check_translated(load_error(dir.path));
}

TEST_CASE("knock-outs named by section (encoder, decoder, cross) in Korean") {
    using namespace attn::pretrained;
    const AblationShape two{6, 8, 6, 8};
    for (const char* spec : {"1.2", "cross.1.mlp", "enc.9.1", "cross.1.99", "cross.x", ""})
        check_translated(error_of(parse_ablation(spec, AblationMode::Zero, two)));
    check_translated(error_of(parse_ablation("enc.1.2", AblationMode::Zero, 12, 12)));
    Ablation a;
    a.heads = {HeadIndex{7, 0, Section::Cross}};
    check_translated(check_ablation(a, two).message());
    a.heads.clear();
    a.attention_off = {LayerIndex{9, Section::Encoder}};
    check_translated(check_ablation(a, two).message());
    a.attention_off.clear();
    a.mlp_off = {LayerIndex{0, Section::Cross}};
    check_translated(check_ablation(a, two).message());
    // core/lm's translation knock-outs: a model that does not translate, ids outside the model.
    auto gpt2 = pretrained::load_pretrained_model((models_dir() / "tiny-gpt2").string());
    auto marian = pretrained::load_pretrained_model((models_dir() / "tiny-marian").string());
    REQUIRE(gpt2.ok());
    REQUIRE(marian.ok());
    check_translated(error_of(lm::ablated_translation_logits(**gpt2, {1}, {}, {})));
    check_translated(error_of(lm::ablated_translation_logits(**marian, {1}, {999999}, {})));
    check_translated(error_of(lm::ablated_translation_logits(**marian, std::vector<int>(9999, 1), {}, {})));
    // Head roles by section: cross-attention and an unknown section.
    check_translated(error_of(lm::head_role_report(**marian, "", "cross")));
    check_translated(error_of(lm::head_role_report(**marian, "", "middle")));
    // A speech model is not a translation model: the lens and head roles say where to look instead.
    auto whisper = pretrained::load_pretrained_model((models_dir() / "tiny-whisper").string());
    REQUIRE(whisper.ok());
    const std::string heard = error_of(lm::head_role_report(**whisper, "", "decoder"));
    CHECK(heard.find("Audio view") != std::string::npos);
    check_translated(heard);
    check_translated(error_of(lm::text_lens(**whisper, "hi", 3)));
    check_translated(error_of(lm::section_head_role_report(**gpt2, "", "encoder")));
}

// Issue 54: a speech folder's refusals name the field really at fault, in Korean too.
TEST_CASE("speech folder refusals in Korean: every token suppressed, a chunk without preprocessor_config.json, a huge FFT") {
    TempDir dir;
    auto folder_with = [&](const std::string& name, auto&& change) {
        const fs::path f = dir.path / name;
        fs::copy(models_dir() / "tiny-whisper", f, fs::copy_options::recursive);
        change(f);
        return error_of(pretrained::load_pretrained_model(f.string()));
    };
    const std::string every = folder_with("suppress", [](const fs::path& f) {
        std::vector<int> all(385);
        for (int i = 0; i < 385; ++i) all[std::size_t(i)] = i;
        write_text(f / "generation_config.json", nlohmann::json{{"suppress_tokens", all}}.dump());
    });
    CHECK(every.find("forbid all 385 token ids") != std::string::npos);
    check_translated(every);
    const std::string half = folder_with("half", [](const fs::path& f) {
        std::vector<int> low, high;
        for (int i = 0; i < 385; ++i) (i < 200 ? low : high).push_back(i);
        write_text(f / "generation_config.json", nlohmann::json{{"suppress_tokens", low}, {"begin_suppress_tokens", high}}.dump());
    });
    CHECK(half.find("forbid all 385 token ids") != std::string::npos);  // together, at the first step
    const std::string chunk = folder_with("chunk", [](const fs::path& f) {
        fs::remove(f / "preprocessor_config.json");
        std::ifstream in(f / "config.json");
        nlohmann::json c = nlohmann::json::parse(in);
        c["max_source_positions"] = 8000;  // a 160 s chunk
        write_text(f / "config.json", c.dump());
    });
    CHECK(chunk.find("has no preprocessor_config.json") != std::string::npos);
    CHECK(chunk.find("160 s at a time") != std::string::npos);
    check_translated(chunk);
    const std::string fft = folder_with("fft", [](const fs::path& f) {
        std::ifstream in(f / "preprocessor_config.json");
        nlohmann::json c = nlohmann::json::parse(in);
        c["n_fft"] = 16384;
        c["hop_length"] = 1;
        c["chunk_length"] = 1;
        c.erase("n_samples");
        c.erase("nb_max_frames");
        write_text(f / "preprocessor_config.json", c.dump());
    });
    CHECK(fft.find("MiB for one chunk's spectrogram") != std::string::npos);
    check_translated(fft);
}
