// app_state.h — what the user chose (plain data), and the engine request derived from it.
//
// Panels edit AppState; each frame the app turns it into a ComputeRequest and posts it to the
// worker when it differs from the last one posted. The worker's Trace is never written by panels.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/i18n/ui_text.h"
#include "app/state/highlights.h"
#include "app/state/views.h"
#include "core/attention/builtin_model.h"
#include "core/attention/trace.h"
#include "core/base/colormap.h"
#include "core/base/status.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::app {

inline constexpr float kMinUiScale = 0.75f, kMaxUiScale = 2.0f;
inline constexpr int kMaxRecentLessons = 8;  // AppState::recent_lessons

// A_h, S_h = Q_h K_hᵀ, factor · S_h; Rollout: attention rollout through layers 1 … layer (all heads,
// attention_rollout), self-attention only.
enum class HeatmapQuantity { Weights, Scores, Scaled, Rollout };

inline constexpr int kMaxRecentModels = 8;  // AppState::recent_models (the Model menu, settings.json)

struct AppState {
    Lang lang = Lang::En;

    // Sentence
    std::string text = "Time flies like an arrow";
    bool cross = false;  // cross-attention: keys/values from cross_text
    // Wrap the sentence as one user turn in the loaded model's chat format (ChatML, Llama 3, Mistral
    // [INST]); ignored by models without one (the sentence bar offers it only with one). Not saved.
    bool chat_wrap = false;
    std::string cross_text = "시간은 화살처럼 날아간다.";

    // Model: a pretrained model folder in use ("" = the built-in model). Set while its model
    // loads (so a session closed mid-load still reloads it) and cleared when loading fails.
    std::string model_path;
    std::vector<std::string> recent_models;  // folders opened before, most recent first (kMaxRecentModels)

    // Image: the PNG/JPEG a vision model (ViT, DeiT) looks at ("" = none). Text models ignore it.
    std::string image_path;
    // What the image views show, kept here so that File > Export draws the same: the Image view's
    // query token (0 = [CLS]) and whether it shows the mean of the heads; the Position similarity
    // view's chosen patch (0-based, row by row). Not saved; clamped to the trace by the views.
    // Recording: the sound a speech model (Whisper) listens to ("" = none), and the language it
    // listens for ("" = detected). Other models ignore them.
    std::string audio_path;
    std::string speech_language;
    // A many-language translator (mBART-50): the source's and the target's language codes ("" =
    // the folder's tokenizer_config.json). sync_translation_languages applies them. Not saved.
    std::string translate_from, translate_to;
    int audio_word = -1;  // the Audio view's chosen word (its index in TraceAudio::words; −1 = none). Not saved.
    bool audio_alignment_heads = true;  // the Audio view shows the alignment heads' mean (else the layer and head)
    int image_query = 0;
    bool image_mean_heads = false;
    int pos_patch = 0;

    // Which section of a run every view shows (Trace::section: "encoder", "decoder", "cross" for an
    // encoder–decoder; "" = the first, and the only one of a single-stack model). Not saved.
    std::string section;
    // The RoPE view's dimension pair (0-based; clamped by the view), for File > Export too. Not saved.
    int rope_pair = 0;
    // The Alignment view's matrix, for File > Export too: 0 one head, 1 the mean of the layer's
    // heads, 2 the mean of every layer's (core/attention/alignment.h AlignmentSource); pieces, not
    // words. Not saved.
    int alignment_source = 1;
    bool alignment_pieces = false;

    // Model (built-in)
    int d_model = 64;
    int n_heads = 4;
    std::uint64_t seed = 42;
    bool positional = true;

    // Attention
    bool scale = true;
    float temperature = 1.0f;

    // Mask
    bool causal = false;
    bool window_on = false;
    int window = 2;
    std::string global_tokens;  // "0, 3" as typed
    int pad_to = 0;             // 0 = off
    int max_tokens = 512;       // the token limit (the CLI's --max-tokens), 1..limits::kMaxTokens
    bool mask_edit = false;     // clicking heatmap cells toggles them
    std::vector<std::pair<int, int>> blocked_cells;  // (query, key) hidden by hand

    // Heatmap view: the layer (0-based; the built-in model has one) and head shown
    int layer = 0;
    int head = 0;
    HeatmapQuantity quantity = HeatmapQuantity::Weights;
    Colormap colormap = Colormap::Viridis;
    bool show_numbers = true;
    bool auto_contrast = false;  // weights on their own min..max instead of the fixed 0..1

