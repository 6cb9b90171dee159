// pretrained_model.cpp — a real model (GPT-2 or BERT family) loaded from a local folder, and the
// (implementation; the interface and its contract are in pretrained_model.h)
#include "core/pretrained/pretrained_model.h"

#include <cassert>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>

#include "core/attention/engine.h"
#include "core/attention/mask.h"
#include "core/pretrained/bert.h"
#include "core/pretrained/gpt2.h"
#include "core/pretrained/model_folder.h"
#include "core/pretrained/safetensors.h"

namespace attn::pretrained {

// The weights of one family; which one is set follows PretrainedModel::config.arch.
struct PretrainedWeights {
    Gpt2Weights gpt2;  // Architecture::Gpt2
    BertWeights bert;  // Architecture::Bert, DistilBert
};

const Gpt2Weights* gpt2_weights(const PretrainedModel& model) {
    if (!model.weights || model.config.arch != Architecture::Gpt2) return nullptr;
    return &model.weights->gpt2;
}

const BertWeights* bert_weights(const PretrainedModel& model) {
    if (!model.weights || model.config.arch == Architecture::Gpt2) return nullptr;
    return &model.weights->bert;
}

// ------------------------------------------------------------------------------------------------
// [SECTION] Loading

constexpr std::uintmax_t kMaxConfigBytes = 1u << 20;  // a real config.json is a few KiB

static Expected<std::string> read_config_text(const std::string& path) {
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) return Status::Error("Cannot read " + path + ": " + ec.message() + ".");
    if (size > kMaxConfigBytes) {
        return Status::Error(path + " is " + std::to_string(size / 1024) +
                             " KiB; a model's config.json is a few KiB. Is it the right file?");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) return Status::Error("Cannot open " + path + ".");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

static bool cancelled(const std::atomic<bool>* cancel) { return cancel && cancel->load(); }

static Status cancelled_status() { return Status::Error("Loading was cancelled."); }

Expected<std::shared_ptr<const PretrainedModel>> load_pretrained_model(
    const std::string& folder, const LoadProgress& progress, const std::atomic<bool>* cancel) {
    auto report = [&](float fraction, const std::string& stage) {
        if (progress) progress(fraction, stage);
    };
    report(0.0f, "checking the folder");
    auto files = inspect_model_folder(folder);
    if (!files) return files.status();

    auto config_text = read_config_text(files->config_path);
    if (!config_text) return config_text.status();
    auto config = parse_model_config(*config_text);
    if (!config) return Status::Error(files->config_path + ": " + config.error());

    auto model = std::make_shared<PretrainedModel>();
    model->config = *config;
    model->folder = std::filesystem::path(files->config_path).parent_path().string();
    model->name = std::filesystem::path(model->folder).filename().string();
    if (model->name.empty()) model->name = architecture_name(config->arch);

    if (cancelled(cancel)) return cancelled_status();
    report(0.02f, "reading the tokenizer");
    auto tokenizer = load_subword_tokenizer(TokenizerFiles{files->tokenizer_json, files->vocab_json,
                                                           files->merges_txt, files->vocab_txt,
                                                           files->tokenizer_config});
    if (!tokenizer) return tokenizer.status();
    const SubwordKind want =
        config->arch == Architecture::Gpt2 ? SubwordKind::ByteLevelBpe : SubwordKind::WordPiece;
    if ((*tokenizer)->kind() != want) {
        return Status::Error(model->folder + ": config.json says " + architecture_name(config->arch) +
                             " but the tokenizer files are " +
                             ((*tokenizer)->kind() == SubwordKind::WordPiece   ? "WordPiece (BERT style)"
                              : (*tokenizer)->kind() == SubwordKind::CharBpe ? "BPE over characters (Llama 2 / Mistral style)"
                                                                             : "byte-level BPE (GPT-2 style)") +
                             ". The folder mixes two models.");
    }
    model->tokenizer = std::move(*tokenizer);

    if (cancelled(cancel)) return cancelled_status();
    report(0.05f, "opening the weights");
    auto file = SafeTensorsFile::open(files->weights_path);
    if (!file) return file.status();

    const int n_layers = config->n_layers;
    auto on_layer = [&](int done) -> Status {
        if (cancelled(cancel)) return cancelled_status();
        report(0.05f + 0.95f * float(done) / float(n_layers),
               "reading layer " + std::to_string(done) + " of " + std::to_string(n_layers));
        return Status::Ok();
    };
    auto weights = std::make_shared<PretrainedWeights>();
    if (config->arch == Architecture::Gpt2) {
        auto w = load_gpt2_weights(*file, *config, on_layer);
        if (!w) return w.status();
        weights->gpt2 = std::move(*w);
        model->weight_bytes = weights->gpt2.bytes();
    } else {
        auto w = load_bert_weights(*file, *config, on_layer);
        if (!w) return w.status();
        weights->bert = std::move(*w);
        model->weight_bytes = weights->bert.bytes();
    }
    model->weights = std::move(weights);
    report(1.0f, "ready");
    return std::shared_ptr<const PretrainedModel>(std::move(model));
}

// ------------------------------------------------------------------------------------------------
// [SECTION] One run

// A label kind for a subword piece: the views colour numbers and punctuation differently.
static TokenKind kind_of(const std::string& display) {
    bool digits = !display.empty(), punct = !display.empty();
    for (unsigned char c : display) {
        digits = digits && (c >= '0' && c <= '9');
        punct = punct && c < 0x80 && std::ispunct(c);
    }
    if (digits) return TokenKind::Number;
    if (punct) return TokenKind::Punctuation;
    return TokenKind::Word;
}

static Token from_subword(const SubwordToken& s) {
    Token t;
    t.text = s.display;
    t.byte_begin = s.byte_begin;
    t.byte_end = s.byte_end;
    t.kind = s.special ? TokenKind::Special : kind_of(s.display);
    t.id = s.id;
    return t;
}

// A special token the run adds ([CLS], [SEP], padding), placed at byte `at` of its text.
static Token special_token(const SubwordTokenizer& tok, int id, std::size_t at) {
    Token t;
    t.text = tok.piece(id);
    t.byte_begin = t.byte_end = at;
    t.kind = TokenKind::Special;
    t.id = id;
    return t;
}

// Tokens, one segment id per token, and which tokens are padding.
struct Inputs {
    std::vector<Token> tokens;
    std::vector<int> ids;
    std::vector<int> segments;
    std::vector<std::uint8_t> is_pad;
};

static Status check_text(const std::string& text, const char* which) {
    if (text.size() > kMaxTextBytes) {
        return Status::Error(std::string(which) + " is " + std::to_string(text.size() / 1024) +
                             " KiB; AttnLab takes at most " + std::to_string(kMaxTextBytes / 1024) +
                             " KiB. Paste a shorter passage.");
    }
    return Status::Ok();
}

static Expected<Inputs> make_inputs(const PretrainedModel& model, const RunConfig& run) {
    const PretrainedConfig& cfg = model.config;
    const SubwordTokenizer& tok = *model.tokenizer;
    const bool bert = cfg.arch != Architecture::Gpt2;
    const std::string arch = architecture_name(cfg.arch);

    if (run.is_cross() && !bert) {
        return Status::Error(arch + " reads one text from left to right: it has no second sentence "
                             "to attend to. Clear the second sentence, or load a BERT model for a "
                             "sentence pair.");
    }
    if (Status s = check_text(run.text, "The text"); !s) return s;
    if (Status s = check_text(run.cross_text, "The second sentence"); !s) return s;
    if (run.mask.pad_to < 0) return Status::Error("The padding length cannot be negative.");

    Inputs in;
    auto add = [&](Token t, int segment, bool pad) {
        in.ids.push_back(t.id);
        in.tokens.push_back(std::move(t));
        in.segments.push_back(segment);
        in.is_pad.push_back(pad ? 1 : 0);
    };
    if (bert && (tok.cls_id < 0 || tok.sep_id < 0)) {
        return Status::Error(model.name + ": the vocabulary has no [CLS] or [SEP] token, which " +
                             arch + " needs around every sentence.");
    }

    auto first = tok.encode(run.text, run.tokenizer.max_tokens);
    if (!first) return first.status();
    if (first->empty()) return Status::Error("The text is empty. Type a sentence.");
    if (bert) add(special_token(tok, tok.cls_id, 0), 0, false);
    for (const SubwordToken& s : *first) add(from_subword(s), 0, false);
    if (bert) add(special_token(tok, tok.sep_id, run.text.size()), 0, false);
    if (run.is_cross()) {
        // Second segment: spans are byte offsets into run.cross_text.
        auto second = tok.encode(run.cross_text, run.tokenizer.max_tokens);
        if (!second) return Status::Error("Second sentence: " + second.error());
        if (second->empty()) return Status::Error("The second sentence is empty. Type one or clear it.");
        for (const SubwordToken& s : *second) add(from_subword(s), 1, false);
        add(special_token(tok, tok.sep_id, run.cross_text.size()), 1, false);
    }

    const int n_text = int(in.tokens.size());
    if (run.mask.pad_to > n_text) {
        // BERT has [PAD]; GPT-2 has none and Hugging Face pads it with <|endoftext|>.
        const int pad_id = bert ? tok.pad_id : tok.eos_id;
        if (pad_id < 0) {
            return Status::Error(model.name + ": the vocabulary has no padding token, so the "
                                 "sequence cannot be padded. Set the padding length to 0.");
        }
        const std::size_t at = run.is_cross() ? run.cross_text.size() : run.text.size();
        const int segment = in.segments.back();
        while (int(in.tokens.size()) < run.mask.pad_to) add(special_token(tok, pad_id, at), segment, true);
    }

    const int t = int(in.tokens.size());
    if (t > cfg.max_positions) {
        return Status::Error(
            "The input is " + std::to_string(t) + " tokens" + (bert ? " (with [CLS]/[SEP])" : "") +
            (t > n_text ? " after padding" : "") + ", but " + model.name + " reads at most " +
            std::to_string(cfg.max_positions) + " (it learned one position embedding per place). " +
            "Shorten the text.");
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

Expected<Trace> compute_pretrained_trace(const PretrainedModel& model, const RunConfig& run) {
    assert(model.tokenizer && model.weights && "a model from load_pretrained_model");
    const PretrainedConfig& cfg = model.config;
    const bool bert = cfg.arch != Architecture::Gpt2;
    const AttentionWeights& layer0 = bert ? model.weights->bert.blocks.at(0).attn
                                          : model.weights->gpt2.blocks.at(0).attn;
    if (Status s = validate_attention(layer0, run.attention, cfg.d_model, cfg.d_model); !s) return s;
    if (Status s = check_run_limits(run); !s) return s;

    auto in = make_inputs(model, run);
    if (!in) return in.status();
    const int t = int(in->tokens.size());
    if (Status s = check_trace_budget(t, t, cfg.n_heads, cfg.n_layers, cfg.d_model); !s) return s;

    // The user's mask, as the built-in engine builds it; GPT-2 is causal whatever it says.
    MaskConfig mask = run.mask;
    if (!bert) mask.causal = true;
    BoolMat blocked;  // (T, T) or empty = every key visible
    if (mask.any()) {
        auto built = build_mask(mask, t, t, mask.pad_to > 0 ? in->is_pad : std::vector<std::uint8_t>{});
        if (!built) return built.status();
        if (built->cast<int>().sum() > 0) blocked = std::move(*built);
    }

    ForwardPass pass = bert ? bert_forward(model.weights->bert, cfg, in->ids, in->segments, blocked, run.attention)
                            : gpt2_forward(model.weights->gpt2, cfg, in->ids, blocked, run.attention);

    Trace tr;
    tr.model_name = model.name;
    tr.model_family = architecture_name(model.config.arch);
    tr.model.d_model = cfg.d_model;
    tr.model.n_heads = cfg.n_heads;
    tr.model.positional = true;  // learned position embeddings
    tr.model.seed = 0;
    tr.run = run;
    tr.run.mask.causal = mask.causal;  // what was applied (GPT-2: always), for captions and exports
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

}  // namespace attn::pretrained
