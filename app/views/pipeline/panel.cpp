// panel.cpp — every matrix of one head's forward pass as a small heatmap with its name,
// (implementation; the interface and its contract are in panel.h)
#include "app/views/pipeline/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string_view>

#include <imgui.h>

#include "app/plot/plot.h"
#include "app/views/pipeline/position_bias.h"
#include "app/widgets/text_fit.h"
#include "app/widgets/ui_widgets.h"
#include "app/widgets/view_notice.h"

namespace attn::app {

namespace {

bool ensure_renderers(PipelinePanel& p) {
    while (p.renderers.size() < size_t(kPipelineStages)) {
        HeatmapRenderer r;
        if (Status s = heatmap_renderer_init(r); !s) {
            p.renderer_error = s.message();
            heatmap_renderer_destroy(r);
            return false;
        }
        p.renderers.push_back(r);
    }
    return true;
}

// Image runs: z₀ = [x_class; x_p E] + E_pos for a few tokens, one row each: the token, its patch,
// its pixels flattened, x_p E + b, E_pos and their sum, as colour strips (hover for the numbers).
// Returns the height used.
float draw_z0_section(PipelinePanel& p, const AppState& s, const std::shared_ptr<const Trace>& owner, float width) {
    const Lang lang = s.lang;
    const Trace& trace = *owner;
    const TraceImage& img = *trace.image;
    if (p.z0_trace.lock() != owner || p.z0_query != s.image_query || p.z0_map != s.colormap) {
        p.z0_rows = embedding_rows(trace, embedding_tokens(img, s.image_query, img.prefix_tokens + 3));
        p.z0_strips = embedding_strips(p.z0_rows, s.colormap);
        p.z0_texture = upload_rgba_texture(p.z0_texture, p.z0_strips.rgba.data(), p.z0_strips.width, p.z0_strips.height);
        if (p.z0_trace.lock() != owner) {
            std::vector<std::uint8_t> rgba(size_t(img.width) * size_t(img.height) * 4, 255);  // (H, W, 4)
            for (size_t k = 0, n = size_t(img.width) * size_t(img.height); k < n && 3 * k + 2 < img.rgb.size(); ++k)
                for (size_t c = 0; c < 3; ++c) rgba[4 * k + c] = img.rgb[3 * k + c];
            p.picture_texture = upload_rgba_texture(p.picture_texture, rgba.data(), img.width, img.height);
        }
        p.z0_trace = owner;
        p.z0_query = s.image_query;
        p.z0_map = s.colormap;
    }
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float line_h = ImGui::GetTextLineHeight();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    dl->AddText(origin, rgba(140, 205, 255), tr(lang, Txt::PipeZ0Title));
    const float row_h = std::max(2.0f * line_h + 4.0f, 34.0f);
    const float label_w = 120.0f, thumb = row_h - 4.0f, gap = 14.0f;
    const int d = trace.q_embeddings.cols(), n_pix = 3 * img.patch_size * img.patch_size;
    // Widths in proportion to the number of values (pixels vs d_model), within reason.
    const float rest = std::max(width - label_w - thumb - 5.0f * gap, 200.0f);
    const float unit = rest / float(n_pix + 3 * d);
    const float pix_w = std::clamp(unit * float(n_pix), 0.2f * rest, 0.55f * rest);
    const float vec_w = (rest - pix_w) / 3.0f;
    const float x_thumb = origin.x + label_w, x_pix = x_thumb + thumb + gap;
    const float x_vec[3] = {x_pix + pix_w + gap, x_pix + pix_w + vec_w + 2.0f * gap, x_pix + pix_w + 2.0f * vec_w + 3.0f * gap};
    const float head_y = origin.y + line_h + 4.0f;
    char buf[160];
    std::snprintf(buf, sizeof(buf), tr(lang, Txt::PipeZ0Pixels), n_pix);
    dl->AddText(ImVec2(x_pix, head_y), dim, buf);
    const char* heads[3] = {"x_p E + b", "+ E_pos", "= z0"};
    for (int v = 0; v < 3; ++v) {
        std::snprintf(buf, sizeof(buf), "%s  (%d)", heads[v], d);
        dl->AddText(ImVec2(x_vec[v], head_y), dim, buf);
    }
    const float top = head_y + line_h + 4.0f;
    const ImVec2 m = ImGui::GetIO().MousePos;
    const float sw = float(std::max(p.z0_strips.width, 1)), sh = float(std::max(p.z0_strips.height, 1));
    for (size_t i = 0; i < p.z0_rows.size(); ++i) {
        const EmbedRow& r = p.z0_rows[i];
        const float y = top + float(i) * row_h;
        if (r.row >= 0) {
            std::snprintf(buf, sizeof(buf), tr(lang, Txt::PipeZ0Patch), r.token - img.prefix_tokens + 1, r.row + 1, r.col + 1);
        } else {
            std::snprintf(buf, sizeof(buf), "%s", trace.q_tokens[size_t(r.token)].text.c_str());
        }
        dl->PushClipRect(ImVec2(origin.x, y), ImVec2(x_thumb - 4.0f, y + row_h), true);
        dl->AddText(ImVec2(origin.x, y + 0.5f * (row_h - line_h)), r.token == s.image_query ? rgba(255, 210, 40) : text, buf);
        dl->PopClipRect();
        if (r.row >= 0) {  // the patch itself, cut from the picture
            const ImVec2 uv0(float(r.col * img.patch_size) / float(img.width), float(r.row * img.patch_size) / float(img.height));
            const ImVec2 uv1(float((r.col + 1) * img.patch_size) / float(img.width),
                             float((r.row + 1) * img.patch_size) / float(img.height));
            dl->AddImage(ImTextureID(std::intptr_t(p.picture_texture)), ImVec2(x_thumb, y + 2.0f),
                         ImVec2(x_thumb + thumb, y + 2.0f + thumb), uv0, uv1);
        }
        const float band = std::floor(0.6f * row_h);
        const float sy = y + 0.5f * (row_h - band);
        auto strip = [&](int kind, float x, float w, const std::vector<float>& values, const char* name) {
            if (values.empty()) {
                dl->AddText(ImVec2(x, y + 0.5f * (row_h - line_h)), dim, tr(lang, Txt::PipeZ0Learned));
                return;
            }
            const float yy = float(int(i) * 4 + kind);
            dl->AddImage(ImTextureID(std::intptr_t(p.z0_texture)), ImVec2(x, sy), ImVec2(x + w, sy + band),
                         ImVec2(0.0f, yy / sh), ImVec2(float(values.size()) / sw, (yy + 1.0f) / sh));
            if (m.x >= x && m.x < x + w && m.y >= sy && m.y < sy + band && ImGui::IsWindowHovered()) {
                const int k = std::clamp(int((m.x - x) / w * float(values.size())), 0, int(values.size()) - 1);
                ImGui::BeginTooltip();
                ImGui::Text("%s[%d] = %.4g", name, k, double(values[size_t(k)]));
                ImGui::TextDisabled("%s", first_values(values, 6).c_str());
                ImGui::EndTooltip();
            }
        };
        strip(0, x_pix, pix_w, r.pixels, "x_p");
        if (r.row < 0 && !r.pixels.empty()) continue;
        strip(1, x_vec[0], vec_w, r.embed, r.row >= 0 ? "x_p E + b" : "x_class");
        strip(2, x_vec[1], vec_w, r.pos, "E_pos");
        strip(3, x_vec[2], vec_w, r.z0, "z0");
    }
    const float used = top - origin.y + float(p.z0_rows.size()) * row_h + 6.0f;
    ImGui::Dummy(ImVec2(width, used));
    return used;
}

// T5: each head's learned bias by the distance j − i of key from query (the selected head drawn
// over the others), the number Z adds to every score on that diagonal.
void draw_bias_section(const LayerTrace& layer, int head, Lang lang, float width) {
    const BiasCurves c = bias_curves(layer);
    if (c.distance.empty()) return;
    PlotSpec spec;
    std::vector<double> xs(c.distance.begin(), c.distance.end()), all;
    for (const auto& h : c.by_head) all.insert(all.end(), h.begin(), h.end());
    spec.x = fit_axis(xs, AxisScale::Linear);
    spec.x.label = tr(lang, Txt::PipeBiasX);
    spec.y = fit_axis(all, AxisScale::Linear, /*include_zero=*/true);
    spec.y.label = "b_h(j − i)";
    spec.title = tr(lang, c.causal ? Txt::PipeBiasTitleCausal : Txt::PipeBiasTitle);
    spec.legend = false;
    for (int h = 0; h < int(c.by_head.size()); ++h) {
        if (h == head) continue;
        char name[32];
        std::snprintf(name, sizeof name, "head %d", h + 1);
        std::vector<double> ys(c.by_head[size_t(h)].begin(), c.by_head[size_t(h)].end());
        spec.series.push_back(plot_series(name, xs, std::move(ys), IM_COL32(120, 120, 135, 150), SeriesKind::Line));
    }
    char name[32];
    std::snprintf(name, sizeof name, "head %d", head + 1);
    std::vector<double> ys(c.by_head[size_t(head)].begin(), c.by_head[size_t(head)].end());
    spec.series.push_back(plot_series(name, xs, std::move(ys), plot_colour(1), SeriesKind::LinePoints));
    draw_plot("##pipe_bias", spec, ImVec2(width, 190.0f));
    ImGui::TextDisabled("%s", tr(lang, Txt::PipeBiasNote));
}

}  // namespace

void draw_pipeline_panel(PipelinePanel& p, const AppState& s, const ComputeView& view) {
    const Lang lang = s.lang;
    if (!view.trace || view.trace->layers.empty()) {
        draw_empty_view(view, lang);
        return;
    }
    const int layer_index = clamp_layer(s.layer, *view.trace);
    const LayerTrace& layer = view.trace->layers[size_t(layer_index)];
    const int head = std::clamp(s.head, 0, layer.n_heads - 1);
    ImGui::PushTextWrapPos(0.0f);
    if (view.trace->layers.size() > 1) ImGui::Text(tr(lang, Txt::ModelViewCell), layer_index + 1, head + 1);
    ImGui::TextDisabled(tr(lang, Txt::PipeIntro), head + 1);
    if (view.trace->section == "cross") ImGui::TextColored(ImVec4(0.55f, 0.8f, 1.0f, 1.0f), "%s", tr(lang, Txt::PipeCrossNote));
    ImGui::PopTextWrapPos();
    if (!p.renderer_error.empty() || !ensure_renderers(p)) {
        ImGui::TextColored(error_colour(), "%s", p.renderer_error.c_str());
        return;
    }
    ImGui::Checkbox(p.label(lang, Txt::PipeSameScale, "pipe_same"), &p.same_scale);
    item_tooltip(tr(lang, Txt::PipeSameScaleTip));
    if (view.trace->image) {
        ImGui::SameLine();
        ImGui::Checkbox(p.label(lang, Txt::PipeZ0Show, "pipe_z0"), &p.show_z0);
        item_tooltip(tr(lang, Txt::PipeZ0ShowTip));
        if (p.show_z0) draw_z0_section(p, s, view.trace, ImGui::GetContentRegionAvail().x);
    }
    if (layer.has_position_bias()) {
        ImGui::SameLine();
        ImGui::Checkbox(p.label(lang, Txt::PipeBiasShow, "pipe_bias"), &p.show_bias);
        item_tooltip(tr(lang, Txt::PipeBiasShowTip));
        if (p.show_bias) draw_bias_section(layer, head, lang, ImGui::GetContentRegionAvail().x);
    }
    if (p.cached_trace.lock() != view.trace || p.cached_layer != layer_index || p.cached_head != head ||
        p.cached_same_scale != p.same_scale) {
        p.stages = make_pipeline(*view.trace, layer_index, head);
        if (p.same_scale) share_score_scale(p.stages);
        for (size_t k = 0; k < p.stages.size(); ++k) upload_heatmap(p.renderers[k], p.stages[k].data);
        p.cached_trace = view.trace;
        p.cached_layer = layer_index;
        p.cached_head = head;
        p.cached_same_scale = p.same_scale;
    }

    const Trace& trace = *view.trace;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float line_h = ImGui::GetTextLineHeight();
    const float caption_h = 4.0f * line_h + 6.0f;
    const float gap = 22.0f;

    // Row labels: the tokens, elided to at most 90 px.
    float label_w = 0.0f;
    for (const auto* toks : {&trace.q_tokens, &trace.k_tokens})
        for (const Token& t : *toks) label_w = std::max(label_w, ImGui::CalcTextSize(t.text.c_str()).x);
    label_w = std::min(label_w, 90.0f) + 6.0f;
    const PipelineLayout L = layout_pipeline(p.stages, avail.x, std::max(avail.y, 200.0f), caption_h, 190.0f, label_w,
                                             gap, 48.0f);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const ImU32 accent = rgba(140, 205, 255);
    auto width_of = [](std::string_view t) { return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x; };

    for (int k = 0; k < kPipelineStages; ++k) {
        const PipelineStage& st = p.stages[size_t(k)];
        const PipelineBox& bx = L.boxes[size_t(k)];
        const ImVec2 b0(origin.x + bx.x, origin.y + bx.y);
        dl->PushClipRect(b0, ImVec2(b0.x + bx.w, b0.y + caption_h), true);
        char line[192];
        std::snprintf(line, sizeof(line), "%d. %s = %s", k + 1, st.name, st.formula);
        dl->AddText(b0, accent, line);
        const std::string shape = shape_text(st);
        dl->AddText(ImVec2(b0.x, b0.y + line_h), text, shape.c_str());
        char range[96];
        std::snprintf(range, sizeof(range), tr(lang, Txt::PipeRange), double(st.data.vmin), double(st.data.vmax));
        dl->AddText(ImVec2(b0.x, b0.y + 2.0f * line_h), dim, range);
        dl->AddText(ImVec2(b0.x, b0.y + 3.0f * line_h), dim, tr(lang, st.what));
        dl->PopClipRect();

        const int nr = std::max(st.data.rows, 1), nc = std::max(st.data.cols, 1);
        const ImVec2 p0(origin.x + bx.matrix_x, origin.y + bx.matrix_y);
        const ImVec2 p1(p0.x + bx.matrix_w, p0.y + bx.matrix_h);
        const unsigned tex = render_heatmap(p.renderers[size_t(k)], int(bx.matrix_w), int(bx.matrix_h), s.colormap,
                                            st.data.vmin, st.data.vmax, L.cell);
        if (tex != 0) dl->AddImage(ImTextureID(std::intptr_t(tex)), p0, p1);
        dl->AddRect(ImVec2(p0.x - 1, p0.y - 1), ImVec2(p1.x + 1, p1.y + 1), rgba(70, 70, 80));

        // Token labels on the rows (every k-th row when the cells are smaller than the text).
        const std::vector<Token>* toks = st.rows_name == "T_q" ? &trace.q_tokens
                                         : st.rows_name == "T_k" ? &trace.k_tokens
                                                                 : nullptr;
        if (toks != nullptr && int(toks->size()) == nr) {
            // As large as a row allows (at least 11 px); every k-th row when even that overlaps.
            const float font_px = std::clamp(L.cell * 0.95f, 11.0f, ImGui::GetFontSize());
            const float scale = font_px / ImGui::GetFontSize();
            const int every = std::max(1, int(std::ceil(font_px / std::max(L.cell, 0.01f) - 1e-3f)));
            for (int i = 0; i < nr; i += every) {
                const std::string t = elide_to_width((*toks)[size_t(i)].text, (label_w - 6.0f) / scale, width_of);
                const float y = p0.y + (float(i) + 0.5f) * L.cell - 0.5f * font_px;
                dl->AddText(ImGui::GetFont(), font_px, ImVec2(p0.x - 4.0f - width_of(t) * scale, y), dim, t.c_str());
            }
        }

        ImGui::SetCursorScreenPos(p0);
        ImGui::PushID(k);
        ImGui::InvisibleButton("##m", ImVec2(bx.matrix_w, bx.matrix_h));
        ImGui::PopID();
        if (ImGui::IsItemHovered()) {
            const ImVec2 m = ImGui::GetIO().MousePos;
            const int j = std::clamp(int((m.x - p0.x) / bx.matrix_w * float(nc)), 0, nc - 1);
            const int i = std::clamp(int((m.y - p0.y) / bx.matrix_h * float(nr)), 0, nr - 1);
            const size_t idx = size_t(i) * size_t(nc) + size_t(j);
            ImGui::BeginTooltip();
            if (st.data.masked[idx]) {
                ImGui::Text("%s[%d, %d] = -∞", st.name, i, j);
            } else {
                ImGui::Text(tr(lang, Txt::PipeValue), st.name, i, j, double(st.data.values[idx]));
            }
            if (toks != nullptr && i < int(toks->size())) ImGui::Text("%s", (*toks)[size_t(i)].text.c_str());
            ImGui::TextDisabled("%s", shape.c_str());
            ImGui::EndTooltip();
        }
    }
    ImGui::SetCursorScreenPos(origin);
    ImGui::Dummy(ImVec2(avail.x, 1.0f));
}

void pipeline_panel_destroy(PipelinePanel& p) {
    for (HeatmapRenderer& r : p.renderers) heatmap_renderer_destroy(r);
    delete_texture(p.z0_texture);
    delete_texture(p.picture_texture);
    p = PipelinePanel{};
}

}  // namespace attn::app
