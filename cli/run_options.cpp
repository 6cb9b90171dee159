// run_options.cpp — the command-line options shared by `dump` and `export`: the sentence, the
// (implementation; the interface and its contract are in run_options.h)
#include "cli/run_options.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

#include "cli/cli_messages.h"
#include "core/attention/engine.h"
#include "core/base/limits.h"
#include "core/base/utf8.h"

namespace attn::cli {

const char* const kLanguageHelp =
    "With --audio: the language spoken (en, ko, …; default: detected). With an mBART-50 folder: the language of "
    "--text (ko_KR, en_XX, …; default: the folder's src_lang)";
const char* const kTargetLanguageHelp =
    "With an mBART-50 folder: the language to translate into (en_XX, ko_KR, …; default: the folder's tgt_lang)";

Expected<std::shared_ptr<const pretrained::PretrainedModel>> choose_languages(
    std::shared_ptr<const pretrained::PretrainedModel> model, const std::string& source, const std::string& target) {
    if (source.empty() && target.empty()) return model;
    return pretrained::with_languages(*model, source, target);
}

void add_run_options(CLI::App& cmd, RunOptions& o) {
    cmd.add_option("-t,--text", o.text, "The sentence (queries; also keys/values unless --cross-text)");
    cmd.add_option("--image", o.image_path,
                   "A PNG or JPEG image instead of a sentence, for a vision model (--model with a ViT or DeiT "
                   "folder): one token per patch");
    cmd.add_option("--audio", o.audio_path,
                   "A recording (WAV, FLAC, Ogg, MP3) instead of a sentence, for a speech model (--model with a Whisper "
                   "folder): one key per 20 ms frame that holds sound");
    cmd.add_option("--language", o.language, kLanguageHelp);
    cmd.add_option("--target-language", o.target_language, kTargetLanguageHelp);
    cmd.add_flag("--translate", o.translate, "With --audio: write English (Whisper's translate task)");
    cmd.add_flag("--all-frames", o.all_frames,
                 "With --audio: keep every encoder frame of the chunk (Hugging Face's output_attentions: 1,500 x "
                 "1,500 for a 30 s chunk), not only the frames that hold sound");
    auto* cross = cmd.add_option("--cross-text", o.cross_text,
                                 "A second sentence for cross-attention: keys and values come from it");
    cmd.add_option("--target", o.cross_text,
                   "A translation model's target (--model with a Marian folder; --text is the source), or a speech "
                   "model's transcript (with --audio): the decoder reads it after its start tokens. Without it the "
                   "model writes its own")
        ->excludes(cross);
    cmd.add_option("--d-model", o.d_model, "Model width d_model")->capture_default_str();
    cmd.add_option("--heads", o.heads, "Number of heads h (d_k = d_model / h)")->capture_default_str();
    cmd.add_option("--seed", o.seed, "Seed of the built-in model's random weights")->capture_default_str();
    cmd.add_flag("--no-pe", o.no_pe, "Do not add sinusoidal positional encoding");
    auto* no_scale = cmd.add_flag("--no-scale", o.no_scale, "Do not divide the scores by sqrt(d_k)");
    cmd.add_flag("--scale-scores", o.scale_scores,
                 "Divide the scores by sqrt(d_k) even in a model that does not (T5); by default each model runs as it "
                 "was trained")
        ->excludes(no_scale);
    cmd.add_option("--temperature", o.temperature_text, "Divide the softmax input by this (0.01 to 100)")
        ->default_str("1");
    cmd.add_flag("--causal", o.causal, "Look-ahead mask: query i sees only keys j <= i");
    cmd.add_option("--window", o.window, "Local attention: query i sees keys with |i - j| <= K")
        ->check(CLI::NonNegativeNumber);
    cmd.add_option("--global", o.global_tokens,
                   "Comma-separated token positions that see and are seen by all (with --window)");
    cmd.add_option("--pad-to", o.pad_to,
                   "Pad the key sentence with [PAD] tokens up to N and mask them (key padding)")
        ->check(CLI::NonNegativeNumber);
    cmd.add_option("--block", o.block_cells,
                   "Hide single cells by hand: comma-separated query:key pairs, e.g. 0:1,2:3");
    cmd.add_option("--model", o.model_path,
                   "A local Hugging Face model folder (GPT-2, Llama/Qwen/Mistral, BERT or ViT/DeiT family: config.json, "
                   "model.safetensors, tokenizer or preprocessor files) instead of the built-in model");
    cmd.add_option("--max-tokens", o.max_tokens, "Refuse sentences with more tokens than this")
        ->capture_default_str()
        ->check(CLI::Range(1ull, static_cast<unsigned long long>(limits::kMaxTokens)));
}

void note_parsed_options(const CLI::App& cmd, RunOptions& o) {
    o.text_given = cmd.count("--text") > 0;
    o.builtin_options_given = false;
    for (const char* name : {"--d-model", "--heads", "--seed", "--no-pe"}) {
        if (cmd.count(name) > 0) o.builtin_options_given = true;
    }
}

Expected<CliModel> load_cli_model(const RunOptions& o, RunSetup& setup) {
    CliModel m;
    if (o.model_path.empty()) {
        auto model = make_builtin_model(setup.model);
        if (!model) return model.status();
        m.builtin = std::move(*model);
        return m;
    }
    if (o.builtin_options_given) {
        return Status::Error("--d-model, --heads, --seed and --no-pe shape the built-in model only; with --model the "
                             "folder's config.json decides. Leave them out.");
    }
    auto loaded = pretrained::load_pretrained_model(o.model_path);
    if (!loaded) return loaded.status();
    m.pretrained = std::move(*loaded);
    if (o.audio_path.empty()) {  // with --audio, --language is the language spoken (a speech run's)
        auto chosen = choose_languages(m.pretrained, o.language, o.target_language);
        if (!chosen) return chosen.status();
        m.pretrained = std::move(*chosen);
    } else if (!o.target_language.empty()) {
        return Status::Error("--target-language is for a many-language translator (mBART-50); with --audio, "
                             "--translate writes English.");
    }
    // The model's own scaling unless the command line chose one (T5 divides by nothing).
    if (!o.no_scale && !o.scale_scores) setup.run.attention.scale = m.pretrained->caps().scaled_scores;
    return m;
}

Expected<std::vector<Trace>> compute_cli_run(const CliModel& model, const RunConfig& run) {
    if (model.pretrained) return pretrained::compute_pretrained_run(*model.pretrained, run);
    auto trace = compute_trace(*model.builtin, run, nullptr);
    if (!trace) return trace.status();
    std::vector<Trace> out;
    out.push_back(std::move(*trace));
    return out;
}

Expected<Trace> compute_cli_trace(const CliModel& model, const RunConfig& run) {
    if (model.pretrained) return pretrained::compute_pretrained_trace(*model.pretrained, run);
    return compute_trace(*model.builtin, run);
}

static Expected<int> parse_int(std::string_view s, const char* option) {
    int v = 0;
    const auto* end = s.data() + s.size();
    auto res = std::from_chars(s.data(), end, v);
    if (s.empty() || res.ec != std::errc() || res.ptr != end) {
        return Status::Error(std::string(option) + ": '" + printable_input(s, 40) + "' is not a whole number.");
    }
    return v;
}

static std::string_view trim(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

Expected<std::vector<int>> parse_int_list(const std::string& text, const char* option) {
    std::vector<int> out;
    std::string_view rest(text);
    if (trim(rest).empty()) return out;
    while (true) {
        const size_t comma = rest.find(',');
        auto v = parse_int(trim(rest.substr(0, comma)), option);
        if (!v) return v.status();
        out.push_back(*v);
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    return out;
}

int run_setup_exit_code(const RunOptions& o) {
    const bool has_text = o.text_given || !o.text.empty();
    return !has_text && o.image_path.empty() && o.audio_path.empty() && o.cross_text.empty() ? kExitUsage : kExitBadInput;
}

Expected<RunSetup> make_run_setup(const RunOptions& o) {
    RunSetup s;
    const bool has_text = o.text_given || !o.text.empty();  // programs fill RunOptions without parsing
    if (!o.image_path.empty()) {
        if (has_text || !o.cross_text.empty())
            return Status::Error("--image replaces --text: give one of them (a vision model reads the image only).");
        if (o.model_path.empty())
            return Status::Error("--image needs a vision model: add --model with a ViT or DeiT folder.");
    } else if (!o.audio_path.empty()) {
        if (has_text)
            return Status::Error("--audio replaces --text: give one of them (a speech model listens to the recording; "
                                 "--target gives it a transcript).");
        if (o.model_path.empty())
            return Status::Error("--audio needs a speech model: add --model with a Whisper folder.");
    } else if (!has_text) {
        return Status::Error("--text is required: the sentence to look at (or --image FILE with a ViT/DeiT model, "
                             "--audio FILE with a Whisper model).");
    }
    if (o.translate && o.audio_path.empty())
        return Status::Error("--translate goes with --audio (a speech model's recording, written out in English).");
    if (o.all_frames && o.audio_path.empty())
        return Status::Error("--all-frames goes with --audio (a speech model's recording: every frame of its chunk).");
    if ((!o.language.empty() || !o.target_language.empty()) && o.model_path.empty())
        return Status::Error("--language and --target-language go with --model: a Whisper folder (with --audio) or "
                             "a many-language translator (mBART-50).");
    s.model.d_model = o.d_model;
    s.model.n_heads = o.heads;
    s.model.seed = o.seed;
    s.model.positional = !o.no_pe;
    if (Status st = validate_model(s.model); !st) return st;

    float temperature = o.temperature;
    if (!o.temperature_text.empty()) {
        const std::string& t = o.temperature_text;
        char* end = nullptr;
        const double v = std::strtod(t.c_str(), &end);
        if (end == t.c_str() || *end != '\0' || !std::isfinite(v))
            return Status::Error("--temperature: '" + printable_input(t, 40) + "' is not a number; give one from 0.01 to 100.");
        if (!(v >= limits::kMinTemperature && v <= limits::kMaxTemperature))
            return Status::Error("--temperature " + printable_input(t, 40) + " is outside the range 0.01 to 100.");
        temperature = float(v);
    }
    if (!(temperature >= limits::kMinTemperature && temperature <= limits::kMaxTemperature))
        return Status::Error("--temperature must be between 0.01 and 100.");
    s.run.text = o.text;
    s.run.cross_text = o.cross_text;
    s.run.image_path = o.image_path;
    s.run.audio_path = o.audio_path;
    s.run.language = o.language;
    s.run.translate = o.translate;
    s.run.all_frames = o.all_frames;
    s.run.attention.scale = !o.no_scale;
    s.run.attention.temperature = temperature;
    s.run.tokenizer.max_tokens = size_t(o.max_tokens);
    s.run.mask.causal = o.causal;
    s.run.mask.window = o.window;
    s.run.mask.pad_to = o.pad_to;
    auto globals = parse_int_list(o.global_tokens, "--global");
    if (!globals) return globals.status();
    s.run.mask.global_tokens = *globals;

    if (!o.block_cells.empty()) {
        std::vector<std::pair<int, int>> cells;
        std::string_view rest(o.block_cells);
        while (!rest.empty()) {
            const size_t comma = rest.find(',');
            std::string_view item = trim(rest.substr(0, comma));
            const size_t colon = item.find(':');
            if (colon == std::string_view::npos) {
                return Status::Error("--block: '" + printable_input(item, 40) + "' should look like query:key, e.g. 2:0.");
            }
            auto i = parse_int(trim(item.substr(0, colon)), "--block");
            auto j = parse_int(trim(item.substr(colon + 1)), "--block");
            if (!i) return i.status();
            if (!j) return j.status();
            if (*i < 0 || *j < 0) return Status::Error("--block: positions cannot be negative.");
            cells.emplace_back(*i, *j);
            if (comma == std::string_view::npos) break;
            rest.remove_prefix(comma + 1);
        }
        s.run.mask.blocked_cells = std::move(cells);
    }
    return s;
}

}  // namespace attn::cli
