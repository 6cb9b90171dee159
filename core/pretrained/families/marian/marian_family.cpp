// marian_family.cpp — Marian behind the family interface (family.h): its config.json and
// generation_config.json fields, its SentencePiece tokenizers (source.spm and target.spm, with ids
// from vocab.json), and a run that yields three sections: the encoder's self-attention, the
// decoder's causal self-attention and the cross-attention between them.
//
// A run reads RunConfig::text as the source and RunConfig::cross_text as the target. A typed target
// is teacher-forced exactly as Hugging Face builds the decoder input from labels: the start token,
// then the target's ids (the labels shifted right). An empty target is translated first (greedy or
// beam search, as generation_config.json says: translate.h).
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "core/attention/engine.h"
#include "core/base/json_depth.h"
#include "core/base/limits.h"
#include "core/pretrained/families/marian/marian.h"
#include "core/pretrained/model_config_fields.h"
#include "core/pretrained/model_folder.h"
#include "core/pretrained/pretrained_model.h"
#include "core/pretrained/translate.h"

namespace attn::pretrained {

namespace {

using config_fields::Fields;
using config_fields::json;

const MarianWeights& weights_of(const PretrainedModel& model) { return weights_as<MarianWeights>(*model.weights); }

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

// The generation fields config.json may carry (generation_config.json overrides them).
void read_generation(Fields& f, Seq2SeqConfig& s) {
    s.decoder_start_id = f.integer_or("decoder_start_token_id", 0, limits::kMaxVocabSize, &s.decoder_start_id);
    s.eos_id = f.integer_or("eos_token_id", 0, limits::kMaxVocabSize, &s.eos_id);
    s.pad_id = f.integer_or("pad_token_id", 0, limits::kMaxVocabSize, &s.pad_id);
    s.forced_eos_id = f.integer_or("forced_eos_token_id", 0, limits::kMaxVocabSize, &s.forced_eos_id);
    s.max_length = f.integer_or("max_length", 1, 1 << 20, &s.max_length);
    s.num_beams = f.integer_or("num_beams", 1, 64, &s.num_beams);
}

// Every special id the generation settings name is a row of the vocabulary; `file` names the source.
Status check_special_ids(const Seq2SeqConfig& s, int vocab_size, const char* file) {
    for (int id : {s.pad_id, s.eos_id, s.decoder_start_id, s.forced_eos_id})
        if (id >= vocab_size)
            return Status::Error(std::string(file) + " names token id " + std::to_string(id) +
                                 ", but the vocabulary has " + std::to_string(vocab_size) + " entries.");
    return Status::Ok();
}

Status parse_marian(const ConfigJson& json, PretrainedConfig& c) {
    Fields f(json.root, "Marian");
    Seq2SeqConfig& s = c.seq2seq;
    c.d_model = f.integer("d_model", 1, limits::kMaxModelWidth);
    config_fields::read_encoder_decoder_stacks(f, c);
    c.vocab_size = f.integer("vocab_size", 1, limits::kMaxVocabSize);
    const int decoder_vocab = f.integer_or("decoder_vocab_size", 1, limits::kMaxVocabSize, &c.vocab_size);
    c.max_positions = f.integer("max_position_embeddings", 1, limits::kMaxPositions);
    c.layer_norm_eps = 1e-5f;  // fixed in Hugging Face's Marian, not in its config
    c.activation = f.text("activation_function", "swish");
    s.scale_embedding = f.boolean("scale_embedding", false);
    f.require_flag("normalize_before", false);
    f.require_flag("share_encoder_decoder_embeddings", true);
    s.pad_id = f.integer("pad_token_id", 0, limits::kMaxVocabSize);
    s.eos_id = f.integer("eos_token_id", 0, limits::kMaxVocabSize);
    s.decoder_start_id = s.pad_id;  // Marian starts the decoder with the pad token unless told otherwise
    s.max_length = 0;
    read_generation(f, s);
    if (!f.ok()) return Status::Error(f.error());
    if (decoder_vocab != c.vocab_size)
        return Status::Error("config.json: \"decoder_vocab_size\" " + std::to_string(decoder_vocab) +
                             " differs from \"vocab_size\" " + std::to_string(c.vocab_size) +
                             "; AttnLab reads Marian models with one vocabulary shared by both sides.");
    if (Status st = check_special_ids(s, c.vocab_size, "config.json"); !st) return st;
    if (Status st = read_bad_words(json.root, "config.json", s.bad_words); !st) return st;
    if (c.d_model % s.decoder_heads != 0)
        return Status::Error("config.json: the model width " + std::to_string(c.d_model) +
                             " is not divisible by the " + std::to_string(s.decoder_heads) +
                             " attention heads, so the heads cannot split it evenly.");
    return config_fields::check_activation_and_heads(c);
}

}  // namespace

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

Status apply_generation_config(std::string_view text, PretrainedConfig& config) {
    if (Status st = check_json_depth(text, limits::kMaxJsonDepth, "generation_config.json"); !st) return st;
    const json root = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (root.is_discarded() || !root.is_object()) return Status::Error("generation_config.json is not a JSON object.");
    Seq2SeqConfig s = config.seq2seq;
    const long long ids = limits::kMaxVocabSize;
    for (auto [key, field] : {std::pair<const char*, int*>{"decoder_start_token_id", &s.decoder_start_id},
                              {"eos_token_id", &s.eos_id},
                              {"pad_token_id", &s.pad_id},
                              {"forced_eos_token_id", &s.forced_eos_id}})
        if (Status st = generation_int(root, key, 0, ids, *field); !st) return st;
    if (Status st = generation_int(root, "max_length", 1, 1 << 20, s.max_length); !st) return st;
    if (Status st = generation_int(root, "num_beams", 1, 64, s.num_beams); !st) return st;
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
    if (Status st = check_special_ids(s, config.vocab_size, "generation_config.json"); !st) return st;
    config.seq2seq = s;
    return Status::Ok();
}

namespace {

// The decoder's input (the start token, then the target) against the model (the source is
// checked by source_tokens).
Status check_target(const PretrainedModel& model, const std::vector<SubwordToken>& tokens) {
    const PretrainedConfig& c = model.config;
    if (int(tokens.size()) > c.max_positions)
        return Status::Error("The target (with the start token) is " + std::to_string(tokens.size()) + " tokens, but " +
                             model.name + " reads at most " + std::to_string(c.max_positions) + ". Shorten it.");
    return check_token_ids(model, tokens);
}

std::vector<int> ids_of(const std::vector<SubwordToken>& tokens) {
    std::vector<int> ids;
    for (const SubwordToken& t : tokens) ids.push_back(t.id);
    return ids;
}

class MarianFamily final : public ModelFamily {
public:
    const char* id() const override { return "marian"; }
    std::vector<std::string_view> model_types() const override { return {"marian"}; }
    std::string display_name(const PretrainedConfig&) const override { return "Marian"; }
    std::vector<std::pair<std::string_view, std::string_view>> architecture_prefixes() const override {
        return {{"Marian", "marian"}};
    }
    std::vector<std::string> supported() const override { return {"marian (Marian translation)"}; }

