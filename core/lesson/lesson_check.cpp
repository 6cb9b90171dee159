// lesson_check.cpp — a lesson run headless: each step's trace from its state, the trace-dependent
// checks (cell, highlights, layer, head) and every answer evaluated (`attnlab lesson --check`).
#include "core/attention/engine.h"
#include "core/lesson/lesson_internal.h"
#include "core/lesson/lesson_run.h"

namespace attn::lesson {

Expected<Trace> compute_step_trace(const LessonState& state, const pretrained::PretrainedModel* model) {
    if (state.model_use == ModelUse::Required) {
        if (!model)
            return Status::Error("this step needs a model folder (GPT-2 or BERT); open one (README: Real models).");
        if (state.section.empty()) return pretrained::compute_pretrained_trace(*model, state.run);
        auto sections = pretrained::compute_pretrained_run(*model, state.run);
        if (!sections) return sections.status();
        for (Trace& t : *sections)
            if (t.section == state.section) return std::move(t);
        return Status::Error("this step shows the " + state.section +
                             " section, which only a translation model's run has (encoder, decoder, cross).");
    }
    auto builtin = make_builtin_model(state.model);
    if (!builtin) return builtin.status();
    return compute_trace(*builtin, state.run);
}

Status check_state_against_trace(const LessonState& s, const Trace& trace) {
    if (s.layer >= int(trace.layers.size()))
        return Status::Error("layer " + std::to_string(s.layer + 1) + " but the model has " +
                             std::to_string(trace.layers.size()) + " layer(s).");
    const LayerTrace& L = trace.layers[size_t(s.layer)];
    if (s.head >= L.n_heads)
        return Status::Error("head " + std::to_string(s.head + 1) + " but the model has " + std::to_string(L.n_heads) +
                             " heads.");
    const int tq = trace.t_q(), tk = trace.t_k();
    auto range = [&](const std::string& what, int v, int n, const char* axis) {
        if (v >= 0 && v < n) return Status::Ok();
        return Status::Error(what + ": " + axis + " position " + std::to_string(v) + " is outside the sentence (" +
                             std::to_string(n) + " tokens, 0 to " + std::to_string(n - 1) + ").");
    };
    if (s.cell_query >= 0) {
        if (Status st = range("cell", s.cell_query, tq, "query"); !st) return st;
        if (Status st = range("cell", s.cell_key, tk, "key"); !st) return st;
    }
    for (const Highlight& h : s.highlights) {
        Status st;
        switch (h.kind) {
            case Highlight::Kind::Cell:
                st = range("highlight cell", h.a, tq, "query");
                if (st) st = range("highlight cell", h.b, tk, "key");
                break;
            case Highlight::Kind::Row: st = range("highlight row", h.a, tq, "query"); break;
            case Highlight::Kind::Column: st = range("highlight column", h.b, tk, "key"); break;
            case Highlight::Kind::Token: st = range("highlight token", h.a, tq, "query"); break;
            case Highlight::Kind::Control: break;
        }
        if (!st) return st;
    }
    return Status::Ok();
}

CheckReport check_lesson(const Lesson& lesson, const pretrained::PretrainedModel* model) {
    CheckReport report;
    auto where = [&](int line) { return lesson.file + ":" + std::to_string(line) + ": "; };
    for (size_t i = 0; i < lesson.steps.size(); ++i) {
        const Step& step = lesson.steps[i];
        const std::string name = "step " + std::to_string(i + 1) + " '" + shorten(step.title) + "'";
        auto state = state_at_step(lesson, int(i));
        if (!state) {
            report.errors.push_back(state.error());
            continue;
        }
        if (state->model_use == ModelUse::Required && !model) {
            ++report.steps_skipped;
            report.notes.push_back(name + ": needs a model folder; not computed (pass --model DIR to check it).");
            continue;
        }
        if (step.when == Step::When::Model && state->model_use != ModelUse::Required) {
            report.errors.push_back(where(step.line) + name + " says 'when = model' but uses the built-in model; "
                                    "add 'model = required'.");
            continue;
        }
        auto trace = compute_step_trace(*state, model);
        if (!trace) {
            report.errors.push_back(where(step.line) + name + ": " + trace.error());
            continue;
        }
        if (Status s = check_state_against_trace(*state, *trace); !s) {
            report.errors.push_back(where(step.line) + name + ": " + s.message());
            continue;
        }
        ++report.steps_checked;
        if (step.question) {
            auto answer = evaluate_answer(*step.question, *trace, *state);
            if (!answer) {
                report.errors.push_back(where(step.question->line) + name + ": " + answer.error());
                continue;
            }
            ++report.questions_checked;
            report.notes.push_back(name + ": " + answer->why(Lang::En));
        }
    }
    return report;
}

FigureView figure_view_for(const std::string& view, bool cell_selected) {
    if (view == "explain") return cell_selected ? FigureView::Cell : FigureView::Heatmap;
    if (view == "heads") return FigureView::Heads;
    if (view == "scaling") return FigureView::Scaling;
    if (view == "pipeline") return FigureView::Pipeline;
    if (view == "lines") return FigureView::Lines;
    if (view == "positional") return FigureView::PositionalEncoding;
    if (view == "row") return FigureView::Row;
    if (view == "qk") return FigureView::Qk;
    return FigureView::Heatmap;  // heatmap, and the views without a figure: variants, cost, model, predict, lens, audio
}

}  // namespace attn::lesson
