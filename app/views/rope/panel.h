// panel.h — the RoPE view (View ▸ RoPE): for a layer, head and dimension pair, q and k of every
// token as 2-D arrows before and after their rotation; the speed θ of every pair (log scale, click
// to choose); the shift test (the sentence run again from position k on a job, max |Δ score|) and
// the padding test (k filler tokens in front, hidden by the mask or visible: run_pad_test);
// and in a side column the KV-cache sizes of this model against MHA and MQA.
// A model without rotary positions gets a notice (the KV-cache column still shows).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <vector>

#include "app/jobs/async_job.h"
#include "app/jobs/compute_worker.h"
#include "app/state/app_state.h"
#include "app/views/rope/rope_view.h"

namespace attn::app {

struct ShiftRequest {
    PretrainedPtr model;
    std::vector<int> ids;  // (T)
    int shift = 0;
    bool operator==(const ShiftRequest& o) const { return model == o.model && ids == o.ids && shift == o.shift; }
};
using ShiftJob = LatestJob<ShiftRequest, ShiftResult>;
struct PadRequest {
    PretrainedPtr model;
    std::vector<int> ids;  // (T)
    int pad_id = -1;
    int pad = 0;
    bool operator==(const PadRequest& o) const {
        return model == o.model && ids == o.ids && pad_id == o.pad_id && pad == o.pad;
    }
};
using PadJob = LatestJob<PadRequest, PadResult>;

struct RopePanel {
    int shift = 8;            // the shift test's k
    int context = 4096;       // the KV-cache panel's N
    int bytes = 2;            // per cached number (2 = fp16/bf16, 4 = fp32)
    int hover_token = -1;     // under the pointer in a plot last frame
    bool export_request = false;  // the Export button was pressed: the shell opens File ▸ Export

    std::function<void()> wake;          // the shift job's wake-up (set before first use)
    std::unique_ptr<ShiftJob> shift_job; // created on first use
    ShiftRequest posted;                 // the last request
    bool has_result = false;
    ShiftResult result;                  // for `posted` once in

    int pad = 4;                         // the padding test's number of filler tokens
    std::unique_ptr<PadJob> pad_job;     // created on first use
    PadRequest pad_posted;
    bool pad_has_result = false;
    PadResult pad_result;                // for `pad_posted` once in
};

void draw_rope_panel(RopePanel& panel, AppState& state, const ComputeView& view);
void rope_panel_set_wakeup(RopePanel& panel, std::function<void()> wake);
void rope_panel_wait_idle(RopePanel& panel, std::chrono::milliseconds timeout);  // the shift and padding jobs
// The view's model changed: forgets the tests' requests and results (see lens_panel_release).
void rope_panel_release(RopePanel& panel);

}  // namespace attn::app
