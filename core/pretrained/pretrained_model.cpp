// pretrained_model.cpp — a real model (GPT-2 or BERT family) loaded from a local folder, and the
// (implementation; the interface and its contract are in pretrained_model.h)
#include "core/pretrained/pretrained_model.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>

#include "core/attention/engine.h"
#include "core/base/limits.h"
#include "core/attention/mask.h"
#include "core/pretrained/bert.h"
#include "core/pretrained/gpt2.h"
#include "core/pretrained/llama.h"
#include "core/pretrained/model_folder.h"
#include "core/pretrained/safetensors.h"
#include "core/pretrained/vit.h"
#include "core/tokenizer/chat_format.h"

namespace attn::pretrained {

// The weights of one family; which one is set follows PretrainedModel::config.arch.
struct PretrainedWeights {
    Gpt2Weights gpt2;  // Architecture::Gpt2
    BertWeights bert;  // Architecture::Bert, DistilBert
    VitWeights vit;    // Architecture::Vit
    LlamaWeights llama;  // Architecture::Llama
};

const Gpt2Weights* gpt2_weights(const PretrainedModel& model) {
    if (!model.weights || model.config.arch != Architecture::Gpt2) return nullptr;
    return &model.weights->gpt2;
}

const BertWeights* bert_weights(const PretrainedModel& model) {
    const Architecture a = model.config.arch;
    if (!model.weights || (a != Architecture::Bert && a != Architecture::DistilBert)) return nullptr;
    return &model.weights->bert;
}

const LlamaWeights* llama_weights(const PretrainedModel& model) {
    if (!model.weights || model.config.arch != Architecture::Llama) return nullptr;
    return &model.weights->llama;
}

const VitWeights* vit_weights(const PretrainedModel& model) {
    if (!model.weights || model.config.arch != Architecture::Vit) return nullptr;
    return &model.weights->vit;
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

// The text models' tokenizer, checked against the family config.json names.
static Status load_tokenizer_into(PretrainedModel& model, const ModelFolder& files) {
    auto tokenizer = load_subword_tokenizer(TokenizerFiles{files.tokenizer_json, files.vocab_json, files.merges_txt,
                                                           files.vocab_txt, files.tokenizer_config});
    if (!tokenizer) return tokenizer.status();
    const SubwordKind want =
        model.config.arch == Architecture::Gpt2 ? SubwordKind::ByteLevelBpe : SubwordKind::WordPiece;
    // The rotary decoders ship byte-level BPE (Llama 3, Qwen) or SentencePiece-style BPE (Mistral, TinyLlama).
    const bool decoder_ok = model.config.arch == Architecture::Llama && (*tokenizer)->kind() != SubwordKind::WordPiece;
    if ((*tokenizer)->kind() != want && !decoder_ok) {
        return Status::Error(model.folder + ": config.json says " + family_name(model.config) +
                             " but the tokenizer files are " +
                             ((*tokenizer)->kind() == SubwordKind::WordPiece ? "WordPiece (BERT style)"
                              : (*tokenizer)->kind() == SubwordKind::CharBpe
                                  ? "BPE over characters (Llama 2 / Mistral style)"
                                  : "byte-level BPE (GPT-2 style)") +
                             ". The folder mixes two models.");
    }
    model.tokenizer = std::move(*tokenizer);
    // An instruct model's chat format: tokenizer_config.json's template (unreadable: the vocabulary's
    // special tokens decide), for the rotary decoders only.
    if (model.config.arch == Architecture::Llama) {
        std::string config_text;
        if (!files.tokenizer_config.empty())
            if (auto text = read_config_text(files.tokenizer_config)) config_text = std::move(*text);
        model.chat_format = detect_chat_format(config_text, *model.tokenizer);
    }
    return Status::Ok();
}

std::string wrap_chat_turn(const PretrainedModel& model, std::string_view user) {
    assert(model.chat_format != ChatFormat::None && model.tokenizer && "wrap_chat_turn: a model with a chat format");
    bool adds_bos = false;  // the post-processor puts a token before the text (Llama 3's, Mistral's <s>)
    for (const SubwordToken& t : model.tokenizer->with_special_tokens({}, 1)) adds_bos = adds_bos || t.byte_end == 0;
    return wrap_chat_prompt(model.chat_format, user, "", !adds_bos);
}

static bool cancelled(const std::atomic<bool>* cancel) { return cancel && cancel->load(); }

static Status cancelled_status() { return Status::Error("Loading was cancelled."); }

Expected<std::shared_ptr<const PretrainedModel>> load_pretrained_model(
    const std::string& folder, const LoadProgress& progress, const std::atomic<bool>* cancel) {
    auto report = [&](float fraction, const std::string& stage) {
        if (progress) progress(fraction, stage);
    };
    report(0.0f, "checking the folder");
    auto files = inspect_model_folder(folder, /*need_tokenizer=*/false);
    if (!files) return files.status();

    auto config_text = read_config_text(files->config_path);
    if (!config_text) return config_text.status();
    auto config = parse_model_config(*config_text);
    if (!config) return Status::Error(files->config_path + ": " + config.error());

    auto model = std::make_shared<PretrainedModel>();
    model->config = *config;
    model->folder = std::filesystem::path(files->config_path).parent_path().string();
    model->name = std::filesystem::path(model->folder).filename().string();
    if (model->name.empty()) model->name = family_name(*config);

    if (cancelled(cancel)) return cancelled_status();
    if (config->is_vision()) {  // images need no tokenizer; their preprocessing is read now
        model->preprocess = image::default_preprocess(config->vision.image_size);
        if (!files->preprocessor_config.empty()) {
            auto text = read_config_text(files->preprocessor_config);
            if (!text) return text.status();
            auto pre = image::parse_preprocessor_config(*text);
            if (!pre) return Status::Error(files->preprocessor_config + ": " + pre.error());
            model->preprocess = *pre;
        }
    } else if (!files->tokenizer_error.empty()) {
        return Status::Error(files->tokenizer_error);
    } else {
        report(0.02f, "reading the tokenizer");
        if (Status s = load_tokenizer_into(*model, *files); !s) return s;
    }
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
    } else if (config->arch == Architecture::Llama) {
        auto w = load_llama_weights(*file, *config, on_layer);
        if (!w) return w.status();
        weights->llama = std::move(*w);
        model->weight_bytes = weights->llama.bytes();
    } else if (config->arch == Architecture::Vit) {
        auto w = load_vit_weights(*file, *config, on_layer);
        if (!w) return w.status();
        weights->vit = std::move(*w);
        model->weight_bytes = weights->vit.bytes();
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
    const bool bert = cfg.arch == Architecture::Bert || cfg.arch == Architecture::DistilBert;
    const bool decoder = cfg.arch == Architecture::Llama;
    const std::string arch = family_name(cfg);

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
    // The decoders' post-processor adds what the checkpoint was trained with (<|begin_of_text|>, <s>).
    const std::vector<SubwordToken> pieces = decoder ? tok.with_special_tokens(*first, run.text.size()) : *first;
    for (const SubwordToken& s : pieces) add(s.special ? special_token(tok, s.id, s.byte_begin) : from_subword(s), 0, false);
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
        // BERT has [PAD]; GPT-2 has none and Hugging Face pads it with <|endoftext|>; the decoders
        // with their end-of-text token (the tokenizer's, else config.json's eos_token_id).
        const int pad_id = bert ? tok.pad_id : (tok.eos_id >= 0 || !decoder) ? tok.eos_id : cfg.decoder.eos_id;
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
            std::to_string(cfg.max_positions) +
            (decoder ? " (its context length). " : " (it learned one position embedding per place). ") +
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
    if (model.config.is_vision()) {
        if (run.image_path.empty()) {
            return Status::Error(model.name + " is a " + family_name(model.config) +
                                 ": it reads images, not text. Open an image (File > Open image…, or --image FILE).");
        }
        auto input = load_vision_input(model, run.image_path);
        if (!input) return input.status();
        return compute_vision_trace(model, *input, run);
    }
    if (!run.image_path.empty()) {
        return Status::Error(model.name + " is a " + family_name(model.config) +
                             " model: it reads text, not images. Open a ViT or DeiT folder to look at an image.");
    }
    assert(model.tokenizer && model.weights && "a model from load_pretrained_model");
    const PretrainedConfig& cfg = model.config;
    const bool bert = cfg.arch == Architecture::Bert || cfg.arch == Architecture::DistilBert;
    const bool decoder = cfg.arch == Architecture::Llama;
    if (decoder) {
        if (Status s = validate_attention_options(run.attention); !s) return s;
    } else {
        const AttentionWeights& layer0 = bert ? model.weights->bert.blocks.at(0).attn
                                              : model.weights->gpt2.blocks.at(0).attn;
        if (Status s = validate_attention(layer0, run.attention, cfg.d_model, cfg.d_model); !s) return s;
    }
    if (Status s = check_run_limits(run); !s) return s;

    auto in = make_inputs(model, run);
    if (!in) return in.status();
    const int t = int(in->tokens.size());
    if (Status s = check_trace_budget(t, t, cfg.n_heads, cfg.n_layers, std::max(cfg.d_model, cfg.n_heads * cfg.d_k()));
        !s)
        return s;

    // The user's mask, as the built-in engine builds it; GPT-2 is causal whatever it says.
    MaskConfig mask = run.mask;
    if (!bert) mask.causal = true;
    BoolMat blocked;  // (T, T) or empty = every key visible
    if (mask.any()) {
        auto built = build_mask(mask, t, t, mask.pad_to > 0 ? in->is_pad : std::vector<std::uint8_t>{});
        if (!built) return built.status();
        if (built->cast<int>().sum() > 0) blocked = std::move(*built);
    }

    ForwardPass pass;
    if (bert) {
        pass = bert_forward(model.weights->bert, cfg, in->ids, in->segments, blocked, run.attention);
    } else if (decoder) {
        DecoderOptions opt;
        opt.attention = run.attention;
        opt.extra_blocked = std::move(blocked);
        pass = llama_forward(model.weights->llama, cfg, in->ids, opt);
    } else {
        pass = gpt2_forward(model.weights->gpt2, cfg, in->ids, blocked, run.attention);
    }

    Trace tr;
    tr.model_name = model.name;
    tr.model_family = family_name(model.config);
    tr.model.d_model = cfg.d_model;
    tr.model.n_heads = cfg.n_heads;
    tr.model.positional = !decoder;  // learned position embeddings (the decoders rotate q and k instead)
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

// ------------------------------------------------------------------------------------------------
// [SECTION] One image

Expected<Trace> compute_vision_trace(const PretrainedModel& model, const VisionInput& input, const RunConfig& run) {
    const VitWeights* w = vit_weights(model);
    if (w == nullptr) {
        return Status::Error(model.name + " is a " + family_name(model.config) +
                             " model: it reads text, not images. Open a ViT or DeiT folder to look at an image.");
    }
    const PretrainedConfig& cfg = model.config;
    assert(input.chw.size() == std::size_t(3) * input.height * input.width && "VisionInput: (3, H, W) pixels");
    if (Status s = validate_attention(w->blocks.at(0).attn, run.attention, cfg.d_model, cfg.d_model); !s) return s;
    if (Status s = check_run_limits(run); !s) return s;
    const int max_patches = int(limits::kMaxTokens) - cfg.vision.prefix_tokens;
    auto grid = patch_grid(cfg, input.height, input.width, max_patches);
    if (!grid) return grid.status();
    const int t = cfg.vision.prefix_tokens + grid->rows * grid->cols;
    if (Status s = check_trace_budget(t, t, cfg.n_heads, cfg.n_layers, cfg.d_model); !s) return s;

    // Masks as for BERT (every token sees every token unless the user hides some); no padding.
    MaskConfig mask = run.mask;
    mask.pad_to = 0;
    BoolMat blocked;  // (T, T) or empty
    if (mask.any()) {
        auto built = build_mask(mask, t, t, {});
        if (!built) return built.status();
        if (built->cast<int>().sum() > 0) blocked = std::move(*built);
    }
    ForwardPass pass = vit_forward(*w, cfg, PixelInput{input.height, input.width, input.chw.data()}, *grid, blocked,
                                   run.attention);

    Trace tr;
    tr.model_name = model.name;
    tr.model_family = family_name(cfg);
    tr.model.d_model = cfg.d_model;
    tr.model.n_heads = cfg.n_heads;
    tr.model.positional = true;  // learned position embeddings, one per grid square
    tr.model.seed = 0;
    tr.run = run;
    tr.run.text.clear();
    tr.run.cross_text.clear();
    tr.run.mask = mask;
    const char* prefix_names[2] = {"[CLS]", "[DIST]"};
    for (int i = 0; i < cfg.vision.prefix_tokens; ++i) {
        Token tok;
        tok.text = prefix_names[i];
        tok.kind = TokenKind::Special;
        tr.q_tokens.push_back(std::move(tok));
    }
    for (int r = 0; r < grid->rows; ++r) {
        for (int c = 0; c < grid->cols; ++c) {
            Token tok;
            tok.text = std::to_string(r * grid->cols + c + 1);  // patches numbered 1 … N as in the figures
            tok.kind = TokenKind::Patch;
            tok.patch_row = r;
            tok.patch_col = c;
            tr.q_tokens.push_back(std::move(tok));
        }
    }
    tr.k_tokens = tr.q_tokens;
    tr.key_is_pad.assign(std::size_t(t), 0);
    tr.q_embeddings = std::move(pass.token_embeddings);
    tr.q_positions = std::move(pass.position_embeddings);
    tr.k_embeddings = tr.q_embeddings;
    tr.k_positions = tr.q_positions;

    auto image = std::make_shared<TraceImage>();
    image->source = input.source;
    image->source_width = input.source_width;
    image->source_height = input.source_height;
    image->width = input.width;
    image->height = input.height;
    image->rgb = input.rgb;
    image->patch_size = grid->patch_size;
    image->grid_rows = grid->rows;
    image->grid_cols = grid->cols;
    image->prefix_tokens = grid->prefix_tokens;
    image->checkpoint_grid = grid->checkpoint_grid;
    image->positions_interpolated = grid->positions_interpolated;
    const RowVec logits = vit_logits(*w, cfg, pass.hidden_states.back());
    image->logits.assign(logits.data(), logits.data() + logits.size());
    if (!image->logits.empty()) {
        image->labels = cfg.vision.labels;
        image->labels.resize(image->logits.size());
        for (std::size_t i = 0; i < image->labels.size(); ++i)
            if (image->labels[i].empty()) image->labels[i] = "LABEL_" + std::to_string(i);
    }
    tr.image = std::move(image);
    tr.layers = std::move(pass.layers);
    if (Status s = check_trace_finite(tr); !s) return s;
    return tr;
}

}  // namespace attn::pretrained
