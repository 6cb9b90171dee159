// The engine's English messages in Korean (app/i18n/core_messages.h). Every case triggers a real
// error from core/ (or the app) with bad input and checks the Korean: different from the
// English, has Hangul, and keeps every number of the English. A message added or reworded in
// core/ without a pattern in the table fails here.
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

namespace {

Trace small_trace() {
    auto model = make_builtin_model(ModelConfig{});
    REQUIRE(model.ok());
    RunConfig run;
    run.text = "Time flies like an arrow";
    auto t = compute_trace(*model, run);
    REQUIRE(t.ok());
    return std::move(*t);
}

}  // namespace

TEST_CASE("the message table is well formed") {
    CHECK(check_core_message_table().empty());
    INFO(check_core_message_table());
}

TEST_CASE("tokenizer and engine messages in Korean") {
    check_translated(error_of(tokenize("   ")));
    check_translated(error_of(tokenize("a \xff b")));
    TokenizerOptions few;
    few.max_tokens = 3;
    check_translated(error_of(tokenize("one two three four five", few)));
    const std::string too_many = localize_core_message(error_of(tokenize("one two three four five", few)), Lang::Ko);
    CHECK(too_many.find("3개") != std::string::npos);
    CHECK(too_many.find("--max-tokens") != std::string::npos);  // names what raises the limit
    TokenizerOptions most;
    most.max_tokens = limits::kMaxTokens;
    std::string over;
    for (size_t i = 0; i <= limits::kMaxTokens; ++i) over += "a ";
    check_translated(error_of(tokenize(over, most)));

    auto model = make_builtin_model(ModelConfig{});
    REQUIRE(model.ok());
    RunConfig run;
    run.text = "Time flies like an arrow";
    run.mask.pad_to = -1;
    check_translated(error_of(compute_trace(*model, run)));
    run.mask.pad_to = 100000;
    check_translated(error_of(compute_trace(*model, run)));
    run.mask.pad_to = 0;
    run.attention.temperature = -2.0f;
    check_translated(error_of(compute_trace(*model, run)));
    run.attention.temperature = 1.0f;
    run.text = std::string(kMaxTextBytes + 2048, 'a');
    check_translated(error_of(compute_trace(*model, run)));

    // Nested: the prefix and the inner message are both translated.
    run.text = "Time flies";
    run.cross_text = "\xc3";  // a truncated two-byte sequence
    const std::string nested = error_of(compute_trace(*model, run));
    check_translated(nested);
    const std::string nested_ko = localize_core_message(nested, Lang::Ko);
    CHECK(nested_ko.rfind("두 번째 문장: ", 0) == 0);
    CHECK(nested_ko.find("UTF-8이 아닙니다") != std::string::npos);
}

TEST_CASE("model, mask and attention messages in Korean") {
    ModelConfig c;
    c.d_model = 0;
    check_translated(validate_model(c).message());
    c.d_model = 64;
    c.n_heads = 0;
    check_translated(validate_model(c).message());
    c.n_heads = 5;
    check_translated(validate_model(c).message());

    MaskConfig m;
    m.custom_blocked = BoolMat::Zero(2, 3);
    check_translated(error_of(build_mask(m, 4, 4, {})));
    m = MaskConfig{};
    m.global_tokens = {7};
    check_translated(error_of(build_mask(m, 4, 4, {})));
    m = MaskConfig{};
    m.blocked_cells = {{5, 1}};
    check_translated(error_of(build_mask(m, 4, 4, {})));

    AttentionWeights w;
    AttentionOptions opt;
    w.n_heads = 0;
    check_translated(validate_attention(w, opt, 8, 8).message());
    w.n_heads = 1;
    check_translated(validate_attention(w, opt, 0, 0).message());  // d_model 0
    w.n_heads = 3;
    w.w_q = w.w_k = w.w_v = w.w_o = Mat::Zero(8, 8);
    check_translated(validate_attention(w, opt, 8, 8).message());
    w.n_heads = 2;
    w.w_o = Mat::Zero(8, 6);
    check_translated(validate_attention(w, opt, 8, 8).message());
    w.w_o = Mat::Zero(8, 8);
    w.b_q = RowVec::Zero(5);
    check_translated(validate_attention(w, opt, 8, 8).message());
    w.b_q = RowVec();
    check_translated(validate_attention(w, opt, 8, 10).message());
    opt.temperature = 0.0f;
    check_translated(validate_attention(w, opt, 8, 8).message());
}

