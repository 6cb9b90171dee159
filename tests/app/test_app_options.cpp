#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/shell/app_options.h"

using namespace attn::app;

namespace {
// argv built from string literals (kept alive by the vector of strings).
struct Argv {
    std::vector<std::string> storage;
    std::vector<char*> ptrs;
    explicit Argv(std::initializer_list<const char*> args) : storage(args.begin(), args.end()) {
        for (auto& s : storage) ptrs.push_back(s.data());
    }
    int argc() { return int(ptrs.size()); }
    char** argv() { return ptrs.data(); }
};
}  // namespace

TEST_CASE("screenshot options and defaults") {
    Argv a{"attnlab", "--screenshot", "out.png", "--text", "그는 집에 갔다.", "--lang", "ko"};
    auto o = parse_app_options(a.argc(), a.argv());
    REQUIRE(o);
    CHECK(o->screenshot == "out.png");
    CHECK(o->frames == 3);  // default with --screenshot
    CHECK(*o->text == "그는 집에 갔다.");
    CHECK(*o->lang == Lang::Ko);
    CHECK(o->view == "heatmap");

    Argv b{"attnlab"};
    o = parse_app_options(b.argc(), b.argv());
    REQUIRE(o);
    CHECK(o->screenshot.empty());
    CHECK(o->frames == 0);  // interactive: until closed
}

TEST_CASE("all flags, both spellings") {
    Argv a{"attnlab", "--frames=7", "--view", "heatmap", "--head", "2", "--layer=3", "--show=scaled",
           "--colormap", "magma", "--causal", "--stats", "--cross-text", "x y"};
    auto o = parse_app_options(a.argc(), a.argv());
    REQUIRE(o);
    CHECK(o->frames == 7);
    CHECK(*o->head == 1);  // users count from 1
    CHECK(*o->layer == 2);
    CHECK(*o->quantity == HeatmapQuantity::Scaled);
    CHECK(*o->colormap == attn::Colormap::Magma);
    CHECK(o->causal);
    CHECK(o->stats);
    AppState s;
    apply_options(*o, s);
    CHECK(s.cross);
    CHECK(s.cross_text == "x y");
    CHECK(s.head == 1);
    CHECK(s.layer == 2);
    CHECK(s.causal);
    CHECK(s.colormap == attn::Colormap::Magma);
}

TEST_CASE("bad options are errors that name the flag") {
    auto fails = [](std::initializer_list<const char*> args, const char* needle) {
        Argv a(args);
        auto o = parse_app_options(a.argc(), a.argv());
        if (o) return false;
        return o.error().find(needle) != std::string::npos;
    };
    CHECK(fails({"attnlab", "--bogus"}, "--bogus"));
    CHECK(fails({"attnlab", "--frames", "0"}, "--frames"));
    CHECK(fails({"attnlab", "--frames", "x"}, "--frames"));
    CHECK(fails({"attnlab", "--layer", "0"}, "--layer"));
    CHECK(fails({"attnlab", "--screenshot"}, "needs a value"));
    CHECK(fails({"attnlab", "--lang", "fr"}, "--lang"));
    CHECK(fails({"attnlab", "--view", "nope"}, "--view"));
    CHECK(fails({"attnlab", "--show", "logits"}, "--show"));
    CHECK(fails({"attnlab", "--colormap", "jet"}, "--colormap"));
    CHECK(fails({"attnlab", "--causal=1"}, "no value"));
}

TEST_CASE("strip_gui_flags hides our values from the CLI dispatcher") {
    Argv a{"attnlab", "--text", "dump", "--screenshot=s.png", "--stats", "dump", "-o", "x"};
    const auto rest = strip_gui_flags(a.argc(), a.argv());
    REQUIRE(rest.size() == 4);
    CHECK(std::string(rest[0]) == "attnlab");
    CHECK(std::string(rest[1]) == "dump");  // the real subcommand stays
    CHECK(std::string(rest[2]) == "-o");
    Argv b{"attnlab", "--text", "dump"};
    CHECK(strip_gui_flags(b.argc(), b.argv()).size() == 1);
}

