// fuzz_settings.cpp — the app's settings.json: applied to a state, which is then saved as JSON
// again (the save must never throw, whatever bytes the state took from the file).
#include "app/state/settings.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(settings) {
    attn::app::AppState state;
    (void)attn::app::apply_settings_json(attn::fuzz::as_text(data, size), state);
    const std::string saved = attn::app::settings_to_json(state);
    attn::app::AppState back;
    if (!attn::app::apply_settings_json(saved, back).empty()) __builtin_trap();  // our own output reads back
    return 0;
}
