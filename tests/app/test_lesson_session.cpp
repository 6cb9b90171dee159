// test_lesson_session.cpp — guided lessons in the app, GL-free: stepping sets AppState as
// state_at_step says, leaving restores it, questions, recent lessons, broken files, rich text.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "app/jobs/handout_job.h"
#include "app/lesson/lesson_session.h"
#include "app/lesson/rich_text_flow.h"
#include "app/shell/app_options.h"
#include "app/state/settings.h"
#include "trace_for.h"
#include "tests/temp_dir.h"

using namespace attn::app;
namespace fs = std::filesystem;
namespace lesson = attn::lesson;

namespace {

const char* const kLesson = R"(# Test lesson

```attnlab
lang = en
text = Time flies like an arrow
```

Intro.

## First

Plain **bold** text.

```attnlab
highlight = row 1
highlight = control scale
ask = What do the weights of row 1 add up to?
choice = 1
choice = 5
answer = if sum row 1 = 1 then 1 else 2
```

## Second

```attnlab
scale = off
causal = on
view = explain
head = 2
cell = 2:1
highlight = cell 2:1
ask = Which key does row 1 attend to most?
answer = argmax row 1
explain = The largest weight wins.
```

## Third

```attnlab
reset = all
window = 1
global = 0,3
block = 2:0
d_model = 32
heads = 2
text = the cat sat on the mat
```
)";

lesson::Lesson parsed() {
    auto l = lesson::parse_lesson(kLesson, "test.md");
    REQUIRE_MESSAGE(l.ok(), l.status().message());
    return std::move(*l);
}

// every TempDir here starts with "attnlab-lesson"
struct TempDir : attn::test::TempDir {
    TempDir() : attn::test::TempDir("attnlab-lesson") {}
};

void write(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary);
    out << text;
}

// Everything of AppState a lesson step sets equals the step's LessonState.
void check_applied(const AppState& s, const lesson::LessonState& st) {
    auto req = make_request(s);
    REQUIRE(req.ok());
    CHECK(req->model == st.model);
    CHECK(req->run.text == st.run.text);
    CHECK(req->run.cross_text == st.run.cross_text);
    CHECK(req->run.attention.scale == st.run.attention.scale);
    CHECK(req->run.attention.temperature == st.run.attention.temperature);
    CHECK(req->run.mask.causal == st.run.mask.causal);
    CHECK(req->run.mask.window == st.run.mask.window);
    CHECK(req->run.mask.global_tokens == st.run.mask.global_tokens);
    CHECK(req->run.mask.pad_to == st.run.mask.pad_to);
    CHECK(req->run.mask.blocked_cells == st.run.mask.blocked_cells);
    CHECK(std::string(view_name(s.view)) == st.view);
    CHECK(s.layer == st.layer);
    CHECK(s.head == st.head);
    CHECK(s.sel_query == st.cell_query);
    CHECK(s.sel_key == st.cell_key);
}

// A state unlike the lesson's in every field the lesson sets (and some it does not).
AppState user_state() {
    AppState s;
    s.text = "my own sentence here";
    s.cross = true;
    s.cross_text = "another one";
    s.d_model = 128;
    s.n_heads = 8;
    s.seed = 7;
    s.positional = false;
    s.scale = false;
    s.temperature = 2.0f;
    s.causal = true;
    s.window_on = true;
    s.window = 3;
    s.global_tokens = "1";
    s.pad_to = 9;
    s.blocked_cells = {{1, 2}};
    s.mask_edit = true;
    s.layer = 0;
    s.head = 5;
    s.view = View::Pipeline;
    s.sel_query = 2;
    s.sel_key = 3;
    s.quantity = HeatmapQuantity::Scores;
    return s;
}

}  // namespace

