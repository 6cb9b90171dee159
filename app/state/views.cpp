// views.cpp — the app's views (what fills the area right of the controls), GL-free
// (implementation; the interface and its contract are in views.h)
#include "app/state/views.h"

namespace attn::app {

namespace {
struct ViewInfo {
    View view;
    const char* name;
    Txt title;
};
// In enum order.
constexpr ViewInfo kInfo[] = {
    {View::Heatmap, "heatmap", Txt::ViewHeatmap},    {View::Explainer, "explain", Txt::ViewExplainer},
    {View::AllHeads, "heads", Txt::ViewAllHeads},    {View::Scaling, "scaling", Txt::ViewScaling},
    {View::Pipeline, "pipeline", Txt::ViewPipeline}, {View::Lines, "lines", Txt::ViewLines},
    {View::Positional, "positional", Txt::ViewPositional}, {View::Variants, "variants", Txt::ViewVariants},
    {View::Cost, "cost", Txt::ViewCost},           {View::Model, "model", Txt::ViewModel},
};
static_assert(sizeof(kInfo) / sizeof(kInfo[0]) == size_t(kViewCount), "one entry per view");
}  // namespace

const char* view_name(View view) { return kInfo[int(view)].name; }

bool parse_view(std::string_view name, View* out) {
    for (const ViewInfo& v : kInfo) {
        if (name == v.name) {
            *out = v.view;
            return true;
        }
    }
    return false;
}

const char* view_choices() { return "heatmap, explain, heads, scaling, pipeline, lines, positional, variants, cost, model"; }

Txt view_title(View view) { return kInfo[int(view)].title; }

int view_shortcut_digit(int index) {
    if (index < 0 || index > 9) return -1;
    return index < 9 ? index + 1 : 0;
}

}  // namespace attn::app
