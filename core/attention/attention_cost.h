// attention_cost.h — one head of attention computed four ways, each as lean as its algorithm
// allows, to measure how time and memory grow with the sequence length n (the Cost view):
//
//   softmax   S = Q Kᵀ (n, n) → softmax rows → A V            time O(n²·d), memory O(n²)
//   window    each query against its 2w+1 neighbours only       time O(n·w·d), memory O(n·w)
//   linear    φ(Q) (φ(K)ᵀ V) with φ = elu + 1                   time O(n·d²), memory O(n·d + d²)
//   online    key tiles with a running max and sum (Flash)      time O(n²·d), memory O(n·tile)
//
// Each kernel reports the bytes of scratch it allocates besides Q, K, V and the output: that is
// the memory column (what grows with n), computed from the buffers it really allocates.
#pragma once

#include <atomic>
#include <functional>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/base/matrix.h"

namespace attn {

enum class CostMethod { Softmax, Window, Linear, Online };
inline constexpr int kCostMethods = 4;
const char* cost_method_name(CostMethod m);  // "softmax", "window", "linear", "online"

// Window attention without ever forming the (n, n) matrix: query i attends to keys
// max(0, i − w) … min(n − 1, i + w) with softmax(factor · q·k). q (n, d), k (n, d), v (n, d_v).
// Equals masked softmax attention with the band mask |i − j| ≤ w.
Mat banded_attention(const Mat& q, const Mat& k, const Mat& v, float factor, int window,
                     std::size_t* scratch_bytes = nullptr);

// Full softmax attention as one product, a row softmax and a second product: (n, d_v).
Mat dense_attention(const Mat& q, const Mat& k, const Mat& v, float factor, std::size_t* scratch_bytes = nullptr);

// Tiled online softmax (running max m, sum l, accumulator a per row; no (n, n) matrix): (n, d_v).
Mat tiled_attention(const Mat& q, const Mat& k, const Mat& v, float factor, int tile,
                    std::size_t* scratch_bytes = nullptr);

// Linear attention (non-causal), right-to-left: (n, d_v).
Mat linear_attention_lean(const Mat& q, const Mat& k, const Mat& v, std::size_t* scratch_bytes = nullptr);

struct CostSample {
    int n = 0;
    double ms = 0.0;            // best of the repeats
    double scratch_mib = 0.0;   // bytes of scratch / 2^20
};

struct CostSweep {
    int d = 64, window = 16, tile = 64;
    std::vector<CostSample> samples[kCostMethods];  // by CostMethod, increasing n
};

struct CostSweepConfig {
    std::vector<int> sizes = {16, 32, 64, 128, 256, 512, 1024, 2048, 4096};
    int d = 64;                   // head size d_k = d_v
    int window = 16;              // ± neighbours for the window method
    int tile = 64;                // keys per tile for the online method
    double method_budget_ms = 1500.0;  // a method stops growing n once one run takes longer
    double total_budget_ms = 8000.0;   // the whole sweep stops after this
};

// Times every method on random Q, K, V (fixed seed) for each size: one warm-up run, then the best
// of up to 7 more runs (fewer when a run is slow), so the slopes are stable. A method stops growing
// n once a run exceeds method_budget_ms; the sweep stops after total_budget_ms or when `cancel`
// becomes true. Runs on the calling thread (the app calls it from a background job).
// `on_sample` (optional) sees the sweep so far after every sample (the app shows it growing).
CostSweep run_cost_sweep(const CostSweepConfig& config, const std::atomic<bool>* cancel = nullptr,
                         const std::function<void(const CostSweep&)>& on_sample = {});

}  // namespace attn
