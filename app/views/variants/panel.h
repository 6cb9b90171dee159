// panel.h — the Variants view: the selected head computed as softmax attention, linear
// attention and local-window attention side by side (how far each output row moves), and the
// tiled online softmax (FlashAttention's running max and sum) stepped one tile at a time.
// The numbers are computed on a background job (latest request wins); until they arrive the
// previous result stays on screen (drawn with its own trace's tokens) under "computing…".
#pragma once

#include <chrono>
#include <functional>
#include <optional>

#include "app/state/app_state.h"
#include "app/jobs/async_job.h"
#include "app/jobs/compute_worker.h"
#include "app/views/variants/variants.h"

namespace attn::app {

using VariantsJob = LatestJob<VariantsRequest, VariantsResult>;

struct VariantsPanel {
    int window = 1;  // local window ±k
    int tile = 2;    // keys per tile
    int step = 0;    // tile shown (0-based)
    std::optional<VariantsRequest> posted;  // the last request given to the job
    std::optional<VariantsJob::Done> shown; // the result on screen and what it was computed for
    VariantsJob job{run_variants_request};
};

void draw_variants_panel(VariantsPanel& panel, AppState& state, const ComputeView& view);
void variants_panel_set_wakeup(VariantsPanel& panel, std::function<void()> wakeup);  // see LatestJob
bool variants_panel_wait_idle(VariantsPanel& panel, std::chrono::milliseconds timeout);

}  // namespace attn::app
