// lesson_answer.cpp — the `answer =` grammar and its evaluation against a live trace: the right
// choice or cell, and the numbers that justify it (in English and Korean). Nothing hard-coded.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/lesson/lesson.h"
#include "core/i18n/marks.h"
#include "core/lesson/lesson_internal.h"

namespace attn::lesson {

// ---- parsing -------------------------------------------------------------------------------------

namespace {

struct Tokens {
    std::vector<std::string> items;
    size_t pos = 0;
    bool done() const { return pos >= items.size(); }
    const std::string& peek() const {
        static const std::string empty;
        return done() ? empty : items[pos];
    }
    std::string next() { return done() ? std::string() : items[pos++]; }
};

const char* kGrammar =
    "allowed: a choice number (2); argmax|argmin row I|column J [head H] [layer L]; or "
    "'if QTY OP QTY then ANSWER else ANSWER' with QTY = a number, weight I:J, or "
    "max|min|entropy|count|sum|argmax|argmin row I|column J [flipped] [head H] [layer L] and OP one of "
    "< > <= >= = != (see docs/lessons.md).";

bool parse_int(const std::string& s, int* out) {
    if (s.empty() || s.size() > 6) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    *out = std::stoi(s);
    return true;
}

// INT or @word
bool parse_index(const std::string& s, int* index, std::string* word) {
    if (s.size() > 1 && s[0] == '@') {
        *word = s.substr(1);
        *index = -1;
        return true;
    }
    return parse_int(s, index);
}

Expected<Quantity> parse_quantity(Tokens& t) {
    Quantity q;
    const std::string w = t.next();
    auto fail = [&](const std::string& what) { return Status::Error("answer: " + what + "; " + kGrammar); };
    if (w.empty()) return fail("a quantity is missing");
    char* end = nullptr;
    const double num = std::strtod(w.c_str(), &end);
    if (end == w.c_str() + w.size() && std::isfinite(num)) {
        q.kind = Quantity::Kind::Number;
        q.number = num;
        return q;
    }
    if (w == "weight") {
        const std::string cell = t.next();
        const size_t colon = cell.find(':');
        if (colon == std::string::npos || !parse_index(cell.substr(0, colon), &q.index, &q.word) ||
            !parse_index(cell.substr(colon + 1), &q.index2, &q.word2))
            return fail("'weight' needs a cell such as 1:4 or @flies:@arrow");
        q.kind = Quantity::Kind::Weight;
    } else {
        static const std::pair<const char*, Quantity::Kind> kinds[] = {
            {"max", Quantity::Kind::Max},         {"min", Quantity::Kind::Min},       {"entropy", Quantity::Kind::Entropy},
            {"count", Quantity::Kind::Count},     {"sum", Quantity::Kind::Sum},       {"argmax", Quantity::Kind::Argmax},
            {"argmin", Quantity::Kind::Argmin}};
        bool found = false;
        for (const auto& [name, kind] : kinds)
            if (w == name) {
                q.kind = kind;
                found = true;
            }
        if (!found) return fail("'" + shorten(w) + "' is not a quantity");
        const std::string axis = t.next();
        if (axis != "row" && axis != "column") return fail("'" + w + "' needs 'row I' or 'column J'");
        q.column = axis == "column";
        if (q.column && q.kind == Quantity::Kind::Entropy) return fail("entropy is defined for rows (a softmax) only");
        if (!parse_index(t.next(), &q.index, &q.word)) return fail("'" + axis + "' needs a position from 0 or @word");
    }
    while (!t.done()) {
        const std::string& m = t.peek();
        if (m == "flipped") {
            q.flipped = true;
            t.next();
        } else if (m == "head" || m == "layer") {
            t.next();
            int n = 0;
            if (!parse_int(t.next(), &n) || n < 1) return fail("'" + m + "' needs a number from 1");
            (m == "head" ? q.head : q.layer) = n - 1;
        } else {
            break;
        }
    }
    return q;
}

Expected<AnswerExpr> parse_expr(Tokens& t) {
    AnswerExpr e;
    const std::string w = t.peek();
    auto fail = [&](const std::string& what) { return Status::Error("answer: " + what + "; " + kGrammar); };
    if (w == "if") {
        t.next();
        auto lhs = parse_quantity(t);
        if (!lhs) return lhs.status();
        const std::string op = t.next();
        if (op != "<" && op != ">" && op != "<=" && op != ">=" && op != "=" && op != "!=")
            return fail("'" + shorten(op) + "' is not a comparison");
        auto rhs = parse_quantity(t);
        if (!rhs) return rhs.status();
        if (t.next() != "then") return fail("'then' is missing");
        auto yes = parse_expr(t);
        if (!yes) return yes.status();
        if (t.next() != "else") return fail("'else' is missing");
        auto no = parse_expr(t);
        if (!no) return no.status();
        if (yes->kind == AnswerExpr::Kind::Click || no->kind == AnswerExpr::Kind::Click)
            return fail("the branches of 'if' must be choice numbers");
        e.kind = AnswerExpr::Kind::If;
        e.lhs = *lhs;
        e.rhs = *rhs;
        e.op = op;
        e.branches = {*yes, *no};
        return e;
    }
    if (w == "argmax" || w == "argmin") {
        auto q = parse_quantity(t);
        if (!q) return q.status();
        if (q->flipped) return fail("a click answer is about the live heatmap: leave out 'flipped'");
        e.kind = AnswerExpr::Kind::Click;
        e.click = *q;
        return e;
    }
    int n = 0;
    if (parse_int(t.next(), &n) && n >= 1) {
        e.kind = AnswerExpr::Kind::Choice;
        e.choice = n;
        return e;
    }
    return fail("'" + shorten(w) + "' is not an answer");
}

void max_choice(const AnswerExpr& e, int* hi) {
    if (e.kind == AnswerExpr::Kind::Choice) *hi = std::max(*hi, e.choice);
    for (const AnswerExpr& b : e.branches) max_choice(b, hi);
}

}  // namespace

Expected<AnswerExpr> parse_answer(const std::string& text) {
    Tokens t;
    std::istringstream in(text);
    for (std::string w; in >> w;) t.items.push_back(w);
    if (t.items.empty()) return Status::Error(std::string("answer is empty; ") + kGrammar);
    auto e = parse_expr(t);
    if (!e) return e;
    if (!t.done()) return Status::Error("answer: unexpected '" + shorten(t.peek()) + "' at the end; " + kGrammar);
    return e;
}

Status check_answer_shape(const Question& q) {
    if (q.answer.kind == AnswerExpr::Kind::Click) {
        if (!q.choices.empty())
            return Status::Error("an argmax/argmin answer is a click question (the student clicks a cell or token): "
                                 "leave out the 'choice =' lines, or answer with a choice number / 'if'.");
        return Status::Ok();
    }
    if (q.choices.size() < 2)
        return Status::Error("a multiple-choice answer needs at least two 'choice =' lines (it has " +
                             std::to_string(q.choices.size()) + ").");
    int hi = 0;
    max_choice(q.answer, &hi);
    if (hi > int(q.choices.size()))
        return Status::Error("answer names choice " + std::to_string(hi) + " but there are only " +
                             std::to_string(q.choices.size()) + " choices.");
    return Status::Ok();
}

// ---- evaluation ----------------------------------------------------------------------------------

namespace {

std::string fmt(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, std::abs(v) >= 100 || v == std::floor(v) ? "%.0f" : "%.3f", v);
    return buf;
}

std::string lower_word(std::string s) {
    for (const char* prefix : {"\xC4\xA0", "\xE2\x96\x81", "##"})  // GPT-2's Ġ, SentencePiece's ▁, WordPiece's ##
        if (s.rfind(prefix, 0) == 0) s = s.substr(std::char_traits<char>::length(prefix));
    s = trim_copy(s);
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return s;
}

Expected<int> resolve(int index, const std::string& word, const std::vector<Token>& tokens, const char* what) {
    if (!word.empty()) {
        const std::string w = lower_word(word);
        for (size_t i = 0; i < tokens.size(); ++i)
            if (lower_word(tokens[i].text) == w) return int(i);
        return Status::Error("answer: no " + std::string(what) + " token '" + word + "' in this sentence.");
    }
    if (index < 0 || index >= int(tokens.size()))
        return Status::Error("answer: " + std::string(what) + " " + std::to_string(index) + " is outside the sentence (" +
                             std::to_string(tokens.size()) + " tokens, positions 0 to " +
                             std::to_string(int(tokens.size()) - 1) + ").");
    return index;
}

std::string quoted(const Token& t) { return "'" + trim_copy(t.text) + "'"; }

struct Value {
    double v = 0;
    int at = -1;        // argmax/argmin/max/min: the position
    i18n::Texts text;   // what was computed, in words
};


i18n::Texts num(double v) { return i18n::same(fmt(v)); }
i18n::Texts num(int v) { return i18n::same(std::to_string(v)); }

// One head's weights row as the live trace has it, or with √d_k flipped: the same scores' softmax
// with the other factor (other_scaling_layer, T5's position bias kept), as the Scaling lab shows it.
struct HeadView {
    const LayerTrace* layer = nullptr;
    int head = 0;
    bool flipped = false;
    LayerTrace other;  // flipped: the layer with the other scaling (this head's weights only)
    HeadView(const LayerTrace* l, int h, bool f) : layer(l), head(h), flipped(f) {
        if (flipped) other = other_scaling_layer(*layer, head);
    }
    std::vector<double> row(int i) const {  // (T_k) weights; blocked = 0
        const Mat& w = (flipped ? other : *layer).heads[size_t(head)].weights;
        std::vector<double> p(size_t(w.cols()), 0.0);
        for (Eigen::Index j = 0; j < w.cols(); ++j) p[size_t(j)] = w(i, j);
        return p;
    }
};

Expected<Value> evaluate(const Quantity& q, const Trace& trace, const LessonState& state) {
    Value out;
    if (q.kind == Quantity::Kind::Number) {
        out.v = q.number;
        out.text = num(q.number);
        return out;
    }
    const int layer = q.layer >= 0 ? q.layer : state.layer;
    if (layer < 0 || layer >= int(trace.layers.size()))
        return Status::Error("answer: layer " + std::to_string(layer + 1) + " but the model has " +
                             std::to_string(trace.layers.size()) + " layer(s).");
    const LayerTrace& L = trace.layers[size_t(layer)];
    const int head = q.head >= 0 ? q.head : state.head;
    if (head < 0 || head >= L.n_heads)
        return Status::Error("answer: head " + std::to_string(head + 1) + " but the layer has " +
                             std::to_string(L.n_heads) + " heads.");
    HeadView hv{&L, head, q.flipped};
    // "head 2" / "layer 3, head 2" (layers only named when the model has several)
    const i18n::Texts where = trace.layers.size() > 1
                                  ? i18n::phrase(NC_("a lesson's answer", "layer {0}, head {1}"), {num(layer + 1), num(head + 1)})
                                  : i18n::phrase(NC_("a lesson's answer", "head {0}"), {num(head + 1)});
    const bool scaled_now = L.scale != q.flipped;  // is √d_k applied in the numbers used?
    // Where a language puts the flip is its translation's choice (Korean: first, "÷√d_k를 켜면 ").
    const i18n::Texts flip = !q.flipped   ? i18n::same("")
                             : scaled_now ? i18n::phrase(NC_("a lesson's answer", " with ÷√d_k"))
                                          : i18n::phrase(NC_("a lesson's answer", " without ÷√d_k"));

    if (q.kind == Quantity::Kind::Weight) {
        auto i = resolve(q.index, q.word, trace.q_tokens, "query");
        if (!i) return i.status();
        auto j = resolve(q.index2, q.word2, trace.k_tokens, "key");
        if (!j) return j.status();
        out.v = hv.row(*i)[size_t(*j)];
        out.text = i18n::phrase(NC_("a lesson's answer", "weight {0}:{1} ({2} → {3}, {4}){5} = {6}"),
                                {num(*i), num(*j), i18n::same(quoted(trace.q_tokens[size_t(*i)])),
                                 i18n::same(quoted(trace.k_tokens[size_t(*j)])), where, flip, num(out.v)});
        return out;
    }
    // A row (over keys) or a column (over queries).
    const auto& axis_tokens = q.column ? trace.k_tokens : trace.q_tokens;
    const auto& other_tokens = q.column ? trace.q_tokens : trace.k_tokens;
    auto pos = resolve(q.index, q.word, axis_tokens, q.column ? "key (column)" : "query (row)");
    if (!pos) return pos.status();
    std::vector<double> vals;
    std::vector<int> visible;
    if (q.column) {
        for (int i = 0; i < L.t_q(); ++i) {
            vals.push_back(hv.row(i)[size_t(*pos)]);
            if (!L.is_blocked(i, *pos)) visible.push_back(i);
        }
    } else {
        vals = hv.row(*pos);
        for (int j = 0; j < L.t_k(); ++j)
            if (!L.is_blocked(*pos, j)) visible.push_back(j);
    }
    const std::initializer_list<i18n::Texts> axis_args = {num(*pos), i18n::same(quoted(axis_tokens[size_t(*pos)])),
                                                          where, flip};
    const i18n::Texts axis = q.column ? i18n::phrase(NC_("a lesson's answer", "column {0} ({1}, {2}){3}"), axis_args)
                                      : i18n::phrase(NC_("a lesson's answer", "row {0} ({1}, {2}){3}"), axis_args);
    if (q.kind == Quantity::Kind::Count) {
        out.v = double(visible.size());
        out.text = q.column ? i18n::phrase(NC_("a lesson's answer", "queries that see {0} = {1}"), {axis, num(out.v)})
                            : i18n::phrase(NC_("a lesson's answer", "keys visible in {0} = {1}"), {axis, num(out.v)});
        return out;
    }
    if (q.kind == Quantity::Kind::Sum) {  // hidden cells are 0: a fully masked line sums to 0
        for (int k : visible) out.v += vals[size_t(k)];
        out.text = visible.empty() ? i18n::phrase(NC_("a lesson's answer", "sum of {0} = {1} (every cell hidden)"), {axis, num(out.v)})
                                   : i18n::phrase(NC_("a lesson's answer", "sum of {0} = {1}"), {axis, num(out.v)});
        return out;
    }
    if (visible.empty())
        return Status::Error("answer: " + axis.in(0) + " is fully masked: every cell is hidden, so it has no " +
                             "largest or smallest weight.");
    if (q.kind == Quantity::Kind::Entropy) {
        for (int k : visible)
            if (vals[size_t(k)] > 0) out.v -= vals[size_t(k)] * std::log(vals[size_t(k)]);
        out.text = i18n::phrase(NC_("a lesson's answer", "entropy of {0} = {1} nats (uniform: {2})"),
                                {axis, num(out.v), num(std::log(double(visible.size())))});
        return out;
    }
    const bool want_max = q.kind == Quantity::Kind::Max || q.kind == Quantity::Kind::Argmax;
    int best = visible[0];
    for (int k : visible)
        if (want_max ? vals[size_t(k)] > vals[size_t(best)] : vals[size_t(k)] < vals[size_t(best)]) best = k;
    out.at = best;
    const double bv = vals[size_t(best)];
    const bool arg = q.kind == Quantity::Kind::Argmax || q.kind == Quantity::Kind::Argmin;
    out.v = arg ? double(best) : bv;
    const std::string on = quoted(other_tokens[size_t(best)]);
    const std::initializer_list<i18n::Texts> best_args = {axis, num(bv), i18n::same(on), num(best)};
    out.text = want_max ? i18n::phrase(NC_("a lesson's answer", "largest weight in {0}: {1} at {2} (position {3})"), best_args)
                        : i18n::phrase(NC_("a lesson's answer", "smallest weight in {0}: {1} at {2} (position {3})"), best_args);
    return out;
}

bool compare(double a, const std::string& op, double b) {
    if (op == "<") return a < b;
    if (op == ">") return a > b;
    if (op == "<=") return a <= b;
    if (op == ">=") return a >= b;
    if (op == "=") return std::abs(a - b) <= 1e-6 * std::max(1.0, std::abs(b));
    return !(std::abs(a - b) <= 1e-6 * std::max(1.0, std::abs(b)));
}

Status eval_expr(const AnswerExpr& e, const Trace& trace, const LessonState& state, AnswerResult& r) {
    if (e.kind == AnswerExpr::Kind::Choice) {
        r.choice = e.choice;
        return Status::Ok();
    }
    if (e.kind == AnswerExpr::Kind::Click) {
        auto v = evaluate(e.click, trace, state);
        if (!v) return v.status();
        const bool column = e.click.column;
        auto pos = resolve(e.click.index, e.click.word, column ? trace.k_tokens : trace.q_tokens, "row/column");
        r.click = true;
        r.column = column;
        r.row = column ? v->at : *pos;
        r.col = column ? *pos : v->at;
        r.token = trim_copy(column ? trace.q_tokens[size_t(v->at)].text : trace.k_tokens[size_t(v->at)].text);
        r.why_text = i18n::phrase(NC_("a lesson's answer", "The {0}."), {v->text});
        return Status::Ok();
    }
    auto a = evaluate(e.lhs, trace, state);
    if (!a) return a.status();
    auto b = evaluate(e.rhs, trace, state);
    if (!b) return b.status();
    const bool yes = compare(a->v, e.op, b->v);
    const AnswerExpr& branch = e.branches[yes ? 0 : 1];
    if (Status s = eval_expr(branch, trace, state, r); !s) return s;
    if (branch.kind == AnswerExpr::Kind::If) return Status::Ok();  // the inner comparison decided
    const std::string sym = yes ? e.op : (e.op == "<" ? "≥" : e.op == ">" ? "≤" : e.op == "<=" ? ">" : e.op == ">=" ? "<" : e.op == "=" ? "≠" : "=");
    r.why_text = i18n::phrase(NC_("a lesson's answer", "{0} {1} {2}, so the answer is choice {3}."),
                              {a->text, i18n::same(sym), b->text, num(r.choice)});
    return Status::Ok();
}

}  // namespace

Expected<AnswerResult> evaluate_answer(const Question& question, const Trace& trace, const LessonState& state) {
    AnswerResult r;
    if (trace.layers.empty()) return Status::Error("answer: the trace has no layers.");
    if (Status s = eval_expr(question.answer, trace, state, r); !s) return s;
    if (!r.click && (r.choice < 1 || r.choice > int(question.choices.size())))
        return Status::Error("answer: choice " + std::to_string(r.choice) + " does not exist.");
    if (!r.click && r.why_text.text.empty())  // a fixed choice number: the teacher's answer, nothing to compute
        r.why_text = i18n::phrase(NC_("a lesson's answer", "Choice {0}."), {num(r.choice)});
    return r;
}

bool click_is_correct(const AnswerResult& r, int row, int col) {
    return r.click && row == r.row && col == r.col;
}

bool token_is_correct(const AnswerResult& r, int token) {
    return r.click && token == (r.column ? r.row : r.col);
}

}  // namespace attn::lesson
