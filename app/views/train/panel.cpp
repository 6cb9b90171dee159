// panel.cpp — the Train view: settings, live curves, every head on the probe, the timeline, use/save
// (implementation; the interface and its contract are in panel.h)
//
// [SECTION] Mailbox: the worker's updates into the panel's copies
// [SECTION] Settings column: task, parameters, model, optimizer, buttons, status, use / save
// [SECTION] Curves: loss and accuracy (app/plot)
// [SECTION] Probe: every layer × head on the probe example, token labels, hover
// [SECTION] draw_train_panel and the shell's hooks
#include "app/views/train/panel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/matrix/heatmap_texture.h"
#include "app/i18n/core_messages.h"
#include "app/plot/plot.h"
#include "app/views/train/panel_parts.h"
#include "app/views/train/probe_grid.h"
#include "app/views/train/train_export.h"
#include "app/widgets/ui_widgets.h"
#include "core/attention/alignment.h"
#include "core/task/seq2seq_task.h"

namespace attn::app {

using namespace attn::train;  // the core training API (trainer.h, task.h)

namespace {

// --- [SECTION] Mailbox -------------------------------------------------------------------------

TrainWorker& worker_of(TrainPanel& p) {
    if (!p.worker) {
        TrainWorkerConfig c;
        c.wake = p.wake;
        p.worker = std::make_unique<TrainWorker>(std::move(c));
    }
    return *p.worker;
}

void take_updates(TrainPanel& p) {
    if (!p.worker) return;
    TrainUpdate u = p.worker->take();
    if (u.reset || u.run_id != p.run_id) {
        p.curves = TrainCurves{};
        p.timeline = Timeline{};
        p.live.reset();
        p.scrub_step = 0;
        p.follow_live = true;
        p.run_id = u.run_id;
    }
    for (const TrainLogEntry& e : u.log) add_log(p.curves, e);
    if (u.probe) p.live = std::move(u.probe);
    if (u.timeline) p.timeline = std::move(*u.timeline);
    for (SaveResult& r : u.saves) {
        if (r.purpose == SavePurpose::Keep) {
            p.save_failed = !r.error.empty();
            p.save_message = r.error.empty() ? r.dir : r.error;
            p.save_step = r.step;
        } else if (r.error.empty()) {
            p.using_dir = r.dir;
            p.using_step = r.step;
            p.using_text = r.probe_text;
            p.using_target = r.probe_target;
            p.use_opened = false;
            p.use_error.clear();
        } else {
            p.use_error = r.error;
        }
    }
    p.status = std::move(u);
    p.status.log.clear();
    p.status.saves.clear();
    p.status.timeline.reset();
    p.status.probe.reset();
}

// The snapshot the picture shows: the newest probe, or the timeline's at the scrubbed step.
const ProbeSnapshot* shown_snapshot(const TrainPanel& p) {
    if (p.follow_live || p.timeline.snapshots.empty()) return p.live ? &*p.live : nullptr;
    const int k = snapshot_at(p.timeline, p.scrub_step);
    return k >= 0 ? &p.timeline.snapshots[std::size_t(k)] : nullptr;
}

// --- [SECTION] Settings column -------------------------------------------------------------------

// Start / Step / Reset with settings that differ from the run's begin a new run with them.
void ensure_run(TrainPanel& p, bool force_new) {
    if (force_new || !p.has_run || !same_train_options(p.settings, p.run_options)) {
        worker_of(p).reset(p.settings);
        p.run_options = p.settings;
        p.has_run = true;
        p.use_error.clear();
    }
}

void draw_task_choice(TrainPanel& p, Lang lang, LabelBuf& label) {
    const bool s2s = train::trainer_of(p.settings).own_tasks;
    const TaskInfo* info = s2s ? nullptr : find_task(p.settings.task);
    const Seq2SeqTaskInfo* s2s_info = s2s ? find_seq2seq_task(p.settings.task) : nullptr;
    ImGui::SetNextItemWidth(-FLT_MIN);
    ImGui::TextUnformatted(tr(lang, Txt::TrainTask));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-FLT_MIN);
    char preview[200];
    if (s2s && !find_image_task(p.settings.task)) std::snprintf(preview, sizeof(preview), tr(lang, Txt::TrainSeq2SeqTask), p.settings.task.c_str());
    else std::snprintf(preview, sizeof(preview), "%s", p.settings.task.c_str());
    if (ImGui::BeginCombo("###train_task", preview)) {
        for (const TaskInfo& t : task_registry()) {
            char item[200];
            if (lang == Lang::En) std::snprintf(item, sizeof(item), "%s  —  %s", t.name, t.summary_en);
            else std::snprintf(item, sizeof(item), "%s", t.name);
            if (ImGui::Selectable(item, !s2s && p.settings.task == t.name)) {
                const int threads = p.settings.threads;
                p.settings = train_defaults(t.name);
                p.settings.threads = threads;
            }
        }
        for (const Seq2SeqTaskInfo& t : seq2seq_task_registry()) {  // the encoder–decoder
            char name[120], item[300];
            std::snprintf(name, sizeof(name), tr(lang, Txt::TrainSeq2SeqTask), t.name);
            if (lang == Lang::En) std::snprintf(item, sizeof(item), "%s  —  %s", name, t.summary_en);
            else std::snprintf(item, sizeof(item), "%s", name);
            if (ImGui::Selectable(item, s2s && p.settings.task == t.name)) {
                const int threads = p.settings.threads;
                p.settings = s2s_train_defaults(t.name);
                p.settings.threads = threads;
            }
        }
        for (const ImageTaskInfo& t : image_task_registry()) {  // the tiny ViT (vit_panel.h)
            char item[200];
            if (lang == Lang::En) std::snprintf(item, sizeof(item), "%s  —  %s", t.name, t.summary_en);
            else std::snprintf(item, sizeof(item), "%s", t.name);
            if (ImGui::Selectable(item, p.settings.task == t.name)) {
                p.settings.task = t.name;
                p.vit.settings = vit_train_defaults(t.name);
            }
        }
        ImGui::EndCombo();
    }
    item_tooltip(tr(lang, Txt::TrainTaskTip));
    if (const ImageTaskInfo* image = find_image_task(p.settings.task)) {
        ImGui::TextDisabled("%s", tr(lang, Txt::TrainExpect));
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(translate(lang, nullptr, image->explain));
        ImGui::PopTextWrapPos();
        return;
    }
    if (info || s2s_info) {
        ImGui::TextDisabled("%s", tr(lang, Txt::TrainExpect));
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(translate(lang, nullptr, info ? info->explain : s2s_info->explain));
        ImGui::PopTextWrapPos();
    }
    ImGui::Spacing();
    TaskParams& tp = p.settings.task_params;
    if (s2s) {  // reverse and sort take an alphabet and a length; en-ko has its own grammar
        if (tp.n_symbols != 0) {
            train_input_int(label, lang, Txt::TrainSymbols, "train_symbols", &tp.n_symbols, 1, Txt::TrainSymbolsTip);
            train_input_int(label, lang, Txt::TrainLength, "train_length", &tp.length, 1, Txt::TrainLengthTip);
        }
        return;
    }
    if (task_uses_symbols(p.settings.task))
        train_input_int(label, lang, Txt::TrainSymbols, "train_symbols", &tp.n_symbols, 1, Txt::TrainSymbolsTip);
    train_input_int(label, lang, Txt::TrainLength, "train_length", &tp.length, 1, Txt::TrainLengthTip);
    if (task_uses_text(p.settings.task)) {
        ImGui::TextUnformatted(tr(lang, Txt::TrainText));
        item_tooltip(tr(lang, Txt::TrainTextTip));
        ImGui::SameLine();
        if (ImGui::SmallButton(label(lang, Txt::TrainTextPreset, "train_preset")))
            tp.text = train_defaults("text").task_params.text;
        ImGui::InputTextMultiline("###train_text", &tp.text, ImVec2(-FLT_MIN, ImGui::GetTextLineHeight() * 5.0f));
    }
}

// The architecture switch (GPT-2's parts or the modern decoder's) and, for Llama, the K/V heads.
void draw_arch_choice(TrainOptions& o, Lang lang, LabelBuf& label) {
    const train::TrainerKind& current = train::trainer_of(o);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.0f);
    if (ImGui::BeginCombo(label(lang, Txt::TrainArch, "train_arch"), localize_core_message(current.label, lang).c_str())) {
        for (const train::TrainerKind& k : train::trainer_kinds()) {  // the kinds that train on the text tasks
            if (k.own_tasks) continue;
            if (ImGui::Selectable(localize_core_message(k.label, lang).c_str(), &k == &current)) o.arch = k.arch;
        }
        ImGui::EndCombo();
    }
    item_tooltip(tr(lang, Txt::TrainArchTip));
    if (!train::trainer_of(o).grouped_kv) {
        o.kv_heads = 0;  // gpt has no grouping; the CLI refuses --kv-heads there too
        return;
    }
    int kv = o.kv_heads > 0 ? o.kv_heads : o.n_heads;
    if (train_input_int(label, lang, Txt::TrainKvHeads, "train_kv_heads", &kv, 1, Txt::TrainKvHeadsTip))
        o.kv_heads = std::max(kv, 1);
}

