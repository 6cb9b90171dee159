// export_lens.h — `attnlab export --view lens`: the logit lens of a next-token model (--model) as a
// figure (PNG, SVG, PDF: core/figure/figure_lens.h) or as CSV (layer, position, rank, id, token,
// probability; the top 5 per cell), with --ablate/--ablation knocking heads out first.
#pragma once

#include <string>

#include "cli/export_output.h"
#include "core/figure/figure.h"

namespace attn::cli {

// `format` is png, svg, pdf or csv (json is refused: `attnlab lens` writes the lens as JSON);
// `options` the figure settings export already checked. Returns the exit code.
int run_export_lens(const ExportOptions& o, const FigureOptions& options, const std::string& format);

}  // namespace attn::cli
