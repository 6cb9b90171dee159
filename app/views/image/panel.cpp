// panel.cpp — the Image view (View ▸ Image)
// (implementation; the interface and its contract are in panel.h)
//
// [SECTION] Picture: texture, overlay, grid, hit test
// [SECTION] Controls row, side column (query, classes), patch strip
// [SECTION] draw_image_panel
#include "app/views/image/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include <imgui.h>

#include "app/matrix/heatmap_data.h"
#include "app/matrix/heatmap_texture.h"
#include "app/i18n/class_names.h"
#include "app/i18n/core_messages.h"
#include "app/widgets/layer_choice.h"
#include "app/widgets/ui_widgets.h"
#include "core/base/colormap.h"

namespace attn::app {

namespace {

// [SECTION] Picture: texture, overlay, grid, hit test -----------------------------------------

void refresh_texture(ImagePanel& p, const std::shared_ptr<const TraceImage>& img) {
    if (p.texture_image == img) return;
    std::vector<std::uint8_t> rgba(size_t(img->width) * size_t(img->height) * 4);  // (H, W, 4)
    for (size_t k = 0, n = size_t(img->width) * size_t(img->height); k < n && 3 * k + 2 < img->rgb.size(); ++k) {
        rgba[4 * k] = img->rgb[3 * k];
        rgba[4 * k + 1] = img->rgb[3 * k + 1];
        rgba[4 * k + 2] = img->rgb[3 * k + 2];
        rgba[4 * k + 3] = 255;
    }
    p.texture = upload_rgba_texture(p.texture, rgba.data(), img->width, img->height);
    p.texture_image = img;
}

// What one picture shows on top of the image.
struct Overlay {
    const std::vector<float>* values = nullptr;       // (rows · cols) or null: the bare picture
    const std::vector<std::uint8_t>* keep = nullptr;  // mass set, or null: every patch coloured
    float vmax = 0.0f;
    Colormap map = Colormap::Viridis;
    float opacity = 0.5f;
};

// The largest rectangle of the picture's aspect inside (x, y, w, h), centred.
void fit_picture(const TraceImage& img, float x, float y, float w, float h, ImVec2* p0, ImVec2* p1) {
    const float aspect = float(img.width) / float(std::max(img.height, 1));
    float pw = w, ph = w / aspect;
    if (ph > h) {
        ph = h;
        pw = h * aspect;
    }
    pw = std::floor(std::max(pw, 1.0f));
    ph = std::floor(std::max(ph, 1.0f));
    *p0 = ImVec2(std::floor(x + 0.5f * (w - pw)), std::floor(y + 0.5f * (h - ph)));
    *p1 = ImVec2(p0->x + pw, p0->y + ph);
}

ImVec2 patch_min(const TraceImage& img, ImVec2 p0, ImVec2 p1, int row, int col) {
    return ImVec2(p0.x + (p1.x - p0.x) * float(col) / float(img.grid_cols),
                  p0.y + (p1.y - p0.y) * float(row) / float(img.grid_rows));
}

// The picture in [p0, p1] with its overlay and grid; outlines `selected` (yellow) and `hovered`
// (white) when they are patch tokens.
void draw_picture(ImDrawList* dl, const ImagePanel& p, const TraceImage& img, ImVec2 p0, ImVec2 p1,
                  const Overlay& o, bool grid, int selected, int hovered) {
    dl->AddImage(ImTextureID(std::intptr_t(p.texture)), p0, p1);
    const int rows = img.grid_rows, cols = img.grid_cols;
    if (o.values != nullptr && int(o.values->size()) == rows * cols) {
        const int alpha = int(std::lround(std::clamp(o.opacity, 0.0f, 1.0f) * 255.0f));
        for (int r = 0; r < rows; ++r) {
            for (int c = 0; c < cols; ++c) {
                const size_t k = size_t(r) * size_t(cols) + size_t(c);
                const ImVec2 a = patch_min(img, p0, p1, r, c), b = patch_min(img, p0, p1, r + 1, c + 1);
                if (o.keep != nullptr && (*o.keep)[k] == 0) {
                    dl->AddRectFilled(a, b, IM_COL32(0, 0, 0, 215));
                    continue;
                }
                const float t = o.vmax > 0.0f ? std::clamp((*o.values)[k] / o.vmax, 0.0f, 1.0f) : 0.0f;
                const Rgb8 rgb = colormap_rgb8(o.map, t);
                // Stronger weights cover more of the picture, so the image stays readable where
                // little attention goes.
                const int a_t = int(std::lround(float(alpha) * (0.25f + 0.75f * t)));
                dl->AddRectFilled(a, b, IM_COL32(rgb.r, rgb.g, rgb.b, a_t));
            }
        }
    }
    if (grid) {
        const ImU32 line = IM_COL32(255, 255, 255, 70);
        for (int c = 1; c < cols; ++c) {
            const float x = patch_min(img, p0, p1, 0, c).x;
            dl->AddLine(ImVec2(x, p0.y), ImVec2(x, p1.y), line);
        }
        for (int r = 1; r < rows; ++r) {
            const float y = patch_min(img, p0, p1, r, 0).y;
            dl->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), line);
        }
    }
    auto outline = [&](int token, ImU32 colour, float thickness) {
        const auto [r, c] = token_patch(img, token);
        if (r < 0) return;
        dl->AddRect(patch_min(img, p0, p1, r, c), patch_min(img, p0, p1, r + 1, c + 1), colour, 0.0f, 0, thickness);
    };
    outline(hovered, IM_COL32(255, 255, 255, 230), 1.5f);
    outline(selected, IM_COL32(255, 210, 40, 255), 2.5f);
}