void draw_model_settings(TrainPanel& p, Lang lang, LabelBuf& label) {
    TrainOptions& o = p.settings;
    const bool s2s = train::trainer_of(o).own_tasks;
    ImGui::Separator();
    train_input_int(label, lang, Txt::TrainLayers, "train_layers", &o.n_layers, 1,
                    s2s ? Txt::TrainSeq2SeqLayersTip : Txt::TrainSizeTip);
    train_input_int(label, lang, Txt::TrainHeads, "train_heads", &o.n_heads, 1, Txt::TrainSizeTip);
    train_input_int(label, lang, Txt::TrainDModel, "train_dmodel", &o.d_model, 16, Txt::TrainSizeTip);
    if (s2s) {  // the encoder–decoder always has its feed-forward layers; its tasks are its own
        ImGui::TextDisabled("%s", tr(lang, Txt::TrainSeq2SeqArch));
        item_tooltip(tr(lang, Txt::TrainSeq2SeqArchTip));
    } else {
        ImGui::Checkbox(label(lang, Txt::TrainMlp, "train_mlp"), &o.mlp);
        item_tooltip(tr(lang, Txt::TrainMlpTip));
        draw_arch_choice(o, lang, label);
    }
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
    ImGui::InputFloat(label(lang, Txt::TrainLr, "train_lr"), &o.lr, 0.0005f, 0.005f, "%.4g");
    item_tooltip(tr(lang, Txt::TrainLrTip));
    train_input_int(label, lang, Txt::TrainBatch, "train_batch", &o.batch, 8, Txt::TrainBatchTip);
    train_input_int(label, lang, Txt::TrainSteps, "train_steps", &o.steps, 50, Txt::TrainStepsTip);
    int seed = int(std::min<std::uint64_t>(o.seed, 1000000000ull));
    if (train_input_int(label, lang, Txt::TrainSeed, "train_seed", &seed, 1, Txt::TrainSeedTip)) o.seed = std::uint64_t(std::max(seed, 0));
    if (ImGui::SmallButton(label(lang, Txt::TrainDefaults, "train_defaults"))) {
        const int threads = o.threads;
        o = train::trainer_of(o).defaults(o.task);  // the task's sizes; the architecture stays
        o.threads = threads;
    }
    item_tooltip(tr(lang, Txt::TrainDefaultsTip));
}

