// lesson_session.cpp — a guided lesson running in the app (implementation; see lesson_session.h)
#include "app/lesson/lesson_session.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <utility>

#include "app/i18n/core_messages.h"

namespace attn::app {

lesson::Lang lesson_lang(Lang lang) { return lang == Lang::Ko ? lesson::Lang::Ko : lesson::Lang::En; }

namespace {

Highlights highlights_of(const std::vector<lesson::Highlight>& items) {
    Highlights h;
    for (const lesson::Highlight& x : items) {
        switch (x.kind) {
            case lesson::Highlight::Kind::Cell: h.cells.emplace_back(x.a, x.b); break;
            case lesson::Highlight::Kind::Row: h.rows.push_back(x.a); break;
            case lesson::Highlight::Kind::Column: h.columns.push_back(x.b >= 0 ? x.b : x.a); break;
            case lesson::Highlight::Kind::Token: h.tokens.push_back(x.a); break;
            case lesson::Highlight::Kind::Control: h.controls.push_back(x.control); break;
        }
    }
    return h;
}

// Enters step `index` of `lesson` on `state`; the session is only changed on success.
bool enter_step(LessonSession& s, AppState& state, const lesson::Lesson& lesson, int index) {
    if (index < 0 || index >= int(lesson.steps.size())) return false;
    auto st = lesson::state_at_step(lesson, index);
    if (!st) {
        s.message = st.error();
        return false;
    }
    apply_lesson_state(*st, state);
    s.step = index;
    s.step_state = std::move(*st);
    s.question = {};
    s.seen_query = state.sel_query;
    s.seen_key = state.sel_key;
    s.message.clear();
    return true;
}

int first_visible_from(const lesson::Lesson& lesson, int from, bool model_open) {
    for (int k = std::max(from, 0); k < int(lesson.steps.size()); ++k)
        if (lesson::step_visible(lesson.steps[size_t(k)], model_open)) return k;
    return -1;
}

}  // namespace

void apply_lesson_state(const lesson::LessonState& st, AppState& state) {
    state.d_model = st.model.d_model;
    state.n_heads = st.model.n_heads;
    state.seed = st.model.seed;
    state.positional = st.model.positional;
    state.text = st.run.text;
    state.cross = st.run.is_cross();
    if (state.cross) state.cross_text = st.run.cross_text;  // off: the field keeps what was typed
    // An opened model keeps its own scaling unless the lesson says otherwise (T5: unscaled).
    if (st.scale_set || st.model_use == lesson::ModelUse::Builtin) state.scale = st.run.attention.scale;
    state.temperature = st.run.attention.temperature;
    const MaskConfig& m = st.run.mask;
    state.causal = m.causal;
    state.window_on = m.window >= 0;
    if (state.window_on) state.window = m.window;  // off: the slider keeps its value
    state.global_tokens = lesson::format_index_list(m.global_tokens);
    state.pad_to = m.pad_to;
    state.blocked_cells = m.blocked_cells;
    View view = View::Heatmap;
    if (parse_view(st.view, &view)) state.view = view;
    state.layer = st.layer;
    state.head = st.head;
    state.section = st.section;
    state.sel_query = st.cell_query;
    state.sel_key = st.cell_key;
    state.mask_edit = false;
    state.highlights = highlights_of(st.highlights);
}

bool open_lesson(LessonSession& s, AppState& state, lesson::Lesson lesson, const std::string& path, int first_step) {
    int index = first_visible_from(lesson, first_step, s.model_open);
    for (int k = std::min(first_step, int(lesson.steps.size()) - 1); index < 0 && k >= 0; --k) {
        if (lesson::step_visible(lesson.steps[size_t(k)], s.model_open)) index = k;  // past the end: the last one
    }
    if (index < 0) {
        s.message = lesson.file + ": no step to show.";
        return false;
    }
    const bool was_open = lesson_open(s);
    const AppState before = state;
    if (!enter_step(s, state, lesson, index)) return false;
    if (!was_open) s.saved = before;
    s.lesson = std::move(lesson);
    s.path = path;
    return true;
}

bool open_lesson_file(LessonSession& s, AppState& state, const std::string& path, int first_step) {
    std::error_code dir_ec;
    if (std::filesystem::is_directory(path, dir_ec)) {  // a folder opens as a stream of "infinite" size
        s.message = "Cannot read the lesson file '" + path + "' (is it a folder?).";
        return false;
    }
    auto lesson = lesson::load_lesson_file(path);
    if (!lesson) {
        s.message = lesson.error();
        return false;
    }
    if (!open_lesson(s, state, std::move(*lesson), path, first_step)) return false;
    std::error_code ec;
    const std::filesystem::path abs = std::filesystem::absolute(path, ec);
    add_recent_lesson(state.recent_lessons, ec ? path : abs.lexically_normal().string());
    // The saved state must not undo the recent list when the lesson is left.
    s.saved.recent_lessons = state.recent_lessons;
    return true;
}

bool go_to_step(LessonSession& s, AppState& state, int index) {
    if (!s.lesson) return false;
    return enter_step(s, state, *s.lesson, index);
}

int neighbour_step(const LessonSession& s, int from, int dir) {
    if (!s.lesson) return -1;
    for (int k = from + dir; k >= 0 && k < int(s.lesson->steps.size()); k += dir)
        if (lesson::step_visible(s.lesson->steps[size_t(k)], s.model_open)) return k;
    return -1;
}

bool step_next(LessonSession& s, AppState& state) {
    const int k = neighbour_step(s, s.step, +1);
    return k >= 0 && go_to_step(s, state, k);
}

bool step_back(LessonSession& s, AppState& state) {
    const int k = neighbour_step(s, s.step, -1);
    return k >= 0 && go_to_step(s, state, k);
}

int visible_step_count(const LessonSession& s) {
    if (!s.lesson) return 0;
    int n = 0;
    for (const lesson::Step& step : s.lesson->steps) n += lesson::step_visible(step, s.model_open) ? 1 : 0;
    return n;
}

int visible_step_number(const LessonSession& s, int index) {
    if (!s.lesson) return 0;
    int n = 0;
    for (int k = 0; k <= index && k < int(s.lesson->steps.size()); ++k)
        n += lesson::step_visible(s.lesson->steps[size_t(k)], s.model_open) ? 1 : 0;
    return n;
}

void close_lesson(LessonSession& s, AppState& state) {
    if (!s.lesson) return;
    AppState restored = s.saved;
    restored.lang = state.lang;
    restored.ui_scale = state.ui_scale;
    restored.presentation = state.presentation;
    restored.show_controls = state.show_controls;
    restored.recent_models = state.recent_models;
    restored.recent_lessons = state.recent_lessons;
    restored.model_path = state.model_path;
    restored.highlights = {};
    state = std::move(restored);
    // A named fresh session moved in, not `s = LessonSession{}`: GCC 12 at -O3 with the package's
    // x86-64-v2 flags took the brace-initialized temporary's vectors for uninitialized
    // (-Wmaybe-uninitialized in stl_vector.h, a false positive that failed the README's build).
    LessonSession closed;
    closed.model_open = s.model_open;  // the model outlives the lesson
    s = std::move(closed);
}

void note_click(LessonSession& s, const AppState& state) {
    if (!s.lesson) return;
    if (state.sel_query == s.seen_query && state.sel_key == s.seen_key) return;
    s.seen_query = state.sel_query;
    s.seen_key = state.sel_key;
    const lesson::Question* q = current_question(s);
    if (q == nullptr || !q->is_click() || state.sel_query < 0 || state.sel_key < 0) return;
    s.question.click_row = state.sel_query;
    s.question.click_col = state.sel_key;
    s.question.checked = false;  // a new answer: its verdict shows after the next Check
}

const lesson::Question* current_question(const LessonSession& s) {
    if (!s.lesson || s.step < 0 || s.step >= int(s.lesson->steps.size())) return nullptr;
    const auto& q = s.lesson->steps[size_t(s.step)].question;
    return q ? &*q : nullptr;
}

namespace {

bool reveal(LessonSession& s, AppState& state, const Trace& trace) {
    const lesson::Question* q = current_question(s);
    if (q == nullptr) return false;
    auto r = lesson::evaluate_answer(*q, trace, s.step_state);
    if (!r) {
        s.question.error = r.error();
        s.question.result.reset();
        return false;
    }
    s.question.error.clear();
    s.question.result = std::move(*r);
    s.question.revealed = true;
    if (s.question.result->click) {  // the right cell, framed on the heatmap
        state.highlights.answer_row = s.question.result->row;
        state.highlights.answer_col = s.question.result->col;
    }
    return true;
}

}  // namespace

bool check_answer(LessonSession& s, AppState& state, const Trace& trace) {
    if (!reveal(s, state, trace)) return false;
    s.question.checked = true;
    return true;
}

bool show_answer(LessonSession& s, AppState& state, const Trace& trace) { return reveal(s, state, trace); }

bool can_check(const LessonSession& s) {
    const lesson::Question* q = current_question(s);
    if (q == nullptr) return false;
    return q->is_click() ? s.question.click_row >= 0 : s.question.chosen > 0;
}

Verdict verdict(const LessonSession& s) {
    const QuestionState& qs = s.question;
    const lesson::Question* q = current_question(s);
    if (q == nullptr || !qs.checked || !qs.result) return Verdict::None;
    const lesson::AnswerResult& r = *qs.result;
    if (!q->is_click()) {
        if (qs.chosen <= 0) return Verdict::None;
        return qs.chosen == r.choice ? Verdict::Right : Verdict::Wrong;
    }
    if (qs.click_row < 0) return Verdict::None;
    // A column question asks for a query token: any cell of its row (or its row label) answers.
    const bool right = r.column ? lesson::token_is_correct(r, qs.click_row)
                                : lesson::click_is_correct(r, qs.click_row, qs.click_col);
    return right ? Verdict::Right : Verdict::Wrong;
}

void add_recent_lesson(std::vector<std::string>& recent, const std::string& path) {
    if (path.empty()) return;
    recent.erase(std::remove(recent.begin(), recent.end(), path), recent.end());
    recent.insert(recent.begin(), path);
    if (recent.size() > size_t(kMaxRecentLessons)) recent.resize(size_t(kMaxRecentLessons));
}

std::vector<std::string> take_dropped_lessons(std::vector<std::string>& dropped) {
    std::vector<std::string> lessons;
    std::vector<std::string> rest;
    for (std::string& p : dropped) {
        std::string ext = std::filesystem::path(p).extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
        (ext == ".md" || ext == ".markdown" ? lessons : rest).push_back(std::move(p));
    }
    dropped = std::move(rest);
    return lessons;
}

std::string lesson_glyph_text(const std::string& dir, const std::vector<std::string>& extra_files, size_t max_bytes) {
    namespace fs = std::filesystem;
    std::vector<std::string> files = extra_files;
    for (const char* sub : {"", "en", "ko"}) {
        std::error_code ec;
        const fs::path folder = fs::path(dir) / sub;
        if (dir.empty() || !fs::is_directory(folder, ec)) continue;
        for (const auto& e : fs::directory_iterator(folder, ec)) {
            if (e.path().extension() == ".md") files.push_back(e.path().string());
        }
    }
    std::string out;
    for (const std::string& f : files) {
        std::ifstream in(f, std::ios::binary);
        if (!in) continue;
        std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (out.size() + bytes.size() > max_bytes) continue;
        out += bytes;
        out += '\n';
    }
    return out;
}

namespace {

// "file:12: what is wrong" → the length of "file:12: " (0 when the line has no such prefix).
size_t location_prefix(const std::string& line) {
    for (size_t at = line.find(": "); at != std::string::npos; at = line.find(": ", at + 1)) {
        size_t k = at;
        while (k > 0 && line[k - 1] >= '0' && line[k - 1] <= '9') --k;
        if (k < at && k > 1 && line[k - 1] == ':') return at + 2;
    }
    return 0;
}

std::string localize_line(const std::string& line, Lang lang) {
    const size_t prefix = location_prefix(line);
    return line.substr(0, prefix) + localize_core_message(std::string_view(line).substr(prefix), lang);
}

}  // namespace

std::string localize_lesson_message(const std::string& english, Lang lang) {
    std::vector<std::string> lines;
    size_t pos = 0;
    while (pos <= english.size()) {
        size_t end = english.find('\n', pos);
        if (end == std::string::npos) end = english.size();
        if (end > pos) lines.push_back(english.substr(pos, end - pos));
        pos = end + 1;
    }
    if (lines.empty()) return {};
    std::string out = localize_line(lines.front(), lang);
    if (lines.size() > 1) {
        char more[96];
        std::snprintf(more, sizeof(more), tr(lang, Txt::LessonMoreErrors), int(lines.size() - 1));
        out += " ";
        out += more;
    }
    return out;
}

}  // namespace attn::app
