// cli.cpp — `attnlab <command> ...`: the command-line side of AttnLab, on the same core as the app
// (implementation; the interface and its contract are in cli.h)
#include "cli/cli.h"

#include <cstring>
#include <fstream>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/export_command.h"
#include "cli/generate_command.h"
#include "cli/lesson_command.h"
#include "cli/run_options.h"
#include "cli/train_command.h"
#include "core/base/atomic_file.h"
#include "core/attention/engine.h"
#include "core/attention/trace_json.h"

#ifndef ATTNLAB_VERSION
#define ATTNLAB_VERSION "dev"
#endif

namespace attn::cli {

bool wants_cli(int argc, char** argv, bool gui_available) {
    if (!gui_available) return true;
    for (int i = 1; i < argc; ++i) {
        const char* a = argv[i];
        if (std::strcmp(a, "dump") == 0 || std::strcmp(a, "export") == 0 || std::strcmp(a, "help") == 0 ||
            std::strcmp(a, "lesson") == 0 ||
            std::strcmp(a, "generate") == 0 || std::strcmp(a, "predict") == 0 || std::strcmp(a, "heads") == 0 ||
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
};

static int run_dump(const DumpOptions& o) {
    auto setup = make_run_setup(o.run);
    if (!setup) {
        std::cerr << "attnlab dump: " << setup.error() << "\n";
        return 2;
    }
    auto model = load_cli_model(o.run, *setup);
    if (!model) {
        std::cerr << "attnlab dump: " << model.error() << "\n";
        return 2;
    }
    auto trace = compute_cli_trace(*model, setup->run);
    if (!trace) {
        std::cerr << "attnlab dump: " << trace.error() << "\n";
        return 1;
    }
    TraceJsonOptions jopt;
    jopt.pretty = !o.compact;
    jopt.include_derived = !o.no_derived;
    if (o.output == "-") {
        write_trace_json(std::cout, *trace, jopt);
        return std::cout ? 0 : 1;
    }
    Status s = write_file_atomically(o.output, [&](std::ostream& out) {
        write_trace_json(out, *trace, jopt);
        return Status::Ok();
    });
    if (!s) {
        std::cerr << "attnlab dump: " << s.message() << "\n";
        return 1;
    }
    std::cerr << "Wrote " << o.output << " (" << trace->t_q() << " x " << trace->t_k() << " tokens, "
              << trace->layers.size() << (trace->layers.size() == 1 ? " layer, " : " layers, ")
              << trace->model.n_heads << " heads)\n";
    return 0;
}

int run_cli(int argc, char** argv, bool gui_available) {
    CLI::App app{std::string("AttnLab ") + ATTNLAB_VERSION +
                 " — see every step of scaled dot-product attention.\n" +
                 (gui_available ? "Run without arguments to open the app.\n" : "")};
    app.set_version_flag("--version", std::string("attnlab ") + ATTNLAB_VERSION);
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
    dump_cmd->footer(
        "Example:\n  attnlab dump --text \"Time flies like an arrow\" --causal -o run.json\n"
        "  attnlab dump --model ~/models/gpt2 --text \"Time flies like an arrow\" -o gpt2.json\n"
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
        "  attnlab export --text \"Time flies\" --values scores -o scores.csv");

    GenerateOptions gen;
    CLI::App* generate_cmd = app.add_subcommand(
        "generate", "Continue a text with a GPT-2 model, writing each step's token, probabilities and attention");
    add_generate_options(*generate_cmd, gen);
    generate_cmd->footer(
        "Greedy unless --temperature, --top-k or --top-p is given.\n"
        "Examples:\n  attnlab generate --model ~/models/gpt2 --text \"Time flies like\" --tokens 20 -o gen.json\n"
        "  attnlab generate --model ~/models/gpt2 --text \"Once upon a time\" --tokens 30 --temperature 0.8 "
        "--top-p 0.9 --seed 1 -o gen.json");

    PredictOptions pred;
    CLI::App* predict_cmd = app.add_subcommand(
        "predict", "The most probable tokens: GPT-2's next token at every position, BERT's fillers for [MASK]");
    add_predict_options(*predict_cmd, pred);
    predict_cmd->footer(
        "Examples:\n  attnlab predict --model ~/models/gpt2 --text \"The capital of France is\" -o next.json\n"
        "  attnlab predict --model ~/models/bert-base-uncased --text \"The cat [MASK] on the mat.\" -o mask.json");

    HeadsOptions heads;
    CLI::App* heads_cmd = app.add_subcommand(
        "heads", "Score what every head does (previous-token, induction, sink, ...) and write a CSV");
    add_heads_options(*heads_cmd, heads);
    heads_cmd->footer("Example:\n  attnlab heads --model ~/models/gpt2 --text \"Time flies like an arrow\" -o roles.csv\n"
                      "The scores are defined in docs/head_roles.md.");
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
        "train", "Train a tiny GPT-2 on a task (reverse, induction, ...) and save it as a model folder");
    add_train_options(*train_cmd, train);
    train_cmd->footer(
        "Examples:\n"
        "  attnlab train --task reverse -o reverse-model\n"
        "  attnlab train --task induction --layers 2 --no-mlp -o induction-model\n"
        "  attnlab train --list-tasks --lang ko\n"
        "Then: attnlab dump --model reverse-model --text \"abcdef>fedcba\" -o run.json");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
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
    if (train_cmd->parsed()) return run_train(train);
    if (lesson_cmd->parsed()) return run_lesson(lesson, argc > 0 ? argv[0] : nullptr);
    std::cout << app.help();
    return 0;
}

}  // namespace attn::cli
