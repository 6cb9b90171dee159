// lesson_run.h — running a lesson headless: each step's trace (built-in model or an opened
// pretrained folder), `--check` (every step applies, every answer computes) and PDF handouts.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/figure/figure.h"
#include "core/lesson/lesson.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::lesson {

// The trace of a step's state: the built-in model (state.model) or `model` when the step says
// `model = required`. Errors: the engine's (bad sentence, mask out of range), or a required model
// that is not open (model == nullptr).
Expected<Trace> compute_step_trace(const LessonState& state, const pretrained::PretrainedModel* model);

// Checks a trace-dependent part of a state: the layer, head, selected cell and highlights lie in
// the trace. Errors say which setting is out of range.
Status check_state_against_trace(const LessonState& state, const Trace& trace);

struct CheckReport {
    std::vector<std::string> errors;  // "file:line: ..." — empty = the lesson passes
    std::vector<std::string> notes;   // steps skipped (need a model folder), computed answers
    int steps_checked = 0;
    int questions_checked = 0;
    int steps_skipped = 0;
};
// Runs every step (the visible ones for `model` and the others), evaluating every answer.
CheckReport check_lesson(const Lesson& lesson, const pretrained::PretrainedModel* model);

struct HandoutOptions {
    Lang lang = Lang::En;                 // labels, answers' explanations, the figures' text
    std::vector<std::string> font_files;  // as FigureOptions::font_files (NanumGothic for Hangul)
    const pretrained::PretrainedModel* model = nullptr;  // the opened folder, if any
};
// A multi-page A4 PDF: a title page, then per visible step its title, text, question, computed
// answer with its numbers, and the figure of the step's view (views without a figure get the
// heatmap) with the settings in its caption.
Expected<std::string> render_handout(const Lesson& lesson, const HandoutOptions& options,
                                     std::vector<std::string>* warnings = nullptr);

// The figure view for an app view name ("explain" → cell, "positional" → pe, "variants", "cost",
// "model", "predict" and "lens" → heatmap; "row" → row, "qk" → qk).
FigureView figure_view_for(const std::string& view, bool cell_selected);

}  // namespace attn::lesson
