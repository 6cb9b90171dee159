// vit_family.cpp — ViT, DeiT and DINO behind the family interface (family.h): their config.json
// fields (the image side, id2label), their weights, and a run over a picture as patch tokens.
#include <algorithm>
#include <cassert>
#include <string>
#include <utility>
#include <vector>

#include "core/attention/engine.h"
#include "core/attention/mask.h"
#include "core/base/limits.h"
#include "core/pretrained/families/vit/vit.h"
#include "core/pretrained/family/pretrained_model.h"
#include "core/pretrained/folder/model_config_fields.h"

namespace attn::pretrained {

namespace {

using config_fields::Fields;
using config_fields::first_architecture;
using config_fields::printable;
using json = nlohmann::json;

const VitWeights& weights_of(const PretrainedModel& model) { return weights_as<VitWeights>(*model.weights); }

// id2label {"0": "tench", ...} in id order; ids without a label get "LABEL_<id>" as Hugging Face
// names them. An absent or null map gives no labels.
void read_labels(const json& root, Fields& f, std::vector<std::string>& labels) {
    auto it = root.find("id2label");
    if (it == root.end() || it->is_null()) return;
    if (!it->is_object()) {
        f.fail("config.json: \"id2label\" is " + Fields::describe(*it) + "; expected an object such as {\"0\": \"cat\"}.");
        return;
    }
    std::vector<std::pair<long, std::string>> found;
    for (auto e = it->begin(); e != it->end(); ++e) {
        const std::string& key = e.key();
        long id = -1;
        if (!key.empty() && key.size() <= 7 && key.find_first_not_of("0123456789") == std::string::npos) id = std::stol(key);
        if (id < 0 || id >= long(limits::kMaxLabels)) {
            f.fail("config.json: \"id2label\" has the key \"" + printable(key) + "\"; expected class ids 0 to " +
                   std::to_string(limits::kMaxLabels - 1) + ".");
            return;
        }
        if (!e.value().is_string()) {
            f.fail("config.json: \"id2label\" gives class " + key + " " + Fields::describe(e.value()) + "; expected a name.");
            return;
        }
        found.emplace_back(id, e.value().get<std::string>());
    }
    long n = 0;
    for (const auto& [id, name] : found) n = std::max(n, id + 1);
    labels.assign(std::size_t(n), std::string());
    for (long i = 0; i < n; ++i) labels[std::size_t(i)] = "LABEL_" + std::to_string(i);
    for (auto& [id, name] : found) labels[std::size_t(id)] = std::move(name);
}

// ViT / DeiT: the encoder's sizes and the image side.
void parse_vision(const json& root, PretrainedConfig& c, Fields& f) {
    const bool deit = c.model_type == "deit";
    c.n_layers = f.integer("num_hidden_layers", 1, limits::kMaxLayers);
    c.n_heads = f.integer("num_attention_heads", 1, limits::kMaxHeads);
    c.d_model = f.integer("hidden_size", 1, limits::kMaxModelWidth);
    c.d_ff = f.integer("intermediate_size", 1, limits::kMaxFeedForward);
    c.layer_norm_eps = f.epsilon("layer_norm_eps", 1e-12f);
    c.activation = f.text("hidden_act", "gelu");
    c.type_vocab_size = 0;
    auto settings = std::make_shared<VitSettings>();
    c.settings = settings;
    VitSettings& v = *settings;
    const int default_size = 224, default_patch = 16, default_channels = 3;
    v.image_size = f.integer_or("image_size", 1, limits::kMaxModelImageSide, &default_size);
    v.patch_size = f.integer_or("patch_size", 1, limits::kMaxModelImageSide, &default_patch);
    v.num_channels = f.integer_or("num_channels", 1, 4, &default_channels);
    v.prefix_tokens = deit ? 2 : 1;
    if (!f.ok()) return;
    if (v.num_channels != 3) {
        f.fail("config.json: \"num_channels\" is " + std::to_string(v.num_channels) +
               "; AttnLab runs vision models on colour (3-channel) images only.");
        return;
    }
    if (v.patch_size > v.image_size) {
        f.fail("config.json: the patch size " + std::to_string(v.patch_size) + " is larger than the image size " +
               std::to_string(v.image_size) + ".");
        return;
    }
    auto qkv = root.find("qkv_bias");
    if (qkv != root.end() && !qkv->is_null()) {
        if (!qkv->is_boolean()) {
            f.fail("config.json: \"qkv_bias\" is " + Fields::describe(*qkv) + "; expected true or false.");
            return;
        }
        v.qkv_bias = qkv->get<bool>();
    }
    const std::string a = first_architecture(root);
    if (a.empty() || a == "ViTModel" || a == "DeiTModel") {
        v.head = VisionHead::None;
    } else if (a == "ViTForImageClassification" || a == "DeiTForImageClassification") {
        v.head = VisionHead::Classifier;
    } else if (a == "DeiTForImageClassificationWithTeacher") {
        v.head = VisionHead::Teacher;
    } else {
        f.fail("config.json names the architecture \"" + printable(a) + "\", which AttnLab cannot run. Supported "
               "vision models: ViTModel, ViTForImageClassification, DeiTModel, DeiTForImageClassification and "
               "DeiTForImageClassificationWithTeacher.");
        return;
    }
    read_labels(root, f, v.labels);
    const long grid = v.image_size / v.patch_size;
    c.max_positions = int(grid * grid) + v.prefix_tokens;
    c.vocab_size = 0;  // no token embeddings: the patches are embedded by a linear map
}

// One run over a prepared image: the prefix tokens, then one Patch token per grid square.
Expected<Trace> run_vit(const PretrainedModel& model, const VisionInput& input, const RunConfig& run) {
    const VitWeights* w = &weights_of(model);
    const PretrainedConfig& cfg = model.config;
    assert(input.chw.size() == std::size_t(3) * input.height * input.width && "VisionInput: (3, H, W) pixels");
    if (Status s = validate_attention(w->blocks.at(0).attn, run.attention, cfg.d_model, cfg.d_model); !s) return s;
    if (Status s = check_run_limits(run); !s) return s;
    const int max_patches = int(limits::kMaxTokens) - vit_settings(cfg).prefix_tokens;
    auto grid = patch_grid(cfg, input.height, input.width, max_patches);
    if (!grid) return grid.status();
    const int t = vit_settings(cfg).prefix_tokens + grid->rows * grid->cols;
    if (Status s = check_trace_budget(t, t, cfg.n_heads, cfg.n_layers, cfg.d_model); !s) return s;

    // Masks as for BERT (every token sees every token unless the user hides some); no padding.
    MaskConfig mask = mask_for_matrix(run.mask, t, t);
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
    for (int i = 0; i < vit_settings(cfg).prefix_tokens; ++i) {
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
        image->labels = vit_settings(cfg).labels;
        image->labels.resize(image->logits.size());
        for (std::size_t i = 0; i < image->labels.size(); ++i)
            if (image->labels[i].empty()) image->labels[i] = "LABEL_" + std::to_string(i);
    }
    tr.image = std::move(image);
    tr.layers = std::move(pass.layers);
    if (Status s = check_trace_finite(tr); !s) return s;
    return tr;
}

class VitFamily final : public ModelFamily {
public:
    const char* id() const override { return "vit"; }
    std::vector<std::string_view> model_types() const override { return {"vit", "deit"}; }
    std::string display_name(const PretrainedConfig& c) const override { return c.model_type == "deit" ? "DeiT" : "ViT"; }
    std::vector<std::pair<std::string_view, std::string_view>> architecture_prefixes() const override {
        return {{"ViT", "vit"}, {"DeiT", "deit"}};
    }
    std::vector<std::string> supported() const override { return {"vit (ViT, DINO)", "deit (DeiT)"}; }