TEST_CASE("file and figure messages in Korean") {
    auto noop = [](std::ostream&) { return Status::Ok(); };
    const std::filesystem::path dir = std::filesystem::temp_directory_path();
    check_translated(write_file_atomically("", noop).message());
    check_translated(write_file_atomically(dir.string(), noop).message());
    check_translated(write_file_atomically((dir / "no-such-folder-attnlab" / "x.json").string(), noop).message());
    const std::string failed = write_file_atomically((dir / "attnlab-msg-test.json").string(), [](std::ostream& os) {
                                   os.setstate(std::ios::badbit);
                                   return Status::Ok();
                               }).message();
    check_translated(failed);
    check_translated(check_writable(dir.string()).message());
    check_translated(check_writable((dir / "no-such-folder-attnlab" / "x.png").string()).message());

    const Trace t = small_trace();
    FigureRequest r;
    r.options.width = 1.0;
    check_translated(validate_figure_request(t, r, FigureFormat::Png).message());
    r = FigureRequest{};
    r.options.png_scale = -1.0;
    check_translated(validate_figure_request(t, r, FigureFormat::Png).message());
    r.options.png_scale = 100.0;
    check_translated(validate_figure_request(t, r, FigureFormat::Png).message());
    r = FigureRequest{};
    check_translated(validate_figure_request(Trace{}, r, FigureFormat::Svg).message());
    r.layer = 3;
    check_translated(validate_figure_request(t, r, FigureFormat::Svg).message());
    r.layer = 0;
    r.head = 9;
    check_translated(validate_figure_request(t, r, FigureFormat::Svg).message());
    r.head = 0;
    r.view = FigureView::Cell;
    check_translated(validate_figure_request(t, r, FigureFormat::Svg).message());
    r.cell_query = 1;
    r.cell_key = 40;
    check_translated(validate_figure_request(t, r, FigureFormat::Svg).message());
    for (FigureView v : {FigureView::Image, FigureView::AttnDistance, FigureView::PosSimilarity}) {
        r = FigureRequest{};
        r.view = v;  // a text trace: these need an image run
        check_translated(validate_figure_request(t, r, FigureFormat::Svg).message());
    }
    r = FigureRequest{};
    r.view = FigureView::Rope;  // the built-in model has no rotary positions
    check_translated(validate_figure_request(t, r, FigureFormat::Svg).message());
    Trace rotary = small_trace();  // as a rotary model's trace: q and k kept before the rotation
    rotary.layers[0].q_unrotated = rotary.layers[0].q;
    rotary.layers[0].k_unrotated = rotary.layers[0].k;
    check_translated(validate_figure_request(rotary, r, FigureFormat::Svg).message());  // no frequencies
    r.rope_inv_freq = {1.0, 0.1};
    r.pair = 5;
    check_translated(validate_figure_request(rotary, r, FigureFormat::Svg).message());
    r = FigureRequest{};
    r.options.font_files = {(dir / "no-such-font-attnlab.ttf").string()};
    check_translated(error_of(render_figure(t, r, FigureFormat::Svg)));
    const std::string not_font = (dir / "attnlab-msg-not-a-font.ttf").string();
    REQUIRE(write_file_atomically(not_font, [](std::ostream& os) {
                os << "not a font";
                return Status::Ok();
            }).ok());
    r.options.font_files = {not_font};
    check_translated(error_of(render_figure(t, r, FigureFormat::Svg)));
    std::filesystem::remove(not_font);
}

TEST_CASE("the app's own messages in Korean") {
    check_translated(error_of(parse_index_list("0,,3")));
    check_translated(error_of(parse_index_list("0, x")));
    AppState s;
    check_translated(apply_settings_json("{\"text\": ", s) + " (/tmp/settings.json)");
    check_translated(apply_settings_json("[1, 2]", s) + " (/tmp/settings.json)");
    check_translated(apply_settings_json("{\"d_model\": \"wide\"}", s) + " (/tmp/settings.json)");
    check_translated(apply_settings_json(R"({"train_text": "x", "train_text_bytes": 90000})", s) + " (/tmp/settings.json)");
    check_translated(load_presets("/no/such/presets-attnlab.txt").error);
    check_translated(run_export(ExportInputs{}, ExportSettings{}).message);
    {
        ExportInputs lens;
        lens.lens = std::make_shared<const LensFigureData>();
        ExportSettings json;
        json.kind = ExportKind::Json;
        check_translated(run_export(lens, json).message);
    }
    {
        ExportInputs beams;
        beams.beams = std::make_shared<const BeamFigureData>();
        ExportSettings json;
        json.kind = ExportKind::Json;
        check_translated(run_export(beams, json).message);
    }
    ModelSession session;
    open_model(session, s, "   ");  // an empty path typed in the model field
    check_translated(session.error);
}

