// app_frame.h — what the frame loop owns (App) and the parts of a frame drawn in their own files
// (internal to app/shell: app_window.cpp runs the loop, app_menus.cpp the menu bar and keyboard
// shortcuts, app_views.cpp the current view's panels)
#pragma once

#include <imgui.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "app/i18n/ui_text.h"
#include "app/jobs/compute_worker.h"
#include "app/jobs/model_loader.h"
#include "app/panels/panel_controls.h"
#include "app/panels/panel_export.h"
#include "app/panels/panel_audio.h"
#include "app/panels/panel_image.h"
#include "app/panels/panel_lesson.h"
#include "app/panels/panel_model.h"
#include "app/shell/control_channel.h"
#include "app/shell/fonts.h"
#include "app/state/app_state.h"
#include "app/views/alignment/panel.h"
#include "app/views/audio/panel.h"
#include "app/views/all_heads/panel.h"
#include "app/views/attn_distance/panel.h"
#include "app/views/cell_explainer/panel.h"
#include "app/views/cost/panel.h"
#include "app/views/heatmap/panel.h"
#include "app/views/image/panel.h"
#include "app/views/lines/panel.h"
#include "app/views/model_view/panel.h"
#include "app/views/pipeline/panel.h"
#include "app/views/pos_similarity/panel.h"
#include "app/views/positional/panel.h"
#include "app/views/lens/panel.h"
#include "app/views/predict/panel.h"
#include "app/views/qk/panel.h"
#include "app/views/rope/panel.h"
#include "app/views/row/panel.h"
#include "app/views/scaling_lab/panel.h"
#include "app/views/train/panel.h"
#include "app/views/variants/panel.h"

namespace attn::app {

// Everything the frame loop owns (UI thread).
struct App {
    AppState state;
    ComputeView view;
    ControlsPanel controls;
    HeatmapPanel heatmap;
    CellExplainerPanel explainer;
    AllHeadsPanel all_heads;
    ScalingLabPanel scaling;
    PipelinePanel pipeline;
    LinesPanel lines;
    AlignmentPanel alignment;
    AudioPanel audio;        // the Audio view (speech models)
    AudioDialog audio_dialog;  // File ▸ Open recording… and dropped sound files
    PositionalPanel positional;
    ExportPanel exporter;
    VariantsPanel variants;
    CostPanel cost;
    RowPanel row;
    QkPanel qk;
    ModelSession models;     // the pretrained model in use / loading (null: built-in)
    ModelPanel model_panel;  // Model menu, open dialog, dropped folders
    ModelViewPanel model_view;
    TrainPanel train;
    PredictPanel predict;    // the Predict view (GPT-2 generation session, BERT masked LM)
    ImagePanel image;        // the Image view (vision models)
    RopePanel rope;          // the RoPE view (rotary models) and its KV-cache column
    LensPanel lens;          // the Lens view (the logit lens)
    ImageDialog image_dialog;  // File ▸ Open image… and dropped image files
    AttnDistancePanel attn_distance;  // the ViT paper's Figure 7 views
    PosSimilarityPanel pos_similarity;
    ComputeRequest last_posted;
    bool posted_any = false;
    std::weak_ptr<const pretrained::PretrainedModel> panels_model;  // release_closed_models: the last view model
    FontSetup fonts;

    std::filesystem::path config_dir;  // empty: settings are neither loaded nor saved
    std::string settings_message;      // a load problem, shown in the controls panel
    bool settings_may_overwrite = true;  // false: an unusable settings file could not be kept aside
    std::string imgui_ini;             // io.IniFilename points here

    // Latency of the last request: posted → its trace applied, in ms and frames.
    int frame = 0;
    std::uint64_t posted_generation = 0;
    std::chrono::steady_clock::time_point posted_at;
    int posted_frame = 0;
    double last_latency_ms = -1.0;
    int last_latency_frames = -1;
    std::optional<std::string> type_text;  // --type: appended on frame kTypeFrame
    ControlChannel control;                 // --control, --frame-log (a script drives the app)

    // What the ImGui style was last set up for (re-applied when the state differs).
    float styled_scale = -1.0f;
    bool styled_presentation = false;

    LessonPanel lesson;  // guided lessons: the column right of the view, File menu items, dialog
    // --lesson FILE [--lesson-step N]: opened once the start-up model has loaded (or failed), so
    // the steps that need a model folder are counted with it.
    struct StartLesson {
        std::string path;
        int step = 0;  // 0-based
        bool reveal = false;
    };
    std::optional<StartLesson> start_lesson;
};

// --- app_menus.cpp ---------------------------------------------------------------------------

// File ▸ Export and Ctrl+E: the Train view's figure popup, or the export dialog.
void open_export_for_view(App& app);
// F5 / Esc presentation, PageUp / PageDown layers, Ctrl+E export, Ctrl+digit views.
void handle_shortcuts(App& app);
// The main menu bar; returns its height.
float draw_main_menu(App& app);

// --- app_views.cpp ---------------------------------------------------------------------------

// Opens a tiled panel window at (x, y, w, h); call ImGui::End() after, whatever it returns.
bool begin_panel(Lang lang, Txt title_id, const char* id, float x, float y, float w, float h,
                 ImGuiWindowFlags extra = 0);
// When the views' model (ComputeView::model) is another than the panels last worked for: every
// panel that keeps a model in its requests, results or sessions (Predict, Lens, Model view roles,
// RoPE) lets go of it, so a closed model is freed at once, not when each of those views is next
// drawn. Called every frame after the compute result is applied.
void release_closed_models(App& app);
// The current view's panel(s) in the view area (x0, top, w, h).
void draw_view_panels(App& app, float x0, float top, float w, float h);

}  // namespace attn::app
