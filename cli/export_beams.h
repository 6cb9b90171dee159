// export_beams.h — `attnlab export --view beams`: the beam search of a translation model (--model)
// over the source (--text) as a tree figure (PNG, SVG, PDF: core/figure/figure_beams.h) or as CSV
// (step, node, parent, id, token, sum_log_p, finished, winner).
#pragma once

#include <string>

#include "cli/export_output.h"
#include "core/figure/figure.h"

namespace attn::cli {

// `format` is png, svg, pdf or csv (json is refused: `attnlab generate` writes the search and its
// tree as JSON); `options` the figure settings export already checked. --beams (2 … 64) sets the
// width, else the folder's num_beams, else 4 when the folder decodes greedily. Returns the exit code.
int run_export_beams(const ExportOptions& o, const FigureOptions& options, const std::string& format);

}  // namespace attn::cli