// The patch token under the pointer inside [p0, p1], or -1.
int hovered_patch(const TraceImage& img, ImVec2 p0, ImVec2 p1) {
    const ImVec2 m = ImGui::GetIO().MousePos;
    return patch_at(img, (m.x - p0.x) / std::max(p1.x - p0.x, 1.0f), (m.y - p0.y) / std::max(p1.y - p0.y, 1.0f));
}

void patch_tooltip(Lang lang, const TraceImage& img, int token, const std::vector<float>* values, bool clickable) {
    const auto [r, c] = token_patch(img, token);
    if (r < 0) return;
    ImGui::BeginTooltip();
    ImGui::Text(tr(lang, Txt::ImagePatchTip), token, r, c);
    if (values != nullptr && int(values->size()) == patch_count(img))
        ImGui::Text(tr(lang, Txt::ImageValueTip), double((*values)[size_t(token - img.prefix_tokens)]));
    if (clickable) ImGui::TextDisabled("%s", tr(lang, Txt::ImageClickTip));
    ImGui::EndTooltip();
}

// [SECTION] Controls row, side column (query, classes), patch strip ---------------------------

void draw_controls(ImagePanel& p, AppState& s, const Trace& trace, bool rollout_ok) {
    const Lang lang = s.lang;
    if (trace.layers.size() > 1) {
        ImGui::AlignTextToFramePadding();
        draw_layer_choice(s, int(trace.layers.size()));
    }
    const struct {
        ImageMode mode;
        Txt label;
        const char* id;
    } modes[] = {{ImageMode::Query, Txt::ImageModeQuery, "img_mode_q"},
                 {ImageMode::Heads, Txt::ImageModeHeads, "img_mode_h"},
                 {ImageMode::Rollout, Txt::ImageModeRollout, "img_mode_r"}};
    LabelBuf label;
    for (const auto& m : modes) {
        ImGui::BeginDisabled(m.mode == ImageMode::Rollout && !rollout_ok);
        if (ImGui::RadioButton(label(lang, m.label, m.id), p.mode == m.mode)) p.mode = m.mode;
        ImGui::EndDisabled();
        item_tooltip(tr(lang, Txt::ImageModeTip));
        ImGui::SameLine();
    }
    ImGui::NewLine();
    const LayerTrace& layer = current_layer(trace, s);
    if (p.mode == ImageMode::Query) {  // head or mean of heads
        char preview[64];
        if (s.image_mean_heads) std::snprintf(preview, sizeof(preview), "%s", tr(lang, Txt::ImageHeadMean));
        else std::snprintf(preview, sizeof(preview), tr(lang, Txt::ImageHeadN), s.head + 1);
        ImGui::SetNextItemWidth(150.0f);
        if (ImGui::BeginCombo("##img_head", preview)) {
            if (ImGui::Selectable(tr(lang, Txt::ImageHeadMean), s.image_mean_heads)) s.image_mean_heads = true;
            for (int h = 0; h < layer.n_heads; ++h) {
                char item[64];
                std::snprintf(item, sizeof(item), tr(lang, Txt::ImageHeadN), h + 1);
                ImGui::PushID(h);
                if (ImGui::Selectable(item, !s.image_mean_heads && s.head == h)) {
                    s.image_mean_heads = false;
                    s.head = h;
                }
                ImGui::PopID();
            }
            ImGui::EndCombo();
        }
        ImGui::SameLine();
    }
    if (p.mode != ImageMode::Heads) {
        if (ImGui::Button("[CLS]###img_cls")) s.image_query = 0;
        item_tooltip(tr(lang, Txt::ImageClsTip));
        ImGui::SameLine();
    }
    const int percent = int(std::lround(kMassFraction * 100.0f));
    char text[320];
    std::snprintf(text, sizeof(text), tr(lang, Txt::ImageKeepMass), percent);
    std::snprintf(text + std::strlen(text), sizeof(text) - std::strlen(text), "###img_mass");
    ImGui::Checkbox(text, &p.keep_mass);
    std::snprintf(text, sizeof(text), tr(lang, Txt::ImageKeepMassTip), percent);
    item_tooltip(text);
    ImGui::SameLine(0.0f, 24.0f);
    ImGui::SetNextItemWidth(120.0f);
    ImGui::SliderFloat(label(lang, Txt::ImageOpacity, "img_opacity"), &p.opacity, 0.0f, 1.0f, "%.2f",
                       ImGuiSliderFlags_AlwaysClamp);
}

