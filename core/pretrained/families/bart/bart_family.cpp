// bart_family.cpp — BART behind the family interface (family.h): its config.json and
// generation_config.json fields, its byte-level BPE tokenizer (GPT-2's, with <s> <pad> </s> <unk>
// first), and a run that yields three sections (seq2seq_run.h): the encoder's self-attention, the
// decoder's causal self-attention and the cross-attention between them.
//
// BART's tokenizer writes every text as <s> text </s>: the source is read so, and a typed target's
// labels are too, so the decoder input built from them (shifted right) is </s> <s> target, the
// start token being </s>. Generating, forced_bos_token_id makes <s> the first token written.
#include <string>
#include <vector>

#include "core/base/limits.h"
#include "core/pretrained/families/bart/bart.h"
#include "core/pretrained/model_config_fields.h"
#include "core/pretrained/pretrained_model.h"
#include "core/pretrained/seq2seq_generation.h"

namespace attn::pretrained {

namespace {

using config_fields::Fields;

const BartWeights& weights_of(const PretrainedModel& model) { return weights_as<BartWeights>(*model.weights); }

Status parse_bart(const ConfigJson& json, PretrainedConfig& c) {
    Fields f(json.root, "BART");
    Seq2SeqConfig& s = c.seq2seq;
    c.d_model = f.integer("d_model", 1, limits::kMaxModelWidth);
    config_fields::read_encoder_decoder_stacks(f, c);
    c.vocab_size = f.integer("vocab_size", 1, limits::kMaxVocabSize);
    c.max_positions = f.integer("max_position_embeddings", 1, limits::kMaxPositions);
    c.layer_norm_eps = 1e-5f;  // fixed in Hugging Face's BART, not in its config
    c.activation = f.text("activation_function", "gelu");
    s.scale_embedding = f.boolean("scale_embedding", false);
    // Older configs spell out what BART always is; a value that says otherwise is another model.
    f.require_flag("normalize_before", false);
    f.require_flag("add_final_layer_norm", false);
    f.require_flag("add_bias_logits", false);
    if (f.integer_or("extra_pos_embeddings", 0, 1 << 20, &kBartPositionOffset) != kBartPositionOffset)
        f.fail("config.json: \"extra_pos_embeddings\" is not 2; AttnLab reads BART position tables with fairseq's "
               "two padding rows.");
    s.pad_id = f.integer("pad_token_id", 0, limits::kMaxVocabSize);
    s.bos_id = f.integer("bos_token_id", 0, limits::kMaxVocabSize);
    s.eos_id = f.integer("eos_token_id", 0, limits::kMaxVocabSize);
    s.decoder_start_id = f.integer("decoder_start_token_id", 0, limits::kMaxVocabSize);
    s.max_length = 0;
    const Status bad_words = read_seq2seq_generation(f, json.root, s);
    return check_seq2seq_config(f, bad_words, c);
}

class BartFamily final : public TextSeq2SeqFamily {
public:
    const char* id() const override { return "bart"; }
    std::vector<std::string_view> model_types() const override { return {"bart"}; }
    std::string display_name(const PretrainedConfig&) const override { return "BART"; }
    std::vector<std::pair<std::string_view, std::string_view>> architecture_prefixes() const override {
        return {{"Bart", "bart"}};
    }
    std::vector<std::string> supported() const override { return {"bart (BART)"}; }

    Status parse_config(const ConfigJson& json, PretrainedConfig& c) const override { return parse_bart(json, c); }

    Capabilities capabilities(const PretrainedConfig&) const override {
        Capabilities caps;
        caps.inputs.text = true;
        caps.inputs.source_target = true;
        caps.positions = PositionKind::Learned;
        caps.stacks = 2;
        return caps;
    }

    Status check_tokenizer(const PretrainedModel& model, SubwordKind kind) const override {
        return kind == SubwordKind::ByteLevelBpe ? Status::Ok() : tokenizer_mismatch(model, kind);
    }

    // generation_config.json over config.json's generation fields; the tokenizer learns which ids
    // are control tokens from config.json (its files alone mark only GPT-2's <|endoftext|>).
    Status finish_loading(PretrainedModel& model, const ModelFolder& files) const override {
        const Seq2SeqConfig& s = model.config.seq2seq;
        SubwordTokenizer& tok = *model.tokenizer;
        for (int id : {s.bos_id, s.eos_id, s.pad_id})
            if (id >= tok.vocab_size())
                return Status::Error(model.folder + ": config.json names token id " + std::to_string(id) +
                                     ", but the tokenizer has " + std::to_string(tok.vocab_size()) +
                                     " pieces. The folder mixes two models.");
        tok.cls_id = s.bos_id;
        tok.sep_id = tok.eos_id = s.eos_id;
        tok.pad_id = s.pad_id;
        return TextSeq2SeqFamily::finish_loading(model, files);
    }

    Expected<std::shared_ptr<const FamilyWeights>> load_weights(const SafeTensorsFile& file, const PretrainedConfig& config,
                                                                const LayerLoaded& on_layer) const override {
        return shared_weights(load_bart_weights(file, config, on_layer));
    }

    // The source as the encoder reads it: <s>, its pieces, </s>.
    Expected<FramedText> frame(const PretrainedModel& model, std::vector<SubwordToken> first, std::size_t first_bytes,
                               const std::vector<SubwordToken>*, std::size_t) const override {
        const Seq2SeqConfig& s = model.config.seq2seq;
        const SubwordTokenizer& tok = *model.tokenizer;
        FramedText f;
        f.added = tok.piece(s.bos_id) + "/" + tok.piece(s.eos_id);
        f.tokens.push_back(special_token(tok, s.bos_id, 0));
        for (SubwordToken& t : first) f.tokens.push_back(std::move(t));
        f.tokens.push_back(special_token(tok, s.eos_id, first_bytes));
        f.segments.assign(f.tokens.size(), 0);
        return f;
    }

    Seq2SeqPass forward_pair(const PretrainedModel& model, const std::vector<int>& source,
                             const std::vector<int>& decoder_input, const ForwardOptions& opt) const override {
        return bart_forward(weights_of(model), model.config, source, decoder_input, opt);
    }
    Mat encode_source(const PretrainedModel& model, const std::vector<int>& source,
                      const Ablation& ablation) const override {
        ForwardOptions opt{AttentionOptions{}, ablation};
        opt.attention.compute_stats = false;
        return bart_encode(weights_of(model), model.config, source, opt).hidden_states.back();
    }
    Mat embed_target(const PretrainedModel& model, int id, int pos) const override {
        return bart_target_row(weights_of(model), model.config, id, pos);
    }
    int target_bos(const PretrainedModel& model) const override { return model.config.seq2seq.bos_id; }

    // Generated text without its control tokens (<s>, </s>, <pad>).
    std::string decode(const PretrainedModel& model, const std::vector<int>& ids) const override {
        std::vector<int> text;
        for (int id : ids)
            if (!model.tokenizer->is_special(id)) text.push_back(id);
        return ModelFamily::decode(model, text);
    }
};

}  // namespace

const ModelFamily& bart_family() {
    static const BartFamily family;
    return family;
}

}  // namespace attn::pretrained
