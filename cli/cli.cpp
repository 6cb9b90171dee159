// cli.cpp — `attnlab <command> ...`: the command-line side of AttnLab, on the same core as the app
// (implementation; the interface and its contract are in cli.h)
#include "cli/cli.h"

#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <new>
#include <string>

#include <CLI/CLI.hpp>

#include "attnlab_version.h"
#include "cli/cli_messages.h"
#include "cli/export_command.h"
#include "cli/generate_command.h"
#include "cli/lesson_command.h"
#include "cli/lens_command.h"
#include "cli/run_options.h"
#include "cli/train_command.h"
#include "cli/transcribe_command.h"
#include "core/base/asset_paths.h"
#include "core/base/atomic_file.h"
#include "core/attention/engine.h"
#include "core/attention/trace_json.h"
#include "core/attention/row_kernels.h"

namespace attn::cli {

bool wants_cli(int argc, char** argv, bool gui_available) {
    if (!gui_available) return true;
    for (int i = 1; i < argc; ++i) {
        const char* a = argv[i];
        if (std::strcmp(a, "dump") == 0 || std::strcmp(a, "export") == 0 || std::strcmp(a, "help") == 0 ||
            std::strcmp(a, "lesson") == 0 ||
            std::strcmp(a, "generate") == 0 || std::strcmp(a, "predict") == 0 || std::strcmp(a, "heads") == 0 ||
            std::strcmp(a, "lens") == 0 || std::strcmp(a, "transcribe") == 0 ||
            std::strcmp(a, "train") == 0 ||
            std::strcmp(a, "--help") == 0 || std::strcmp(a, "-h") == 0 ||
            std::strcmp(a, "--version") == 0) {
            return true;
        }
    }
    return false;
}

struct DumpOptions {
    RunOptions run;
    std::string output;
    bool compact = false;
    bool no_derived = false;
    bool weights_only = false;
};

static int run_dump(const DumpOptions& o) {
    auto setup = make_run_setup(o.run);
    if (!setup) return fail("dump", setup.error(), run_setup_exit_code(o.run));
    auto model = load_cli_model(o.run, *setup);
    if (!model) return fail("dump", model.error(), kExitBadInput);
    auto sections = compute_cli_run(*model, setup->run);
    if (!sections) return fail("dump", sections.error(), kExitBadInput);
    const Trace* trace = &sections->front();
    TraceJsonOptions jopt;
    jopt.pretty = !o.compact;
    jopt.include_derived = !o.no_derived;
    jopt.weights_only = o.weights_only;
    // "-" is standard output (atomic_file.h): a full disk is reported, a closed pipe ends quietly.
    Status s = write_file_atomically(o.output, [&](std::ostream& out) {
        write_run_json(out, *sections, jopt);
        return Status::Ok();
    });
    if (!s) return fail_output("dump", o.output, s.message());
    if (is_standard_output(o.output)) return kExitOk;
    if (sections->size() > 1) {
        std::cerr << "Wrote " << one_line(o.output) << " (" << sections->size() << " sections:";
        for (const Trace& s : *sections)
            std::cerr << " " << s.section << " " << s.t_q() << " x " << s.t_k();
        std::cerr << ")\n";
        return kExitOk;
    }
    std::cerr << "Wrote " << one_line(o.output) << " (" << trace->t_q() << " x " << trace->t_k() << " tokens, "
              << trace->layers.size() << (trace->layers.size() == 1 ? " layer, " : " layers, ")
              << trace->model.n_heads << " heads)\n";
    return kExitOk;
}

// CLI11's parse errors as one line naming the command, or the help/version text it asks for.
static int parse_error(CLI::App& app, const CLI::ParseError& e, const char* command, int argc, char** argv) {
    if (e.get_exit_code() == 0) {  // --help, --version: CLI11 prints them to standard output
        app.exit(e);
        return kExitOk;
    }
    std::string what = e.what();
    // A bare first word that is no command: say so (CLI11 would say "A subcommand is required").
    bool known = false;
    for (const CLI::App* sub : app.get_subcommands(nullptr)) known = known || (argc > 1 && sub->get_name() == argv[1]);
    if (command == nullptr && argc > 1 && argv[1][0] != '-' && !known)
        what = std::string("Unknown command '") + argv[1] + "'";
    if (what.empty()) what = "invalid command line";
    if (what.back() != '.') what += '.';
    // A value CLI11 refused (not a number, out of its range, options that exclude each other) is
    // bad input as when the command refuses it; what cannot be read as a command line is usage.
    const std::string kind = e.get_name();
    const bool value = kind == "ConversionError" || kind == "ValidationError" || kind == "ExcludesError";
    return fail(command, what + " See attnlab --help.", value ? kExitBadInput : kExitUsage);
}

// `attnlab --version [--verbose]`: the version alone, or also how this binary was built and which
// row kernels (core/simd) this CPU runs — what a bug report about a classroom PC needs.
static bool is_version_request(int argc, char** argv, bool* verbose) {
    bool version = false, other = false;
    *verbose = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--version") == 0) version = true;
        else if (std::strcmp(argv[i], "--verbose") == 0 || std::strcmp(argv[i], "-v") == 0) *verbose = true;
        else other = true;
    }
    return version && !other;
}