TEST_CASE("--config, --presentation and every view name") {
    Argv a{"attnlab", "--config", "/tmp/x", "--presentation", "--view", "scaling"};
    auto o = parse_app_options(a.argc(), a.argv());
    REQUIRE(o);
    CHECK(o->config_dir == "/tmp/x");
    CHECK(o->presentation);
    CHECK(o->view_set);
    AppState s;
    apply_options(*o, s);
    CHECK(s.presentation);
    CHECK(s.view == View::Scaling);
    for (View v : kViews) {
        Argv b{"attnlab", "--view", view_name(v)};
        auto ob = parse_app_options(b.argc(), b.argv());
        REQUIRE(ob);
        AppState t;
        t.view = View::Lines;  // as if restored from settings
        apply_options(*ob, t);
        CHECK(t.view == v);
    }
    Argv c{"attnlab"};
    auto oc = parse_app_options(c.argc(), c.argv());
    REQUIRE(oc);
    AppState u;
    u.view = View::Pipeline;  // restored from settings: no --view keeps it
    apply_options(*oc, u);
    CHECK(u.view == View::Pipeline);
    Argv d{"attnlab", "--config"};
    CHECK(!parse_app_options(d.argc(), d.argv()));
}

TEST_CASE("--headless and the automatic choice without a display") {
    Argv shot{"attnlab", "--screenshot", "out.png"};
    auto o = parse_app_options(shot.argc(), shot.argv());
    REQUIRE(o);
    CHECK(!o->headless);
    CHECK(use_headless(*o, nullptr, nullptr));   // no X, no Wayland: EGL surfaceless
    CHECK(use_headless(*o, "", ""));             // set but empty counts as unset
    CHECK(!use_headless(*o, ":0", nullptr));     // a display: the usual window (Xvfb in tests)
    CHECK(!use_headless(*o, nullptr, "wayland-0"));

    Argv explicit_flag{"attnlab", "--headless", "--screenshot", "out.png"};
    o = parse_app_options(explicit_flag.argc(), explicit_flag.argv());
    REQUIRE(o);
    CHECK(o->headless);
    CHECK(use_headless(*o, ":0", "wayland-0"));  // forced even with a display

    Argv frames{"attnlab", "--headless", "--frames", "20", "--stats"};
    o = parse_app_options(frames.argc(), frames.argv());
    REQUIRE(o);
    CHECK(use_headless(*o, ":0", nullptr));

    // An interactive run never goes headless by itself, and --headless alone has no end.
    Argv interactive{"attnlab", "--text", "hello"};
    o = parse_app_options(interactive.argc(), interactive.argv());
    REQUIRE(o);
    CHECK(!use_headless(*o, nullptr, nullptr));
    Argv alone{"attnlab", "--headless"};
    auto bad = parse_app_options(alone.argc(), alone.argv());
    REQUIRE(!bad);
    CHECK(bad.error().find("--headless") != std::string::npos);
    Argv with_value{"attnlab", "--headless=yes", "--screenshot", "x.png"};
    CHECK(!parse_app_options(with_value.argc(), with_value.argv()));
    // The flag is the GUI's: stripped before the CLI looks for subcommands.
    Argv strip{"attnlab", "--headless", "--screenshot", "dump"};
    CHECK(strip_gui_flags(strip.argc(), strip.argv()).size() == 1);
}

TEST_CASE("--language and --target-language: a speech model's language, or an mBART-50 model's direction") {
    const char* argv[] = {"attnlab", "--screenshot", "x.png", "--language", "ko_KR", "--target-language", "en_XX"};
    auto o = parse_app_options(7, const_cast<char**>(argv));
    REQUIRE(o.ok());
    AppState state;
    apply_options(*o, state);
    CHECK(state.translate_from == "ko_KR");
    CHECK(state.translate_to == "en_XX");
    CHECK(state.speech_language == "ko_KR");  // each applies where it means something
    const char* empty[] = {"attnlab", "--target-language", ""};
    auto bad = parse_app_options(3, const_cast<char**>(empty));
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().find("--target-language") != std::string::npos);
}
