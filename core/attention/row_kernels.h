// row_kernels.h — the inner loops of softmax and the row stats (softmax.cpp, stats.cpp), compiled for
// several x86-64 levels and chosen once at run time, so a portable build still runs AVX-512 here.
//
// Every reduction keeps 32 partial sums (two AVX-512 registers, four AVX2, eight SSE) combined in a
// fixed order, and the portable build compiles row_kernels.cpp with -ffp-contract=off (no FMA in
// some variants only): every variant rounds the same operations in the same order and gives
// bit-identical results (tests/test_row_kernels.cpp, tests/package/portable_isa_test.sh). The
// native build (ATTNLAB_NATIVE=ON) compiles one variant, for the build machine, with FMA.
#pragma once

namespace attn::simd {

// Σ over one row's keys for one factor, as softmax.h's RowSums (d_j = s_j − top ≤ 0 on visible keys).
struct ExpSums {
    float l = 0.0f;   // Σ e_j
    float ed = 0.0f;  // Σ e_j d_j
    float e2 = 0.0f;  // Σ max(e_j, tiny)²
    float e3 = 0.0f;  // Σ max(e_j, tiny)³
};

// One compiled variant. `hide` (n) is −∞ for a blocked key and 0 otherwise, `visible` (n) 0 / 1;
// either may be null (nothing blocked).
struct RowKernels {
    const char* name;  // "x86-64-v4 (AVX-512)", "x86-64-v3 (AVX2+FMA)", "x86-64-v2 (SSE4.2)", "native"
    float (*max)(const float* s, const float* hide, int n);          // max_j (s_j + hide_j); n ≥ 1
    float (*sum)(const float* s, const float* visible, int n);       // Σ s_j · visible_j
    float (*sq_dev)(const float* s, const float* visible, float mean, int n);  // Σ ((s_j − mean) · visible_j)²
    // e_j = exp_nonpositive(factor · (s_j − top) + hide_j) into e (n), with its sums; ed, e2, e3 only
    // when `moments` (`tiny` is the floor for e2, e3).
    ExpSums (*exp)(const float* s, const float* hide, float top, float factor, float tiny, bool moments,
                   float* e, int n);
    void (*scale)(float* p, float c, int n);  // p_j *= c
};

enum class Isa { Baseline, V3, V4 };
constexpr int kIsaCount = 3;

// The variant for `isa`, or null when this build has none for it (native builds have Baseline only)
// or this CPU cannot run it.
const RowKernels* row_kernels_for(Isa isa);

// The variant the engine uses, chosen on first call: the best this CPU runs; ATTNLAB_ISA=v2|v3|v4
// caps it (to compare variants in bench/ and tests). Thread-safe.
const RowKernels& row_kernels();

}  // namespace attn::simd
