// row_kernels.cpp — softmax and row-stats loops (row_kernels.h), written once as plain loops and
// compiled per instruction set with GCC's target attribute; the dispatch picks one per process.
#include "core/attention/row_kernels.h"

#include <cstdlib>
#include <cstring>

#include "core/attention/fast_exp.h"

namespace attn::simd {

namespace {

// Partial sums per reduction: two AVX-512 registers, four AVX2, eight SSE — several independent
// additions in flight, so the adder's latency does not bound a reduction.
constexpr int kLanes = 32;

#define ATTNLAB_ALWAYS_INLINE inline __attribute__((always_inline))

// Partial sums → one float, in a fixed tree order (the same for every variant).
ATTNLAB_ALWAYS_INLINE float fold_sum(float* acc) {
    for (int w = kLanes / 2; w >= 1; w /= 2)
        for (int k = 0; k < w; ++k) acc[k] += acc[k + w];
    return acc[0];
}

ATTNLAB_ALWAYS_INLINE float fold_max(float* acc) {
    for (int w = kLanes / 2; w >= 1; w /= 2)
        for (int k = 0; k < w; ++k) acc[k] = acc[k] < acc[k + w] ? acc[k + w] : acc[k];
    return acc[0];
}

// Σ_j term(j) with kLanes partial sums, folded in the fixed order.
template <typename Term>
ATTNLAB_ALWAYS_INLINE float reduce_sum(int n, Term term) {
    float acc[kLanes] = {};
    int j = 0;
    for (; j + kLanes <= n; j += kLanes)
        for (int k = 0; k < kLanes; ++k) acc[k] += term(j + k);
    for (int k = 0; j < n; ++j, ++k) acc[k] += term(j);
    return fold_sum(acc);
}

ATTNLAB_ALWAYS_INLINE float max_impl(const float* s, const float* hide, int n) {
    float acc[kLanes];
    const float first = hide ? s[0] + hide[0] : s[0];
    for (int k = 0; k < kLanes; ++k) acc[k] = first;
    int j = 0;
    if (hide) {
        for (; j + kLanes <= n; j += kLanes)
            for (int k = 0; k < kLanes; ++k) {
                const float x = s[j + k] + hide[j + k];
                acc[k] = acc[k] < x ? x : acc[k];
            }
    } else {
        for (; j + kLanes <= n; j += kLanes)
            for (int k = 0; k < kLanes; ++k) acc[k] = acc[k] < s[j + k] ? s[j + k] : acc[k];
    }
    for (int k = 0; j < n; ++j, ++k) {
        const float x = hide ? s[j] + hide[j] : s[j];
        acc[k] = acc[k] < x ? x : acc[k];
    }
    return fold_max(acc);
}

ATTNLAB_ALWAYS_INLINE float sum_impl(const float* s, const float* visible, int n) {
    if (visible) return reduce_sum(n, [&](int j) { return s[j] * visible[j]; });
    return reduce_sum(n, [&](int j) { return s[j]; });
}

ATTNLAB_ALWAYS_INLINE float sq_dev_impl(const float* s, const float* visible, float mean, int n) {
    if (visible) {
        return reduce_sum(n, [&](int j) {
            const float d = (s[j] - mean) * visible[j];
            return d * d;
        });
    }
    return reduce_sum(n, [&](int j) {
        const float d = s[j] - mean;
        return d * d;
    });
}

// The exponentials in a plain loop (GCC vectorizes it: exp_nonpositive is branch-free), then the
// sums over them in a second pass with 16 partial sums each. Blocked keys have e = 0: they add 0
// to l and ed, and e2, e3 count them at `tiny`, as softmax.h's RowSums says (< 1e−22 against Σe² ≥ 1).
ATTNLAB_ALWAYS_INLINE ExpSums exp_impl(const float* s, const float* hide, float top, float factor,
                                       float tiny, bool moments, float* e, int n) {
    if (hide) {
        for (int j = 0; j < n; ++j) e[j] = exp_nonpositive(factor * (s[j] - top) + hide[j]);
    } else {
        for (int j = 0; j < n; ++j) e[j] = exp_nonpositive(factor * (s[j] - top));
    }
    ExpSums r;
    r.l = sum_impl(e, nullptr, n);
    if (!moments) return r;
    // One pass per sum (e stays in L1): each keeps its own partial sums in registers.
    r.ed = reduce_sum(n, [&](int j) { return e[j] * (s[j] - top); });
    r.e2 = reduce_sum(n, [&](int j) {
        const float c = e[j] < tiny ? tiny : e[j];
        return c * c;
    });
    r.e3 = reduce_sum(n, [&](int j) {
        const float c = e[j] < tiny ? tiny : e[j];
        return c * c * c;
    });
    return r;
}

ATTNLAB_ALWAYS_INLINE void scale_impl(float* p, float c, int n) {
    for (int j = 0; j < n; ++j) p[j] *= c;
}

// One variant: thin functions with the target's attribute, each inlining the loops above.
#define ATTNLAB_ROW_KERNELS(suffix, name, attr)                                                        \
    attr float max_##suffix(const float* s, const float* h, int n) { return max_impl(s, h, n); }     \
    attr float sum_##suffix(const float* s, const float* v, int n) { return sum_impl(s, v, n); }     \
    attr float sq_dev_##suffix(const float* s, const float* v, float m, int n) {                     \
        return sq_dev_impl(s, v, m, n);                                                               \
    }                                                                                                 \
    attr ExpSums exp_##suffix(const float* s, const float* h, float t, float f, float tiny, bool mo, \
                              float* e, int n) {                                                      \
        return exp_impl(s, h, t, f, tiny, mo, e, n);                                                  \
    }                                                                                                 \
    attr void scale_##suffix(float* p, float c, int n) { scale_impl(p, c, n); }                      \
    const RowKernels kKernels_##suffix = {name, max_##suffix, sum_##suffix, sq_dev_##suffix,          \
                                          exp_##suffix, scale_##suffix};