TEST_CASE("lesson session: every step applies exactly state_at_step, by Next, Back and jumps") {
    const lesson::Lesson l = parsed();
    AppState s = user_state();
    LessonSession ls;
    REQUIRE(open_lesson(ls, s, l, "test.md"));
    CHECK(lesson_open(ls));
    CHECK(ls.step == 0);
    CHECK(visible_step_count(ls) == 3);
    CHECK_FALSE(s.mask_edit);  // a click must answer, not hide a cell
    for (int k = 0; k < 3; ++k) {
        if (k > 0) REQUIRE(step_next(ls, s));
        CHECK(ls.step == k);
        CHECK(visible_step_number(ls, ls.step) == k + 1);
        auto st = lesson::state_at_step(l, k);
        REQUIRE(st.ok());
        check_applied(s, *st);
    }
    CHECK_FALSE(step_next(ls, s));  // the last step
    CHECK(ls.step == 2);
    REQUIRE(go_to_step(ls, s, 1));
    check_applied(s, *lesson::state_at_step(l, 1));
    CHECK(s.view == View::Explainer);
    CHECK(s.highlights.cells == std::vector<std::pair<int, int>>{{2, 1}});
    CHECK(s.highlights.rows.empty());
    REQUIRE(step_back(ls, s));
    CHECK(s.highlights.rows == std::vector<int>{1});
    CHECK(highlights_control(s.highlights, "scale"));
    CHECK_FALSE(highlights_control(s.highlights, "causal"));
    CHECK_FALSE(step_back(ls, s));  // the first step
    CHECK_FALSE(go_to_step(ls, s, 3));

    // --lesson-step past the end opens the last step.
    LessonSession past;
    REQUIRE(open_lesson(past, s, l, "test.md", 40));
    CHECK(past.step == 2);
}

TEST_CASE("lesson session: the user's edits last until Back / Next re-applies the step") {
    const lesson::Lesson l = parsed();
    AppState s;
    LessonSession ls;
    REQUIRE(open_lesson(ls, s, l, "test.md", 1));
    s.scale = true;  // the step says off
    s.head = 0;
    s.text = "edited by the student";
    CHECK(s.scale);  // allowed: nothing undoes it while the step stays
    REQUIRE(step_next(ls, s));
    check_applied(s, *lesson::state_at_step(l, 2));
    s.text = "edited again";
    REQUIRE(step_back(ls, s));
    check_applied(s, *lesson::state_at_step(l, 1));
    CHECK_FALSE(s.scale);
    CHECK(s.text == "Time flies like an arrow");
}

TEST_CASE("lesson session: leaving restores the state from before the lesson exactly") {
    const lesson::Lesson l = parsed();
    const AppState before = user_state();
    AppState s = before;
    LessonSession ls;
    REQUIRE(open_lesson(ls, s, l, "test.md"));
    REQUIRE(step_next(ls, s));
    s.temperature = 0.3f;  // an edit during the lesson
    REQUIRE(open_lesson(ls, s, l, "again.md", 2));  // a second lesson keeps the first saved state
    close_lesson(ls, s);
    CHECK_FALSE(lesson_open(ls));
    CHECK(settings_to_json(s) == settings_to_json(before));
    CHECK(s.sel_query == before.sel_query);
    CHECK(s.sel_key == before.sel_key);
    CHECK(s.mask_edit == before.mask_edit);
    CHECK(s.quantity == before.quantity);
    CHECK(s.highlights.empty());

    // App-wide choices made during the lesson stay.
    s = before;
    REQUIRE(open_lesson(ls, s, l, "test.md"));
    s.lang = Lang::Ko;
    s.ui_scale = 1.5f;
    close_lesson(ls, s);
    CHECK(s.lang == Lang::Ko);
    CHECK(s.ui_scale == 1.5f);
    CHECK(s.text == before.text);
}

