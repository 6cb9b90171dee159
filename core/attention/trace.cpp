// trace.cpp — what a run's settings compare as (implementation; the structs are in trace.h,
// attention.h and mask.h)
#include "core/attention/trace.h"

namespace attn {

// A new field in one of these structs must join its operator== below: the sizes are pinned for
// the build the tests run on (x86-64, libstdc++), so adding a field without comparing it fails here.
#if defined(__x86_64__) && defined(__GLIBCXX__)
static_assert(sizeof(AttentionOptions) == 12, "AttentionOptions changed: compare the new field in operator==");
static_assert(sizeof(MaskConfig) == 96, "MaskConfig changed: compare the new field in operator==");
static_assert(sizeof(TokenizerOptions) == 8, "TokenizerOptions changed: compare the new field in operator==");
static_assert(sizeof(RunConfig) == 280, "RunConfig changed: compare the new field in operator==");
#endif

bool operator==(const AttentionOptions& a, const AttentionOptions& b) {
    return a.scale == b.scale && a.temperature == b.temperature && a.compute_stats == b.compute_stats;
}

bool operator==(const MaskConfig& a, const MaskConfig& b) {
    const bool same_custom = a.custom_blocked.rows() == b.custom_blocked.rows() &&
                             a.custom_blocked.cols() == b.custom_blocked.cols() &&
                             (a.custom_blocked.size() == 0 || a.custom_blocked == b.custom_blocked);
    return a.causal == b.causal && a.window == b.window && a.global_tokens == b.global_tokens &&
           a.pad_to == b.pad_to && same_custom && a.blocked_cells == b.blocked_cells &&
           a.drop_cells_outside == b.drop_cells_outside;
}

bool operator==(const RunConfig& a, const RunConfig& b) {
    return a.text == b.text && a.cross_text == b.cross_text && a.image_path == b.image_path &&
           a.audio_path == b.audio_path && a.language == b.language && a.translate == b.translate &&
           a.all_frames == b.all_frames && a.attention == b.attention && a.mask == b.mask &&
           a.tokenizer == b.tokenizer;
}

}  // namespace attn
