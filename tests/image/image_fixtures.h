// image_fixtures.h — reading the fixtures of tests/image (gen_image_fixtures.py): whole files and
// the whitespace-separated case lists.
#pragma once

#include <cstdint>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace attn::test {

inline std::string image_fixture(const std::string& rel) {
    return std::string(ATTNLAB_IMAGE_FIXTURES) + "/" + rel;
}

inline std::vector<std::uint8_t> read_bytes(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

// The non-comment lines of a case list.
inline std::vector<std::string> case_lines(const std::string& path) {
    std::ifstream f(path);
    std::vector<std::string> out;
    for (std::string line; std::getline(f, line);)
        if (!line.empty() && line[0] != '#') out.push_back(line);
    return out;
}

}  // namespace attn::test
