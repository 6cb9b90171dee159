// Opening pretrained models from the app: paths, drops, the recent list, the loading thread
// (with a fake loader: progress, errors, cancel) and the session that follows it.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <thread>
#include <unistd.h>

#include "app/jobs/model_loader.h"
#include "fake_pretrained.h"
#include "tests/temp_dir.h"

using namespace attn::app;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

// every TempDir here starts with "attnlab-models"
struct TempDir : attn::test::TempDir {
    TempDir() : attn::test::TempDir("attnlab-models") {}
};

// A loader that reports progress, waits for `release` (or a cancel), then succeeds for folders
// whose name starts with "good" and fails for the rest.
struct FakeLoader {
    std::atomic<bool> release{true};
    std::atomic<int> calls{0};
    ModelLoadFn fn() {
        return [this](const std::string& folder, const attn::pretrained::LoadProgress& progress,
                      const std::atomic<bool>* cancel) -> attn::Expected<PretrainedPtr> {
            ++calls;
            progress(0.25f, "reading layer 1 of 4");
            while (!release.load() && !cancel->load()) std::this_thread::sleep_for(1ms);
            if (cancel->load()) return attn::Status::Error("Loading was cancelled.");
            if (fs::path(folder).filename().string().rfind("good", 0) == 0) {
                return attn::app::testing::fake_model("gpt2", 2, 2, fs::path(folder).filename().string());
            }
            return attn::Status::Error(folder + ": no config.json in this folder.");
        };
    }
};

}  // namespace

TEST_CASE("normalize_model_path cleans typed, pasted and dropped paths") {
    CHECK(normalize_model_path("  /models/gpt2/  ") == "/models/gpt2");
    CHECK(normalize_model_path("\"/models/my model\"") == "/models/my model");
    CHECK(normalize_model_path("'/models/gpt2'") == "/models/gpt2");
    CHECK(normalize_model_path("file:///models/gpt2") == "/models/gpt2");
    CHECK(normalize_model_path("/models/./gpt2/../bert") == "/models/bert");
    CHECK(normalize_model_path("~/models/gpt2", "/home/kim") == "/home/kim/models/gpt2");
    CHECK(normalize_model_path("~/models/gpt2", nullptr) == "~/models/gpt2");
    CHECK(normalize_model_path("/") == "/");
    CHECK(normalize_model_path("   ").empty());
    CHECK(normalize_model_path("\"\"").empty());
}

TEST_CASE("a dropped file stands for its folder; a dropped folder for itself") {
    TempDir dir;
    const fs::path model = dir.path / "gpt2";
    fs::create_directories(model);
    std::ofstream(model / "config.json") << "{}";

    CHECK(model_folder_for_path((model / "config.json").string()) == model.string());
    CHECK(model_folder_for_path(model.string()) == model.string());
    CHECK(model_folder_for_path((dir.path / "missing").string()) == (dir.path / "missing").string());

    std::vector<std::string> dropped = {(model / "config.json").string(), "/elsewhere"};
    CHECK(take_dropped_model_path(dropped) == model.string());  // the first path wins
    CHECK(dropped.empty());
    dropped = {"  ", model.string() + "/"};
    CHECK(take_dropped_model_path(dropped) == model.string());  // blank entries skipped
    CHECK(take_dropped_model_path(dropped).empty());            // nothing left
}

TEST_CASE("recent models: most recent first, no duplicates, at most eight") {
    std::vector<std::string> recent;
    add_recent_model(recent, "/m/a");
    add_recent_model(recent, "/m/b");
    CHECK(recent == std::vector<std::string>{"/m/b", "/m/a"});
    add_recent_model(recent, "/m/a");  // re-opened: moves to the front, once
    CHECK(recent == std::vector<std::string>{"/m/a", "/m/b"});
    add_recent_model(recent, "");  // ignored
    CHECK(recent.size() == 2);
    for (int k = 0; k < 12; ++k) add_recent_model(recent, "/m/x" + std::to_string(k));
    REQUIRE(recent.size() == size_t(kMaxRecentModels));
    CHECK(recent.front() == "/m/x11");
    CHECK(recent.back() == "/m/x4");
    CHECK(std::find(recent.begin(), recent.end(), "/m/a") == recent.end());  // the oldest fell off
}

TEST_CASE("format_bytes and the family's name") {
    CHECK(format_bytes(512) == "512 B");
    CHECK(format_bytes(2048) == "2.0 KiB");
    CHECK(format_bytes(size_t(497.8 * 1024 * 1024)) == "497.8 MiB");
    CHECK(format_bytes(size_t(3) << 30) == "3.00 GiB");
    CHECK(attn::pretrained::family_name(attn::app::testing::fake_model("bert")->config) == "BERT");
    CHECK(attn::pretrained::family_name(attn::app::testing::fake_model("gpt2")->config) == "GPT-2");
}

TEST_CASE("ModelLoader: progress while loading, then the model or the core's message, once") {
    FakeLoader fake;
    fake.release = false;
    std::atomic<int> wakes{0};
    ModelLoader loader(fake.fn());
    loader.set_wakeup([&] { ++wakes; });
    CHECK(!loader.busy());
    loader.start("/m/good-gpt2");
    CHECK(loader.busy());
    for (int k = 0; k < 2000 && loader.progress().stage.empty(); ++k) std::this_thread::sleep_for(1ms);
    const ModelLoader::Progress p = loader.progress();
    CHECK(p.folder == "/m/good-gpt2");
    CHECK(p.fraction == doctest::Approx(0.25f));
    CHECK(p.stage == "reading layer 1 of 4");
    CHECK(!loader.take_outcome());  // not done yet
    fake.release = true;
    REQUIRE(loader.wait_idle(10s));
    auto out = loader.take_outcome();
    REQUIRE(out);
    REQUIRE(out->model != nullptr);
    CHECK(out->model->name == "good-gpt2");
    CHECK(out->error.empty());
    CHECK(!out->cancelled);
    CHECK(wakes.load() >= 1);
    CHECK(!loader.take_outcome());

    loader.start("/m/broken");
    REQUIRE(loader.wait_idle(10s));
    out = loader.take_outcome();
    REQUIRE(out);
    CHECK(out->model == nullptr);
    CHECK(out->error == "/m/broken: no config.json in this folder.");
}

