// The engine's English messages in Korean (app/i18n/core_messages.h), continued from
// test_core_messages.cpp: broken model folders, tokenizer.json pipelines, vision models and image
// files, head roles' task.json notes, the image trainer's data and the training lab. Each case
// triggers a real error from core/ with bad input and checks the Korean as core_messages_check.h does.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "app/i18n/core_messages.h"
#include "app/jobs/export_job.h"
#include "app/jobs/model_loader.h"
#include "app/shell/image_io.h"
#include "app/state/app_state.h"
#include "app/state/presets.h"
#include "app/state/settings.h"
#include "core/attention/attention.h"
#include "core/attention/builtin_model.h"
#include "core/attention/engine.h"
#include "core/attention/mask.h"
#include "core/attention/word_tokenizer.h"
#include "core/base/atomic_file.h"
#include "core/base/limits.h"
#include "core/base/utf8.h"
#include "core/figure/figure.h"
#include "core/lm/head_roles_probe.h"
#include "core/lm/knockout.h"
#include "core/lm/lm_inputs.h"
#include "core/lm/lm_session.h"
#include "core/lm/logit_lens.h"
#include "core/lm/masked_lm.h"
#include "core/lm/sampling.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/model_folder.h"
#include "core/pretrained/folder/safetensors.h"
#include "core/tokenizer/subword_tokenizer.h"
#include "core/train/idx_file.h"
#include "core/train/image_data.h"
#include "core/train/seq2seq/s2s_io.h"
#include "core/train/seq2seq/s2s_trainer.h"
#include "core/train/trainer.h"
#include "core/train/vit_trainer.h"
#include "tests/app/core_messages_check.h"
#include "tests/temp_dir.h"

using namespace attn;
using namespace attn::app;
using namespace attn::app::messages_test;

TEST_CASE("broken real model folders in Korean") {
    TempDir dir("attnlab-msg-model");
    const fs::path gpt2 = models_dir() / "tiny-gpt2";
    fs::copy_file(gpt2 / "vocab.json", dir.path / "vocab.json");
    fs::copy_file(gpt2 / "merges.txt", dir.path / "merges.txt");
    write_safetensors(dir.path / "model.safetensors", R"({"foo": {"dtype": "F32", "shape": [1], "data_offsets": [0, 4]}})",
                      4);

    // config.json's own message after its path, both parts in Korean.
    write_text(dir.path / "config.json", "{\"n_layer\": ");
    const std::string bad_config = load_error(dir.path);
    check_translated(bad_config);
    const std::string bad_config_ko = localize_core_message(bad_config, Lang::Ko);
    CHECK(bad_config_ko.rfind((dir.path / "config.json").string() + ": config.json이 ", 0) == 0);

    fs::copy_file(models_dir() / "tiny-bert" / "config.json", dir.path / "config.json",
                  fs::copy_options::overwrite_existing);
    check_translated(load_error(dir.path));  // BERT config, GPT-2 tokenizer

    fs::copy_file(gpt2 / "config.json", dir.path / "config.json", fs::copy_options::overwrite_existing);
    check_translated(load_error(dir.path));  // no wte.weight: not a GPT-2 checkpoint
    write_safetensors(dir.path / "model.safetensors",
                      R"({"wte.weight": {"dtype": "F32", "shape": [2, 2], "data_offsets": [0, 16]}})", 16);
    check_translated(load_error(dir.path));  // wrong shape
    write_safetensors(dir.path / "model.safetensors",
                      R"({"wte.weight": {"dtype": "F32", "shape": [275, 32], "data_offsets": [0, 35200]}})", 35200);
    const std::string missing = load_error(dir.path);
    check_translated(missing);
    CHECK(localize_core_message(missing, Lang::Ko).find("'wpe.weight'") != std::string::npos);
}

