// s2s_trainer.h — training the tiny encoder–decoder on a seq2seq task (`attnlab train --arch
// seq2seq`): the state of a run, one step, evaluation, batches. Threading as trainer.h: one
// thread owns the state; the log entries and evaluations are returned by value.
//
// The model's vocabulary is numbered as a Marian folder numbers it, so the saved folder keeps the
// trainer's ids: 0 = </s>, 1 = <unk>, 2 … K+1 = the task's K pieces, K+2 = <pad>, which is also
// the decoder's start token. A batch row:
//   source  = pieces …, </s>, <pad> …                     (S = max_source + 1)
//   decoder = <pad>, target pieces …, <pad> …             (T = max_target + 1)
//   targets = target pieces …, </s>, −1 …                 the next token; −1 is not scored
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/base/parallel.h"
#include "core/attention/trace.h"
#include "core/base/status.h"
#include "core/task/seq2seq_task.h"
#include "core/train/optimizer.h"
#include "core/train/seq2seq/s2s_model.h"
#include "core/train/trainer.h"

namespace attn::train {

constexpr int kS2SEos = 0, kS2SUnk = 1, kS2SFirstPiece = 2;
inline int s2s_vocab(const Seq2SeqTask& t) { return int(t.vocab.size()) + 3; }
inline int s2s_pad(const Seq2SeqTask& t) { return int(t.vocab.size()) + 2; }

// The seq2seq task's defaults into `o` (n_layers is per stack); false if the task is unknown.
bool apply_s2s_task_defaults(TrainOptions& o, const std::string& task);

// One batch in the trainer's ids (see above).
struct S2SBatch {
    int B = 0, S = 0, T = 0;
    std::vector<int> src, src_len, dec, targets;  // (B·S), (B), (B·T), (B·T)
};
void make_s2s_batch(const Seq2SeqTask& task, const std::vector<Seq2SeqExample>& examples, S2SBatch& out);

struct S2STrainState {
    TrainOptions options;
    Seq2SeqTask task;
    S2SModel model;
    AdamWState adam;
    S2SActs acts, grads, eval_acts;
    S2SBatch batch;
    TaskRng data_rng{0};
    int step = 0;
    std::vector<TrainLogEntry> log;
    Seq2SeqExample probe;  // a fixed example (the same for every run)
    std::unique_ptr<ThreadPool> pool;
    std::chrono::steady_clock::time_point started;
};

// Errors: unknown task, bad options (named as the CLI's).
Expected<std::unique_ptr<S2STrainState>> make_s2s_train_state(const TrainOptions& o);
TrainLogEntry s2s_train_step(S2STrainState& s);
bool s2s_training_done(const S2STrainState& s);

// On n fresh examples from a stream seeded by `seed`: the teacher-forced loss and token accuracy
// (</s> included), and `exact`: every next token right, which is exactly "greedy decoding writes
// the whole target and stops".
Evaluation s2s_evaluate(S2STrainState& s, int n, std::uint64_t seed);

// The probe's cross-attention through the current weights, as the saved folder's "cross" section
// gives it: queries = the decoder's input (<pad>, the target's pieces), keys = the source's pieces
// and </s>, every layer and head; run.text / run.cross_text are the source and the target, and
// the tokens' spans index them (a piece's ▁ shown as the space before it).
Trace s2s_probe_trace(const S2STrainState& s);

// Greedy decoding of one source (task piece ids), up to max_len tokens: the written pieces
// (task ids), without the final </s>.
std::vector<int> s2s_greedy(S2STrainState& s, const std::vector<int>& source, int max_len);

}  // namespace attn::train
