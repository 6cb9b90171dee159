// figure_views.h — one drawing function per view (internal to attnlab_figure).
//
// Each view draws the whole page (frame included) on a Canvas whose size is the figure's, from a
// request that validate_figure_request accepted. Views only read the trace.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/figure/figure_options.h"
#include "core/figure/figure_draw.h"

namespace attn {
struct TrainFigureData;  // figure_train.h
}

namespace attn::fig {

void draw_heatmap_view(Canvas& c, const Trace& trace, const FigureRequest& request);
void draw_heads_view(Canvas& c, const Trace& trace, const FigureRequest& request);
void draw_scaling_view(Canvas& c, const Trace& trace, const FigureRequest& request);
void draw_pipeline_view(Canvas& c, const Trace& trace, const FigureRequest& request);
void draw_lines_view(Canvas& c, const Trace& trace, const FigureRequest& request);
void draw_pe_view(Canvas& c, const Trace& trace, const FigureRequest& request);
void draw_cell_view(Canvas& c, const Trace& trace, const FigureRequest& request);
void draw_row_view(Canvas& c, const Trace& trace, const FigureRequest& request);
void draw_qk_view(Canvas& c, const Trace& trace, const FigureRequest& request);
void draw_image_view(Canvas& c, const Trace& trace, const FigureRequest& request);
void draw_attn_distance_view(Canvas& c, const Trace& trace, const FigureRequest& request);
void draw_pos_similarity_view(Canvas& c, const Trace& trace, const FigureRequest& request);
void draw_rope_view(Canvas& c, const Trace& trace, const FigureRequest& request);
void draw_alignment_view(Canvas& c, const Trace& trace, const FigureRequest& request);
void draw_audio_view(Canvas& c, const Trace& trace, const FigureRequest& request);
// The pipeline figure's first step for an image run: z0 = [x_class; x_p E] + E_pos for the prefix
// tokens and up to three patches (`query` first when it is a patch) in `area`; returns the height used.
double draw_z0_band(Canvas& c, const Trace& trace, const Rect& area, int query);

// The Train view's figure for an image task (figure_train_image.cpp): the class token's attention
// on the test pictures in `area` (figure_train.cpp draws the curves beside it).
void draw_train_image_probes(Canvas& c, const Rect& area, const TrainFigureData& data);
// The rope view's checks beyond the layer and head (figure_rope.cpp): a rotary trace, the
// frequencies, the pair in range.
Status validate_rope_request(const Trace& trace, const FigureRequest& request);
// The audio view's checks beyond the layer (figure_audio.cpp): a speech run's cross section, the
// head (−1 allowed), the word in range.
Status validate_audio_request(const Trace& trace, const FigureRequest& request);
// The heads the audio view averages (figure_audio.cpp): (layer, head) when a head is given, else the
// alignment heads, else the layer's heads.
std::vector<std::pair<int, int>> audio_figure_heads(const Trace& trace, const FigureRequest& request);

// ---- shared by the views (figure.cpp) ----

// Token texts as axis labels (long ones shortened with "…").
std::vector<std::string> token_labels(const std::vector<Token>& tokens);
// A token for a title: quoted text, shortened, escaped for markup.
std::string token_for_title(const Token& token);
// The settings caption: text, model, (layer, head), scaling, temperature, mask, positions.
// head < 0 leaves the head out.
std::string settings_caption(const Canvas& c, const Trace& trace, int layer, int head);
// "1", "0.5", "2.25": a setting as typed.
std::string format_setting(double v);

}  // namespace attn::fig
