// lesson_state.cpp — a step's `key = value` actions applied to LessonState (the engine's own
// ModelConfig/RunConfig plus the app's view, layer, head, cell and highlights), cumulatively.
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/lesson/lesson.h"
#include "core/lesson/lesson_internal.h"
#include "core/attention/mask.h"
#include "core/i18n/marks.h"
#include "core/i18n/texts.h"

namespace attn::lesson {

// ---- strings -------------------------------------------------------------------------------------

std::string trim_copy(const std::string& s) {
    const char* ws = " \t\r\n";
    const size_t b = s.find_first_not_of(ws);
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(ws) - b + 1);
}

std::string shorten(const std::string& s, size_t max_bytes) {
    if (s.size() <= max_bytes) return s;
    size_t cut = max_bytes;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // UTF-8 boundary
    return s.substr(0, cut) + "…";
}

std::string unquote(const std::string& s) {
    if (s.size() >= 2 && s.front() == '"' && s.back() == '"') return s.substr(1, s.size() - 2);
    return s;
}

// ---- keys ----------------------------------------------------------------------------------------

namespace {

const char* const kSettingKeys[] = {"text",  "cross_text", "view",   "layer",  "head",   "d_model",
                                    "heads", "seed",       "positional", "scale", "temperature",
                                    "causal", "window",    "global", "pad_to", "block",  "cell",
                                    "section", "highlight", "model",  "reset"};

const char* const kViews[] = {"heatmap", "explain", "heads", "scaling", "pipeline", "lines",
                              "positional", "variants", "cost", "model", "row", "qk",
                              "predict", "lens", "audio", "alignment",  // need an opened model folder in the app
                              "train"};

Expected<long long> parse_whole(const std::string& v, const std::string& key) {
    long long out = 0;
    const char* end = v.data() + v.size();
    auto r = std::from_chars(v.data(), end, out);
    if (v.empty() || r.ec != std::errc() || r.ptr != end)
        return Status::Error(key + " = '" + shorten(v) + "': not a whole number.");
    return out;
}

Expected<bool> parse_on_off(const std::string& v, const std::string& key) {
    if (v == "on") return true;
    if (v == "off") return false;
    return Status::Error(key + " = '" + shorten(v) + "': allowed are on and off.");
}

// "1:4" → (1, 4)
Expected<std::pair<int, int>> parse_pair(const std::string& v, const std::string& key) {
    const size_t colon = v.find(':');
    const std::string what = key + " = '" + shorten(v) + "': write query:key positions from 0, e.g. 1:4.";
    if (colon == std::string::npos) return Status::Error(what);
    auto a = parse_whole(trim_copy(v.substr(0, colon)), key);
    auto b = parse_whole(trim_copy(v.substr(colon + 1)), key);
    if (!a || !b || *a < 0 || *b < 0 || *a > 100000 || *b > 100000) return Status::Error(what);
    return std::make_pair(int(*a), int(*b));
}

std::vector<std::string> split_list(const std::string& v) {
    std::vector<std::string> out;
    size_t start = 0;
    while (true) {
        const size_t comma = v.find(',', start);
        out.push_back(trim_copy(v.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

Status bad(const Action& a, const std::string& allowed) {
    return Status::Error(a.key + " = '" + shorten(a.value) + "': " + allowed);
}

Status with_line(const Lesson& lesson, int line, const Status& s) {
    if (s) return s;
    return Status::Error(lesson.file + ":" + std::to_string(line) + ": " + s.message());
}

}  // namespace

bool is_setting_key(const std::string& key) {
    for (const char* k : kSettingKeys)
        if (key == k) return true;
    return false;
}

bool is_question_key(const std::string& key) {
    return key == "ask" || key == "choice" || key == "answer" || key == "explain";
}

const char* setting_keys() {
    return "text, cross_text, view, layer, head, d_model, heads, seed, positional, scale, temperature, causal, "
           "window, global, pad_to, block, cell, section, model";
}

const char* step_keys() {
    return "text, cross_text, view, layer, head, d_model, heads, seed, positional, scale, temperature, causal, "
           "window, global, pad_to, block, cell, section, highlight, model, reset, when, ask, choice, answer, explain";
}

std::string format_index_list(const std::vector<int>& values) {
    std::string out;
    for (size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values[i]);
    return out;
}

// ---- actions -------------------------------------------------------------------------------------

Status apply_action(LessonState& s, const Action& a) {
    const std::string& v = a.value;
    const std::string& k = a.key;
    MaskConfig& mask = s.run.mask;
    if (k == "text") {
        if (v.empty()) return bad(a, "the sentence is empty; write it after 'text ='.");
        s.run.text = v;
    } else if (k == "cross_text") {
        s.run.cross_text = (v == "off") ? "" : v;
        if (v.empty()) return bad(a, "write the second sentence, or 'off' for self-attention.");
    } else if (k == "section") {
        if (v != "encoder" && v != "decoder" && v != "cross" && v != "off")
            return bad(a, "allowed sections are encoder, decoder and cross (a translation model's), or off.");
        s.section = v == "off" ? "" : v;
    } else if (k == "view") {
        std::string name = v == "cell" ? "explain" : v == "pe" ? "positional" : v;
        for (const char* view : kViews)
            if (name == view) {
                s.view = name;
                return Status::Ok();
            }
        return bad(a, "allowed views are heatmap, explain (or cell), heads, scaling, pipeline, lines, positional "
                      "(or pe), variants, cost, model, row, qk, predict, lens, audio, alignment and train.");
    } else if (k == "layer" || k == "head") {
        auto n = parse_whole(v, k);
        if (!n || *n < 1 || *n > 1000) return bad(a, "a number from 1 (the first " + k + ").");
        (k == "layer" ? s.layer : s.head) = int(*n - 1);
    } else if (k == "d_model") {
        auto n = parse_whole(v, k);
        if (!n || *n < 1 || *n > kMaxDModel) return bad(a, "a whole number from 1 to " + std::to_string(kMaxDModel) + ".");
        s.model.d_model = int(*n);
    } else if (k == "heads") {
        auto n = parse_whole(v, k);
        if (!n || *n < 1 || *n > kMaxHeads) return bad(a, "a whole number from 1 to " + std::to_string(kMaxHeads) + ".");
        s.model.n_heads = int(*n);
    } else if (k == "seed") {
        auto n = parse_whole(v, k);
        if (!n || *n < 0) return bad(a, "a whole number from 0.");
        s.model.seed = std::uint64_t(*n);
    } else if (k == "positional" || k == "scale" || k == "causal") {
        auto b = parse_on_off(v, k);
        if (!b) return b.status();
        (k == "positional" ? s.model.positional : k == "scale" ? s.run.attention.scale : mask.causal) = *b;
        if (k == "scale") s.scale_set = true;
    } else if (k == "temperature") {
        char* end = nullptr;
        errno = 0;
        const double t = std::strtod(v.c_str(), &end);
        if (v.empty() || end != v.c_str() + v.size() || errno != 0 || !std::isfinite(t) || t <= 0 || t > 1000)
            return bad(a, "a positive number such as 0.5, 1 or 2.");
        s.run.attention.temperature = float(t);
    } else if (k == "window") {
        if (v == "off") {
            mask.window = -1;
        } else {
            auto n = parse_whole(v, k);
            if (!n || *n < 0 || *n > 100000) return bad(a, "a whole number k ≥ 0 (keys within ±k), or off.");
            mask.window = int(*n);
        }
    } else if (k == "global") {
        mask.global_tokens.clear();
        if (v != "off") {
            for (const std::string& item : split_list(v)) {
                auto n = parse_whole(item, k);
                if (!n || *n < 0 || *n > 100000) return bad(a, "token positions from 0 separated by commas (0,3), or off.");
                mask.global_tokens.push_back(int(*n));
            }
        }
    } else if (k == "pad_to") {
        if (v == "off") {
            mask.pad_to = 0;
        } else {
            auto n = parse_whole(v, k);
            if (!n || *n < 0 || *n > 100000) return bad(a, "a whole number of tokens (0 or off = no padding).");
            mask.pad_to = int(*n);
        }
    } else if (k == "block") {
        mask.blocked_cells.clear();
        if (v != "off") {
            for (const std::string& item : split_list(v)) {
                auto p = parse_pair(item, k);
                if (!p) return bad(a, "query:key cells separated by commas (2:0,3:1), or off.");
                mask.blocked_cells.push_back(*p);
            }
        }
    } else if (k == "cell") {
        if (v == "off") {
            s.cell_query = s.cell_key = -1;
        } else {
            auto p = parse_pair(v, k);
            if (!p) return p.status();
            s.cell_query = p->first;
            s.cell_key = p->second;
        }
    } else if (k == "highlight") {
        const size_t sp = v.find(' ');
        const std::string kind = v.substr(0, sp);
        const std::string arg = sp == std::string::npos ? "" : trim_copy(v.substr(sp + 1));
        Highlight h;
        const char* allowed = "allowed are 'cell Q:K', 'row Q', 'column K', 'token I' and 'control KEY' (a setting "
                              "key such as scale or causal).";
        if (kind == "cell") {
            auto p = parse_pair(arg, "highlight cell");
            if (!p) return bad(a, allowed);
            h.kind = Highlight::Kind::Cell;
            h.a = p->first;
            h.b = p->second;
        } else if (kind == "row" || kind == "column" || kind == "token") {
            auto n = parse_whole(arg, k);
            if (!n || *n < 0 || *n > 100000) return bad(a, allowed);
            h.kind = kind == "row" ? Highlight::Kind::Row : kind == "column" ? Highlight::Kind::Column : Highlight::Kind::Token;
            (kind == "column" ? h.b : h.a) = int(*n);
        } else if (kind == "control") {
            if (!is_setting_key(arg) || arg == "highlight" || arg == "reset") return bad(a, allowed);
            h.kind = Highlight::Kind::Control;
            h.control = arg;
        } else {
            return bad(a, allowed);
        }
        s.highlights.push_back(h);
    } else if (k == "model") {
        if (v == "builtin") s.model_use = ModelUse::Builtin;
        else if (v == "required") s.model_use = ModelUse::Required;
        else return bad(a, "allowed are builtin (the built-in model) and required (a GPT-2/BERT folder).");
    } else if (k == "reset") {
        return bad(a, "reset is applied by the lesson (state_at_step), not on its own.");
    } else {
        return Status::Error("unknown key '" + shorten(k) + "'. Allowed: " + std::string(step_keys()) + ".");
    }
    return Status::Ok();
}

namespace {

// What a trace-free check can say about a state (the trace checks cells and tokens).
Status check_state(const LessonState& s) {
    if (s.model_use == ModelUse::Builtin) {
        if (Status st = validate_model(s.model); !st) return st;
        if (s.head >= s.model.n_heads)
            return Status::Error("head " + std::to_string(s.head + 1) + " but the built-in model has " +
                                 std::to_string(s.model.n_heads) + " heads (heads = ...).");
        if (s.layer > 0) return Status::Error("layer " + std::to_string(s.layer + 1) + " but the built-in model has one layer.");
    }
    if (s.run.text.empty()) return Status::Error("no sentence yet: set 'text = ...' in the title block or this step.");
    return Status::Ok();
}

}  // namespace

Status apply_start(const Lesson& lesson, LessonState& state) {
    state = LessonState{};
    state.run.text = "Time flies like an arrow";
    for (const Action& a : lesson.start)
        if (Status s = apply_action(state, a); !s) return with_line(lesson, a.line, s);
    state.highlights.clear();
    return Status::Ok();
}

Status apply_step(const Lesson& lesson, const Step& step, LessonState& state) {
    state.highlights.clear();
    for (const Action& a : step.actions) {
        if (a.key == "reset") {
            if (a.value == "all") {
                if (Status s = apply_start(lesson, state); !s) return s;
            } else if (a.value == "mask") {
                state.run.mask = MaskConfig{};
            } else {
                return with_line(lesson, a.line, bad(a, "allowed are all (back to the lesson's start) and mask (no mask)."));
            }
            continue;
        }
        if (Status s = apply_action(state, a); !s) return with_line(lesson, a.line, s);
    }
    return with_line(lesson, step.line, check_state(state));
}

Expected<LessonState> state_at_step(const Lesson& lesson, int index) {
    assert(index >= 0 && index < int(lesson.steps.size()) && "step index out of range");
    LessonState state;
    if (Status s = apply_start(lesson, state); !s) return s;
    for (int i = 0; i <= index; ++i)
        if (Status s = apply_step(lesson, lesson.steps[size_t(i)], state); !s) return s;
    return state;
}

bool step_visible(const Step& step, bool model_open) {
    switch (step.when) {
        case Step::When::Always: return true;
        case Step::When::Model: return model_open;
        case Step::When::NoModel: return !model_open;
    }
    return true;
}

std::string describe_state(const LessonState& s, Lang lang) {
    const int l = int(lang);
    std::string out;
    // One part: `english` (marked for xgettext where it is written) translated, {0}, {1} filled.
    auto add = [&](const char* english, const char* context, std::vector<std::string> args = {}) {
        out += (out.empty() ? "" : " · ") + i18n::fill(i18n::translated(l, english, context), args);
    };
    if (s.model_use == ModelUse::Builtin) {
        add(NC_("a lesson step's settings", "built-in model, d_model {0}"), {std::to_string(s.model.d_model)});
        add(NC_("a lesson step's settings", "{0} heads"), {std::to_string(s.model.n_heads)});
        add(NC_("a lesson step's settings", "seed {0}"), {std::to_string(s.model.seed)});
        if (s.model.positional)
            add(NC_("a lesson step's settings", "positions on"));
        else
            add(NC_("a lesson step's settings", "positions off"));
    } else {
        add(NC_("a lesson step's settings", "pretrained model folder"));
    }
    if (s.run.attention.scale)
        add(NC_("a lesson step's settings", "√d_k on"));
    else
        add(NC_("a lesson step's settings", "√d_k off"));
    if (s.run.attention.temperature != 1.0f) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", double(s.run.attention.temperature));
        add(NC_("a lesson step's settings", "temperature {0}"), {buf});
    }
    add(NC_("a lesson step's settings", "mask: {0}"), {describe_mask(s.run.mask)});
    add(NC_("a lesson step's settings", "layer {0}, head {1}"), {std::to_string(s.layer + 1), std::to_string(s.head + 1)});
    return out;
}

}  // namespace attn::lesson
