// ui_text.cpp — every user-visible UI string, in the user's language (GL-free)
// (implementation: the languages found, their catalogues, tr; the English strings are in
// ui_text_<area>.cpp; the interface and its contract are in ui_text.h)
#include "app/i18n/ui_text.h"

#include <cassert>
#include <cstddef>
#include <vector>

#include "app/i18n/ui_text_table.h"
#include "core/i18n/languages.h"

namespace attn::app {

namespace ui_text_parts {

const Area* all_areas() {
    static const Area kAreas[kAreaCount] = {shell_texts(), controls_texts(),  heatmap_texts(), views_texts(),
                                            model_texts(), lesson_texts(),    train_texts(),   image_texts(),
                                            rope_texts(),  translate_texts(), audio_texts()};
    return kAreas;
}

}  // namespace ui_text_parts

namespace {

using TextTable = std::vector<std::vector<const char*>>;  // [language][Txt], languages as i18n::process_languages

// Built once, at the first lookup (thread-safe static initialization; read-only after).
// An id in two areas or in none is a bug that tests/app/test_ui_text.cpp reports; here it asserts
// (debug) or shows "?" (release).
const TextTable& text_table() {
    static const TextTable kTable = [] {
        TextTable table;
        std::vector<const ui_text_parts::Entry*> entry(std::size_t(Txt::Count), nullptr);
        const ui_text_parts::Area* areas = ui_text_parts::all_areas();
        for (int a = 0; a < ui_text_parts::kAreaCount; ++a) {
            for (std::size_t i = 0; i < areas[a].count; ++i) {
                const ui_text_parts::Entry& e = areas[a].entries[i];
                assert(entry[std::size_t(e.id)] == nullptr && "a Txt in two areas of the UI string table");
                entry[std::size_t(e.id)] = &e;
            }
        }
        for (const i18n::Language& lang : i18n::process_languages()) {
            std::vector<const char*> text(std::size_t(Txt::Count), "?");
            for (std::size_t id = 0; id < text.size(); ++id) {
                const ui_text_parts::Entry* e = entry[id];
                assert(e != nullptr && "a Txt with no entry in the UI string table");
                if (e == nullptr) continue;
                const char* t =
                    lang.catalogue ? lang.catalogue->find(e->context ? e->context : "", e->en) : nullptr;
                text[id] = t ? t : e->en;
            }
            table.push_back(std::move(text));
        }
        return table;
    }();
    return kTable;
}

const i18n::Language* language(Lang lang) {
    const std::vector<i18n::Language>& all = i18n::process_languages();
    const int i = int(lang);
    return i >= 0 && std::size_t(i) < all.size() ? &all[std::size_t(i)] : nullptr;
}

}  // namespace

int lang_count() {
    return int(i18n::process_languages().size());
}

const char* lang_name(Lang lang) {
    const i18n::Language* l = language(lang);
    return l ? l->code.c_str() : "en";
}

const char* lang_display_name(Lang lang) {
    const i18n::Language* l = language(lang);
    return l ? l->name.c_str() : "English";
}

const char* lang_problem(Lang lang) {
    const i18n::Language* l = language(lang);
    return l ? l->problem.c_str() : "";
}

const char* lang_catalogue_path(Lang lang) {
    const i18n::Language* l = language(lang);
    return l ? l->file.c_str() : "";
}

bool parse_lang(std::string_view code, Lang* out) {
    const int found = i18n::find_language(code);
    if (found < 0) return false;
    *out = Lang(found);
    return true;
}

std::string lang_codes() { return i18n::language_codes(); }

const char* translate(Lang lang, const char* context, const char* english) {
    return i18n::translate(int(lang), context, english);
}

const char* tr(Lang lang, Txt id) {
    const TextTable& table = text_table();
    const int i = int(lang);
    const std::size_t row = i >= 0 && std::size_t(i) < table.size() ? std::size_t(i) : 0;
    return table[row][std::size_t(id)];
}

}  // namespace attn::app
