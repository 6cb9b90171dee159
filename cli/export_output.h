// export_output.h — what `attnlab export` and the views it hands to (export_lens, export_beams)
// share: the options, and how a result is written.
#pragma once

#include <string>
#include <vector>

#include "cli/run_options.h"

namespace attn::cli {

struct ExportOptions {
    RunOptions run;
    std::string output;
    std::string view = "heatmap";
    int head = 1;      // 1-based, as the app shows heads
    bool head_given = false;  // --head was on the command line (the audio view: else the alignment heads)
    int word = 0;      // audio view: the transcript word to follow, from 1; 0 = none
    int layer = 1;     // 1-based
    std::string cell;  // "query:key", 0-based token positions as in --block
    int row = -1;      // row view: the query (0-based); -1 = the last one
    std::string patch; // image view: the query patch as "row,col" from 1, or "cls" (the default)
    bool mean_heads = false;  // image and alignment views: the mean of the layer's heads instead of --head
    bool mean_layers = false; // alignment view: the mean of every layer's heads
    bool pieces = false;      // alignment view: subword pieces, not words
    int pair = 0;      // rope view: the dimension pair, 0-based as the app shows it
    std::string values = "weights";
    std::string colormap = "viridis";
    std::string format;  // empty = from the file extension
    std::string size = "slide";
    double width = 0, height = 0;  // figure units (px at scale 1); 0 = from --size
    double scale = 0, dpi = 0;     // PNG resolution; 0 = unset
    bool transparent = false;
    std::string lang = "en";
    std::string font;  // empty = the bundled NanumGothic
    bool system_fonts = false;
    bool csv_bom = false;
    std::string ablate;             // --view lens: "1.2,3.4" (1-based layer.head); empty = the whole model
    std::string ablation = "zero";  // zero | mean
    int beams = 0;                  // --view beams: the search's width; 0 = the folder's (4 when greedy)
};

// For the views drawn from a record of their own (export_lens, export_beams): the renderer's
// warnings (characters the fonts cannot show) on stderr; then `bytes` written to o.output atomically
// and "Wrote PATH (what)" said, returning the exit code.
void print_figure_warnings(const ExportOptions& o, const std::vector<std::string>& warnings);
int write_export(const ExportOptions& o, const std::string& bytes, const std::string& what);

}  // namespace attn::cli
