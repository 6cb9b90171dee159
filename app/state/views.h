// views.h — the app's views (what fills the area right of the controls), GL-free.
//
// Each view has a stable command-line name (--view NAME), a title in ui_text and a Ctrl+digit
// shortcut (its position in kViews: 1 … 9, then 0 for the tenth).
#pragma once

#include <string_view>

#include "app/i18n/ui_text.h"

namespace attn::app {

enum class View { Heatmap, Explainer, AllHeads, Scaling, Pipeline, Lines, Positional, Variants, Cost, Model };

inline constexpr View kViews[] = {View::Heatmap, View::Explainer, View::AllHeads, View::Scaling,
                                  View::Pipeline, View::Lines, View::Positional, View::Variants, View::Cost,
                                  View::Model};
inline constexpr int kViewCount = int(sizeof(kViews) / sizeof(kViews[0]));

const char* view_name(View view);                   // "heatmap", "explain", ...
bool parse_view(std::string_view name, View* out);  // the names above
const char* view_choices();                         // "heatmap, explain, ..." for messages
Txt view_title(View view);                          // menu / window title
// The digit of kViews[index]'s Ctrl+digit shortcut: 1 … 9, 0 for the tenth, -1 beyond.
int view_shortcut_digit(int index);

}  // namespace attn::app
