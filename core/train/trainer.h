// trainer.h — training a tiny GPT-2 or Llama on a task: options, the state of a run, one step, evaluation,
// the probe example's attention as a Trace, the log.
//
// Threading: a TrainState is NOT thread-safe. One thread owns it (the app's training worker, or
// the CLI's main thread) and calls train_step / evaluate / probe_trace on it; it runs its products
// on its own ThreadPool (options.threads), never on engine_pool(), so training does not compete
// with the UI thread's traces for the same pool. Everything the UI needs is returned BY VALUE
// (TrainLogEntry, Evaluation, Trace): the worker copies them out under the app's own lock and the
// UI thread never touches the state. A step is short (milliseconds), so pause/stop between steps.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/base/parallel.h"
#include "core/base/rng.h"
#include "core/base/status.h"
#include "core/attention/trace.h"
#include "core/train/decoder_model.h"
#include "core/train/optimizer.h"
#include "core/task/task.h"

namespace attn::train {

// Every model's vocabulary: the 256 byte symbols (the task's own first) and <|endoftext|>.
constexpr int kFolderVocab = 257;

struct TrainOptions {
    std::string task = "reverse";
    TaskParams task_params;
    int n_layers = 2, n_heads = 4, d_model = 64;
    bool mlp = true;
    Arch arch = Arch::Gpt;   // gpt: learned positions + LayerNorm + GELU; llama: RoPE + RMSNorm + SwiGLU
    int kv_heads = 0;        // llama: key/value heads (0 = one per query head)
    float rope_theta = 10000.0f;  // llama
    // Input lengths (the task's --length) to evaluate on besides the trained one (length
    // generalisation). The model's position range covers the longest: gpt's extra position rows
    // are never trained (they keep their random initialisation); llama has no table to extend.
    std::vector<int> eval_lengths;
    int steps = 300, batch = 64, warmup = 20;
    float lr = 3e-3f;
    AdamWConfig adamw;
    std::uint64_t seed = 1;
    int threads = 1;         // the state's own pool: 1 = serial; 0 = auto_threads. Results are
                             // bit-identical whatever the count
    int eval_every = 25;     // evaluate on fresh examples every this many steps (0 = never)
    int eval_examples = 256;
};

// The task's defaults (model size, steps, lr ...) for `task`; false if the task is unknown.
bool apply_task_defaults(TrainOptions& o, const std::string& task);
// The thread count `threads = 0` resolves to: one per core when a step has enough work to share
// (about 20 million multiply-adds), else 1: a tiny model's products are too small to split, and
// handing them out costs more than it saves (reverse's default: 1,560 steps/s on one thread, 820
// on two).
int auto_threads(const TrainOptions& o, int seq_len);
// Ranges, named as the CLI options: --steps 1 to 100000, --batch 1 to 1024, --lr (0, 1] ...
Status validate_options(const TrainOptions& o);

// What the text and image trainers share. The run's length and optimiser settings of a task's
// defaults (TaskDefaults or ImageTaskDefaults) copied into its options (TrainOptions or
// ImageTrainOptions); each trainer copies its own extra fields.
template <class Options, class Defaults>
void apply_run_defaults(Options& o, const Defaults& d) {
    o.n_layers = d.n_layers;
    o.n_heads = d.n_heads;
    o.d_model = d.d_model;
    o.steps = d.steps;
    o.batch = d.batch;
    o.warmup = d.warmup;
    o.lr = d.lr;
}
// --steps, --batch, --warmup and --threads (0 = auto) in range, named as the CLI's options.
Status validate_run_ranges(int steps, int batch, int warmup, int threads);
// --lr in (0, 1] and --weight-decay in [0, 1).
Status validate_rate(float lr, const AdamWConfig& adamw);
// One thread per core (1 to 64): what `threads = 0` means for a large enough run.
int core_threads();

struct Evaluation {
    int examples = 0;
    float loss = 0;        // mean over scored positions
    float exact = 0;       // fraction of examples with every scored prediction right (greedy)
    float token_acc = 0;   // fraction of scored predictions right
};

// Greedy scoring of evaluation batches, shared by the decoder and encoder–decoder trainers: a batch
// of B examples × T positions whose scored positions (target ≥ 0) each have one row of `probs`
// (V) and `losses`, in order.
struct EvalTally {
    double loss_sum = 0;
    long long scored = 0, right = 0;
    int examples = 0, exact = 0;
    void add(const int* targets, int B, int T, const float* probs, const float* losses, int V);
    Evaluation result() const;
};

struct TrainLogEntry {
    int step = 0;          // 1-based: after this many updates
    float loss = 0;        // training batch loss before the update
    float lr = 0;
    float grad_norm = 0;
    bool evaluated = false;
    Evaluation eval;       // when evaluated
    double seconds = 0;    // since the run started (wall clock; for display only)
};

struct TrainState {
    TrainOptions options;
    Task task;
    DecoderModel model;
    AdamWState adam;
    Activations acts, grads;     // training batch
    Activations eval_acts;       // evaluation batches
    TaskRng data_rng{0};
    int step = 0;                // updates done
    std::vector<TrainLogEntry> log;
    Example probe;               // a fixed example of the task (the same for every run)
    std::unique_ptr<ThreadPool> pool;
    std::chrono::steady_clock::time_point started;
    std::vector<int> ids, targets;  // (B·T) the current batch
};

// The start every trainer's state shares, once its task and model are made: the data stream from
// the seed, the fixed probe example (the same whatever the seed), the thread pool, the clock.
template <class State>
void start_run(State& st) {
    st.data_rng = TaskRng(splitmix64(st.options.seed ^ 0x64617461ull));
    TaskRng probe_rng(0x70726F6265ull);
    st.task.sample(probe_rng, st.probe);
    st.pool = std::make_unique<ThreadPool>(st.options.threads);
    st.started = std::chrono::steady_clock::now();
}

// The tail every trainer's step shares, once the gradients are in `grads`: the scheduled rate, one
// AdamW update of `tensors`, the count, evaluate(last) when due (every eval_every steps, and at the
// last step with last = true), the time since the start, and the entry appended to s.log.
template <class State, class Evaluate>
TrainLogEntry finish_step(State& s, TrainLogEntry e, const std::vector<ParamTensor>& tensors, Floats& params,
                          const Floats& grads, Evaluate evaluate) {
    const auto& o = s.options;
    e.lr = lr_at(o.lr, s.step, o.warmup, o.steps);
    e.grad_norm = adamw_step(tensors, params, grads, s.adam, o.adamw, e.lr);
    s.step += 1;
    e.step = s.step;
    const bool last = s.step == o.steps;
    if (last || (o.eval_every > 0 && s.step % o.eval_every == 0)) {
        e.evaluated = true;
        e.eval = evaluate(last);
    }
    e.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - s.started).count();
    s.log.push_back(e);
    return e;
}