TEST_CASE("tokenizer.json pipeline messages in Korean") {
    const auto json_error = [](const std::string& pipeline, const std::string& vocab = R"({"a": 0, "b": 1})",
                               const std::string& model_extra = "") {
        return error_of(pretrained::make_tokenizer_from_json(R"({)" + pipeline + R"(, "model": {"type": "BPE", "vocab": )" +
                                                             vocab + R"(, "merges": [])" + model_extra + "}}"));
    };
    check_translated(json_error(R"("normalizer": {"type": "Precompiled"})"));                    // not supported
    check_translated(json_error(R"("normalizer": {"type": "Sequence"})"));                       // must be a list
    check_translated(json_error(R"("normalizer": null)", R"({"a": 0, "b": 1})", R"(, "unk_token": "<unk>")"));
    check_translated(json_error(R"("pre_tokenizer": {"type": "ByteLevel"}, "normalizer": {"type": "NFC"})"));  // byte 0x00
    check_translated(json_error(R"("pre_tokenizer": {"type": "Split", "pattern": {"Regex": ""}})"));
    check_translated(json_error(R"("pre_tokenizer": {"type": "Split", "pattern": {"Regex": ")" + std::string(5000, 'a') +
                                R"("}})"));
    check_translated(json_error(R"("pre_tokenizer": {"type": "Split", "pattern": {"Regex": "(a"}})"));
    auto hostile = pretrained::make_tokenizer_from_json(
        R"({"pre_tokenizer": {"type": "Split", "pattern": {"Regex": "(a+)+$"}}, "model": {"type": "BPE", "vocab": {"a": 0, "b": 1}, "merges": []}})");
    REQUIRE_MESSAGE(hostile.ok(), error_of(hostile));
    check_translated(error_of((*hostile)->encode(std::string(40, 'a') + "b", 100)));
    std::string grow;  // 12 chained Replace a -> aa: past the normalizers' output limit
    for (int i = 0; i < 12; ++i)
        grow += std::string(i ? ", " : "") + R"({"type": "Replace", "pattern": {"String": "a"}, "content": "aa"})";
    auto growing = pretrained::make_tokenizer_from_json(R"({"normalizer": {"type": "Sequence", "normalizers": [)" + grow +
                                                        R"(]}, "model": {"type": "BPE", "vocab": {"a": 0}, "merges": []}})");
    REQUIRE_MESSAGE(growing.ok(), error_of(growing));
    check_translated(error_of((*growing)->encode("aaaa", 100)));
    check_translated(error_of(pretrained::make_tokenizer_from_json(R"({"model": {"type": 7, "vocab": {}}})")));
    // PCRE2 failures other than the limits, and memory, cannot be provoked from a test.
    check_translated("tokenizer.json pre_tokenizer.pattern: the pattern failed (bad offset value).");
    check_translated("tokenizer.json pre_tokenizer.pattern: out of memory.");

    // A GPT-2 folder whose tokenizer.json is Mistral's kind (BPE over characters).
    TempDir dir("attnlab-msg-charbpe");
    for (const char* f : {"config.json", "model.safetensors"})
        fs::copy_file(models_dir() / "tiny-gpt2" / f, dir.path / f);
    fs::copy_file(fs::path(ATTNLAB_ASSET_DIR) / ".." / "tests" / "fuzz" / "seeds" / "tokenizer_json" / "mistral-like.json",
                  dir.path / "tokenizer.json");
    const std::string mixed = load_error(dir.path);
    CHECK(mixed.find("BPE over characters") != std::string::npos);
    check_translated(mixed);
}

