// lesson_handout.cpp — a lesson as a printable PDF: a title page, then one page per visible step
// with its text, question, the answer computed from the step's trace and the step's figure.
#include <memory>

#include "core/i18n/marks.h"
#include "core/i18n/texts.h"
#include "core/lesson/lesson_internal.h"
#include "core/lesson/lesson_run.h"

namespace attn::lesson {

namespace {


// The handout's labels in one language (po/: context "a lesson handout").
struct Labels {
    const char* step;
    const char* question;
    const char* answer;
    const char* choice;
    const char* needs_model;
    const char* steps;
    explicit Labels(Lang lang) {
        const int l = int(lang);
        step = i18n::translated(l, NC_("a lesson handout", "Step"));
        question = i18n::translated(l, NC_("a lesson handout", "Question"));
        answer = i18n::translated(l, NC_("a lesson handout", "Answer"));
        choice = i18n::translated(l, NC_("a lesson handout", "Choice"));
        needs_model = i18n::translated(l, NC_("a lesson handout", "This step needs a real model folder (GPT-2 or BERT); open one "
                                                       "to see its figure and answer (README: Real models)."));
        steps = i18n::translated(l, NC_("a lesson handout", "Steps"));
    }
};

std::string esc(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '&') out += "&amp;";
        else if (c == '<') out += "&lt;";
        else if (c == '>') out += "&gt;";
        else out += c;
    }
    return out;
}

// The question, its choices and the computed answer as markup.
std::string question_markup(const Question& q, const AnswerResult* r, const Trace* trace, const Labels& t,
                            Lang lang) {
    std::string m = std::string("<b>") + t.question + ":</b> " + to_pango_markup(q.ask);
    for (size_t i = 0; i < q.choices.size(); ++i)
        m += "\n    " + std::to_string(i + 1) + ". " + to_pango_markup(q.choices[i]);
    if (r) {
        m += std::string("\n\n<b>") + t.answer + ":</b> ";
        if (r->click) {
            // 'arrow' — cell 1:4 (row 1)
            const std::string cell = std::to_string(r->row) + ":" + std::to_string(r->col);
            const std::string line = std::to_string(r->column ? r->col : r->row);
            m += "<b>" + esc("'" + r->token + "'") + "</b> — ";
            const char* where = r->column ? i18n::translated(int(lang), NC_("a lesson handout", "cell {0} (column {1})"))
                                          : i18n::translated(int(lang), NC_("a lesson handout", "cell {0} (row {1})"));
            m += i18n::fill(where, {cell, line});
            (void)trace;
        } else {
            m += std::string(t.choice) + " " + std::to_string(r->choice) + " — " +
                 to_pango_markup(q.choices[size_t(r->choice - 1)]);
        }
        m += "\n<i>" + esc(r->why(lang)) + "</i>";
    }
    if (!q.explain.empty()) m += "\n\n" + to_pango_markup(q.explain);
    return m;
}

}  // namespace

Expected<std::string> render_handout(const Lesson& lesson, const HandoutOptions& o, std::vector<std::string>* warnings) {
    const Labels t(o.lang);
    const bool model_open = o.model != nullptr;
    std::vector<DocumentPage> pages;
    // Traces must outlive the pages that point at them.
    std::vector<std::unique_ptr<Trace>> traces;

    DocumentPage cover;
    cover.heading = "<span size=\"150%\">" + esc(lesson.title) + "</span>";
    cover.body = to_pango_markup(lesson.intro);
    std::string list;
    int shown = 0;
    for (const Step& s : lesson.steps)
        if (step_visible(s, model_open)) list += "\n" + std::to_string(++shown) + ". " + esc(s.title);
    cover.body += (cover.body.empty() ? "" : "\n\n") + std::string("<b>") + t.steps + "</b>" + list;
    cover.footer = "AttnLab · " + esc(lesson.file);
    pages.push_back(std::move(cover));

    int n = 0;
    for (size_t i = 0; i < lesson.steps.size(); ++i) {
        const Step& step = lesson.steps[i];
        if (!step_visible(step, model_open)) continue;
        ++n;
        auto state = state_at_step(lesson, int(i));
        if (!state) return state.status();
        DocumentPage page;
        page.heading = esc(std::string(t.step) + " " + std::to_string(n) + "/" + std::to_string(shown) + " · " + step.title);
        page.body = to_pango_markup(step.text);
        page.footer = esc(describe_state(*state, o.lang)) + "  ·  " + esc(lesson.title);

        std::optional<AnswerResult> answer;
        if (state->model_use == ModelUse::Required && !model_open) {
            page.body += "\n\n<i>" + esc(t.needs_model) + "</i>";
        } else {
            auto trace = compute_step_trace(*state, o.model);
            if (!trace) return Status::Error(lesson.file + ":" + std::to_string(step.line) + ": " + trace.error());
            if (Status s = check_state_against_trace(*state, *trace); !s)
                return Status::Error(lesson.file + ":" + std::to_string(step.line) + ": " + s.message());
            traces.push_back(std::make_unique<Trace>(std::move(*trace)));
            const Trace* tr = traces.back().get();
            FigureRequest& r = page.figure;
            const bool cell = state->cell_query >= 0;
            r.view = figure_view_for(state->view, cell);
            r.layer = state->layer;
            r.head = state->head;
            r.cell_query = state->cell_query;
            r.cell_key = state->cell_key;
            // The row view shows the selected cell's query, else the first highlighted row.
            r.row = state->cell_query;
            for (const Highlight& h : state->highlights)
                if (r.row < 0 && (h.kind == Highlight::Kind::Row || h.kind == Highlight::Kind::Token)) r.row = h.a;
            page.trace = tr;
            if (step.question) {
                auto a = evaluate_answer(*step.question, *tr, *state);
                if (!a) return Status::Error(lesson.file + ":" + std::to_string(step.question->line) + ": " + a.error());
                answer = *a;
            }
        }
        if (step.question) {
            page.body += (page.body.empty() ? "" : "\n\n") +
                         question_markup(*step.question, answer ? &*answer : nullptr, page.trace, t, o.lang);
        }
        pages.push_back(std::move(page));
    }
    FigureOptions fo;
    fo.lang = o.lang == Lang::Ko ? FigureLang::Ko : FigureLang::En;
    fo.font_files = o.font_files;
    return render_pdf_document(pages, fo, lesson.title, warnings);
}

}  // namespace attn::lesson