#if ATTNLAB_KERNEL_DISPATCH
// Portable build: the baseline (-march=x86-64-v2) plus two wider levels. The target attribute
// needs the baseline's options to be a subset of each level's, which holds only in this build.
ATTNLAB_ROW_KERNELS(base, "x86-64-v2 (SSE4.2)", )
ATTNLAB_ROW_KERNELS(v3, "x86-64-v3 (AVX2+FMA)", __attribute__((target("arch=x86-64-v3"))))
ATTNLAB_ROW_KERNELS(v4, "x86-64-v4 (AVX-512)", __attribute__((target("arch=x86-64-v4"))))
#else
ATTNLAB_ROW_KERNELS(base, "native", )
#endif

bool cpu_runs(Isa isa) {
    switch (isa) {
    case Isa::Baseline: return true;
    // Feature by feature, not "x86-64-v3": clang 14 (the fuzz build) knows only some features
    // (not f16c); every CPU with AVX2, FMA and BMI2 (Haswell, Zen and later) has the rest of v3.
    case Isa::V3:
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi2");
    case Isa::V4:
        return cpu_runs(Isa::V3) && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512dq") &&
               __builtin_cpu_supports("avx512vl");
    }
    return false;
}

const RowKernels* choose() {
    Isa cap = Isa::V4;
    if (const char* env = std::getenv("ATTNLAB_ISA"); env && env[0] != '\0') {
        if (std::strcmp(env, "v2") == 0 || std::strcmp(env, "baseline") == 0) cap = Isa::Baseline;
        else if (std::strcmp(env, "v3") == 0) cap = Isa::V3;
    }
    for (int i = int(cap); i >= 0; --i)
        if (const RowKernels* k = row_kernels_for(Isa(i))) return k;
    return &kKernels_base;
}

}  // namespace

const RowKernels* row_kernels_for(Isa isa) {
    if (!cpu_runs(isa)) return nullptr;
    switch (isa) {
    case Isa::Baseline: return &kKernels_base;
#if ATTNLAB_KERNEL_DISPATCH
    case Isa::V3: return &kKernels_v3;
    case Isa::V4: return &kKernels_v4;
#else
    default: return nullptr;
#endif
    }
    return nullptr;
}

const RowKernels& row_kernels() {
    static const RowKernels* chosen = choose();
    return *chosen;
}

}  // namespace attn::simd