TEST_CASE("vision model and image file messages in Korean") {
    auto vit = pretrained::load_pretrained_model((models_dir() / "tiny-vit").string());
    REQUIRE_MESSAGE(vit.ok(), error_of(vit));
    auto gpt2 = pretrained::load_pretrained_model((models_dir() / "tiny-gpt2").string());
    REQUIRE_MESSAGE(gpt2.ok(), error_of(gpt2));
    RunConfig run;
    run.text = "Time flies";
    check_translated(error_of(pretrained::compute_pretrained_trace(**vit, run)));  // no image
    run.image_path = (models_dir() / "tiny-vit-input.png").string();
    check_translated(error_of(pretrained::compute_pretrained_trace(**gpt2, run)));  // a text model and an image
    check_translated(error_of(lm::load_mlm_head(**vit)));  // the family fills no masks

    TempDir dir("attnlab-msg-image");
    auto write = [&](const std::string& name, const std::string& bytes) {
        std::ofstream(dir.file(name), std::ios::binary) << bytes;
        return dir.file(name);
    };
    std::ifstream png_in(run.image_path, std::ios::binary);
    const std::string png((std::istreambuf_iterator<char>(png_in)), std::istreambuf_iterator<char>());
    REQUIRE(png.size() > 100);
    const std::string cases[] = {
        write("cut.png", png.substr(0, png.size() / 2)),                   // cut short
        write("crc.png", png.substr(0, 40) + std::string(8, '\xff') + png.substr(48)),  // damaged
        write("pic.gif", "GIF89a" + std::string(40, '\0')),                // another format
        write("text.png", "hello, this is not a picture at all"),          // neither
    };
    for (const std::string& path : cases) {
        run.image_path = path;
        check_translated(error_of(pretrained::compute_pretrained_trace(**vit, run)));
    }
    // Header sizes beyond the limits: an 8-byte PNG signature and an IHDR of 100000 × 100000.
    std::string huge = png.substr(0, 16);
    const unsigned char dims[] = {0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0};
    huge += std::string(reinterpret_cast<const char*>(dims), sizeof(dims)) + png.substr(24);
    run.image_path = write("huge.png", huge);
    check_translated(error_of(pretrained::compute_pretrained_trace(**vit, run)));
    check_translated(error_of(lm::start_session(**vit, "Time flies")));  // generate on a ViT

    // A preprocessor_config.json whose image_std would turn pixels into infinity.
    TempDir folder("attnlab-msg-std");
    fs::copy(models_dir() / "tiny-vit", folder.path / "vit", fs::copy_options::recursive);
    std::ofstream(folder.path / "vit" / "preprocessor_config.json") << R"({"image_std": 1e-45})";
    check_translated(error_of(pretrained::load_pretrained_model((folder.path / "vit").string())));
}

// Head roles (core/lm/head_roles_probe.cpp): a task.json beside the weights that the probe cannot use.
TEST_CASE("core messages: head roles' task.json notes in Korean") {
    TempDir dir("attnlab-msg-roles");
    const fs::path folder = dir.path / "model";
    fs::copy(models_dir() / "tiny-gpt2", folder, fs::copy_options::recursive);
    auto note_for = [&](const std::string& task_json) {
        std::ofstream(folder / "task.json", std::ios::binary) << task_json;
        auto model = pretrained::load_pretrained_model(folder.string());
        REQUIRE(model.ok());
        return lm::model_probe(**model).note;
    };
    check_translated(note_for("{\"task\": 3}"));
    check_translated(note_for("{\"task\": \"juggle\", \"parameters\": {}, \"vocabulary\": []}"));
    // A real task whose symbols are not the tiny model's ids 0, 1, …
    check_translated(note_for("{\"task\": \"reverse\", \"parameters\": {\"symbols\": 2, \"length\": 2}, "
                              "\"vocabulary\": [\"z\", \"y\", \">\"]}"));
    auto spec = lm::parse_task_json(
        "{\"task\": \"reverse\", \"parameters\": {\"symbols\": 2, \"length\": 2}, \"vocabulary\": [\"a\", \"b\", \">\"]}");
    REQUIRE(spec.ok());
    check_translated(error_of(lm::task_probe(*spec, 2, 100)));  // 3 symbols, 2 ids
    check_translated(error_of(lm::task_probe(*spec, 10, 3)));   // 4 tokens, 3 positions
    auto vit = pretrained::load_pretrained_model((models_dir() / "tiny-vit").string());
    REQUIRE(vit.ok());
    check_translated(error_of(lm::head_role_report(**vit, "")));  // images, not tokens
}