    Status parse_config(const ConfigJson& json, PretrainedConfig& c) const override { return parse_marian(json, c); }

    Capabilities capabilities(const PretrainedConfig&) const override {
        Capabilities caps;
        caps.inputs.text = true;
        caps.inputs.source_target = true;
        caps.positions = PositionKind::Sinusoidal;
        caps.stacks = 2;
        return caps;
    }

    // source.spm and target.spm, their pieces numbered by vocab.json (target_vocab.json for the
    // target when the folder keeps separate vocabularies).
    Status load_tokenizer(PretrainedModel& model, const ModelFolder& files) const override {
        if (files.source_spm.empty() || files.vocab_json.empty())
            return Status::Error(model.folder + ": a Marian folder needs source.spm and vocab.json (and target.spm). "
                                 "Download the tokenizer files from the model's Hub page.");
        auto source = load_spm_tokenizer(files.source_spm, files.vocab_json);
        if (!source) return source.status();
        model.tokenizer = std::move(*source);
        if (!files.target_spm.empty()) {
            const std::filesystem::path separate = std::filesystem::path(files.dir) / "target_vocab.json";
            std::error_code ec;
            const std::string vocab = std::filesystem::is_regular_file(separate, ec) ? separate.string() : files.vocab_json;
            auto target = load_spm_tokenizer(files.target_spm, vocab);
            if (!target) return target.status();
            model.target_tokenizer = std::move(*target);
        }
        return Status::Ok();
    }

