// test_pretrained_run.cpp — load_pretrained_model and compute_pretrained_trace end to end on the
// tiny GPT-2, BERT and DistilBERT folders (progress, cancel, single sentences, pairs, padding,
// the traces against the goldens of forward_golden.h), and their errors: a second sentence GPT-2
// cannot read, too many tokens, a missing or misshapen tensor named.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>  // getpid: one temporary folder per test process

#include "core/pretrained/blocks/nn_ops.h"
#include "core/pretrained/families/bert/bert.h"
#include "core/pretrained/families/gpt2/gpt2.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"
#include "tests/pretrained/forward_golden.h"

using namespace attn;
using namespace attn::pretrained;
using namespace attn::pretrained::forward_golden;
namespace fs = std::filesystem;

// ------------------------------------------------------------------------------------------------
// [SECTION] end to end

namespace {

std::shared_ptr<const PretrainedModel> load_model(const std::string& folder) {
    auto m = load_pretrained_model(kModels + folder);
    REQUIRE_MESSAGE(m.ok(), m.status().message());
    return *m;
}

Trace trace_of(const PretrainedModel& model, const std::string& text, const std::string& cross = "") {
    RunConfig run;
    run.text = text;
    run.cross_text = cross;
    auto tr = compute_pretrained_trace(model, run);
    REQUIRE_MESSAGE(tr.ok(), tr.status().message());
    return std::move(*tr);
}

void check_rows_sum_to_one(const Trace& tr) {
    for (const LayerTrace& L : tr.layers) {
        for (const HeadTrace& h : L.heads) {
            REQUIRE(h.weights.rows() == tr.t_q());
            REQUIRE(h.weights.cols() == tr.t_k());
            CHECK((h.weights.rowwise().sum().array() - 1.0f).abs().maxCoeff() < 1e-5f);
        }
    }
}

std::vector<int> ids_of(const Trace& tr) {
    std::vector<int> ids;
    for (const Token& t : tr.q_tokens) ids.push_back(t.id);
    return ids;
}

double max_weight_diff(const std::vector<LayerTrace>& a, const std::vector<LayerTrace>& b) {
    REQUIRE(a.size() == b.size());
    double m = 0;
    for (size_t l = 0; l < a.size(); ++l)
        for (size_t h = 0; h < a[l].heads.size(); ++h)
            m = std::max(m, double((a[l].heads[h].weights - b[l].heads[h].weights).cwiseAbs().maxCoeff()));
    return m;
}

}  // namespace

TEST_CASE("load_pretrained_model: progress, sizes, cancel") {
    std::vector<float> fractions;
    auto m = load_pretrained_model(kModels + "tiny-gpt2",
                                   [&](float f, const std::string& stage) {
                                       CHECK(!stage.empty());
                                       fractions.push_back(f);
                                   });
    REQUIRE_MESSAGE(m.ok(), m.status().message());
    const PretrainedModel& model = **m;
    CHECK(model.name == "tiny-gpt2");
    CHECK(model.config.model_type == "gpt2");
    CHECK(model.tokenizer != nullptr);
    // 275 x 32 + 64 x 32 + ln_f + 2 blocks x (2 LN + 32 x 96 + 96 + 32 x 32 + 32 + 2 x 32 x 128 + 128 + 32)
    CHECK(model.weight_bytes == 4u * (275 * 32 + 64 * 32 + 64 + 2 * (128 + 3072 + 96 + 1024 + 32 + 8192 + 128 + 32)));
    REQUIRE(fractions.size() >= 3);
    CHECK(fractions.front() == 0.0f);
    CHECK(fractions.back() == 1.0f);
    for (size_t i = 1; i < fractions.size(); ++i) CHECK(fractions[i] >= fractions[i - 1]);

    std::atomic<bool> cancel{true};
    auto c = load_pretrained_model(kModels + "tiny-bert", {}, &cancel);
    REQUIRE(!c.ok());
    CHECK(c.error().find("cancelled") != std::string::npos);
}

