// test_training.cpp — determinism, learning in a bounded number of steps, the tasks' generators,
// and save -> load through the pretrained GPT-2 loader (same attentions, same logits).
#include <doctest/doctest.h>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "core/i18n/languages.h"
#include "core/pretrained/families/gpt2/gpt2.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"
#include "core/train/gpt2_io.h"
#include "core/train/run_folder.h"
#include "core/train/trainer.h"
#include "core/train/trainer_kinds.h"
#include "tests/temp_dir.h"

using namespace attn;
using namespace attn::train;
namespace fs = std::filesystem;

namespace {

std::unique_ptr<TrainState> state_for(const std::string& task, int steps, std::uint64_t seed = 1, int threads = 1) {
    TrainOptions o;
    REQUIRE(apply_task_defaults(o, task));
    o.steps = steps;
    o.seed = seed;
    o.threads = threads;
    o.eval_every = 0;
    auto st = make_train_state(o);
    REQUIRE_MESSAGE(st.ok(), st.status().message());
    return std::move(*st);
}

std::vector<float> losses(TrainState& s) {
    std::vector<float> out;
    while (!training_done(s)) out.push_back(train_step(s).loss);
    return out;
}

// every TempDir here starts with "attnlab-train-test"
struct TempDir : attn::test::TempDir {
    TempDir() : attn::test::TempDir("attnlab-train-test") {}
};

}  // namespace

TEST_CASE("every task generates what it promises") {
    for (const TaskInfo& info : task_registry()) {
        auto task = info.make(TaskParams{});
        REQUIRE_MESSAGE(task.ok(), info.name);
        CHECK(std::string(info.explain).size() > 0);
        CHECK(attn::i18n::translate(1, nullptr, info.explain) != info.explain);  // po/ko.po has it
        TaskRng rng(5);
        for (int i = 0; i < 50; ++i) {
            Example ex;
            task->sample(rng, ex);
            REQUIRE(int(ex.tokens.size()) == task->seq_len);
            REQUIRE(int(ex.scored.size()) == task->seq_len - 1);
            int scored = 0;
            for (int id : ex.tokens) REQUIRE((id >= 0 && id < int(task->vocab.size())));
            for (auto s : ex.scored) scored += s;
            CHECK(scored > 0);
        }
    }
    auto rev = find_task("reverse")->make(TaskParams{});
    TaskRng rng(9);
    Example ex;
    rev->sample(rng, ex);
    const std::string s = rev->decode(ex.tokens);  // "abcdef>fedcba"
    CHECK(s.size() == 13);
    CHECK(s[6] == '>');
    CHECK(std::string(s.rbegin(), s.rbegin() + 6) == s.substr(0, 6));
    auto srt = find_task("sort")->make(TaskParams{});
    srt->sample(rng, ex);
    const std::string t = srt->decode(ex.tokens);
    CHECK(std::is_sorted(t.begin() + 7, t.end()));
    auto rep = find_task("repeat")->make(TaskParams{});
    rep->sample(rng, ex);
    const std::string u = rep->decode(ex.tokens);  // "hebhebhe": 3 + 6, every token the one 3 back
    REQUIRE(u.size() == 9);
    for (std::size_t i = 3; i < u.size(); ++i) CHECK(u[i] == u[i - 3]);
    CHECK(ex.scored == std::vector<std::uint8_t>{0, 0, 1, 1, 1, 1, 1, 1});
    // bad parameters are named
    TaskParams bad;
    bad.length = 99;
    auto r = find_task("reverse")->make(bad);
    REQUIRE(!r.ok());
    CHECK(r.error().find("--length 99") != std::string::npos);
}

TEST_CASE("the same seed gives the same loss curve, bit for bit, whatever the thread count") {
    auto a = state_for("reverse", 20, 7, 1);
    auto b = state_for("reverse", 20, 7, 1);
    auto c = state_for("reverse", 20, 7, 2);
    auto d = state_for("reverse", 20, 8, 1);
    const auto la = losses(*a), lb = losses(*b), lc = losses(*c), ld = losses(*d);
    CHECK(la == lb);
    CHECK(la == lc);
    CHECK(la != ld);
    CHECK(a->model.params == c->model.params);
}

