// panel.h — the Variants view, as pictures: the selected head's softmax weights, the local-window
// weights and linear attention's implied weights on one colour scale, with their differences from
// softmax (blue − / red +); and the tiled online softmax (FlashAttention) drawn on the heatmap —
// the current tile outlined, every row's running max and running sum as bars — stepped by hand
// or played.
// The numbers are computed on a background job (latest request wins); until they arrive the
// previous result stays on screen (drawn with its own trace's tokens) under "computing…".
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "app/state/app_state.h"
#include "app/jobs/async_job.h"
#include "app/matrix/heatmap_texture.h"
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
    VariantsJob job{run_variants_request, "attn-variants"};

    // Pictures (GL, created on first draw; re-uploaded when `shown` changes).
    HeatmapRenderer maps[4];          // softmax, window, linear, and softmax again for the online part
    unsigned diff_tex[2] = {0, 0};    // window − softmax, linear − softmax (RGBA)
    bool gl_ready = false;
    std::string gl_error;
    std::uint64_t shown_version = 0;     // bumped whenever `shown` is replaced
    std::uint64_t uploaded_version = 0;  // the `shown` the textures hold (0: none)
    bool playing = false;             // Play: one tile forward every kPlaySeconds
    double next_step_time = 0.0;
};

void draw_variants_panel(VariantsPanel& panel, AppState& state, const ComputeView& view);
void variants_panel_set_wakeup(VariantsPanel& panel, std::function<void()> wakeup);  // see LatestJob
bool variants_panel_wait_idle(VariantsPanel& panel, std::chrono::milliseconds timeout);
void variants_panel_destroy(VariantsPanel& panel);  // GL context current

}  // namespace attn::app
