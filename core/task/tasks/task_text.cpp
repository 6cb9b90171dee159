// task_text.cpp — next-character prediction on a text the user gives (or a preset paragraph).
//
// Tokens are the text's bytes (one character each for ASCII; a Korean syllable is 3 tokens).
#include <algorithm>
#include <array>

#include "core/task/task.h"
#include "core/i18n/marks.h"

namespace attn::train {

static const char* kPresetText =
    "the cat sat on the mat. the dog sat on the log. the cat saw the dog and the dog saw the cat. "
    "a cat and a dog sat on a mat and a log. time flies like an arrow; fruit flies like a banana. "
    "the quick brown fox jumps over the lazy dog. the lazy dog sleeps in the sun on the mat. ";

static Expected<Task> make_text(const TaskParams& in) {
    TaskParams p = in;
    if (p.text.empty()) p.text = kPresetText;
    if (p.length == 0) p.length = 32;
    p.n_symbols = 0;
    if (Status s = check_range("--length", p.length, 2, 256); !s) return s;
    if (p.text.size() < std::size_t(p.length) + 1) {
        return Status::Error("The text is " + std::to_string(p.text.size()) + " bytes; it must be longer than the "
                             "window (--length " + std::to_string(p.length) + ").");
    }
    if (p.text.size() > 1024 * 1024)
        return Status::Error("The text is over 1 MiB; give a shorter one.");
    std::array<int, 256> id_of{};
    id_of.fill(-1);
    for (unsigned char c : p.text) id_of[c] = 0;
    std::string symbols;
    for (int b = 0; b < 256; ++b)
        if (id_of[b] == 0) {
            id_of[b] = int(symbols.size());
            symbols += char(b);
        }
    const int L = p.length + 1;
    Task t = make_symbol_task("text", symbols, L);
    t.params = p;
    t.exact_meaningful = false;
    std::vector<int> ids(p.text.size());  // (bytes) the whole text as ids
    for (std::size_t i = 0; i < p.text.size(); ++i) ids[i] = id_of[static_cast<unsigned char>(p.text[i])];
    t.sample = [ids = std::move(ids), L](TaskRng& rng, Example& ex) {
        const int start = rng.below(int(ids.size()) - L + 1);
        ex.tokens.assign(ids.begin() + start, ids.begin() + start + L);  // (L)
        ex.scored.assign(L - 1, 1);  // (L − 1) every next character counts
    };
    return t;
}

TaskInfo text_task_info() {
    TaskInfo info;
    info.name = "text";
    info.summary_en = "next character of a text (yours or a preset paragraph)";
    info.explain =
        N_("The model reads windows of a text and predicts every next character, like a tiny language "
           "model. Expect heads that look at the previous character or two (short diagonals below the "
           "main one), heads that look back to the start of the current word, and, on text that repeats "
           "itself, heads that find the earlier copy of the current word. There is no exact answer "
           "here: the per-character accuracy is what to watch.");
    info.defaults.n_layers = 2;
    info.defaults.n_heads = 4;
    info.defaults.d_model = 64;
    info.defaults.steps = 1000;
    info.defaults.lr = 3e-3f;
    info.make = make_text;
    return info;
}

}  // namespace attn::train