TEST_CASE("numbers, paths and unknown messages") {
    CHECK(localize_core_message("The text has more than 512 tokens (the limit). Shorten it, or raise the limit "
                                "with the command line's --max-tokens (at most 2048).",
                                Lang::Ko) ==
          "글의 토큰이 512개를 넘습니다 (한도). 글을 줄이거나, 명령줄의 --max-tokens로 한도를 높이세요 (최대 2048).");
    // Paths and system messages are put back as they are.
    CHECK(localize_core_message("Cannot write '/tmp/my files/a.b.json': No space left on device.", Lang::Ko) ==
          "'/tmp/my files/a.b.json'에 쓸 수 없습니다: No space left on device.");
    // Unknown messages (a driver's, a future core message) pass through unchanged.
    CHECK(localize_core_message("Heatmap shaders do not link: 0:1 error", Lang::Ko) ==
          "Heatmap shaders do not link: 0:1 error");
    CHECK(localize_core_message("", Lang::Ko).empty());
    // A prefix alone is not the whole message.
    CHECK(localize_core_message("The text is empty. Type a sentence. And more.", Lang::Ko) ==
          "The text is empty. Type a sentence. And more.");
}

// ---------------------------------------------------------------------------------------------
// Real (pretrained) models: the folder, config.json, model.safetensors, the tokenizer files and
// the run. Bad folders and files are made in a temp dir and removed at the end.
// ---------------------------------------------------------------------------------------------


TEST_CASE("model folder messages in Korean") {
    using pretrained::inspect_model_folder;
    TempDir dir("attnlab-msg-folder");
    check_translated(error_of(inspect_model_folder("")));
    check_translated(error_of(inspect_model_folder((dir.path / "no-such-model").string())));
    check_translated(error_of(inspect_model_folder("/dev/null")));  // neither a folder nor a file
    check_translated(error_of(inspect_model_folder(dir.path.string())));  // no config.json
    write_text(dir.path / "config.json", "{}");
    check_translated(error_of(inspect_model_folder(dir.path.string())));  // no model.safetensors
    write_text(dir.path / "pytorch_model.bin", "pickle");
    const std::string pickle = error_of(inspect_model_folder(dir.path.string()));
    check_translated(pickle);
    // The converter command is kept as it is, on its own line.
    CHECK(localize_core_message(pickle, Lang::Ko)
              .find("\n  /usr/bin/python3 tools/convert_to_safetensors.py '" + dir.path.string() + "'") !=
          std::string::npos);
    fs::remove(dir.path / "pytorch_model.bin");
    write_text(dir.path / "model.safetensors.index.json", "{}");
    check_translated(error_of(inspect_model_folder(dir.path.string())));  // sharded
    fs::remove(dir.path / "model.safetensors.index.json");
    write_text(dir.path / "model.safetensors", "x");
    check_translated(error_of(inspect_model_folder(dir.path.string())));  // no tokenizer
    write_text(dir.path / "vocab.json", "{}");
    check_translated(error_of(inspect_model_folder(dir.path.string())));  // merges.txt missing
    fs::remove(dir.path / "vocab.json");
    write_text(dir.path / "merges.txt", "");
    check_translated(error_of(inspect_model_folder(dir.path.string())));  // vocab.json missing
}

