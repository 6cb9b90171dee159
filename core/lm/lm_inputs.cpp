// lm_inputs.cpp — ids for a text, a forward pass over ids, ids back to text.
#include "core/lm/lm_inputs.h"

#include <cassert>
#include <limits>



namespace attn::lm {

using namespace attn::pretrained;

Status check_ids(const PretrainedModel& model, const std::vector<int>& ids) {
    if (model.caps().stacks != 1) {  // one pass over one stack is what every core/lm tool reads
        return Status::Error(model.name + " is a " + family_name(model.config) +
                             " model with an encoder and a decoder; this reads models with one stack of layers "
                             "(GPT-2, BERT, Llama, Qwen, Mistral). Its cross-attention is in the " +
                             (model.caps().inputs.audio ? "Audio" : "Alignment") + " view.");
    }
    if (ids.empty()) return Status::Error("There are no tokens. Type a sentence.");
    if (int(ids.size()) > model.config.max_positions) {
        return Status::Error("The input is " + std::to_string(ids.size()) + " tokens, but " + model.name +
                             " reads at most " + std::to_string(model.config.max_positions) +
                             position_limit_why(model) + ". Shorten the text.");
    }
    for (int id : ids) {
        if (id < 0 || id >= model.config.vocab_size) {
            return Status::Error("Token id " + std::to_string(id) + " is outside " + model.name + "'s " +
                                 std::to_string(model.config.vocab_size) +
                                 " token embeddings. Do the tokenizer files belong to this model?");
        }
    }
    return Status::Ok();
}

Expected<std::vector<int>> encode_for_model(const PretrainedModel& model, const std::string& text) {
    assert(model.tokenizer && "a model from load_pretrained_model");
    // No limit but the model's: a long paste stops early, and the refusal names the model's limit.
    auto pieces = encode_within_limits(model, text, std::numeric_limits<std::size_t>::max());
    if (!pieces) return pieces.status();
    if (pieces->empty()) return Status::Error("The text is empty. Type a sentence.");
    auto framed = model.family().frame(model, std::move(*pieces), text.size(), nullptr, 0);
    if (!framed) return framed.status();
    std::vector<int> ids;
    for (const SubwordToken& s : framed->tokens) ids.push_back(s.id);
    if (Status s = check_ids(model, ids); !s) return s;
    return ids;
}

ForwardPass forward_ids(const PretrainedModel& model, const std::vector<int>& ids) {
    return forward_ids(model, ids, Ablation{});
}

ForwardPass forward_ids(const PretrainedModel& model, const std::vector<int>& ids, const Ablation& ablation) {
    assert(check_ids(model, ids).ok() && "forward_ids: ids must pass check_ids");
    assert(check_ablation(ablation, model.config.n_layers, model.config.n_heads).ok() &&
           "forward_ids: the ablation must pass check_ablation");
    PassOptions opt;
    opt.forward.attention.compute_stats = false;  // predictions and head roles read only the weights
    opt.forward.ablation = ablation;
    return model.family().forward(model, IdsInput{ids, nullptr, 0}, opt);
}

Mat final_norm(const PretrainedModel& model, const Mat& x) { return model.family().final_norm(model, x); }

Mat unembed(const PretrainedModel& model, const Mat& h) { return model.family().unembed(model, h); }

std::string decode_ids(const PretrainedModel& model, const std::vector<int>& ids) {
    return model.family().decode(model, ids);
}

std::string token_label(const PretrainedModel& model, int id) { return model.family().token_label(model, id); }

}  // namespace attn::lm