// Builds the task and a freshly initialised model. Errors: unknown task, bad options (named).
Expected<std::unique_ptr<TrainState>> make_train_state(const TrainOptions& o);

// One update on a fresh batch; evaluates when the step count reaches a multiple of eval_every
// (and at the last step). Returns the new log entry (also appended to state.log).
TrainLogEntry train_step(TrainState& s);
bool training_done(const TrainState& s);

// Accuracy on `n` fresh examples drawn from a stream seeded by `seed` (not the training stream).
Evaluation evaluate(TrainState& s, int n, std::uint64_t seed);
// The same on the task made with input length `length` (the other parameters as trained). Errors:
// the task refuses the length (named), or (gpt) it is longer than the position table, which covers
// the lengths given in eval_lengths when the state was made. Llama has no table: any length.
Expected<Evaluation> evaluate_length(TrainState& s, int length, int n, std::uint64_t seed);

// The probe example through the current weights as a Trace, exactly what loading the saved folder
// and running the probe text would give (every layer, every head).
Trace probe_trace(const TrainState& s);
std::string probe_text(const TrainState& s);  // the probe's input as text ("abcdef>fedcb")

// Inputs and scored targets (B·T each) for examples; T = task.seq_len − 1.
void make_batch(const std::vector<Example>& examples, std::vector<int>& ids, std::vector<int>& targets);

}  // namespace attn::train
