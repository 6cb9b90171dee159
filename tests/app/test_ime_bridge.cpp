// test_ime_bridge.cpp — the input-method bridge's logic against a fake input context (no D-Bus, no window).
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "app/ime/ibus_address.h"
#include "app/ime/ime_bridge.h"

using namespace attn::app;

namespace {

constexpr std::uint32_t kReturn = 0xFF0D, kLeft = 0xFF51, kBackSpace = 0xFF08;

// A tiny composing engine shaped like ibus-hangul: letters build a pre-edit; Backspace edits the
// pre-edit; any other key while composing commits it, then is handed back (ForwardKeyEvent) or
// answered "not used" (`forward_keys` false); Reset commits (`commit_on_reset`) or drops.
struct FakeContext final : InputContext {
    std::string preedit;
    std::vector<ImeEvent> queue;
    std::vector<std::string> calls;
    bool commit_on_reset = true;
    bool forward_keys = true;
    ImeRect cursor;

    void say_preedit() {
        ImeEvent e;
        e.kind = ImeEvent::Kind::Preedit;
        e.text = preedit;
        e.cursor = preedit.empty() ? 0 : 1;
        e.visible = !preedit.empty();
        queue.push_back(e);
    }
    void commit_preedit() {
        if (preedit.empty()) return;
        ImeEvent c;
        c.kind = ImeEvent::Kind::Commit;
        c.text = preedit;
        preedit.clear();
        say_preedit();
        queue.push_back(c);
    }
    bool process_key(const ImeKey& key) override {
        calls.push_back(key.release ? "release" : "key");
        if (key.release) return false;
        if (key.keysym >= 'a' && key.keysym <= 'z') {
            preedit += char(key.keysym - 'a' + 'A');  // "composes" into an upper-case letter
            say_preedit();
            return true;
        }
        if (key.keysym == kBackSpace && !preedit.empty()) {
            preedit.pop_back();
            say_preedit();
            return true;
        }
        if (preedit.empty()) return false;
        commit_preedit();
        if (!forward_keys) return false;
        ImeEvent f;
        f.kind = ImeEvent::Kind::ForwardKey;
        f.key = key;
        queue.push_back(f);
        return true;
    }
    void focus_in() override { calls.push_back("focus_in"); }
    void focus_out() override { calls.push_back("focus_out"); }
    void reset() override {
        calls.push_back("reset");
        if (commit_on_reset) commit_preedit();
        else preedit.clear();
    }
    void set_cursor_location(const ImeRect& r) override {
        calls.push_back("cursor");
        cursor = r;
    }
    std::vector<ImeEvent> poll() override {
        std::vector<ImeEvent> out;
        out.swap(queue);
        return out;
    }
};

ImeKey press(std::uint32_t keysym) {
    ImeKey k;
    k.keysym = keysym;
    k.keycode = 38 + keysym % 50;
    return k;
}

ImeKey release(std::uint32_t keysym) {
    ImeKey k = press(keysym);
    k.release = true;
    return k;
}

// A bridge with text field 7 focused (the first frame after the click into it).
ImeBridge focused_bridge(FakeContext& ic) {
    ImeBridge b;
    b.ic = &ic;
    ime_set_field(b, 7, ImeRect{100, 200, 1, 18});
    return b;
}

std::string take(ImeBridge& b) {
    std::string s;
    s.swap(b.commit);
    return s;
}

}  // namespace

TEST_CASE("a key the input method uses never reaches ImGui, nor do its characters") {
    FakeContext ic;
    ImeBridge b = focused_bridge(ic);
    CHECK_FALSE(ime_key(b, press('g')));
    CHECK_FALSE(ime_char(b));
    CHECK(ime_composing(b));
    CHECK(b.preedit.text == "G");
    CHECK(ime_key(b, release('g')));  // releases always reach ImGui: its key state must end
    CHECK_FALSE(ime_key(b, press(kBackSpace)));  // Backspace edits the pre-edit only
    CHECK(b.preedit.text.empty());
    CHECK(ime_key(b, press(kBackSpace)));  // nothing composed: Backspace deletes in the field
    CHECK(ime_char(b));
    CHECK(take(b).empty());
}

