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
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/jobs/async_job.h"
#include "app/jobs/compute_worker.h"
#include "app/jobs/export_job.h"
#include "app/jobs/head_rank_job.h"
#include "app/state/app_state.h"
#include "app/views/predict/generation_worker.h"
#include "app/views/predict/predict.h"
#include "app/views/predict/translation.h"
#include "app/i18n/label_buf.h"

namespace attn::app {

struct PredictPanel {
    PredictPanel();
    // What the masked and translation jobs keep between runs (used on their threads only).
    std::shared_ptr<MlmHeadCache> masked_cache = std::make_shared<MlmHeadCache>();
    std::shared_ptr<EncodedSource> translate_kept = std::make_shared<EncodedSource>();
    PredictSettings settings;
    int plus_n = 10;              // the "+N tokens" count
    int auto_generate = 0;        // --generate N: tokens to add once the session has started
    GenerationWorker generation;
    std::shared_ptr<const PredictSnapshot> snap;  // the newest snapshot drawn
    PretrainedPtr started_model;  // what start() was last given
    std::string started_text;

    // BERT
    std::unique_ptr<LatestJob<MaskedRequest, MaskedResult>> masked_job;
    std::vector<int> masked_positions;
    MaskedRequest posted_masked;
    bool masked_posted = false;
    std::optional<MaskedResult> masked;
    bool masked_current = false;  // `masked` was computed with the heads knocked out now

    // Knocked-out heads (AppState::knocked_out): the same prediction without them, and the ranking
    // of every head removed alone.
    std::unique_ptr<LatestJob<KnockoutRequest, KnockoutResult>> knock_job;
    KnockoutRequest posted_knock;
    bool knock_posted = false;
    std::optional<KnockoutResult> knock;  // for posted_knock once it arrives
    bool knock_current = false;           // `knock` answers the newest posted request
    HeadRankJob rank;
    std::optional<HeadRankDone> ranked;   // shown in place of the grown heatmap until closed
    bool rank_on_start = false;           // --rank-heads (screenshots): rank once the session runs

    // A translation model (panel_translate.cpp): the target the user writes, token by token or by
    // the model's own search, computed on translate_job.
    std::unique_ptr<LatestJob<TranslateRequest, TranslateResult>> translate_job;
    TranslateRequest posted_translate;
    bool translate_posted = false;
    std::optional<TranslateResult> translation;  // the newest result
    std::optional<TranslateResult> searched;     // the last whole-sentence search (its beam tree)
    std::vector<int> target;                     // the target written so far
    int translate_step = -1;                     // the written token whose row is shown; −1 = the last
    int translate_head = 0;                      // 1-based head; 0 = the mean of the layer's heads
    bool translate_on_start = false;             // --translate (screenshots): search once at start
    bool tree_to_winner = false;                 // scroll the new beam tree to where the winner ends
    ViewExport tree_export;                      // Export tree… (tree_export.h)

    LabelBuf label;
};

void draw_predict_panel(PredictPanel& panel, AppState& state, const ComputeView& view);
void predict_panel_set_wakeup(PredictPanel& panel, const std::function<void()>& wake);
// The view's model changed: forgets every request, result and session that holds another model, so
// that a closed model is freed even while this view is not drawn (the app calls it; draws re-post).
void predict_panel_release(PredictPanel& panel);
void predict_panel_wait_idle(PredictPanel& panel, std::chrono::milliseconds timeout);

}  // namespace attn::app
