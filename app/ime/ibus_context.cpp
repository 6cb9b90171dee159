// ibus_context.cpp — IBus over D-Bus with libdbus (see ibus_context.h).
//
// The protocol (org.freedesktop.IBus, learnt from IBus's introspection data and SDL2's
// SDL_ibus.c): CreateInputContext(s) → o on the daemon; on the context SetCapabilities(u),
// ProcessKeyEvent(uuu) → b, FocusIn, FocusOut, Reset, SetCursorLocation(iiii); its signals
// CommitText(v), UpdatePreeditText(vub), HidePreeditText, ShowPreeditText, ForwardKeyEvent(uuu). Texts travel as
// IBusText: a variant holding ("IBusText", a{sv}, s text, v ("IBusAttrList", a{sv}, av of
// ("IBusAttribute", a{sv}, u type, u value, u start, u end))).
// The connection, the calls and the waiting are shared with Fcitx 5 (dbus_input_context.h).
#include "app/ime/ibus_context.h"

#include <dbus/dbus.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include "app/ime/dbus_input_context.h"
#include "app/ime/ibus_address.h"

namespace attn::app {

namespace {

constexpr const char* kService = "org.freedesktop.IBus";
constexpr const char* kPath = "/org/freedesktop/IBus";
constexpr const char* kInterface = "org.freedesktop.IBus";
constexpr const char* kContextInterface = "org.freedesktop.IBus.InputContext";
constexpr std::uint32_t kCapPreeditText = 1u << 0;
constexpr std::uint32_t kCapFocus = 1u << 3;
constexpr std::uint32_t kReleaseMask = 1u << 30;

std::string read_file_text(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string local_machine_id() {
    for (const char* p : {"/var/lib/dbus/machine-id", "/etc/machine-id"}) {
        std::string id = read_file_text(p);
        while (!id.empty() && (id.back() == '\n' || id.back() == ' ')) id.pop_back();
        if (!id.empty()) return id;
    }
    return {};
}

// IBUS_ADDRESS, or the daemon's file for this display (whose daemon must still be alive).
std::string find_address(const char* display, std::string* why) {
    if (const char* env = std::getenv("IBUS_ADDRESS"); env != nullptr && *env != '\0') return env;
    std::filesystem::path config;
    if (const char* x = std::getenv("XDG_CONFIG_HOME"); x != nullptr && *x != '\0') {
        config = x;
    } else if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
        config = std::filesystem::path(home) / ".config";
    } else {
        *why = "no HOME";
        return {};
    }
    const auto file = ibus_address_file(config, local_machine_id(), display != nullptr ? display : "");
    if (!file) {
        *why = "no X display number";
        return {};
    }
    std::error_code ec;
    std::filesystem::path found = *file;
    if (!std::filesystem::exists(found, ec)) {  // no machine id here: the display's file by its suffix
        found.clear();
        const std::string suffix = file->filename().string().substr(file->filename().string().find('-'));
        for (const auto& e : std::filesystem::directory_iterator(file->parent_path(), ec)) {
            const std::string name = e.path().filename().string();
            if (name.size() > suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
                found = e.path();
        }
    }
    if (found.empty()) {
        *why = "no ibus-daemon for this display (" + file->string() + ")";
        return {};
    }
    const IbusAddress a = parse_ibus_address(read_file_text(found));
    if (a.address.empty() || (a.pid > 0 && kill(pid_t(a.pid), 0) != 0)) {
        *why = "ibus-daemon is not running (" + found.string() + ")";
        return {};
    }
    return a.address;
}

// IBusText → its string and styled runs. Anything unexpected gives an empty text.
void read_ibus_text(DBusMessageIter* variant, std::string* text, std::vector<ImeSpan>* spans) {
    if (dbus_message_iter_get_arg_type(variant) != DBUS_TYPE_VARIANT) return;
    DBusMessageIter v, st;
    dbus_message_iter_recurse(variant, &v);
    if (dbus_message_iter_get_arg_type(&v) != DBUS_TYPE_STRUCT) return;
    dbus_message_iter_recurse(&v, &st);
    const char* s = nullptr;
    if (dbus_message_iter_get_arg_type(&st) != DBUS_TYPE_STRING) return;
    dbus_message_iter_get_basic(&st, &s);
    if (s == nullptr || std::string(s) != "IBusText") return;
    dbus_message_iter_next(&st);  // attachments a{sv}
    dbus_message_iter_next(&st);
    if (dbus_message_iter_get_arg_type(&st) != DBUS_TYPE_STRING) return;
    dbus_message_iter_get_basic(&st, &s);
    *text = s != nullptr ? s : "";
    if (spans == nullptr || !dbus_message_iter_next(&st) || dbus_message_iter_get_arg_type(&st) != DBUS_TYPE_VARIANT)
        return;
    DBusMessageIter lv, list, arr;
    dbus_message_iter_recurse(&st, &lv);  // ("IBusAttrList", a{sv}, av)
    if (dbus_message_iter_get_arg_type(&lv) != DBUS_TYPE_STRUCT) return;
    dbus_message_iter_recurse(&lv, &list);
    dbus_message_iter_next(&list);
    dbus_message_iter_next(&list);
    if (dbus_message_iter_get_arg_type(&list) != DBUS_TYPE_ARRAY) return;
    dbus_message_iter_recurse(&list, &arr);
    for (; dbus_message_iter_get_arg_type(&arr) == DBUS_TYPE_VARIANT; dbus_message_iter_next(&arr)) {
        DBusMessageIter av, attr;
        dbus_message_iter_recurse(&arr, &av);
        if (dbus_message_iter_get_arg_type(&av) != DBUS_TYPE_STRUCT) continue;
        dbus_message_iter_recurse(&av, &attr);
        dbus_message_iter_next(&attr);  // "IBusAttribute"
        dbus_message_iter_next(&attr);  // a{sv}
        dbus_uint32_t u[4] = {0, 0, 0, 0};  // type, value, start, end
        int n = 0;
        for (; n < 4 && dbus_message_iter_get_arg_type(&attr) == DBUS_TYPE_UINT32; ++n) {
            dbus_message_iter_get_basic(&attr, &u[n]);
            dbus_message_iter_next(&attr);
        }
        if (n == 4 && u[0] >= 1 && u[0] <= 3 && u[2] <= u[3])
            spans->push_back(ImeSpan{ImeSpan::Kind(u[0]), int(u[2]), int(u[3])});
    }
}

}  // namespace

struct IbusConnection {
    DbusInputContext link{kService, kContextInterface, "Destroy", true};

