// app_state.cpp — what the user chose (plain data), and the engine request derived from it
// (implementation; the interface and its contract are in app_state.h)
#include "app/state/app_state.h"

#include <algorithm>
#include <charconv>

#include "core/base/limits.h"

namespace attn::app {

Expected<std::vector<int>> parse_index_list(std::string_view text) {
    std::vector<int> out;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find(',', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view item = text.substr(pos, end - pos);
        while (!item.empty() && (item.front() == ' ' || item.front() == '\t')) item.remove_prefix(1);
        while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
        if (item.empty()) {
            if (end < text.size()) return Status::Error("Global tokens: an empty item between commas.");
        } else {
            int value = 0;
            const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
            if (ec != std::errc() || ptr != item.data() + item.size() || value < 0) {
                return Status::Error("Global tokens: '" + std::string(item) +
                                     "' is not a position (use whole numbers from 0, e.g. 0, 3).");
            }
            out.push_back(value);
        }
        pos = end + 1;
    }
    return out;
}

bool takes_sentence_b(const pretrained::PretrainedModel& model) {
    return model.caps().inputs.pair_segments;
}

bool takes_target(const pretrained::PretrainedModel& model) { return model.caps().inputs.source_target; }

bool needs_image(const AppState& state, const pretrained::PretrainedModel* model) {
    return model != nullptr && model->caps().inputs.image && state.image_path.empty();
}

bool needs_audio(const AppState& state, const pretrained::PretrainedModel* model) {
    return model != nullptr && model->caps().inputs.audio && state.audio_path.empty();
}

Expected<ComputeRequest> make_request(const AppState& state, PretrainedPtr model) {
    ComputeRequest req;
    req.model.d_model = state.d_model;
    req.model.n_heads = state.n_heads;
    req.model.seed = state.seed;
    req.model.positional = state.positional;

    req.run.text = state.chat_wrap && model && model->chat_format != pretrained::ChatFormat::None
                       ? pretrained::wrap_chat_turn(*model, state.text)
                       : state.text;
    req.run.cross_text = state.cross ? state.cross_text : std::string();
    if (model && !takes_sentence_b(*model) && !takes_target(*model) && !model->caps().inputs.audio) req.run.cross_text.clear();
    if (model && model->caps().inputs.image) req.run.image_path = state.image_path;
    if (model && model->caps().inputs.audio) {
        req.run.audio_path = state.audio_path;
        req.run.language = state.speech_language;  // cross_text: a typed transcript (teacher forcing), or none
    }
    if (model) req.section = state.section;
    req.pretrained = std::move(model);
    req.run.attention.scale = state.scale;
    req.run.attention.temperature = state.temperature;
    req.run.mask.causal = state.causal;
    req.run.mask.window = state.window_on ? std::max(0, state.window) : -1;
    auto globals = parse_index_list(state.global_tokens);
    if (!globals) return globals.status();
    req.run.mask.global_tokens = std::move(*globals);
    req.run.mask.pad_to = std::max(0, state.pad_to);
    req.run.tokenizer.max_tokens = size_t(std::clamp(state.max_tokens, 1, int(limits::kMaxTokens)));
    req.run.mask.blocked_cells = state.blocked_cells;
    req.run.mask.drop_cells_outside = true;  // cells clicked on a longer sentence, kept while typing
    return req;
}

bool operator==(const ComputeRequest& a, const ComputeRequest& b) {
    // A pretrained model is the same object or not; the built-in settings count only without one.
    return a.pretrained == b.pretrained && (a.pretrained || a.model == b.model) && a.run == b.run &&
           a.section == b.section;
}

int clamp_layer(int layer, const Trace& trace) {
    return std::clamp(layer, 0, std::max(int(trace.layers.size()) - 1, 0));
}

const LayerTrace& current_layer(const Trace& trace, const AppState& state) {
    return trace.layers[size_t(clamp_layer(state.layer, trace))];
}

void clamp_selection(AppState& state, const Trace& trace) {
    if (trace.layers.empty()) return;
    state.layer = clamp_layer(state.layer, trace);
    state.head = std::clamp(state.head, 0, std::max(current_layer(trace, state).n_heads - 1, 0));
}

void toggle_knockout(AppState& state, int layer, int head, pretrained::Section section) {
    auto& v = state.knocked_out;
    const pretrained::HeadIndex h{layer, head, section};
    auto it = std::find(v.begin(), v.end(), h);
    if (it == v.end()) {
        v.push_back(h);
    } else {
        v.erase(it);
    }
}

bool is_knocked_out(const AppState& state, int layer, int head, pretrained::Section section) {
    const auto& v = state.knocked_out;
    return std::find(v.begin(), v.end(), pretrained::HeadIndex{layer, head, section}) != v.end();
}

pretrained::Ablation knockout_ablation(const AppState& state) {
    pretrained::Ablation a;
    a.mode = state.knockout_mean ? pretrained::AblationMode::Mean : pretrained::AblationMode::Zero;
    a.heads = state.knocked_out;
    return a;
}

bool takes_knockouts(const pretrained::Capabilities& caps) {
    if (caps.stacks == 2) return caps.inputs.source_target || caps.inputs.audio;  // translators and listeners
    return caps.stacks == 1 && !caps.inputs.image && (caps.next_token || caps.fills_masks);
}

pretrained::Section knockout_section(const pretrained::Capabilities& caps, const std::string& trace_section) {
    return caps.stacks == 2 ? pretrained::section_of_trace(trace_section) : pretrained::Section::Only;
}

}  // namespace attn::app
