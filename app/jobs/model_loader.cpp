// model_loader.cpp — opening a pretrained model folder from the app, off the UI thread (GL-free)
// (implementation; the interface and its contract are in model_loader.h)
#include "app/jobs/model_loader.h"
#include "core/base/parallel.h"

#include <algorithm>
#include <cctype>
#include <new>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace attn::app {

namespace fs = std::filesystem;

std::string normalize_model_path(std::string_view path, const char* home) {
    auto trim = [](std::string_view& s) {
        while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r')) {
            s.remove_prefix(1);
        }
        while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r')) {
            s.remove_suffix(1);
        }
    };
    trim(path);
    if (path.size() >= 2 && (path.front() == '"' || path.front() == '\'') && path.back() == path.front()) {
        path = path.substr(1, path.size() - 2);  // pasted as "…" from a file manager
        trim(path);
    }
    if (path.rfind("file://", 0) == 0) path.remove_prefix(7);
    if (path.empty()) return {};
    std::string s(path);
    if ((s == "~" || s.rfind("~/", 0) == 0) && home != nullptr && home[0] != '\0') s = std::string(home) + s.substr(1);
    std::string out = fs::path(s).lexically_normal().string();
    while (out.size() > 1 && out.back() == '/') out.pop_back();
    return out;
}

std::string model_folder_for_path(const std::string& path) {
    std::error_code ec;
    if (fs::is_regular_file(path, ec)) {
        std::string parent = fs::path(path).parent_path().string();
        return parent.empty() ? std::string(".") : parent;
    }
    return path;
}

std::string take_dropped_model_path(std::vector<std::string>& dropped) {
    std::string out;
    for (const std::string& p : dropped) {
        out = model_folder_for_path(normalize_model_path(p));
        if (!out.empty()) break;
    }
    dropped.clear();
    return out;
}

bool is_image_file_name(std::string_view path) {
    const size_t dot = path.rfind('.');
    if (dot == std::string_view::npos) return false;
    std::string ext(path.substr(dot + 1));
    for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
    return ext == "png" || ext == "jpg" || ext == "jpeg";
}

std::string take_dropped_image_path(std::vector<std::string>& dropped) {
    std::string out;
    std::vector<std::string> rest;
    for (const std::string& p : dropped) {
        const std::string path = normalize_model_path(p);
        if (is_image_file_name(path)) out = path;
        else rest.push_back(p);
    }
    dropped = std::move(rest);
    return out;
}

static bool is_audio_file_name(std::string_view path) {
    const size_t dot = path.rfind('.');
    if (dot == std::string_view::npos) return false;
    std::string ext(path.substr(dot + 1));
    for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
    for (const char* known : {"wav", "flac", "ogg", "oga", "opus", "mp3", "aif", "aiff"})
        if (ext == known) return true;
    return false;
}

std::string take_dropped_audio_path(std::vector<std::string>& dropped) {
    std::string out;
    std::vector<std::string> rest;
    for (const std::string& p : dropped) {
        const std::string path = normalize_model_path(p);
        if (is_audio_file_name(path)) out = path;
        else rest.push_back(p);
    }
    dropped = std::move(rest);
    return out;
}

void add_recent_model(std::vector<std::string>& recent, const std::string& folder) {
    if (folder.empty()) return;
    recent.erase(std::remove(recent.begin(), recent.end(), folder), recent.end());
    recent.insert(recent.begin(), folder);
    if (recent.size() > size_t(kMaxRecentModels)) recent.resize(size_t(kMaxRecentModels));
}

bool folder_exists(const std::string& folder) {
    std::error_code ec;
    return !folder.empty() && fs::is_directory(folder, ec);
}

std::string format_bytes(std::size_t bytes) {
    char buf[32];
    const double b = double(bytes);
    if (b >= 1024.0 * 1024.0 * 1024.0) {
        std::snprintf(buf, sizeof(buf), "%.2f GiB", b / (1024.0 * 1024.0 * 1024.0));
    } else if (b >= 1024.0 * 1024.0) {
        std::snprintf(buf, sizeof(buf), "%.1f MiB", b / (1024.0 * 1024.0));
    } else if (b >= 1024.0) {
        std::snprintf(buf, sizeof(buf), "%.1f KiB", b / 1024.0);
    } else {
        std::snprintf(buf, sizeof(buf), "%zu B", bytes);
    }
    return buf;
}

// --- ModelLoader ----------------------------------------------------------------------------

ModelLoader::ModelLoader(ModelLoadFn load)
    : load_(load ? std::move(load) : ModelLoadFn(pretrained::load_pretrained_model)) {}

ModelLoader::~ModelLoader() {
    for (auto& [job, thread] : threads_) job->cancel = true;
    for (auto& [job, thread] : threads_) thread.join();
}

void ModelLoader::reap() {
    for (auto it = threads_.begin(); it != threads_.end();) {
        if (it->first->done.load()) {
            it->second.join();  // its body has returned: no wait
            it = threads_.erase(it);
        } else {
            ++it;
        }
    }
}