    void drain() {
        link.drain([this](DBusMessage* m) { on_signal(m); });
    }

    void on_signal(DBusMessage* m) {
        const std::string member = dbus_message_get_member(m) ? dbus_message_get_member(m) : "";
        DBusMessageIter it;
        const bool has_args = dbus_message_iter_init(m, &it);
        ImeEvent e;
        if (member == "CommitText" && has_args) {
            e.kind = ImeEvent::Kind::Commit;
            read_ibus_text(&it, &e.text, nullptr);
            if (!e.text.empty()) link.events.push_back(std::move(e));
        } else if ((member == "UpdatePreeditText" || member == "UpdatePreeditTextWithMode") && has_args) {
            e.kind = ImeEvent::Kind::Preedit;
            read_ibus_text(&it, &e.text, &e.spans);
            dbus_uint32_t cursor = 0;
            dbus_bool_t visible = FALSE;
            if (dbus_message_iter_next(&it) && dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_UINT32)
                dbus_message_iter_get_basic(&it, &cursor);
            if (dbus_message_iter_next(&it) && dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_BOOLEAN)
                dbus_message_iter_get_basic(&it, &visible);
            e.cursor = int(cursor);
            e.visible = visible != FALSE;
            link.events.push_back(std::move(e));
        } else if (member == "ForwardKeyEvent" && has_args) {
            e.kind = ImeEvent::Kind::ForwardKey;
            dbus_uint32_t u[3] = {0, 0, 0};  // keyval, keycode (evdev), state
            for (int n = 0; n < 3 && dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_UINT32; ++n) {
                dbus_message_iter_get_basic(&it, &u[n]);
                dbus_message_iter_next(&it);
            }
            e.key.keysym = u[0];
            e.key.keycode = u[1] + 8;  // back to the X keycode
            e.key.release = (u[2] & kReleaseMask) != 0;
            e.key.state = u[2] & ~kReleaseMask;
            link.events.push_back(std::move(e));
        } else if (member == "HidePreeditText") {
            e.kind = ImeEvent::Kind::HidePreedit;
            link.events.push_back(std::move(e));
        } else if (member == "ShowPreeditText") {
            e.kind = ImeEvent::Kind::ShowPreedit;
            link.events.push_back(std::move(e));
        }
    }
};

std::unique_ptr<IbusContext> IbusContext::connect(const char* display, std::string* why) {
    std::string address = find_address(display, why);
    if (address.empty()) return nullptr;
    auto c = std::make_unique<IbusConnection>();
    if (!c->link.open(address, "IBus", why)) return nullptr;

    DBusMessage* m = dbus_message_new_method_call(kService, kPath, kInterface, "CreateInputContext");
    if (m == nullptr) return nullptr;
    const char* client = "AttnLab";
    dbus_message_append_args(m, DBUS_TYPE_STRING, &client, DBUS_TYPE_INVALID);
    if (!c->link.create(m, "IBus", why)) return nullptr;
    if (DBusMessage* caps = c->link.call("SetCapabilities")) {
        dbus_uint32_t v = kCapPreeditText | kCapFocus;
        dbus_message_append_args(caps, DBUS_TYPE_UINT32, &v, DBUS_TYPE_INVALID);
        c->link.call_wait(caps);
    }
    return std::unique_ptr<IbusContext>(new IbusContext(std::move(c)));
}

IbusContext::IbusContext(std::unique_ptr<IbusConnection> c) : c_(std::move(c)) {}
IbusContext::~IbusContext() = default;

bool IbusContext::process_key(const ImeKey& key) {
    DBusMessage* m = c_->link.call("ProcessKeyEvent");
    if (m == nullptr) return false;
    dbus_uint32_t keysym = key.keysym, keycode = key.keycode >= 8 ? key.keycode - 8 : 0;  // IBus: evdev code
    dbus_uint32_t state = key.state | (key.release ? kReleaseMask : 0u);
    dbus_message_append_args(m, DBUS_TYPE_UINT32, &keysym, DBUS_TYPE_UINT32, &keycode, DBUS_TYPE_UINT32, &state,
                             DBUS_TYPE_INVALID);
    return c_->link.send_key(m, timing_);
}

void IbusContext::focus_in() { c_->link.call_wait("FocusIn"); }
void IbusContext::focus_out() { c_->link.call_wait("FocusOut"); }
void IbusContext::reset() { c_->link.call_wait("Reset"); }

void IbusContext::set_cursor_location(const ImeRect& caret) { c_->link.send_cursor_rect("SetCursorLocation", caret); }

std::vector<ImeEvent> IbusContext::poll() {
    c_->drain();
    return std::exchange(c_->link.events, {});
}

}  // namespace attn::app
