// train_command.cpp — `attnlab train`: options → TrainOptions, the training loop with a progress
// line on a terminal, the final evaluation, the atomic save and the figure (--figure).
#include "cli/train_command.h"

#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>
#include <vector>

#include "cli/cli_messages.h"
#include "core/i18n/languages.h"
#include "core/train/run_folder.h"
#include "core/base/asset_paths.h"
#include "core/base/atomic_file.h"
#include "core/figure/figure_train.h"
#include "core/train/image_data.h"
#include "core/task/seq2seq_task.h"
#include "core/train/gpt2_io.h"
#include "core/train/trainer_kinds.h"
#include "core/train/train_figure.h"

namespace attn::cli {

void add_train_options(CLI::App& cmd, TrainCommandOptions& o) {
    cmd.add_option("--task", o.task,
                   "reverse, sort, copy, induction, brackets, text, repeat; images: fashion, odd-one; --arch seq2seq: "
                   "reverse, sort, en-ko")
        ->capture_default_str();
    cmd.add_option("-o,--output", o.output, "The model folder to create (must not exist)");
    cmd.add_option("--figure", o.figure,
                   "Also write a figure of the run (loss and accuracy curves, every head on the probe): "
                   ".png, .svg or .pdf; without -o only the figure is written");
    cmd.add_flag("--list-tasks", o.list_tasks, "List the tasks with what to expect, then exit");
    cmd.add_option("--layers", o.layers, "Layers, 1 to 4 (default: the task's)");
    cmd.add_option("--heads", o.heads, "Heads per layer, 1 to 8 (default: the task's)");
    cmd.add_option("--d-model", o.d_model, "Model width, 16 to 256, divisible by --heads (default: the task's)");
    cmd.add_flag("--no-mlp", o.no_mlp, "Attention only: the MLPs stay zero (still a valid GPT-2 or Llama)");
    cmd.add_option("--arch", o.arch,
                   "gpt: learned positions, LayerNorm, GELU (saved as GPT-2); llama: rotary positions (RoPE), "
                   "RMSNorm, SwiGLU, grouped-query attention (saved as LlamaForCausalLM); seq2seq: an encoder and a "
                   "decoder joined by cross-attention (tasks reverse, sort, en-ko; saved as MarianMTModel)")
        ->capture_default_str();
    cmd.add_option("--kv-heads", o.kv_heads, "--arch llama: key/value heads, dividing --heads (default: --heads)");
    cmd.add_option("--rope-theta", o.rope_theta, "--arch llama: RoPE's base θ, 1 to 1e9 (default 10000)");
    cmd.add_option("--eval-lengths", o.eval_lengths,
                   "Also evaluate on these input lengths after training, e.g. 6,8,10,12 (length generalisation; "
                   "gpt's position rows beyond the trained length stay untrained)");
    cmd.add_option("--steps", o.steps, "Training steps, 1 to 1000000 (default: the task's)");
    cmd.add_option("--batch", o.batch, "Examples per step, 1 to 1024 (default: the task's)");
    cmd.add_option("--lr", o.lr, "Peak learning rate, above 0 and at most 1 (default: the task's)");
    cmd.add_option("--warmup", o.warmup, "Warm-up steps (default: the task's)");
    cmd.add_option("--seed", o.seed, "Random seed: the same seed gives the same model")->capture_default_str();
    cmd.add_option("--threads", o.threads, "Threads, 1 to 64 (default: one per core, or 1 for a tiny model)");
    cmd.add_option("--symbols", o.symbols, "Alphabet size of the task (default: the task's)");
    cmd.add_option("--length", o.length, "Sequence length of the task (default: the task's)");
    cmd.add_option("--text", o.text, "The text task's training text");
    cmd.add_option("--text-file", o.text_file, "The text task's training text, from a UTF-8 file");
    cmd.add_option("--patch", o.patch, "Image tasks: patch side, dividing 28 (7: 16 patches, 4: 49; default 7)");
    cmd.add_option("--train-size", o.train_size,
                   "Image tasks: training images kept, 10 to 60000 (e.g. 100, 1000, 60000; default: all)");
    cmd.add_option("--test-size", o.test_size, "Image tasks: test images scored, 10 to 10000 (default: all)");
    cmd.add_option("--data-dir", o.data_dir,
                   "fashion: the folder of Fashion-MNIST's idx files (default: $ATTNLAB_FASHION_MNIST or "
                   "/usr/share/datasets/fashion-mnist)");
    cmd.add_flag("-q,--quiet", o.quiet, "No progress line");
    cmd.add_option("--lang", o.lang, "Language of --list-tasks and --figure: en or ko")->capture_default_str();
}

namespace {

void list_tasks(bool ko) {
    for (const train::TaskInfo& t : train::task_registry()) {
        const train::TaskDefaults& d = t.defaults;
        std::cout << t.name << "  —  " << t.summary_en << "\n";
        std::cout << "  default: " << d.n_layers << (d.n_layers == 1 ? " layer, " : " layers, ") << d.n_heads
                  << " heads, d_model " << d.d_model << (d.mlp ? "" : ", attention only") << ", " << d.steps
                  << " steps of " << d.batch << ", lr " << d.lr << "\n";
        std::cout << "  " << i18n::translate(ko ? 1 : 0, nullptr, t.explain) << "\n\n";
    }
    for (const train::Seq2SeqTaskInfo& t : train::seq2seq_task_registry()) {
        const train::TaskDefaults& d = t.defaults;
        std::cout << t.name << " (--arch seq2seq)  —  " << t.summary_en << "\n";
        std::cout << "  default: an encoder and a decoder of " << d.n_layers << (d.n_layers == 1 ? " layer" : " layers")
                  << " each, " << d.n_heads << " heads, d_model " << d.d_model << ", " << d.steps << " steps of "
                  << d.batch << ", lr " << d.lr << "\n";
        std::cout << "  " << i18n::translate(ko ? 1 : 0, nullptr, t.explain) << "\n\n";
    }
    for (const train::ImageTaskInfo& t : train::image_task_registry()) {
        const train::ImageTaskDefaults& d = t.defaults;
        std::cout << t.name << "  —  " << t.summary_en << "\n";
        std::cout << "  default: a Vision Transformer on 28×28 images, " << d.patch << "×" << d.patch << " patches, "
                  << d.n_layers << " layers, " << d.n_heads << " heads, d_model " << d.d_model << ", " << d.steps
                  << " steps of " << d.batch << ", lr " << d.lr << "\n";
        std::cout << "  " << i18n::translate(ko ? 1 : 0, nullptr, t.explain) << "\n\n";
    }
}

// An option's value refused (kExitBadInput) or the command line incomplete (kExitUsage).
int bad(const std::string& message) { return train_fail(message, kExitBadInput); }
int usage(const std::string& message) { return train_fail(message, kExitUsage); }

// "6,8,10" -> {6, 8, 10}; false on anything else (empty items, signs, letters, over 9999).
bool parse_lengths(const std::string& text, std::vector<int>& out) {
    out.clear();
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        if (item.empty() || item.size() > 4) return false;
        for (char ch : item)
            if (!std::isdigit(static_cast<unsigned char>(ch))) return false;
        out.push_back(std::stoi(item));
    }
    return !out.empty() && text.back() != ',';
}

}  // namespace

