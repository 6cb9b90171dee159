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
// The connection, the calls and the waiting are shared with IBus (dbus_input_context.h).
#include "app/ime/fcitx_context.h"

#include <dbus/dbus.h>
#include <sys/stat.h>

#include <cstdlib>
#include <utility>

#include "app/ime/dbus_input_context.h"

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
    DbusInputContext link{kService, kContextInterface, "DestroyIC", false};  // never starts fcitx5
    const ImeKey* current = nullptr;  // the key process_key is asking about, for ForwardKey

    void drain() {
        link.drain([this](DBusMessage* m) { on_signal(m); });
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
        link.events.push_back(std::move(e));
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
            if (!e.text.empty()) link.events.push_back(std::move(e));
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
            link.events.push_back(std::move(e));
        }
    }
};

std::unique_ptr<FcitxContext> FcitxContext::connect(std::string* why) {
    const std::string address = session_address();
    if (address.empty()) {
        *why = "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS)";
        return nullptr;
    }
    auto c = std::make_unique<FcitxConnection>();
    if (!c->link.open(address, "the session bus", why)) return nullptr;
    DBusError err;
    dbus_error_init(&err);
    if (!dbus_bus_name_has_owner(c->link.bus, kService, &err)) {
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
    if (!c->link.create(m, "Fcitx 5", why)) return nullptr;
    if (DBusMessage* caps = c->link.call("SetCapability")) {
        dbus_uint64_t v = kCapPreedit | kCapFormattedPreedit;
        dbus_message_append_args(caps, DBUS_TYPE_UINT64, &v, DBUS_TYPE_INVALID);
        c->link.call_wait(caps);
    }
    return std::unique_ptr<FcitxContext>(new FcitxContext(std::move(c)));
}

FcitxContext::FcitxContext(std::unique_ptr<FcitxConnection> c) : c_(std::move(c)) {}
FcitxContext::~FcitxContext() = default;

bool FcitxContext::process_key(const ImeKey& key) {
    DBusMessage* m = c_->link.call("ProcessKeyEvent");
    if (m == nullptr) return false;
    dbus_uint32_t keysym = key.keysym, keycode = key.keycode, state = key.state, time = 0;
    dbus_bool_t release = key.release ? TRUE : FALSE;
    dbus_message_append_args(m, DBUS_TYPE_UINT32, &keysym, DBUS_TYPE_UINT32, &keycode, DBUS_TYPE_UINT32, &state,
                             DBUS_TYPE_BOOLEAN, &release, DBUS_TYPE_UINT32, &time, DBUS_TYPE_INVALID);
    const bool used = c_->link.send_key(m, timing_);
    c_->current = &key;  // the signals this key caused are read now, while it is known
    c_->drain();
    c_->current = nullptr;
    return used;
}

void FcitxContext::focus_in() { c_->link.call_wait("FocusIn"); }
void FcitxContext::focus_out() { c_->link.call_wait("FocusOut"); }
void FcitxContext::reset() { c_->link.call_wait("Reset"); }

void FcitxContext::set_cursor_location(const ImeRect& caret) { c_->link.send_cursor_rect("SetCursorRect", caret); }

std::vector<ImeEvent> FcitxContext::poll() {
    c_->drain();
    return std::exchange(c_->link.events, {});
}

std::string FcitxContext::timing() const { return timing_.summary(); }

}  // namespace attn::app