    // generation_config.json, where the folder has one, overrides config.json's generation fields.
    Status finish_loading(PretrainedModel& model, const ModelFolder& files) const override {
        if (files.generation_config.empty()) return Status::Ok();
        auto text = read_config_file(files.generation_config);
        if (!text) return text.status();
        return apply_generation_config(*text, model.config);
    }

    Status check_tokenizer(const PretrainedModel& model, SubwordKind kind) const override {
        return kind == SubwordKind::SentencePiece ? Status::Ok() : tokenizer_mismatch(model, kind);
    }

    Expected<std::shared_ptr<const FamilyWeights>> load_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                                                const LayerLoaded& on_layer) const override {
        return shared_weights(load_marian_weights(file, config, on_layer));
    }

    // The source as the encoder reads it: its pieces, then </s>.
    Expected<FramedText> frame(const PretrainedModel& model, std::vector<SubwordToken> first, std::size_t first_bytes,
                               const std::vector<SubwordToken>*, std::size_t) const override {
        const int eos = model.config.seq2seq.eos_id;
        FramedText f;
        f.added = model.tokenizer->piece(eos);
        f.tokens = std::move(first);
        f.tokens.push_back(special_token(*model.tokenizer, eos, first_bytes));
        f.segments.assign(f.tokens.size(), 0);
        return f;
    }
    int pad_id(const PretrainedModel& model) const override { return model.config.seq2seq.pad_id; }

    void start_translation(const PretrainedModel& model, const std::vector<int>& source,
                           Seq2SeqSession& s) const override {
        marian_start(weights_of(model), model, source, s);
    }
    void append_target(Seq2SeqSession& s, int id) const override {
        marian_append(weights_of(*s.model), s.model->config, s, id);
    }

    Status check_attention(const PretrainedModel& model, const AttentionOptions& opt) const override {
        const int d = model.config.d_model;
        return validate_attention(weights_of(model).encoder.at(0).self_attn, opt, d, d);
    }

