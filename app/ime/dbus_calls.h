// dbus_calls.h — the libdbus plumbing both input-method backends (IBus, Fcitx 5) share: a call
// that waits for its reply, and reading one input context's signals without blocking.
#pragma once

#include <dbus/dbus.h>

#include <functional>
#include <string>

namespace attn::app {

// Sends `m` (unreffed here) and waits at most timeout_ms for the reply: nullptr on an error or a
// timeout, else the reply, which the caller unrefs.
DBusMessage* dbus_send_wait(DBusConnection* bus, DBusMessage* m, int timeout_ms);

// Reads what arrived on `bus` without blocking; every signal of `interface` sent from the object
// `path` goes to on_signal, everything else is dropped.
void dbus_drain_signals(DBusConnection* bus, const char* interface, const std::string& path,
                        const std::function<void(DBusMessage*)>& on_signal);

}  // namespace attn::app
