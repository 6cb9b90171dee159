#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

#include "app/state/settings.h"
#include "tests/temp_dir.h"

using namespace attn::app;
namespace fs = std::filesystem;

namespace {
// A fresh temporary directory, removed at scope exit.
// every TempDir here starts with "attnlab-settings"
struct TempDir : attn::test::TempDir {
    TempDir() : attn::test::TempDir("attnlab-settings") {}
};

void write(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary);
    out << text;
}
}  // namespace

TEST_CASE("settings: round trip of every saved field") {
    AppState s;
    s.lang = Lang::Ko;
    s.text = "그는 집에 갔다.";
    s.cross = true;
    s.cross_text = "He went home.";
    s.d_model = 128;
    s.n_heads = 8;
    s.seed = 12345678901234ull;
    s.positional = false;
    s.scale = false;
    s.temperature = 0.5f;
    s.causal = true;
    s.window_on = true;
    s.window = 3;
    s.global_tokens = "0, 2";
    s.pad_to = 12;
    s.max_tokens = 1024;
    s.head = 5;
    s.quantity = HeatmapQuantity::Scaled;
    s.colormap = attn::Colormap::Magma;
    s.show_numbers = false;
    s.view = View::Scaling;
    s.ui_scale = 1.5f;
    s.show_controls = false;
    s.blocked_cells = {{0, 1}, {3, 2}};
    s.model_path = "/models/bert-base-uncased";
    s.audio_path = "/sounds/집.wav";
    s.speech_language = "ko";
    s.recent_models = {"/models/bert-base-uncased", "/models/모델/gpt2"};
    s.layer = 7;
    s.train_task = "text";
    s.train_text = "한글 공부\n두 번째 줄";

    AppState back;
    CHECK(apply_settings_json(settings_to_json(s), back).empty());
    CHECK(settings_to_json(back) == settings_to_json(s));
    CHECK(back.text == s.text);
    CHECK(back.seed == s.seed);
    CHECK(back.view == View::Scaling);
    CHECK(back.lang == Lang::Ko);
    CHECK(back.blocked_cells == s.blocked_cells);
    CHECK(!back.show_controls);
    CHECK(back.model_path == s.model_path);
    CHECK(back.audio_path == s.audio_path);
    CHECK(back.speech_language == s.speech_language);
    CHECK(back.recent_models == s.recent_models);
    CHECK(back.layer == 7);
    CHECK(back.max_tokens == 1024);
    CHECK(back.train_task == "text");
    CHECK(back.train_text == s.train_text);
}

TEST_CASE("settings: a long training text is saved cut at a character boundary, with a note") {
    AppState s;
    s.train_task = "text";
    while (s.train_text.size() < kMaxSavedTrainText + 100) s.train_text += "공";  // 3 bytes: the cap falls inside one
    AppState back;
    const std::string note = apply_settings_json(settings_to_json(s), back);
    CHECK(back.train_text.size() <= kMaxSavedTrainText);
    CHECK(back.train_text.size() > kMaxSavedTrainText - 3);
    CHECK(back.train_text.size() % 3 == 0);  // whole syllables only
    CHECK(s.train_text.compare(0, back.train_text.size(), back.train_text) == 0);
    CHECK(note == "The training text was saved cut to its first 64 KiB (it had 65 KiB): settings keep no more.");
    // At the cap exactly: kept whole, no note.
    s.train_text.assign(kMaxSavedTrainText, 'x');
    CHECK(apply_settings_json(settings_to_json(s), back).empty());
    CHECK(back.train_text == s.train_text);
    CHECK(settings_to_json(s).find("train_text_bytes") == std::string::npos);
    // A size that is not a count is a wrong key like any other.
    CHECK(apply_settings_json(R"({"train_text": "x", "train_text_bytes": "big"})", back).find("train_text_bytes") !=
          std::string::npos);
}

TEST_CASE("settings: the token limit out of range keeps the default") {
    for (const char* text : {R"({"max_tokens": 0})", R"({"max_tokens": 4096})", R"({"max_tokens": "512"})"}) {
        CAPTURE(text);
        AppState t;
        CHECK(apply_settings_json(text, t).find("max_tokens") != std::string::npos);
        CHECK(t.max_tokens == 512);
    }
}

TEST_CASE("settings: every heatmap quantity survives a save, rollout included") {
    for (HeatmapQuantity q : {HeatmapQuantity::Weights, HeatmapQuantity::Scores, HeatmapQuantity::Scaled,
                              HeatmapQuantity::Rollout}) {
        AppState s, back;
        s.quantity = q;
        CHECK(apply_settings_json(settings_to_json(s), back).empty());
        CHECK(back.quantity == q);
    }
}

