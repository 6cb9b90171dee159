// panel.h — the Image view (View ▸ Image): the picture a vision model saw with its patch grid,
// one token's attention over it as a translucent overlay (a layer's head or the mean of heads),
// the class token per head side by side (DINO's figure) or attention rollout, the patches as a
// strip of "words", and the classifier's top classes.
//
// The picture is one GL texture (uploaded when the trace changes); overlays, grid and hover marks
// are ImDrawList rectangles (≤ a few thousand). Rollout runs on a job (every layer's T×T product).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "app/jobs/async_job.h"
#include "app/jobs/compute_worker.h"
#include "app/state/app_state.h"
#include "app/views/image/image_view.h"

namespace attn::app {

using ImageRolloutPtr = std::shared_ptr<const std::vector<Mat>>;  // one (T, T) per layer
using ImageRolloutJob = LatestJob<std::shared_ptr<const Trace>, ImageRolloutPtr>;

struct ImagePanel {
    ImageMode mode = ImageMode::Query;
    // The query token and "mean of heads" are AppState::image_query / image_mean_heads (File > Export).
    bool keep_mass = false;    // darken all but the patches holding 60% of the mass
    float opacity = 0.5f;      // of the colour overlay
    // --patch R,C: the query to select in every view once an image trace is in (the shell applies
    // it with select_start_patch, whichever view shows); (-1, -1) = none ([CLS] stays).
    std::pair<int, int> pending_patch{-1, -1};

    // The picture as a texture, for the TraceImage it was made from.
    std::shared_ptr<const TraceImage> texture_image;
    unsigned texture = 0;

    std::function<void()> wake;                    // the rollout job's wake-up (set before first use)
    std::unique_ptr<ImageRolloutJob> rollout_job;  // created on first use
    std::shared_ptr<const Trace> rollout_trace;    // posted
    ImageRolloutPtr rollout;                       // for rollout_trace once in
};

void draw_image_panel(ImagePanel& panel, AppState& state, const ComputeView& view);
void image_panel_set_wakeup(ImagePanel& panel, std::function<void()> wake);
void image_panel_wait_idle(ImagePanel& panel, std::chrono::milliseconds timeout);  // the rollout job
void image_panel_destroy(ImagePanel& panel);  // GL: the texture (context current)

}  // namespace attn::app