TEST_CASE("compute_pretrained_trace: GPT-2 end to end") {
    const auto model = load_model("tiny-gpt2");
    const Trace tr = trace_of(*model, "the cat sat on the mat");
    CHECK(tr.model_name == "tiny-gpt2");
    CHECK(tr.model.d_model == 32);
    CHECK(tr.model.n_heads == 4);
    REQUIRE(tr.layers.size() == 2);
    REQUIRE(tr.t_q() >= 6);  // at least one token per word; merges make " the", " cat" ... whole
    CHECK(tr.t_k() == tr.t_q());
    for (const Token& t : tr.q_tokens) {
        CHECK(t.kind != TokenKind::Special);  // GPT-2 adds no special tokens
        CHECK(t.id >= 0);
    }
    CHECK(tr.q_tokens.front().byte_begin == 0);
    CHECK(tr.q_tokens.back().byte_end == std::string("the cat sat on the mat").size());
    CHECK(tr.q_embeddings.rows() == tr.t_q());
    CHECK(tr.q_positions.rows() == tr.t_q());
    check_rows_sum_to_one(tr);
    for (const LayerTrace& L : tr.layers)
        for (const HeadTrace& h : L.heads)
            CHECK(h.weights.triangularView<Eigen::StrictlyUpper>().toDenseMatrix().cwiseAbs().maxCoeff() == 0.0f);

    // The trace is the forward pass over the tokens' ids.
    const Fixture f("tiny-gpt2");
    const ForwardPass pass = gpt2_forward(f.gpt2, f.config, ids_of(tr), BoolMat(), AttentionOptions{});
    CHECK(max_weight_diff(tr.layers, pass.layers) < 1e-6);

    // The user's options and mask reach every layer; causality stays.
    RunConfig run;
    run.text = "the cat sat on the mat";
    run.attention.temperature = 2.0f;
    run.mask.blocked_cells = {{3, 1}};
    run.mask.pad_to = tr.t_q() + 2;
    auto t2 = compute_pretrained_trace(*model, run);
    REQUIRE_MESSAGE(t2.ok(), t2.status().message());
    CHECK(t2->t_q() == tr.t_q() + 2);
    CHECK(t2->key_is_pad.back() == 1);
    CHECK(t2->q_tokens.back().kind == TokenKind::Special);
    for (const LayerTrace& L : t2->layers) {
        CHECK(L.temperature == 2.0f);
        CHECK(L.heads[0].weights(3, 1) == 0.0f);
        CHECK(L.heads[0].weights(3, 0) > 0.0f);
        CHECK(L.heads[0].weights(1, 2) == 0.0f);
        CHECK(L.heads[0].weights.rightCols(2).topRows(tr.t_q()).cwiseAbs().maxCoeff() == 0.0f);
    }
}

TEST_CASE("compute_pretrained_trace: BERT single sentence, pair and padding") {
    const auto model = load_model("tiny-bert");
    const Trace tr = trace_of(*model, "The cat sat on the mat.");
    REQUIRE(tr.t_q() == 9);  // [CLS] the cat sat on the mat . [SEP]
    CHECK(tr.q_tokens.front().text == "[CLS]");
    CHECK(tr.q_tokens.front().kind == TokenKind::Special);
    CHECK(tr.q_tokens.back().text == "[SEP]");
    CHECK(tr.q_tokens.back().kind == TokenKind::Special);
    CHECK(tr.q_tokens[2].text == "cat");
    CHECK(tr.q_tokens[7].kind == TokenKind::Punctuation);
    CHECK(tr.layers.size() == 2);
    check_rows_sum_to_one(tr);
    CHECK(tr.layers[0].heads[0].weights(0, 8) > 0.0f);  // bidirectional
    CHECK(tr.layers[0].blocked.size() == 0);            // nothing masked: the fast path

    const Fixture f("tiny-bert");
    const ForwardPass pass = bert_forward(f.bert, f.config, ids_of(tr), {}, BoolMat(), AttentionOptions{});
    CHECK(max_weight_diff(tr.layers, pass.layers) < 1e-6);
    // The golden "pair" case holds the ids of this pair: the trace matches PyTorch directly.
    const Trace pair = trace_of(*model, "The cat sat on the mat", "Where is the dog?");
    const RefCase& ref = f.find("pair");
    REQUIRE(ids_of(pair) == ref.ids);
    ForwardPass from_trace;
    from_trace.layers = pair.layers;
    from_trace.hidden_states = f.run(ref).hidden_states;  // only the attention comes from the trace
    const MaxDiff pair_diff = f.compare(ref, from_trace);
    CHECK(pair_diff.attention < pair_diff.bounds.attention);
    CHECK(pair.q_tokens[7].text == "[SEP]");
    CHECK(pair.q_tokens[8].byte_begin == 0);  // second segment spans index cross_text

    RunConfig run;
    run.text = "time flies like an arrow.";
    run.mask.pad_to = 12;
    auto padded = compute_pretrained_trace(*model, run);
    REQUIRE_MESSAGE(padded.ok(), padded.status().message());
    REQUIRE(padded->t_q() == 12);
    const RefCase& pref = f.find("padded");  // the same ids, padding keys hidden from every query
    REQUIRE(ids_of(*padded) == pref.ids);
    ForwardPass padded_pass;
    padded_pass.layers = padded->layers;
    padded_pass.hidden_states = f.run(pref).hidden_states;
    const MaxDiff padded_diff = f.compare(pref, padded_pass);
    CHECK(padded_diff.attention < padded_diff.bounds.attention);
    CHECK(padded->q_tokens.back().text == "[PAD]");
    CHECK(padded->key_is_pad == std::vector<std::uint8_t>{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1});
    for (const LayerTrace& L : padded->layers)
        for (const HeadTrace& h : L.heads) CHECK(h.weights.rightCols(4).cwiseAbs().maxCoeff() == 0.0f);
}

