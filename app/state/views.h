// views.h — the app's views (what fills the area right of the controls), GL-free.
//
// Each view has a stable command-line name (--view NAME), a title in ui_text and a shortcut from
// its position in kViews: Ctrl+1 … Ctrl+9, Ctrl+0 for the first ten, then Ctrl+Shift+1 … 0.
#pragma once

#include <string_view>

#include "app/i18n/ui_text.h"

namespace attn::app {

enum class View { Heatmap, Explainer, AllHeads, Scaling, Pipeline, Lines, Positional, Variants, Cost, Model, Row, Qk, Train,
                  Predict, Image, AttnDistance, PosSimilarity, Rope, Lens, Alignment, Audio };

inline constexpr View kViews[] = {View::Heatmap, View::Explainer, View::AllHeads, View::Scaling,
                                  View::Pipeline, View::Lines, View::Positional, View::Variants, View::Cost,
                                  View::Model, View::Row, View::Qk, View::Train, View::Predict, View::Image,
                                  View::AttnDistance, View::PosSimilarity, View::Rope, View::Lens,
                                  View::Alignment, View::Audio};
inline constexpr int kViewCount = int(sizeof(kViews) / sizeof(kViews[0]));

const char* view_name(View view);                   // "heatmap", "explain", ...
bool parse_view(std::string_view name, View* out);  // the names above
const char* view_choices();                         // "heatmap, explain, ..." for messages
Txt view_title(View view);                          // menu / window title
// The digit of kViews[index]'s shortcut: 1 … 9, 0 for the tenth (and again for the next ten,
// with Shift), -1 beyond twenty.
int view_shortcut_digit(int index);
// Whether kViews[index]'s shortcut needs Shift (the 11th to 20th view).
bool view_shortcut_shift(int index);
// "Ctrl+3", "Ctrl+Shift+1" ("" beyond twenty).
const char* view_shortcut_text(int index);

}  // namespace attn::app
