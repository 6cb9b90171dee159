// family_defaults.cpp — what every family shares: the interface's defaults (family.h), a text family's
// run (frame → mask → forward → trace) and the decode session's bookkeeping.
#include "core/pretrained/family/family.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cmath>

#include "core/attention/engine.h"
#include "core/attention/mask.h"
#include "core/attention/word_tokenizer.h"
#include "core/pretrained/family/decode_session.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/family/speech.h"

namespace attn::pretrained {

// ------------------------------------------------------------------------------------------------
// [SECTION] Defaults: what a family without the capability answers

Status ModelFamily::check_tokenizer(const PretrainedModel&, SubwordKind) const { return Status::Ok(); }

Status ModelFamily::finish_loading(PretrainedModel&, const ModelFolder&) const { return Status::Ok(); }

Expected<FramedText> ModelFamily::frame(const PretrainedModel&, std::vector<SubwordToken> first, std::size_t,
                                        const std::vector<SubwordToken>* second, std::size_t) const {
    assert(second == nullptr && "frame: this family reads one text");
    (void)second;
    FramedText f;
    f.segments.assign(first.size(), 0);
    f.tokens = std::move(first);
    return f;
}

int ModelFamily::start_of_text(const PretrainedModel&) const { return -1; }

int ModelFamily::pad_id(const PretrainedModel&) const { return -1; }

DecoderFacts ModelFamily::decoder_facts(const PretrainedModel&) const { return {}; }

LanguageFacts ModelFamily::translation_languages(const PretrainedModel&) const { return {}; }

LanguageFacts ModelFamily::spoken_languages(const PretrainedModel&) const { return {}; }

void ModelFamily::set_translation_languages(PretrainedModel&, const std::string&, const std::string&) const {}

int ModelFamily::image_size(const PretrainedConfig&) const { return 0; }

Status ModelFamily::check_attention(const PretrainedModel&, const AttentionOptions& opt) const {
    return validate_attention_options(opt);
}

Expected<std::vector<Trace>> ModelFamily::run(const PretrainedModel& model, const RunConfig& run) const {
    auto image_run = [&]() -> Expected<Trace> {
        if (run.image_path.empty()) {
            return Status::Error(model.name + " is a " + family_name(model.config) +
                                 ": it reads images, not text. Open an image (File > Open image…, or --image FILE).");
        }
        auto input = load_vision_input(model, run.image_path);
        if (!input) return input.status();
        return run_image(model, *input, run);
    };
    Expected<Trace> tr = capabilities(model.config).inputs.image ? image_run() : run_text_model(model, run);
    if (!tr) return tr.status();
    std::vector<Trace> out;
    out.push_back(std::move(*tr));
    return out;
}

ForwardPass ModelFamily::forward(const PretrainedModel&, const IdsInput&, const PassOptions&) const {
    assert(false && "forward: a family that reads text");
    return {};
}

Mat ModelFamily::forward_from(const PretrainedModel& model, const std::vector<int>& ids, const Mat&, int,
                              const ForwardOptions& opt) const {
    PassOptions p;
    p.forward = opt;
    return forward(model, IdsInput{ids, nullptr, 0}, p).hidden_states.back();
}

Mat ModelFamily::final_norm(const PretrainedModel&, const Mat& x) const {
    assert(false && "final_norm: a family that predicts the next token");
    return x;
}

Mat ModelFamily::unembed(const PretrainedModel&, const Mat&) const {
    assert(false && "unembed: a family that predicts the next token");
    return {};
}

void ModelFamily::start_decoding(const PretrainedModel&, const std::vector<int>&, DecodeSession&) const {
    assert(false && "start_decoding: a family with a cached step");
}

void ModelFamily::append_token(DecodeSession&, int) const { assert(false && "append_token: a family with a cached step"); }

void ModelFamily::start_translation(const PretrainedModel&, const std::vector<int>&, Seq2SeqSession&,
                                    const Ablation&) const {
    assert(false && "start_translation: an encoder-decoder family");
}

void ModelFamily::append_target(Seq2SeqSession&, int) const { assert(false && "append_target: an encoder-decoder family"); }

Seq2SeqPass ModelFamily::forward_pair(const PretrainedModel&, const std::vector<int>&, const std::vector<int>&,
                                      const ForwardOptions&) const {
    assert(false && "forward_pair: a family that reads a source text and a target");
    return Seq2SeqPass{};
}

Expected<std::shared_ptr<const FamilyWeights>> ModelFamily::load_mlm_head(const PretrainedModel& model) const {
    const Capabilities c = capabilities(model.config);
    if (c.next_token) {
        return Status::Error(model.name + " is " + family_name(model.config) +
                             ": it predicts the next token, not masked ones (there is no [MASK] in its vocabulary).");
    }
    return Status::Error(model.name + " is " + family_name(model.config) + ": it has no masked-LM head.");
}

Mat ModelFamily::mlm_logits(const PretrainedModel&, const FamilyWeights&, const Mat&) const {
    assert(false && "mlm_logits: a family that fills masks");
    return {};
}

// A model that reads text was given an image.
static Status reads_text_not_images(const PretrainedModel& model) {
    return Status::Error(model.name + " is a " + family_name(model.config) +
                         " model: it reads text, not images. Open a ViT or DeiT folder to look at an image.");
}

Expected<Trace> ModelFamily::run_image(const PretrainedModel& model, const VisionInput&, const RunConfig&) const {
    return reads_text_not_images(model);
}

Expected<Transcript> ModelFamily::transcribe(const PretrainedModel& model, const audio::Sound&,
                                             const SpeechOptions&) const {
    return Status::Error(model.name + " is a " + family_name(model.config) +
                         ": it does not listen to sound. Open a speech model (Whisper).");
}

Status ModelFamily::start_listening(const PretrainedModel& model, const audio::Sound& sound, const SpeechOptions& opt,
                                    Seq2SeqSession&, Transcript&) const {
    return transcribe(model, sound, opt).status();
}

RowVec ModelFamily::listening_scores(const PretrainedModel&, const RowVec& logits, bool) const {
    const float top = logits.maxCoeff();
    const double log_total = std::log((logits.array() - top).exp().cast<double>().sum());
    return (logits.array() - top - float(log_total)).matrix();
}

int ModelFamily::window(const PretrainedConfig&, int) const { return 0; }

std::vector<double> ModelFamily::rotary_frequencies(const PretrainedConfig&) const { return {}; }

int ModelFamily::rotary_dim(const PretrainedConfig&) const { return 0; }

// ------------------------------------------------------------------------------------------------
// [SECTION] A text family's run

namespace {

// A label kind for a subword piece: the views colour numbers and punctuation differently.
TokenKind kind_of(const std::string& display) {
    bool digits = !display.empty(), punct = !display.empty();
    for (unsigned char c : display) {
        digits = digits && (c >= '0' && c <= '9');
        punct = punct && c < 0x80 && std::ispunct(c);
    }
    if (digits) return TokenKind::Number;
    if (punct) return TokenKind::Punctuation;
    return TokenKind::Word;
}

}  // namespace

SubwordToken special_token(const SubwordTokenizer& tok, int id, std::size_t at) {
    SubwordToken t;
    t.id = id;
    t.piece = t.display = tok.piece(id);
    t.byte_begin = t.byte_end = at;
    t.special = true;
    return t;
}

Token trace_token(const SubwordTokenizer& tok, const SubwordToken& s) {
    Token t;
    t.text = s.special ? tok.piece(s.id) : s.display;
    t.byte_begin = s.byte_begin;
    t.byte_end = s.byte_end;
    t.kind = s.special ? TokenKind::Special : kind_of(s.display);
    t.id = s.id;
    t.piece = s.piece;
    t.unknown = !s.special && tok.is_unknown(s.id);
    return t;
}

namespace {

Status check_text(const std::string& text, const char* which) {
    if (text.size() > kMaxTextBytes) {
        return Status::Error(std::string(which) + " is " + std::to_string(text.size() / 1024) +
                             " KiB; AttnLab takes at most " + std::to_string(kMaxTextBytes / 1024) +
                             " KiB. Paste a shorter passage.");
    }
    return Status::Ok();
}

}  // namespace

const char* position_limit_why(const PretrainedModel& model) {
    switch (model.caps().positions) {
        case PositionKind::Rotary: return " (its context length)";
        case PositionKind::Sinusoidal: return " (its position table has that many rows)";
        case PositionKind::RelativeBias: return " (the input length its config sets)";
        case PositionKind::Learned: break;
    }
    return " (it learned one position embedding per place)";
}

Status text_longer_than_model(const PretrainedModel& model) {
    const std::string limit = std::to_string(model.config.max_positions);
    return Status::Error("The text has more than " + limit + " tokens, but " + model.name + " reads at most " + limit +
                         position_limit_why(model) + ". Shorten the text.");
}

Expected<std::vector<SubwordToken>> encode_within_limits(const PretrainedModel& model, const std::string& text,
                                                         std::size_t max_tokens) {
    assert(model.tokenizer && "a model from load_pretrained_model");
    const int positions = model.config.max_positions;
    const bool model_first = positions > 0 && std::size_t(positions) <= max_tokens;
    const std::size_t cap = model_first ? std::size_t(positions) : max_tokens;
    auto pieces = model.tokenizer->encode(text, cap);
    if (!pieces && pieces.status().message() == too_many_subword_tokens(cap).message())
        return model_first ? text_longer_than_model(model) : too_many_tokens(max_tokens);
    return pieces;
}

namespace {

// Tokens, one segment id per token, and which tokens are padding.
struct Inputs {
    std::vector<Token> tokens;
    std::vector<int> ids;
    std::vector<int> segments;
    std::vector<std::uint8_t> is_pad;
};

Expected<Inputs> make_inputs(const PretrainedModel& model, const RunConfig& run) {
    const PretrainedConfig& cfg = model.config;
    const SubwordTokenizer& tok = *model.tokenizer;
    const Capabilities caps = capabilities(cfg);
    const std::string arch = family_name(cfg);

    if (run.is_cross() && !caps.inputs.text_pair) {
        return Status::Error(arch + " reads one text from left to right: it has no second sentence "
                             "to attend to. Clear the second sentence, or load a BERT model for a "
                             "sentence pair.");
    }
    if (Status s = check_text(run.text, "The text"); !s) return s;
    if (Status s = check_text(run.cross_text, "The second sentence"); !s) return s;
    if (run.mask.pad_to < 0) return Status::Error("The padding length cannot be negative.");

    auto first = encode_within_limits(model, run.text, run.tokenizer.max_tokens);
    if (!first) return first.status();
    if (first->empty()) return Status::Error("The text is empty. Type a sentence.");
    std::vector<SubwordToken> second;
    if (run.is_cross()) {
        auto pieces = encode_within_limits(model, run.cross_text, run.tokenizer.max_tokens);
        if (!pieces) return Status::Error("Second sentence: " + pieces.error());
        if (pieces->empty()) return Status::Error("The second sentence is empty. Type one or clear it.");
        second = std::move(*pieces);
    }
    auto framed = cfg.family->frame(model, std::move(*first), run.text.size(), run.is_cross() ? &second : nullptr,
                                    run.cross_text.size());
    if (!framed) return framed.status();

    Inputs in;
    for (std::size_t i = 0; i < framed->tokens.size(); ++i) {
        in.tokens.push_back(trace_token(tok, framed->tokens[i]));
        in.ids.push_back(framed->tokens[i].id);
        in.segments.push_back(framed->segments[i]);
        in.is_pad.push_back(0);
    }
    const int n_text = int(in.tokens.size());
    if (run.mask.pad_to > n_text) {
        const int pad_id = cfg.family->pad_id(model);
        if (pad_id < 0) {
            return Status::Error(model.name + ": the vocabulary has no padding token, so the "
                                 "sequence cannot be padded. Set the padding length to 0.");
        }
        Token pad;
        pad.text = tok.piece(pad_id);
        pad.byte_begin = pad.byte_end = run.is_cross() ? run.cross_text.size() : run.text.size();
        pad.kind = TokenKind::Special;
        pad.id = pad_id;
        const int segment = in.segments.back();
        while (int(in.tokens.size()) < run.mask.pad_to) {
            in.tokens.push_back(pad);
            in.ids.push_back(pad_id);
            in.segments.push_back(segment);
            in.is_pad.push_back(1);
        }
    }

    const int t = int(in.tokens.size());
    if (t > cfg.max_positions) {
        return Status::Error(
            "The input is " + std::to_string(t) + " tokens" + (framed->added.empty() ? "" : " (with " + framed->added + ")") +
            (t > n_text ? " after padding" : "") + ", but " + model.name + " reads at most " +
            std::to_string(cfg.max_positions) + position_limit_why(model) + ". Shorten the text.");
    }
    for (const Token& token : in.tokens) {
        if (token.id < 0 || token.id >= cfg.vocab_size) {
            return Status::Error("The tokenizer gave \"" + token.text + "\" id " + std::to_string(token.id) +
                                 ", but " + model.name + " has only " + std::to_string(cfg.vocab_size) +
                                 " token embeddings. Do the tokenizer files belong to this model?");
        }
    }
    return in;
}

}  // namespace

Expected<Trace> run_text_model(const PretrainedModel& model, const RunConfig& run) {
    if (!run.image_path.empty()) return reads_text_not_images(model);
    assert(model.tokenizer && model.weights && "a model from load_pretrained_model");
    const PretrainedConfig& cfg = model.config;
    const Capabilities caps = capabilities(cfg);
    if (Status s = cfg.family->check_attention(model, run.attention); !s) return s;
    if (Status s = check_run_limits(run); !s) return s;

    auto in = make_inputs(model, run);
    if (!in) return in.status();
    const int t = int(in->tokens.size());
    if (Status s = check_trace_budget(t, t, cfg.n_heads, cfg.n_layers, std::max(cfg.d_model, cfg.n_heads * cfg.d_k()));
        !s)
        return s;

    // The user's mask, as the built-in engine builds it; a causal model is causal whatever it says.
    MaskConfig mask = mask_for_matrix(run.mask, t, t);
    if (caps.always_causal) mask.causal = true;
    PassOptions opt;
    opt.forward.attention = run.attention;
    if (mask.any()) {
        auto built = build_mask(mask, t, t, mask.pad_to > 0 ? in->is_pad : std::vector<std::uint8_t>{});
        if (!built) return built.status();
        if (built->cast<int>().sum() > 0) opt.blocked = std::move(*built);  // (T, T)
    }
    ForwardPass pass = cfg.family->forward(model, IdsInput{in->ids, &in->segments, 0}, opt);

    Trace tr;
    tr.model_name = model.name;
    tr.model_family = family_name(cfg);
    tr.model.d_model = cfg.d_model;
    tr.model.n_heads = cfg.n_heads;
    // Position vectors added to the tokens (rotary and relative-bias families place them inside
    // the scores instead).
    tr.model.positional = caps.positions == PositionKind::Learned || caps.positions == PositionKind::Sinusoidal;
    tr.model.seed = 0;
    tr.run = run;
    tr.run.mask = mask;  // what was applied (causal models: always causal), for captions and exports
    tr.q_tokens = std::move(in->tokens);
    tr.k_tokens = tr.q_tokens;
    tr.key_is_pad = std::move(in->is_pad);
    tr.q_embeddings = std::move(pass.token_embeddings);
    tr.q_positions = std::move(pass.position_embeddings);
    tr.k_embeddings = tr.q_embeddings;
    tr.k_positions = tr.q_positions;
    tr.layers = std::move(pass.layers);
    if (Status s = check_trace_finite(tr); !s) return s;
    return tr;
}

// ------------------------------------------------------------------------------------------------
// [SECTION] The decode session's bookkeeping

void reserve_session(DecodeSession& s, int n) {
    const int have = int(s.hidden.rows());
    if (n <= have) return;
    const int cap = std::min(s.config.max_positions, std::max({n, 2 * have, 32}));
    for (Mat& m : s.cache.k) m.conservativeResize(cap, Eigen::NoChange);
    for (Mat& m : s.cache.v) m.conservativeResize(cap, Eigen::NoChange);
    s.hidden.conservativeResize(cap, Eigen::NoChange);
}

void start_from_pass(DecodeSession& s, const std::vector<int>& prompt, const ForwardPass& pass, int kv_cols) {
    const PretrainedConfig& config = s.config;
    const int t = int(prompt.size()), H = config.n_heads;
    s.ids = prompt;
    s.prompt_length = t;
    s.cache.k.assign(config.n_layers, Mat(0, kv_cols));
    s.cache.v.assign(config.n_layers, Mat(0, kv_cols));
    s.hidden.resize(0, config.d_model);
    reserve_session(s, t);
    s.cache.n = t;
    s.hidden.topRows(t) = pass.hidden_states.back();  // (T, d)
    s.steps.assign(t, TokenStep{});
    for (int i = 0; i < t; ++i) {
        s.steps[i].id = prompt[i];
        s.steps[i].attention.resize(config.n_layers);
    }
    for (int l = 0; l < config.n_layers; ++l) {
        const LayerTrace& L = pass.layers[l];
        for (int i = 0; i < t; ++i) {
            Mat& row = s.steps[i].attention[l];  // (H, i + 1)
            row.resize(H, i + 1);
            for (int h = 0; h < H; ++h) row.row(h) = L.heads[h].weights.row(i).head(i + 1);
        }
    }
}

}  // namespace attn::pretrained

namespace attn::pretrained {

Status tokenizer_mismatch(const PretrainedModel& model, SubwordKind kind) {
    return Status::Error(model.folder + ": config.json says " + family_name(model.config) +
                         " but the tokenizer files are " +
                         (kind == SubwordKind::WordPiece ? "WordPiece (BERT style)"
                          : kind == SubwordKind::CharBpe       ? "BPE over characters (Llama 2 / Mistral style)"
                          : kind == SubwordKind::SentencePiece ? "SentencePiece model files (Marian / T5 style)"
                                                               : "byte-level BPE (GPT-2 style)") +
                         ". The folder mixes two models.");
}

}  // namespace attn::pretrained
