// settings.cpp — the last session (sentence, switches, language, colormap, view, UI scale, the
// (implementation; the interface and its contract are in settings.h)
#include "app/state/settings.h"

#include <algorithm>
#include <cstdint>
#include <ctime>
#include <fstream>
#include <sstream>
#include <system_error>

#include <nlohmann/json.hpp>

#include "core/base/atomic_file.h"
#include "core/base/json_depth.h"
#include "core/base/limits.h"

namespace attn::app {

namespace {

using nlohmann::json;

constexpr int kSettingsVersion = 1;

const char* quantity_name(HeatmapQuantity q) {
    switch (q) {
        case HeatmapQuantity::Scores: return "scores";
        case HeatmapQuantity::Scaled: return "scaled";
        case HeatmapQuantity::Rollout: return "rollout";
        case HeatmapQuantity::Weights: break;
    }
    return "weights";
}

// Collects the names of keys that were present but unusable.
struct Reader {
    const json& obj;
    std::string bad;

    void note(const char* key) {
        if (!bad.empty()) bad += ", ";
        bad += key;
    }
    const json* find(const char* key) {
        auto it = obj.find(key);
        return it == obj.end() ? nullptr : &*it;
    }
    void str(const char* key, std::string& out) {
        if (const json* v = find(key)) {
            if (v->is_string()) out = v->get<std::string>();
            else note(key);
        }
    }
    void boolean(const char* key, bool& out) {
        if (const json* v = find(key)) {
            if (v->is_boolean()) out = v->get<bool>();
            else note(key);
        }
    }
    void integer(const char* key, int& out, int lo, int hi) {
        if (const json* v = find(key)) {
            if (v->is_number_integer() && v->get<long long>() >= lo && v->get<long long>() <= hi) out = v->get<int>();
            else note(key);
        }
    }
    void number(const char* key, float& out, float lo, float hi) {
        if (const json* v = find(key)) {
            if (v->is_number() && v->get<double>() >= lo && v->get<double>() <= hi) out = v->get<float>();
            else note(key);
        }
    }
};

}  // namespace

std::filesystem::path settings_dir(const char* xdg_config_home, const char* home) {
    if (xdg_config_home != nullptr && xdg_config_home[0] == '/') return std::filesystem::path(xdg_config_home) / "attnlab";
    if (home != nullptr && home[0] != '\0') return std::filesystem::path(home) / ".config" / "attnlab";
    return {};
}

std::string settings_to_json(const AppState& s) {
    json j;
    j["version"] = kSettingsVersion;
    j["lang"] = lang_name(s.lang);
    j["text"] = s.text;
    j["cross"] = s.cross;
    j["cross_text"] = s.cross_text;
    j["d_model"] = s.d_model;
    j["n_heads"] = s.n_heads;
    j["seed"] = s.seed;
    j["positional"] = s.positional;
    j["scale"] = s.scale;
    j["temperature"] = s.temperature;
    j["causal"] = s.causal;
    j["window_on"] = s.window_on;
    j["window"] = s.window;
    j["global_tokens"] = s.global_tokens;
    j["pad_to"] = s.pad_to;
    j["max_tokens"] = s.max_tokens;  // the token limit (Sentence ▸ Token limit)
    json cells = json::array();
    for (const auto& [i, k] : s.blocked_cells) cells.push_back({i, k});
    j["blocked_cells"] = std::move(cells);  // [[query, key], ...] hidden by hand
    j["model"] = s.model_path;  // "" = built-in; else re-opened at start-up
    j["recent_models"] = s.recent_models;
    j["image"] = s.image_path;  // "" = none; read again by the worker when a vision model runs
    j["audio"] = s.audio_path;  // "" = none; read again by the worker when a speech model runs
    j["speech_language"] = s.speech_language;  // "" = detected
    j["layer"] = s.layer;
    j["head"] = s.head;
    j["show"] = quantity_name(s.quantity);
    j["colormap"] = colormap_name(s.colormap);
    j["show_numbers"] = s.show_numbers;
    j["auto_contrast"] = s.auto_contrast;
    j["view"] = view_name(s.view);
    j["ui_scale"] = s.ui_scale;
    j["show_controls"] = s.show_controls;
    j["recent_lessons"] = s.recent_lessons;
    j["train_task"] = s.train_task;
    if (s.train_text.size() <= kMaxSavedTrainText) {
        j["train_text"] = s.train_text;
    } else {  // cut before a UTF-8 continuation byte; the size it had, for the note at the next start
        std::size_t cut = kMaxSavedTrainText;
        while (cut > 0 && (static_cast<unsigned char>(s.train_text[cut]) & 0xC0u) == 0x80u) --cut;
        j["train_text"] = s.train_text.substr(0, cut);
        j["train_text_bytes"] = s.train_text.size();
    }
    // Text or a path that is not valid UTF-8 (a pasted byte, a folder name from another locale)
    // must not stop the save: such bytes are written as U+FFFD instead of throwing.
    return j.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string apply_settings_json(std::string_view text, AppState& s) {
    if (text.size() > limits::kMaxSettingsBytes) {
        return "Saved settings are " + std::to_string(text.size() / 1024) + " KiB, more than the limit of " +
               std::to_string(limits::kMaxSettingsBytes / 1024) + " KiB; using the defaults.";
    }
    if (!check_json_depth(text, limits::kMaxJsonDepth, "settings").ok()) {
        return "Saved settings nest values more than " + std::to_string(limits::kMaxJsonDepth) +
               " levels deep (the limit); using the defaults.";
    }
    const json j = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) return "Saved settings are not valid JSON; using the defaults.";
    if (!j.is_object()) return "Saved settings are not a JSON object; using the defaults.";
    Reader r{j, {}};
    if (const json* v = r.find("lang")) {
        Lang lang;
        if (v->is_string() && parse_lang(v->get<std::string>(), &lang)) s.lang = lang;
        else r.note("lang");
    }
    r.str("text", s.text);
    r.boolean("cross", s.cross);
    r.str("cross_text", s.cross_text);
    r.integer("d_model", s.d_model, 1, 4096);
    r.integer("n_heads", s.n_heads, 1, 256);
    if (const json* v = r.find("seed")) {
        if (v->is_number_unsigned()) s.seed = v->get<std::uint64_t>();
        else r.note("seed");
    }
    r.boolean("positional", s.positional);
    r.boolean("scale", s.scale);
    r.number("temperature", s.temperature, 0.01f, 100.0f);
    r.boolean("causal", s.causal);
    r.boolean("window_on", s.window_on);
    r.integer("window", s.window, 0, 4096);
    r.str("global_tokens", s.global_tokens);
    r.integer("pad_to", s.pad_to, 0, 4096);
    r.integer("max_tokens", s.max_tokens, 1, int(limits::kMaxTokens));
    r.integer("head", s.head, 0, 255);
    r.integer("layer", s.layer, 0, 1023);
    r.str("model", s.model_path);
    r.str("image", s.image_path);
    r.str("audio", s.audio_path);
    r.str("speech_language", s.speech_language);
    if (const json* v = r.find("recent_models")) {
        std::vector<std::string> recent;
        bool ok = v->is_array();
        for (size_t n = 0; ok && n < v->size(); ++n) {
            ok = (*v)[n].is_string() && !(*v)[n].get<std::string>().empty();
            if (ok && recent.size() < size_t(kMaxRecentModels) &&
                std::find(recent.begin(), recent.end(), (*v)[n].get<std::string>()) == recent.end()) {
                recent.push_back((*v)[n].get<std::string>());
            }
        }
        if (ok) s.recent_models = std::move(recent);
        else r.note("recent_models");
    }
    if (const json* v = r.find("recent_lessons")) {  // absent in settings written before lessons
        std::vector<std::string> recent;
        bool ok = v->is_array();
        for (size_t n = 0; ok && n < v->size(); ++n) {
            ok = (*v)[n].is_string() && !(*v)[n].get<std::string>().empty();
            if (ok && recent.size() < size_t(kMaxRecentLessons) &&
                std::find(recent.begin(), recent.end(), (*v)[n].get<std::string>()) == recent.end()) {
                recent.push_back((*v)[n].get<std::string>());
            }
        }
        if (ok) s.recent_lessons = std::move(recent);
        else r.note("recent_lessons");
    }
    if (const json* v = r.find("blocked_cells")) {
        std::vector<std::pair<int, int>> cells;
        bool ok = v->is_array();
        for (size_t n = 0; ok && n < v->size(); ++n) {
            const json& c = (*v)[n];
            ok = c.is_array() && c.size() == 2 && c[0].is_number_integer() && c[1].is_number_integer() &&
                 c[0].get<long long>() >= 0 && c[1].get<long long>() >= 0 && c[0].get<long long>() < 100000 &&
                 c[1].get<long long>() < 100000;
            if (ok) cells.emplace_back(c[0].get<int>(), c[1].get<int>());
        }
        if (ok) s.blocked_cells = std::move(cells);
        else r.note("blocked_cells");
    }
    if (const json* v = r.find("show")) {
        const std::string q = v->is_string() ? v->get<std::string>() : std::string();
        if (q == "weights") s.quantity = HeatmapQuantity::Weights;
        else if (q == "scores") s.quantity = HeatmapQuantity::Scores;
        else if (q == "scaled") s.quantity = HeatmapQuantity::Scaled;
        else if (q == "rollout") s.quantity = HeatmapQuantity::Rollout;
        else r.note("show");
    }
    if (const json* v = r.find("colormap")) {
        std::optional<Colormap> map;
        if (v->is_string()) map = parse_colormap(v->get<std::string>());
        if (map) s.colormap = *map;
        else r.note("colormap");
    }
    r.boolean("show_numbers", s.show_numbers);
    r.boolean("auto_contrast", s.auto_contrast);
    if (const json* v = r.find("view")) {
        View view;
        if (v->is_string() && parse_view(v->get<std::string>(), &view)) s.view = view;
        else r.note("view");
    }
    r.number("ui_scale", s.ui_scale, kMinUiScale, kMaxUiScale);
    r.boolean("show_controls", s.show_controls);
    r.str("train_task", s.train_task);
    r.str("train_text", s.train_text);
    std::string cut_note;
    if (const json* v = r.find("train_text_bytes")) {  // written only when the text was cut
        if (v->is_number_unsigned() && v->get<std::uint64_t>() > s.train_text.size()) {
            cut_note = "The training text was saved cut to its first " + std::to_string(kMaxSavedTrainText / 1024) +
                       " KiB (it had " + std::to_string((v->get<std::uint64_t>() + 1023) / 1024) +
                       " KiB): settings keep no more.";
        } else if (!v->is_number_unsigned()) {
            r.note("train_text_bytes");
        }
    }
    if (r.bad.empty()) return cut_note;  // one message at a time: a wrong key matters more
    return "Some saved settings were ignored (wrong type or out of range): " + r.bad + ".";
}

// Keeps a settings file we could not use under a new name before the defaults replace it: the
// first as "<file>.bad", later ones "<file>.bad-YYYYMMDD-HHMMSS" (an older .bad is never
// overwritten). A symbolic link stays where it is (its target's bytes are copied), so the next
// save writes through it. Returns the name kept, or "" with `error` set.
std::string keep_bad_file(const std::filesystem::path& path, std::string& error) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::path bad = path;
    bad += ".bad";
    if (fs::exists(fs::symlink_status(bad, ec))) {
        char stamp[32];
        const std::time_t now = std::time(nullptr);
        std::tm tm{};
        localtime_r(&now, &tm);
        std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
        fs::path base = path;
        base += std::string(".bad-") + stamp;
        bad = base;
        for (int n = 2; fs::exists(fs::symlink_status(bad, ec)) && n < 100; ++n) {
            bad = base;
            bad += "-" + std::to_string(n);
        }
    }
    if (fs::is_symlink(fs::symlink_status(path, ec))) {
        fs::copy_file(path, bad, fs::copy_options::none, ec);
    } else {
        fs::rename(path, bad, ec);
    }
    if (ec) {
        error = ec.message();
        return {};
    }
    return bad.string();
}