TEST_CASE("settings: recent models — malformed lists ignored, duplicates and extras dropped") {
    AppState s;
    s.recent_models = {"/m/keep"};
    for (const char* text : {R"({"recent_models": "/m/a"})", R"({"recent_models": ["/m/a", 3]})",
                             R"({"recent_models": ["/m/a", ""]})"}) {
        CAPTURE(text);
        AppState t = s;
        CHECK(apply_settings_json(text, t).find("recent_models") != std::string::npos);
        CHECK(t.recent_models == s.recent_models);
    }
    AppState t;
    CHECK(apply_settings_json(R"({"recent_models": ["/m/a", "/m/b", "/m/a", "/m/c", "/m/d", "/m/e", "/m/f",
                                                      "/m/g", "/m/h", "/m/i", "/m/j"]})",
                              t)
              .empty());
    CHECK(t.recent_models == std::vector<std::string>{"/m/a", "/m/b", "/m/c", "/m/d", "/m/e", "/m/f", "/m/g", "/m/h"});
    CHECK(apply_settings_json(R"({"model": 3, "layer": -1})", t).find("model") != std::string::npos);
    CHECK(t.model_path.empty());
    CHECK(t.layer == 0);
    // Older settings files have none of these keys: built-in model, nothing recent.
    AppState old;
    CHECK(apply_settings_json(R"({"text": "Hi"})", old).empty());
    CHECK(old.model_path.empty());
    CHECK(old.recent_models.empty());
}

TEST_CASE("settings: malformed blocked cells are ignored as a whole") {
    for (const char* text : {R"({"blocked_cells": [[0, 1], [2]]})", R"({"blocked_cells": [[0, -1]]})",
                             R"({"blocked_cells": {"a": 1}})", R"({"blocked_cells": [["0", 1]]})"}) {
        CAPTURE(text);
        AppState s;
        s.blocked_cells = {{1, 1}};
        CHECK(apply_settings_json(text, s).find("blocked_cells") != std::string::npos);
        CHECK(s.blocked_cells == std::vector<std::pair<int, int>>{{1, 1}});
    }
}

TEST_CASE("settings: corrupt JSON and non-objects keep the defaults, with a message") {
    const AppState defaults;
    for (const char* text : {"", "{", "{\"text\": }", "not json", "[1, 2]", "42", "\xff\xfe"}) {
        CAPTURE(text);
        AppState s;
        const std::string msg = apply_settings_json(text, s);
        CHECK(!msg.empty());
        CHECK(settings_to_json(s) == settings_to_json(defaults));
    }
}

TEST_CASE("settings: wrong types and out-of-range values are ignored one by one") {
    AppState s;
    const std::string msg = apply_settings_json(
        R"({"text": 5, "causal": "yes", "d_model": -3, "temperature": 1e9, "lang": "fr",
            "view": "nope", "colormap": 3, "seed": -1, "ui_scale": 0.1, "n_heads": 8,
            "show": "scores"})",
        s);
    const AppState d;
    CHECK(s.text == d.text);
    CHECK(s.causal == d.causal);
    CHECK(s.d_model == d.d_model);
    CHECK(s.temperature == d.temperature);
    CHECK(s.lang == d.lang);
    CHECK(s.view == d.view);
    CHECK(s.colormap == d.colormap);
    CHECK(s.seed == d.seed);
    CHECK(s.ui_scale == d.ui_scale);
    CHECK(s.n_heads == 8);  // the valid keys still apply
    CHECK(s.quantity == HeatmapQuantity::Scores);
    for (const char* key : {"text", "causal", "d_model", "temperature", "lang", "view", "colormap", "seed", "ui_scale"}) {
        CHECK(msg.find(key) != std::string::npos);
    }
}

TEST_CASE("settings: missing keys keep their defaults silently") {
    AppState s;
    CHECK(apply_settings_json(R"({"text": "Hello there"})", s).empty());
    CHECK(s.text == "Hello there");
    CHECK(s.d_model == AppState{}.d_model);
    CHECK(apply_settings_json("{}", s).empty());
}

TEST_CASE("settings: directory from XDG_CONFIG_HOME, else HOME/.config") {
    CHECK(settings_dir("/x/cfg", "/home/u") == fs::path("/x/cfg/attnlab"));
    CHECK(settings_dir(nullptr, "/home/u") == fs::path("/home/u/.config/attnlab"));
    CHECK(settings_dir("relative", "/home/u") == fs::path("/home/u/.config/attnlab"));  // XDG: absolute only
    CHECK(settings_dir("", "/home/u") == fs::path("/home/u/.config/attnlab"));
    CHECK(settings_dir(nullptr, nullptr).empty());
}

TEST_CASE("settings: save and load through a file; missing and corrupt files") {
    TempDir tmp;
    const fs::path dir = tmp.path / "nested" / "attnlab";
    AppState s;
    CHECK(load_settings(dir, s).empty());  // no file yet: defaults, no message
    s.text = "The cat sat";
    s.causal = true;
    REQUIRE(save_settings(dir, s));
    CHECK(fs::exists(dir / kSettingsFile));
    AppState back;
    CHECK(load_settings(dir, back).empty());
    CHECK(back.text == "The cat sat");
    CHECK(back.causal);

    write(dir / kSettingsFile, "{ truncated");
    AppState c;
    const std::string msg = load_settings(dir, c);
    CHECK(msg.find("not valid JSON") != std::string::npos);
    CHECK(c.text == AppState{}.text);

    // A directory where the file should be: unreadable, not a crash.
    fs::remove(dir / kSettingsFile);
    fs::create_directory(dir / kSettingsFile);
    AppState d;
    CHECK(!load_settings(dir, d).empty());
}
