// test_train_llama_run.cpp — the modern decoder (Arch::Llama) as a training run: it learns a task in
// bounded steps, its saved LlamaForCausalLM folder loads through load_pretrained_model and the
// rotary decoders' forward (core/pretrained/llama.cpp) with the trainer's own attentions and
// logits, evaluation on other input lengths (repeat: rotary extends, learned positions do not), and
// the options it refuses.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "core/pretrained/families/rotary/rotary.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/safetensors.h"
#include "core/train/gpt2_io.h"
#include "core/train/run_folder.h"
#include "core/train/trainer.h"
#include "tests/temp_dir.h"

using namespace attn;
using namespace attn::train;
namespace fs = std::filesystem;

namespace {

TrainOptions llama_options(const std::string& task, int steps, std::uint64_t seed = 1) {
    TrainOptions o;
    REQUIRE(apply_task_defaults(o, task));
    o.arch = Arch::Llama;
    o.steps = steps;
    o.seed = seed;
    o.threads = 1;
    o.eval_every = 0;
    return o;
}

std::unique_ptr<TrainState> run(const TrainOptions& o) {
    auto st = make_train_state(o);
    REQUIRE_MESSAGE(st.ok(), st.status().message());
    while (!training_done(**st)) train_step(**st);
    return std::move(*st);
}

struct TempDir : attn::test::TempDir {
    TempDir() : attn::test::TempDir("attnlab-train-llama-test") {}
};

}  // namespace

TEST_CASE("the llama arch learns copy at its training length within a fixed number of steps") {
    const auto s = run(llama_options("copy", 150));
    const Evaluation ev = evaluate(*s, 1000, 4242);
    std::printf("llama copy after %d steps: loss %.4f, %.1f%% exact, %.1f%% tokens\n", s->step, s->log.back().loss,
                100.0 * ev.exact, 100.0 * ev.token_acc);
    CHECK(ev.exact >= 0.99f);
    CHECK(s->log.back().loss < s->log.front().loss);
}

TEST_CASE("a saved llama folder loads as LlamaForCausalLM with the trainer's attentions and logits") {
    TrainOptions o = llama_options("reverse", 40, 3);
    o.n_heads = 4;
    o.kv_heads = 2;  // grouped: two query heads per key/value head
    o.rope_theta = 500.0f;
    const auto s = run(o);
    TempDir tmp;
    const std::string dir = (tmp.path / "model").string();
    REQUIRE(save_model_folder(*s, dir).ok());

    std::ifstream cf(dir + "/config.json");
    const nlohmann::json cfg_json = nlohmann::json::parse(cf);
    CHECK(cfg_json["model_type"] == "llama");
    CHECK(cfg_json["architectures"][0] == "LlamaForCausalLM");
    CHECK(cfg_json["num_key_value_heads"] == 2);
    CHECK(cfg_json["rope_theta"].get<double>() == 500.0);
    auto file = pretrained::SafeTensorsFile::open(dir + "/model.safetensors");
    REQUIRE(file.ok());
    for (const char* name : {"model.embed_tokens.weight", "model.layers.0.self_attn.q_proj.weight",
                             "model.layers.1.mlp.gate_proj.weight", "model.norm.weight"})
        CHECK_MESSAGE(file->find(name) != nullptr, name);

    auto model = pretrained::load_pretrained_model(dir);
    REQUIRE_MESSAGE(model.ok(), model.status().message());
    REQUIRE((*model)->config.model_type == "llama");
    CHECK((*model)->config.n_kv_heads() == 2);
    RunConfig rc;
    rc.text = probe_text(*s);
    auto trace = pretrained::compute_pretrained_trace(**model, rc);
    REQUIRE_MESSAGE(trace.ok(), trace.status().message());
    const int T = trace->t_q();
    REQUIRE(T == s->task.seq_len - 1);

    std::vector<int> ids(s->probe.tokens.begin(), s->probe.tokens.end() - 1);
    for (int i = 0; i < T; ++i) CHECK(trace->q_tokens[i].id == ids[i]);
    Activations a;
    model_forward(*s->pool, s->model, a, ids.data(), nullptr, 1, T);
    const auto att = attention_weights(s->model, a, 0);
    double att_err = 0;
    for (std::size_t l = 0; l < att.size(); ++l)
        for (std::size_t h = 0; h < att[l].size(); ++h)
            att_err = std::max(att_err, double((trace->layers[l].heads[h].weights - att[l][h]).cwiseAbs().maxCoeff()));

    const pretrained::PretrainedConfig cfg = (*model)->config;
    auto w = pretrained::load_rotary_weights(*file, cfg);
    REQUIRE_MESSAGE(w.ok(), w.status().message());
    const pretrained::ForwardPass pass = pretrained::rotary_forward(*w, cfg, ids);
    const Mat logits = pretrained::rotary_logits(*w, pass.hidden_states.back());  // (T, V)
    const Eigen::Map<const Mat> ours(a.logits.data(), T, s->model.shape.vocab);
    const double logit_err = (logits - ours).cwiseAbs().maxCoeff() / ours.cwiseAbs().maxCoeff();
    std::printf("llama saved -> loaded: max attention difference %.2e, max relative logit difference %.2e\n",
                att_err, logit_err);
    CHECK(att_err < 1e-5);
    CHECK(logit_err < 1e-5);
    // the probe trace the app shows is the loader's trace
    const Trace probe = probe_trace(*s);
    REQUIRE(probe.layers.size() == trace->layers.size());
    CHECK((probe.layers[1].heads[3].weights - trace->layers[1].heads[3].weights).cwiseAbs().maxCoeff() < 1e-6f);
}

