// view_notice.h — the run's refusal (or "Type a sentence to begin.") as every view shows it; the
// words come from compute_worker.h (GL-free, tested), this only draws them (needs ImGui).
#pragma once

#include "app/jobs/compute_worker.h"

namespace attn::app {

// In place of a view's drawing when it has no trace: the refusal in the error colour, wrapped,
// or the greyed "Type a sentence to begin.".
void draw_empty_view(const ComputeView& view, Lang lang);

}  // namespace attn::app