static int print_version(bool verbose, const char* argv0) {
    std::cout << "attnlab " << ATTNLAB_VERSION_STRING << "\n";
    if (!verbose) return kExitOk;  // run_cli checks that it was written
    std::cout << "license:      " << ATTNLAB_LICENSE_LINE << "\n"
              << "compiler:     " << ATTNLAB_BUILD_COMPILER << " (" << ATTNLAB_BUILD_TYPE << ")\n"
              << "build flags:  " << ATTNLAB_BUILD_FLAGS << "\n"
              << "baseline ISA: " << ATTNLAB_BUILD_BASELINE << "\n"
              << "row kernels:  " << simd::row_kernels().name << "\n";
    const std::filesystem::path assets = resolve_asset_dir(argv0, ATTNLAB_SOURCE_ASSET_DIR);
    std::cout << "assets:       " << (assets.empty() ? std::string("(not found)") : assets.string()) << "\n";
    return kExitOk;
}

static int run_cli_checked(int argc, char** argv, bool gui_available);

// What went to std::cout (help, version, lists, reports) is checked once, here: a closed pipe
// ends quietly (kExitClosedPipe), any other failure of a command that succeeded is an I/O error.
static int finish_stdout(int code) {
    std::cout.flush();
    if (std::cout) return code;
    if (stdout_reader_gone()) return kExitClosedPipe;
    return code == kExitOk ? fail(nullptr, "Cannot write to standard output.", kExitIo) : code;
}

int run_cli(int argc, char** argv, bool gui_available) {
    // Writes to a closed pipe fail with EPIPE instead of killing the process, so that a command
    // ends through its own code (temporary files removed) and chooses its exit status.
    std::signal(SIGPIPE, SIG_IGN);
    try {
        return finish_stdout(run_cli_checked(argc, argv, gui_available));
    } catch (const std::bad_alloc&) {
        return fail(nullptr, "Out of memory: the request needs more memory than this machine has.", kExitBadInput);
    } catch (const std::exception& e) {
        return fail(nullptr, std::string("Unexpected error: ") + e.what(), kExitBadInput);
    }
}