    Expected<std::vector<Trace>> run(const PretrainedModel& model, const RunConfig& run) const override {
        if (!run.image_path.empty())
            return Status::Error(model.name + " is a Marian model: it translates text, not images.");
        if (Status s = check_attention(model, run.attention); !s) return s;
        if (Status s = check_run_limits(run); !s) return s;
        const PretrainedConfig& c = model.config;
        const Seq2SeqConfig& s2s = c.seq2seq;
        const SubwordTokenizer& src_tok = *model.tokenizer;
        const SubwordTokenizer& tgt_tok = model.target_tok();

        auto source = source_tokens(model, run.text, run.tokenizer.max_tokens);
        if (!source) return source.status();
        const std::vector<int> source_ids = ids_of(*source);

        // The decoder's input: the start token, then the typed target or the model's translation
        // (without its final </s>, which the last position predicts).
        std::vector<SubwordToken> target;
        std::string translation = run.cross_text;  // the target as text: typed, or the model's translation
        target.push_back(special_token(tgt_tok, s2s.decoder_start_id, 0));
        if (!run.cross_text.empty()) {
            auto typed = tgt_tok.encode(run.cross_text, run.tokenizer.max_tokens);
            if (!typed) return Status::Error("Target: " + typed.error());
            for (SubwordToken& t : *typed) target.push_back(std::move(t));
        } else {
            // Each generated token's span in the decoded translation, as a typed target's would be
            // (a ▁ piece's span starts at its space): the views group pieces into words by them.
            const int room = c.max_positions - 1;
            std::vector<int> ids;
            std::size_t end = 0;
            for (int id : translate(model, source_ids, room).ids) {
                if (id == s2s.eos_id) break;
                ids.push_back(id);
                const std::string text = decode_with_file_decoders(tgt_tok, ids);
                SubwordToken t;
                t.id = id;
                t.piece = tgt_tok.piece(id);
                t.display = label_with_file_decoders(tgt_tok, id);
                t.byte_begin = std::min(end, text.size());
                t.byte_end = end = text.size();
                target.push_back(std::move(t));
                translation = text;
            }
        }
        if (Status s = check_target(model, target); !s) return s;
        const std::vector<int> target_ids = ids_of(target);
        const int S = int(source_ids.size()), T = int(target_ids.size());
        const int H = std::max(c.n_heads, s2s.decoder_heads), L = c.n_layers + 2 * s2s.decoder_layers;
        if (Status s = check_trace_budget(std::max(S, T), std::max(S, T), H, L, c.d_model); !s) return s;

        Seq2SeqPass pass = marian_forward(weights_of(model), c, source_ids, target_ids, run.attention);

        std::vector<Token> src_tokens, tgt_tokens;
        for (const SubwordToken& t : *source) src_tokens.push_back(trace_token(src_tok, t));
        for (const SubwordToken& t : target) tgt_tokens.push_back(trace_token(tgt_tok, t));

        auto section = [&](const char* name, const std::vector<Token>& q, const ForwardPass& qp, const std::vector<Token>& k,
                           const ForwardPass& kp, std::vector<LayerTrace> layers, bool causal) {
            Trace tr;
            tr.model_name = model.name;
            tr.section = name;
            tr.model_family = family_name(c);
            tr.model.d_model = c.d_model;
            tr.model.n_heads = layers.empty() ? c.n_heads : layers.front().n_heads;
            tr.model.positional = true;
            tr.model.seed = 0;
            tr.run = run;
            tr.run.cross_text = translation;
            tr.run.mask = MaskConfig{};
            tr.run.mask.causal = causal;
            tr.q_tokens = q;
            tr.k_tokens = k;
            tr.key_is_pad.assign(k.size(), 0);
            tr.q_embeddings = qp.token_embeddings;
            tr.q_positions = qp.position_embeddings;
            tr.k_embeddings = kp.token_embeddings;
            tr.k_positions = kp.position_embeddings;
            tr.layers = std::move(layers);
            return tr;
        };
        std::vector<Trace> out;
        out.push_back(section("encoder", src_tokens, pass.encoder, src_tokens, pass.encoder, std::move(pass.encoder.layers), false));
        out.push_back(section("decoder", tgt_tokens, pass.decoder, tgt_tokens, pass.decoder, std::move(pass.decoder.layers), true));
        out.push_back(section("cross", tgt_tokens, pass.decoder, src_tokens, pass.encoder, std::move(pass.cross), false));
        for (const Trace& tr : out)
            if (Status s = check_trace_finite(tr); !s) return s;
        return out;
    }

    std::string decode(const PretrainedModel& model, const std::vector<int>& ids) const override {
        return decode_with_file_decoders(model.target_tok(), ids);
    }
    // A special token (</s>, <pad>, <unk>) by its piece: the spm's decoder writes nothing for it.
    std::string token_label(const PretrainedModel& model, int id) const override {
        const SubwordTokenizer& tok = model.target_tok();
        return tok.is_special(id) ? tok.piece(id) : label_with_file_decoders(tok, id);
    }
};

}  // namespace

const ModelFamily& marian_family() {
    static const MarianFamily family;
    return family;
}

}  // namespace attn::pretrained
