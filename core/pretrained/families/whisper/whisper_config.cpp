// whisper_config.cpp — config.json of a WhisperForConditionalGeneration (the fields whisper.h's
// model needs) and its generation_config.json (the prompt's special tokens, the suppressed tokens,
// the alignment heads: SpeechConfig).
#include <algorithm>
#include <memory>
#include <string>
#include <utility>

#include "core/base/json_depth.h"
#include "core/base/limits.h"
#include "core/pretrained/families/whisper/whisper.h"
#include "core/pretrained/folder/model_config_fields.h"

namespace attn::pretrained {

Status parse_whisper_config(const ConfigJson& json, PretrainedConfig& c) {
    config_fields::Fields f(json.root, "Whisper");
    auto settings = std::make_shared<WhisperSettings>();
    c.settings = settings;
    WhisperSettings& s = *settings;
    c.d_model = f.integer("d_model", 4, limits::kMaxModelWidth);
    config_fields::read_encoder_decoder_stacks(f, c);
    s.n_mels = f.integer("num_mel_bins", 1, 512);
    c.max_positions = f.integer("max_source_positions", 1, limits::kMaxPositions);
    s.decoder_max_positions = f.integer("max_target_positions", 1, limits::kMaxPositions);
    c.vocab_size = f.integer("vocab_size", 1, limits::kMaxVocabSize);
    c.layer_norm_eps = 1e-5f;  // fixed in Whisper, not in its config
    c.activation = f.text("activation_function", "gelu");
    s.scale_embedding = f.boolean("scale_embedding", false);
    s.pad_id = f.integer_or("pad_token_id", 0, limits::kMaxVocabSize, &s.pad_id);
    s.eos_id = f.integer_or("eos_token_id", 0, limits::kMaxVocabSize, &s.eos_id);
    s.decoder_start_id = f.integer("decoder_start_token_id", 0, limits::kMaxVocabSize);
    s.max_length = f.integer_or("max_length", 1, 1 << 20, &s.max_length);
    if (!f.ok()) return Status::Error(f.error());
    if (s.scale_embedding)
        return Status::Error("config.json sets \"scale_embedding\" for a Whisper model; Whisper's embeddings are "
                             "never scaled, and AttnLab reads them as Whisper does.");
    for (int id : {s.pad_id, s.eos_id, s.decoder_start_id})
        if (id >= c.vocab_size)
            return Status::Error("config.json names token id " + std::to_string(id) + ", but the vocabulary has " +
                                 std::to_string(c.vocab_size) + " entries.");
    if (c.d_model % 2 != 0 || c.d_model % c.decoder_heads != 0)
        return Status::Error("config.json: the model width " + std::to_string(c.d_model) +
                             " is odd or not divisible by the " + std::to_string(c.decoder_heads) +
                             " decoder heads, so the heads cannot split it evenly.");
    return config_fields::check_activation_and_heads(c);
}

namespace {

using config_fields::json;

std::string where(const char* key) { return std::string("generation_config.json: \"") + key + "\""; }

// A token id of `vocab`, or an error naming the field.
Status read_id(const json& v, const char* key, int vocab, int& out) {
    if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() >= vocab)
        return Status::Error(where(key) + " holds " + config_fields::printable(v.dump()) +
                             ", which is not a token id of this model (0 to " + std::to_string(vocab - 1) + ").");
    out = int(v.get<long long>());
    return Status::Ok();
}

// An optional id field (a list, as eos_token_id may be: its first).
Status optional_id(const json& root, const char* key, int vocab, int& out) {
    auto it = root.find(key);
    if (it == root.end() || it->is_null()) return Status::Ok();
    const json& v = it->is_array() && !it->empty() ? it->front() : *it;
    return read_id(v, key, vocab, out);
}

Status id_list(const json& root, const char* key, int vocab, std::vector<int>& out) {
    auto it = root.find(key);
    if (it == root.end() || it->is_null()) return Status::Ok();
    if (!it->is_array() || it->size() > std::size_t(vocab))
        return Status::Error(where(key) + " should be a list of token ids.");
    out.clear();
    for (const json& v : *it) {
        int id = 0;
        if (Status st = read_id(v, key, vocab, id); !st) return st;
        out.push_back(id);
    }
    return Status::Ok();
}

// {"<|en|>": id, …} or {"translate": id, …}: each value an id.
Status id_map(const json& root, const char* key, int vocab, std::vector<std::pair<std::string, int>>& out) {
    auto it = root.find(key);
    if (it == root.end() || it->is_null()) return Status::Ok();
    if (!it->is_object() || it->size() > 4096) return Status::Error(where(key) + " should map names to token ids.");
    out.clear();
    for (auto e = it->begin(); e != it->end(); ++e) {
        int id = 0;
        if (Status st = read_id(e.value(), key, vocab, id); !st) return st;
        std::string name = e.key();
        if (name.size() > 4 && name.compare(0, 2, "<|") == 0 && name.compare(name.size() - 2, 2, "|>") == 0)
            name = name.substr(2, name.size() - 4);
        out.emplace_back(config_fields::printable(name), id);
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    return Status::Ok();
}

}  // namespace

Status apply_whisper_generation_config(std::string_view text, PretrainedConfig& config) {
    if (Status st = check_json_depth(text, limits::kMaxJsonDepth, "generation_config.json"); !st) return st;
    const json root = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (root.is_discarded() || !root.is_object()) return Status::Error("generation_config.json is not a JSON object.");
    const int V = config.vocab_size;
    PretrainedConfig edited = config;  // nothing changes on an error
    WhisperSettings& s = edit_settings<WhisperSettings>(edited);
    SpeechConfig& sp = s.speech;
    for (auto [key, field] : {std::pair<const char*, int*>{"decoder_start_token_id", &s.decoder_start_id},
                              {"eos_token_id", &s.eos_id},
                              {"pad_token_id", &s.pad_id},
                              {"no_timestamps_token_id", &sp.no_timestamps_id}})
        if (Status st = optional_id(root, key, V, *field); !st) return st;
    if (auto it = root.find("max_length"); it != root.end() && !it->is_null()) {
        if (!it->is_number_integer() || it->get<long long>() < 1 || it->get<long long>() > (1 << 20))
            return Status::Error(where("max_length") + " is " + config_fields::printable(it->dump()) +
                                 "; expected a whole number of at least 1.");
        s.max_length = int(it->get<long long>());
    }
    if (Status st = id_list(root, "suppress_tokens", V, sp.suppress); !st) return st;
    if (Status st = id_list(root, "begin_suppress_tokens", V, sp.begin_suppress); !st) return st;
    // The first step forbids both lists: if together they name every id, no token is left to write
    // and every probability would be 0/0 (Hugging Face writes NaN).
    {
        std::vector<char> forbidden(std::size_t(std::max(V, 0)), 0);
        for (int id : sp.suppress) forbidden[std::size_t(id)] = 1;
        for (int id : sp.begin_suppress) forbidden[std::size_t(id)] = 1;
        if (V > 0 && std::count(forbidden.begin(), forbidden.end(), 1) == V)
            return Status::Error("generation_config.json: \"suppress_tokens\" and \"begin_suppress_tokens\" together "
                                 "forbid all " + std::to_string(V) + " token ids, so the model could write nothing.");
    }
    if (Status st = id_map(root, "lang_to_id", V, sp.languages); !st) return st;
    std::vector<std::pair<std::string, int>> tasks;
    if (Status st = id_map(root, "task_to_id", V, tasks); !st) return st;
    for (const auto& [name, id] : tasks) {
        if (name == "transcribe") sp.transcribe_id = id;
        if (name == "translate") sp.translate_id = id;
    }
    if (auto it = root.find("alignment_heads"); it != root.end() && !it->is_null()) {
        if (!it->is_array() || it->size() > 4096)
            return Status::Error(where("alignment_heads") + " should be a list of [layer, head] pairs.");
        sp.alignment_heads.clear();
        for (const json& pair : *it) {
            const bool shaped = pair.is_array() && pair.size() == 2 && pair[0].is_number_integer() && pair[1].is_number_integer();
            const long long l = shaped ? pair[0].get<long long>() : -1, h = shaped ? pair[1].get<long long>() : -1;
            if (l < 0 || l >= config.decoder_layers || h < 0 || h >= config.decoder_heads)
                return Status::Error(where("alignment_heads") + " holds " + config_fields::printable(pair.dump()) +
                                     "; each entry is [layer, head] of the decoder's " + std::to_string(config.decoder_layers) +
                                     " layers and " + std::to_string(config.decoder_heads) + " heads, counted from 0.");
            sp.alignment_heads.emplace_back(int(l), int(h));
        }
    }
    if (auto it = root.find("is_multilingual"); it != root.end() && !it->is_null()) {
        if (!it->is_boolean()) return Status::Error(where("is_multilingual") + " should be true or false.");
        sp.multilingual = it->get<bool>();
    } else {
        sp.multilingual = !sp.languages.empty();
    }
    sp.start_id = s.decoder_start_id;
    config = std::move(edited);
    return Status::Ok();
}

}  // namespace attn::pretrained