void draw_buttons(TrainPanel& p, Lang lang, LabelBuf& label, const std::string& problem) {
    ImGui::Separator();
    const bool running = p.status.running;
    const bool bad = !problem.empty();
    if (bad) ImGui::BeginDisabled();
    if (!running) {
        if (ImGui::Button(label(lang, Txt::TrainStart, "train_start"))) {
            const bool finished = p.has_run && p.status.has_state && p.status.step >= p.status.total_steps;
            ensure_run(p, finished);  // Start after the end begins again
            worker_of(p).start();
        }
        item_tooltip(tr(lang, Txt::TrainStartTip));
    } else if (ImGui::Button(label(lang, Txt::TrainPause, "train_pause"))) {
        worker_of(p).pause();
    }
    ImGui::SameLine();
    if (ImGui::Button(label(lang, Txt::TrainStep, "train_step"))) {
        ensure_run(p, false);
        worker_of(p).step();
    }
    item_tooltip(tr(lang, Txt::TrainStepTip));
    ImGui::SameLine();
    if (ImGui::Button(label(lang, Txt::TrainReset, "train_reset"))) ensure_run(p, true);
    item_tooltip(tr(lang, Txt::TrainResetTip));
    if (bad) ImGui::EndDisabled();

    ImGui::PushTextWrapPos(0.0f);
    if (bad) ImGui::TextColored(error_colour(), "%s", problem.c_str());
    if (!p.status.error.empty())
        ImGui::TextColored(error_colour(), "%s", localize_core_message(p.status.error, lang).c_str());
    draw_run_status(lang, p.status.has_state, running, p.status.step, p.status.total_steps, steps_per_second(p.curves),
                    !bad && p.has_run && !same_train_options(p.settings, p.run_options));
    ImGui::PopTextWrapPos();
}

