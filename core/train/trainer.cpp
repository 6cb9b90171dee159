// trainer.cpp — options, one training step, evaluation and the probe trace (see trainer.h).
#include "core/train/trainer.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdio>
#include <thread>

#include "core/base/rng.h"
#include "core/train/llama_io.h"
#include "core/train/gpt2_io.h"

namespace attn::train {

bool apply_task_defaults(TrainOptions& o, const std::string& task) {
    const TaskInfo* info = find_task(task);
    if (!info) return false;
    const TaskDefaults& d = info->defaults;
    o.task = task;
    apply_run_defaults(o, d);
    o.mlp = d.mlp;
    return true;
}

Status validate_options(const TrainOptions& o) {
    if (o.arch == Arch::Seq2Seq) return Status::Error("--arch seq2seq trains with its own tasks (s2s_trainer.h).");
    if (!find_task(o.task))
        return Status::Error("--task " + o.task + ": unknown task. Choose one of: " + task_names() + ".");
    if (Status s = validate_run_ranges(o.steps, o.batch, o.warmup, o.threads); !s) return s;
    if (Status s = validate_rate(o.lr, o.adamw); !s) return s;
    for (int len : o.eval_lengths)
        if (Status s = check_range("--eval-lengths", len, 1, 64); !s) return s;
    ModelShape shape;
    shape.arch = o.arch;
    shape.n_layers = o.n_layers;
    shape.n_heads = o.n_heads;
    shape.d_model = o.d_model;
    shape.n_kv_heads = o.kv_heads;
    shape.rope_theta = o.rope_theta;
    shape.vocab = shape.n_positions = 1;
    if (o.arch == Arch::Gpt && (o.kv_heads != 0 || o.rope_theta != 10000.0f))
        return Status::Error("--kv-heads and --rope-theta are for --arch llama.");
    return validate_shape(shape);
}

void make_batch(const std::vector<Example>& examples, std::vector<int>& ids, std::vector<int>& targets) {
    assert(!examples.empty());
    const int T = int(examples[0].tokens.size()) - 1;
    ids.assign(examples.size() * T, 0);
    targets.assign(examples.size() * T, -1);
    for (std::size_t b = 0; b < examples.size(); ++b) {
        const Example& ex = examples[b];
        assert(int(ex.tokens.size()) == T + 1 && int(ex.scored.size()) == T && "make_batch: one length");
        for (int i = 0; i < T; ++i) {
            ids[b * T + i] = ex.tokens[i];
            if (ex.scored[i]) targets[b * T + i] = ex.tokens[i + 1];
        }
    }
}

int auto_threads(const TrainOptions& o, int seq_len) {
    // multiply-adds of one step's products: forward and backward, 12·d² per token per layer
    const double work = 3.0 * o.batch * std::max(1, seq_len - 1) * o.n_layers * 12.0 * o.d_model * o.d_model;
    if (work < 20e6) return 1;
    return core_threads();
}

int core_threads() { return int(std::clamp(std::thread::hardware_concurrency(), 1u, 64u)); }

Status validate_run_ranges(int steps, int batch, int warmup, int threads) {
    if (Status s = check_range("--steps", steps, 1, 1000000); !s) return s;
    if (Status s = check_range("--batch", batch, 1, 1024); !s) return s;
    if (Status s = check_range("--warmup", warmup, 0, 1000000); !s) return s;
    if (threads != 0)
        if (Status s = check_range("--threads", threads, 1, 64); !s) return s;
    return Status::Ok();
}

Status validate_rate(float lr, const AdamWConfig& adamw) {
    if (!(lr > 0.0f && lr <= 1.0f)) {
        char v[32];
        std::snprintf(v, sizeof v, "%g", double(lr));
        return Status::Error(std::string("--lr ") + v + ": must be above 0 and at most 1.");
    }
    if (!(adamw.weight_decay >= 0.0f && adamw.weight_decay < 1.0f))
        return Status::Error("--weight-decay: must be 0 or more and below 1.");
    return Status::Ok();
}

// The model with a position range of P ≥ its own: every tensor copied; gpt's position rows beyond
// the old range keep a fresh model's random values (training never reaches them).
static DecoderModel with_positions(const DecoderModel& m, int P, std::uint64_t seed) {
    ModelShape shape = m.shape;
    shape.n_positions = P;
    DecoderModel out = make_model(shape, seed);
    for (std::size_t i = 0; i < m.layout.tensors.size(); ++i) {
        const ParamTensor& from = m.layout.tensors[i];
        const ParamTensor& to = out.layout.tensors[i];
        assert(from.name == to.name && from.size <= to.size);
        std::copy_n(m.params.begin() + from.offset, from.size, out.params.begin() + to.offset);
    }
    return out;
}

Expected<std::unique_ptr<TrainState>> make_train_state(const TrainOptions& o) {
    if (Status s = validate_options(o); !s) return s;
    auto task = find_task(o.task)->make(o.task_params);
    if (!task) return task.status();

    auto st = std::make_unique<TrainState>();
    st->options = o;
    if (o.threads == 0) st->options.threads = auto_threads(o, task->seq_len);
    st->task = std::move(*task);
    ModelShape shape;
    shape.arch = o.arch;
    shape.n_layers = o.n_layers;
    shape.n_heads = o.n_heads;
    shape.d_model = o.d_model;
    shape.mlp = o.mlp;
    shape.n_kv_heads = o.kv_heads;
    shape.rope_theta = o.rope_theta;
    // The task's symbols first, then every other byte (a complete GPT-2 byte-level vocabulary, so
    // the folder loads in any GPT-2 tokenizer and any text encodes), then <|endoftext|>.
    shape.vocab = kFolderVocab;
    shape.n_positions = st->task.seq_len - 1;
    if (Status s = validate_shape(shape); !s) return s;
    st->model = make_model(shape, o.seed);
    // The longest evaluated input sets the position range (the trained weights stay the seed's).
    int longest = shape.n_positions;
    for (int len : o.eval_lengths) {
        TaskParams p = st->task.params;
        p.length = len;
        auto other = find_task(o.task)->make(p);
        if (!other) return Status::Error("--eval-lengths: " + other.error());
        longest = std::max(longest, other->seq_len - 1);
    }
    if (longest > shape.n_positions) st->model = with_positions(st->model, longest, o.seed);
    start_run(*st);
    return st;
}

bool training_done(const TrainState& s) { return s.step >= s.options.steps; }

TrainLogEntry train_step(TrainState& s) {
    const TrainOptions& o = s.options;
    std::vector<Example> batch(o.batch);
    for (Example& ex : batch) s.task.sample(s.data_rng, ex);
    make_batch(batch, s.ids, s.targets);
    const int T = s.task.seq_len - 1;

    TrainLogEntry e;
    e.loss = model_forward(*s.pool, s.model, s.acts, s.ids.data(), s.targets.data(), o.batch, T);
    model_backward(*s.pool, s.model, s.acts, s.grads, s.ids.data(), s.targets.data());
    return finish_step(s, e, s.model.layout.tensors, s.model.params, s.model.grads, [&](bool) {
        return evaluate(s, o.eval_examples, splitmix64(o.seed ^ 0x6576616Cull) + std::uint64_t(s.step));
    });
}

static Evaluation evaluate_task(TrainState& s, const Task& task, int n, std::uint64_t seed);

Evaluation evaluate(TrainState& s, int n, std::uint64_t seed) { return evaluate_task(s, s.task, n, seed); }

Expected<Evaluation> evaluate_length(TrainState& s, int length, int n, std::uint64_t seed) {
    TaskParams p = s.task.params;
    p.length = length;
    auto task = find_task(s.task.name)->make(p);
    if (!task) return task.status();
    if (s.model.shape.arch == Arch::Gpt && task->seq_len - 1 > s.model.shape.n_positions) {  // llama: no table
        return Status::Error("Length " + std::to_string(length) + " needs " + std::to_string(task->seq_len - 1) +
                             " positions, but the model has " + std::to_string(s.model.shape.n_positions) +
                             ". Give it in --eval-lengths when training.");
    }
    return evaluate_task(s, *task, n, seed);
}

static Evaluation evaluate_task(TrainState& s, const Task& task, int n, std::uint64_t seed) {
    TaskRng rng(seed);
    const int T = task.seq_len - 1, V = s.model.shape.vocab;
    constexpr int kChunk = 256;
    EvalTally tally;
    std::vector<int> ids, targets;
    for (int done = 0; done < n; done += kChunk) {
        const int B = std::min(kChunk, n - done);
        std::vector<Example> batch(B);
        for (Example& ex : batch) task.sample(rng, ex);
        make_batch(batch, ids, targets);
        model_forward(*s.pool, s.model, s.eval_acts, ids.data(), targets.data(), B, T);
        tally.add(targets.data(), B, T, s.eval_acts.probs.data(), s.eval_acts.losses.data(), V);
    }
    return tally.result();
}

void EvalTally::add(const int* targets, int B, int T, const float* probs, const float* losses, int V) {
    int r = 0;  // head row: the scored positions in order
    for (int b = 0; b < B; ++b) {
        bool all = true;
        for (int i = 0; i < T; ++i) {
            const int tgt = targets[b * T + i];
            if (tgt < 0) continue;
            const float* p = probs + std::size_t(r) * V;            // (V)
            const int best = int(std::max_element(p, p + V) - p);  // greedy: the first maximum
            right += best == tgt ? 1 : 0;
            all = all && best == tgt;
            loss_sum += losses[r];
            ++scored;
            ++r;
        }
        exact += all ? 1 : 0;
    }
    examples += B;
}

Evaluation EvalTally::result() const {
    Evaluation ev;
    ev.examples = examples;
    ev.exact = float(exact) / float(std::max(1, examples));
    ev.token_acc = scored > 0 ? float(double(right) / double(scored)) : 0.0f;
    ev.loss = scored > 0 ? float(loss_sum / double(scored)) : 0.0f;
    return ev;
}

std::string probe_text(const TrainState& s) {
    return s.task.decode(std::vector<int>(s.probe.tokens.begin(), s.probe.tokens.end() - 1));
}

Trace probe_trace(const TrainState& s) {
    const auto model = to_pretrained_model(s.model, "trained " + s.task.name);  // through its family
    const pretrained::PretrainedConfig& cfg = model->config;
    const pretrained::Capabilities caps = model->caps();
    std::vector<int> ids(s.probe.tokens.begin(), s.probe.tokens.end() - 1);  // (T) the model's input
    pretrained::ForwardPass pass = model->family().forward(*model, pretrained::IdsInput{ids, nullptr, 0}, {});

    Trace tr;
    tr.model_name = model->name;
    tr.model_family = pretrained::family_name(cfg);
    tr.model.d_model = cfg.d_model;
    tr.model.n_heads = cfg.n_heads;
    tr.model.positional = caps.positions == pretrained::PositionKind::Learned;  // rotary: no position table
    tr.model.seed = s.options.seed;
    tr.run.text = s.task.decode(ids);
    tr.run.mask.causal = true;
    std::size_t at = 0;
    for (int id : ids) {
        Token t;
        t.text = s.task.vocab[id];
        t.byte_begin = at;
        t.byte_end = at + t.text.size();
        t.id = id;
        at = t.byte_end;
        tr.q_tokens.push_back(std::move(t));
    }
    tr.k_tokens = tr.q_tokens;
    tr.key_is_pad.assign(ids.size(), 0);
    tr.q_embeddings = std::move(pass.token_embeddings);
    tr.q_positions = std::move(pass.position_embeddings);
    tr.k_embeddings = tr.q_embeddings;
    tr.k_positions = tr.q_positions;
    tr.layers = std::move(pass.layers);
    return tr;
}

}  // namespace attn::train