TEST_CASE("config.json messages in Korean") {
    const std::string gpt2 = R"("model_type": "gpt2", "n_layer": 2, "n_head": 4, "n_embd": 32, "vocab_size": 10, )"
                             R"("n_positions": 16)";
    check_translated(config_error("{\"model_type\": "));
    check_translated(config_error("[1, 2]"));
    check_translated(config_error("{\"model_type\": 3}"));
    check_translated(config_error("{}"));
    check_translated(config_error("{\"model_type\": \"llama\"}"));
    check_translated(config_error("{\"model_type\": \"gpt2\"}"));  // no n_layer
    check_translated(config_error("{" + gpt2 + ", \"n_layer\": 0}"));
    check_translated(config_error("{" + gpt2 + ", \"n_layer\": 5000000000}"));
    check_translated(config_error("{" + gpt2 + ", \"n_layer\": \"two\"}"));
    check_translated(config_error("{" + gpt2 + ", \"layer_norm_epsilon\": 5}"));
    check_translated(config_error("{" + gpt2 + ", \"layer_norm_epsilon\": \"small\"}"));
    check_translated(config_error("{" + gpt2 + ", \"activation_function\": 3}"));
    check_translated(config_error("{" + gpt2 + ", \"activation_function\": \"relu\"}"));
    check_translated(config_error("{" + gpt2 + ", \"scale_attn_weights\": false}"));
    check_translated(config_error("{" + gpt2 + ", \"n_embd\": 30}"));  // 30 does not split over 4 heads
    check_translated(config_error(R"({"model_type": "bert", "num_hidden_layers": 2, "num_attention_heads": 2, )"
                                  R"("hidden_size": 8, "intermediate_size": 16, "vocab_size": 10, )"
                                  R"("max_position_embeddings": 16, "position_embedding_type": "relative_key"})"));
    // The rotary decoders.
    const std::string llama = R"("hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 8, )"
                              R"("num_hidden_layers": 2, "vocab_size": 100)";
    auto decoder = [&](const std::string& type, const std::string& extra) {
        return config_error("{\"model_type\": \"" + type + "\", " + llama + extra + "}");
    };
    check_translated(config_error("{\"model_type\": \"gemma2\"}"));
    check_translated(decoder("llama", R"(, "rope_theta": "big")"));
    check_translated(decoder("llama", R"(, "rope_theta": 0)"));
    check_translated(decoder("llama", R"(, "tie_word_embeddings": 1)"));
    check_translated(decoder("llama", R"(, "eos_token_id": 500)"));
    check_translated(decoder("llama", R"(, "rope_scaling": [1])"));
    check_translated(decoder("llama", R"(, "rope_scaling": {"rope_type": "llama3", "low_freq_factor": 4, "high_freq_factor": 1})"));
    check_translated(decoder("llama", R"(, "rope_scaling": {"rope_type": "yarn", "factor": 4})"));
    check_translated(decoder("llama", R"(, "partial_rotary_factor": 0.1)"));
    check_translated(decoder("qwen2", R"(, "layer_types": ["full_attention"])"));
    check_translated(decoder("qwen2", R"(, "layer_types": ["full_attention", "chunked_attention"])"));
    check_translated(decoder("llama", R"(, "hidden_act": "gelu")"));
    check_translated(decoder("llama", R"(, "num_key_value_heads": 3)"));
    check_translated(decoder("llama", R"(, "head_dim": 7)"));
    check_translated(decoder("llama", R"(, "head_dim": 4096)"));
    check_translated(decoder("llama", R"(, "mlp_bias": true)"));
    check_translated(config_error("{\"model_type\": \"mistral\"}"));  // no num_hidden_layers
}