TEST_CASE("evaluation on other input lengths: llama at any length, gpt within its position range") {
    TrainOptions o = llama_options("copy", 2);
    o.task_params.length = 4;
    auto s = run(o);
    auto longer = evaluate_length(*s, 6, 16, 1);
    REQUIRE_MESSAGE(longer.ok(), longer.status().message());
    CHECK(longer->examples == 16);

    o.arch = Arch::Gpt;
    auto g = run(o);
    auto refused = evaluate_length(*g, 6, 16, 1);
    REQUIRE(!refused.ok());
    CHECK(refused.status().message().find("--eval-lengths") != std::string::npos);
    // with the length given up front the table covers it, and the trained model is the same
    o.eval_lengths = {6};
    auto g6 = run(o);
    CHECK(g6->model.shape.n_positions == 12);
    CHECK(g6->log.back().loss == g->log.back().loss);
    CHECK(evaluate_length(*g6, 6, 16, 1).ok());
}

TEST_CASE("repeat (a relative rule) extends to longer inputs with rotary positions, not with learned ones") {
    // Trained on 6 continued tokens, evaluated on 12: positions 9 … 14 were never trained. docs/train.md
    // has the 3-seed table (llama 100% exact at 8–12, gpt 1–19%).
    float exact[2] = {0, 0};
    for (const Arch arch : {Arch::Gpt, Arch::Llama}) {
        TrainOptions o = llama_options("repeat", 100);
        o.arch = arch;
        o.eval_lengths = {12};
        auto s = run(o);
        const auto trained = evaluate_length(*s, 6, 500, 77);
        const auto longer = evaluate_length(*s, 12, 500, 77);
        REQUIRE(trained.ok());
        REQUIRE(longer.ok());
        std::printf("repeat, %s, 100 steps: length 6 %.1f%% exact, length 12 %.1f%% exact\n",
                    arch == Arch::Llama ? "llama" : "gpt", 100.0 * trained->exact, 100.0 * longer->exact);
        CHECK(trained->exact >= 0.99f);  // both learn it where they trained
        exact[arch == Arch::Llama] = longer->exact;
    }
    CHECK(exact[1] >= 0.95f);
    CHECK(exact[0] <= 0.30f);
}

TEST_CASE("llama options out of range are refused with the option named") {
    TrainOptions o = llama_options("reverse", 10);
    o.n_heads = 4;
    o.kv_heads = 3;
    auto st = make_train_state(o);
    REQUIRE(!st.ok());
    CHECK(st.status().message().find("--kv-heads 3") != std::string::npos);
    o.kv_heads = 0;
    o.rope_theta = 0.5f;
    CHECK(make_train_state(o).status().message().find("--rope-theta") != std::string::npos);
    o.rope_theta = 10000.0f;
    o.d_model = 20;  // heads of 5: RoPE needs pairs
    CHECK(make_train_state(o).status().message().find("even") != std::string::npos);
    TrainOptions g;
    REQUIRE(apply_task_defaults(g, "reverse"));
    g.kv_heads = 2;
    CHECK(make_train_state(g).status().message().find("--arch llama") != std::string::npos);
}
