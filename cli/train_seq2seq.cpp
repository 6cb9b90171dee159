// train_seq2seq.cpp — `attnlab train --arch seq2seq --task reverse|sort|en-ko`: the tiny
// encoder–decoder's options, the training loop with a progress line, the final evaluation and a
// few greedy translations of fresh sources.
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "cli/cli_messages.h"
#include "cli/train_command.h"
#include "core/base/rng.h"
#include "core/train/seq2seq/s2s_io.h"
#include "core/train/seq2seq/s2s_trainer.h"
#include "core/train/train_figure.h"

namespace attn::cli {

namespace {

int bad(const std::string& message) { return train_fail(message, kExitBadInput); }

}  // namespace

int run_seq2seq_train(const TrainCommandOptions& o, const char* argv0) {
    train::TrainOptions t;
    if (!train::apply_s2s_task_defaults(t, o.task))
        return bad("--task " + o.task + ": no such task for --arch seq2seq. Choose one of: " +
                   train::seq2seq_task_names() + ".");
    if (o.output.empty() && o.figure.empty())
        return train_fail("-o: give the model folder to create, e.g. -o models/" + o.task +
                              " (or --figure FILE for a figure only).",
                          kExitUsage);
    if (o.no_mlp || o.kv_heads || o.rope_theta || !o.eval_lengths.empty())
        return bad("--no-mlp, --kv-heads, --rope-theta and --eval-lengths are for --arch gpt and llama.");
    if (!o.text.empty() || !o.text_file.empty()) return bad("--text and --text-file are for --task text.");
    if (o.patch || o.train_size || o.test_size || !o.data_dir.empty())
        return bad("--patch, --train-size, --test-size and --data-dir are for the image tasks (fashion, odd-one).");
    if (o.layers) t.n_layers = *o.layers;
    if (o.heads) t.n_heads = *o.heads;
    if (o.d_model) t.d_model = *o.d_model;
    if (o.steps) t.steps = *o.steps;
    if (o.batch) t.batch = *o.batch;
    if (o.warmup) t.warmup = *o.warmup;
    if (o.lr) t.lr = float(*o.lr);  // beyond float's range: ±inf or 0, refused by the options' check
    if (o.seed < 0) return bad("--seed " + std::to_string(o.seed) + ": must be 0 or more.");
    t.seed = std::uint64_t(o.seed);
    if (o.threads && *o.threads < 1) return bad("--threads " + std::to_string(*o.threads) + ": must be 1 to 64.");
    t.threads = o.threads.value_or(0);
    if (o.symbols && *o.symbols < 1) return bad("--symbols " + std::to_string(*o.symbols) + ": must be 1 or more.");
    if (o.length && *o.length < 1) return bad("--length " + std::to_string(*o.length) + ": must be 1 or more.");
    t.task_params.n_symbols = o.symbols.value_or(0);
    t.task_params.length = o.length.value_or(0);
    FigureFormat figure_format = FigureFormat::Png;
    if (int code = check_train_outputs(o, &figure_format); code != 0) return code;

    auto state = train::make_s2s_train_state(t);
    if (!state) return bad(state.error());
    train::S2STrainState& s = **state;
    const bool tty = !o.quiet && ::isatty(2);
    if (!o.quiet) {
        std::fprintf(stderr,
                     "Training %s (seq2seq): an encoder and a decoder of %d layer%s each, %d heads, d_model %d, "
                     "%d steps of %d, %d thread%s\n",
                     t.task.c_str(), t.n_layers, t.n_layers == 1 ? "" : "s", t.n_heads, t.d_model, t.steps, t.batch,
                     s.options.threads, s.options.threads == 1 ? "" : "s");
    }
    while (!train::s2s_training_done(s)) {
        const train::TrainLogEntry e = train::s2s_train_step(s);
        if (tty) print_progress(e, t.steps, s.log, "exact", false);
    }
    if (tty) std::fputc('\n', stderr);
    const train::Evaluation final_eval = train::s2s_evaluate(s, 1000, 0xF1A1ull + t.seed);
    const double secs = s.log.back().seconds;
    if (!o.output.empty())
        if (Status st = train::save_s2s_folder(s, o.output); !st) return train_fail(st.message(), kExitIo);
    std::fprintf(stderr,
                 "%d steps in %.2f s (%.1f steps/s); loss %.4f; on 1000 fresh sources: %.1f%% translated exactly, "
                 "%.1f%% of tokens right\n",
                 s.step, secs, secs > 0 ? s.step / secs : 0.0, s.log.back().loss, 100.0 * final_eval.exact,
                 100.0 * final_eval.token_acc);
    // A few fresh sources, greedy: what the model writes, on stdout.
    train::TaskRng rng(splitmix64(0x73686F77ull + t.seed));
    for (int i = 0; i < 3; ++i) {
        train::Seq2SeqExample ex;
        s.task.sample(rng, ex);
        const std::vector<int> out = train::s2s_greedy(s, ex.source, s.task.max_target + 1);
        const std::string note = out == ex.target ? "" : "   (expected: " + s.task.text(ex.target) + ")";
        std::printf("%s -> %s%s\n", s.task.text(ex.source).c_str(), s.task.text(out).c_str(), note.c_str());
    }
    std::fflush(stdout);
    if (!o.output.empty())
        std::cerr << "Wrote " << one_line(o.output) << " (a MarianMTModel folder: attnlab generate --model "
                  << one_line(o.output) << " --text \"" << s.task.text(s.probe.source) << "\" -o -)\n";
    if (!o.figure.empty()) return write_run_figure(o, train::train_figure_data(s), figure_format, argv0);
    return 0;
}

}  // namespace attn::cli
