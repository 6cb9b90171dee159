// variants.h — the Variants view's numbers (GL-free): one head of the trace computed three ways
// (softmax, linear attention, a local window) and the tiled online softmax stepped tile by tile.
//
// These are other algorithms, not intermediates of the run, so they are computed here from the
// trace's Q_h, K_h, V_h — once per (trace, head, window, tile size), on the panel's background job
// (async_job.h): at 512 tokens with small tiles this is tens of ms and tens of MB of tiles.
#pragma once

#include <memory>
#include <vector>

#include "core/attention/online_softmax.h"
#include "core/attention/trace.h"

namespace attn::app {

struct VariantsResult {
    int head = 0, window = 0, tile = 0;
    Mat softmax_out;              // (T_q, d_k) the trace's own head output
    Mat linear_out;               // (T_q, d_k) φ(x) = elu(x) + 1, causal when the run is causal
    Mat window_out;               // (T_q, d_k) softmax attention with the run's mask ∧ |i − j| ≤ window
    Vec linear_err, window_err;   // (T_q) max |Δ| per query row against softmax_out
    OnlineSoftmaxResult online;   // tiles over the keys, with the run's mask and factor
    float online_err = 0.0f;      // max |online − softmax_out|: 0 up to rounding
};

// `layer` and `head` must be valid for `trace`; window ≥ 0, tile ≥ 1.
VariantsResult compute_variants(const Trace& trace, int layer, int head, int window, int tile);

// What the panel asks its job for; the trace is shared, never copied.
struct VariantsRequest {
    std::shared_ptr<const Trace> trace;
    int layer = 0, head = 0, window = 0, tile = 1;
};
bool same_variants_request(const VariantsRequest& a, const VariantsRequest& b);
// The job's body: compute_variants on the request (head clamped to the trace's heads).
VariantsResult run_variants_request(const VariantsRequest& request);

}  // namespace attn::app
