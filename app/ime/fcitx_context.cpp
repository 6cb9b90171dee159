// fcitx_context.cpp — Fcitx 5 over D-Bus with libdbus (see fcitx_context.h).
//
// The protocol (Fcitx 5's D-Bus frontend, learnt from its published interface XML and by asking
// a running fcitx5 5.0.21): on the session bus, org.fcitx.Fcitx5 /org/freedesktop/portal/inputmethod
// org.fcitx.Fcitx.InputMethod1.CreateInputContext(a(ss) hints) → (o path, ay uuid); on the context
// (org.fcitx.Fcitx.InputContext1) SetCapability(t), ProcessKeyEvent(u keysym, u X keycode, u state,
// b release, u time) → b, FocusIn, FocusOut, Reset, SetCursorRect(iiii), DestroyIC; its signals
// CommitString(s), UpdateFormattedPreedit(a(si) runs of text and format flags, i caret in bytes,
// -1: none) and ForwardKey(u keysym, u state, b release) — no keycode: a forwarded copy of the key
// being processed is recognised by its keysym.
//
// Every call that can make the engine speak waits for its reply, so the signals it caused are
// already queued, in order, when poll() runs right after it (as in ibus_context.cpp).
#include "app/ime/fcitx_context.h"

#include <dbus/dbus.h>
#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <utility>

#include "app/ime/dbus_calls.h"

namespace attn::app {

namespace {

constexpr const char* kService = "org.fcitx.Fcitx5";
constexpr const char* kPath = "/org/freedesktop/portal/inputmethod";
constexpr const char* kInterface = "org.fcitx.Fcitx.InputMethod1";
constexpr const char* kContextInterface = "org.fcitx.Fcitx.InputContext1";
constexpr dbus_uint64_t kCapPreedit = 1u << 1;
constexpr dbus_uint64_t kCapFormattedPreedit = 1u << 4;
constexpr dbus_int32_t kFormatUnderline = 1 << 3;  // fcitx-utils' TextFormatFlag
constexpr dbus_int32_t kFormatHighlight = 1 << 4;
constexpr int kKeyTimeoutMs = 250;  // as for IBus: a late answer is dropped, the key goes to ImGui
constexpr int kCallTimeoutMs = 250;

// The session bus's address, without libdbus's fallback of autolaunching a bus.
std::string session_address() {
    if (const char* a = std::getenv("DBUS_SESSION_BUS_ADDRESS"); a != nullptr && *a != '\0') return a;
    if (const char* r = std::getenv("XDG_RUNTIME_DIR"); r != nullptr && *r != '\0') {
        const std::string path = std::string(r) + "/bus";
        struct stat st {};
        if (stat(path.c_str(), &st) == 0 && S_ISSOCK(st.st_mode)) return "unix:path=" + path;
    }
    return {};
}

}  // namespace

struct FcitxConnection {
    DBusConnection* bus = nullptr;
    std::string path;
    std::vector<ImeEvent> events;
    const ImeKey* current = nullptr;  // the key process_key is asking about, for ForwardKey

    ~FcitxConnection() {
        if (bus == nullptr) return;
        if (!path.empty()) {
            if (DBusMessage* m = call("DestroyIC")) {
                dbus_connection_send(bus, m, nullptr);
                dbus_message_unref(m);
                dbus_connection_flush(bus);
            }
        }
        dbus_connection_close(bus);
        dbus_connection_unref(bus);
    }

    DBusMessage* call(const char* method) const {
        DBusMessage* m = dbus_message_new_method_call(kService, path.c_str(), kContextInterface, method);
        if (m != nullptr) dbus_message_set_auto_start(m, FALSE);
        return m;
    }

    DBusMessage* send_wait(DBusMessage* m, int timeout_ms) {
        return dbus_send_wait(bus, m, timeout_ms);
    }

    void call_wait(const char* method) {
        if (DBusMessage* m = call(method)) {
            if (DBusMessage* r = send_wait(m, kCallTimeoutMs)) dbus_message_unref(r);
        }
    }

    void drain() {
        dbus_drain_signals(bus, kContextInterface, path, [this](DBusMessage* m) { on_signal(m); });
    }

