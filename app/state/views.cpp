// views.cpp — the app's views (what fills the area right of the controls), GL-free
// (implementation; the interface and its contract are in views.h)
#include "app/state/views.h"

#include <string>

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
    {View::Row, "row", Txt::ViewRow},                {View::Qk, "qk", Txt::ViewQk},
    {View::Train, "train", Txt::ViewTrain},
    {View::Predict, "predict", Txt::ViewPredict},
    {View::Image, "image", Txt::ViewImage},
    {View::AttnDistance, "attn-distance", Txt::ViewAttnDistance},
    {View::PosSimilarity, "pos-similarity", Txt::ViewPosSimilarity},
    {View::Rope, "rope", Txt::ViewRope},
    {View::Lens, "lens", Txt::ViewLens},
    {View::Alignment, "alignment", Txt::ViewAlignment},
    {View::Audio, "audio", Txt::ViewAudio},
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

const char* view_choices() {
    static const std::string all = [] {
        std::string s;
        for (const ViewInfo& v : kInfo) s += (s.empty() ? "" : ", ") + std::string(v.name);
        return s;
    }();
    return all.c_str();
}

Txt view_title(View view) { return kInfo[int(view)].title; }

int view_shortcut_digit(int index) {
    if (index < 0 || index > 19) return -1;
    const int k = index % 10;
    return k < 9 ? k + 1 : 0;
}

bool view_shortcut_shift(int index) { return index >= 10 && index <= 19; }

const char* view_shortcut_text(int index) {
    static const char* const kText[20] = {
        "Ctrl+1",       "Ctrl+2",       "Ctrl+3",       "Ctrl+4",       "Ctrl+5",       "Ctrl+6",       "Ctrl+7",
        "Ctrl+8",       "Ctrl+9",       "Ctrl+0",       "Ctrl+Shift+1", "Ctrl+Shift+2", "Ctrl+Shift+3", "Ctrl+Shift+4",
        "Ctrl+Shift+5", "Ctrl+Shift+6", "Ctrl+Shift+7", "Ctrl+Shift+8", "Ctrl+Shift+9", "Ctrl+Shift+0"};
    return index >= 0 && index < 20 ? kText[index] : "";
}

}  // namespace attn::app
