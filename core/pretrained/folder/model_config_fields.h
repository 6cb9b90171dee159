// model_config_fields.h — reading config.json's fields with the family's names and reporting the
// first problem (internal to core/pretrained: model_config.cpp and the families' parsers share it).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include "core/base/status.h"
#include "core/pretrained/folder/model_config.h"

namespace attn::pretrained::config_fields {

using json = nlohmann::json;

// Text from the file made safe for a message: control characters become '?', and long text is
// cut at a character boundary. `ascii_only` also replaces every non-ASCII byte (for parser
// messages, which quote raw bytes that may not be UTF-8).
inline std::string printable(std::string_view text, bool ascii_only = false) {
    constexpr std::size_t kMax = 200;
    std::size_t n = text.size();
    if (n > kMax) {
        n = kMax;
        while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
    }
    std::string out;
    for (char ch : text.substr(0, n)) {
        auto c = static_cast<unsigned char>(ch);
        out += (c < 0x20 || c == 0x7f || (ascii_only && c >= 0x80)) ? '?' : ch;
    }
    if (n < text.size()) out += "...";
    return out;
}

// Reads config fields with the family's names and reports the first problem.
class Fields {
public:
    Fields(const json& root, std::string family) : root_(root), family_(std::move(family)) {}
    // Fields of a nested object ("rope_scaling"): messages name them "rope_scaling.factor".
    Fields(const json& object, std::string family, std::string where)
        : root_(object), family_(std::move(family)), where_(std::move(where) + ".") {}

    bool ok() const { return error_.empty(); }
    const std::string& error() const { return error_; }

    // A required integer in [lo, hi].
    int integer(const char* key, long long lo, long long hi) { return integer_or(key, lo, hi, nullptr); }

    // An optional integer; `fallback` when absent or null.
    int integer_or(const char* key, long long lo, long long hi, const int* fallback) {
        if (!ok()) return 0;
        auto it = root_.find(key);
        if (it == root_.end() || it->is_null()) {
            if (fallback != nullptr) return *fallback;
            fail("config.json has no \"" + (where_ + key) + "\", which a " + family_ + " config needs.");
            return 0;
        }
        long long v = 0;
        if (it->is_number_unsigned() && it->get<unsigned long long>() > static_cast<unsigned long long>(hi)) {
            fail("config.json: \"" + (where_ + key) + "\" is " + std::to_string(it->get<unsigned long long>()) +
                 "; expected " + std::to_string(lo) + " to " + std::to_string(hi) + ".");
            return 0;
        } else if (it->is_number_integer()) {
            v = it->get<long long>();
        } else if (it->is_number_float() && std::floor(it->get<double>()) == it->get<double>() &&
                   std::fabs(it->get<double>()) < 1e15) {
            v = static_cast<long long>(it->get<double>());  // 768.0 is still 768
        } else {
            fail("config.json: \"" + (where_ + key) + "\" is " + describe(*it) + "; expected a whole number.");
            return 0;
        }
        if (v < lo || v > hi) {
            fail("config.json: \"" + (where_ + key) + "\" is " + std::to_string(v) + "; expected " +
                 std::to_string(lo) + " to " + std::to_string(hi) + ".");
            return 0;
        }
        return static_cast<int>(v);
    }

    float epsilon(const char* key, float fallback) {
        if (!ok()) return 0;
        auto it = root_.find(key);
        if (it == root_.end() || it->is_null()) return fallback;
        if (!it->is_number()) {
            fail("config.json: \"" + (where_ + key) + "\" is " + describe(*it) + "; expected a small positive number.");
            return 0;
        }
        double v = it->get<double>();
        if (!(v > 0.0 && v <= 0.1)) {
            fail("config.json: \"" + (where_ + key) + "\" is " + printable(it->dump()) +
                 "; expected a small positive number (at most 0.1).");
            return 0;
        }
        return static_cast<float>(v);
    }