static int run_cli_checked(int argc, char** argv, bool gui_available) {
    if (bool verbose = false; is_version_request(argc, argv, &verbose))
        return print_version(verbose, argc > 0 ? argv[0] : nullptr);
    CLI::App app{std::string("AttnLab ") + ATTNLAB_VERSION_STRING +
                 " — see every step of scaled dot-product attention.\n" +
                 (gui_available ? "Run without arguments to open the app.\n" : "")};
    app.footer(exit_codes_help());
    app.set_version_flag("--version", std::string("attnlab ") + ATTNLAB_VERSION_STRING,
                         "Print the version (with --verbose: build flags, instruction sets) and exit");
    app.require_subcommand(gui_available ? 0 : 1, 1);

    DumpOptions dump;
    CLI::App* dump_cmd = app.add_subcommand(
        "dump", "Compute attention for a sentence and write every intermediate matrix as JSON");
    add_run_options(*dump_cmd, dump.run);
    dump_cmd->add_option("-o,--output", dump.output, "Output JSON file ('-' for standard output)")
        ->required();
    dump_cmd->add_flag("--compact", dump.compact, "No indentation (smaller file)");
    dump_cmd->add_flag("--no-derived", dump.no_derived,
                       "Leave out scaled_scores and masked_scores (derivable from scores and the mask)");
    dump_cmd->add_flag("--weights-only", dump.weights_only,
                       "Each head's weights alone: no layer inputs, projections, scores or outputs (a speech model's "
                       "encoder holds frames x frames per head)");
    dump_cmd->footer(
        "Example:\n  attnlab dump --text \"Time flies like an arrow\" --causal -o run.json\n"
        "  attnlab dump --model ~/models/gpt2 --text \"Time flies like an arrow\" -o gpt2.json\n"
        "  attnlab dump --model ~/models/opus-mt-en-ko --text \"He went home.\" --target \"그는 집에 갔다.\" -o mt.json\n"
        "  attnlab dump --model ~/models/whisper-tiny --audio hello.wav --weights-only -o speech.json\n"
        "Load it in Python: json.load(open('run.json'))['layers'][0]['heads'][0]['weights']");

    ExportOptions exp;
    CLI::App* export_cmd = app.add_subcommand(
        "export", "Save a figure (PNG, SVG, PDF) or the numbers (CSV, JSON) of a sentence's attention");
    add_export_options(*export_cmd, exp);
    export_cmd->footer(
        "Examples:\n"
        "  attnlab export --text \"Time flies like an arrow\" --view heatmap --head 2 -o heatmap.pdf\n"
        "  attnlab export --text \"그는 집에 갔다.\" --view heads --lang ko --size a4-landscape -o heads.svg\n"
        "  attnlab export --text \"Time flies\" --view cell --cell 1:0 --dpi 300 -o cell.png\n"
        "  attnlab export --text \"Time flies\" --values scores -o scores.csv\n"
        "  attnlab export --model gpt2 --text \"The Eiffel Tower is in\" --view lens --ablate 5.1 -o lens.pdf");

    GenerateOptions gen;
    CLI::App* generate_cmd = app.add_subcommand(
        "generate", "Continue a text with a GPT-2, Llama, Qwen or Mistral model, or translate with a Marian model, writing "
        "each step's token, probabilities and attention");
    add_generate_options(*generate_cmd, gen);
    generate_cmd->footer(
        "Greedy unless --temperature, --top-k or --top-p is given. A translation model writes greedily or by beam "
        "search (--beams; default: the folder's generation_config.json).\n"
        "Examples:\n  attnlab generate --model ~/models/gpt2 --text \"Time flies like\" --tokens 20 -o gen.json\n"
        "  attnlab generate --model ~/models/gpt2 --text \"Once upon a time\" --tokens 30 --temperature 0.8 "
        "--top-p 0.9 --seed 1 -o gen.json\n"
        "  attnlab generate --model ~/models/opus-mt-en-ko --text \"He went home.\" --beams 4 -o translation.json");

    PredictOptions pred;
    CLI::App* predict_cmd = app.add_subcommand(
        "predict", "The most probable tokens: a decoder's next token at every position (GPT-2, Llama, Qwen, Mistral), "
        "BERT's fillers for [MASK], a ViT's classes");
    add_predict_options(*predict_cmd, pred);
    predict_cmd->footer(
        "Examples:\n  attnlab predict --model ~/models/gpt2 --text \"The capital of France is\" -o next.json\n"
        "  attnlab predict --model ~/models/bert-base-uncased --text \"The cat [MASK] on the mat.\" -o mask.json\n"
        "  attnlab predict --model ~/models/gpt2 --text \"The capital of France is\" --ablate 1.2,5.attn "
        "--ablation mean -o knocked.json\n"
        "--ablate knocks heads out (layer.head from 1, as the app shows them), a layer's attention (L.attn) "
        "or its MLP (L.mlp); the predictions are then the knocked-out model's. See docs/ablation.md.");

    LensOptions lens;
    CLI::App* lens_cmd = app.add_subcommand(
        "lens", "The logit lens: what a decoder (GPT-2, Llama, Qwen, Mistral) would predict after each layer, at every "
        "position (JSON)");
    add_lens_options(*lens_cmd, lens);
    lens_cmd->footer(
        "Examples:\n  attnlab lens --model ~/models/gpt2 --text \"The capital of France is\" -o lens.json\n"
        "  attnlab lens --model ~/models/gpt2 --text \"The capital of France is\" --top 3 --ablate 9.8 -o lens.json\n"
        "Each layer's residual stream goes through the final LayerNorm and the unembedding. See docs/ablation.md.");

    HeadsOptions heads;
    CLI::App* heads_cmd = app.add_subcommand(
        "heads", "Score what every head does (previous-token, induction, positional, sink, ...) and write CSV or JSON");
    add_heads_options(*heads_cmd, heads);
    heads_cmd->footer("Example:\n  attnlab heads --model ~/models/gpt2 --text \"Time flies like an arrow\" -o roles.csv\n"
                      "  attnlab heads --model reverse-model -o roles.json   (trained in AttnLab: its task's examples)\n"
                      "The scores are defined in docs/head_roles.md.");
    TranscribeOptions transcribe;
    CLI::App* transcribe_cmd = app.add_subcommand(
        "transcribe", "What a speech model (Whisper) hears in a recording: the language, the text, each word's time (JSON)");
    add_transcribe_options(*transcribe_cmd, transcribe);
    transcribe_cmd->footer(
        "Examples:\n  attnlab transcribe --model ~/models/whisper-tiny --audio hello.wav -o hello.json\n"
        "  attnlab transcribe --model ~/models/whisper-base --audio 집.wav --language ko --word-timestamps -o words.json\n"
        "Greedy, without timestamp tokens; the contract is docs/speech.md.");

    LessonOptions lesson;
    CLI::App* lesson_cmd = app.add_subcommand(
        "lesson", "Check a guided lesson (Markdown) or turn it into a PDF handout");
    add_lesson_options(*lesson_cmd, lesson);
    lesson_cmd->footer(
        "Examples:\n"
        "  attnlab lesson assets/lessons/en/03-why-scale.md --check\n"
        "  attnlab lesson assets/lessons/ko/03-why-scale.md --export handout.pdf --lang ko\n"
        "The format: docs/lessons.md");

    TrainCommandOptions train;
    CLI::App* train_cmd = app.add_subcommand(
        "train", "Train a tiny GPT-2 (or Llama: --arch llama) on a task (reverse, induction, ...) and save it as a model folder");
    add_train_options(*train_cmd, train);
    train_cmd->footer(
        "Examples:\n"
        "  attnlab train --task reverse -o reverse-model\n"
        "  attnlab train --task induction --layers 2 --no-mlp -o induction-model\n"
        "  attnlab train --list-tasks --lang ko\n"
        "  attnlab train --task reverse -o reverse-model --figure reverse.pdf --lang ko\n"
        "Then: attnlab dump --model reverse-model --text \"abcdef>fedcba\" -o run.json");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // Name the subcommand whose options were wrong (every one, not only dump and export: a
        // repeated `train --lr` was reported as "Unknown command 'train'").
        std::string parsed;
        for (const CLI::App* sub : app.get_subcommands(nullptr))
            if (sub->parsed()) parsed = sub->get_name();
        return parse_error(app, e, parsed.empty() ? nullptr : parsed.c_str(), argc, argv);
    }
    if (dump_cmd->parsed()) {
        note_parsed_options(*dump_cmd, dump.run);
        return run_dump(dump);
    }
    if (export_cmd->parsed()) {
        note_parsed_options(*export_cmd, exp.run);
        return run_export(exp, argc > 0 ? argv[0] : nullptr);
    }
    if (generate_cmd->parsed()) {
        note_generate_options(*generate_cmd, gen);
        return run_generate(gen);
    }
    if (predict_cmd->parsed()) return run_predict(pred);
    if (heads_cmd->parsed()) return run_heads(heads);
    if (lens_cmd->parsed()) return run_lens(lens);
    if (transcribe_cmd->parsed()) return run_transcribe(transcribe);
    if (train_cmd->parsed()) return run_train(train, argc > 0 ? argv[0] : nullptr);
    if (lesson_cmd->parsed()) return run_lesson(lesson, argc > 0 ? argv[0] : nullptr);
    std::cout << app.help();
    return kExitOk;
}

}  // namespace attn::cli
