// json_writer.h — a small streaming JSON writer for big matrices.
//
// A 12-head trace at T = 512 has millions of numbers; building a DOM first would double the
// memory. Floats use the shortest text that reads back to the same float (std::to_chars);
// non-finite values, which JSON cannot hold, are written as null.
#pragma once

#include <ostream>
#include <string_view>
#include <vector>

#include "core/base/matrix.h"

namespace attn {

class JsonWriter {
public:
    explicit JsonWriter(std::ostream& out, bool pretty = true) : out_(out), pretty_(pretty) {}

    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();
    JsonWriter& key(std::string_view k);

    JsonWriter& value(std::string_view s);
    JsonWriter& value(const char* s) { return value(std::string_view(s)); }
    JsonWriter& value(bool b);
    JsonWriter& value(int i);
    JsonWriter& value(long long i);
    JsonWriter& value(unsigned long long i);
    JsonWriter& value(double d);
    JsonWriter& value(float f);
    JsonWriter& null();

    // Arrays of numbers: one line per matrix row.
    JsonWriter& matrix(const Mat& m);
    JsonWriter& matrix(const BoolMat& m);
    JsonWriter& vector(const Vec& v);
    JsonWriter& vector(const std::vector<std::uint8_t>& v);

private:
    void before_value();
    void newline();
    void write_float(float f);
    template <typename Matrix, typename WriteCell>
    void rows(const Matrix& m, WriteCell write_cell);

    struct Level { bool is_object; bool empty; };
    std::ostream& out_;
    bool pretty_;
    bool after_key_ = false;
    std::vector<Level> stack_;
};

// JSON string escaping (UTF-8 passes through; control characters become \uXXXX).
void write_json_string(std::ostream& out, std::string_view s);

}  // namespace attn
