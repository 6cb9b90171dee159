// ibus_address.h — where IBus's D-Bus address is: IBUS_ADDRESS, or the file ibus-daemon writes per display.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace attn::app {

// The file ibus-daemon writes for an X display: <config>/ibus/bus/<machine-id>-<host>-<display>,
// with host "unix" for a local display (":1.0" → "unix", "1"). nullopt when `display` says no
// display number.
std::optional<std::filesystem::path> ibus_address_file(const std::filesystem::path& config_dir,
                                                       const std::string& machine_id, const std::string& display);

// IBUS_ADDRESS=… and IBUS_DAEMON_PID=… from that file's text; address empty when absent.
struct IbusAddress {
    std::string address;
    long pid = 0;
};
IbusAddress parse_ibus_address(const std::string& text);

}  // namespace attn::app