TEST_CASE("lesson session: a multiple-choice question: choose, check, show me") {
    const lesson::Lesson l = parsed();
    AppState s;
    LessonSession ls;
    REQUIRE(open_lesson(ls, s, l, "test.md"));
    const auto trace = testing::trace_for(s);
    REQUIRE(current_question(ls) != nullptr);
    CHECK_FALSE(can_check(ls));
    CHECK(verdict(ls) == Verdict::None);

    ls.question.chosen = 2;  // wrong: the weights of a row add up to 1
    REQUIRE(can_check(ls));
    REQUIRE(check_answer(ls, s, trace));
    CHECK(ls.question.revealed);
    CHECK(verdict(ls) == Verdict::Wrong);
    REQUIRE(ls.question.result);
    CHECK(ls.question.result->choice == 1);
    CHECK(ls.question.result->why(lesson::Lang::En).find("1") != std::string::npos);
    CHECK_FALSE(ls.question.result->why(lesson::Lang::Ko).empty());
    ls.question.chosen = 1;
    REQUIRE(check_answer(ls, s, trace));
    CHECK(verdict(ls) == Verdict::Right);

    // Show me: revealed, no verdict; moving on clears the question; Next is never blocked.
    REQUIRE(go_to_step(ls, s, 0));
    CHECK_FALSE(ls.question.revealed);
    REQUIRE(show_answer(ls, s, trace));
    CHECK(ls.question.revealed);
    CHECK(verdict(ls) == Verdict::None);
    CHECK(step_next(ls, s));
}

TEST_CASE("lesson session: a click question answered by clicking a heatmap cell") {
    const lesson::Lesson l = parsed();
    AppState s;
    LessonSession ls;
    REQUIRE(open_lesson(ls, s, l, "test.md", 1));
    const auto trace = testing::trace_for(s);
    const lesson::Question* q = current_question(ls);
    REQUIRE(q != nullptr);
    REQUIRE(q->is_click());
    CHECK(s.sel_query == 2);  // the step's own cell is not an answer
    note_click(ls, s);
    CHECK(ls.question.click_row == -1);
    CHECK_FALSE(can_check(ls));

    auto right = lesson::evaluate_answer(*q, trace, ls.step_state);
    REQUIRE(right.ok());
    REQUIRE(right->click);
    CHECK(right->row == 1);
    const int wrong_col = right->col == 0 ? 1 : 0;
    s.sel_query = 1;  // what the heatmap does on a click
    s.sel_key = wrong_col;
    note_click(ls, s);
    CHECK(ls.question.click_row == 1);
    CHECK(ls.question.click_col == wrong_col);
    REQUIRE(check_answer(ls, s, trace));
    CHECK(verdict(ls) == Verdict::Wrong);
    CHECK(s.highlights.answer_row == right->row);  // the right cell is framed
    CHECK(s.highlights.answer_col == right->col);

    // The student shortens the sentence: the answer cannot be computed, and says why in Korean.
    AppState short_state = s;
    short_state.text = "Hi";
    const auto short_trace = testing::trace_for(short_state);
    CHECK_FALSE(show_answer(ls, s, short_trace));
    CHECK(localize_lesson_message(ls.question.error, Lang::Ko).find("문장 밖에 있습니다") != std::string::npos);
    REQUIRE(check_answer(ls, s, trace));

    s.sel_key = right->col;
    note_click(ls, s);
    CHECK(verdict(ls) == Verdict::None);  // a new click waits for Check
    REQUIRE(check_answer(ls, s, trace));
    CHECK(verdict(ls) == Verdict::Right);
}

TEST_CASE("lesson session: recent lessons: first, deduplicated, capped, saved and reloaded") {
    std::vector<std::string> recent;
    for (int k = 0; k < 12; ++k) add_recent_lesson(recent, "/l/" + std::to_string(k) + ".md");
    CHECK(recent.size() == size_t(kMaxRecentLessons));
    CHECK(recent.front() == "/l/11.md");
    add_recent_lesson(recent, "/l/8.md");
    CHECK(recent.front() == "/l/8.md");
    CHECK(std::count(recent.begin(), recent.end(), "/l/8.md") == 1);
    add_recent_lesson(recent, "");
    CHECK(recent.front() == "/l/8.md");

    TempDir dir;
    AppState s;
    s.recent_lessons = recent;
    REQUIRE(save_settings(dir.path, s).ok());
    AppState back;
    CHECK(load_settings(dir.path, back) == "");
    CHECK(back.recent_lessons == recent);

    // A settings file from before lessons still loads, with no recent lessons.
    AppState old;
    CHECK(apply_settings_json(R"({"version": 1, "text": "old file", "recent_models": []})", old) == "");
    CHECK(old.text == "old file");
    CHECK(old.recent_lessons.empty());
    AppState bad;
    CHECK(apply_settings_json(R"({"recent_lessons": [1, 2]})", bad).find("recent_lessons") != std::string::npos);

    // Opening a file puts it first (as an absolute path) and leaving keeps the list.
    write(dir.path / "mine.md", kLesson);
    AppState st;
    LessonSession ls;
    REQUIRE(open_lesson_file(ls, st, (dir.path / "mine.md").string()));
    REQUIRE(!st.recent_lessons.empty());
    CHECK(st.recent_lessons.front() == (dir.path / "mine.md").lexically_normal().string());
    close_lesson(ls, st);
    CHECK(st.recent_lessons.size() == 1);
}

