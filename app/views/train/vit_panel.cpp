// vit_panel.cpp — the Train view's image tasks: settings, curves, probe pictures, use this model
// (implementation; the interface and its contract are in vit_panel.h)
#include "app/views/train/vit_panel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <thread>

#include <imgui.h>
#include <stb_image_write.h>

#include "app/matrix/heatmap_texture.h"
#include "app/i18n/class_names.h"
#include "app/i18n/core_messages.h"
#include "app/plot/plot.h"
#include "app/views/train/panel_parts.h"
#include "app/views/train/train_export.h"
#include "app/widgets/ui_widgets.h"

namespace attn::app {

using namespace attn::train;

ImageTrainOptions vit_train_defaults(const std::string& task) {
    ImageTrainOptions o;
    apply_image_task_defaults(o, task);
    o.threads = int(std::max(1u, std::thread::hardware_concurrency() - 1u));
    return o;
}

bool same_image_options(const ImageTrainOptions& a, const ImageTrainOptions& b) {
    return a.task == b.task && a.patch == b.patch && a.n_layers == b.n_layers && a.n_heads == b.n_heads &&
           a.d_model == b.d_model && a.steps == b.steps && a.batch == b.batch && a.lr == b.lr && a.seed == b.seed &&
           a.train_size == b.train_size && a.threads == b.threads;
}

namespace {

constexpr int kOverlayScale = 6;  // 28 → 168 texels: smooth enough when drawn larger

ImageTrainWorker& worker_of(VitTrainPanel& p, const std::function<void()>& wake) {
    if (!p.worker) p.worker = std::make_unique<ImageTrainWorker>(wake);
    return *p.worker;
}

void take_updates(VitTrainPanel& p, AppState& state) {
    if (!p.worker) return;
    ImageTrainUpdate u = p.worker->take();
    if (u.reset || u.run_id != p.run_id) {
        p.curves = TrainCurves{};
        p.probes.clear();
        p.run_id = u.run_id;
        p.textures_dirty = true;
    }
    for (const TrainLogEntry& e : u.log) add_log(p.curves, e);
    if (u.probes) {
        p.probes = std::move(*u.probes);
        p.probes_step = u.probes_step;
        p.textures_dirty = true;
    }
    for (const ImageSaveResult& r : u.saves) {
        if (!r.error.empty()) {
            p.use_error = r.error;
            continue;
        }
        // The first probe picture goes beside the weights, and becomes the app's image.
        p.using_dir = r.dir;
        p.using_step = r.step;
        p.use_opened = false;
        p.use_error.clear();
        p.using_image.clear();
        if (!p.probes.empty()) {
            const ImageProbe& pr = p.probes.front();
            const std::string png = (std::filesystem::path(r.dir) / "probe.png").string();
            if (stbi_write_png(png.c_str(), pr.side, pr.side, 1, pr.pixels.data(), pr.side) != 0) p.using_image = png;
        }
        (void)state;
    }
    p.class_names = u.class_names;
    p.status = std::move(u);
    p.status.log.clear();
    p.status.saves.clear();
    p.status.probes.reset();
}

void ensure_run(VitTrainPanel& p, bool force_new, const std::function<void()>& wake) {
    if (force_new || !p.has_run || !same_image_options(p.settings, p.run_options)) {
        worker_of(p, wake).reset(p.settings);
        p.run_options = p.settings;
        p.has_run = true;
        p.use_error.clear();
    }
}

void draw_settings(VitTrainPanel& p, Lang lang, LabelBuf& label) {
    ImageTrainOptions& o = p.settings;
    ImGui::Separator();
    static const int kPatches[] = {4, 7, 14};
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
    if (ImGui::BeginCombo(label(lang, Txt::TrainPatch, "train_patch"), (std::to_string(o.patch) + "×" + std::to_string(o.patch)).c_str())) {
        for (int v : kPatches)
            if (ImGui::Selectable((std::to_string(v) + "×" + std::to_string(v)).c_str(), o.patch == v)) o.patch = v;
        ImGui::EndCombo();
    }
    item_tooltip(tr(lang, Txt::TrainPatchTip));
    static const int kSizes[] = {100, 1000, 10000, 20000, 60000};
    const std::string shown = o.train_size == 0 ? tr(lang, Txt::TrainImagesAll) : std::to_string(o.train_size);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
    if (ImGui::BeginCombo(label(lang, Txt::TrainImages, "train_images"), shown.c_str())) {
        for (int v : kSizes)
            if (ImGui::Selectable(std::to_string(v).c_str(), o.train_size == v)) o.train_size = v;
        ImGui::EndCombo();
    }
    item_tooltip(tr(lang, Txt::TrainImagesTip));
    train_input_int(label, lang, Txt::TrainLayers, "train_layers", &o.n_layers, 1, Txt::TrainSizeTip);
    train_input_int(label, lang, Txt::TrainHeads, "train_heads", &o.n_heads, 1, Txt::TrainSizeTip);
    train_input_int(label, lang, Txt::TrainDModel, "train_dmodel", &o.d_model, 16, Txt::TrainSizeTip);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
    ImGui::InputFloat(label(lang, Txt::TrainLr, "train_lr"), &o.lr, 0.0005f, 0.005f, "%.4g");
    item_tooltip(tr(lang, Txt::TrainLrTip));
    train_input_int(label, lang, Txt::TrainBatch, "train_batch", &o.batch, 8, Txt::TrainBatchTip);
    train_input_int(label, lang, Txt::TrainSteps, "train_steps", &o.steps, 100, Txt::TrainStepsTip);
    int seed = int(std::min<std::uint64_t>(o.seed, 1000000000ull));
    if (train_input_int(label, lang, Txt::TrainSeed, "train_seed", &seed, 1, Txt::TrainSeedTip)) o.seed = std::uint64_t(std::max(seed, 0));
    if (ImGui::SmallButton(label(lang, Txt::TrainDefaults, "train_defaults"))) o = vit_train_defaults(o.task);
    item_tooltip(tr(lang, Txt::TrainDefaultsTip));
}

void draw_buttons(VitTrainPanel& p, Lang lang, LabelBuf& label, const std::string& problem,
                  const std::function<void()>& wake) {
    ImGui::Separator();
    const bool running = p.status.running, bad = !problem.empty();
    if (bad) ImGui::BeginDisabled();
    if (!running) {
        if (ImGui::Button(label(lang, Txt::TrainStart, "train_start"))) {
            const bool finished = p.has_run && p.status.has_state && p.status.step >= p.status.total_steps;
            ensure_run(p, finished, wake);
            worker_of(p, wake).start();
        }
        item_tooltip(tr(lang, Txt::TrainStartTip));
    } else if (ImGui::Button(label(lang, Txt::TrainPause, "train_pause"))) {
        worker_of(p, wake).pause();
    }
    ImGui::SameLine();
    if (ImGui::Button(label(lang, Txt::TrainReset, "train_reset"))) ensure_run(p, true, wake);
    item_tooltip(tr(lang, Txt::TrainResetTip));
    if (bad) ImGui::EndDisabled();
    ImGui::PushTextWrapPos(0.0f);
    if (bad) ImGui::TextColored(error_colour(), "%s", localize_core_message(problem, lang).c_str());
    if (!p.status.error.empty())
        ImGui::TextColored(error_colour(), "%s", localize_core_message(p.status.error, lang).c_str());
    draw_run_status(lang, p.status.has_state, running, p.status.step, p.status.total_steps, steps_per_second(p.curves),
                    !bad && p.has_run && !same_image_options(p.settings, p.run_options));
    ImGui::PopTextWrapPos();
}

void draw_use(VitTrainPanel& p, AppState& state, ModelSession& models, Lang lang, LabelBuf& label,
              const std::function<void()>& wake) {
    ImGui::Separator();
    if (!p.status.has_state) ImGui::BeginDisabled();
    if (ImGui::Button(label(lang, Txt::TrainUse, "train_use")))
        worker_of(p, wake).save(use_model_folder(++p.use_count), SavePurpose::Use);
    item_tooltip(tr(lang, Txt::TrainUseTip));
    if (!p.status.has_state) ImGui::EndDisabled();
    ImGui::PushTextWrapPos(0.0f);
    if (!p.use_error.empty())
        ImGui::TextColored(error_colour(), tr(lang, Txt::TrainSaveFailed), localize_core_message(p.use_error, lang).c_str());
    if (!p.using_dir.empty()) {
        if (!p.use_opened) {  // just saved: open it like a folder from the Model menu, a probe as the image
            p.use_opened = true;
            if (!p.using_image.empty()) state.image_path = p.using_image;
            open_model(models, state, p.using_dir);
        } else {
            draw_using_status(models, lang, p.using_dir, p.using_step);
        }
    }
    ImGui::PopTextWrapPos();
}

void draw_curves(const VitTrainPanel& p, Lang lang, float height) {
    const TrainCurves& c = p.curves;
    const double total = std::max(1, p.status.total_steps > 0 ? p.status.total_steps : p.settings.steps);
    const float w = 0.5f * (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x);
    for (int which = 0; which < 2; ++which) {
        PlotSpec spec = which == 0 ? loss_plot(c, total, lang, Txt::TrainSeriesTestLoss)
                                   : accuracy_plot(total, lang, Txt::TrainImageAccTitle);
        if (which == 1) {
            std::vector<double> acc;
            for (double v : c.exact) acc.push_back(100.0 * v);
            spec.series.push_back(plot_series(tr(lang, Txt::TrainSeriesTestAcc), c.eval_step, acc, plot_colour(2)));
            ImGui::SameLine();
        }
        draw_plot(which == 0 ? "##image_loss" : "##image_acc", spec, ImVec2(w, height));
    }
}

// Fashion-MNIST's classes in Korean when the app is (class_names.h); the saved folder keeps English.
std::string class_name(const VitTrainPanel& p, int id, Lang lang) { return class_name_for_ui(p.class_names, id, lang, "?"); }

// A probe picture with its overlay, `side` pixels square; clicking it chooses it for "Every head".
bool probe_picture(const VitTrainPanel& p, int i, float side, bool framed, Lang lang) {
    ImGui::PushID(i);
    const ImVec2 p0 = ImGui::GetCursorScreenPos();
    const bool clicked = ImGui::InvisibleButton("##probe_pick", ImVec2(side, side));
    ImGui::PopID();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 p1(p0.x + side, p0.y + side);
    dl->AddImage(ImTextureID(std::intptr_t(p.textures[i])), p0, p1);
    if (framed) dl->AddRect(ImVec2(p0.x - 2, p0.y - 2), ImVec2(p1.x + 2, p1.y + 2), ImGui::GetColorU32(ImGuiCol_PlotHistogram), 0.0f, 0, 2.0f);
    item_tooltip(tr(lang, Txt::TrainImagePickTip));
    return clicked;
}

void draw_every_head(VitTrainPanel& p, Lang lang, Colormap map, int n) {
    p.selected = std::clamp(p.selected, 0, n - 1);
    const ImageProbe& pr = p.probes[std::size_t(p.selected)];
    const float line_h = ImGui::GetTextLineHeightWithSpacing();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float thumb = std::floor(std::clamp((avail.y - 8.0f * float(n)) / float(n), 32.0f, 96.0f));
    ImGui::BeginGroup();
    for (int i = 0; i < n; ++i)
        if (probe_picture(p, i, thumb, i == p.selected, lang)) p.selected = i;
    ImGui::EndGroup();
    ImGui::SameLine(0.0f, 16.0f);
    ImGui::BeginGroup();
    char title[512];
    std::snprintf(title, sizeof(title), tr(lang, Txt::TrainImageEveryTitle), p.selected + 1,
                  class_name(p, pr.label, lang).c_str(), p.probes_step);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(title);
    ImGui::PopTextWrapPos();
    if (pr.trace) {
        std::vector<std::string> rows, cols;
        for (const Token& t : pr.trace->q_tokens) rows.push_back(probe_token_label(t.text));
        for (const Token& t : pr.trace->k_tokens) cols.push_back(probe_token_label(t.text));
        ImVec2 room = ImGui::GetContentRegionAvail();
        room.y = std::max(room.y, 4.0f * line_h);
        draw_probe_grid(p.grid, pr.trace, rows, cols, lang, map, room);
    }
    ImGui::EndGroup();
}

void draw_probes(VitTrainPanel& p, Lang lang, Colormap map, LabelBuf& label, ImVec2 avail) {
    if (p.probes.empty()) {
        ImGui::TextDisabled("%s", tr(lang, p.status.error.empty() ? Txt::TrainImageLoading : Txt::TrainNoProbe));
        return;
    }
    const int layers = int(p.probes.front().cls_attention.size());
    const int heads = layers > 0 ? int(p.probes.front().cls_attention.front().size()) : 0;
    p.layer = std::clamp(p.layer < 0 ? layers - 1 : p.layer, 0, std::max(0, layers - 1));
    if (p.head >= heads) p.head = -1;
    ImGui::Text(tr(lang, Txt::TrainImageProbes), p.probes_step);
    item_tooltip(tr(lang, Txt::TrainImageProbeTip));
    ImGui::Checkbox(label(lang, Txt::TrainImageEveryHead, "image_every"), &p.every_head);
    item_tooltip(tr(lang, Txt::TrainImageEveryHeadTip));
    ImGui::SameLine(0.0f, 24.0f);
    if (p.every_head) ImGui::BeginDisabled();  // the grid shows every layer and head
    int shown_layer = p.layer + 1;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
    if (ImGui::SliderInt(label(lang, Txt::TrainImageLayer, "image_layer"), &shown_layer, 1, std::max(1, layers))) {
        p.layer = shown_layer - 1;
        p.textures_dirty = true;
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
    const std::string head_name = p.head < 0 ? tr(lang, Txt::TrainImageHeadMean) : std::to_string(p.head + 1);
    if (ImGui::BeginCombo(label(lang, Txt::TrainImageHead, "image_head"), head_name.c_str())) {
        if (ImGui::Selectable(tr(lang, Txt::TrainImageHeadMean), p.head < 0)) p.head = -1, p.textures_dirty = true;
        for (int h = 0; h < heads; ++h)
            if (ImGui::Selectable(std::to_string(h + 1).c_str(), p.head == h)) p.head = h, p.textures_dirty = true;
        ImGui::EndCombo();
    }
    if (p.every_head) ImGui::EndDisabled();
    const int n = std::min<int>(4, int(p.probes.size()));
    if (p.textures_dirty) {
        for (int i = 0; i < n; ++i) {
            const ImageProbe& pr = p.probes[std::size_t(i)];
            const std::vector<std::uint8_t> rgba = probe_overlay_rgba(pr, p.layer, p.head, kOverlayScale);
            p.textures[i] = upload_rgba_texture(p.textures[i], rgba.data(), pr.side * kOverlayScale, pr.side * kOverlayScale);
        }
        p.textures_dirty = false;
    }
    if (p.every_head) {
        draw_every_head(p, lang, map, n);
        return;
    }
    const float line_h = ImGui::GetTextLineHeightWithSpacing();
    const float gap = 16.0f;
    avail = ImGui::GetContentRegionAvail();
    const float side = std::floor(std::max(48.0f, std::min((avail.x - gap * float(n - 1)) / float(n), avail.y - 2.0f * line_h - 8.0f)));
    for (int i = 0; i < n; ++i) {
        const ImageProbe& pr = p.probes[std::size_t(i)];
        if (i > 0) ImGui::SameLine(0.0f, gap);
        ImGui::BeginGroup();
        if (probe_picture(p, i, side, false, lang)) p.selected = i, p.every_head = true;
        const bool right = pr.predicted == pr.label;
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + side);
        ImGui::TextColored(right ? ImVec4(0.55f, 0.85f, 0.55f, 1.0f) : error_colour(), tr(lang, Txt::TrainImageProbeCaption),
                           class_name(p, pr.predicted, lang).c_str(), 100.0 * double(pr.confidence),
                           class_name(p, pr.label, lang).c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndGroup();
    }
}

}  // namespace

void draw_vit_train(VitTrainPanel& p, AppState& state, ModelSession& models, const std::function<void()>& wake,
                      const std::function<void()>& draw_task_choice) {
    const Lang lang = state.lang;
    take_updates(p, state);
    LabelBuf label;
    const float settings_w = std::floor(ImGui::GetFontSize() * 19.0f);
    ImGui::BeginChild("###train_settings", ImVec2(settings_w, 0.0f), false);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::TrainImageIntro));
    ImGui::PopTextWrapPos();
    draw_task_choice();
    draw_settings(p, lang, label);
    const Status check = validate_image_options(p.settings);
    const std::string problem = check ? std::string() : check.message();
    if (!p.has_run && problem.empty()) ensure_run(p, true, wake);  // a fresh model: its random attention
    draw_buttons(p, lang, label, problem, wake);
    draw_use(p, state, models, lang, label, wake);
    draw_train_export_button(p.figure_export, lang, label);
    ImGui::EndChild();

