// dbus_input_context.cpp — one input context of an input-method service over a private libdbus
// connection, shared by the IBus and Fcitx 5 transports (see dbus_input_context.h).
#include "app/ime/dbus_input_context.h"

#include <chrono>

namespace attn::app {

DbusInputContext::~DbusInputContext() {
    if (bus == nullptr) return;
    if (!path.empty()) {
        if (DBusMessage* m = call(destroy_method)) {
            dbus_connection_send(bus, m, nullptr);
            dbus_message_unref(m);
            dbus_connection_flush(bus);
        }
    }
    dbus_connection_close(bus);
    dbus_connection_unref(bus);
}

bool DbusInputContext::open(const std::string& address, const char* what, std::string* why) {
    DBusError err;
    dbus_error_init(&err);
    bus = dbus_connection_open_private(address.c_str(), &err);
    if (bus == nullptr || !dbus_bus_register(bus, &err)) {
        *why = std::string("cannot connect to ") + what + ": " + (err.message != nullptr ? err.message : address.c_str());
        dbus_error_free(&err);
        return false;
    }
    dbus_connection_set_exit_on_disconnect(bus, FALSE);
    return true;
}

bool DbusInputContext::create(DBusMessage* m, const char* what, std::string* why) {
    DBusError err;
    dbus_error_init(&err);
    DBusMessage* reply = dbus_connection_send_with_reply_and_block(bus, m, 1000, &err);
    dbus_message_unref(m);
    DBusMessageIter it;
    const char* created = nullptr;
    if (reply != nullptr && dbus_message_iter_init(reply, &it) && dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_OBJECT_PATH)
        dbus_message_iter_get_basic(&it, &created);
    if (created == nullptr) {
        *why = std::string(what) + " did not create an input context: " + (err.message != nullptr ? err.message : "");
        dbus_error_free(&err);
        if (reply != nullptr) dbus_message_unref(reply);
        return false;
    }
    path = created;
    dbus_message_unref(reply);
    const std::string rule = "type='signal',interface='" + std::string(context_interface) + "',path='" + path + "'";
    dbus_bus_add_match(bus, rule.c_str(), nullptr);  // no error check: a failure shows as no signals
    return true;
}

DBusMessage* DbusInputContext::call(const char* method) const {
    DBusMessage* m = dbus_message_new_method_call(service, path.c_str(), context_interface, method);
    if (m != nullptr && !auto_start) dbus_message_set_auto_start(m, FALSE);
    return m;
}

DBusMessage* DbusInputContext::send_wait(DBusMessage* m, int timeout_ms) const {
    DBusError err;
    dbus_error_init(&err);
    DBusMessage* reply = dbus_connection_send_with_reply_and_block(bus, m, timeout_ms, &err);
    dbus_message_unref(m);
    dbus_error_free(&err);
    return reply;
}

void DbusInputContext::call_wait(const char* method) {
    if (DBusMessage* m = call(method)) call_wait(m);
}

void DbusInputContext::call_wait(DBusMessage* m) {
    if (DBusMessage* r = send_wait(m, kImeCallTimeoutMs)) dbus_message_unref(r);
}

bool DbusInputContext::send_key(DBusMessage* m, ImeKeyTiming& timing) {
    const auto t0 = std::chrono::steady_clock::now();
    DBusMessage* reply = send_wait(m, kImeKeyTimeoutMs);
    timing.add(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count(),
               reply == nullptr);
    dbus_bool_t used = FALSE;
    if (reply != nullptr) {
        if (!dbus_message_get_args(reply, nullptr, DBUS_TYPE_BOOLEAN, &used, DBUS_TYPE_INVALID)) used = FALSE;
        dbus_message_unref(reply);
    }
    return used != FALSE;
}

void DbusInputContext::send_cursor_rect(const char* method, const ImeRect& caret) {
    DBusMessage* m = call(method);
    if (m == nullptr) return;
    dbus_int32_t v[4] = {caret.x, caret.y, caret.w, caret.h};
    dbus_message_append_args(m, DBUS_TYPE_INT32, &v[0], DBUS_TYPE_INT32, &v[1], DBUS_TYPE_INT32, &v[2],
                             DBUS_TYPE_INT32, &v[3], DBUS_TYPE_INVALID);
    dbus_message_set_no_reply(m, TRUE);
    dbus_connection_send(bus, m, nullptr);
    dbus_message_unref(m);
    dbus_connection_flush(bus);
}

void DbusInputContext::drain(const std::function<void(DBusMessage*)>& on_signal) {
    dbus_connection_read_write(bus, 0);
    while (DBusMessage* m = dbus_connection_pop_message(bus)) {
        const char* iface = dbus_message_get_interface(m);
        const char* from = dbus_message_get_path(m);
        if (dbus_message_get_type(m) == DBUS_MESSAGE_TYPE_SIGNAL && iface != nullptr &&
            std::string(iface) == context_interface && from != nullptr && path == from) {
            on_signal(m);
        }
        dbus_message_unref(m);
    }
}

}  // namespace attn::app