void draw_query_line(Lang lang, const Trace& trace, int query) {
    const TraceImage& img = *trace.image;
    const auto [r, c] = token_patch(img, query);
    if (query == 0) ImGui::TextUnformatted(tr(lang, Txt::ImageQueryCls));
    else if (r < 0) ImGui::Text(tr(lang, Txt::ImageQueryPrefix), trace.q_tokens[size_t(query)].text.c_str(), query);
    else ImGui::Text(tr(lang, Txt::ImageQueryPatch), query, r, c);
}

void draw_classes(Lang lang, const TraceImage& img, float width) {
    const std::vector<ClassScore> top = top_classes(img, kTopClasses);
    if (top.empty()) {
        ImGui::TextDisabled("%s", tr(lang, Txt::ImageNoClasses));
        return;
    }
    ImGui::TextColored(ImVec4(0.55f, 0.75f, 1.0f, 1.0f), tr(lang, Txt::ImageTopTitle), int(top.size()));
    for (const ClassScore& c : top) {
        char pct[32];
        std::snprintf(pct, sizeof(pct), "%.1f%%", double(c.probability) * 100.0);
        ImGui::ProgressBar(c.probability, ImVec2(std::min(width, 110.0f), 0.0f), pct);
        ImGui::SameLine();
        ImGui::Text("%s", class_name_for_ui(img.labels, c.id, lang, c.label).c_str());  // Fashion-MNIST in Korean
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("id %d", c.id);
    }
}

