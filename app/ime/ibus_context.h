// ibus_context.h — an IBus input context over D-Bus (libdbus): the thin transport behind InputContext.
#pragma once

#include <memory>
#include <string>

#include "app/ime/ime_bridge.h"

namespace attn::app {

struct IbusConnection;  // the private D-Bus connection and the context's object path

class IbusContext final : public InputContext {
public:
    // Connects to the running ibus-daemon for this display and creates an input context;
    // nullptr (and `why`) when IBus is not reachable. `display` is $DISPLAY.
    static std::unique_ptr<IbusContext> connect(const char* display, std::string* why);
    ~IbusContext() override;

    bool process_key(const ImeKey& key) override;
    void focus_in() override;
    void focus_out() override;
    void reset() override;
    void set_cursor_location(const ImeRect& caret) override;
    std::vector<ImeEvent> poll() override;

    double last_key_ms() const { return last_key_ms_; }  // ProcessKeyEvent's round trip
    double max_key_ms() const { return max_key_ms_; }
    double mean_key_ms() const { return keys_ > 0 ? sum_key_ms_ / keys_ : 0.0; }
    int timeouts() const { return timeouts_; }

private:
    explicit IbusContext(std::unique_ptr<IbusConnection> c);
    std::unique_ptr<IbusConnection> c_;
    double last_key_ms_ = 0.0, max_key_ms_ = 0.0, sum_key_ms_ = 0.0;
    int keys_ = 0;
    int timeouts_ = 0;
};

}  // namespace attn::app
