// seq2seq_generation.cpp — an encoder–decoder folder's generation settings (seq2seq_generation.h).
#include "core/pretrained/seq2seq/seq2seq_generation.h"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "core/base/json_depth.h"
#include "core/base/limits.h"

namespace attn::pretrained {

namespace {

using config_fields::json;

// bad_words_ids: [[id], …] (sequences longer than one token are kept but not applied yet).
Status read_bad_words(const json& root, const char* file, std::vector<std::vector<int>>& out) {
    auto it = root.find("bad_words_ids");
    if (it == root.end() || it->is_null()) return Status::Ok();
    if (!it->is_array() || it->size() > 4096)
        return Status::Error(std::string(file) + ": \"bad_words_ids\" should be a list of lists of token ids.");
    out.clear();
    for (const json& seq : *it) {
        if (!seq.is_array() || seq.empty() || seq.size() > 64)
            return Status::Error(std::string(file) + ": \"bad_words_ids\" should be a list of lists of token ids.");
        std::vector<int> ids;
        for (const json& v : seq) {
            if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > limits::kMaxVocabSize)
                return Status::Error(std::string(file) + ": \"bad_words_ids\" holds " + v.dump() +
                                     ", which is not a token id.");
            ids.push_back(int(v.get<long long>()));
        }
        out.push_back(std::move(ids));
    }
    return Status::Ok();
}

// One whole-number field of generation_config.json into `out` (absent or null: unchanged; a list
// of ids, as eos_token_id may be: its first).
Status generation_int(const json& root, const char* key, long long lo, long long hi, int& out) {
    auto it = root.find(key);
    if (it == root.end() || it->is_null()) return Status::Ok();
    const json& v = it->is_array() && !it->empty() ? it->front() : *it;
    if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
        return Status::Error("generation_config.json: \"" + std::string(key) + "\" is " +
                             config_fields::printable(it->dump()) + "; expected a whole number from " +
                             std::to_string(lo) + " to " + std::to_string(hi) + ".");
    out = int(v.get<long long>());
    return Status::Ok();
}

// The token-id fields both files may carry, by name.
std::vector<std::pair<const char*, int*>> id_fields(Seq2SeqSettings& s) {
    return {{"decoder_start_token_id", &s.decoder_start_id},
            {"eos_token_id", &s.eos_id},
            {"pad_token_id", &s.pad_id},
            {"forced_bos_token_id", &s.forced_bos_id},
            {"forced_eos_token_id", &s.forced_eos_id}};
}

}  // namespace

Status read_seq2seq_generation(config_fields::Fields& f, const json& root, Seq2SeqSettings& s) {
    for (auto [key, field] : id_fields(s)) *field = f.integer_or(key, 0, limits::kMaxVocabSize, field);
    s.max_length = f.integer_or("max_length", 1, 1 << 20, &s.max_length);
    s.num_beams = f.integer_or("num_beams", 1, 64, &s.num_beams);
    s.min_length = f.integer_or("min_length", 0, 1 << 20, &s.min_length);
    s.no_repeat_ngram = f.integer_or("no_repeat_ngram_size", 0, 64, &s.no_repeat_ngram);
    return read_bad_words(root, "config.json", s.bad_words);
}

Status check_seq2seq_ids(const Seq2SeqSettings& s, int vocab_size, const char* file) {
    for (int id : {s.pad_id, s.eos_id, s.decoder_start_id, s.forced_bos_id, s.forced_eos_id})
        if (id >= vocab_size)
            return Status::Error(std::string(file) + " names token id " + std::to_string(id) +
                                 ", but the vocabulary has " + std::to_string(vocab_size) + " entries.");
    return Status::Ok();
}

Status check_seq2seq_config(const config_fields::Fields& f, const Status& bad_words, PretrainedConfig& c) {
    const Seq2SeqSettings& s = seq2seq_settings(c);
    if (!f.ok()) return Status::Error(f.error());
    if (Status st = check_seq2seq_ids(s, c.vocab_size, "config.json"); !st) return st;
    if (s.bos_id >= c.vocab_size)
        return Status::Error("config.json names token id " + std::to_string(s.bos_id) + ", but the vocabulary has " +
                             std::to_string(c.vocab_size) + " entries.");
    if (!bad_words) return bad_words;
    if (c.d_model % c.decoder_heads != 0)
        return Status::Error("config.json: the model width " + std::to_string(c.d_model) +
                             " is not divisible by the " + std::to_string(c.decoder_heads) +
                             " attention heads, so the heads cannot split it evenly.");
    return config_fields::check_activation_and_heads(c);
}

Status apply_generation_config(std::string_view text, PretrainedConfig& config) {
    if (Status st = check_json_depth(text, limits::kMaxJsonDepth, "generation_config.json"); !st) return st;
    const json root = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (root.is_discarded() || !root.is_object()) return Status::Error("generation_config.json is not a JSON object.");
    PretrainedConfig edited = config;  // nothing changes on an error
    Seq2SeqSettings& s = edit_settings<Seq2SeqSettings>(edited);
    for (auto [key, field] : id_fields(s))
        if (Status st = generation_int(root, key, 0, limits::kMaxVocabSize, *field); !st) return st;
    if (Status st = generation_int(root, "max_length", 1, 1 << 20, s.max_length); !st) return st;
    if (Status st = generation_int(root, "num_beams", 1, 64, s.num_beams); !st) return st;
    if (Status st = generation_int(root, "min_length", 0, 1 << 20, s.min_length); !st) return st;
    if (Status st = generation_int(root, "no_repeat_ngram_size", 0, 64, s.no_repeat_ngram); !st) return st;
    if (Status st = read_bad_words(root, "generation_config.json", s.bad_words); !st) return st;
    if (auto it = root.find("length_penalty"); it != root.end() && !it->is_null()) {
        if (!it->is_number() || !std::isfinite(it->get<double>()) || std::fabs(it->get<double>()) > 100)
            return Status::Error("generation_config.json: \"length_penalty\" is " + config_fields::printable(it->dump()) +
                                 "; expected a number from -100 to 100.");
        s.length_penalty = float(it->get<double>());
    }
    if (auto it = root.find("early_stopping"); it != root.end() && !it->is_null()) {
        if (!it->is_boolean())  // transformers also knows "never"; AttnLab's beam search does not
            return Status::Error("generation_config.json: \"early_stopping\" is " + config_fields::printable(it->dump()) +
                                 "; AttnLab reads true or false.");
        s.early_stopping = it->get<bool>();
    }
    if (Status st = check_seq2seq_ids(s, config.vocab_size, "generation_config.json"); !st) return st;
    config = std::move(edited);
    return Status::Ok();
}

DecoderFacts seq2seq_decoder_facts(const PretrainedConfig& c, int limit) {
    const Seq2SeqSettings& s = seq2seq_settings(c);
    return {c.decoder_layers, c.decoder_heads, s.decoder_start_id, s.eos_id, s.num_beams, s.length_penalty,
            s.early_stopping, limit};
}

}  // namespace attn::pretrained