TEST_CASE("reverse and copy reach 99% exact on fresh examples within a fixed number of steps") {
    // reverse at its defaults (4 examples a step), copy at 64 a step
    for (const auto& [task, steps] : {std::pair{"reverse", 400}, std::pair{"copy", 150}}) {
        auto s = state_for(task, steps, 1);
        const auto l = losses(*s);
        const Evaluation ev = evaluate(*s, 1000, 4242);
        std::printf("%s after %d steps: loss %.4f, %.1f%% exact, %.1f%% tokens\n", task, s->step, l.back(),
                    100.0 * ev.exact, 100.0 * ev.token_acc);
        CHECK(ev.exact >= 0.99f);
        CHECK(l.back() < l.front());
    }
}

TEST_CASE("a saved folder loads through the GPT-2 loader with the same attentions and logits") {
    auto s = state_for("reverse", 60, 3);
    losses(*s);
    TempDir tmp;
    const std::string dir = (tmp.path / "model").string();
    REQUIRE(save_model_folder(*s, dir).ok());
    for (const char* f : {"config.json", "model.safetensors", "vocab.json", "merges.txt", "task.json", "train_log.json"})
        CHECK(fs::exists(fs::path(dir) / f));
    // no temporary folder is left beside it
    int entries = 0;
    for (const auto& e : fs::directory_iterator(tmp.path)) (void)e, ++entries;
    CHECK(entries == 1);
    // saving again over it is refused and changes nothing
    Status again = save_model_folder(*s, dir);
    CHECK(!again.ok());
    CHECK(again.message().find("exists already") != std::string::npos);

    auto model = pretrained::load_pretrained_model(dir);
    REQUIRE_MESSAGE(model.ok(), model.status().message());
    RunConfig run;
    run.text = probe_text(*s);
    auto trace = pretrained::compute_pretrained_trace(**model, run);
    REQUIRE_MESSAGE(trace.ok(), trace.status().message());
    const int T = trace->t_q();
    REQUIRE(T == s->task.seq_len - 1);

    // the training forward on the probe
    std::vector<int> ids(s->probe.tokens.begin(), s->probe.tokens.end() - 1);
    for (int i = 0; i < T; ++i) CHECK(trace->q_tokens[i].id == ids[i]);
    Activations a;
    model_forward(*s->pool, s->model, a, ids.data(), nullptr, 1, T);
    const auto att = attention_weights(s->model, a, 0);
    double att_err = 0;
    for (std::size_t l = 0; l < att.size(); ++l)
        for (std::size_t h = 0; h < att[l].size(); ++h)
            att_err = std::max(att_err, double((trace->layers[l].heads[h].weights - att[l][h]).cwiseAbs().maxCoeff()));

    // logits: ln_f output of the loader's forward · wteᵀ
    auto file = pretrained::SafeTensorsFile::open(dir + "/model.safetensors");
    REQUIRE(file.ok());
    const pretrained::PretrainedConfig cfg = (*model)->config;
    auto w = pretrained::load_gpt2_weights(*file, cfg);
    REQUIRE_MESSAGE(w.ok(), w.status().message());
    const pretrained::ForwardPass pass = pretrained::gpt2_forward(*w, cfg, ids, BoolMat(), AttentionOptions{});
    const Mat logits = pass.hidden_states.back() * w->wte.transpose();  // (T, V)
    const Eigen::Map<const Mat> ours(a.logits.data(), T, s->model.shape.vocab);
    const double logit_err = (logits - ours).cwiseAbs().maxCoeff() / ours.cwiseAbs().maxCoeff();
    int same_argmax = 0;
    for (int i = 0; i < T; ++i) {
        Eigen::Index x, y;
        logits.row(i).maxCoeff(&x);
        ours.row(i).maxCoeff(&y);
        same_argmax += x == y ? 1 : 0;
    }
    std::printf("saved -> loaded: max attention difference %.2e, max relative logit difference %.2e, "
                "%d/%d same predictions\n", att_err, logit_err, same_argmax, T);
    CHECK(att_err < 1e-5);
    CHECK(logit_err < 1e-5);
    CHECK(same_argmax == T);

    // the probe trace the app shows is the loader's trace
    const Trace probe = probe_trace(*s);
    REQUIRE(probe.layers.size() == trace->layers.size());
    CHECK((probe.layers[0].heads[0].weights - trace->layers[0].heads[0].weights).cwiseAbs().maxCoeff() < 1e-6f);
    // any other text still encodes (every byte has a token), one token per character
    run.text = "xyz";
    auto other = pretrained::compute_pretrained_trace(**model, run);
    REQUIRE(other.ok());
    CHECK(other->t_q() == 3);
    CHECK((*model)->config.vocab_size == kFolderVocab);
}

