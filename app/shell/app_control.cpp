// app_control.cpp — a script's commands applied to the app (see app_control.h).
#include "app/shell/app_control.h"

#include <string>

#include "app/shell/app_frame.h"
#include "app/state/views.h"

namespace attn::app {

namespace {

// "12" → 12; false for anything else.
bool parse_int(const std::string& s, int* out) {
    if (s.empty()) return false;
    char* end = nullptr;
    errno = 0;
    const long v = std::strtol(s.c_str(), &end, 10);
    if (errno != 0 || *end != '\0' || v < -1000000 || v > 1000000) return false;
    *out = int(v);
    return true;
}

}  // namespace

std::string apply_control_command(App& app, const std::string& line) {
    const std::size_t space = line.find(' ');
    const std::string cmd = line.substr(0, space);
    const std::string arg = space == std::string::npos ? std::string() : line.substr(space + 1);
    AppState& s = app.state;
    int a = 0, b = 0;
    if (cmd == "drop" && !arg.empty()) {
        app.model_panel.dropped.push_back(arg);
    } else if (cmd == "builtin") {
        use_builtin_model(app.models, s);
    } else if (cmd == "view") {
        if (!parse_view(arg, &s.view)) return "unknown view '" + arg + "'";
    } else if (cmd == "lang") {
        if (!parse_lang(arg, &s.lang)) return "expected one of " + lang_codes();
    } else if (cmd == "text") {
        s.text = arg;
    } else if (cmd == "causal") {
        s.causal = !s.causal;
    } else if (cmd == "scale") {
        s.scale = !s.scale;
    } else if (cmd == "layer" && parse_int(arg, &a)) {
        s.layer = std::max(a, 0);
    } else if (cmd == "head" && parse_int(arg, &a)) {
        s.head = std::max(a, 0);
    } else if (cmd == "knock" && std::sscanf(arg.c_str(), "%d %d", &a, &b) == 2 && a >= 0 && b >= 0) {
        toggle_knockout(s, a, b);
    } else if (cmd == "train" && !arg.empty()) {
        train_panel_start(app.train, arg);
    } else if (cmd == "pause") {
        train_panel_pause(app.train);
    } else if (cmd == "generate" && parse_int(arg, &a) && a > 0) {
        app.predict.auto_generate = a;
    } else if (cmd == "sample" && parse_int(arg, &a)) {
        app.predict.settings.sampling.greedy = a < 0;  // the next step or generation samples (or not)
        if (a >= 0) app.predict.settings.sampling.seed = std::uint64_t(a);
    } else if (cmd == "rank") {
        app.predict.rank_on_start = true;
    } else if (cmd == "scale-ui") {
        s.ui_scale = std::clamp(float(std::atof(arg.c_str())), kMinUiScale, kMaxUiScale);
    } else {
        return "unknown command";
    }
    return "";
}

}  // namespace attn::app
