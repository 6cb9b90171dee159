// model_loader.h — opening a pretrained model folder from the app, off the UI thread (GL-free).
//
//   UI thread: open_model(session, state, path)  → ModelLoader::start: a thread runs
//              load_pretrained_model (progress + cancel flag)
//   UI thread: poll_model_session() each frame → a finished load becomes session.active (the
//              worker then runs it) or an error message; the recent list and state.model_path
//              follow.
// Starting another load or "use built-in" cancels the one in progress; its result is dropped.
// The UI never waits for a load (except wait_idle, for screenshots).
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "app/state/app_state.h"

namespace attn::app {

// A typed or dropped path made usable: surrounding spaces and quotes and a file:// prefix
// removed, "~/" expanded with `home` (may be null), trailing slashes dropped, lexically normal.
std::string normalize_model_path(std::string_view path, const char* home = nullptr);

// The model folder for a dropped or typed path: a regular file (config.json, the weights...)
// stands for the folder it is in; anything else is taken as the folder itself.
std::string model_folder_for_path(const std::string& path);

// Paths dropped onto the window since the last frame → the model folder to open (the first
// path; a file stands for its folder), or "" when nothing usable was dropped. Clears `dropped`.
std::string take_dropped_model_path(std::vector<std::string>& dropped);

// True for a file name ending in .png, .jpg or .jpeg (any case): what a drop opens as the image.
bool is_image_file_name(std::string_view path);
// Takes the image files (is_image_file_name) out of `dropped` and returns the last one,
// normalized (normalize_model_path), or "" when none was dropped. Call before
// take_dropped_model_path, which would open an image's folder as a model.
std::string take_dropped_image_path(std::vector<std::string>& dropped);
// The same for recordings (.wav, .flac, .ogg, .oga, .opus, .mp3, .aif, .aiff): the last one, or "".
std::string take_dropped_audio_path(std::vector<std::string>& dropped);

// Puts `folder` first, removes an earlier copy of it, keeps at most kMaxRecentModels.
void add_recent_model(std::vector<std::string>& recent, const std::string& folder);

bool folder_exists(const std::string& folder);

// A size for the UI: "474.7 MiB" (the family's name: pretrained::family_name).
std::string format_bytes(std::size_t bytes);

using ModelLoadFn = std::function<Expected<PretrainedPtr>(const std::string& folder,
                                                          const pretrained::LoadProgress& progress,
                                                          const std::atomic<bool>* cancel)>;

class ModelLoader {
public:
    struct Progress {
        std::string folder;   // being loaded ("" when idle)
        float fraction = 0.0f;
        std::string stage;    // the core's stage text ("reading weights", ...)
    };
    struct Outcome {
        std::string folder;
        PretrainedPtr model;   // null on error or cancel
        std::string error;     // the core's message; empty on success
        bool cancelled = false;
    };

    // `load` defaults to load_pretrained_model (tests pass a fake).
    explicit ModelLoader(ModelLoadFn load = {});
    ~ModelLoader();  // cancels and joins every load thread
    ModelLoader(const ModelLoader&) = delete;
    ModelLoader& operator=(const ModelLoader&) = delete;

    // Called from the load thread when a load finishes and on progress (at most ~10 times a
    // second), e.g. glfwPostEmptyEvent so an idle UI redraws. Set before the first start().
    void set_wakeup(std::function<void()> wake) { wake_ = std::move(wake); }

    void start(const std::string& folder);  // cancels the current load (its outcome is dropped)
    void cancel();                          // the current load stops early; outcome: cancelled
    bool busy() const;
    Progress progress() const;
    std::optional<Outcome> take_outcome();  // the current load's outcome, once
    bool wait_idle(std::chrono::milliseconds timeout);  // screenshots: until the load is done

private:
    struct Job {
        std::string folder;
        std::atomic<bool> cancel{false};
        std::atomic<bool> done{false};
        std::mutex mutex;
        float fraction = 0.0f;
        std::string stage;
        std::optional<Outcome> outcome;
    };
    void reap();  // joins threads whose job is done

    ModelLoadFn load_;
    std::function<void()> wake_;
    std::shared_ptr<Job> current_;
    std::vector<std::pair<std::shared_ptr<Job>, std::thread>> threads_;
};

// What the app holds of the model side (UI thread).
struct ModelSession {
    explicit ModelSession(ModelLoadFn load = {}) : loader(std::move(load)) {}
    ModelLoader loader;
    PretrainedPtr active;       // runs in the worker; null = the built-in model
    std::string active_folder;  // its folder as opened
    bool restoring = false;     // the current load re-opens the last session's model
    std::string error;          // the last failed load's message (core text); "" = none
    std::string error_folder;   // ... and which folder it was
    bool error_on_restore = false;  // that failure fell back to the built-in model at start-up
};

// Starts loading the folder for `path` (normalized, a file → its folder) and records it in
// state.model_path. An empty path is an error message, no load.
void open_model(ModelSession& session, AppState& state, const std::string& path);
// Start-up: re-opens state.model_path when it is set (a failure falls back with a message).
void restore_model(ModelSession& session, AppState& state);
// Cancels a load in progress and goes back to the built-in model.
void use_builtin_model(ModelSession& session, AppState& state);
// Cancels a load in progress; the model in use stays.
void cancel_model_load(ModelSession& session, AppState& state);
// Applies a finished load; returns true when the active model changed.
bool poll_model_session(ModelSession& session, AppState& state);
// A many-language translator (mBART-50) translating as state.translate_from / translate_to say
// ("" = the folder's way): swaps session.active for the same model with those languages (weights
// and tokenizer shared: pretrained::with_languages) when they differ; a code the model does not
// know is cleared. Other models: nothing. Returns true when the active model changed.
bool sync_translation_languages(ModelSession& session, AppState& state);

}  // namespace attn::app
