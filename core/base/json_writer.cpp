// json_writer.cpp — a small streaming JSON writer for big matrices
// (implementation; the interface and its contract are in json_writer.h)
#include "core/base/json_writer.h"

#include <cassert>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace attn {

void write_json_string(std::ostream& out, std::string_view s) {
    out.put('"');
    for (unsigned char c : s) {
        switch (c) {
            case '"': out << "\\\""; break;
            case '\\': out << "\\\\"; break;
            case '\n': out << "\\n"; break;
            case '\r': out << "\\r"; break;
            case '\t': out << "\\t"; break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out << buf;
                } else {
                    out.put(char(c));
                }
        }
    }
    out.put('"');
}

void JsonWriter::newline() {
    if (!pretty_) return;
    out_.put('\n');
    for (size_t i = 0; i < stack_.size(); ++i) out_ << "  ";
}

void JsonWriter::before_value() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (!stack_.empty()) {
        assert(!stack_.back().is_object && "object members need a key first");
        if (!stack_.back().empty) out_.put(',');
        stack_.back().empty = false;
        newline();
    }
}

JsonWriter& JsonWriter::begin_object() {
    before_value();
    out_.put('{');
    stack_.push_back({true, true});
    return *this;
}

JsonWriter& JsonWriter::end_object() {
    assert(!stack_.empty() && stack_.back().is_object && !after_key_);
    const bool empty = stack_.back().empty;
    stack_.pop_back();
    if (!empty) newline();
    out_.put('}');
    return *this;
}

JsonWriter& JsonWriter::begin_array() {
    before_value();
    out_.put('[');
    stack_.push_back({false, true});
    return *this;
}

JsonWriter& JsonWriter::end_array() {
    assert(!stack_.empty() && !stack_.back().is_object);
    const bool empty = stack_.back().empty;
    stack_.pop_back();
    if (!empty) newline();
    out_.put(']');
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
    assert(!stack_.empty() && stack_.back().is_object && !after_key_);
    if (!stack_.back().empty) out_.put(',');
    stack_.back().empty = false;
    newline();
    write_json_string(out_, k);
    out_ << (pretty_ ? ": " : ":");
    after_key_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view s) { before_value(); write_json_string(out_, s); return *this; }
JsonWriter& JsonWriter::value(bool b) { before_value(); out_ << (b ? "true" : "false"); return *this; }
JsonWriter& JsonWriter::value(int i) { before_value(); out_ << i; return *this; }
JsonWriter& JsonWriter::value(long long i) { before_value(); out_ << i; return *this; }
JsonWriter& JsonWriter::value(unsigned long long i) { before_value(); out_ << i; return *this; }
JsonWriter& JsonWriter::null() { before_value(); out_ << "null"; return *this; }

JsonWriter& JsonWriter::value(double d) {
    before_value();
    if (!std::isfinite(d)) {
        out_ << "null";
        return *this;
    }
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, d);
    out_.write(buf, res.ptr - buf);
    return *this;
}

void JsonWriter::write_float(float f) {
    if (!std::isfinite(f)) {
        out_ << "null";
        return;
    }
    char buf[32];
    auto res = std::to_chars(buf, buf + sizeof buf, f);
    out_.write(buf, res.ptr - buf);
}

JsonWriter& JsonWriter::value(float f) { before_value(); write_float(f); return *this; }

template <typename Matrix, typename WriteCell>
void JsonWriter::rows(const Matrix& m, WriteCell write_cell) {
    before_value();
    out_.put('[');
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        if (i) out_.put(',');
        if (pretty_) {  // one matrix row per line, indented one level deeper than the array
            out_.put('\n');
            for (size_t s = 0; s <= stack_.size(); ++s) out_ << "  ";
        }
        out_.put('[');
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            if (j) out_.put(',');
            write_cell(m(i, j));
        }
        out_.put(']');
    }
    if (m.rows() > 0) newline();
    out_.put(']');
}

JsonWriter& JsonWriter::matrix(const Mat& m) {
    rows(m, [this](float v) { write_float(v); });
    return *this;
}

JsonWriter& JsonWriter::matrix(const BoolMat& m) {
    rows(m, [this](std::uint8_t v) { out_.put(v ? '1' : '0'); });
    return *this;
}

JsonWriter& JsonWriter::vector(const Vec& v) {
    before_value();
    out_.put('[');
    for (Eigen::Index i = 0; i < v.size(); ++i) {
        if (i) out_.put(',');
        write_float(v[i]);
    }
    out_.put(']');
    return *this;
}

JsonWriter& JsonWriter::vector(const std::vector<std::uint8_t>& v) {
    before_value();
    out_.put('[');
    for (size_t i = 0; i < v.size(); ++i) {
        if (i) out_.put(',');
        out_.put(v[i] ? '1' : '0');
    }
    out_.put(']');
    return *this;
}

}  // namespace attn