    // Which view fills the area right of the controls; the cell the explainer shows.
    View view = View::Heatmap;
    int sel_query = -1, sel_key = -1;  // (i, j) clicked in the heatmap; -1 = none

    // Whole-UI zoom (saved), and presentation mode (bigger text, high contrast, no controls).
    float ui_scale = 1.0f;
    bool presentation = false;
    bool show_controls = true;  // the controls panel (always hidden in presentation mode)

    // Guided lessons (app/lesson): lesson files opened before, most recent first (saved), and what
    // the current step points at (not saved; empty without a lesson).
    std::vector<std::string> recent_lessons;
    Highlights highlights;

    // The Train view's task and training text (saved). The panel owns the live copy: it is copied
    // in at start-up (train_panel_restore) and back out before saving (app/shell/app_window.cpp).
    std::string train_task;  // "" = never saved: the panel's default task
    std::string train_text;  // the text task's training text; settings keep its first kMaxSavedTrainText bytes

    // Knocked-out heads (0-based; Shift-click in the Model view, the heatmap's head controls): the
    // Predict view shows the prediction with and without them. Not saved; cleared with the model.
    std::vector<pretrained::HeadIndex> knocked_out;
    bool knockout_mean = false;  // replace a head's output by its mean over the sentence, not 0
};

using PretrainedPtr = std::shared_ptr<const pretrained::PretrainedModel>;

struct ComputeRequest {
    ModelConfig model;     // the built-in model's settings (ignored when `pretrained` is set)
    PretrainedPtr pretrained;  // the loaded model to run instead of the built-in one, or null
    RunConfig run;
    std::string section;   // the section to show (AppState::section); "" or unknown = the first
};
// Everything the engine reads is equal; models compare by identity (the same loaded object), so
// re-opening a folder computes again, and the built-in settings count only without one.
bool operator==(const ComputeRequest& a, const ComputeRequest& b);
inline bool operator!=(const ComputeRequest& a, const ComputeRequest& b) { return !(a == b); }

// "0, 3,5" → {0, 3, 5}; spaces allowed; empty text → {}. Errors name the bad item.
Expected<std::vector<int>> parse_index_list(std::string_view text);

// Errors: a malformed global-token list (the only check the engine cannot make itself).
// A vision model gets state.image_path (its text is unused); other models never see the image.
// A speech model gets state.audio_path and speech_language, and the second text as a typed
// transcript when it is on (else the model writes its own).
// With a pretrained model the second sentence is BERT's sentence B (segment 1) when the model has
// segments, and is left out otherwise (GPT-2 has no second input).
Expected<ComputeRequest> make_request(const AppState& state, PretrainedPtr model = {});

// True when the model takes a second sentence as segment B (BERT with token-type embeddings).
bool takes_sentence_b(const pretrained::PretrainedModel& model);
// A translation model (source and target): the second field is its target.
bool takes_target(const pretrained::PretrainedModel& model);

// True when `model` is a vision model (ViT, DeiT) and no image is chosen: the views then say how
// to open one instead of showing the last trace.
bool needs_image(const AppState& state, const pretrained::PretrainedModel* model);
// The same for a speech model (Whisper) without a recording.
bool needs_audio(const AppState& state, const pretrained::PretrainedModel* model);

// The layer the views show: `layer` clamped to the trace's layers (the trace must have one).
int clamp_layer(int layer, const Trace& trace);
const LayerTrace& current_layer(const Trace& trace, const AppState& state);
// Clamps state.layer and state.head to the trace (called when a trace arrives).
void clamp_selection(AppState& state, const Trace& trace);

// Knock-outs (AppState::knocked_out): toggles one head (added at the end, or removed); the set
// as an ablation for the forward passes; whether a head is in it.
// An encoder–decoder's heads carry their section (encoder, decoder, cross).
void toggle_knockout(AppState& state, int layer, int head,
                     pretrained::Section section = pretrained::Section::Only);
bool is_knocked_out(const AppState& state, int layer, int head,
                    pretrained::Section section = pretrained::Section::Only);
pretrained::Ablation knockout_ablation(const AppState& state);
// Whether the Predict view runs a model with heads knocked out: one stack with a language-model
// head (the next token, or masks), or an encoder–decoder that translates text (its heads named by
// section). Not image or speech models.
bool takes_knockouts(const pretrained::Capabilities& caps);
// The section a head of `caps`'s model shown in trace section `trace_section` belongs to: Only for
// one stack.
pretrained::Section knockout_section(const pretrained::Capabilities& caps, const std::string& trace_section);

}  // namespace attn::app