    ImGui::SameLine();
    ImGui::BeginChild("###train_live", ImVec2(0.0f, 0.0f), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    draw_curves(p, lang, std::floor(std::clamp(avail.y * 0.34f, 180.0f, 330.0f)));
    draw_probes(p, lang, state.colormap, label, ImGui::GetContentRegionAvail());
    ImGui::EndChild();
    const int total = p.status.total_steps > 0 ? p.status.total_steps : p.run_options.steps;
    draw_train_export_popup(p.figure_export, state, {p.run_options.task, p.status.step, total, p.probes_step}, [&] {
        return image_train_figure_of(p.run_options, p.curves, p.probes, p.probes_step,
                                     class_names_for_ui(p.class_names, state.lang), p.layer, p.head, p.status.step, total);
    });
}

void vit_train_open_export(VitTrainPanel& p) { p.figure_export.request = true; }

void vit_train_script(VitTrainPanel& p, const std::string& task, int steps, const std::function<void()>& wake) {
    p.settings = vit_train_defaults(task);
    if (steps > p.settings.steps) p.settings.steps = steps;
    ensure_run(p, true, wake);
    if (steps > 0) worker_of(p, wake).run_steps(steps);
}

bool vit_train_wait_idle(VitTrainPanel& p, std::chrono::milliseconds timeout) {
    return !p.worker || p.worker->wait_idle(timeout);
}

void vit_train_destroy(VitTrainPanel& p) {
    for (unsigned& t : p.textures) {
        if (t != 0) delete_texture(t);
        t = 0;
    }
    destroy_probe_grid(p.grid);
    p.worker.reset();
}

}  // namespace attn::app
