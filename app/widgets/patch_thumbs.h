// patch_thumbs.h — an image run's patches as small pictures (ImGui draw list), for axis labels:
// the picture the model saw as one GL texture, each patch drawn with its UV rectangle.
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

}  // namespace attn::app