int train_fail(const std::string& message, int code) { return fail("train", message, code); }

void print_progress(const train::TrainLogEntry& e, int steps, const std::vector<train::TrainLogEntry>& log,
                    const char* label, bool token_acc) {
    if (e.step % 10 != 0 && e.step != steps) return;
    const int bar = int(float(e.step) / float(steps) * 20);
    const train::TrainLogEntry* last_eval = nullptr;
    for (auto it = log.rbegin(); it != log.rend() && !last_eval; ++it)
        if (it->evaluated) last_eval = &*it;
    std::fprintf(stderr, "\r[%s%s] %5d/%d  %6.1f steps/s  loss %.4f", std::string(bar, '#').c_str(),
                 std::string(20 - bar, '.').c_str(), e.step, steps, e.seconds > 0 ? e.step / e.seconds : 0.0, e.loss);
    if (last_eval)
        std::fprintf(stderr, "  %s %5.1f%%", label, 100.0 * (token_acc ? last_eval->eval.token_acc : last_eval->eval.exact));
    std::fflush(stderr);
}

// The figure format from the file's extension (any case).
static bool figure_format_of(const std::string& path, FigureFormat* out) {
    std::string ext = std::filesystem::path(path).extension().string();
    for (char& ch : ext) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    return ext.size() > 1 && parse_figure_format(ext.substr(1), out);
}

