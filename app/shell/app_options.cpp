// app_options.cpp — the GUI's own command-line flags (GL-free)
// (implementation; the interface and its contract are in app_options.h)
#include "app/shell/app_options.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>

#include "app/state/views.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/task/seq2seq_task.h"
#include "core/task/task.h"
#include "core/train/image_data.h"

namespace attn::app {

namespace {

// Flags that take a value, then flags that do not.
constexpr const char* kValueFlags[] = {"--screenshot", "--frames", "--view",     "--text",
                                       "--cross-text", "--lang",   "--head",     "--layer",    "--show",
                                       "--colormap",   "--mouse",  "--click",
                                       "--config",     "--type",   "--model",    "--zoom",
                                       "--lesson",     "--lesson-step", "--train-task", "--train-steps", "--train-picture",
                                       "--generate",   "--image",  "--patch", "--image-mode", "--audio", "--language", "--target-language",
                                       "--knock",      "--section", "--word", "--control", "--frame-log", "--sample"};
constexpr const char* kBareFlags[] = {"--stats", "--causal", "--mask-edit", "--presentation", "--export-dialog", "--run", "--auto-contrast",
                                      "--headless", "--lesson-reveal", "--rank-heads", "--translate"};

// "--flag" or "--flag=value": the flag part and, after '=', the inline value.
struct Arg {
    std::string_view flag;
    std::optional<std::string_view> inline_value;
};

Arg split_arg(const char* a) {
    std::string_view s(a);
    const size_t eq = s.find('=');
    if (s.rfind("--", 0) == 0 && eq != std::string_view::npos) return {s.substr(0, eq), s.substr(eq + 1)};
    return {s, std::nullopt};
}

bool is_one_of(std::string_view flag, const char* const* list, size_t n) {
    for (size_t k = 0; k < n; ++k) {
        if (flag == list[k]) return true;
    }
    return false;
}

bool takes_value(std::string_view flag) {
    return is_one_of(flag, kValueFlags, std::size(kValueFlags));
}
bool is_bare(std::string_view flag) { return is_one_of(flag, kBareFlags, std::size(kBareFlags)); }

Expected<int> parse_int(std::string_view flag, std::string_view v, int lo, int hi) {
    int out = 0;
    const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    if (ec != std::errc() || ptr != v.data() + v.size() || out < lo || out > hi) {
        return Status::Error(std::string(flag) + ": expected a whole number from " +
                             std::to_string(lo) + " to " + std::to_string(hi) + ", got '" +
                             std::string(v) + "'.");
    }
    return out;
}

// "X,Y" in window pixels.
Expected<std::pair<float, float>> parse_point(std::string_view flag, std::string_view v) {
    const size_t comma = v.find(',');
    if (comma != std::string_view::npos) {
        auto x = parse_int(flag, v.substr(0, comma), 0, 100000);
        auto y = parse_int(flag, v.substr(comma + 1), 0, 100000);
        if (x && y) return std::make_pair(float(*x), float(*y));
    }
    return Status::Error(std::string(flag) + ": expected X,Y in window pixels, got '" + std::string(v) + "'.");
}

}  // namespace

std::vector<char*> strip_gui_flags(int argc, char** argv) {
    std::vector<char*> rest;
    if (argc > 0) rest.push_back(argv[0]);
    for (int i = 1; i < argc; ++i) {
        const Arg a = split_arg(argv[i]);
        if (takes_value(a.flag)) {
            if (!a.inline_value && i + 1 < argc) ++i;  // skip the value too
            continue;
        }
        if (is_bare(a.flag)) continue;
        rest.push_back(argv[i]);
    }
    return rest;
}

Expected<AppOptions> parse_app_options(int argc, char** argv) {
    AppOptions o;
    bool frames_set = false;
    for (int i = 1; i < argc; ++i) {
        const Arg a = split_arg(argv[i]);
        if (is_bare(a.flag)) {
            if (a.inline_value) return Status::Error(std::string(a.flag) + " takes no value.");
            if (a.flag == "--stats") o.stats = true;
            if (a.flag == "--causal") o.causal = true;
            if (a.flag == "--mask-edit") o.mask_edit = true;
            if (a.flag == "--presentation") o.presentation = true;
            if (a.flag == "--export-dialog") o.export_dialog = true;
            if (a.flag == "--run") o.run = true;
            if (a.flag == "--auto-contrast") o.auto_contrast = true;
            if (a.flag == "--headless") o.headless = true;
            if (a.flag == "--lesson-reveal") o.lesson_reveal = true;
            if (a.flag == "--rank-heads") o.rank_heads = true;
            if (a.flag == "--translate") o.translate = true;
            continue;
        }
        if (!takes_value(a.flag)) {
            // A bare word is a mistyped command (dump, export, ...), not an option of the app.
            if (argv[i][0] != '-') return Status::Error("Unknown command '" + std::string(argv[i]) + "'.");
            return Status::Error("Unknown option '" + std::string(argv[i]) + "'.");
        }
        std::string_view v;
        if (a.inline_value) {
            v = *a.inline_value;
        } else if (i + 1 < argc) {
            v = argv[++i];
        } else {
            return Status::Error(std::string(a.flag) + " needs a value.");
        }

        if (a.flag == "--screenshot") {
            if (v.empty()) return Status::Error("--screenshot needs a file name.");
            o.screenshot = std::string(v);
        } else if (a.flag == "--frames") {
            auto n = parse_int(a.flag, v, 1, 1000000);
            if (!n) return n.status();
            o.frames = *n;
            frames_set = true;
        } else if (a.flag == "--view") {
            View view;
            if (!parse_view(v, &view)) {
                return Status::Error("--view: unknown view '" + std::string(v) + "' (views: " + view_choices() + ").");
            }
            o.view = std::string(v);
            o.view_set = true;
        } else if (a.flag == "--type") {
            o.type_text = std::string(v);
        } else if (a.flag == "--control" || a.flag == "--frame-log") {
            if (v.empty()) return Status::Error(std::string(a.flag) + " needs a path.");
            (a.flag == "--control" ? o.control : o.frame_log) = std::string(v);
        } else if (a.flag == "--config") {
            if (v.empty()) return Status::Error("--config needs a folder.");
            o.config_dir = std::string(v);
        } else if (a.flag == "--text") {
            o.text = std::string(v);
        } else if (a.flag == "--cross-text") {
            o.cross_text = std::string(v);
        } else if (a.flag == "--section") {
            if (v != "encoder" && v != "decoder" && v != "cross")
                return Status::Error("--section takes encoder, decoder or cross (a translation model's attention).");
            o.section = std::string(v);
        } else if (a.flag == "--model") {
            if (v.empty()) return Status::Error("--model needs a model folder.");
            o.model = std::string(v);
        } else if (a.flag == "--image") {
            if (v.empty()) return Status::Error("--image needs a PNG or JPEG file.");
            o.image = std::string(v);
        } else if (a.flag == "--word") {
            int n = 0;
            const std::string text(v);
            char tail = 0;
            if (std::sscanf(text.c_str(), "%d%c", &n, &tail) != 1 || n < 1 || n > 10000)
                return Status::Error("--word takes the transcript word to follow, counted from 1 (the Audio view).");
            o.word = n - 1;
        } else if (a.flag == "--audio") {
            if (v.empty()) return Status::Error("--audio needs a sound file (WAV, FLAC, Ogg, MP3).");
            o.audio = std::string(v);
        } else if (a.flag == "--language") {
            if (v.empty() || v.size() > 16) return Status::Error("--language needs a language code such as en or ko.");
            o.language = std::string(v);
        } else if (a.flag == "--target-language") {
            if (v.empty() || v.size() > 16)
                return Status::Error("--target-language needs a language code such as en_XX or ko_KR.");
            o.target_language = std::string(v);
        } else if (a.flag == "--patch") {
            int r = -1, c = -1;
            char tail = 0;
            const std::string text(v);
            if (text == "cls") {
                o.patch = std::make_pair(-1, -1);
            } else if (std::sscanf(text.c_str(), "%d,%d%c", &r, &c, &tail) == 2 && r >= 0 && c >= 0 && r < 4096 &&
                       c < 4096) {
                o.patch = std::make_pair(r, c);
            } else {
                return Status::Error("--patch: expected ROW,COL (from 0) or cls, got '" + text.substr(0, 40) + "'.");
            }
        } else if (a.flag == "--image-mode") {
            if (v != "query" && v != "heads" && v != "rollout")
                return Status::Error("--image-mode: expected query, heads or rollout, got '" + std::string(v) + "'.");
            o.image_mode = std::string(v);
        } else if (a.flag == "--lang") {
            Lang lang;
            if (!parse_lang(v, &lang))
                return Status::Error("--lang: expected one of " + lang_codes() + ", got '" + std::string(v) + "'.");
            o.lang = lang;
        } else if (a.flag == "--zoom") {
            // Z or Z,U,V: zoom factor and the centre of the view as fractions of the matrix.
            float z = 0, u = 0.5f, w = 0.5f;
            const std::string text(v);
            const int n = std::sscanf(text.c_str(), "%f,%f,%f", &z, &u, &w);
            if ((n != 1 && n != 3) || !(z >= 1.0f && z <= 64.0f) || !(u >= 0.0f && u <= 1.0f) || !(w >= 0.0f && w <= 1.0f))
                return Status::Error("--zoom: expected Z or Z,U,V with Z from 1 to 64 and U, V from 0 to 1, got '" +
                                     text.substr(0, 40) + "'.");
            o.zoom = {z, u, w};
        } else if (a.flag == "--head") {
            auto n = parse_int(a.flag, v, 1, 4096);
            if (!n) return n.status();
            o.head = *n - 1;  // users count heads from 1, as the UI shows them
        } else if (a.flag == "--layer") {
            auto n = parse_int(a.flag, v, 1, 4096);
            if (!n) return n.status();
            o.layer = *n - 1;  // from 1, as the UI shows layers
        } else if (a.flag == "--show") {
            if (v == "weights") o.quantity = HeatmapQuantity::Weights;
            else if (v == "scores") o.quantity = HeatmapQuantity::Scores;
            else if (v == "scaled") o.quantity = HeatmapQuantity::Scaled;
            else if (v == "rollout") o.quantity = HeatmapQuantity::Rollout;
            else return Status::Error("--show: expected weights, scores, scaled or rollout, got '" + std::string(v) + "'.");
        } else if (a.flag == "--mouse" || a.flag == "--click") {
            auto point = parse_point(a.flag, v);
            if (!point) return point.status();
            o.mouse = *point;
            o.click = o.click || a.flag == "--click";
        } else if (a.flag == "--lesson") {
            if (v.empty()) return Status::Error("--lesson needs a lesson file (.md).");
            o.lesson = std::string(v);
        } else if (a.flag == "--lesson-step") {
            auto n = parse_int(a.flag, v, 1, 10000);
            if (!n) return n.status();
            o.lesson_step = *n;
        } else if (a.flag == "--train-task") {
            const std::string task(v);
            const bool s2s = task.rfind("seq2seq:", 0) == 0 ? train::find_seq2seq_task(task.substr(8)) != nullptr
                                                            : train::find_seq2seq_task(task) != nullptr;
            if (!train::find_task(task) && !train::is_image_task(task) && !s2s)
                return Status::Error("--train-task: unknown task '" + task + "' (tasks: " + train::task_names() +
                                     ", fashion, odd-one; the encoder–decoder's: seq2seq:" +
                                     train::seq2seq_task_names() + ").");
            o.train_task = std::string(v);
        } else if (a.flag == "--train-steps") {
            auto n = parse_int(a.flag, v, 0, 100000);
            if (!n) return n.status();
            o.train_steps = *n;
        } else if (a.flag == "--train-picture") {
            auto n = parse_int(a.flag, v, 1, 4);
            if (!n) return n.status();
            o.train_picture = *n;
        } else if (a.flag == "--knock") {
            // Checked against the model's sizes when it is known; here only the form (heads only):
            // layer.head, or section.layer.head for an encoder–decoder (enc.1.2, cross.3.4).
            const std::string spec(v);
            const bool sections = spec.find_first_of("abcdefghijklmnopqrstuvwxyz") != std::string::npos &&
                                  spec.find(".attn") == std::string::npos && spec.find(".mlp") == std::string::npos;
            const pretrained::AblationShape any{999, 999, sections ? 999 : 0, sections ? 999 : 0};
            auto k = pretrained::parse_ablation(spec, pretrained::AblationMode::Zero, any);
            if (!k) return Status::Error("--knock: " + k.error());
            if (!k->attention_off.empty() || !k->mlp_off.empty())
                return Status::Error("--knock takes heads only (layer.head from 1, e.g. 1.2,3.4; an encoder–decoder's "
                                     "as enc.1.2, dec.1.2 or cross.1.2).");
            o.knock.insert(o.knock.end(), k->heads.begin(), k->heads.end());
        } else if (a.flag == "--generate") {
            auto n = parse_int(a.flag, v, 1, 1024);
            if (!n) return n.status();
            o.generate = *n;
        } else if (a.flag == "--sample") {
            auto n = parse_int(a.flag, v, 0, 1000000);
            if (!n) return n.status();
            o.sample_seed = *n;
        } else if (a.flag == "--colormap") {
            o.colormap = parse_colormap(v);
            if (!o.colormap) {
                return Status::Error(std::string("--colormap: expected one of ") + colormap_choices() + ", got '" +
                                     std::string(v) + "'.");
            }
        }
    }
    if (!o.screenshot.empty() && !frames_set) o.frames = o.click ? 5 : 3;  // a click needs 4: see run_frames
    // --generate: the session starts on frame 2, its tokens are posted on frame 3 and drawn on 4.
    // A translation model writes one token per frame (each waits for the last one's result).
    if (!o.screenshot.empty() && !frames_set && o.generate > 0) o.frames = std::max(o.frames, 5 + std::min(o.generate, 60));
    // Knock-outs and the ranking are posted once the session's first snapshot is drawn.
    if (!o.screenshot.empty() && !frames_set && (!o.knock.empty() || o.rank_heads)) o.frames = std::max(o.frames, 6);
    // --translate: posted on the Predict view's first frame, drawn once it is back.
    if (!o.screenshot.empty() && !frames_set && o.translate) o.frames = std::max(o.frames, 6);
    if (o.screenshot.empty() && o.mouse) return Status::Error("--mouse and --click only work with --screenshot.");
    if ((o.lesson_step > 0 || o.lesson_reveal) && o.lesson.empty())
        return Status::Error("--lesson-step and --lesson-reveal need --lesson FILE.");
    if (o.train_picture && !(o.train_task && train::is_image_task(*o.train_task)))
        return Status::Error("--train-picture shows a probe picture of an image task: use it with --train-task fashion or odd-one.");
    if ((o.train_task || o.train_steps) && o.screenshot.empty() && o.frames == 0)
        return Status::Error("--train-task and --train-steps are for screenshots: use them with --screenshot FILE or --frames N.");
    if (o.headless && o.screenshot.empty() && o.frames == 0) {
        return Status::Error("--headless has no window to close: use it with --screenshot FILE or --frames N.");
    }
    return o;
}

void apply_options(const AppOptions& o, AppState& state) {
    if (o.text) state.text = *o.text;
    if (o.cross_text) {
        state.cross = true;
        state.cross_text = *o.cross_text;
    }
    if (o.section) state.section = *o.section;
    if (o.model) state.model_path = *o.model;  // opened off the UI thread at start-up
    if (o.image) {  // absolute, so the saved settings still find it from another folder
        std::error_code ec;
        const std::filesystem::path abs = std::filesystem::absolute(*o.image, ec);
        state.image_path = ec ? *o.image : abs.lexically_normal().string();
    }
    if (o.audio) {
        std::error_code ec;
        const std::filesystem::path abs = std::filesystem::absolute(*o.audio, ec);
        state.audio_path = ec ? *o.audio : abs.lexically_normal().string();
    }
    if (o.word) state.audio_word = *o.word;
    if (o.language) {  // a speech model's (what it listens for) or a translator's source (mBART-50)
        state.speech_language = *o.language == "auto" ? std::string() : *o.language;
        state.translate_from = state.speech_language;
    }
    if (o.target_language) state.translate_to = *o.target_language;
    if (o.lang) state.lang = *o.lang;
    if (o.head) state.head = *o.head;
    if (o.layer) state.layer = *o.layer;
    if (o.quantity) state.quantity = *o.quantity;
    if (o.colormap) state.colormap = *o.colormap;
    if (o.causal) state.causal = true;
    if (o.auto_contrast) state.auto_contrast = true;
    if (o.mask_edit) state.mask_edit = true;
    if (o.presentation) state.presentation = true;
    View view;
    if (o.view_set && parse_view(o.view, &view)) state.view = view;
}

bool use_headless(const AppOptions& o, const char* display, const char* wayland_display) {
    if (o.headless) return true;
    const bool ends_by_itself = !o.screenshot.empty() || o.frames > 0;
    const bool no_display = (display == nullptr || display[0] == '\0') &&
                            (wayland_display == nullptr || wayland_display[0] == '\0');
    return ends_by_itself && no_display;
}

// The views' names from the views table (app/state/views.cpp), wrapped under --view's column.
static std::string view_list_lines() {
    std::string out, line = "view to show:";
    const std::string all = view_choices();
    std::size_t at = 0;
    while (at < all.size()) {
        std::size_t end = all.find(", ", at);
        const std::string word = all.substr(at, end == std::string::npos ? std::string::npos : end - at) +
                                 (end == std::string::npos ? "" : ",");
        if (line.size() + 1 + word.size() > 64) {
            out += line + "\n                          ";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
        at = end == std::string::npos ? all.size() : end + 2;
    }
    return out + line + "\n";
}

const char* app_usage() {
    static const std::string usage = std::string(
           "Usage: attnlab [GUI options]            open the app\n"
           "       attnlab <command> ... | --help   command line (see attnlab --help)\n"
           "GUI options:\n"
           "  --text \"...\"            sentence to start with\n"
           "  --cross-text \"...\"      second sentence (turns on cross-attention; BERT: sentence B;\n"
           "                          a translation model: the target)\n"
           "  --section NAME          a translation model's attention to show: encoder, decoder or cross\n"
           "  --model DIR             open a GPT-2 / BERT model folder (config.json, model.safetensors,\n"
           "                          tokenizer files) instead of the built-in model\n"
           "  --image FILE            the PNG or JPEG a vision model (ViT, DeiT) looks at\n"
           "  --audio FILE            the recording a speech model (Whisper) listens to\n"
           "  --language CODE         the language it listens for (en, ko, …; auto: detected); an\n"
           "                          mBART-50 model: the source's (ko_KR, en_XX, …)\n"
           "  --target-language CODE  an mBART-50 model: the language it writes (en_XX, ko_KR, …)\n"
           "  --word N                Audio view: follow the transcript's Nth word (from 1)\n"
           "  --patch R,C|cls         the query in every view: the patch (row, column from 0) or class token\n"
           "  --image-mode MODE       Image view: query (one token's attention), heads (the class\n"
           "                          token per head) or rollout\n"
           "  --lang en|ko            interface language\n"
           "  --view NAME             ") + view_list_lines() + std::string(
           "  --head N                head to show (from 1)\n"
           "  --layer N               layer to show (from 1; beyond the model's last: its last)\n"
           "  --show weights|scores|scaled|rollout\n"
           "  --colormap viridis|magma|cividis|grey\n"
           "  --causal                start with the causal mask on\n"
           "  --screenshot out.png    draw the UI, save a PNG of the window and exit\n"
           "  --frames N              frames to draw before exiting (default 3 with --screenshot)\n"
           "  --headless              draw off-screen without X or Wayland (EGL surfaceless, Mesa);\n"
           "                          needs --screenshot or --frames. Automatic for those when\n"
           "                          DISPLAY and WAYLAND_DISPLAY are unset\n"
           "  --stats                 print start-up and frame timings\n"
           "  --config DIR            settings folder (default $XDG_CONFIG_HOME/attnlab or\n"
           "                          ~/.config/attnlab; not used by --screenshot unless given)\n"
           "  --type TEXT             on frame 5 append TEXT to the sentence (with --stats: edit\n"
           "                          to new heatmap latency)\n"
           "  --presentation          start in presentation mode (F5 toggles, Esc leaves)\n"
           "  --run                   press the view's main action at start (Cost: Measure, Train: Start)\n"
           "  --train-task T          Train view screenshots: a run of task T (reverse, sort, copy,\n"
           "                          induction, brackets, text, repeat, fashion, odd-one; the\n"
           "                          encoder–decoder's: en-ko, seq2seq:reverse, seq2seq:sort) with\n"
           "                          its defaults\n"
           "  --train-steps N         ... trained N steps before the first frame (with --screenshot)\n"
           "  --train-picture N       ... an image task: probe picture N (1-4) in every layer and head\n"
           "  --auto-contrast         colour the weights on their own min..max (not 0..1)\n"
           "  --zoom Z[,U,V]          start the heatmap zoomed Z times around (U, V), fractions of the matrix\n"
           "  --export-dialog         start with File > Export open (Ctrl+E)\n"
           "  --mask-edit             start in mask-edit mode (clicks on cells hide them)\n"
           "  --mouse X,Y             screenshot with the pointer here (hover tooltip)\n"
           "  --click X,Y             screenshot after a click here (frame 2)\n"
           "  --lesson FILE           open a guided lesson (a .md file, see docs/lessons.md)\n"
           "  --lesson-step N         start the lesson at step N (from 1)\n"
           "  --lesson-reveal         reveal the step's answer (\"Show me\"; for screenshots)\n"
           "  --generate N            Predict view: add N tokens once the text is read (greedy unless\n"
           "                          changed; a translation model writes its N best), e.g. for screenshots\n"
           "  --sample SEED           Predict view: sample (temperature 1) with this seed, not greedy\n"
           "  --translate             Predict view (a translation model): translate the source at start\n"
           "  --knock L.H,...         knock these heads out (layer.head from 1); the Predict view compares\n"
           "  --rank-heads            Predict view (GPT-2): rank every head knocked out alone (screenshots)\n"
           "  --control FIFO          read a script's commands from this named pipe (tools/soak.sh)\n"
           "  --frame-log FILE        append each second the frames drawn, the longest one's ms and the\n"
           "                          heap in use (tools/soak.sh)\n");
    return usage.c_str();
}

}  // namespace attn::app
