// The hardening messages (issue 15) in Korean, and the settings file's protections: an unusable
// file kept as settings.json.bad before defaults replace it, links written through, invalid
// UTF-8 saved without a crash, oversized and deeply nested files refused.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "app/i18n/core_messages.h"
#include "app/state/settings.h"
#include "core/attention/engine.h"
#include "core/base/atomic_file.h"
#include "core/base/json_depth.h"
#include "core/base/limits.h"
#include "core/base/utf8.h"
#include "core/pretrained/folder/model_config.h"
#include "core/pretrained/folder/safetensors.h"
#include "core/tokenizer/subword_tokenizer.h"
#include "tests/app/core_messages_check.h"
#include "tests/bad_input/hostile_files.h"

using namespace attn;
using namespace attn::app;
using namespace attn::app::messages_test;
namespace fs = std::filesystem;

namespace {

void check_ko(const std::string& english) {
    REQUIRE_MESSAGE(!english.empty(), "the call was expected to fail");
    const std::string ko = localize_core_message(english, Lang::Ko);
    INFO("English: " << english);
    INFO("Korean:  " << ko);
    CHECK_MESSAGE(ko != english, "no Korean pattern matches: add it to app/i18n/core_messages_<area>.cpp");
    CHECK(has_hangul(ko));
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

fs::path fresh_dir(const char* name) {
    const fs::path dir = fs::temp_directory_path() / (std::string(name) + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

}  // namespace

TEST_CASE("hardening messages in Korean") {
    check_ko(check_json_depth(std::string(100, '['), limits::kMaxJsonDepth, "config.json").message());
    check_ko(pretrained::parse_model_config(std::string(5000, '[')).status().message());

    std::string added = R"({"model":{"type":"WordPiece","vocab":{"[UNK]":0,"a":1},"unk_token":"[UNK]"},"added_tokens":[)";
    for (size_t i = 0; i <= limits::kMaxAddedTokens; ++i)
        added += (i ? "," : "") + std::string(R"({"id":)") + std::to_string(i + 2) + R"(,"content":"t)" + std::to_string(i) + "\"}";
    added += "]}";
    auto tok = pretrained::make_tokenizer_from_json(added);
    REQUIRE_FALSE(tok.ok());
    CHECK(tok.error().find(std::to_string(limits::kMaxAddedTokens)) != std::string::npos);
    check_ko(tok.error());

    auto model = make_builtin_model(ModelConfig{});
    REQUIRE(model.ok());
    RunConfig run;
    run.text = "Time flies";
    run.tokenizer.max_tokens = limits::kMaxTokens + 1;
    check_ko(compute_trace(*model, run).status().message());
    run.tokenizer.max_tokens = 512;
    run.attention.temperature = 1e-30f;
    check_ko(compute_trace(*model, run).status().message());
    check_ko(check_trace_budget(2048, 2048, 256, 1, 64).message());

    RunConfig small;
    small.text = "a b";
    auto good = compute_trace(*model, small);
    REQUIRE(good.ok());
    Trace bad = *good;
    bad.layers[0].heads[0].weights(0, 0) = std::nanf("");
    check_ko(check_trace_finite(bad).message());

    const fs::path dir = fresh_dir("attnlab_hardening_msgs_");
    test::write_nan_tensor(dir / "nan.safetensors");
    auto nan_file = pretrained::SafeTensorsFile::open((dir / "nan.safetensors").string());
    REQUIRE(nan_file.ok());
    check_ko(nan_file->read_vector("w", 2).status().message());

    test::write_many_entries(dir / "many.safetensors", int(limits::kMaxHeaderEntries) + 10);
    check_ko(pretrained::SafeTensorsFile::open((dir / "many.safetensors").string()).status().message());

    test::write_huge_sparse(dir / "huge.safetensors");
    check_ko(pretrained::SafeTensorsFile::open((dir / "huge.safetensors").string()).status().message());

    // A file cut short after it was opened: reported as changed, no SIGBUS.
    test::write_nan_tensor(dir / "cut.safetensors");
    auto cut = pretrained::SafeTensorsFile::open((dir / "cut.safetensors").string());
    REQUIRE(cut.ok());
    fs::resize_file(dir / "cut.safetensors", 20);
    const std::string changed = cut->read_vector("w", 2).status().message();
    CHECK(changed.find("changed while it was being read") != std::string::npos);
    check_ko(changed);

    // Standard output full: the write error is reported, in Korean too.
    const int saved = ::dup(1), full = ::open("/dev/full", O_WRONLY);
    REQUIRE(full >= 0);
    ::dup2(full, 1);
    const Status s = write_file_atomically("-", [](std::ostream& o) {
        o << std::string(1 << 17, 'x');
        return Status::Ok();
    });
    ::dup2(saved, 1);
    ::close(full);
    ::close(saved);
    check_ko(s.message());
    fs::remove_all(dir);
}

TEST_CASE("settings: an unusable file is kept as .bad, once per file, and the user is told") {
    const fs::path dir = fresh_dir("attnlab_settings_bad_");
    std::ofstream(dir / kSettingsFile) << "{ not json";
    AppState s;
    bool may_overwrite = false;
    const std::string msg = load_settings(dir, s, &may_overwrite);
    CHECK(may_overwrite);
    CHECK(msg.find("kept as") != std::string::npos);
    check_ko(msg);
    CHECK(slurp(dir / "settings.json.bad") == "{ not json");
    CHECK_FALSE(fs::exists(dir / kSettingsFile));
    REQUIRE(save_settings(dir, s).ok());

    // A second broken file does not overwrite the first .bad.
    std::ofstream(dir / kSettingsFile, std::ios::trunc) << "[[[";
    const std::string msg2 = load_settings(dir, s);
    CHECK(slurp(dir / "settings.json.bad") == "{ not json");
    int bads = 0;
    for (const auto& e : fs::directory_iterator(dir)) bads += e.path().filename().string().rfind("settings.json.bad", 0) == 0;
    CHECK(bads == 2);

    // Oversized: refused by its size, kept aside.
    { std::ofstream big(dir / kSettingsFile, std::ios::trunc); big << std::string(limits::kMaxSettingsBytes + 10, ' '); }
    check_ko(load_settings(dir, s));
    // Nested too deep.
    std::ofstream(dir / kSettingsFile, std::ios::trunc) << std::string(100000, '[');
    check_ko(load_settings(dir, s));
    fs::remove_all(dir);
}

TEST_CASE("settings: a symbolic link is written through, and invalid UTF-8 never stops the save") {
    const fs::path dir = fresh_dir("attnlab_settings_link_");
    const fs::path real = dir / "elsewhere.json";
    std::ofstream(real) << "{ broken";
    fs::create_symlink(real, dir / kSettingsFile);
    AppState s;
    const std::string msg = load_settings(dir, s);
    CHECK(msg.find("kept as") != std::string::npos);
    CHECK(fs::is_symlink(dir / kSettingsFile));  // the link stays; its bytes were copied aside
    s.text = "caf\xe9 \xff";
    s.model_path = "/models/\xfe\xfe";
    REQUIRE(save_settings(dir, s).ok());
    CHECK(fs::is_symlink(dir / kSettingsFile));
    CHECK(slurp(real).find("\"version\"") != std::string::npos);
    AppState back;
    CHECK(load_settings(dir, back).empty());
    fs::remove_all(dir);
}
