// panel_variants.h — the Variants view: the selected head computed as softmax attention, linear
// attention and local-window attention side by side (how far each output row moves), and the
// tiled online softmax (FlashAttention's running max and sum) stepped one tile at a time.
#pragma once

#include <memory>
#include <optional>

#include "app/app_state.h"
#include "app/compute_worker.h"
#include "app/variants.h"

namespace attn::app {

struct VariantsPanel {
    int window = 1;  // local window ±k
    int tile = 2;    // keys per tile
    int step = 0;    // tile shown (0-based)
    std::shared_ptr<const Trace> cached_trace;
    std::optional<VariantsResult> result;  // for cached_trace and the settings inside it
};

void draw_variants_panel(VariantsPanel& panel, AppState& state, const ComputeView& view);

}  // namespace attn::app