void draw_use_and_save(TrainPanel& p, Lang lang, LabelBuf& label) {
    ImGui::Separator();
    const bool can = p.status.has_state;
    if (!can) ImGui::BeginDisabled();
    if (ImGui::Button(label(lang, Txt::TrainUse, "train_use"))) worker_of(p).save(use_model_folder(++p.use_count), SavePurpose::Use);
    item_tooltip(tr(lang, Txt::TrainUseTip));
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 4.0f);
    const bool enter = ImGui::InputTextWithHint("###train_save_path", tr(lang, Txt::TrainSavePathHint), &p.save_path,
                                                ImGuiInputTextFlags_EnterReturnsTrue);
    item_tooltip(tr(lang, Txt::TrainSaveTip));
    ImGui::SameLine();
    if (ImGui::Button(label(lang, Txt::TrainSaveGo, "train_save")) || enter) {
        const std::string dir = normalize_model_path(p.save_path, std::getenv("HOME"));
        worker_of(p).save(dir, SavePurpose::Keep);
    }
    if (!can) ImGui::EndDisabled();

    ImGui::PushTextWrapPos(0.0f);
    if (!p.save_message.empty()) {
        if (p.save_failed) {
            ImGui::TextColored(error_colour(), tr(lang, Txt::TrainSaveFailed),
                               localize_core_message(p.save_message, lang).c_str());
        } else {
            ImGui::TextDisabled(tr(lang, Txt::TrainSaved), p.save_message.c_str(), p.save_step);
        }
    }
    if (!p.use_error.empty())
        ImGui::TextColored(error_colour(), tr(lang, Txt::TrainSaveFailed), localize_core_message(p.use_error, lang).c_str());
    ImGui::PopTextWrapPos();
}

// A finished "Use this model" save → the app's normal model loading; then a status line.
void follow_use(TrainPanel& p, AppState& state, ModelSession& models, Lang lang) {
    if (p.using_dir.empty()) return;
    if (!p.use_opened) {  // just saved: open it like a folder from the Model menu, the probe as the sentence
        p.use_opened = true;
        state.text = p.using_text;
        state.cross = !p.using_target.empty();  // an encoder–decoder: its target as the translation
        if (state.cross) state.cross_text = p.using_target;
        state.blocked_cells.clear();
        state.pad_to = 0;
        open_model(models, state, p.using_dir);
        return;
    }
    ImGui::PushTextWrapPos(0.0f);
    draw_using_status(models, lang, p.using_dir, p.using_step);
    ImGui::PopTextWrapPos();
}

// --- [SECTION] Curves ------------------------------------------------------------------------------

void draw_curves(const TrainPanel& p, Lang lang, float height, int shown_step) {
    const TrainCurves& c = p.curves;
    const double total = std::max(1, p.status.total_steps > 0 ? p.status.total_steps : p.settings.steps);
    const float w = 0.5f * (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x);
    for (int which = 0; which < 2; ++which) {
        PlotSpec spec = which == 0 ? loss_plot(c, total, lang, Txt::TrainSeriesEvalLoss)
                                   : accuracy_plot(total, lang, Txt::TrainAccTitle);
        if (!p.follow_live) spec.x_marks.push_back(shown_step);
        if (which == 1) {
            std::vector<double> exact, token;
            for (double v : c.exact) exact.push_back(100.0 * v);
            for (double v : c.token_acc) token.push_back(100.0 * v);
            if (p.status.exact_meaningful)
                spec.series.push_back(plot_series(tr(lang, Txt::TrainSeriesExact), c.eval_step, exact, plot_colour(2)));
            spec.series.push_back(plot_series(tr(lang, Txt::TrainSeriesToken), c.eval_step, token, plot_colour(3)));
            ImGui::SameLine();
        }
        draw_plot(which == 0 ? "##train_loss" : "##train_acc", spec, ImVec2(w, height));
    }
}

// --- [SECTION] Probe ---------------------------------------------------------------------------------

