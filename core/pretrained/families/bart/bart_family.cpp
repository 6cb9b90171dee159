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

#include "core/pretrained/fairseq_seq2seq.h"
#include "core/pretrained/families/bart/bart.h"
#include "core/pretrained/pretrained_model.h"

namespace attn::pretrained {

namespace {

class BartFamily final : public FairseqFamily {
public:
    const char* id() const override { return "bart"; }
    std::vector<std::string_view> model_types() const override { return {"bart"}; }
    std::string display_name(const PretrainedConfig&) const override { return "BART"; }
    std::vector<std::pair<std::string_view, std::string_view>> architecture_prefixes() const override {
        return {{"Bart", "bart"}};
    }
    std::vector<std::string> supported() const override { return {"bart (BART)"}; }

    Status parse_config(const ConfigJson& json, PretrainedConfig& c) const override {
        return parse_fairseq_config(json, c, "BART", /*pre_ln=*/false);
    }

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
        return shared_weights(load_fairseq_weights(file, config, "BART", /*pre_ln=*/false, on_layer));
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

    int target_bos(const PretrainedModel& model) const override { return model.config.seq2seq.bos_id; }
};

}  // namespace

const ModelFamily& bart_family() {
    static const BartFamily family;
    return family;
}

}  // namespace attn::pretrained
