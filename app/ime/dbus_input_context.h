// dbus_input_context.h — what the two input-method transports (IBus, Fcitx 5) share: one input
// context of a service, reached over a private libdbus connection. Each transport keeps only its
// protocol: how it finds the bus, creates the context and reads its signals (ibus_context.cpp,
// fcitx_context.cpp).
//
// Every call that can make the engine speak (keys, focus out, reset) waits for its reply, so the
// signals it caused are already queued, in order, when the transport drains them right after it.
#pragma once

#include <dbus/dbus.h>

#include <functional>
#include <string>
#include <vector>

#include "app/ime/ime_bridge.h"

namespace attn::app {

// A key waits at most this long for the input method; a late answer is dropped and the key goes
// to ImGui. Measured round trips with ibus-hangul and fcitx5-hangul are well under a millisecond.
inline constexpr int kImeKeyTimeoutMs = 250;
inline constexpr int kImeCallTimeoutMs = 250;

struct DbusInputContext {
    // Which service and context interface the calls go to, and how the context is destroyed.
    const char* service = nullptr;            // "org.freedesktop.IBus"
    const char* context_interface = nullptr;  // "org.freedesktop.IBus.InputContext"
    const char* destroy_method = nullptr;     // "Destroy" / "DestroyIC"
    bool auto_start = true;                   // false: never start the service for a call

    DBusConnection* bus = nullptr;
    std::string path;  // the input context's object path
    std::vector<ImeEvent> events;

    DbusInputContext(const char* service, const char* context_interface, const char* destroy_method, bool auto_start)
        : service(service), context_interface(context_interface), destroy_method(destroy_method),
          auto_start(auto_start) {}
    DbusInputContext(const DbusInputContext&) = delete;
    DbusInputContext& operator=(const DbusInputContext&) = delete;
    ~DbusInputContext();  // destroys the context and closes the connection

    // Opens a private connection to `address` and registers on it; false and `why` (naming
    // `what`, e.g. "IBus") when that fails. A daemon going away never ends the app.
    bool open(const std::string& address, const char* what, std::string* why);

    // Sends the service's CreateInputContext call `m` (unreffed here) and keeps the object path its
    // reply starts with; its signals come to drain() from then on. False and `why` (naming `what`)
    // when no context came back.
    bool create(DBusMessage* m, const char* what, std::string* why);

    // A method call on the context (null when out of memory); send it with send_wait.
    DBusMessage* call(const char* method) const;
    // Sends `m` (unreffed here) and waits at most timeout_ms: the reply (the caller unrefs it), or
    // null on an error or a timeout.
    DBusMessage* send_wait(DBusMessage* m, int timeout_ms) const;
    void call_wait(const char* method);  // a call without arguments, waited for, reply dropped
    void call_wait(DBusMessage* m);       // a call built by the caller (unreffed here), the same way

    // A key event built by the transport: sent, timed into `timing`, true when the engine used it.
    bool send_key(DBusMessage* m, ImeKeyTiming& timing);
    // The caret rectangle, with no reply asked (`method`: "SetCursorLocation" / "SetCursorRect").
    void send_cursor_rect(const char* method, const ImeRect& caret);

    // Reads what arrived without blocking; every signal of the context goes to on_signal.
    void drain(const std::function<void(DBusMessage*)>& on_signal);
};

}  // namespace attn::app