TEST_CASE("lesson session: a broken lesson file gives a message and leaves the app state untouched") {
    TempDir dir;
    const AppState before = user_state();
    const std::string before_json = settings_to_json(before);
    struct Case {
        const char* name;
        std::string bytes;
        const char* ko_part;  // in the Korean message
    };
    const Case cases[] = {
        {"unknown-key.md", "# T\n\n## S\n\n```attnlab\nfoo = 1\n```\n", "알 수 없는 키"},
        {"bad-value.md", "# T\n\n## S\n\n```attnlab\ncausal = maybe\n```\n", "on과 off만"},
        {"not-utf8.md", "# T\n\n## S \xff\xfe\n", "UTF-8"},
        {"binary.md", std::string("# T\n\0\n", 6), "이진 데이터"},
        {"no-steps.md", "# Only a title\n", "단계가 없습니다"},
        {"big.md", std::string(lesson::kMaxLessonBytes + 10, 'a'), "레슨은"},
        {"long-step.md", "# T\n\n## S\n\n" + std::string(lesson::kMaxStepTextBytes + 10, 'a') + "\n",
         "1단계 'S'의 글이 17 KiB입니다. 한 단계는 16 KiB까지입니다."},
    };
    for (const Case& c : cases) {
        CAPTURE(c.name);
        write(dir.path / c.name, c.bytes);
        AppState s = before;
        LessonSession ls;
        CHECK_FALSE(open_lesson_file(ls, s, (dir.path / c.name).string()));
        CHECK_FALSE(lesson_open(ls));
        CHECK(settings_to_json(s) == before_json);
        CHECK(s.recent_lessons.empty());
        REQUIRE_FALSE(ls.message.empty());
        const std::string en = localize_lesson_message(ls.message, Lang::En);
        CHECK(en.find('\n') == std::string::npos);  // one line
        const std::string ko = localize_lesson_message(ls.message, Lang::Ko);
        CHECK(ko.find('\n') == std::string::npos);
        CHECK_MESSAGE(ko.find(c.ko_part) != std::string::npos, ko);
        CHECK(ko.find(c.name) != std::string::npos);  // the file is still named
    }
    AppState s = before;
    LessonSession ls;
    CHECK_FALSE(open_lesson_file(ls, s, (dir.path / "missing.md").string()));
    CHECK(localize_lesson_message(ls.message, Lang::Ko).find("열 수 없습니다") != std::string::npos);
    CHECK_FALSE(open_lesson_file(ls, s, dir.path.string()));  // a folder
    CHECK(localize_lesson_message(ls.message, Lang::Ko).find("읽을 수 없습니다") != std::string::npos);
    CHECK(settings_to_json(s) == before_json);

    // A step the built-in model cannot show: the step's error, translated, and nothing applied.
    write(dir.path / "head.md", "# T\n\n## S\n\n```attnlab\nheads = 2\nd_model = 16\nhead = 4\n```\n");
    CHECK_FALSE(open_lesson_file(ls, s, (dir.path / "head.md").string()));
    CHECK(localize_lesson_message(ls.message, Lang::Ko).find("내장 모델의 헤드는 2개") != std::string::npos);
    CHECK(settings_to_json(s) == before_json);

    // Several problems: the first one, and how many more.
    write(dir.path / "two.md", "# T\n\n## S\n\n```attnlab\nfoo = 1\nbar = 2\n```\n");
    CHECK_FALSE(open_lesson_file(ls, s, (dir.path / "two.md").string()));
    CHECK(localize_lesson_message(ls.message, Lang::En).find("(+1 more)") != std::string::npos);
    CHECK(localize_lesson_message(ls.message, Lang::Ko).find("(외 1개)") != std::string::npos);
}

