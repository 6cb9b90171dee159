// test_lesson_answer.cpp — answers come from the live trace: checked against independent
// computations (Eigen on the trace's weights, a second engine run with √d_k toggled, the engine's
// own row stats), they change when a setting changes, and every built-in lesson computes.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "core/attention/engine.h"
#include "core/lesson/lesson.h"
#include "core/lesson/lesson_run.h"

using namespace attn;
using namespace attn::lesson;

namespace {

Question question(const std::string& answer, int n_choices = 0) {
    std::string text = "# T\n\n## S\n\n```attnlab\nask = Q?\n";
    for (int i = 0; i < n_choices; ++i) text += "choice = c" + std::to_string(i + 1) + "\n";
    text += "answer = " + answer + "\n```\n";
    auto l = parse_lesson(text, "q.md");
    REQUIRE_MESSAGE(l.ok(), (l.ok() ? "" : l.error()));
    return *l->steps[0].question;
}

LessonState base_state() {
    LessonState s;
    s.run.text = "Time flies like an arrow";
    return s;
}

Trace run(const LessonState& s) {
    auto t = compute_step_trace(s, nullptr);
    REQUIRE_MESSAGE(t.ok(), (t.ok() ? "" : t.error()));
    return *t;
}

int argmax_row(const Trace& t, int head, int row) {
    Eigen::Index j = 0;
    t.layers[0].heads[size_t(head)].weights.row(row).maxCoeff(&j);
    return int(j);
}

}  // namespace

TEST_CASE("argmax row: the trace's largest weight, and it moves when that cell is hidden") {
    LessonState s = base_state();
    s.head = 1;
    const Trace t = run(s);
    const Question q = question("argmax row 1");
    auto r = evaluate_answer(q, t, s);
    REQUIRE(r.ok());
    const int want = argmax_row(t, 1, 1);
    CHECK(r->click);
    CHECK(r->row == 1);
    CHECK(r->col == want);
    CHECK(r->token == t.k_tokens[size_t(want)].text);
    CHECK(click_is_correct(*r, 1, want));
    CHECK_FALSE(click_is_correct(*r, 1, (want + 1) % 5));
    CHECK(token_is_correct(*r, want));
    CHECK(r->why(Lang::En).find(t.k_tokens[size_t(want)].text) != std::string::npos);
    CHECK(r->why(Lang::Ko).find("헤드 2") != std::string::npos);

    // Hide the winning cell: the answer becomes the runner-up of the original row.
    LessonState blocked = s;
    blocked.run.mask.blocked_cells = {{1, want}};
    const Trace tb = run(blocked);
    auto rb = evaluate_answer(q, tb, blocked);
    REQUIRE(rb.ok());
    RowVec row = t.layers[0].heads[1].weights.row(1);  // (T_k)
    row(want) = -1;
    Eigen::Index second = 0;
    row.maxCoeff(&second);
    CHECK(rb->col == int(second));
    CHECK(rb->col != r->col);
}

TEST_CASE("argmin over a column and the head/layer modifiers") {
    LessonState s = base_state();
    const Trace t = run(s);
    auto r = evaluate_answer(question("argmin column 4 head 3"), t, s);
    REQUIRE(r.ok());
    Eigen::Index i = 0;
    t.layers[0].heads[2].weights.col(4).minCoeff(&i);
    CHECK(r->column);
    CHECK(r->col == 4);
    CHECK(r->row == int(i));
    CHECK(token_is_correct(*r, int(i)));
}