    // An optional number in [lo, hi]; `fallback` when absent or null.
    double number(const char* key, double lo, double hi, double fallback) {
        if (!ok()) return 0;
        auto it = root_.find(key);
        if (it == root_.end() || it->is_null()) return fallback;
        if (!it->is_number()) {
            fail("config.json: \"" + (where_ + key) + "\" is " + describe(*it) + "; expected a number.");
            return 0;
        }
        const double v = it->get<double>();
        if (!(v >= lo && v <= hi)) {
            fail("config.json: \"" + (where_ + key) + "\" is " + printable(it->dump()) + "; expected " +
                 printable(json(lo).dump()) + " to " + printable(json(hi).dump()) + ".");
            return 0;
        }
        return v;
    }

    bool boolean(const char* key, bool fallback) {
        if (!ok()) return false;
        auto it = root_.find(key);
        if (it == root_.end() || it->is_null()) return fallback;
        if (!it->is_boolean()) {
            fail("config.json: \"" + (where_ + key) + "\" is " + describe(*it) + "; expected true or false.");
            return false;
        }
        return it->get<bool>();
    }

    // A token id, or the first of a list of them (Llama 3.1's eos_token_id); -1 when absent.
    int token_id(const char* key, int vocab) {
        if (!ok()) return -1;
        auto it = root_.find(key);
        if (it == root_.end() || it->is_null()) return -1;
        const json& v = it->is_array() && !it->empty() ? (*it)[0] : *it;
        if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() >= vocab) {
            fail("config.json: \"" + (where_ + key) + "\" is " + printable(it->dump()) + "; expected a token id below " +
                 std::to_string(vocab) + ".");
            return -1;
        }
        return int(v.get<long long>());
    }

    const std::string& family() const { return family_; }
    bool present(const char* key) const { return root_.find(key) != root_.end(); }

    const json* find(const char* key) const {
        auto it = root_.find(key);
        return it == root_.end() || it->is_null() ? nullptr : &*it;
    }

    std::string text(const char* key, const char* fallback) {
        if (!ok()) return {};
        auto it = root_.find(key);
        if (it == root_.end() || it->is_null()) return fallback;
        if (!it->is_string()) {
            fail("config.json: \"" + (where_ + key) + "\" is " + describe(*it) + "; expected a string.");
            return {};
        }
        return it->get<std::string>();
    }

    // A flag that changes the math in a way our forward pass does not implement.
    void require_flag(const char* key, bool supported_value) {
        if (!ok()) return;
        auto it = root_.find(key);
        if (it == root_.end() || it->is_null()) return;
        if (!it->is_boolean() || it->get<bool>() != supported_value)
            fail("config.json sets \"" + (where_ + key) + "\" to " + printable(it->dump()) + "; AttnLab runs " +
                 family_ + " models only with " + (supported_value ? "true" : "false") + " there.");
    }

    void fail(std::string message) {
        if (ok()) error_ = std::move(message);
    }

    static std::string describe(const json& v) {
        switch (v.type()) {
            case json::value_t::string: return "the string \"" + printable(v.get<std::string>()) + "\"";
            case json::value_t::array: return "an array";
            case json::value_t::object: return "an object";
            case json::value_t::boolean: return v.get<bool>() ? "true" : "false";
            case json::value_t::null: return "null";
            default: return printable(v.dump());
        }
    }

private:
    const json& root_;
    std::string family_;
    std::string where_;
    std::string error_;
};

// The activation an encoder-style family names: "gelu" (erf) or "gelu_new" (tanh; Hugging Face's
// newer "gelu_pytorch_tanh" is read as it), and d_model split evenly by the heads. The first
// problem as a message.
Status check_activation_and_heads(PretrainedConfig& c);

// An encoder–decoder's stacks as BART-style configs name them (Marian, Whisper): encoder_layers,
// encoder_attention_heads, encoder_ffn_dim and the decoder_* three.
void read_encoder_decoder_stacks(Fields& f, PretrainedConfig& c);

// The first "architectures" entry, or "".
std::string first_architecture(const json& root);

}  // namespace attn::pretrained::config_fields

namespace attn::pretrained {

// config.json's root object, handed to ModelFamily::parse_config (family.h keeps nlohmann out).
struct ConfigJson {
    const nlohmann::json& root;
};

}  // namespace attn::pretrained