static Status write_train_figure(const TrainFigureData& d, const std::string& path, FigureFormat format,
                                 FigureLang lang, const char* argv0) {
    FigureOptions fo;
    fo.lang = lang;
    fo.png_scale = format == FigureFormat::Png ? 2.0 : 1.0;  // 3200 × 1800 (240 dpi), as the app's default
    auto font = find_figure_font(resolve_asset_dir(argv0, ATTNLAB_SOURCE_ASSET_DIR));
    if (!font) return font.status();
    fo.font_files.push_back(*font);
    auto bytes = render_train_figure(d, format, fo);
    if (!bytes) return bytes.status();
    return write_file_atomically(path, [&](std::ostream& os) {
        os.write(bytes->data(), std::streamsize(bytes->size()));
        return Status::Ok();
    });
}


int write_run_figure(const TrainCommandOptions& o, const TrainFigureData& d, FigureFormat format, const char* argv0) {
    const FigureLang lang = o.lang == "ko" ? FigureLang::Ko : FigureLang::En;
    if (Status st = write_train_figure(d, o.figure, format, lang, argv0); !st)
        return train_fail("--figure: " + st.message(), kExitIo);
    std::cerr << "Wrote the figure " << one_line(o.figure) << "\n";
    return 0;
}

int check_train_outputs(const TrainCommandOptions& o, FigureFormat* figure_format) {
    if (!o.figure.empty() && !figure_format_of(o.figure, figure_format))
        return train_fail("--figure " + o.figure + ": the file name must end in .png, .svg or .pdf.", kExitBadInput);
    // The folder is checked before training so a typo does not cost a run; save checks again.
    if (!o.output.empty()) {
        std::error_code ec;
        const std::filesystem::path out(o.output);
        if (std::filesystem::exists(out, ec))
            return train_fail(o.output + " exists already. Choose a new folder name.", kExitBadInput);
        if (std::string why = unwritable_reason(out); !why.empty()) return train_fail(why, kExitIo);
    }
    if (!o.figure.empty()) {  // an existing file is replaced (atomically), a folder is not
        std::error_code ec;
        if (std::filesystem::is_directory(o.figure, ec))
            return train_fail("--figure " + o.figure + " is a folder. Give a file name ending in .png, .svg or .pdf.",
                              kExitBadInput);
        if (std::string why = unwritable_reason(o.figure); !why.empty()) return train_fail("--figure: " + why, kExitIo);
    }
    return 0;
}

std::string unwritable_reason(const std::filesystem::path& path) {
    std::error_code ec;
    const std::filesystem::path parent = path.has_parent_path() ? path.parent_path() : ".";
    if (!std::filesystem::is_directory(parent, ec))
        return "The folder " + parent.string() + " does not exist. Create it first.";
    if (::access(parent.c_str(), W_OK) != 0) return "Cannot write in " + parent.string() + " (permission denied).";
    return "";
}