TEST_CASE("compute_pretrained_trace: a word the vocabulary lacks is marked unknown (BERT's [UNK]); GPT-2's bytes never are") {
    // "zebra" has no pieces in tiny-bert's vocabulary (vocab.txt: no z, e, b, r pieces after "a"):
    // BertTokenizer gives [UNK] for the whole word.
    const auto bert = load_model("tiny-bert");
    const Trace tr = trace_of(*bert, "the zebra sat");
    REQUIRE(tr.t_q() == 5);  // [CLS] the [UNK] sat [SEP]
    CHECK(tr.q_tokens[2].id == bert->tokenizer->unk_id);
    CHECK(tr.q_tokens[2].unknown);
    CHECK(tr.q_tokens[2].text == "[UNK]");
    CHECK(tr.q_tokens[2].byte_begin == 4);
    CHECK(tr.q_tokens[2].byte_end == 9);
    for (int i : {0, 1, 3, 4}) CHECK_FALSE(tr.q_tokens[std::size_t(i)].unknown);  // specials and known words
    CHECK(unknown_words(tr.q_tokens) == std::vector<std::string>{"[UNK]"});
    const auto gpt2 = load_model("tiny-gpt2");
    CHECK(unknown_words(trace_of(*gpt2, "the zebra sat ☃").q_tokens).empty());
}

TEST_CASE("compute_pretrained_trace: DistilBERT end to end") {
    const auto model = load_model("tiny-distilbert");
    const Trace tr = trace_of(*model, "where is the dog?");
    REQUIRE(tr.t_q() == 7);
    CHECK(tr.q_tokens.front().text == "[CLS]");
    CHECK(tr.layers.size() == 2);
    check_rows_sum_to_one(tr);
}

// ------------------------------------------------------------------------------------------------
// [SECTION] errors

namespace {

// A safetensors file with the given F32 tensors (name, shape, values).
struct RawTensor {
    std::string name;
    std::vector<std::int64_t> shape;
    std::vector<float> values;
};

void write_safetensors(const std::string& path, const std::vector<RawTensor>& tensors) {
    nlohmann::json header = nlohmann::json::object();
    std::uint64_t offset = 0;
    for (const RawTensor& t : tensors) {
        const std::uint64_t bytes = t.values.size() * 4;
        header[t.name] = {{"dtype", "F32"}, {"shape", t.shape}, {"data_offsets", {offset, offset + bytes}}};
        offset += bytes;
    }
    const std::string text = header.dump();
    std::ofstream out(path, std::ios::binary);
    const std::uint64_t n = text.size();
    unsigned char len[8];
    for (int i = 0; i < 8; ++i) len[i] = static_cast<unsigned char>(n >> (8 * i));  // little-endian
    out.write(reinterpret_cast<const char*>(len), 8);
    out << text;
    for (const RawTensor& t : tensors) out.write(reinterpret_cast<const char*>(t.values.data()), std::streamsize(t.values.size() * 4));
}

// The tiny GPT-2's float tensors, to rewrite with one thing broken.
std::vector<RawTensor> tiny_gpt2_tensors() {
    const SafeTensorsFile file = open_weights("tiny-gpt2");
    std::vector<RawTensor> out;
    for (const TensorInfo& info : file.tensors()) {
        if (info.dtype != DType::F32 || info.shape.empty()) continue;
        RawTensor t{info.name, info.shape, {}};
        if (info.shape.size() == 2) {
            auto m = file.read_matrix(info.name, int(info.shape[0]), int(info.shape[1]));
            REQUIRE(m.ok());
            t.values.assign(m->data(), m->data() + m->size());
        } else {
            auto v = file.read_vector(info.name, int(info.shape[0]));
            REQUIRE(v.ok());
            t.values.assign(v->data(), v->data() + v->size());
        }
        out.push_back(std::move(t));
    }
    return out;
}

// A copy of tiny-gpt2 in a temporary folder whose weights are `tensors`.
std::string broken_copy(const std::string& tag, const std::vector<RawTensor>& tensors) {
    const fs::path dir = fs::temp_directory_path() / ("attnlab-test-" + tag + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const char* name : {"config.json", "vocab.json", "merges.txt"})
        fs::copy_file(kModels + "tiny-gpt2/" + name, dir / name);
    write_safetensors((dir / "model.safetensors").string(), tensors);
    return dir.string();
}

}  // namespace

