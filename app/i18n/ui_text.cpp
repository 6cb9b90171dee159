// ui_text.cpp — every user-visible UI string in English and Korean (GL-free)
// (implementation: lang_name, parse_lang, tr; the strings are in ui_text_<area>.cpp, gathered here
// into one array indexed by Txt; the interface and its contract are in ui_text.h)
#include "app/i18n/ui_text.h"

#include <array>
#include <cassert>
#include <cstddef>

#include "app/i18n/ui_text_table.h"

namespace attn::app {

namespace ui_text_parts {

const Area* all_areas() {
    static const Area kAreas[kAreaCount] = {shell_texts(), controls_texts(), heatmap_texts(), views_texts(),
                                            model_texts(),  lesson_texts(),   train_texts(),   image_texts(),
                                            rope_texts(),  translate_texts(), audio_texts()};
    return kAreas;
}

}  // namespace ui_text_parts

namespace {

struct Strings {
    const char* en = nullptr;
    const char* ko = nullptr;
};
using Table = std::array<Strings, std::size_t(Txt::Count)>;

// Every area's entries at their ids. An id in two areas or in none is a bug that
// tests/app/test_ui_text.cpp reports; here it asserts (debug) or shows "?" (release).
Table gather() {
    Table table{};
    const ui_text_parts::Area* areas = ui_text_parts::all_areas();
    for (int a = 0; a < ui_text_parts::kAreaCount; ++a) {
        for (std::size_t i = 0; i < areas[a].count; ++i) {
            const ui_text_parts::Entry& e = areas[a].entries[i];
            Strings& s = table[std::size_t(e.id)];
            assert(s.en == nullptr && "a Txt in two areas of the UI string table");
            s = {e.en, e.ko};
        }
    }
    for (Strings& s : table) {
        assert(s.en != nullptr && "a Txt with no entry in the UI string table");
        if (s.en == nullptr) s = {"?", "?"};
    }
    return table;
}

}  // namespace

const char* lang_name(Lang lang) { return lang == Lang::Ko ? "ko" : "en"; }

bool parse_lang(std::string_view name, Lang* out) {
    if (name == "en") {
        *out = Lang::En;
        return true;
    }
    if (name == "ko") {
        *out = Lang::Ko;
        return true;
    }
    return false;
}

const char* tr(Lang lang, Txt id) {
    static const Table kTable = gather();
    const Strings& s = kTable[std::size_t(id)];
    return lang == Lang::Ko ? s.ko : s.en;
}

}  // namespace attn::app
