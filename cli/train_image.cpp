// train_image.cpp — `attnlab train --task fashion|odd-one`: the tiny Vision Transformer's options,
// training loop with a progress line, the final test accuracy and the saved ViT folder.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <iostream>

#include "cli/cli_messages.h"
#include "cli/train_command.h"
#include "core/train/run_folder.h"
#include "core/train/vit_io.h"
#include "core/train/vit_trainer.h"

namespace attn::cli {

namespace {

int bad(const std::string& message) { return train_fail(message, kExitBadInput); }

}  // namespace

int run_image_train(const TrainCommandOptions& o) {
    train::ImageTrainOptions t;
    if (!train::apply_image_task_defaults(t, o.task)) return bad("--task " + o.task + ": not an image task.");
    if (o.output.empty()) return train_fail("-o: give the model folder to create, e.g. -o models/" + o.task + ".", kExitUsage);
    if (!o.figure.empty()) return bad("--figure is for the text tasks; the Train view shows an image task's run.");
    if (o.no_mlp) return bad("--no-mlp is for the text tasks.");
    if (o.symbols || o.length || !o.text.empty() || !o.text_file.empty())
        return bad("--symbols, --length, --text and --text-file are for the text tasks.");
    if (o.patch) t.patch = *o.patch;
    if (o.layers) t.n_layers = *o.layers;
    if (o.heads) t.n_heads = *o.heads;
    if (o.d_model) t.d_model = *o.d_model;
    if (o.steps) t.steps = *o.steps;
    if (o.batch) t.batch = *o.batch;
    if (o.warmup) t.warmup = *o.warmup;
    if (o.lr) t.lr = float(*o.lr);  // beyond float's range: ±inf or 0, refused by validate_image_options
    if (o.train_size) t.train_size = *o.train_size;
    if (o.test_size) t.test_size = *o.test_size;
    if (o.seed < 0) return bad("--seed " + std::to_string(o.seed) + ": must be 0 or more.");
    t.seed = std::uint64_t(o.seed);
    if (o.threads && *o.threads < 1) return bad("--threads " + std::to_string(*o.threads) + ": must be 1 to 64.");
    t.threads = o.threads.value_or(0);
    t.data_dir = o.data_dir;
    if (Status s = train::validate_image_options(t); !s) return bad(s.message());
    {
        std::error_code ec;
        const std::filesystem::path out(o.output);
        if (std::filesystem::exists(out, ec)) return bad(o.output + " exists already. Choose a new folder name.");
        if (std::string why = unwritable_reason(out); !why.empty()) return train_fail(why, kExitIo);
    }

    auto state = train::make_image_train_state(t);
    if (!state) return train_fail(state.error(), kExitBadInput);
    train::ImageTrainState& s = **state;
    const bool tty = !o.quiet && ::isatty(2);
    const train::VitShape& sh = s.model.shape;
    if (!o.quiet) {
        std::fprintf(stderr,
                     "Training %s: a Vision Transformer on %d training images (%d×%d, %d×%d patches: %d tokens with the "
                     "class token), %d layer%s, %d heads, d_model %d, %d steps of %d, %d thread%s\n",
                     t.task.c_str(), s.data.train.size(), sh.image_side, sh.image_side, sh.patch, sh.patch, sh.seq_len(),
                     sh.n_layers, sh.n_layers == 1 ? "" : "s", sh.n_heads, sh.d_model, t.steps, t.batch, s.options.threads,
                     s.options.threads == 1 ? "" : "s");
    }
    while (!train::image_training_done(s)) {
        const train::TrainLogEntry e = train::image_train_step(s);
        if (tty) print_progress(e, t.steps, s.log, "test", false);
    }
    if (tty) std::fputc('\n', stderr);
    const train::TrainLogEntry& last = s.log.back();  // the last step evaluates on every test image
    if (Status st = train::save_vit_folder(s, o.output); !st) return train_fail(st.message(), kExitIo);
    std::fprintf(stderr, "%d steps in %.1f s (%.1f steps/s); loss %.4f; on %d test images: %.1f%% right\n", s.step,
                 last.seconds, last.seconds > 0 ? s.step / last.seconds : 0.0, last.loss, last.eval.examples,
                 100.0 * last.eval.exact);
    std::cerr << "Wrote " << one_line(o.output) << " (a ViTForImageClassification folder: attnlab predict --model "
              << one_line(o.output)
              << " --image FILE)\n";
    return 0;
}

}  // namespace attn::cli