TEST_CASE("a key that ends a syllable reaches ImGui after the syllable's commit") {
    for (const bool forward : {true, false}) {  // handed back (ibus-hangul) or answered "not used"
        CAPTURE(forward);
        for (const std::uint32_t ender : {kReturn, kLeft, std::uint32_t(' '), std::uint32_t('1')}) {
            CAPTURE(ender);
            FakeContext ic;
            ic.forward_keys = forward;
            ImeBridge b = focused_bridge(ic);
            ime_key(b, press('g'));
            ime_key(b, press('k'));
            CHECK(ime_key(b, press(ender)));  // the key goes on to ImGui…
            CHECK(take(b) == "GK");           // …and the glue hands it the commit first
            CHECK(ime_char(b));               // Space and '1' type themselves
            CHECK_FALSE(ime_composing(b));
        }
    }
}

TEST_CASE("a forwarded key other than the one pressed types its text") {
    FakeContext ic;
    ImeBridge b = focused_bridge(ic);
    ImeEvent f;
    f.kind = ImeEvent::Kind::ForwardKey;
    f.key = press(0x0100AC00);  // Unicode keysym of 가
    ic.queue.push_back(f);
    ime_poll(b);
    CHECK(take(b) == "가");
    CHECK(keysym_text('a') == "a");
    CHECK(keysym_text(0xE9) == "é");
    CHECK(keysym_text(kReturn).empty());
}

TEST_CASE("without a focused text field keys bypass the input method") {
    FakeContext ic;
    ImeBridge b;
    b.ic = &ic;
    ime_set_field(b, 0, ImeRect{});
    CHECK(ime_key(b, press('g')));  // a shortcut key, not a jamo
    CHECK(ime_char(b));
    CHECK(ic.calls.empty());
    ImeBridge none;  // no input method at all: everything passes
    ime_set_field(none, 3, ImeRect{});
    CHECK(ime_key(none, press('g')));
    CHECK_FALSE(ime_finish_preedit(none));
}

TEST_CASE("a click or closing the window commits the pre-edit into its field exactly once") {
    for (const bool engine_commits : {true, false}) {
        CAPTURE(engine_commits);
        FakeContext ic;
        ic.commit_on_reset = engine_commits;
        ImeBridge b = focused_bridge(ic);
        ime_key(b, press('g'));
        CHECK(ime_finish_preedit(b));  // the glue holds the click back one frame
        CHECK(take(b) == "G");         // from the engine, or what was on screen
        CHECK_FALSE(ime_composing(b));
        CHECK(ic.calls.back() == "reset");
        CHECK_FALSE(ime_finish_preedit(b));  // nothing composed: the click goes through at once
        CHECK(take(b).empty());
    }
}

TEST_CASE("the field changing on its own takes the pre-edit along, not into the next field") {
    FakeContext ic;
    ImeBridge b = focused_bridge(ic);
    CHECK(ic.calls == std::vector<std::string>{"focus_in", "cursor"});
    ime_set_field(b, 7, ImeRect{100, 200, 1, 18});  // same caret: not sent again
    CHECK(ic.calls.size() == 2);
    ime_set_field(b, 7, ImeRect{110, 200, 1, 18});  // caret moved: the candidate window follows
    CHECK(ic.calls.back() == "cursor");
    CHECK(ic.cursor.x == 110);
    ime_key(b, press('g'));
    ime_set_field(b, 9, ImeRect{100, 300, 1, 18});
    CHECK(take(b).empty());
    CHECK_FALSE(ime_composing(b));
    const size_t n = ic.calls.size();
    REQUIRE(n >= 3);
    CHECK(ic.calls[n - 3] == "focus_out");
    CHECK(ic.calls[n - 2] == "focus_in");
    CHECK(ic.calls[n - 1] == "cursor");
}