void ModelLoader::start(const std::string& folder) {
    reap();
    if (current_) current_->cancel = true;  // its thread finishes on its own; outcome dropped
    auto job = std::make_shared<Job>();
    job->folder = folder;
    current_ = job;
    threads_.emplace_back(job, std::thread([job, load = load_, wake = wake_] {
        name_this_thread("attn-load");
        auto last_wake = std::chrono::steady_clock::now();
        const pretrained::LoadProgress progress = [&](float fraction, const std::string& stage) {
            {
                std::lock_guard<std::mutex> lock(job->mutex);
                job->fraction = std::clamp(fraction, 0.0f, 1.0f);
                job->stage = stage;
            }
            const auto now = std::chrono::steady_clock::now();
            if (wake && now - last_wake > std::chrono::milliseconds(100)) {
                last_wake = now;
                wake();
            }
        };
        Outcome out;
        out.folder = job->folder;
        // Sizes are checked before allocation (core/base/limits.h); should memory still run out,
        // it is a message, never an exception escaping the thread (std::terminate).
        Expected<PretrainedPtr> model =
            Status::Error("Out of memory while loading " + job->folder + ".");
        try {
            model = load(job->folder, progress, &job->cancel);
        } catch (const std::bad_alloc&) {
        }
        if (job->cancel.load()) {
            out.cancelled = true;
        } else if (model) {
            out.model = std::move(*model);
            if (!out.model) out.error = "The loader returned no model for " + job->folder + ".";
        } else {
            out.error = model.error();
        }
        {
            std::lock_guard<std::mutex> lock(job->mutex);
            job->outcome = std::move(out);
        }
        job->done = true;
        if (wake) wake();
    }));
}

void ModelLoader::cancel() {
    if (current_) current_->cancel = true;
}

bool ModelLoader::busy() const { return current_ && !current_->done.load(); }

ModelLoader::Progress ModelLoader::progress() const {
    Progress p;
    if (!current_ || current_->done.load()) return p;
    std::lock_guard<std::mutex> lock(current_->mutex);
    p.folder = current_->folder;
    p.fraction = current_->fraction;
    p.stage = current_->stage;
    return p;
}

std::optional<ModelLoader::Outcome> ModelLoader::take_outcome() {
    if (!current_ || !current_->done.load()) return std::nullopt;
    std::optional<Outcome> out;
    {
        std::lock_guard<std::mutex> lock(current_->mutex);
        out = std::move(current_->outcome);
    }
    if (out && current_->cancel.load()) {  // cancelled after it finished: drop it all the same
        out->model.reset();
        out->error.clear();
        out->cancelled = true;
    }
    current_.reset();
    reap();
    return out;
}

bool ModelLoader::wait_idle(std::chrono::milliseconds timeout) {
    const auto end = std::chrono::steady_clock::now() + timeout;
    while (busy()) {
        if (std::chrono::steady_clock::now() >= end) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
}

// --- ModelSession ---------------------------------------------------------------------------

void open_model(ModelSession& s, AppState& state, const std::string& path) {
    std::string folder = model_folder_for_path(normalize_model_path(path, std::getenv("HOME")));
    if (!folder.empty()) {  // the recent list and settings keep absolute paths
        std::error_code ec;
        const fs::path abs = fs::absolute(folder, ec);
        if (!ec) folder = normalize_model_path(abs.lexically_normal().string());
    }
    s.error.clear();
    s.error_on_restore = false;
    if (folder.empty()) {
        s.error = "Type or drop the path of a model folder (with config.json and model.safetensors).";
        s.error_folder.clear();
        return;
    }
    s.restoring = false;
    state.model_path = folder;
    s.loader.start(folder);
}

void restore_model(ModelSession& s, AppState& state) {
    if (state.model_path.empty()) return;
    open_model(s, state, state.model_path);
    // A load was started unless open_model refused the path. Not loader.busy(): a load that fails
    // at once (the folder is gone) may already be over, and its error would not count as the
    // restore's (the test saw it on a loaded machine).
    s.restoring = s.error.empty();
}

void use_builtin_model(ModelSession& s, AppState& state) {
    s.loader.cancel();
    s.active.reset();
    s.active_folder.clear();
    s.restoring = false;
    state.model_path.clear();
    state.scale = true;  // the built-in model divides by √d_k
}

void cancel_model_load(ModelSession& s, AppState& state) {
    s.loader.cancel();
    state.model_path = s.active_folder;
}

bool poll_model_session(ModelSession& s, AppState& state) {
    auto out = s.loader.take_outcome();
    if (!out) return false;
    const bool restoring = s.restoring;
    s.restoring = false;
    if (out->model) {
        s.active = std::move(out->model);
        // A model opens with its own scaling (T5 divides by nothing), a restored one too.
        state.scale = s.active->caps().scaled_scores;
        s.active_folder = out->folder;
        state.model_path = out->folder;
        add_recent_model(state.recent_models, out->folder);
        s.error.clear();
        return true;
    }
    state.model_path = s.active_folder;  // back to the model still in use
    if (!out->cancelled) {
        s.error = out->error;
        s.error_folder = out->folder;
        s.error_on_restore = restoring;
    }
    return false;
}

bool sync_translation_languages(ModelSession& s, AppState& state) {
    if (!s.active) return false;
    const pretrained::LanguageFacts langs = s.active->family().translation_languages(*s.active);
    if (langs.codes.empty()) return false;
    auto known = [&](const std::string& code) {
        return std::find(langs.codes.begin(), langs.codes.end(), code) != langs.codes.end();
    };
    if (!state.translate_from.empty() && !known(state.translate_from)) state.translate_from.clear();
    if (!state.translate_to.empty() && !known(state.translate_to)) state.translate_to.clear();
    const bool same_from = state.translate_from.empty() || state.translate_from == langs.source;
    const bool same_to = state.translate_to.empty() || state.translate_to == langs.target;
    if (same_from && same_to) return false;
    auto chosen = pretrained::with_languages(*s.active, state.translate_from, state.translate_to);
    if (!chosen) return false;  // the codes were checked above
    s.active = std::move(*chosen);
    return true;
}

}  // namespace attn::app