void draw_probe(TrainPanel& p, const ProbeSnapshot& snap, Lang lang, Colormap map, ImVec2 avail) {
    const Trace& tr_ = *snap.probe;
    // A decoder's probe: every head's (T × T) self-attention, rows and columns the probe's tokens.
    // An encoder–decoder's: its cross-attention (T_tgt × T_src), each row named by the word it
    // writes (as the Alignment view names them), columns the source.
    const bool cross = tr_.section == "cross";
    char title[512];
    if (cross)
        std::snprintf(title, sizeof(title), tr(lang, Txt::TrainCrossProbeTitle), tr_.run.text.c_str(),
                      tr_.run.cross_text.c_str(), snap.step);
    else
        std::snprintf(title, sizeof(title), tr(lang, Txt::TrainProbeTitle), tr_.run.text.c_str(), snap.step);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(title);
    ImGui::PopTextWrapPos();
    avail.y -= ImGui::GetItemRectSize().y + ImGui::GetStyle().ItemSpacing.y;

    std::vector<std::string> rows, cols;
    for (const Token& t : cross ? written_tokens(tr_) : tr_.q_tokens) rows.push_back(probe_token_label(t.text));
    for (const Token& t : tr_.k_tokens) cols.push_back(probe_token_label(t.text));
    draw_probe_grid(p.grid, snap.probe, rows, cols, lang, map, avail);
}

void draw_timeline(TrainPanel& p, Lang lang, LabelBuf& label) {
    const int last = p.live ? p.live->step : 0;
    if (ImGui::Checkbox(label(lang, Txt::TrainLive, "train_live"), &p.follow_live) && !p.follow_live) p.scrub_step = last;
    item_tooltip(tr(lang, Txt::TrainLiveTip));
    ImGui::SameLine();
    int step = p.follow_live ? last : std::min(p.scrub_step, last);
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize(tr(lang, Txt::TrainTimeline)).x - ImGui::GetStyle().ItemInnerSpacing.x - 4.0f);
    if (last == 0) ImGui::BeginDisabled();  // nothing to scrub before the first step
    if (ImGui::SliderInt(label(lang, Txt::TrainTimeline, "train_scrub"), &step, 0, std::max(last, 1), "%d",
                         ImGuiSliderFlags_AlwaysClamp)) {
        p.follow_live = false;
        p.scrub_step = step;
    }
    if (last == 0) ImGui::EndDisabled();
    item_tooltip(tr(lang, Txt::TrainTimelineTip));
}

}  // namespace

// --- [SECTION] draw_train_panel and the shell's hooks -------------------------------------------------

