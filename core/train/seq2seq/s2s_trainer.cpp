// s2s_trainer.cpp — the encoder–decoder's training run: batches, one step, evaluation, greedy
// decoding (see s2s_trainer.h).
#include "core/train/seq2seq/s2s_trainer.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/base/rng.h"

namespace attn::train {

bool apply_s2s_task_defaults(TrainOptions& o, const std::string& task) {
    const Seq2SeqTaskInfo* info = find_seq2seq_task(task);
    if (!info) return false;
    o.task = task;
    o.arch = Arch::Seq2Seq;
    apply_run_defaults(o, info->defaults);
    return true;
}

void make_s2s_batch(const Seq2SeqTask& task, const std::vector<Seq2SeqExample>& examples, S2SBatch& out) {
    const int B = int(examples.size()), S = task.max_source + 1, T = task.max_target + 1, pad = s2s_pad(task);
    out.B = B, out.S = S, out.T = T;
    out.src.assign(std::size_t(B) * S, pad);
    out.src_len.assign(B, 0);
    out.dec.assign(std::size_t(B) * T, pad);
    out.targets.assign(std::size_t(B) * T, -1);
    for (int b = 0; b < B; ++b) {
        const Seq2SeqExample& ex = examples[b];
        const int ns = int(ex.source.size()), nt = int(ex.target.size());
        assert(ns >= 1 && ns < S && nt >= 1 && nt < T && "make_s2s_batch: the task's lengths");
        for (int i = 0; i < ns; ++i) out.src[b * S + i] = ex.source[i] + kS2SFirstPiece;
        out.src[b * S + ns] = kS2SEos;
        out.src_len[b] = ns + 1;
        for (int i = 0; i < nt; ++i) {
            out.dec[b * T + 1 + i] = ex.target[i] + kS2SFirstPiece;  // shifted right after the start
            out.targets[b * T + i] = ex.target[i] + kS2SFirstPiece;
        }
        out.targets[b * T + nt] = kS2SEos;
    }
}

static Status validate_s2s_options(const TrainOptions& o) {
    if (!find_seq2seq_task(o.task))
        return Status::Error("--task " + o.task + ": no such task for --arch seq2seq. Choose one of: " +
                             seq2seq_task_names() + ".");
    if (Status s = validate_run_ranges(o.steps, o.batch, o.warmup, o.threads); !s) return s;
    if (Status s = validate_rate(o.lr, o.adamw); !s) return s;
    if (!o.eval_lengths.empty()) return Status::Error("--eval-lengths is for --arch gpt and llama.");
    if (o.kv_heads != 0 || o.rope_theta != 10000.0f) return Status::Error("--kv-heads and --rope-theta are for --arch llama.");
    if (!o.mlp) return Status::Error("--no-mlp is for --arch gpt and llama.");
    return Status::Ok();
}

Expected<std::unique_ptr<S2STrainState>> make_s2s_train_state(const TrainOptions& o) {
    if (Status s = validate_s2s_options(o); !s) return s;
    auto task = find_seq2seq_task(o.task)->make(o.task_params);
    if (!task) return task.status();
    S2SShape shape;
    shape.enc_layers = shape.dec_layers = o.n_layers;
    shape.n_heads = o.n_heads;
    shape.d_model = o.d_model;
    shape.vocab = s2s_vocab(*task);
    shape.n_positions = std::max(task->max_source, task->max_target) + 1;
    if (Status s = validate_s2s_shape(shape); !s) return s;

    auto st = std::make_unique<S2STrainState>();
    st->options = o;
    st->options.arch = Arch::Seq2Seq;
    // Both stacks' tokens count: auto_threads reads batch · (seq_len − 1) · layers.
    if (o.threads == 0) st->options.threads = auto_threads(o, 2 * shape.n_positions + 1);
    st->task = std::move(*task);
    st->model = make_s2s_model(shape, o.seed);
    start_run(*st);
    return st;
}

bool s2s_training_done(const S2STrainState& s) { return s.step >= s.options.steps; }

TrainLogEntry s2s_train_step(S2STrainState& s) {
    const TrainOptions& o = s.options;
    std::vector<Seq2SeqExample> examples(o.batch);
    for (Seq2SeqExample& ex : examples) s.task.sample(s.data_rng, ex);
    make_s2s_batch(s.task, examples, s.batch);
    const S2SBatch& b = s.batch;

    TrainLogEntry e;
    e.loss = s2s_forward(*s.pool, s.model, s.acts, b.src.data(), b.src_len.data(), b.dec.data(), b.targets.data(), b.B,
                         b.S, b.T);
    s2s_backward(*s.pool, s.model, s.acts, s.grads, b.src.data(), b.dec.data(), b.targets.data());
    return finish_step(s, e, s.model.layout.tensors, s.model.params, s.model.grads, [&](bool) {
        return s2s_evaluate(s, o.eval_examples, splitmix64(o.seed ^ 0x6576616Cull) + std::uint64_t(s.step));
    });
}

Evaluation s2s_evaluate(S2STrainState& s, int n, std::uint64_t seed) {
    TaskRng rng(seed);
    const int V = s.model.shape.vocab;
    constexpr int kChunk = 256;
    EvalTally tally;
    S2SBatch b;
    for (int done = 0; done < n; done += kChunk) {
        std::vector<Seq2SeqExample> examples(std::min(kChunk, n - done));
        for (Seq2SeqExample& ex : examples) s.task.sample(rng, ex);
        make_s2s_batch(s.task, examples, b);
        s2s_forward(*s.pool, s.model, s.eval_acts, b.src.data(), b.src_len.data(), b.dec.data(), b.targets.data(), b.B,
                    b.S, b.T);
        tally.add(b.targets.data(), b.B, b.T, s.eval_acts.probs.data(), s.eval_acts.losses.data(), V);
    }
    return tally.result();
}

namespace {

// Pieces as tokens over the text they spell (Seq2SeqTask::text): "▁cat" is "cat", its span after
// the space; `specials` before (the decoder's start) and after (the source's </s>).
std::vector<Token> piece_tokens(const Seq2SeqTask& task, const std::vector<int>& ids, const std::string& text,
                                const std::vector<std::pair<std::string, int>>& before,
                                const std::vector<std::pair<std::string, int>>& after) {
    std::vector<Token> out;
    auto special = [&](const std::pair<std::string, int>& s) {
        Token t;
        t.text = s.first;
        t.kind = TokenKind::Special;
        t.byte_begin = t.byte_end = text.size();
        t.id = s.second;
        out.push_back(t);
    };
    for (const auto& s : before) special(s);
    std::size_t at = 0;
    for (int id : ids) {
        const std::string& piece = task.vocab[std::size_t(id)];
        const bool word = piece.compare(0, 3, "\xE2\x96\x81") == 0;
        Token t;
        t.text = word ? piece.substr(3) : piece;
        if (word && at > 0) ++at;  // the space before a word
        t.byte_begin = at;
        t.byte_end = at + t.text.size();
        t.id = id + kS2SFirstPiece;
        at = t.byte_end;
        out.push_back(t);
    }
    for (const auto& s : after) special(s);
    return out;
}

}  // namespace

Trace s2s_probe_trace(const S2STrainState& s) {
    const Seq2SeqExample& ex = s.probe;
    S2SBatch b;
    make_s2s_batch(s.task, {ex}, b);
    const int S = b.src_len[0], T = int(ex.target.size()) + 1;
    S2SActs acts;
    s2s_forward(*s.pool, s.model, acts, b.src.data(), &S, b.dec.data(), nullptr, 1, S, T);
    const S2SAttention att = s2s_attention(s.model, acts, 0);

    Trace tr;
    tr.model_name = "trained " + s.task.name;
    tr.model_family = "Marian";
    tr.section = "cross";
    tr.model.d_model = s.model.shape.d_model;
    tr.model.n_heads = s.model.shape.n_heads;
    tr.model.seed = s.options.seed;
    tr.run.text = s.task.text(ex.source);
    tr.run.cross_text = s.task.text(ex.target);
    tr.q_tokens = piece_tokens(s.task, ex.target, tr.run.cross_text, {{"<pad>", s2s_pad(s.task)}}, {});
    tr.k_tokens = piece_tokens(s.task, ex.source, tr.run.text, {}, {{"</s>", kS2SEos}});
    tr.key_is_pad.assign(tr.k_tokens.size(), 0);
    const int hs = s.model.shape.head_size();
    for (const std::vector<Mat>& heads : att.cross) {
        LayerTrace L;
        L.n_heads = int(heads.size());
        L.d_k = hs;
        L.factor = 1.0f / std::sqrt(float(hs));  // scaled, as trained; flipped: unscaled
        L.factor_flipped = 1.0f;
        for (const Mat& w : heads) {
            HeadTrace h;
            h.weights = w;  // (T, S)
            L.heads.push_back(std::move(h));
        }
        tr.layers.push_back(std::move(L));
    }
    return tr;
}

std::vector<int> s2s_greedy(S2STrainState& s, const std::vector<int>& source, int max_len) {
    const int V = s.model.shape.vocab, pad = s2s_pad(s.task);
    const int limit = std::min(max_len, s.model.shape.n_positions - 1);
    std::vector<int> src;
    for (int id : source) src.push_back(id + kS2SFirstPiece);
    src.push_back(kS2SEos);
    src.resize(std::min<std::size_t>(src.size(), std::size_t(s.model.shape.n_positions)));
    const int S = int(src.size()), src_len = S;
    std::vector<int> dec{pad}, out;
    for (int step = 0; step < limit; ++step) {
        const int T = int(dec.size());
        s2s_forward(*s.pool, s.model, s.eval_acts, src.data(), &src_len, dec.data(), nullptr, 1, S, T);
        const float* p = s.eval_acts.logits.data() + std::size_t(T - 1) * V;  // the last row (V)
        const int best = int(std::max_element(p, p + V) - p);
        if (best == kS2SEos) break;
        out.push_back(best >= kS2SFirstPiece && best < pad ? best - kS2SFirstPiece : -1);
        dec.push_back(best);
    }
    return out;
}

}  // namespace attn::train
