// unigram_json.cpp — a Unigram tokenizer.json as a SentencePiece model (unigram_json.h).
//
// The protobuf is written by hand (sentencepiece_model.proto's public field numbers): a varint key
// (field << 3 | wire type), then a varint, four little-endian bytes (float) or a length and bytes.
#include "core/tokenizer/unigram_json.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/tokenizer/subword_files.h"
#include "core/tokenizer/subword_tokenizer.h"

namespace attn::pretrained {

using namespace subword_files;

namespace {

void put_varint(std::string& out, std::uint64_t v) {
    while (v >= 0x80) {
        out += char((v & 0x7F) | 0x80);
        v >>= 7;
    }
    out += char(v);
}
void put_key(std::string& out, int field, int wire) { put_varint(out, std::uint64_t(field) << 3 | std::uint64_t(wire)); }
void put_int(std::string& out, int field, std::uint64_t v) {
    put_key(out, field, 0);
    put_varint(out, v);
}
void put_bytes(std::string& out, int field, std::string_view bytes) {
    put_key(out, field, 2);
    put_varint(out, bytes.size());
    out.append(bytes.data(), bytes.size());
}
void put_float(std::string& out, int field, float v) {
    put_key(out, field, 5);
    std::uint32_t bits = 0;
    std::memcpy(&bits, &v, 4);
    for (int i = 0; i < 4; ++i) out += char((bits >> (8 * i)) & 0xFF);
}

// Standard base64 (padding optional); nothing on a character outside the alphabet.
std::optional<std::string> base64_decode(std::string_view text) {
    std::string out;
    std::uint32_t acc = 0;
    int bits = 0;
    for (char c : text) {
        int v = -1;
        if (c >= 'A' && c <= 'Z') v = c - 'A';
        else if (c >= 'a' && c <= 'z') v = c - 'a' + 26;
        else if (c >= '0' && c <= '9') v = c - '0' + 52;
        else if (c == '+') v = 62;
        else if (c == '/') v = 63;
        else if (c == '=') break;
        else return std::nullopt;
        acc = (acc << 6) | std::uint32_t(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += char((acc >> bits) & 0xFF);
        }
    }
    return out;
}

Status refuse(const std::string& what) {
    return Status::Error("tokenizer.json: " + what + " AttnLab reads T5-style Unigram files (a Precompiled normalizer, "
                         "Metaspace); download spiece.model from the model's Hub page instead.");
}

const char* type_of(const json& node) {
    auto it = node.find("type");
    return it != node.end() && it->is_string() ? it->get_ref<const std::string&>().c_str() : "";
}

struct Spec {
    std::string charsmap;
    bool remove_extra_whitespaces = false;
    bool add_dummy_prefix = false;
    bool metaspace = false;
};

Status read_normalizer(const json& n, Spec& spec) {
    if (n.is_null()) return Status::Ok();
    if (!n.is_object()) return refuse("the normalizer is not an object.");
    const std::string type = type_of(n);
    if (type == "Sequence") {
        auto parts = n.find("normalizers");
        if (parts == n.end() || !parts->is_array()) return refuse("the normalizer Sequence has no list.");
        for (const json& p : *parts)
            if (Status s = read_normalizer(p, spec); !s) return s;
        return Status::Ok();
    }
    if (type == "Precompiled") {
        auto map = n.find("precompiled_charsmap");
        if (map == n.end() || map->is_null()) return Status::Ok();
        if (!map->is_string()) return refuse("the Precompiled normalizer's charsmap is not a text.");
        auto bytes = base64_decode(map->get_ref<const std::string&>());
        if (!bytes) return refuse("the Precompiled normalizer's charsmap is not base64.");
        spec.charsmap = std::move(*bytes);
        return Status::Ok();
    }
    if (type == "Strip") {
        spec.remove_extra_whitespaces = true;
        return Status::Ok();
    }
    if (type == "Replace") {  // SentencePiece's remove_extra_whitespaces: runs of spaces become one
        auto pattern = n.find("pattern");
        if (pattern != n.end() && pattern->is_object() && pattern->value("Regex", std::string()) == " {2,}") {
            spec.remove_extra_whitespaces = true;
            return Status::Ok();
        }
    }
    return refuse("its normalizer \"" + quote(type) + "\" is not one a SentencePiece model has.");
}

Status read_pre_tokenizer(const json& p, Spec& spec) {
    if (p.is_null()) return Status::Ok();
    if (!p.is_object()) return refuse("the pre-tokenizer is not an object.");
    const std::string type = type_of(p);
    if (type == "Sequence") {
        auto parts = p.find("pretokenizers");
        if (parts == p.end() || !parts->is_array()) return refuse("the pre-tokenizer Sequence has no list.");
        for (const json& q : *parts)
            if (Status s = read_pre_tokenizer(q, spec); !s) return s;
        return Status::Ok();
    }
    if (type == "WhitespaceSplit") {
        spec.remove_extra_whitespaces = true;
        return Status::Ok();
    }
    if (type == "Metaspace") {
        if (p.value("replacement", std::string("\xE2\x96\x81")) != "\xE2\x96\x81")
            return refuse("its Metaspace replacement is not \"\xE2\x96\x81\".");
        spec.metaspace = true;
        const std::string scheme = p.value("prepend_scheme", std::string());
        spec.add_dummy_prefix = scheme.empty() ? p.value("add_prefix_space", true) : scheme != "never";
        return Status::Ok();
    }
    return refuse("its pre-tokenizer \"" + quote(type) + "\" is not one a SentencePiece model has.");
}

// "<extra_id_N>" -> N, else −1.
int sentinel_number(const std::string& piece) {
    constexpr std::string_view head = "<extra_id_";
    if (piece.size() <= head.size() + 1 || piece.compare(0, head.size(), head) != 0 || piece.back() != '>') return -1;
    int n = 0;
    for (std::size_t i = head.size(); i + 1 < piece.size(); ++i) {
        if (piece[i] < '0' || piece[i] > '9' || n > 100000) return -1;
        n = n * 10 + (piece[i] - '0');
    }
    return n;
}

}  // namespace

Expected<UnigramModel> unigram_json_to_spm(std::string_view text) {
    auto root = parse_json(text, "tokenizer.json");
    if (!root) return root.status();
    try {
        if (!root->is_object()) return refuse("it is not a JSON object.");
        auto model = root->find("model");
        if (model == root->end() || !model->is_object() || std::string(type_of(*model)) != "Unigram")
            return refuse("its model is not a Unigram model.");
        if (model->value("byte_fallback", false)) return refuse("its Unigram model falls back to bytes.");
        auto vocab = model->find("vocab");
        if (vocab == model->end() || !vocab->is_array() || vocab->empty()) return refuse("its Unigram model has no vocab.");
        if (vocab->size() > kMaxVocabEntries)
            return Status::Error("tokenizer.json: " + std::to_string(vocab->size()) + " pieces; at most " +
                                 std::to_string(kMaxVocabEntries) + " are read.");
        auto unk = model->find("unk_id");
        const std::optional<int> unk_id = unk == model->end() ? std::nullopt : as_int(*unk);
        if (!unk_id || *unk_id < 0 || std::size_t(*unk_id) >= vocab->size())
            return refuse("its Unigram model names no unknown piece (unk_id).");
        Spec spec;
        if (auto n = root->find("normalizer"); n != root->end())
            if (Status s = read_normalizer(*n, spec); !s) return s;
        if (auto p = root->find("pre_tokenizer"); p != root->end())
            if (Status s = read_pre_tokenizer(*p, spec); !s) return s;
        if (!spec.metaspace) return refuse("it has no Metaspace pre-tokenizer (SentencePiece's \xE2\x96\x81 for spaces).");
        // The special added tokens are the model's control pieces.
        std::vector<bool> control(vocab->size(), false);
        if (auto added = root->find("added_tokens"); added != root->end() && added->is_array())
            for (const json& a : *added)
                if (a.is_object() && a.value("special", false))
                    if (auto id = a.find("id"); id != a.end())
                        if (auto i = as_int(*id); i && *i >= 0 && std::size_t(*i) < control.size()) control[std::size_t(*i)] = true;

        std::vector<std::pair<std::string, float>> pieces;
        for (const json& entry : *vocab) {
            if (!entry.is_array() || entry.size() != 2 || !entry[0].is_string() || !entry[1].is_number())
                return refuse("a vocab entry is not [piece, score]: " + quote(entry.dump()) + ".");
            pieces.emplace_back(entry[0].get<std::string>(), entry[1].get<float>());
            if (pieces.back().first.empty() || pieces.back().first.size() > 1024)
                return refuse("a vocab piece is empty or longer than 1024 bytes.");
        }
        // T5's sentinels close the list, numbered down to <extra_id_0>: ids, not pieces of the model.
        int extra = 0;
        while (extra < int(pieces.size()) && sentinel_number(pieces[pieces.size() - 1 - std::size_t(extra)].first) == extra)
            ++extra;
        pieces.resize(pieces.size() - std::size_t(extra));
        if (pieces.empty() || std::size_t(*unk_id) >= pieces.size()) return refuse("its vocab has only sentinels.");

        UnigramModel out;
        out.extra_ids = extra;
        std::string& m = out.spm_bytes;
        for (std::size_t i = 0; i < pieces.size(); ++i) {
            std::string piece;
            put_bytes(piece, 1, pieces[i].first);
            put_float(piece, 2, pieces[i].second);
            put_int(piece, 3, i == std::size_t(*unk_id) ? 2 : control[i] ? 3 : 1);  // UNKNOWN, CONTROL, NORMAL
            put_bytes(m, 1, piece);
        }
        std::string trainer;
        put_int(trainer, 3, 1);                        // model_type UNIGRAM
        put_int(trainer, 4, pieces.size());            // vocab_size
        put_int(trainer, 40, std::uint64_t(*unk_id));  // unk_id
        put_bytes(m, 2, trainer);
        std::string normalizer;
        put_bytes(normalizer, 1, spec.charsmap.empty() ? "identity" : "nmt_nfkc");
        if (!spec.charsmap.empty()) put_bytes(normalizer, 2, spec.charsmap);
        put_int(normalizer, 3, spec.add_dummy_prefix ? 1 : 0);
        put_int(normalizer, 4, spec.remove_extra_whitespaces ? 1 : 0);
        put_int(normalizer, 5, 1);  // escape_whitespaces: spaces as ▁
        put_bytes(m, 3, normalizer);
        return out;
    } catch (const json::exception& e) {
        return Status::Error(std::string("tokenizer.json: unexpected content: ") + e.what());
    }
}

Expected<std::unique_ptr<SubwordTokenizer>> load_unigram_json_tokenizer(const std::string& path, int* extra_ids) {
    auto text = read_file(path, "tokenizer.json");
    if (!text) return text.status();
    auto unigram = unigram_json_to_spm(*text);
    if (!unigram) return unigram.status();
    if (extra_ids) *extra_ids = unigram->extra_ids;
    return make_spm_tokenizer(unigram->spm_bytes, "", "tokenizer.json", unigram->extra_ids);
}

}  // namespace attn::pretrained
