// spm_model_check.cpp — a SentencePiece model file checked before libsentencepiece reads it.
//
// libsentencepiece 0.1.97 trusts the normalizer's precompiled character map inside the file: a
// double-array trie (darts-clone) followed by the NUL-terminated strings it maps to. A damaged map
// makes the library read outside the file while it normalizes a text (found by the spm_model
// fuzzer: a segfault in Normalizer::NormalizePrefix). So every map in the file is walked here the
// way the library's prefix search walks it, and refused unless every read stays inside.
//
// The file is a protobuf ModelProto; only what leads to the maps is read:
//   ModelProto      field 3 normalizer_spec, field 5 denormalizer_spec (messages)
//   NormalizerSpec  field 2 precompiled_charsmap (bytes)
//   map   = [trie bytes: u32 little-endian] [trie: units of u32] [strings]
//   unit  = has_leaf bit 8, label bits 0-7 and 31, offset (unit >> 10) << ((unit >> 6) & 8),
//           a leaf's value unit & 0x7FFFFFFF (an offset into the strings)
// A search from the root: pos = offset(unit[0]); for each input byte c: pos ^= c; the unit there
// must carry label c; pos ^= its offset; a leaf's value is unit[pos].value().
#include "core/tokenizer/spm_model_check.h"

#include <cstdint>
#include <cstring>
#include <vector>

namespace attn::pretrained {

namespace {

// Protobuf's wire format, just enough to find length-delimited fields.
struct Reader {
    std::string_view in;
    std::size_t at = 0;
    bool ok = true;

    bool done() const { return !ok || at >= in.size(); }

    std::uint64_t varint() {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (at >= in.size()) return ok = false, 0;
            const auto b = static_cast<unsigned char>(in[at++]);
            v |= std::uint64_t(b & 0x7F) << shift;
            if ((b & 0x80) == 0) return v;
        }
        return ok = false, 0;
    }

    // The next field: its number, and for wire type 2 its bytes in `value`; others skipped.
    bool next(std::uint64_t& field, int& wire, std::string_view& value) {
        const std::uint64_t key = varint();
        if (!ok) return false;
        field = key >> 3;
        wire = int(key & 7);
        switch (wire) {
            case 0: varint(); break;
            case 1: skip(8); break;
            case 5: skip(4); break;
            case 2: {
                const std::uint64_t n = varint();
                if (!ok || n > in.size() - at) return ok = false;
                value = in.substr(at, std::size_t(n));
                at += std::size_t(n);
                break;
            }
            default: return ok = false;  // groups (3, 4) and unknown wire types: not a model file
        }
        return ok;
    }

    void skip(std::size_t n) {
        if (n > in.size() - at) ok = false;
        else at += n;
    }
};

std::uint32_t unit_at(std::string_view trie, std::size_t index) {
    std::uint32_t u = 0;
    std::memcpy(&u, trie.data() + 4 * index, 4);  // little-endian on every machine Debian builds this for
    return u;
}
bool has_leaf(std::uint32_t u) { return ((u >> 8) & 1) != 0; }
std::uint32_t label(std::uint32_t u) { return u & ((1U << 31) | 0xFF); }
std::uint32_t offset(std::uint32_t u) { return (u >> 10) << ((u & (1U << 9)) >> 6); }
std::uint32_t value(std::uint32_t u) { return u & ((1U << 31) - 1); }

// The map's every reachable read stays inside it.
Status check_charsmap(std::string_view map, const std::string& source) {
    auto broken = [&](const char* what) {
        return Status::Error(source + " has a damaged normalization table (" + what +
                             "). Download the file again from the model's page.");
    };
    if (map.empty()) return Status::Ok();  // no map: the library normalizes nothing
    if (map.size() < 4) return broken("too short");
    std::uint32_t trie_bytes = 0;
    std::memcpy(&trie_bytes, map.data(), 4);
    if (trie_bytes == 0 || trie_bytes % 4 != 0 || trie_bytes > map.size() - 4) return broken("its size");
    const std::string_view trie = map.substr(4, trie_bytes);
    const std::string_view strings = map.substr(4 + std::size_t(trie_bytes));
    const std::size_t n = trie.size() / 4;

    // Walk every state a search can reach: a state is the position after a unit's offset, from
    // which any next byte c (0 … 255) is read at pos ^ c.
    std::vector<char> seen(n, 0);
    std::vector<std::uint32_t> states = {offset(unit_at(trie, 0))};
    while (!states.empty()) {
        const std::uint32_t base = states.back();
        states.pop_back();
        if ((std::size_t(base) | 0xFF) >= n) return broken("a trie position outside it");
        for (std::uint32_t c = 0; c < 256; ++c) {
            const std::size_t child = std::size_t(base ^ c);
            const std::uint32_t u = unit_at(trie, child);
            if (label(u) != c || seen[child]) continue;
            seen[child] = 1;
            const std::uint32_t next = std::uint32_t(child) ^ offset(u);
            if (has_leaf(u)) {
                if (next >= n) return broken("a leaf outside the trie");
                const std::uint32_t v = value(unit_at(trie, next));
                if (v >= strings.size() || std::memchr(strings.data() + v, 0, strings.size() - v) == nullptr)
                    return broken("a replacement outside it");
            }
            states.push_back(next);
        }
    }
    return Status::Ok();
}

}  // namespace

Status check_spm_model(std::string_view bytes, const std::string& source) {
    Reader model{bytes};
    std::uint64_t field = 0;
    int wire = 0;
    std::string_view value;
    while (!model.done()) {
        if (!model.next(field, wire, value)) break;
        if (wire != 2 || (field != 3 && field != 5)) continue;  // not a (de)normalizer spec
        Reader spec{value};
        std::uint64_t f = 0;
        int w = 0;
        std::string_view v;
        while (!spec.done()) {
            if (!spec.next(f, w, v)) break;
            if (w == 2 && f == 2)
                if (Status s = check_charsmap(v, source); !s) return s;
        }
        if (!spec.ok) model.ok = false;
    }
    if (!model.ok)
        return Status::Error(source + " is not a SentencePiece model (its protobuf framing is broken). Download the "
                             "file again from the model's page.");
    return Status::Ok();
}

}  // namespace attn::pretrained
