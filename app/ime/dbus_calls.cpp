// dbus_calls.cpp — the libdbus plumbing shared by the IBus and Fcitx 5 input contexts.
#include "app/ime/dbus_calls.h"

namespace attn::app {

DBusMessage* dbus_send_wait(DBusConnection* bus, DBusMessage* m, int timeout_ms) {
    DBusError err;
    dbus_error_init(&err);
    DBusMessage* reply = dbus_connection_send_with_reply_and_block(bus, m, timeout_ms, &err);
    dbus_message_unref(m);
    dbus_error_free(&err);
    return reply;
}

void dbus_drain_signals(DBusConnection* bus, const char* interface, const std::string& path,
                        const std::function<void(DBusMessage*)>& on_signal) {
    dbus_connection_read_write(bus, 0);
    while (DBusMessage* m = dbus_connection_pop_message(bus)) {
        const char* iface = dbus_message_get_interface(m);
        const char* from = dbus_message_get_path(m);
        if (dbus_message_get_type(m) == DBUS_MESSAGE_TYPE_SIGNAL && iface != nullptr &&
            std::string(iface) == interface && from != nullptr && path == from) {
            on_signal(m);
        }
        dbus_message_unref(m);
    }
}

}  // namespace attn::app