TEST_CASE("safetensors messages in Korean") {
    TempDir dir("attnlab-msg-safetensors");
    const fs::path f = dir.path / "model.safetensors";
    check_translated(open_error(dir.path / "missing.safetensors"));
    check_translated(open_error(dir.path));  // a folder
    write_text(f, "");
    check_translated(open_error(f));  // empty
    write_text(f, "abcd");
    check_translated(open_error(f));  // shorter than the 8-byte length
    write_text(f, std::string(8, '\0') + "{}");
    check_translated(open_error(f));  // header length 0
    write_text(f, std::string("\xe8\x03\0\0\0\0\0\0", 8) + "{}");
    check_translated(open_error(f));  // header length 1000 beyond the file
    write_safetensors(f, "{not json", 0);
    check_translated(open_error(f));
    write_safetensors(f, "[1]", 0);
    check_translated(open_error(f));
    write_safetensors(f, R"({"a": {"dtype": "F32", "shape": [1], "data_offsets": [0, 4]}, "a": {}})", 4);
    check_translated(open_error(f));  // the tensor named twice
    write_safetensors(f, R"({"__metadata__": {"format": 1}})", 0);
    check_translated(open_error(f));
    write_safetensors(f, R"({"a": 7})", 0);
    check_translated(open_error(f));
    write_safetensors(f, R"({"a": {"shape": [1], "data_offsets": [0, 4]}})", 4);
    check_translated(open_error(f));  // no dtype
    write_safetensors(f, R"({"a": {"dtype": "Q7", "shape": [1], "data_offsets": [0, 4]}})", 4);
    check_translated(open_error(f));
    write_safetensors(f, R"({"a": {"dtype": "F32", "shape": [-1], "data_offsets": [0, 4]}})", 4);
    check_translated(open_error(f));
    write_safetensors(f, R"({"a": {"dtype": "F32", "shape": [1.5], "data_offsets": [0, 4]}})", 4);
    check_translated(open_error(f));
    write_safetensors(f, R"({"a": {"dtype": "F32", "shape": [1], "data_offsets": [0]}})", 4);
    check_translated(open_error(f));
    write_safetensors(f, R"({"a": {"dtype": "F32", "shape": [1], "data_offsets": [8, 4]}})", 8);
    check_translated(open_error(f));
    write_safetensors(f, R"({"a": {"dtype": "F32", "shape": [100], "data_offsets": [0, 400]}})", 4);
    check_translated(open_error(f));  // beyond the data section
    write_safetensors(f, R"({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 4]}})", 4);
    check_translated(open_error(f));  // 4 bytes for 2 x 4
    write_safetensors(f,
                      R"({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}, )"
                      R"("b": {"dtype": "F32", "shape": [2], "data_offsets": [4, 12]}})",
                      12);
    check_translated(open_error(f));  // overlap

    write_safetensors(f,
                      R"({"a": {"dtype": "F32", "shape": [1], "data_offsets": [0, 4]}, )"
                      R"("i": {"dtype": "I32", "shape": [1], "data_offsets": [4, 8]}})",
                      8);
    auto st = pretrained::SafeTensorsFile::open(f.string());
    REQUIRE_MESSAGE(st.ok(), error_of(st));
    check_translated(error_of(st->read_matrix("wte.weight", 2, 2)));  // missing
    check_translated(error_of(st->read_vector("a", 2)));              // wrong shape
    check_translated(error_of(st->read_vector("i", 1)));              // not a float tensor
}

TEST_CASE("real model load and run messages in Korean") {
    auto gpt2 = pretrained::load_pretrained_model((models_dir() / "tiny-gpt2").string());
    REQUIRE_MESSAGE(gpt2.ok(), error_of(gpt2));
    RunConfig run;
    run.text = "Time flies like an arrow";
    run.cross_text = "It was late.";
    const std::string second = error_of(pretrained::compute_pretrained_trace(**gpt2, run));
    check_translated(second);
    CHECK(localize_core_message(second, Lang::Ko).find("BERT") != std::string::npos);
    run.cross_text.clear();
    std::string long_text;
    for (int i = 0; i < 60; ++i) long_text += "word ";
    run.text = long_text;  // more tokens than the 64 positions
    const std::string too_long = error_of(pretrained::compute_pretrained_trace(**gpt2, run));
    check_translated(too_long);
    CHECK(localize_core_message(too_long, Lang::Ko).find("64") != std::string::npos);
    run.text = "Time flies";
    run.mask.pad_to = 100;
    check_translated(error_of(pretrained::compute_pretrained_trace(**gpt2, run)));  // after padding
    run.mask.pad_to = 0;
    run.tokenizer.max_tokens = 3;
    run.text = "Time flies like an arrow";
    check_translated(error_of(pretrained::compute_pretrained_trace(**gpt2, run)));  // the model's token limit
    run.tokenizer.max_tokens = 512;
    run.text = std::string(kMaxTextBytes + 2048, 'a');
    check_translated(error_of(pretrained::compute_pretrained_trace(**gpt2, run)));

    auto bert = pretrained::load_pretrained_model((models_dir() / "tiny-bert").string());
    REQUIRE_MESSAGE(bert.ok(), error_of(bert));
    run.text = long_text + long_text;  // a word can be one token here (an [UNK]): 120 words
    check_translated(error_of(pretrained::compute_pretrained_trace(**bert, run)));  // with [CLS]/[SEP]
    run.text = "Time flies";
    run.cross_text = "   ";
    check_translated(error_of(pretrained::compute_pretrained_trace(**bert, run)));  // empty second sentence
    run.cross_text = std::string(kMaxTextBytes + 2048, 'a');
    check_translated(error_of(pretrained::compute_pretrained_trace(**bert, run)));

    const std::atomic<bool> cancel{true};
    check_translated(error_of(pretrained::load_pretrained_model((models_dir() / "tiny-gpt2").string(), {}, &cancel)));
}

