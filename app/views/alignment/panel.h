// panel.h — the Alignment view: a translation's cross-attention as target words × source words.
// Top: the grid (rows: target words, columns: source words; a cell is how much the target word
// reads the source word). Below: the classic picture, source words above, target words below,
// one line per pair with opacity = weight. Click a target word (a row label or a word below) to
// follow only its lines. The view shows the run's "cross" section and asks for it when another
// section is shown.
#pragma once

#include <memory>

#include "app/jobs/compute_worker.h"
#include "app/state/app_state.h"
#include "core/attention/alignment.h"

namespace attn::app {

// What it shows (one head, a mean; words or pieces) is AppState's alignment_source and
// alignment_pieces, so that File > Export draws the same.
struct AlignmentPanel {
    int selected = -1;     // the target word followed (−1: all)
    // Cached for (trace, layer, head, source, pieces).
    std::weak_ptr<const Trace> cached_trace;  // the trace drawn (weakly: an old trace is freed)
    int cached_layer = -1, cached_head = -1, cached_source = -1, cached_pieces = -1;
    WordGroups target, source_words;
    std::vector<bool> source_unknown;  // (W_src) a piece of the word is not in the vocabulary (<unk>)
    Mat words;  // (W_tgt, W_src)
};

void draw_alignment_panel(AlignmentPanel& panel, AppState& state, const ComputeView& view);

}  // namespace attn::app
