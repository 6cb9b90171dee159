// safetensors.cpp — the reader. Every number in the file is checked before it is used: after
// open() succeeds, each tensor's bytes lie inside the data section, have the size its dtype and
// shape say, and belong to no other tensor. Reading then only converts.
//
// [SECTION] names, dtypes and messages
// [SECTION] header JSON (duplicate keys, nesting)
// [SECTION] open: checking each entry, then the offsets together
// (reading: F32/F16/BF16 -> float, in safetensors_read.cpp)
#include "core/pretrained/folder/safetensors.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <exception>
#include <filesystem>
#include <limits>
#include <numeric>
#include <unordered_set>

#include <nlohmann/json.hpp>
#include <unistd.h>

#include "core/base/limits.h"
#include "core/base/utf8.h"
#include "core/pretrained/folder/safetensors_text.h"

namespace attn::pretrained {

using json = nlohmann::json;

namespace safetensors_text {

std::string base_name(const std::string& path) {
    std::string name = std::filesystem::path(path).filename().string();
    return name.empty() ? path : name;
}

// A name from the file, quoted for a message: long or control-character names are shortened so a
// hostile header cannot flood the error panel.
std::string quote_name(std::string_view name) { return "'" + printable_input(name, 80) + "'"; }

std::string shape_text(const std::vector<std::int64_t>& shape) {
    std::string s = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

}  // namespace safetensors_text

using safetensors_text::base_name;
using safetensors_text::quote_name;
using safetensors_text::shape_text;

// ---------------------------------------------------------------------------------------------
// [SECTION] names, dtypes and messages
// ---------------------------------------------------------------------------------------------

namespace {

using limits::kMaxHeaderBytes;
using limits::kMaxHeaderEntries;
constexpr int kMaxJsonDepth = 3;  // root {} > entry {} > shape [] (metadata {} > string)
constexpr std::uint64_t kMaxInt64 = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());

struct DTypeRow {
    const char* text;
    DType dtype;
    int size;
};

// Every dtype the safetensors format defines. The ones we have no enum value for are kept as
// Other with their size, so their byte spans are still checked; they are never read as float.
constexpr DTypeRow kDTypes[] = {
    {"F64", DType::F64, 8},        {"F32", DType::F32, 4},       {"F16", DType::F16, 2},
    {"BF16", DType::BF16, 2},      {"I64", DType::I64, 8},       {"I32", DType::I32, 4},
    {"I16", DType::I16, 2},        {"I8", DType::I8, 1},         {"U8", DType::U8, 1},
    {"BOOL", DType::Bool, 1},      {"U64", DType::Other, 8},     {"U32", DType::Other, 4},
    {"U16", DType::Other, 2},      {"F8_E5M2", DType::Other, 1}, {"F8_E4M3", DType::Other, 1},
    {"F8_E8M0", DType::Other, 1},
};

const DTypeRow* find_dtype(const std::string& text) {
    for (const DTypeRow& row : kDTypes)
        if (text == row.text) return &row;
    return nullptr;
}

std::string known_dtypes_list() {
    std::string s;
    for (const DTypeRow& row : kDTypes) {
        if (!s.empty()) s += ", ";
        s += row.text;
    }
    return s;
}



// nlohmann's message without its "[json.exception...] " tag; it quotes the bytes it last read,
// which in a hostile file can be anything, so those are made printable and the length capped.
std::string parser_message(const char* what) {
    std::string_view text(what);
    if (auto tag_end = text.find("] "); !text.empty() && text[0] == '[' && tag_end != std::string_view::npos)
        text.remove_prefix(tag_end + 2);
    std::string out;
    for (char ch : text.substr(0, 200)) {
        auto c = static_cast<unsigned char>(ch);
        out += (c < 0x20 || c >= 0x7f) ? '?' : ch;
    }
    if (text.size() > 200) out += "...";
    return out;
}


// A JSON value as an unsigned integer, refusing negatives, fractions and overflow.
bool as_u64(const json& v, std::uint64_t& out) {
    if (v.is_number_unsigned()) {
        out = v.get<std::uint64_t>();
        return true;
    }
    return false;
}

std::string describe(const json& v) {
    if (v.is_number_integer()) return std::to_string(v.get<std::int64_t>());
    if (v.is_number_float()) {
        double d = v.get<double>();
        if (std::isfinite(d) && std::fabs(d) < 1e18) {
            std::string s = std::to_string(d);
            while (!s.empty() && s.back() == '0') s.pop_back();
            if (!s.empty() && s.back() == '.') s.pop_back();
            return s;
        }
        return "a number too large for 64 bits";
    }
    switch (v.type()) {
        case json::value_t::string: return "a string";
        case json::value_t::array: return "an array";
        case json::value_t::object: return "an object";
        case json::value_t::boolean: return "a boolean";
        case json::value_t::null: return "null";
        default: return "not a number";
    }
}

}  // namespace

const char* dtype_name(DType t) {
    switch (t) {
        case DType::F64: return "F64";
        case DType::F32: return "F32";
        case DType::F16: return "F16";
        case DType::BF16: return "BF16";
        case DType::I64: return "I64";
        case DType::I32: return "I32";
        case DType::I16: return "I16";
        case DType::I8: return "I8";
        case DType::U8: return "U8";
        case DType::Bool: return "BOOL";
        case DType::Other: return "Other";
    }
    return "Other";
}

int dtype_size(DType t) {
    switch (t) {
        case DType::F64: case DType::I64: return 8;
        case DType::F32: case DType::I32: return 4;
        case DType::F16: case DType::BF16: case DType::I16: return 2;
        case DType::I8: case DType::U8: case DType::Bool: return 1;
        case DType::Other: return 0;
    }
    return 0;
}

std::int64_t TensorInfo::numel() const {
    // open() has checked that the product fits; multiply in uint64 so a hand-made TensorInfo
    // cannot make this undefined behaviour.
    std::uint64_t n = 1;
    for (std::int64_t d : shape) n *= static_cast<std::uint64_t>(d);
    return static_cast<std::int64_t>(n);
}

const TensorInfo* SafeTensorsFile::find(std::string_view name) const {
    const auto it = index_.find(std::string(name));
    return it == index_.end() ? nullptr : &tensors_[it->second];
}

// ---------------------------------------------------------------------------------------------
// [SECTION] header JSON (duplicate keys, nesting)
// ---------------------------------------------------------------------------------------------

namespace {

// What a first, SAX pass over the header learns that the parsed value cannot tell: nlohmann keeps
// the last of two equal keys silently, and it forgets the order of the keys. The pass also stops a
// hostile header early (too deep, too many entries) before any value is built. It replaces a parse
// callback: nlohmann's callback parser rescans the whole enclosing object each time an entry
// ends, which made a 16,384-entry header take seconds (quadratic).
struct HeaderScan : nlohmann::json_sax<json> {
    std::vector<std::string> top_keys;                     // in file order
    std::vector<std::unordered_set<std::string>> seen;     // keys of the open object at each depth
    std::string duplicate;                                 // first repeated key
    std::string duplicate_owner;                           // its tensor, if it is inside an entry
    std::string error;                                     // why the scan stopped ("" = it did not)
    int depth = 0;                                         // open objects and arrays

