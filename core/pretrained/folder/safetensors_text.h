// safetensors_text.h — how the safetensors reader names what it refuses (safetensors.cpp and
// safetensors_read.cpp): a file's base name, a tensor's name quoted and shortened (a hostile
// header cannot flood a message), a shape as "[2, 3]".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace attn::pretrained::safetensors_text {

std::string base_name(const std::string& path);
std::string quote_name(std::string_view name);
std::string shape_text(const std::vector<std::int64_t>& shape);

}  // namespace attn::pretrained::safetensors_text