TEST_CASE("ModelLoader: cancel stops the load; a new start drops the old load's result") {
    FakeLoader fake;
    fake.release = false;
    ModelLoader loader(fake.fn());
    loader.start("/m/good-a");
    loader.cancel();
    REQUIRE(loader.wait_idle(10s));
    auto out = loader.take_outcome();
    REQUIRE(out);
    CHECK(out->cancelled);
    CHECK(out->model == nullptr);

    loader.start("/m/good-b");
    loader.start("/m/good-c");  // b is cancelled and forgotten
    fake.release = true;
    REQUIRE(loader.wait_idle(10s));
    out = loader.take_outcome();
    REQUIRE(out);
    REQUIRE(out->model != nullptr);
    CHECK(out->model->name == "good-c");
    CHECK(!loader.take_outcome());
}

TEST_CASE("ModelLoader: destroying it mid-load cancels and joins") {
    FakeLoader fake;
    fake.release = false;
    auto loader = std::make_unique<ModelLoader>(fake.fn());
    loader->start("/m/good-a");
    loader->start("/m/good-b");
    loader.reset();  // must not hang: both loads see their cancel flag
    CHECK(fake.calls.load() >= 1);
}

TEST_CASE("ModelSession: open, fail, use built-in; the recent list and model_path follow") {
    FakeLoader fake;
    ModelSession session(fake.fn());
    AppState state;

    open_model(session, state, " /m/good-gpt2/ ");
    CHECK(state.model_path == "/m/good-gpt2");  // recorded while loading
    REQUIRE(session.loader.wait_idle(10s));
    CHECK(poll_model_session(session, state));
    REQUIRE(session.active != nullptr);
    CHECK(session.active->name == "good-gpt2");
    CHECK(session.active_folder == "/m/good-gpt2");
    CHECK(state.recent_models == std::vector<std::string>{"/m/good-gpt2"});
    CHECK(session.error.empty());
    CHECK(!poll_model_session(session, state));  // nothing new

    // A folder that is not a model: the message, and the model in use stays.
    open_model(session, state, "/m/not-a-model");
    REQUIRE(session.loader.wait_idle(10s));
    CHECK(!poll_model_session(session, state));
    CHECK(session.active->name == "good-gpt2");
    CHECK(state.model_path == "/m/good-gpt2");
    CHECK(session.error.find("no config.json") != std::string::npos);
    CHECK(session.error_folder == "/m/not-a-model");
    CHECK(!session.error_on_restore);
    CHECK(state.recent_models.size() == 1);  // failures are not remembered

    use_builtin_model(session, state);
    CHECK(session.active == nullptr);
    CHECK(state.model_path.empty());

    // A relative path is remembered as an absolute one.
    open_model(session, state, "good-rel/");
    CHECK(state.model_path == (fs::current_path() / "good-rel").string());
    REQUIRE(session.loader.wait_idle(10s));
    CHECK(poll_model_session(session, state));
    CHECK(state.recent_models.front() == (fs::current_path() / "good-rel").string());

    open_model(session, state, "   ");  // nothing typed: a message, no load
    CHECK(!session.loader.busy());
    CHECK(!session.error.empty());
}

TEST_CASE("ModelSession: the last session's model reloads; a failure falls back to built-in") {
    FakeLoader fake;
    ModelSession session(fake.fn());
    AppState state;
    state.model_path = "/m/gone";
    restore_model(session, state);
    CHECK(session.restoring);
    REQUIRE(session.loader.wait_idle(10s));
    CHECK(!poll_model_session(session, state));
    CHECK(session.active == nullptr);
    CHECK(state.model_path.empty());  // not retried at the next start
    CHECK(session.error_on_restore);

    ModelSession ok(fake.fn());
    AppState s2;
    s2.model_path = "/m/good-bert";
    restore_model(ok, s2);
    REQUIRE(ok.loader.wait_idle(10s));
    CHECK(poll_model_session(ok, s2));
    CHECK(ok.active->name == "good-bert");

    ModelSession none(fake.fn());
    AppState s3;
    restore_model(none, s3);  // built-in last time: nothing to load
    CHECK(!none.loader.busy());
}

TEST_CASE("ModelSession: choosing built-in or cancelling while a model loads drops that model") {
    FakeLoader fake;
    fake.release = false;
    ModelSession session(fake.fn());
    AppState state;
    open_model(session, state, "/m/good-a");
    use_builtin_model(session, state);
    fake.release = true;
    REQUIRE(session.loader.wait_idle(10s));
    CHECK(!poll_model_session(session, state));
    CHECK(session.active == nullptr);
    CHECK(state.model_path.empty());
    CHECK(session.error.empty());  // a cancel is not an error

    // Cancelled after the load finished but before the UI took it: still dropped.
    open_model(session, state, "/m/good-b");
    REQUIRE(session.loader.wait_idle(10s));
    cancel_model_load(session, state);
    CHECK(!poll_model_session(session, state));
    CHECK(session.active == nullptr);
    CHECK(state.model_path.empty());
}