TEST_CASE("image training messages in Korean (the tiny ViT, Fashion-MNIST's idx files)") {
    auto idx = [](const std::string& bytes, int dims) {
        return error_of(train::parse_idx(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(), dims, "f.idx"));
    };
    check_translated(idx("", 1));
    check_translated(idx(std::string("\0\0\x0D\x01", 4), 1));
    check_translated(idx(std::string("\0\0\x08\x03", 4), 1));
    check_translated(idx(std::string("\0\0\x08\x01\0\0", 6), 1));
    check_translated(idx(std::string("\0\0\x08\x01\0\0\0\x05\x01", 9), 1));
    check_translated(idx(std::string("\0\0\x08\x01\0\0\0\x01\x01\x02", 10), 1));
    check_translated(idx(std::string("\0\0\x08\x01\xFF\xFF\xFF\xFF", 8), 1));
    check_translated(idx(std::string("\0\0\x08\x03\xFF\xFF\xFF\xFF\0\0\0\x1c\0\0\0\x1c", 16), 3));
    check_translated(idx(std::string("\0\0\x08\x03\0\0\0\x01\0\0\x10\0\0\0\0\x01", 16), 3));
    const std::string gz("\x1f\x8b\x08\0\0\0\0\0", 8);  // a gzip header and nothing more
    check_translated(error_of(train::gunzip_if_needed(reinterpret_cast<const std::uint8_t*>(gz.data()), gz.size(), "f.gz")));
    check_translated(error_of(train::load_fashion_mnist("/nonexistent-attnlab-data", 0, 0)));
    train::ImageTrainOptions o;
    REQUIRE(train::apply_image_task_defaults(o, "fashion"));
    auto bad = [&](auto change) {
        train::ImageTrainOptions c = o;
        change(c);
        const Status s = train::validate_image_options(c);
        return s ? std::string() : s.message();
    };
    check_translated(bad([](train::ImageTrainOptions& c) { c.patch = 5; }));
    check_translated(bad([](train::ImageTrainOptions& c) { c.patch = 1; }));
    check_translated(bad([](train::ImageTrainOptions& c) { c.n_layers = 9; }));
    check_translated(bad([](train::ImageTrainOptions& c) { c.d_model = 50; }));
    check_translated(bad([](train::ImageTrainOptions& c) { c.lr = -1.0f; }));
    check_translated(bad([](train::ImageTrainOptions& c) { c.train_size = 5; }));
    check_translated(bad([](train::ImageTrainOptions& c) { c.steps = 0; }));
    check_translated(bad([](train::ImageTrainOptions& c) { c.task = "reverse"; }));
}

TEST_CASE("the training lab's architecture switch: messages in Korean") {
    train::TrainOptions o;
    REQUIRE(train::apply_task_defaults(o, "copy"));
    o.steps = 1;
    auto bad = [&](auto change) {
        train::TrainOptions c = o;
        change(c);
        return error_of(train::make_train_state(c));
    };
    check_translated(bad([](train::TrainOptions& c) { c.arch = train::Arch::Llama, c.n_heads = 4, c.kv_heads = 3; }));
    check_translated(bad([](train::TrainOptions& c) { c.arch = train::Arch::Llama, c.d_model = 20, c.n_heads = 4; }));
    check_translated(bad([](train::TrainOptions& c) { c.arch = train::Arch::Llama, c.rope_theta = 0.5f; }));
    check_translated(bad([](train::TrainOptions& c) { c.kv_heads = 2; }));
    check_translated(bad([](train::TrainOptions& c) { c.eval_lengths = {99}; }));
    check_translated(bad([](train::TrainOptions& c) { c.eval_lengths = {40}; }));  // the task's --length range
    auto st = train::make_train_state(o);
    REQUIRE(st.ok());
    check_translated(error_of(train::evaluate_length(**st, 8, 4, 1)));  // gpt: beyond its positions
}
