// patch_thumbs.cpp — an image run's patches as small pictures for axis labels,
// table cells and tooltips
// (implementation; the interface and its contract are in patch_thumbs.h)
#include "app/widgets/patch_thumbs.h"

#include <cstdint>
#include <vector>

#include "app/matrix/heatmap_texture.h"

namespace attn::app {

void refresh_picture(PictureTexture& p, const std::shared_ptr<const TraceImage>& image) {
    if (!image || p.image == image) return;
    std::vector<std::uint8_t> rgba(size_t(image->width) * size_t(image->height) * 4, 255);  // (H, W, 4)
    for (size_t k = 0, n = size_t(image->width) * size_t(image->height); k < n && 3 * k + 2 < image->rgb.size(); ++k)
        for (size_t c = 0; c < 3; ++c) rgba[4 * k + c] = image->rgb[3 * k + c];
    p.texture = upload_rgba_texture(p.texture, rgba.data(), image->width, image->height);
    p.image = image;
}

void destroy_picture(PictureTexture& p) {
    delete_texture(p.texture);
    p = PictureTexture{};
}

bool draw_patch_thumb(ImDrawList* dl, const PictureTexture& p, int token, ImVec2 centre, float side, bool highlighted) {
    if (!p.image || p.texture == 0) return false;
    const TraceImage& img = *p.image;
    const int patch = token - img.prefix_tokens;
    if (patch < 0 || patch >= img.grid_rows * img.grid_cols || img.width <= 0 || img.height <= 0) return false;
    const int r = patch / img.grid_cols, c = patch % img.grid_cols;
    const ImVec2 uv0(float(c * img.patch_size) / float(img.width), float(r * img.patch_size) / float(img.height));
    const ImVec2 uv1(float((c + 1) * img.patch_size) / float(img.width), float((r + 1) * img.patch_size) / float(img.height));
    const ImVec2 a(centre.x - 0.5f * side, centre.y - 0.5f * side), b(centre.x + 0.5f * side, centre.y + 0.5f * side);
    dl->AddImage(ImTextureID(std::intptr_t(p.texture)), a, b, uv0, uv1);
    dl->AddRect(a, b, highlighted ? IM_COL32(255, 210, 40, 255) : IM_COL32(0, 0, 0, 110), 0.0f, 0,
                highlighted ? 2.0f : 1.0f);
    return true;
}

bool patch_thumb_item(const PictureTexture& p, int token, float side) {
    if (!p.image || p.texture == 0) return false;
    const int patch = token - p.image->prefix_tokens;
    if (patch < 0 || patch >= p.image->grid_rows * p.image->grid_cols) return false;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(side, side));
    return draw_patch_thumb(ImGui::GetWindowDrawList(), p, token, ImVec2(at.x + 0.5f * side, at.y + 0.5f * side), side,
                            false);
}

void patch_pair_item(const PictureTexture& p, const Trace& trace, int query, int key, float side) {
    auto is_patch = [&](int token) {
        return p.image && p.texture != 0 && token >= p.image->prefix_tokens &&
               token - p.image->prefix_tokens < p.image->grid_rows * p.image->grid_cols;
    };
    if (!is_patch(query) && !is_patch(key)) return;
    auto one = [&](int token, const std::vector<Token>& tokens) {
        if (!patch_thumb_item(p, token, side) && token >= 0 && token < int(tokens.size())) {
            ImGui::AlignTextToFramePadding();
            ImGui::TextUnformatted(tokens[size_t(token)].text.c_str());
        }
    };
    one(query, trace.q_tokens);
    ImGui::SameLine();
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + 0.5f * (side - ImGui::GetTextLineHeight()));
    ImGui::TextUnformatted("→");
    ImGui::SameLine();
    one(key, trace.k_tokens);
}

bool refresh_picture_for(PictureTexture& p, const Trace* trace) {
    if (!trace || !trace->image) {  // a text run: no stale picture may label its tokens (the texture is kept)
        p.image.reset();
        return false;
    }
    refresh_picture(p, trace->image);
    return p.texture != 0;
}

}  // namespace attn::app
