// fcitx_context.h — a Fcitx 5 input context over D-Bus (libdbus): the second transport behind InputContext.
#pragma once

#include <memory>
#include <string>

#include "app/ime/ime_bridge.h"

namespace attn::app {

struct FcitxConnection;  // the private session-bus connection, the context's path, the key being processed

class FcitxContext final : public InputContext {
public:
    // Connects to a running Fcitx 5 (org.fcitx.Fcitx5 on the session bus; never starts one) and
    // creates an input context; nullptr (and `why`) when Fcitx 5 is not reachable.
    static std::unique_ptr<FcitxContext> connect(std::string* why);
    ~FcitxContext() override;

    bool process_key(const ImeKey& key) override;
    void focus_in() override;
    void focus_out() override;
    void reset() override;
    void set_cursor_location(const ImeRect& caret) override;
    std::vector<ImeEvent> poll() override;
    std::string timing() const override;

private:
    explicit FcitxContext(std::unique_ptr<FcitxConnection> c);
    std::unique_ptr<FcitxConnection> c_;
    ImeKeyTiming timing_;
};

}  // namespace attn::app