TEST_CASE("flipped scaling matches a second engine run; the answer follows the setting") {
    LessonState s = base_state();
    const Question q = question("if max row 1 > max row 1 flipped then 1 else 2", 2);
    const Question qe = question("if entropy row 1 > 0 then 1 else 2", 2);
    for (bool scale : {true, false}) {
        s.run.attention.scale = scale;
        const Trace t = run(s);
        LessonState other = s;
        other.run.attention.scale = !scale;
        const Trace o = run(other);
        const double here = t.layers[0].heads[0].weights.row(1).maxCoeff();
        const double there = o.layers[0].heads[0].weights.row(1).maxCoeff();
        auto r = evaluate_answer(q, t, s);
        REQUIRE(r.ok());
        CHECK(r->choice == (here > there ? 1 : 2));
        // Without scaling the row is sharper: choice 1 exactly when scaling is off.
        CHECK(r->choice == (scale ? 2 : 1));
        CHECK(r->why(Lang::En).find("so the answer is choice") != std::string::npos);

        // entropy from the answer code vs the engine's row stats
        auto e = evaluate_answer(qe, t, s);
        REQUIRE(e.ok());
        const double h = t.layers[0].heads[0].stats.entropy(1);
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", h);
        CHECK(e->why(Lang::En).find(buf) != std::string::npos);
    }
}

TEST_CASE("count, sum and weight follow the mask") {
    LessonState s = base_state();
    s.run.mask.causal = true;
    Trace t = run(s);
    for (int i = 0; i < 5; ++i) {
        auto r = evaluate_answer(question("if count row " + std::to_string(i) + " = " + std::to_string(i + 1) +
                                          " then 1 else 2", 2), t, s);
        REQUIRE(r.ok());
        CHECK(r->choice == 1);
    }
    s.run.mask.causal = false;
    t = run(s);
    auto r = evaluate_answer(question("if count row 1 = 2 then 1 else 2", 2), t, s);
    CHECK(r->choice == 2);  // all 5 visible now

    s.run.mask.pad_to = 7;
    t = run(s);
    r = evaluate_answer(question("if sum column 6 = 0 then 1 else 2", 2), t, s);
    REQUIRE(r.ok());
    CHECK(r->choice == 1);
    const float w = t.layers[0].heads[0].weights(1, 4);
    r = evaluate_answer(question("if weight 1:4 > " + std::to_string(w - 1e-4) + " then 1 else 2", 2), t, s);
    CHECK(r->choice == 1);
    r = evaluate_answer(question("if weight @flies:@arrow > " + std::to_string(w + 1e-4) + " then 1 else 2", 2), t, s);
    CHECK(r->choice == 2);
}

TEST_CASE("answers that cannot be computed say why") {
    LessonState s = base_state();
    const Trace t = run(s);
    CHECK(evaluate_answer(question("argmax row 9"), t, s).error().find("outside the sentence") != std::string::npos);
    CHECK(evaluate_answer(question("argmax row @banana"), t, s).error().find("'banana'") != std::string::npos);
    CHECK(evaluate_answer(question("argmax row 1 head 9"), t, s).error().find("head 9") != std::string::npos);
    CHECK(evaluate_answer(question("argmax row 1 layer 2"), t, s).error().find("layer 2") != std::string::npos);
    s.run.mask.blocked_cells = {{1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}};
    const Trace tb = run(s);
    CHECK(evaluate_answer(question("argmax row 1"), tb, s).error().find("fully masked") != std::string::npos);
}

TEST_CASE("every built-in lesson: parses, English and Korean match, every answer computes") {
    namespace fs = std::filesystem;
    int lessons = 0;
    for (const auto& entry : fs::directory_iterator(fs::path(ATTNLAB_LESSON_DIR) / "en")) {
        const fs::path en = entry.path();
        const fs::path ko = fs::path(ATTNLAB_LESSON_DIR) / "ko" / en.filename();
        auto a = load_lesson_file(en.string());
        auto b = load_lesson_file(ko.string());
        REQUIRE_MESSAGE(a.ok(), (a.ok() ? "" : a.error()));
        REQUIRE_MESSAGE(b.ok(), (b.ok() ? "" : b.error()));
        CAPTURE(en.filename().string());
        CHECK(a->lang == Lang::En);
        CHECK(b->lang == Lang::Ko);
        CHECK(a->steps.size() >= 5);
        CHECK(a->steps.size() <= 12);
        REQUIRE(a->steps.size() == b->steps.size());
        for (size_t i = 0; i < a->steps.size(); ++i) {  // the same actions and answers in both languages
            const Step& x = a->steps[i];
            const Step& y = b->steps[i];
            REQUIRE(x.actions.size() == y.actions.size());
            for (size_t k = 0; k < x.actions.size(); ++k) {
                CHECK(x.actions[k].key == y.actions[k].key);
                CHECK(x.actions[k].value == y.actions[k].value);
            }
            CHECK(x.when == y.when);
            CHECK(x.question.has_value() == y.question.has_value());
            if (x.question) CHECK(x.question->choices.size() == y.question->choices.size());
        }
        // Each lesson ends with a question (the last step shown without a model).
        const Step* last = nullptr;
        for (const Step& s : a->steps)
            if (step_visible(s, false)) last = &s;
        REQUIRE(last);
        CHECK(last->question.has_value());
        const CheckReport report = check_lesson(*a, nullptr);
        CHECK_MESSAGE(report.errors.empty(), (report.errors.empty() ? "" : report.errors[0]));
        ++lessons;
    }
    CHECK(lessons == 13);
}