TEST_CASE("lesson session: the built-in lessons open in both languages") {
    const std::string dir = std::string(ATTNLAB_ASSET_DIR) + "/lessons";
    for (Lang lang : {Lang::En, Lang::Ko}) {
        const auto list = lesson::list_lessons(dir, lesson_lang(lang));
        REQUIRE(list.size() >= 9);
        CHECK(list.front().lang == lesson_lang(lang));
        AppState s;
        LessonSession ls;
        REQUIRE(open_lesson_file(ls, s, list.front().path));
        while (step_next(ls, s)) {
        }
        CHECK(visible_step_number(ls, ls.step) == visible_step_count(ls));
    }
    CHECK(lesson_glyph_text(dir, {}).find("√") != std::string::npos);
}

TEST_CASE("lesson session: dropped .md files go to the lesson panel, folders stay for the model panel") {
    std::vector<std::string> dropped = {"/m/gpt2", "/l/a.md", "/l/B.MD", "/x/notes.txt"};
    const auto lessons = take_dropped_lessons(dropped);
    CHECK(lessons == std::vector<std::string>{"/l/a.md", "/l/B.MD"});
    CHECK(dropped == std::vector<std::string>{"/m/gpt2", "/x/notes.txt"});
}

TEST_CASE("lesson options: --lesson, --lesson-step, --lesson-reveal") {
    const char* argv[] = {"attnlab", "--lesson", "x.md", "--lesson-step", "3", "--lesson-reveal", "--headless",
                          "--screenshot", "o.png"};
    auto o = parse_app_options(9, const_cast<char**>(argv));
    REQUIRE(o.ok());
    CHECK(o->lesson == "x.md");
    CHECK(o->lesson_step == 3);
    CHECK(o->lesson_reveal);
    CHECK(strip_gui_flags(9, const_cast<char**>(argv)).size() == 1);
    const char* bad[] = {"attnlab", "--lesson-step", "0"};
    CHECK_FALSE(parse_app_options(3, const_cast<char**>(bad)).ok());
    const char* alone[] = {"attnlab", "--lesson-step", "2"};
    CHECK_FALSE(parse_app_options(3, const_cast<char**>(alone)).ok());
}

TEST_CASE("rich text flow: words wrap at the width, styles and list markers are kept") {
    lesson::RichText t;
    lesson::TextBlock p;
    p.spans = {{"aaa bbb ", false, false, false}, {"ccc", true, false, false}, {" dd\nee", false, true, false}};
    t.blocks.push_back(p);
    lesson::TextBlock item;
    item.kind = lesson::TextBlock::Kind::Bullet;
    item.spans = {{"x", false, false, true}};
    t.blocks.push_back(item);
    t.blocks.push_back(item);
    const MeasureFn px = [](std::string_view s) { return float(s.size()); };  // 1 px per byte
    const Flow f = flow_rich_text(t, 8.0f, 2.0f, px);
    // "aaa bbb" | "ccc dd" | "ee" | (blank) | "• x" | "• x"
    REQUIRE(f.runs.size() >= 6);
    CHECK(f.runs[0].text == "aaa bbb");
    CHECK(f.runs[0].line == 0);
    CHECK(f.runs[1].text == "ccc");
    CHECK(f.runs[1].bold);
    CHECK(f.runs[1].line == 1);
    CHECK(f.runs[2].text == " dd");
    CHECK(f.runs[2].italic);
    CHECK(f.runs[3].text == "ee");
    CHECK(f.runs[3].line == 2);
    CHECK(f.block_line == std::vector<int>{0, 4, 5});
    CHECK(f.lines == 6);
    CHECK(f.runs[4].marker);
    CHECK(f.runs[5].code);
    CHECK(f.runs[5].x == 2.0f);

    // A word wider than the line is cut between UTF-8 characters, never inside one.
    lesson::RichText k;
    lesson::TextBlock kb;
    kb.spans = {{"가나다라마", false, false, false}};  // 3 bytes each
    k.blocks.push_back(kb);
    const Flow g = flow_rich_text(k, 7.0f, 2.0f, px);
    REQUIRE(g.runs.size() == 3);
    CHECK(g.runs[0].text == "가나");
    CHECK(g.runs[1].text == "다라");
    CHECK(g.runs[2].text == "마");
    CHECK(g.lines == 3);
}

