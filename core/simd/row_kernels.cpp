// row_kernels.cpp — softmax and row-stats loops (row_kernels.h), written once as plain loops and
// compiled per instruction set with GCC's target attribute; the dispatch picks one per process.
#include "core/simd/row_kernels.h"

#include <cstdlib>
#include <cstring>

#include "core/softmax.h"  // exp_nonpositive

namespace attn::simd {

namespace {

constexpr int kLanes = 16;  // partial sums per reduction: see row_kernels.h

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
    float acc[kLanes] = {};
    int j = 0;
    if (visible) {
        for (; j + kLanes <= n; j += kLanes)
            for (int k = 0; k < kLanes; ++k) acc[k] += s[j + k] * visible[j + k];
    } else {
        for (; j + kLanes <= n; j += kLanes)
            for (int k = 0; k < kLanes; ++k) acc[k] += s[j + k];
    }
    for (int k = 0; j < n; ++j, ++k) acc[k] += visible ? s[j] * visible[j] : s[j];
    return fold_sum(acc);
}

ATTNLAB_ALWAYS_INLINE float sq_dev_impl(const float* s, const float* visible, float mean, int n) {
    float acc[kLanes] = {};
    int j = 0;
    if (visible) {
        for (; j + kLanes <= n; j += kLanes)
            for (int k = 0; k < kLanes; ++k) {
                const float d = (s[j + k] - mean) * visible[j + k];
                acc[k] += d * d;
            }
    } else {
        for (; j + kLanes <= n; j += kLanes)
            for (int k = 0; k < kLanes; ++k) {
                const float d = s[j + k] - mean;
                acc[k] += d * d;
            }
    }
    for (int k = 0; j < n; ++j, ++k) {
        const float d = visible ? (s[j] - mean) * visible[j] : s[j] - mean;
        acc[k] += d * d;
    }
    return fold_sum(acc);
}

// One key's contribution to the four sums (blocked keys: e = 0, so they add 0 to l and ed; e2 and e3
// count them at `tiny`, as the Eigen code before this did — < 1e−22 against Σe² ≥ 1).
ATTNLAB_ALWAYS_INLINE void exp_key(float s, float h, float top, float factor, float tiny, float& e,
                                   float& l, float& ed, float& e2, float& e3) {
    const float d = s - top;
    e = exp_nonpositive(factor * d + h);
    l += e;
    ed += e * d;
    const float c = e < tiny ? tiny : e;
    e2 += c * c;
    e3 += c * c * c;
}

ATTNLAB_ALWAYS_INLINE ExpSums exp_impl(const float* s, const float* hide, float top, float factor,
                                       float tiny, bool moments, float* e, int n) {
    float l[kLanes] = {}, ed[kLanes] = {}, e2[kLanes] = {}, e3[kLanes] = {};
    int j = 0;
    if (!moments) {
        for (; j + kLanes <= n; j += kLanes)
            for (int k = 0; k < kLanes; ++k) {
                e[j + k] = exp_nonpositive(factor * (s[j + k] - top) + (hide ? hide[j + k] : 0.0f));
                l[k] += e[j + k];
            }
        for (int k = 0; j < n; ++j, ++k) {
            e[j] = exp_nonpositive(factor * (s[j] - top) + (hide ? hide[j] : 0.0f));
            l[k] += e[j];
        }
        ExpSums r;
        r.l = fold_sum(l);
        return r;
    }
    for (; j + kLanes <= n; j += kLanes)
        for (int k = 0; k < kLanes; ++k)
            exp_key(s[j + k], hide ? hide[j + k] : 0.0f, top, factor, tiny, e[j + k], l[k], ed[k], e2[k], e3[k]);
    for (int k = 0; j < n; ++j, ++k)
        exp_key(s[j], hide ? hide[j] : 0.0f, top, factor, tiny, e[j], l[k], ed[k], e2[k], e3[k]);
    ExpSums r;
    r.l = fold_sum(l);
    r.ed = fold_sum(ed);
    r.e2 = fold_sum(e2);
    r.e3 = fold_sum(e3);
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
    case Isa::V3: return __builtin_cpu_supports("x86-64-v3");
    case Isa::V4: return __builtin_cpu_supports("x86-64-v4");
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
