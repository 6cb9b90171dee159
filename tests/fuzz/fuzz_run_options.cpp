// fuzz_run_options.cpp — the CLI's run options (--text, --global, --block, --pad-to, ...): the
// input is split into arguments at NUL or newline bytes, parsed as `attnlab dump` would, then
// validated by make_run_setup and, for small models, run on the built-in model.
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/run_options.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(run_options) {
    std::vector<std::string> args = {"dump"};
    std::string cur;
    for (std::size_t i = 0; i < size && args.size() < 32; ++i) {
        const char c = char(data[i]);
        if (c == '\0' || c == '\n') {
            args.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    args.push_back(cur);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());

    // Built once: add_run_options was a fifth of the time. Each parse starts from the defaults
    // (CLI11 clears its results when an App parses again; `o` is reset in place, so the bound
    // addresses stay valid).
    static attn::cli::RunOptions o;
    static CLI::App app;
    static const bool added = (add_run_options(app, o), true);
    (void)added;
    o = attn::cli::RunOptions{};
    try {
        app.parse(int(argv.size()), argv.data());
    } catch (const CLI::ParseError&) {
        return 0;
    }
    attn::cli::note_parsed_options(app, o);
    auto setup = attn::cli::make_run_setup(o);
    if (!setup || !o.model_path.empty()) return 0;
    if (setup->model.d_model > 64 || setup->run.tokenizer.max_tokens > 64) return 0;  // keep each run fast
    // The random weights of the last model shape are kept (most inputs keep the default shape).
    static std::optional<attn::ModelConfig> cached_config;
    static std::optional<attn::cli::CliModel> cached_model;
    if (!cached_config || *cached_config != setup->model) {
        cached_config.reset();
        auto model = attn::cli::load_cli_model(o, *setup);
        if (!model) return 0;
        cached_model = std::move(*model);
        cached_config = setup->model;
    }
    auto trace = attn::cli::compute_cli_trace(*cached_model, setup->run);
    if (trace) {
        for (const auto& L : trace->layers)
            for (const auto& H : L.heads)
                if (!H.weights.allFinite()) __builtin_trap();  // every trace finite by construction
    }
    return 0;
}