    // a(si) → the whole text and its styled runs (code points); i → the caret (bytes → code points).
    void on_preedit(DBusMessageIter* it) {
        ImeEvent e;
        e.kind = ImeEvent::Kind::Preedit;
        if (dbus_message_iter_get_arg_type(it) != DBUS_TYPE_ARRAY) return;
        DBusMessageIter arr;
        dbus_message_iter_recurse(it, &arr);
        int cp = 0;
        for (; dbus_message_iter_get_arg_type(&arr) == DBUS_TYPE_STRUCT; dbus_message_iter_next(&arr)) {
            DBusMessageIter st;
            dbus_message_iter_recurse(&arr, &st);
            const char* s = nullptr;
            dbus_int32_t format = 0;
            if (dbus_message_iter_get_arg_type(&st) != DBUS_TYPE_STRING) continue;
            dbus_message_iter_get_basic(&st, &s);
            if (dbus_message_iter_next(&st) && dbus_message_iter_get_arg_type(&st) == DBUS_TYPE_INT32)
                dbus_message_iter_get_basic(&st, &format);
            const std::string run = s != nullptr ? s : "";
            int n = 0;
            for (unsigned char ch : run) n += (ch & 0xC0) != 0x80;
            if (format & kFormatHighlight) e.spans.push_back(ImeSpan{ImeSpan::Kind::Background, cp, cp + n});
            if (format & kFormatUnderline) e.spans.push_back(ImeSpan{ImeSpan::Kind::Underline, cp, cp + n});
            e.text += run;
            cp += n;
        }
        dbus_int32_t caret = -1;
        if (dbus_message_iter_next(it) && dbus_message_iter_get_arg_type(it) == DBUS_TYPE_INT32)
            dbus_message_iter_get_basic(it, &caret);
        int cursor = cp;  // no caret given: at the end
        if (caret >= 0) {
            cursor = 0;
            for (size_t i = 0; i < e.text.size() && i < size_t(caret); ++i)
                cursor += (static_cast<unsigned char>(e.text[i]) & 0xC0) != 0x80;
        }
        e.cursor = cursor;
        e.visible = !e.text.empty();
        events.push_back(std::move(e));
    }

    void on_signal(DBusMessage* m) {
        const std::string member = dbus_message_get_member(m) ? dbus_message_get_member(m) : "";
        DBusMessageIter it;
        if (!dbus_message_iter_init(m, &it)) return;
        ImeEvent e;
        if (member == "CommitString" && dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_STRING) {
            const char* s = nullptr;
            dbus_message_iter_get_basic(&it, &s);
            e.kind = ImeEvent::Kind::Commit;
            e.text = s != nullptr ? s : "";
            if (!e.text.empty()) events.push_back(std::move(e));
        } else if (member == "UpdateFormattedPreedit") {
            on_preedit(&it);
        } else if (member == "ForwardKey") {
            dbus_uint32_t keysym = 0, state = 0;
            dbus_bool_t release = FALSE;
            if (dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_UINT32) dbus_message_iter_get_basic(&it, &keysym);
            if (dbus_message_iter_next(&it) && dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_UINT32)
                dbus_message_iter_get_basic(&it, &state);
            if (dbus_message_iter_next(&it) && dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_BOOLEAN)
                dbus_message_iter_get_basic(&it, &release);
            e.kind = ImeEvent::Kind::ForwardKey;
            e.key.keysym = keysym;
            e.key.state = state;
            e.key.release = release != FALSE;
            if (current != nullptr && current->keysym == keysym && current->release == e.key.release)
                e.key.keycode = current->keycode;  // the key itself, handed back
            events.push_back(std::move(e));
        }
    }
};

std::unique_ptr<FcitxContext> FcitxContext::connect(std::string* why) {
    const std::string address = session_address();
    if (address.empty()) {
        *why = "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS)";
        return nullptr;
    }
    DBusError err;
    dbus_error_init(&err);
    auto c = std::make_unique<FcitxConnection>();
    c->bus = dbus_connection_open_private(address.c_str(), &err);
    if (c->bus == nullptr || !dbus_bus_register(c->bus, &err)) {
        *why = std::string("cannot connect to the session bus: ") + (err.message != nullptr ? err.message : address.c_str());
        dbus_error_free(&err);
        return nullptr;
    }
    dbus_connection_set_exit_on_disconnect(c->bus, FALSE);
    if (!dbus_bus_name_has_owner(c->bus, kService, &err)) {
        *why = "Fcitx 5 is not running (no org.fcitx.Fcitx5 on the session bus)";
        dbus_error_free(&err);
        return nullptr;
    }

    DBusMessage* m = dbus_message_new_method_call(kService, kPath, kInterface, "CreateInputContext");
    dbus_message_set_auto_start(m, FALSE);
    {
        DBusMessageIter it, arr, st;
        dbus_message_iter_init_append(m, &it);
        dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "(ss)", &arr);
        const char* hints[2][2] = {{"program", "attnlab"}, {"display", "x11:"}};
        for (const auto& h : hints) {
            dbus_message_iter_open_container(&arr, DBUS_TYPE_STRUCT, nullptr, &st);
            dbus_message_iter_append_basic(&st, DBUS_TYPE_STRING, &h[0]);
            dbus_message_iter_append_basic(&st, DBUS_TYPE_STRING, &h[1]);
            dbus_message_iter_close_container(&arr, &st);
        }
        dbus_message_iter_close_container(&it, &arr);
    }
    DBusMessage* reply = dbus_connection_send_with_reply_and_block(c->bus, m, 1000, &err);
    dbus_message_unref(m);
    DBusMessageIter rit;
    const char* path = nullptr;
    if (reply != nullptr && dbus_message_iter_init(reply, &rit) && dbus_message_iter_get_arg_type(&rit) == DBUS_TYPE_OBJECT_PATH)
        dbus_message_iter_get_basic(&rit, &path);
    if (path == nullptr) {
        *why = std::string("Fcitx 5 did not create an input context: ") + (err.message != nullptr ? err.message : "");
        dbus_error_free(&err);
        if (reply != nullptr) dbus_message_unref(reply);
        return nullptr;
    }
    c->path = path;
    dbus_message_unref(reply);

