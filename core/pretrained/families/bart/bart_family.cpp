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

#include "core/pretrained/families/bart/bart.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/seq2seq/fairseq_seq2seq.h"

namespace attn::pretrained {

namespace {

class BartFamily final : public FairseqFamily {
public:
    BartFamily() : FairseqFamily("BART", /*pre_ln=*/false) {}
    const char* id() const override { return "bart"; }
    std::vector<std::string_view> model_types() const override { return {"bart"}; }
    std::vector<std::pair<std::string_view, std::string_view>> architecture_prefixes() const override {
        return {{"Bart", "bart"}};
    }
    std::vector<std::string> supported() const override { return {"bart (BART)"}; }

    Status check_tokenizer(const PretrainedModel& model, SubwordKind kind) const override {
        return kind == SubwordKind::ByteLevelBpe ? Status::Ok() : tokenizer_mismatch(model, kind);
    }

    // The source as the encoder reads it: <s>, its pieces, </s>; a typed target after </s> <s>.
    int source_start(const PretrainedModel& model) const override { return seq2seq_settings(model.config).bos_id; }
    int target_bos(const PretrainedModel& model) const override { return seq2seq_settings(model.config).bos_id; }
};

}  // namespace

const ModelFamily& bart_family() {
    static const BartFamily family;
    return family;
}

}  // namespace attn::pretrained