TEST_CASE("the window losing focus commits the pre-edit; regaining it focuses the context again") {
    FakeContext ic;
    ImeBridge b = focused_bridge(ic);
    ime_key(b, press('g'));
    ime_window_focus(b, false);
    CHECK(take(b) == "G");
    CHECK(ic.calls.back() == "focus_out");
    CHECK(ime_key(b, press('k')));  // unfocused: nothing goes to the input method
    ime_window_focus(b, true);
    CHECK(ic.calls.back() == "focus_in");
    CHECK_FALSE(ime_key(b, press('k')));
}

TEST_CASE("pre-edit code points to bytes") {
    CHECK(ime_byte_offset("한글", 0) == 0);
    CHECK(ime_byte_offset("한글", 1) == 3);
    CHECK(ime_byte_offset("한글", 5) == 6);
    CHECK(ime_byte_offset("aé", 2) == 3);
}

TEST_CASE("IBus's address file for a display") {
    namespace fs = std::filesystem;
    CHECK(ibus_address_file("/h/.config", "abc", ":0") == fs::path("/h/.config/ibus/bus/abc-unix-0"));
    CHECK(ibus_address_file("/h/.config", "abc", ":12.0") == fs::path("/h/.config/ibus/bus/abc-unix-12"));
    CHECK(ibus_address_file("/h/.config", "abc", "host:3") == fs::path("/h/.config/ibus/bus/abc-host-3"));
    CHECK_FALSE(ibus_address_file("/h", "abc", "").has_value());
    CHECK_FALSE(ibus_address_file("/h", "abc", ":x").has_value());
    CHECK_FALSE(ibus_address_file("/h", "abc", "a/../..:1").has_value());  // never another folder
    const IbusAddress a = parse_ibus_address("# comment\nIBUS_ADDRESS=unix:abstract=/tmp/dbus-x,guid=1\r\nIBUS_DAEMON_PID=42\n");
    CHECK(a.address == "unix:abstract=/tmp/dbus-x,guid=1");
    CHECK(a.pid == 42);
    CHECK(parse_ibus_address("garbage").address.empty());
}

TEST_CASE("IBus or Fcitx 5 first, as GTK and Qt pick their input module") {
    using B = ImeBackend;
    const std::vector<B> ibus_first{B::Ibus, B::Fcitx}, fcitx_first{B::Fcitx, B::Ibus};
    CHECK(ime_backend_order(nullptr, nullptr, nullptr, nullptr) == ibus_first);  // nothing said: IBus, then Fcitx
    CHECK(ime_backend_order(nullptr, "fcitx", nullptr, "@im=ibus") == fcitx_first);  // GTK_IM_MODULE before XMODIFIERS
    CHECK(ime_backend_order(nullptr, nullptr, "fcitx5", nullptr) == fcitx_first);
    CHECK(ime_backend_order(nullptr, nullptr, "ibus", "@im=fcitx") == ibus_first);  // QT_IM_MODULE before XMODIFIERS
    CHECK(ime_backend_order(nullptr, "", "", "@im=fcitx") == fcitx_first);
    CHECK(ime_backend_order(nullptr, nullptr, "fcitx:ibus", nullptr) == fcitx_first);  // a list: its first name
    CHECK(ime_backend_order(nullptr, "xim", nullptr, "@im=ibus") == ibus_first);  // a module naming neither: next variable
    CHECK(ime_backend_order("fcitx", "ibus", "ibus", "@im=ibus") == std::vector<B>{B::Fcitx});  // ATTNLAB_IME forces one
    CHECK(ime_backend_order("ibus", "fcitx", nullptr, nullptr) == std::vector<B>{B::Ibus});
    CHECK(ime_backend_order("xim", "fcitx", nullptr, nullptr).empty());
    CHECK(ime_backend_order("", nullptr, nullptr, "@im=fcitx") == fcitx_first);  // empty: unset
}

TEST_CASE("key round-trip timing summary") {
    ImeKeyTiming t;
    t.add(0.5, false);
    t.add(1.5, true);
    CHECK(t.summary() == "2 key events; ProcessKeyEvent round trip mean 1.00 ms, max 1.50 ms; 1 timeouts");
}
