// panel_parts.h — the Predict view's drawing pieces shared by its files (internal to app/views/predict):
// the token row, sampling controls and messages (panel_parts.cpp), the knocked-out heads and the head ranking
// (panel_knockout.cpp), BERT's masked-token fillers (panel_masked.cpp); panel.cpp draws GPT-2's
// part and picks one. ImGui, UI thread only.
#pragma once

#include <string>
#include <vector>

#include <imgui.h>

#include "app/state/app_state.h"
#include "app/views/predict/panel_data.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app::predict_view {

// Tokens as small buttons that wrap; returns the clicked index or -1. `accent` tints a token
// (generated, masked), `chosen` frames one.
int token_row(const std::vector<std::string>& labels, const std::vector<bool>& accent, int chosen, const char* tip,
              ImU32 accent_colour);
void wrapped_dim(const char* text);
// Greedy, temperature, top-k, top-p, seed and the bars shown (panel.settings); true when one changed.
bool draw_sampling_controls(PredictPanel& panel, Lang lang);
// "Cannot predict: <the core's message in the UI language>".
void error_line(Lang lang, const std::string& core_message);

// "Knocked-out heads: [1.2 ×] [3.4 ×]  Clear  [] Mean, not zero", then (GPT-2: `snap` given)
// "Which heads matter here?" or the ranking's progress. BERT passes no snapshot: no ranking.
// `translation`: an encoder–decoder's result (heads named by section; the whole translation is the
// knocked-out model's; the ranking watches the token after its target).
void draw_knockout_bar(PredictPanel& panel, AppState& state, const PredictSnapshot* snap,
                       const TranslateResult* translation = nullptr);
// Posts the GPT-2 knock-out comparison when its inputs changed; takes a finished one.
void update_knockout(PredictPanel& panel, const AppState& state, const PredictSnapshot& snap);
// The ranking in place of the grown heatmap (a click knocks a head out).
void draw_ranking(PredictPanel& panel, AppState& state, const HeadRankDone& done);
// "p(“x”): 0.412 → 0.108 (−0.304)", and "Without them the top token is …" when another wins.
void draw_knock_change(Lang lang, const PredictRow& chosen, float knocked, const PredictRow* top_without);

void draw_masked(PredictPanel& panel, AppState& state, const ComputeView& view);
void draw_translation(PredictPanel& panel, AppState& state, const ComputeView& view);

}  // namespace attn::app::predict_view