void draw_train_panel(TrainPanel& p, AppState& state, ModelSession& models) {
    const Lang lang = state.lang;
    if (p.settings.threads <= 1) p.settings.threads = int(std::max(1u, std::thread::hardware_concurrency() - 1u));
    LabelBuf label;
    if (is_image_task(p.settings.task)) {
        draw_vit_train(p.vit, state, models, p.wake, [&] { draw_task_choice(p, lang, label); });
        return;
    }
    take_updates(p);

    const float settings_w = std::floor(ImGui::GetFontSize() * 19.0f);
    ImGui::BeginChild("###train_settings", ImVec2(settings_w, 0.0f), false);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", tr(lang, Txt::TrainIntro));
    ImGui::PopTextWrapPos();
    draw_task_choice(p, lang, label);
    draw_model_settings(p, lang, label);
    if (!p.checked_valid || p.checked_lang != lang || !same_train_options(p.checked, p.settings)) {
        p.problem = check_train_settings(p.settings, lang);  // builds the task: not every frame
        p.checked = p.settings;
        p.checked_lang = lang;
        p.checked_valid = true;
    }
    const std::string& problem = p.problem;
    if (!p.has_run && problem.empty()) ensure_run(p, true);  // a fresh model at step 0: its random attention
    if (p.auto_start && problem.empty()) {
        p.auto_start = false;
        ensure_run(p, false);
        worker_of(p).start();
    }
    draw_buttons(p, lang, label, problem);
    draw_use_and_save(p, lang, label);
    follow_use(p, state, models, lang);
    draw_train_export_button(p.figure_export, lang, label);
    ImGui::EndChild();

    ImGui::SameLine();
    ImGui::BeginChild("###train_live", ImVec2(0.0f, 0.0f), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    const ProbeSnapshot* snap = shown_snapshot(p);
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float curves_h = std::floor(std::clamp(avail.y * 0.34f, 180.0f, 330.0f));
    draw_curves(p, lang, curves_h, snap ? snap->step : 0);
    if (!p.status.exact_meaningful) ImGui::TextDisabled("%s", tr(lang, Txt::TrainAccNote));
    const float slider_h = ImGui::GetFrameHeightWithSpacing() + 4.0f;
    if (snap && snap->probe) {
        ImVec2 probe_avail = ImGui::GetContentRegionAvail();
        probe_avail.y -= slider_h;
        draw_probe(p, *snap, lang, state.colormap, probe_avail);
        ImGui::SetCursorPosY(std::max(ImGui::GetCursorPosY(), ImGui::GetWindowHeight() - slider_h));
        draw_timeline(p, lang, label);
    } else {
        ImGui::TextDisabled("%s", tr(lang, Txt::TrainNoProbe));
    }
    ImGui::EndChild();
    const int total = p.status.total_steps > 0 ? p.status.total_steps : p.run_options.steps;
    draw_train_export_popup(p.figure_export, state, {p.run_options.task, p.status.step, total, snap ? snap->step : 0}, [&] {
        return train_figure_of(p.run_options, p.curves, snap, p.status.step, total, p.status.exact_meaningful);
    });
}

void train_panel_set_wakeup(TrainPanel& p, std::function<void()> wake) { p.wake = std::move(wake); }

void train_panel_open_export(TrainPanel& p) { p.figure_export.request = true; }

void train_panel_show_picture(TrainPanel& p, int index) {
    p.vit.every_head = true;
    p.vit.selected = index;
}

void train_panel_script(TrainPanel& p, const std::string& task, int steps) {
    if (is_image_task(task)) {
        p.settings.task = task;
        vit_train_script(p.vit, task, steps, p.wake);
        return;
    }
    const int threads = int(std::max(1u, std::thread::hardware_concurrency() - 1u));
    // The encoder–decoder's tasks: "seq2seq:reverse", or a name only it has ("en-ko").
    if (task.rfind("seq2seq:", 0) == 0) p.settings = s2s_train_defaults(task.substr(8));
    else if (!find_task(task) && find_seq2seq_task(task)) p.settings = s2s_train_defaults(task);
    else p.settings = train_defaults(task);
    p.settings.threads = threads;
    if (steps > p.settings.steps) p.settings.steps = steps;
    ensure_run(p, true);
    if (steps > 0) worker_of(p).run_steps(steps);
}

void train_panel_start(TrainPanel& p, const std::string& task) {
    train_panel_script(p, task, 0);
    if (!is_image_task(task)) worker_of(p).start();
    else if (p.vit.worker) p.vit.worker->start();  // vit_train_script made it
}

void train_panel_pause(TrainPanel& p) {
    if (p.worker) p.worker->pause();
    if (p.vit.worker) p.vit.worker->pause();
}

std::string train_panel_task(const TrainPanel& p) {
    return is_image_task(p.settings.task) ? p.settings.task : saved_task_name(p.settings);
}

void train_panel_restore(TrainPanel& p, const std::string& task, const std::string& text) {
    if (is_image_task(task)) {
        p.settings.task = task;
        p.vit.settings = vit_train_defaults(task);
        return;
    }
    restore_task_settings(p.settings, task, text);
}

bool train_panel_wait_idle(TrainPanel& p, std::chrono::milliseconds timeout) {
    return (!p.worker || p.worker->wait_idle(timeout)) && vit_train_wait_idle(p.vit, timeout);
}

std::string train_panel_stats(const TrainPanel& p) {
    if (p.curves.step.empty() || !(p.curves.seconds.back() > 0.0)) return {};
    char buf[160];
    std::snprintf(buf, sizeof(buf), "step %d of %d, %.1f steps/s over the run (%d thread%s)", int(p.curves.step.back()),
                  p.status.total_steps, p.curves.step.back() / p.curves.seconds.back(), p.run_options.threads,
                  p.run_options.threads == 1 ? "" : "s");
    return buf;
}

void train_panel_destroy(TrainPanel& p) {
    destroy_probe_grid(p.grid);
    p.worker.reset();  // stops between two steps and joins
    vit_train_destroy(p.vit);
}

}  // namespace attn::app
