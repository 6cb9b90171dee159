// patch_thumbs.h — an image run's patches as small pictures (ImGui draw list), for axis labels,
// table cells and tooltips in every view that names tokens (heatmap, all heads, model view, Q·K,
// row bars, scaling lab): the picture the model saw as one GL texture, each patch drawn with its UV rectangle.
// Prefix tokens ([CLS], [DIST]) have no picture; callers keep their text label for them.
#pragma once

#include <memory>

#include <imgui.h>

#include "core/attention/trace.h"

namespace attn::app {

inline constexpr float kMinThumbPx = 10.0f;  // below this a patch is unreadable: numbers instead

struct PictureTexture {
    std::shared_ptr<const TraceImage> image;  // what `texture` shows
    unsigned texture = 0;
};

// Uploads `image` unless it is already the texture's (GL context current).
void refresh_picture(PictureTexture& picture, const std::shared_ptr<const TraceImage>& image);
void destroy_picture(PictureTexture& picture);

// Token `token`'s patch drawn into the square of side `side` whose centre is `centre`, with a thin
// frame; false (nothing drawn) when the token is not a patch or there is no picture.
bool draw_patch_thumb(ImDrawList* dl, const PictureTexture& picture, int token, ImVec2 centre, float side,
                      bool highlighted);

// The same as an ImGui item at the cursor (table cells, tooltips): a `side` square; false and
// nothing laid out when the token is not a patch.
bool patch_thumb_item(const PictureTexture& picture, int token, float side);

// A tooltip line for cell (query, key) of an image run: "▣ → ▣", each patch as a `side` picture
// (a prefix token as its name); nothing when neither token is a patch.
void patch_pair_item(const PictureTexture& picture, const Trace& trace, int query, int key, float side);

// Uploads `trace`'s picture when it is an image run (GL context current); otherwise forgets the
// picture (nothing is drawn until the next image run) and returns false.
bool refresh_picture_for(PictureTexture& picture, const Trace* trace);

}  // namespace attn::app