int run_train(const TrainCommandOptions& o, const char* argv0) {
    if (o.lang != "en" && o.lang != "ko") return bad("--lang: choose en or ko, not '" + o.lang + "'.");
    if (o.list_tasks) {
        list_tasks(o.lang == "ko");
        return 0;
    }
    const train::TrainerKind* kind = train::find_trainer(o.arch);
    if (!kind) return bad("--arch " + o.arch + ": choose " + train::trainer_ids() + ".");
    if (kind->own_tasks) return run_seq2seq_train(o, argv0);
    if (train::is_image_task(o.task)) {
        if (o.arch != TrainCommandOptions{}.arch || o.kv_heads || o.rope_theta || !o.eval_lengths.empty())
            return bad("--arch, --kv-heads, --rope-theta and --eval-lengths are for the text tasks (the image tasks "
                       "train a Vision Transformer).");
        return run_image_train(o);
    }
    if (o.patch || o.train_size || o.test_size || !o.data_dir.empty())
        return bad("--patch, --train-size, --test-size and --data-dir are for the image tasks (fashion, odd-one).");
    train::TrainOptions t;
    if (!train::apply_task_defaults(t, o.task))
        return bad("--task " + o.task + ": unknown task. Choose one of: " + train::task_names() + ", fashion, odd-one.");
    if (o.output.empty() && o.figure.empty())
        return usage("-o: give the model folder to create, e.g. -o models/" + o.task + " (or --figure FILE for a figure only).");
    t.arch = kind->arch;
    if (o.kv_heads) {
        if (!kind->grouped_kv) return bad("--kv-heads is for --arch llama.");
        if (*o.kv_heads < 1) return bad("--kv-heads " + std::to_string(*o.kv_heads) + ": must be 1 or more.");
        t.kv_heads = *o.kv_heads;
    }
    if (o.rope_theta) {
        if (!kind->grouped_kv) return bad("--rope-theta is for --arch llama.");
        if (!(*o.rope_theta >= 1.0 && *o.rope_theta <= 1e9)) return bad("--rope-theta: must be 1 to 1000000000.");
        t.rope_theta = float(*o.rope_theta);
    }
    if (!o.eval_lengths.empty()) {
        if (!parse_lengths(o.eval_lengths, t.eval_lengths))
            return bad("--eval-lengths " + o.eval_lengths + ": give lengths separated by commas, e.g. 6,8,10.");
    }
    if (o.layers) t.n_layers = *o.layers;
    if (o.heads) t.n_heads = *o.heads;
    if (o.d_model) t.d_model = *o.d_model;
    if (o.no_mlp) t.mlp = false;
    if (o.steps) t.steps = *o.steps;
    if (o.batch) t.batch = *o.batch;
    if (o.warmup) t.warmup = *o.warmup;
    if (o.lr) t.lr = float(*o.lr);  // beyond float's range: ±inf or 0, refused by validate_options
    if (o.seed < 0) return bad("--seed " + std::to_string(o.seed) + ": must be 0 or more.");
    t.seed = std::uint64_t(o.seed);
    if (o.threads && *o.threads < 1) return bad("--threads " + std::to_string(*o.threads) + ": must be 1 to 64.");
    t.threads = o.threads.value_or(0);  // 0: train::auto_threads
    if (o.symbols && *o.symbols < 1) return bad("--symbols " + std::to_string(*o.symbols) + ": must be 1 or more.");
    if (o.length && *o.length < 1) return bad("--length " + std::to_string(*o.length) + ": must be 1 or more.");
    t.task_params.n_symbols = o.symbols.value_or(0);
    t.task_params.length = o.length.value_or(0);
    if (!o.text.empty() && !o.text_file.empty()) return bad("--text and --text-file: give one of them.");
    if ((!o.text.empty() || !o.text_file.empty()) && o.task != "text")
        return bad("--text and --text-file are for --task text.");
    t.task_params.text = o.text;
    if (!o.text_file.empty()) {
        std::ifstream in(o.text_file, std::ios::binary);
        if (!in) return bad("--text-file: cannot read '" + o.text_file + "'.");
        std::ostringstream ss;
        ss << in.rdbuf();
        t.task_params.text = ss.str();
        if (t.task_params.text.empty()) return bad("--text-file: '" + o.text_file + "' is empty.");
    }
    if (Status s = train::validate_options(t); !s) return bad(s.message());
    FigureFormat figure_format = FigureFormat::Png;
    if (int code = check_train_outputs(o, &figure_format); code != 0) return code;

    auto state = train::make_train_state(t);
    if (!state) return bad(state.error());
    train::TrainState& s = **state;
    const bool tty = !o.quiet && ::isatty(2);
    if (!o.quiet) {
        std::cerr << "Training " << t.task << " (" << train::arch_name(t.arch) << "): " << t.n_layers << (t.n_layers == 1 ? " layer, " : " layers, ")
                  << t.n_heads << " heads, d_model " << t.d_model << (t.mlp ? "" : ", attention only") << ", "
                  << t.steps << " steps of " << t.batch << " examples, " << s.options.threads
                  << (s.options.threads == 1 ? " thread\n" : " threads\n");
    }
    float first_99 = -1;  // seconds when fresh-example accuracy first reached 99%
    int first_99_step = 0;
    while (!train::training_done(s)) {
        const train::TrainLogEntry e = train::train_step(s);
        const float acc = s.task.exact_meaningful ? e.eval.exact : e.eval.token_acc;
        if (e.evaluated && first_99 < 0 && acc >= 0.99f) {
            first_99 = float(e.seconds);
            first_99_step = e.step;
        }
        if (tty) print_progress(e, t.steps, s.log, s.task.exact_meaningful ? "exact" : "acc", !s.task.exact_meaningful);
    }
    if (tty) std::fputc('\n', stderr);
    const train::Evaluation final_eval = train::evaluate(s, 1000, 0xF1A1ull + t.seed);
    const double secs = s.log.empty() ? 0.0 : s.log.back().seconds;
    if (!o.output.empty()) {
        if (Status st = train::save_model_folder(s, o.output); !st) return train_fail(st.message(), kExitIo);
    }
    char line[256];
    std::snprintf(line, sizeof line, "%d steps in %.2f s (%.1f steps/s); loss %.4f; on 1000 fresh examples: ",
                  s.step, secs, secs > 0 ? s.step / secs : 0.0, s.log.back().loss);
    std::cerr << line;
    if (s.task.exact_meaningful)
        std::fprintf(stderr, "%.1f%% exact, ", 100.0 * final_eval.exact);
    std::fprintf(stderr, "%.1f%% of tokens right\n", 100.0 * final_eval.token_acc);
    if (first_99 >= 0)
        std::fprintf(stderr, "Reached 99%% %s at step %d (%.2f s).\n",
                     s.task.exact_meaningful ? "exact" : "token accuracy", first_99_step, first_99);
    for (int len : t.eval_lengths) {  // on stdout: the table the experiment reads
        auto ev = train::evaluate_length(s, len, 1000, 0xF1A1ull + t.seed);
        if (!ev) return bad("--eval-lengths: " + ev.error());
        std::printf("length %2d (trained %d): %5.1f%% exact, %5.1f%% of tokens right, loss %.3f\n", len,
                    s.task.params.length, 100.0 * ev->exact, 100.0 * ev->token_acc, ev->loss);
    }
    std::fflush(stdout);
    if (!o.output.empty())
        std::cerr << "Wrote " << one_line(o.output) << " (open it with: attnlab dump --model " << one_line(o.output) << " --text \""
                  << train::probe_text(s) << "\" -o -)\n";
    if (!o.figure.empty()) return write_run_figure(o, train::train_figure_data(s), figure_format, argv0);
    return 0;
}

}  // namespace attn::cli