TEST_CASE("rich text: characters the font lacks get ASCII stand-ins, the rest is kept") {
    const auto font = [](unsigned cp) { return cp != 0x1D40 && cp != 0x2212 && cp != 0x25B8; };  // no ᵀ − ▸
    CHECK(replace_missing_glyphs("QKᵀ/√d_k − 1 ▸ 한글", font) == "QK^T/√d_k - 1 > 한글");
    CHECK(replace_missing_glyphs("QKᵀ", [](unsigned) { return true; }) == "QKᵀ");
    CHECK(replace_missing_glyphs("bad \xff byte", font) == "bad \xff byte");
}

TEST_CASE("handout job: a PDF written atomically, a clear message when it cannot be") {
    TempDir dir;
    HandoutRequest req;
    req.lesson = std::make_shared<const lesson::Lesson>(parsed());
    req.options.lang = lesson::Lang::Ko;
    req.path = (dir.path / "handout.pdf").string();
    const HandoutOutcome ok = run_handout(req);
    REQUIRE_MESSAGE(ok.ok, ok.message);
    CHECK(ok.path == req.path);
    std::ifstream in(req.path, std::ios::binary);
    std::string head(5, '\0');
    in.read(head.data(), 5);
    CHECK(head == "%PDF-");

    req.path = (dir.path / "no" / "such" / "folder" / "h.pdf").string();
    const HandoutOutcome bad = run_handout(req);
    CHECK_FALSE(bad.ok);
    CHECK_FALSE(bad.message.empty());
    CHECK(bad.message.find('\n') == std::string::npos);
    CHECK(default_handout_path("/home/u", "/x/01-query-key-value.md") == "/home/u/01-query-key-value-handout.pdf");

    // Through the job: the UI thread only posts and polls.
    auto job = make_handout_job();
    req.path = (dir.path / "job.pdf").string();
    job->post(req);
    REQUIRE(job->wait_idle(std::chrono::seconds(60)));
    auto done = job->take();
    REQUIRE(done);
    CHECK(done->result.ok);
    CHECK(fs::exists(dir.path / "job.pdf"));
}

TEST_CASE("lesson session: a step on an opened model keeps the model's own scaling unless it sets scale") {
    const char* text = R"(# Scaling kept

```attnlab
model = required
text = He went home.
```

## Untouched

Nothing about scaling here.

## Said

```attnlab
scale = on
```
)";
    auto parsed = lesson::parse_lesson(text, "scale.md");
    REQUIRE(parsed.ok());
    AppState state;
    state.scale = false;  // a T5 model opened: it trains without ÷√d_k
    auto first = lesson::state_at_step(*parsed, 0);
    REQUIRE(first.ok());
    CHECK_FALSE(first->scale_set);
    apply_lesson_state(*first, state);
    CHECK_FALSE(state.scale);  // kept, not the lesson's default
    auto second = lesson::state_at_step(*parsed, 1);
    REQUIRE(second.ok());
    CHECK(second->scale_set);
    apply_lesson_state(*second, state);
    CHECK(state.scale);  // the lesson said so
    // The built-in model's lessons still start from ÷√d_k on.
    lesson::LessonState builtin;
    state.scale = false;
    apply_lesson_state(builtin, state);
    CHECK(state.scale);
}