    const std::string rule = "type='signal',interface='" + std::string(kContextInterface) + "',path='" + c->path + "'";
    dbus_bus_add_match(c->bus, rule.c_str(), nullptr);
    if (DBusMessage* caps = c->call("SetCapability")) {
        dbus_uint64_t v = kCapPreedit | kCapFormattedPreedit;
        dbus_message_append_args(caps, DBUS_TYPE_UINT64, &v, DBUS_TYPE_INVALID);
        if (DBusMessage* r = c->send_wait(caps, kCallTimeoutMs)) dbus_message_unref(r);
    }
    return std::unique_ptr<FcitxContext>(new FcitxContext(std::move(c)));
}

FcitxContext::FcitxContext(std::unique_ptr<FcitxConnection> c) : c_(std::move(c)) {}
FcitxContext::~FcitxContext() = default;

bool FcitxContext::process_key(const ImeKey& key) {
    DBusMessage* m = c_->call("ProcessKeyEvent");
    if (m == nullptr) return false;
    dbus_uint32_t keysym = key.keysym, keycode = key.keycode, state = key.state, time = 0;
    dbus_bool_t release = key.release ? TRUE : FALSE;
    dbus_message_append_args(m, DBUS_TYPE_UINT32, &keysym, DBUS_TYPE_UINT32, &keycode, DBUS_TYPE_UINT32, &state,
                             DBUS_TYPE_BOOLEAN, &release, DBUS_TYPE_UINT32, &time, DBUS_TYPE_INVALID);
    const auto t0 = std::chrono::steady_clock::now();
    DBusMessage* reply = c_->send_wait(m, kKeyTimeoutMs);
    timing_.add(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count(), reply == nullptr);
    dbus_bool_t used = FALSE;
    if (reply != nullptr) {
        if (!dbus_message_get_args(reply, nullptr, DBUS_TYPE_BOOLEAN, &used, DBUS_TYPE_INVALID)) used = FALSE;
        dbus_message_unref(reply);
    }
    c_->current = &key;  // the signals this key caused are read now, while it is known
    c_->drain();
    c_->current = nullptr;
    return used != FALSE;
}

void FcitxContext::focus_in() { c_->call_wait("FocusIn"); }
void FcitxContext::focus_out() { c_->call_wait("FocusOut"); }
void FcitxContext::reset() { c_->call_wait("Reset"); }

void FcitxContext::set_cursor_location(const ImeRect& caret) {
    DBusMessage* m = c_->call("SetCursorRect");
    if (m == nullptr) return;
    dbus_int32_t v[4] = {caret.x, caret.y, caret.w, caret.h};
    dbus_message_append_args(m, DBUS_TYPE_INT32, &v[0], DBUS_TYPE_INT32, &v[1], DBUS_TYPE_INT32, &v[2],
                             DBUS_TYPE_INT32, &v[3], DBUS_TYPE_INVALID);
    dbus_message_set_no_reply(m, TRUE);
    dbus_connection_send(c_->bus, m, nullptr);
    dbus_message_unref(m);
    dbus_connection_flush(c_->bus);
}

std::vector<ImeEvent> FcitxContext::poll() {
    c_->drain();
    return std::exchange(c_->events, {});
}

std::string FcitxContext::timing() const { return timing_.summary(); }

}  // namespace attn::app