TEST_CASE("saving into a missing or unwritable folder fails and leaves nothing") {
    auto s = state_for("copy", 1);
    losses(*s);
    TempDir tmp;
    Status missing = save_model_folder(*s, (tmp.path / "no" / "model").string());
    CHECK(!missing.ok());
    CHECK(missing.message().find("does not exist") != std::string::npos);
    if (::geteuid() != 0) {  // root writes anywhere
        fs::permissions(tmp.path, fs::perms::owner_read | fs::perms::owner_exec);
        Status ro = save_model_folder(*s, (tmp.path / "model").string());
        CHECK(!ro.ok());
        fs::permissions(tmp.path, fs::perms::owner_all);
    }
    int entries = 0;
    for (const auto& e : fs::directory_iterator(tmp.path)) (void)e, ++entries;
    CHECK(entries == 0);
}

TEST_CASE("options out of range are refused with the option named") {
    TrainOptions o;
    REQUIRE(apply_task_defaults(o, "reverse"));
    o.n_layers = 5;
    CHECK(validate_options(o).message().find("--layers 5: must be 1 to 4") != std::string::npos);
    o.n_layers = 2;
    o.d_model = 50;
    o.n_heads = 4;
    CHECK(validate_options(o).message().find("not divisible") != std::string::npos);
    o.d_model = 64;
    o.lr = 0;
    CHECK(validate_options(o).message().find("--lr") != std::string::npos);
    o.lr = 1e-3f;
    o.task = "nope";
    CHECK(validate_options(o).message().find("unknown task") != std::string::npos);
}

TEST_CASE("trainer kinds: one per architecture, found by --arch, each with its defaults") {
    using namespace attn::train;
    CHECK(trainer_ids() == "gpt, llama or seq2seq");
    for (Arch a : {Arch::Gpt, Arch::Llama, Arch::Seq2Seq}) {
        TrainOptions o;
        o.arch = a;
        const TrainerKind& k = trainer_of(o);
        CHECK(k.arch == a);
        CHECK(find_trainer(k.id) == &k);
        const TrainOptions d = k.defaults(k.own_tasks ? "en-ko" : "reverse");
        CHECK(d.arch == a);  // the defaults keep the kind
        CHECK(validate_run_ranges(d.steps, d.batch, d.warmup, d.threads).ok());
    }
    CHECK(find_trainer("vit") == nullptr);  // the image trainer is its own stack (ImageTrainOptions)
    CHECK(find_trainer("seq2seq")->own_tasks);
    CHECK(find_trainer("seq2seq")->two_stacks);
    CHECK_FALSE(find_trainer("seq2seq")->mlp_switch);
    CHECK(find_trainer("llama")->grouped_kv);
    CHECK_FALSE(find_trainer("gpt")->grouped_kv);
    CHECK(own_task_trainer("en-ko") == find_trainer("seq2seq"));
    CHECK(own_task_trainer("induction") == nullptr);
    CHECK(find_trainer("gpt")->defaults("no-such-task").task == "reverse");
}