std::string load_settings(const std::filesystem::path& dir, AppState& state, bool* may_overwrite) {
    namespace fs = std::filesystem;
    if (may_overwrite) *may_overwrite = true;
    const fs::path path = dir / kSettingsFile;
    std::error_code ec;
    if (!fs::exists(path, ec)) return {};  // first run: defaults, nothing to say
    std::string message;
    bool unusable = false;  // nothing could be applied: keep the file aside before defaults replace it
    const std::uintmax_t size = fs::file_size(path, ec);
    std::ifstream in;
    if (!ec && size > limits::kMaxSettingsBytes) {
        // Refused before reading: a huge file costs nothing.
        message = "Saved settings are " + std::to_string(size / 1024) + " KiB, more than the limit of " +
                  std::to_string(limits::kMaxSettingsBytes / 1024) + " KiB; using the defaults. (" + path.string() + ")";
        unusable = true;
    } else if (in.open(path, std::ios::binary), !in || ec) {
        message = "Cannot read " + path.string() + "; using the defaults.";
        unusable = true;
    } else {
        std::ostringstream buf;
        buf << in.rdbuf();
        AppState loaded = state;
        message = apply_settings_json(buf.str(), loaded);
        unusable = message.rfind("Saved settings", 0) == 0;  // the file as a whole was refused
        state = loaded;
        if (!message.empty()) message += " (" + path.string() + ")";
    }
    if (unusable) {
        std::string error;
        const std::string kept = keep_bad_file(path, error);
        if (!kept.empty()) {
            message += " The old file was kept as " + kept + ".";
        } else {
            message += " The old file could not be kept (" + error + "), so it will not be overwritten.";
            if (may_overwrite) *may_overwrite = false;
        }
    }
    return message;
}

Status save_settings(const std::filesystem::path& dir, const AppState& state) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return Status::Error("Cannot create " + dir.string() + ": " + ec.message());
    const std::string text = settings_to_json(state);
    return write_file_atomically((dir / kSettingsFile).string(), [&](std::ostream& out) {
        out << text;
        return out ? Status::Ok() : Status::Error("write failed");
    });
}

}  // namespace attn::app