TEST_CASE("a handout is a PDF with a page per step") {
    auto l = load_lesson_file(std::string(ATTNLAB_LESSON_DIR) + "/en/04-masks.md");
    REQUIRE(l.ok());
    HandoutOptions o;
    o.font_files = {ATTNLAB_TEST_FONT};
    auto pdf = render_handout(*l, o);
    REQUIRE_MESSAGE(pdf.ok(), (pdf.ok() ? "" : pdf.error()));
    CHECK(pdf->rfind("%PDF-", 0) == 0);
    size_t pages = 0;
    for (size_t p = pdf->find("/Type /Page\n"); p != std::string::npos; p = pdf->find("/Type /Page\n", p + 1)) ++pages;
    for (size_t p = pdf->find("/Type /Page "); p != std::string::npos; p = pdf->find("/Type /Page ", p + 1)) ++pages;
    CHECK(pages >= 1 + l->steps.size());
}

TEST_CASE("the lesson list: UI language first, then by number") {
    const auto ko_first = list_lessons(ATTNLAB_LESSON_DIR, Lang::Ko);
    REQUIRE(ko_first.size() == 26);
    for (size_t i = 0; i < 13; ++i) {  // 1 … 13
        CHECK(ko_first[i].lang == Lang::Ko);
        CHECK(ko_first[i].number == int(i) + 1);
        CHECK(ko_first[i + 13].lang == Lang::En);
    }
    CHECK(ko_first[0].title.find("쿼리") != std::string::npos);
    const auto en_first = list_lessons(ATTNLAB_LESSON_DIR, Lang::En);
    CHECK(en_first[0].lang == Lang::En);
    CHECK(en_first[0].steps == 6);
    CHECK(list_lessons("no/such/folder", Lang::En).empty());
}

TEST_CASE("the built-in lessons leave no Markdown marks unrendered") {
    // CommonMark does not close ** after punctuation when a letter follows ("…**를"): the reader
    // would see the asterisks. Every built-in lesson's text is checked for stray marks.
    int checked = 0;
    for (const LessonEntry& entry : list_lessons(ATTNLAB_LESSON_DIR, Lang::En)) {
        auto l = load_lesson_file(entry.path);
        REQUIRE_MESSAGE(l.ok(), (l.ok() ? "" : l.error()));
        std::vector<std::string> texts = {to_plain_text(l->intro)};
        for (const Step& s : l->steps) {
            texts.push_back(to_plain_text(s.text));
            if (s.question) {
                texts.push_back(to_plain_text(s.question->ask));
                texts.push_back(to_plain_text(s.question->explain));
                for (const RichText& c : s.question->choices) texts.push_back(to_plain_text(c));
            }
        }
        for (const std::string& t : texts) {
            CAPTURE(entry.path);
            CAPTURE(t);
            CHECK(t.find("**") == std::string::npos);
            CHECK(t.find("__") == std::string::npos);
        }
        ++checked;
    }
    CHECK(checked == 26);
}