// The patches as thumbnails in reading order, wrapped; returns the hovered patch token or -1.
int draw_strip(ImagePanel& p, const TraceImage& img, ImVec2 origin, float width, float thumb, float gap, int selected) {
    const int n = patch_count(img), per_row = std::max(1, int((width + gap) / (thumb + gap)));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 m = ImGui::GetIO().MousePos;
    int hovered = -1;
    const bool inside = ImGui::IsWindowHovered();
    for (int k = 0; k < n; ++k) {
        const int r = k / img.grid_cols, c = k % img.grid_cols;
        const ImVec2 a(origin.x + float(k % per_row) * (thumb + gap), origin.y + float(k / per_row) * (thumb + gap));
        const ImVec2 b(a.x + thumb, a.y + thumb);
        const ImVec2 uv0(float(c) / float(img.grid_cols), float(r) / float(img.grid_rows));
        const ImVec2 uv1(float(c + 1) / float(img.grid_cols), float(r + 1) / float(img.grid_rows));
        dl->AddImage(ImTextureID(std::intptr_t(p.texture)), a, b, uv0, uv1);
        const int token = img.prefix_tokens + k;
        if (inside && m.x >= a.x && m.x < b.x && m.y >= a.y && m.y < b.y) hovered = token;
        if (token == selected) dl->AddRect(a, b, IM_COL32(255, 210, 40, 255), 0.0f, 0, 2.5f);
        else if (token == hovered) dl->AddRect(a, b, IM_COL32(255, 255, 255, 230), 0.0f, 0, 1.5f);
    }
    return hovered;
}

int strip_rows(const TraceImage& img, float width, float thumb, float gap) {
    const int per_row = std::max(1, int((width + gap) / (thumb + gap)));
    return (patch_count(img) + per_row - 1) / per_row;
}

// Heads side by side: the most columns that keep each map largest.
int heads_columns(int n, float w, float h, float aspect, float label_h) {
    int best = 1;
    float best_size = 0.0f;
    for (int c = 1; c <= n; ++c) {
        const int r = (n + c - 1) / c;
        const float cw = w / float(c), ch = h / float(r) - label_h;
        const float size = std::min(cw, ch * aspect);
        if (size > best_size) {
            best_size = size;
            best = c;
        }
    }
    return best;
}

}  // namespace

// [SECTION] draw_image_panel -------------------------------------------------------------------

void image_panel_set_wakeup(ImagePanel& p, std::function<void()> wake) { p.wake = std::move(wake); }

void image_panel_wait_idle(ImagePanel& p, std::chrono::milliseconds timeout) {
    if (p.rollout_job) p.rollout_job->wait_idle(timeout);
}

void image_panel_destroy(ImagePanel& p) {
    delete_texture(p.texture);
    p.texture = 0;
    p.texture_image.reset();
}

