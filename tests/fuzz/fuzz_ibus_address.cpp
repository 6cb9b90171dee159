// fuzz_ibus_address.cpp — the address file ibus-daemon leaves in the user's config folder, and $DISPLAY
// turned into that file's name: neither may crash, and a name, when there is one, stays in its folder.
#include <string>

#include "app/ime/ibus_address.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(ibus_address) {
    const std::string text(attn::fuzz::as_text(data, size));
    const attn::app::IbusAddress a = attn::app::parse_ibus_address(text);
    if (a.address.find('\n') != std::string::npos) __builtin_trap();  // one line's value
    const std::string first_line = text.substr(0, text.find('\n'));
    if (const auto file = attn::app::ibus_address_file("/cfg", "id", first_line)) {
        if (file->parent_path() != "/cfg/ibus/bus") __builtin_trap();  // a display never names another folder
    }
    return 0;
}
