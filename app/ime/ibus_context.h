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
    std::string timing() const override { return timing_.summary(); }

private:
    explicit IbusContext(std::unique_ptr<IbusConnection> c);
    std::unique_ptr<IbusConnection> c_;
    ImeKeyTiming timing_;
};

}  // namespace attn::app
