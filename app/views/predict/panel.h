// panel.h — the Predict view: what a real model predicts and how generation grows the text.
//
// GPT-2 (and Llama, Qwen, Mistral): the text's tokens (click one to predict after it), the model's top next tokens beside the
// distribution sampling draws from (temperature, top-k, top-p), +1 / +N tokens, Undo, Keep as
// sentence, and a heatmap that grows by one attention row per generated token. The session lives
// in a GenerationWorker (KV cache); the panel draws its snapshots.
// BERT: click tokens to [MASK] them (or type [MASK]) and see the masked-LM head's fillers, computed
// on a job thread, beside the same fillers without the knocked-out heads; a checkpoint without the
// head, or no model at all, gets a message instead.
// A translation model (Marian): the source's tokens, the target written one token at a time (the
// best or a sample, or a clicked bar) or by the model's search (beams or greedy, with its beam tree,
// which Export tree… saves as a figure), and the cross-attention row the decoder read while writing
// each token.
// Files: panel_state.cpp (the jobs, waiting, release; GL-free), panel.cpp (GPT-2 and the choice),
// panel_masked.cpp (BERT), panel_translate.cpp (translation), tree_export.cpp (its beam tree's
// export), panel_knockout.cpp (knocked-out heads, the ranking), panel_parts.cpp (token row,
// sampling controls, messages); panel_parts.h joins them.
#pragma once

#include <chrono>
#include <functional>

#include "app/jobs/compute_worker.h"
#include "app/state/app_state.h"
#include "app/views/predict/panel_data.h"

namespace attn::app {

void draw_predict_panel(PredictPanel& panel, AppState& state, const ComputeView& view);
void predict_panel_set_wakeup(PredictPanel& panel, const std::function<void()>& wake);
// The view's model changed: forgets every request, result and session that holds another model, so
// that a closed model is freed even while this view is not drawn (the app calls it; draws re-post).
void predict_panel_release(PredictPanel& panel);
void predict_panel_wait_idle(PredictPanel& panel, std::chrono::milliseconds timeout);

}  // namespace attn::app