TEST_CASE("language-model messages in Korean") {
    auto gpt2 = pretrained::load_pretrained_model((models_dir() / "tiny-gpt2").string());
    auto bert = pretrained::load_pretrained_model((models_dir() / "tiny-bert").string());
    auto mlm = pretrained::load_pretrained_model((models_dir() / ".." / ".." / "lm" / "tiny-bert-mlm").string());
    REQUIRE_MESSAGE(gpt2.ok(), error_of(gpt2));
    REQUIRE_MESSAGE(bert.ok(), error_of(bert));
    REQUIRE_MESSAGE(mlm.ok(), error_of(mlm));
    check_translated(lm::check_ids(**gpt2, {}).message());
    check_translated(lm::check_ids(**gpt2, {1, 100000}).message());
    check_translated(error_of(lm::start_session(**bert, "time flies")));
    auto session = lm::start_session(**gpt2, "Time flies");
    REQUIRE(session.ok());
    check_translated(lm::append_token(*session, -3).message());
    check_translated(error_of(lm::generate(*session, -1, lm::SamplingOptions{})));
    while (!session->full()) REQUIRE(lm::append_token(*session, 5).ok());
    check_translated(lm::append_token(*session, 5).message());
    lm::SamplingOptions o;
    o.greedy = false;
    o.temperature = 0.0f;
    check_translated(lm::validate_sampling(o).message());
    o.temperature = 1.0f;
    o.top_k = -2;
    check_translated(lm::validate_sampling(o).message());
    o.top_k = 0;
    o.top_p = 2.0f;
    check_translated(lm::validate_sampling(o).message());
    check_translated(error_of(lm::load_mlm_head(**gpt2)));
    check_translated(error_of(lm::load_mlm_head(**bert)));
    auto head = lm::load_mlm_head(**mlm);
    REQUIRE_MESSAGE(head.ok(), error_of(head));
    check_translated(error_of(lm::predict_masked(**mlm, *head, "the cat sat", 3)));
    check_translated(error_of(lm::predict_masked_ids(**mlm, *head, {2, 10, 3}, {7}, 3)));

    // Ablation and the logit lens.
    using pretrained::AblationMode;
    for (const char* spec : {"", "1.2,,2.1", "x", "1.y", "0.1", "13.1", "1.13"})
        check_translated(error_of(pretrained::parse_ablation(spec, AblationMode::Zero, 12, 12)));
    check_translated(error_of(pretrained::parse_ablation_mode("half")));
    pretrained::Ablation head_outside;
    head_outside.heads = {{5, 0}};
    check_translated(error_of(lm::ablated_next_logits(**gpt2, {1, 2}, head_outside)));
    pretrained::Ablation layer_outside;
    layer_outside.mlp_off = {7};
    check_translated(error_of(lm::ablated_next_logits(**gpt2, {1, 2}, layer_outside)));
    check_translated(error_of(lm::ablated_next_logits(**mlm, {2, 10, 3}, {})));
    check_translated(error_of(lm::logit_lens(**mlm, {2, 10, 3}, 3)));
    check_translated(error_of(lm::logit_lens(**gpt2, {1, 2}, 0)));
    // A rotary decoder: its context length, and no masked-LM head.
    auto llama = pretrained::load_pretrained_model((models_dir() / "tiny-llama").string());
    REQUIRE_MESSAGE(llama.ok(), error_of(llama));
    check_translated(error_of(lm::load_mlm_head(**llama)));
    check_translated(lm::check_ids(**llama, std::vector<int>(100, 5)).message());
    auto full = lm::start_session(**llama, "the cat");
    REQUIRE(full.ok());
    while (!full->full()) REQUIRE(lm::append_token(*full, 5).ok());
    check_translated(lm::append_token(*full, 5).message());
    RunConfig run;
    run.text = "the cat";
    run.mask.pad_to = 100;
    check_translated(error_of(pretrained::compute_pretrained_trace(**llama, run)));
    run.mask.pad_to = 0;
    for (int i = 0; i < 20; ++i) run.text += " the cat sat on the mat";  // > 64 tokens
    check_translated(error_of(pretrained::compute_pretrained_trace(**llama, run)));
    pretrained::Ablation llama_head;
    llama_head.heads = {{0, 9}};  // tiny-llama has 4 heads a layer
    check_translated(error_of(lm::ablated_next_logits(**llama, {1, 2}, llama_head)));
}