TEST_CASE("compute_pretrained_trace: GPT-2 refuses a second sentence; too many tokens") {
    const auto model = load_model("tiny-gpt2");
    RunConfig run;
    run.text = "the cat";
    run.cross_text = "sat on the mat";
    auto tr = compute_pretrained_trace(*model, run);
    REQUIRE(!tr.ok());
    CHECK(tr.error().find("second sentence") != std::string::npos);

    run.cross_text.clear();
    run.text.clear();
    for (int i = 0; i < 70; ++i) run.text += " cat";  // 70 tokens, 64 positions
    tr = compute_pretrained_trace(*model, run);
    REQUIRE(!tr.ok());
    CHECK(tr.error().find("more than 64 tokens") != std::string::npos);  // the tokenizer stops at the model's 64
    CHECK(tr.error().find("at most 64") != std::string::npos);

    run.text = "the cat";
    run.mask.pad_to = 65;  // padding past the positions is refused too
    tr = compute_pretrained_trace(*model, run);
    REQUIRE(!tr.ok());
    CHECK(tr.error().find("at most 64") != std::string::npos);

    const auto bert = load_model("tiny-bert");
    run.mask.pad_to = 0;
    run.text.clear();
    for (int i = 0; i < 63; ++i) run.text += " cat";  // 63 + [CLS] + [SEP] = 65
    tr = compute_pretrained_trace(*bert, run);
    REQUIRE(!tr.ok());
    CHECK(tr.error().find("65 tokens") != std::string::npos);
    run.text = "   ";
    tr = compute_pretrained_trace(*bert, run);
    REQUIRE(!tr.ok());
    CHECK(tr.error().find("empty") != std::string::npos);
}

TEST_CASE("load_pretrained_model: a missing or misshapen tensor is named") {
    std::vector<RawTensor> tensors = tiny_gpt2_tensors();
    REQUIRE(tensors.size() > 20);

    std::vector<RawTensor> missing;
    for (const RawTensor& t : tensors)
        if (t.name != "h.1.mlp.c_fc.bias") missing.push_back(t);
    const std::string dir1 = broken_copy("missing", missing);
    auto m = load_pretrained_model(dir1);
    REQUIRE(!m.ok());
    MESSAGE(m.error());
    CHECK(m.error().find("h.1.mlp.c_fc.bias") != std::string::npos);

    std::vector<RawTensor> misshapen = tensors;
    for (RawTensor& t : misshapen) {
        if (t.name == "h.0.attn.c_proj.weight") t.shape = {16, 64};  // same count, wrong shape
    }
    const std::string dir2 = broken_copy("shape", misshapen);
    m = load_pretrained_model(dir2);
    REQUIRE(!m.ok());
    MESSAGE(m.error());
    CHECK(m.error().find("h.0.attn.c_proj.weight") != std::string::npos);

    std::vector<RawTensor> not_gpt2;
    for (const RawTensor& t : tensors)
        if (t.name != "wte.weight") not_gpt2.push_back(t);
    const std::string dir3 = broken_copy("nowte", not_gpt2);
    m = load_pretrained_model(dir3);
    REQUIRE(!m.ok());
    MESSAGE(m.error());
    CHECK(m.error().find("wte.weight") != std::string::npos);

    for (const std::string& d : {dir1, dir2, dir3}) fs::remove_all(d);
}
