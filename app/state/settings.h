// settings.h — the last session (sentence, switches, language, colormap, view, UI scale, the
// pretrained model in use, the recent model folders, the image, the Train view's task and text) saved as JSON in $XDG_CONFIG_HOME/attnlab/settings.json (else ~/.config/attnlab/), GL-free.
//
// Loading never fails hard: a missing, unreadable or corrupt file, or a key of the wrong type or
// out of range, leaves the defaults in place for what it affects and yields a message the UI shows.
// Saving writes atomically (core/base/atomic_file.h): a crash mid-write keeps the old file.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "app/state/app_state.h"
#include "core/base/status.h"

namespace attn::app {

inline constexpr const char* kSettingsFile = "settings.json";
inline constexpr const char* kImGuiIniFile = "imgui.ini";
// The training text kept in settings.json: a longer one is saved cut (at a character boundary) and
// the next start says so. Even as \u escapes (6 bytes a byte) it stays under limits::kMaxSettingsBytes.
inline constexpr std::size_t kMaxSavedTrainText = 64u * 1024u;

// $XDG_CONFIG_HOME/attnlab when set and absolute, else $HOME/.config/attnlab; empty when neither.
// Arguments are the variables' values (null = unset) so tests need not touch the environment.
std::filesystem::path settings_dir(const char* xdg_config_home, const char* home);

std::string settings_to_json(const AppState& state);

// Applies every valid key of `json` to `state`. Returns "" when all was well, else a message
// naming what was ignored (the state keeps its previous values there). Corrupt JSON: nothing
// applied, message says so.
std::string apply_settings_json(std::string_view json, AppState& state);

// Reads dir/settings.json into `state`; returns the message for the UI ("" = loaded fine).
// A file that cannot be used at all (unreadable, not JSON, over limits::kMaxSettingsBytes, nested
// too deep) is first kept as settings.json.bad (or .bad-<time> when a .bad exists) and the message
// says where; if it cannot be kept, *may_overwrite is set false and the caller must not save.
std::string load_settings(const std::filesystem::path& dir, AppState& state, bool* may_overwrite = nullptr);

// Creates dir if needed and writes dir/settings.json atomically.
Status save_settings(const std::filesystem::path& dir, const AppState& state);

}  // namespace attn::app