    bool open(bool object) {
        if (++depth > kMaxJsonDepth) {
            error = "its header nests values deeper than a tensor entry can";
            return false;
        }
        if (object) {
            if (seen.size() <= std::size_t(depth)) seen.resize(std::size_t(depth) + 1);
            seen[std::size_t(depth)].clear();
        }
        return true;
    }
    bool start_object(std::size_t) override { return open(true); }
    bool start_array(std::size_t) override { return open(false); }
    bool end_object() override { --depth; return true; }
    bool end_array() override { --depth; return true; }
    bool key(string_t& key) override {
        if (!seen[std::size_t(depth)].insert(key).second && duplicate.empty()) {
            duplicate = key;
            if (depth > 1) duplicate_owner = top_keys.empty() ? std::string() : top_keys.back();
        }
        if (depth == 1) {
            top_keys.push_back(key);
            if (top_keys.size() > kMaxHeaderEntries) {
                error = "its header has more than " + std::to_string(kMaxHeaderEntries) +
                        " entries (the limit; real models have a few thousand at most)";
                return false;
            }
        }
        return true;
    }
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
        error = "its header is not valid JSON (" + parser_message(e.what()) + ")";
        return false;
    }
};

// Parses the header into `out`; on failure returns the reason (without the file name).
std::string parse_header(std::string_view text, json& out, HeaderScan& scan) {
    try {
        const bool ok = json::sax_parse(text.begin(), text.end(), &scan);
        if (!scan.error.empty()) return scan.error;
        if (!ok) return "its header could not be parsed";
        out = json::parse(text.begin(), text.end());  // known valid, depth-limited and not too big
    } catch (const std::bad_alloc&) {
        return "its header is too large to parse in the memory available";
    } catch (const std::exception& e) {
        return std::string("its header could not be parsed (") + e.what() + ")";
    }
    return {};
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// [SECTION] open: checking each entry, then the offsets together
// ---------------------------------------------------------------------------------------------

namespace {

// Checks one tensor entry; fills `info` or returns the reason. `data_size` is the data section.
std::string check_entry(const std::string& name, const json& entry, std::uint64_t data_size,
                        const std::string& file, TensorInfo& info) {
    const std::string where = "Tensor " + quote_name(name) + " in " + file;
    if (!entry.is_object()) return where + " is described by " + describe(entry) + ", not an object with dtype, shape and data_offsets.";
    info.name = name;

    // dtype
    auto dt = entry.find("dtype");
    if (dt == entry.end()) return where + " has no dtype.";
    if (!dt->is_string()) return where + " has a dtype that is " + describe(*dt) + ", not a string like \"F32\".";
    info.dtype_text = dt->get<std::string>();
    const DTypeRow* row = find_dtype(info.dtype_text);
    if (row == nullptr)
        return where + " has the unknown dtype " + quote_name(info.dtype_text) + " (known: " + known_dtypes_list() + ").";
    info.dtype = row->dtype;

    // shape
    auto sh = entry.find("shape");
    if (sh == entry.end()) return where + " has no shape.";
    if (!sh->is_array()) return where + " has a shape that is " + describe(*sh) + ", not an array of sizes.";
    for (std::size_t i = 0; i < sh->size(); ++i) {
        const json& d = (*sh)[i];
        std::uint64_t dim = 0;
        if (!as_u64(d, dim)) {
            if (d.is_number_integer() && d.get<std::int64_t>() < 0)
                return where + " has the negative size " + describe(d) + " in dimension " + std::to_string(i) + " of its shape.";
            return where + " has " + describe(d) + " in dimension " + std::to_string(i) + " of its shape; sizes are whole numbers >= 0.";
        }
        if (dim > kMaxInt64)
            return where + " has the size " + std::to_string(dim) + " in dimension " + std::to_string(i) + " of its shape, beyond 64-bit range.";
        info.shape.push_back(static_cast<std::int64_t>(dim));
    }
    // Element count, multiplied with an overflow check (a zero anywhere makes it 0).
    std::uint64_t numel = 1;
    if (std::find(info.shape.begin(), info.shape.end(), 0) != info.shape.end()) {
        numel = 0;
    } else {
        for (std::int64_t d : info.shape) {
            const auto dim = static_cast<std::uint64_t>(d);
            if (numel > kMaxInt64 / dim)
                return where + " has the shape " + shape_text(info.shape) + ", whose element count does not fit in 64 bits.";
            numel *= dim;
        }
    }

    // data_offsets
    auto off = entry.find("data_offsets");
    if (off == entry.end()) return where + " has no data_offsets.";
    if (!off->is_array() || off->size() != 2) return where + " has data_offsets that are not a pair [begin, end].";
    if (!as_u64((*off)[0], info.begin) || !as_u64((*off)[1], info.end))
        return where + " has data_offsets [" + describe((*off)[0]) + ", " + describe((*off)[1]) +
               "]; offsets are whole numbers >= 0.";
    const std::string offsets = "[" + std::to_string(info.begin) + ", " + std::to_string(info.end) + "]";
    if (info.begin > info.end)
        return where + " has data_offsets " + offsets + ": begin " + std::to_string(info.begin) + " is after end " +
               std::to_string(info.end) + ".";
    if (info.end > data_size)
        return where + " has data_offsets " + offsets + " but the data section holds only " + std::to_string(data_size) +
               " bytes (the file is truncated or the header is wrong).";

    const std::uint64_t elem = static_cast<std::uint64_t>(row->size);
    const std::uint64_t span = info.end - info.begin;
    if (numel > std::numeric_limits<std::uint64_t>::max() / elem || numel * elem != span)
        return where + " has " + std::to_string(span) + " bytes (data_offsets " + offsets + ") but its dtype " +
               info.dtype_text + " and shape " + shape_text(info.shape) + " need " + std::to_string(numel) + " x " +
               std::to_string(elem) + " bytes.";
    return {};
}

std::string check_metadata(const json& meta, const std::string& file, std::map<std::string, std::string>& out) {
    if (!meta.is_object())
        return "The __metadata__ of " + file + " is " + describe(meta) + ", not an object of strings.";
    for (const auto& [key, value] : meta.items()) {
        if (!value.is_string())
            return "The __metadata__ of " + file + " has the key " + quote_name(key) + " with " + describe(value) +
                   "; metadata values must be strings.";
        out[key] = value.get<std::string>();
    }
    return {};
}

}  // namespace

Expected<SafeTensorsFile> SafeTensorsFile::open(const std::string& path) {
    auto opened = ModelFile::open(path);
    if (!opened) return opened.status();
    const std::string file = printable_input(base_name(path), 80);
    const std::uint64_t size = opened->size();
    unsigned char bytes[8] = {};
    if (size >= 8) {
        if (Status s = opened->read_at(0, 8, bytes); !s) return s;
    }

    if (size < 8)
        return Status::Error(file + " is not a safetensors file: it has " + std::to_string(size) +
                             " bytes, fewer than the 8-byte header length.");
    std::uint64_t n = 0;
    for (int i = 7; i >= 0; --i) n = (n << 8) | bytes[i];  // little-endian u64
    if (n == 0) return Status::Error(file + " is not a safetensors file: its header length is 0.");
    if (n > size - 8)
        return Status::Error(file + " is not a safetensors file or is truncated: its header length is " +
                             std::to_string(n) + " bytes but only " + std::to_string(size - 8) +
                             " bytes follow the 8-byte length.");
    if (n > kMaxHeaderBytes)
        return Status::Error(file + " has a header of " + std::to_string(n) + " bytes; more than " +
                             std::to_string(kMaxHeaderBytes) + " bytes is not a real model header.");

    std::string header_bytes(static_cast<std::size_t>(n), '\0');
    if (Status s = opened->read_at(8, header_bytes.size(), header_bytes.data()); !s) return s;
    std::string_view header_text(header_bytes);
    json header;
    HeaderScan scan;
    std::string err = parse_header(header_text, header, scan);
    if (!err.empty()) return Status::Error(file + " is not a valid safetensors file: " + err + ".");
    if (!header.is_object())
        return Status::Error(file + " is not a valid safetensors file: its header is " + describe(header) +
                             ", not a JSON object of tensors.");
    if (!scan.duplicate.empty()) {
        if (!scan.duplicate_owner.empty())
            return Status::Error("Tensor " + quote_name(scan.duplicate_owner) + " in " + file + " has the field " +
                                 quote_name(scan.duplicate) + " twice.");
        return Status::Error(file + " names the tensor " + quote_name(scan.duplicate) + " twice in its header.");
    }

    SafeTensorsFile st;
    st.data_start_ = 8 + n;
    const std::uint64_t data_size = size - st.data_start_;
    try {
        st.tensors_.reserve(scan.top_keys.size());
        for (const std::string& name : scan.top_keys) {
            auto it = header.find(name);
            if (it == header.end()) continue;  // cannot happen: the callback saw every stored key
            if (name == "__metadata__") {
                err = check_metadata(*it, file, st.metadata_);
                if (!err.empty()) return Status::Error(err);
                continue;
            }
            TensorInfo info;
            err = check_entry(name, *it, data_size, file, info);
            if (!err.empty()) return Status::Error(err);
            st.tensors_.push_back(std::move(info));
        }
    } catch (const std::exception& e) {  // json type errors are ruled out above; stay safe anyway
        return Status::Error(file + " could not be read: " + e.what() + ".");
    }

    // No two tensors may share a byte: sorted by begin, each must start at or after the furthest
    // end so far. Empty tensors take no bytes, so they overlap nothing.
    std::vector<std::size_t> order(st.tensors_.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const TensorInfo &x = st.tensors_[a], &y = st.tensors_[b];
        return x.begin != y.begin ? x.begin < y.begin : x.end < y.end;
    });
    const TensorInfo* furthest = nullptr;
    for (std::size_t i : order) {
        const TensorInfo& t = st.tensors_[i];
        if (t.begin == t.end) continue;
        if (furthest != nullptr && t.begin < furthest->end)
            return Status::Error("Tensors " + quote_name(furthest->name) + " (bytes " + std::to_string(furthest->begin) +
                                 ".." + std::to_string(furthest->end) + ") and " + quote_name(t.name) + " (bytes " +
                                 std::to_string(t.begin) + ".." + std::to_string(t.end) + ") overlap in " + file + ".");
        if (furthest == nullptr || t.end > furthest->end) furthest = &t;
    }

    // Memory is checked before it is allocated: every float tensor as float32 must fit the budget.
    std::uint64_t float_bytes = 0;
    for (const TensorInfo& t : st.tensors_)
        if (t.dtype == DType::F32 || t.dtype == DType::F16 || t.dtype == DType::BF16)
            float_bytes += static_cast<std::uint64_t>(t.numel()) * 4;  // numel * 4 <= file size * 2: no overflow
    std::uint64_t budget = limits::kMaxWeightBytes;
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0) budget = std::min<std::uint64_t>(budget, std::uint64_t(pages) * std::uint64_t(page));
    if (float_bytes > budget)
        return Status::Error(file + " holds " + std::to_string(float_bytes >> 20) + " MiB of weights as float32; AttnLab loads at most " +
                             std::to_string(budget >> 20) + " MiB (the limit: " + std::to_string(limits::kMaxWeightBytes >> 30) +
                             " GiB, or this machine's memory).");

    for (std::size_t i = 0; i < st.tensors_.size(); ++i) st.index_.emplace(st.tensors_[i].name, i);
    st.file_ = std::move(opened.value());
    return st;
}

}  // namespace attn::pretrained
