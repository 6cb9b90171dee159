// lm_inputs.cpp — ids for a text, a forward pass over ids, ids back to text.
#include "core/lm/lm_inputs.h"

#include <array>
#include <cassert>
#include <unordered_map>

#include "core/pretrained/bert.h"
#include "core/tokenizer/bpe_tokenizer.h"
#include "core/pretrained/gpt2.h"
#include "core/pretrained/llama.h"
#include "core/base/utf8.h"
#include "core/lm/gpt2_session.h"

namespace attn::lm {

using namespace attn::pretrained;

static bool is_gpt2(const PretrainedModel& m) { return m.config.arch == Architecture::Gpt2; }
static bool is_decoder(const PretrainedModel& m) { return m.config.arch == Architecture::Llama; }

Status check_ids(const PretrainedModel& model, const std::vector<int>& ids) {
    if (ids.empty()) return Status::Error("There are no tokens. Type a sentence.");
    if (int(ids.size()) > model.config.max_positions) {
        return Status::Error("The input is " + std::to_string(ids.size()) + " tokens, but " + model.name +
                             " reads at most " + std::to_string(model.config.max_positions) +
                             (is_decoder(model) ? " (its context length)" : " (it learned one position embedding per place)") +
                             ". Shorten the text.");
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
    const SubwordTokenizer& tok = *model.tokenizer;
    auto pieces = tok.encode(text, std::size_t(model.config.max_positions) + 1);
    if (!pieces) return pieces.status();
    if (pieces->empty()) return Status::Error("The text is empty. Type a sentence.");
    std::vector<int> ids;
    if (is_decoder(model)) {  // what the post-processor adds: <|begin_of_text|>, <s>, or nothing (Qwen)
        for (const SubwordToken& s : tok.with_special_tokens(*pieces, text.size())) ids.push_back(s.id);
        if (Status s = check_ids(model, ids); !s) return s;
        return ids;
    }
    if (!is_gpt2(model)) {
        if (tok.cls_id < 0 || tok.sep_id < 0) {
            return Status::Error(model.name + ": the vocabulary has no [CLS] or [SEP] token, which " +
                                 architecture_name(model.config.arch) + " needs around every sentence.");
        }
        ids.push_back(tok.cls_id);
    }
    for (const SubwordToken& s : *pieces) ids.push_back(s.id);
    if (!is_gpt2(model)) ids.push_back(tok.sep_id);
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
    ForwardOptions opt;
    opt.attention.compute_stats = false;  // predictions and head roles read only the weights
    opt.ablation = ablation;
    if (const Gpt2Weights* w = gpt2_weights(model)) return gpt2_forward(*w, model.config, ids, BoolMat(), opt);
    if (const LlamaWeights* w = llama_weights(model)) {
        DecoderOptions d;
        d.attention = opt.attention;
        d.ablation = ablation;
        return llama_forward(*w, model.config, ids, d);
    }
    const BertWeights* w = bert_weights(model);
    assert(w && "a loaded model");
    return bert_forward(*w, model.config, ids, {}, BoolMat(), opt);
}

Mat final_norm(const PretrainedModel& model, const Mat& x) {
    Mat h;  // (T, d)
    if (const Gpt2Weights* w = gpt2_weights(model)) {
        layer_norm(x, w->ln_f_gamma, w->ln_f_beta, model.config.layer_norm_eps, h);
        return h;
    }
    const LlamaWeights* w = llama_weights(model);
    assert(w && "final_norm: a causal LM");
    rms_norm(x, w->norm, model.config.decoder.rms_norm_eps, h);
    return h;
}

Mat unembed(const PretrainedModel& model, const Mat& h) {
    if (const Gpt2Weights* w = gpt2_weights(model)) return gpt2_logits(*w, h);
    const LlamaWeights* w = llama_weights(model);
    assert(w && "unembed: a causal LM");
    return llama_logits(*w, h);
}

// GPT-2's character -> byte table, the inverse of gpt2_byte_to_unicode().
static const std::unordered_map<char32_t, unsigned char>& gpt2_unicode_to_byte() {
    static const std::unordered_map<char32_t, unsigned char> table = [] {
        std::unordered_map<char32_t, unsigned char> t;
        const std::array<char32_t, 256>& fwd = gpt2_byte_to_unicode();
        for (int b = 0; b < 256; ++b) t[fwd[b]] = static_cast<unsigned char>(b);
        return t;
    }();
    return table;
}

// The bytes a GPT-2 piece stands for; a piece with characters outside the table (an added token
// such as "<|endoftext|>") is its own text.
static std::string gpt2_piece_bytes(const std::string& piece) {
    const auto& table = gpt2_unicode_to_byte();
    std::string out;
    std::size_t pos = 0;
    char32_t cp = 0;
    while (pos < piece.size()) {
        if (!decode_utf8(piece, pos, cp)) return piece;
        auto it = table.find(cp);
        if (it == table.end()) return piece;
        out.push_back(char(it->second));
    }
    return out;
}

// Valid UTF-8: every ill-formed sequence becomes U+FFFD.
static std::string replace_invalid_utf8(const std::string& bytes) {
    std::string out;
    std::size_t pos = 0;
    char32_t cp = 0;
    while (pos < bytes.size()) {
        if (decode_utf8(bytes, pos, cp)) {
            append_utf8(out, cp);
        } else {
            append_utf8(out, 0xFFFD);
            ++pos;
        }
    }
    return out;
}

std::string decode_ids(const PretrainedModel& model, const std::vector<int>& ids) {
    const SubwordTokenizer& tok = *model.tokenizer;
    std::string out;
    if (is_decoder(model)) {  // the file's own decoders (byte-level, or ▁ and byte fallback)
        std::vector<int> known;
        for (int id : ids)
            if (!tok.piece(id).empty()) known.push_back(id);
        return replace_invalid_utf8(tok.decode(known));
    }
    for (int id : ids) {
        const std::string piece = tok.piece(id);
        if (piece.empty()) continue;
        if (is_gpt2(model)) {
            out += gpt2_piece_bytes(piece);
        } else if (piece.size() > 2 && piece.compare(0, 2, "##") == 0) {
            out += piece.substr(2);
        } else {
            if (!out.empty()) out += ' ';
            out += piece;
        }
    }
    return replace_invalid_utf8(out);
}

std::string token_label(const PretrainedModel& model, int id) {
    const std::string piece = model.tokenizer->piece(id);
    if (is_decoder(model)) {
        if (model.tokenizer->kind() == SubwordKind::ByteLevelBpe) return gpt2_display(gpt2_piece_bytes(piece));
        if (piece.size() == 6 && piece.compare(0, 3, "<0x") == 0) return piece;  // a byte-fallback token
        return gpt2_display(model.tokenizer->decode({id}));
    }
    if (!is_gpt2(model)) return piece;
    return gpt2_display(gpt2_piece_bytes(piece));
}

}  // namespace attn::lm