    Status parse_config(const ConfigJson& json, PretrainedConfig& c) const override {
        Fields f(json.root, display_name(c));
        parse_vision(json.root, c, f);
        if (!f.ok()) return Status::Error(f.error());
        return config_fields::check_activation_and_heads(c);
    }

    int image_size(const PretrainedConfig& config) const override { return vit_settings(config).image_size; }

    Capabilities capabilities(const PretrainedConfig& config) const override {
        Capabilities c;
        c.inputs.image = true;
        c.positions = PositionKind::Learned;
        c.names_classes = vit_settings(config).head != VisionHead::None;
        return c;
    }

    Expected<std::shared_ptr<const FamilyWeights>> load_weights(const SafeTensorsFile& file,
                                                                const PretrainedConfig& config,
                                                                const LayerLoaded& on_layer) const override {
        return shared_weights(load_vit_weights(file, config, on_layer));
    }

    Status check_attention(const PretrainedModel& model, const AttentionOptions& opt) const override {
        const int d = model.config.d_model;
        return validate_attention(weights_of(model).blocks.at(0).attn, opt, d, d);
    }

    Expected<Trace> run_image(const PretrainedModel& model, const VisionInput& input,
                              const RunConfig& run) const override {
        return run_vit(model, input, run);
    }
};

}  // namespace

const ModelFamily& vit_family() {
    static const VitFamily family;
    return family;
}

}  // namespace attn::pretrained
