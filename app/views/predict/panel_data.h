// panel_data.h — the Predict view's state (PredictPanel), which its files share: panel.h draws it,
// panel_parts.h holds the pieces panel.cpp, panel_masked.cpp, panel_translate.cpp and
// panel_knockout.cpp draw it with.
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

}  // namespace attn::app
