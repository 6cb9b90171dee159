// app_options.h — the GUI's own command-line flags (GL-free).
//
//   attnlab [--text "..."] [--cross-text "..."] [--model DIR] [--image FILE] [--audio FILE] [--lang en|ko] [--view NAME]
//           [--head N] [--layer N] [--show weights|scores|scaled] [--colormap NAME] [--causal]
//           [--screenshot out.png] [--frames N] [--stats] [--config DIR]
//           [--mask-edit] [--mouse X,Y] [--click X,Y]     (scripted pointer, screenshots only)
//           [--headless]   (no window: EGL surfaceless; automatic for --screenshot without a display)
//           [--run]        (press the view's main action at start: Cost measures)
//           [--lesson FILE [--lesson-step N] [--lesson-reveal]]  (a guided lesson)
//           [--train-task T] [--train-steps N]   (the Train view after N steps; scripted runs only)
//           [--generate N] (Predict view: add N tokens once the text is read) [--sample SEED] [--translate]
//           [--patch R,C|cls] (the query in every view) [--image-mode query|heads|rollout] (the Image view)
// Subcommands (dump, ...) and --help/--version belong to the CLI (cli/cli.h). Our flags and
// their values are removed before asking attn::cli::wants_cli, so `--text dump` stays a GUI run.
#pragma once

#include <array>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "app/state/app_state.h"
#include "app/i18n/ui_text.h"
#include "core/base/colormap.h"
#include "core/base/status.h"

namespace attn::app {

struct AppOptions {
    std::string screenshot;  // PNG path; empty = interactive
    int frames = 0;          // frames to draw before exiting; 0 = until closed (3 with --screenshot)
    bool stats = false;      // print start-up and per-frame timings to stderr
    std::string view = "heatmap";
    bool view_set = false;  // --view given: overrides the saved view
    std::string config_dir;  // --config DIR: settings folder (also in --screenshot runs)
    std::optional<std::string> text;
    std::optional<std::string> cross_text;
    std::optional<std::string> section;  // --section encoder|decoder|cross (AppState::section)
    std::optional<std::string> model;  // --model PATH: a pretrained model folder to open first
    std::optional<std::string> image;  // --image FILE: the PNG/JPEG a vision model looks at
    std::optional<std::string> audio;  // --audio FILE: the recording a speech model listens to
    std::optional<std::string> language;  // --language CODE: what it listens for ("auto": detected); mBART-50: the source's
    std::optional<std::string> target_language;  // --target-language CODE: mBART-50's target
    std::optional<int> word;              // --word N: the Audio view's word, 0-based once parsed
    // --patch R,C (0-based) or cls: the query token of every view; (-1, -1) = the class token.
    std::optional<std::pair<int, int>> patch;
    std::optional<std::string> image_mode;  // --image-mode query|heads|rollout (checked when parsed)
    std::optional<Lang> lang;
    std::optional<int> head;  // 0-based
    std::optional<int> layer;  // 0-based (--layer N from 1)
    std::optional<HeatmapQuantity> quantity;
    std::optional<Colormap> colormap;
    bool causal = false;
    bool mask_edit = false;
    bool presentation = false;  // start in presentation mode
    bool export_dialog = false; // start with the export dialog open
    bool auto_contrast = false; // --auto-contrast: weights on their own min..max
    bool run = false;           // --run: press the view's main action at start (Cost: Measure)
    std::optional<std::array<float, 3>> zoom;  // --zoom Z[,U,V]: the heatmap's zoom and centre
    // --type TEXT: on frame 5 append TEXT to the sentence, as if typed (with --stats: measures the
    // time and frames from the edit to the new trace on screen).
    std::optional<std::string> type_text;
    // A script drives the app (tools/soak.sh, app_control.h): commands from the named pipe
    // `control`, a line a second of frame timings appended to `frame_log`.
    std::string control, frame_log;
    // Screenshot scripting (pixels in the window): the pointer rests at `mouse` (hover tooltip);
    // `click` presses the left button there on frame 2 and releases it on frame 3.
    std::optional<std::pair<float, float>> mouse;
    bool click = false;
    // --headless: draw into an off-screen framebuffer (EGL surfaceless, no X or Wayland). Needs
    // --screenshot or --frames: there is no window to close.
    bool headless = false;
    // --lesson FILE [--lesson-step N] [--lesson-reveal]: open a guided lesson at step N (1-based;
    // 0 = the first) and press its "Show me" once the step's trace is in.
    std::string lesson;
    int lesson_step = 0;
    bool lesson_reveal = false;
    // --train-task T, --train-steps N (screenshots of the Train view): a run of task T with its
    // defaults, N steps trained before the first frame. Scripted runs only (--screenshot / --frames).
    std::optional<std::string> train_task;
    std::optional<int> train_steps;
    std::optional<int> train_picture;  // 1-4: an image task's probe picture in every layer and head
    int generate = 0;  // --generate N: the Predict view adds N tokens at start (0 = none)
    int sample_seed = -1;  // --sample SEED: the Predict view samples with this seed (−1 = greedy)
    // --knock L.H,… (1-based): heads knocked out at start; --rank-heads: the Predict view ranks
    // every head once its session runs (screenshots).
    std::vector<pretrained::HeadIndex> knock;  // 0-based; an encoder–decoder's with their sections
    bool rank_heads = false;
    bool translate = false;  // --translate: the Predict view translates the source at start (a translation model)
};

// argv without our flags (argv[0] kept): what the CLI dispatcher should look at.
std::vector<char*> strip_gui_flags(int argc, char** argv);

// Errors: an unknown flag, a missing or bad value (the message names the flag).
Expected<AppOptions> parse_app_options(int argc, char** argv);

// Applies the options that preset the UI (text, language, view choices) to a fresh state.
void apply_options(const AppOptions& options, AppState& state);

// Whether to draw without a window: --headless, or a run that ends by itself (--screenshot or
// --frames) where no display is set (DISPLAY and WAYLAND_DISPLAY unset or empty; pass getenv's
// results).
bool use_headless(const AppOptions& options, const char* display, const char* wayland_display);

const char* app_usage();

}  // namespace attn::app