void draw_image_panel(ImagePanel& p, AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::ImageIntro));
    if (!view.error.empty()) ImGui::TextColored(error_colour(), "%s", localize_core_message(view.error, lang).c_str());
    if (!view.trace || !view.trace->is_image() || view.trace->layers.empty()) {
        ImGui::TextUnformatted(tr(lang, Txt::ImageNotImage));
        ImGui::PopTextWrapPos();
        return;
    }
    const Trace& trace = *view.trace;
    const TraceImage& img = *trace.image;
    clamp_selection(s, trace);
    s.image_query = std::clamp(s.image_query, 0, trace.t_q() - 1);
    refresh_texture(p, trace.image);
    ImGui::Text(tr(lang, Txt::ImageCaption), img.source.c_str(), img.source_width, img.source_height, img.width,
                img.height, img.grid_rows, img.grid_cols, img.patch_size, img.patch_size, patch_count(img),
                img.prefix_tokens);
    if (img.positions_interpolated) {
        ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), tr(lang, Txt::ImageInterpolated), img.checkpoint_grid,
                           img.checkpoint_grid, img.grid_rows, img.grid_cols);
    }
    ImGui::PopTextWrapPos();

    const bool rollout_ok = rollout_available(trace);
    if (!rollout_ok && p.mode == ImageMode::Rollout) p.mode = ImageMode::Query;
    draw_controls(p, s, trace, rollout_ok);
    const int layer_index = clamp_layer(s.layer, trace);
    const LayerTrace& layer = trace.layers[size_t(layer_index)];

    // Rollout (a job: every layer's (T, T) product).
    if (p.mode == ImageMode::Rollout) {
        if (!p.rollout_job) {
            p.rollout_job = std::make_unique<ImageRolloutJob>(
                [](const std::shared_ptr<const Trace>& t) { return std::make_shared<const std::vector<Mat>>(compute_rollout(*t)); },
                "attn-img-rollout");
            if (p.wake) p.rollout_job->set_wakeup(p.wake);
        }
        if (p.rollout_trace != view.trace) {
            p.rollout_trace = view.trace;
            p.rollout.reset();
            p.rollout_job->post(view.trace);
        }
        if (auto done = p.rollout_job->take(); done && done->request == p.rollout_trace) p.rollout = done->result;
    }

    // Arrow keys move the query to the next patch (from a prefix token: the first patch).
    if (p.mode != ImageMode::Heads && !ImGui::GetIO().WantTextInput && ImGui::IsWindowHovered()) {
        const int dr = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow)) ? 1
                       : ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow)) ? -1 : 0;
        const int dc = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow)) ? 1
                       : ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow)) ? -1 : 0;
        if (dr != 0 || dc != 0) {
            const auto [r, c] = token_patch(img, s.image_query);
            s.image_query = r < 0 ? patch_token(img, 0, 0)
                            : patch_token(img, std::clamp(r + dr, 0, img.grid_rows - 1), std::clamp(c + dc, 0, img.grid_cols - 1));
        }
    }

    // The numbers on the big picture (Query, Rollout).
    std::vector<float> values;
    if (p.mode == ImageMode::Query) values = patch_attention(layer, img, s.image_query, s.image_mean_heads ? -1 : s.head);
    else if (p.mode == ImageMode::Rollout && p.rollout) values = patch_row((*p.rollout)[size_t(layer_index)], img, s.image_query);
    const std::vector<std::uint8_t> keep = p.keep_mass && !values.empty() ? mass_set(values, kMassFraction)
                                                                             : std::vector<std::uint8_t>{};

    // Layout: picture(s) left, facts right, the patch strip below.
    const float scale = ImGui::GetIO().FontGlobalScale;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float side_w = std::min(std::floor(340.0f * scale), std::floor(avail.x * 0.35f));
    const float line_h = ImGui::GetTextLineHeightWithSpacing();
    const float thumb = std::floor(std::clamp(avail.x / 40.0f, 18.0f * scale, 34.0f * scale)), gap = 3.0f;
    const float strip_w = avail.x;
    const int rows = strip_rows(img, strip_w, thumb, gap);
    const float strip_h = std::min(float(rows) * (thumb + gap) + line_h, std::floor(avail.y * 0.3f));
    const float pic_w = std::max(avail.x - side_w - 12.0f, 40.0f), pic_h = std::max(avail.y - strip_h - 8.0f, 40.0f);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    int hovered = -1;
    const std::vector<float>* tip_values = nullptr;

    ImGui::SetCursorScreenPos(origin);
    ImGui::InvisibleButton("##img_picture", ImVec2(pic_w, pic_h));
    const bool pic_hovered = ImGui::IsItemHovered(), pic_clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
    if (p.mode == ImageMode::Heads) {  // DINO's figure: [CLS] in every head of this layer
        const float label_h = ImGui::GetTextLineHeight() + 2.0f;
        const float aspect = float(img.width) / float(std::max(img.height, 1));
        const int n = std::max(layer.n_heads, 1), cols = heads_columns(n, pic_w, pic_h, aspect, label_h);
        const float cw = pic_w / float(cols), ch = pic_h / float((n + cols - 1) / cols);
        for (int h = 0; h < layer.n_heads; ++h) {
            const float x = origin.x + float(h % cols) * cw, y = origin.y + float(h / cols) * ch;
            ImVec2 a, b;
            fit_picture(img, x + 3.0f, y + label_h, cw - 6.0f, ch - label_h - 4.0f, &a, &b);
            const std::vector<float> v = patch_attention(layer, img, 0, h);
            const std::vector<std::uint8_t> k = p.keep_mass ? mass_set(v, kMassFraction) : std::vector<std::uint8_t>{};
            const Overlay o{&v, p.keep_mass ? &k : nullptr, max_value(v), s.colormap, p.opacity};
            const int hov = pic_hovered ? hovered_patch(img, a, b) : -1;
            draw_picture(dl, p, img, a, b, o, false, -1, hov);
            char caption[48];
            std::snprintf(caption, sizeof(caption), tr(lang, Txt::ImageHeadN), h + 1);
            dl->AddText(ImVec2(a.x, y), ImGui::GetColorU32(ImGuiCol_Text), caption);
            if (hov >= 0) {
                const auto [r, c] = token_patch(img, hov);
                ImGui::BeginTooltip();
                ImGui::TextUnformatted(caption);
                ImGui::Text(tr(lang, Txt::ImagePatchTip), hov, r, c);
                ImGui::Text(tr(lang, Txt::ImageValueTip), double(v[size_t(hov - img.prefix_tokens)]));
                ImGui::TextDisabled("%s", tr(lang, Txt::ImageHeadClickTip));
                ImGui::EndTooltip();
                if (pic_clicked) {  // this head, [CLS], in One token's attention
                    s.head = h;
                    s.image_mean_heads = false;
                    s.image_query = 0;
                    p.mode = ImageMode::Query;
                }
            }
        }
    } else {
        ImVec2 a, b;
        fit_picture(img, origin.x, origin.y, pic_w, pic_h, &a, &b);
        hovered = pic_hovered ? hovered_patch(img, a, b) : -1;
        const Overlay o{values.empty() ? nullptr : &values, keep.empty() ? nullptr : &keep, max_value(values), s.colormap,
                        p.opacity};
        draw_picture(dl, p, img, a, b, o, true, s.image_query, hovered);
        tip_values = values.empty() ? nullptr : &values;
        if (hovered >= 0 && pic_clicked) s.image_query = hovered;
    }

    // Side column: the query, what the colours mean, the classes.
    ImGui::SetCursorScreenPos(ImVec2(origin.x + pic_w + 12.0f, origin.y));
    ImGui::BeginGroup();
    ImGui::PushTextWrapPos(origin.x + avail.x - ImGui::GetWindowPos().x);  // local x
    if (p.mode == ImageMode::Heads) {
        ImGui::Text(tr(lang, Txt::ImageHeadsCaption), layer_index + 1);
    } else {
        draw_query_line(lang, trace, s.image_query);
        if (p.mode == ImageMode::Query) {
            const float share = prefix_share(layer, img, s.image_query, s.image_mean_heads ? -1 : s.head);
            ImGui::TextDisabled(tr(lang, Txt::ImagePrefixShare), prefix_names(trace).c_str(), double(share) * 100.0);
        } else if (p.rollout) {
            ImGui::TextDisabled(tr(lang, Txt::ImageRolloutLine), layer_index + 1);
        } else {
            ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "%s", tr(lang, Txt::ImageRolloutBusy));
        }
        if (!values.empty()) ImGui::TextDisabled(tr(lang, Txt::ImageScale), double(max_value(values)));
    }
    ImGui::Spacing();
    draw_classes(lang, img, side_w);
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();

    // The patch strip.
    const ImVec2 strip_origin(origin.x, origin.y + pic_h + 8.0f);
    ImGui::SetCursorScreenPos(strip_origin);
    ImGui::TextDisabled(tr(lang, Txt::ImageStrip), patch_count(img));
    ImGui::SetCursorScreenPos(ImVec2(strip_origin.x, strip_origin.y + line_h));
    if (ImGui::BeginChild("##img_strip", ImVec2(strip_w, std::max(strip_h - line_h, thumb + gap)), false)) {
        const ImVec2 so = ImGui::GetCursorScreenPos();
        const int hov = draw_strip(p, img, so, strip_w - ImGui::GetStyle().ScrollbarSize, thumb, gap, s.image_query);
        ImGui::Dummy(ImVec2(strip_w - ImGui::GetStyle().ScrollbarSize, float(rows) * (thumb + gap)));
        if (hov >= 0) {
            patch_tooltip(lang, img, hov, p.mode == ImageMode::Heads ? nullptr : tip_values, p.mode != ImageMode::Heads);
            if (p.mode != ImageMode::Heads && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) s.image_query = hov;
        }
    }
    ImGui::EndChild();
    if (hovered >= 0) patch_tooltip(lang, img, hovered, tip_values, true);
}

}  // namespace attn::app
