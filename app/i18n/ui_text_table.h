// ui_text_table.h — the parts of the UI string table, one per area (internal to app/i18n and its test)
//
// Each ui_text_<area>.cpp lists its strings as {Txt::X, N_("English")} (or NC_(context, "English")
// where the same English needs two translations) in any order it likes; ui_text.cpp gathers the
// areas into one array per language, indexed by Txt, at first use, so tr() stays an array index.
// Within an area, the static_asserts below check at compile time that no id repeats and no string
// is empty; across the areas, tests/app/test_ui_text.cpp checks that every Txt has exactly one entry.
#pragma once

#include <cstddef>

#include "app/i18n/ui_text_ids.h"
#include "core/i18n/marks.h"

namespace attn::app::ui_text_parts {

struct Entry {
    Txt id;
    const char* en;
    const char* context = nullptr;  // gettext's msgctxt, set by NC_
};

struct Area {
    const char* name;  // "controls", "views", ... (for test messages)
    const Entry* entries;
    std::size_t count;
};

// One per file, in ui_text_<name>.cpp.
Area shell_texts();
Area controls_texts();
Area heatmap_texts();
Area views_texts();
Area model_texts();
Area lesson_texts();
Area train_texts();
Area image_texts();
Area rope_texts();
Area translate_texts();
Area audio_texts();

// All areas above (defined in ui_text.cpp).
inline constexpr int kAreaCount = 11;
const Area* all_areas();

template <std::size_t N>
constexpr bool ids_unique(const Entry (&entries)[N]) {
    for (std::size_t i = 0; i < N; ++i)
        for (std::size_t j = i + 1; j < N; ++j)
            if (entries[i].id == entries[j].id) return false;
    return true;
}

template <std::size_t N>
constexpr bool strings_filled(const Entry (&entries)[N]) {
    for (std::size_t i = 0; i < N; ++i)
        if (!entries[i].en || !entries[i].en[0]) return false;
    return true;
}

template <std::size_t N>
constexpr Area area(const char* name, const Entry (&entries)[N]) {
    return Area{name, entries, N};
}

}  // namespace attn::app::ui_text_parts
