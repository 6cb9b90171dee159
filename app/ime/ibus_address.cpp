// ibus_address.cpp — where IBus's D-Bus address is (see ibus_address.h).
#include "app/ime/ibus_address.h"

#include <cctype>
#include <cstdlib>
#include <sstream>

namespace attn::app {

std::optional<std::filesystem::path> ibus_address_file(const std::filesystem::path& config_dir,
                                                       const std::string& machine_id, const std::string& display) {
    const size_t colon = display.rfind(':');
    if (colon == std::string::npos || colon + 1 >= display.size()) return std::nullopt;
    std::string host = display.substr(0, colon);
    if (host.empty()) host = "unix";
    if (host.find('/') != std::string::npos) return std::nullopt;  // a file name, never a path
    const size_t dot = display.find('.', colon);
    const std::string number = display.substr(colon + 1, dot == std::string::npos ? std::string::npos : dot - colon - 1);
    if (number.empty()) return std::nullopt;
    for (char c : number)
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    return config_dir / "ibus" / "bus" / (machine_id + "-" + host + "-" + number);
}

IbusAddress parse_ibus_address(const std::string& text) {
    IbusAddress out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.rfind("IBUS_ADDRESS=", 0) == 0) out.address = line.substr(13);
        if (line.rfind("IBUS_DAEMON_PID=", 0) == 0) out.pid = std::strtol(line.c_str() + 16, nullptr, 10);
    }
    return out;
}

}  // namespace attn::app
