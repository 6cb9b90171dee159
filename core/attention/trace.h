// trace.h — everything one run computed, for the views to read (they never recompute).
//
// A trace holds the tokens, the settings that produced it, and one LayerTrace per attention layer.
// The built-in model has one layer; pretrained models fill many layers with the same types, so
// every view works on either. A run of an encoder–decoder is several traces, one per section.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/attention/attention.h"
#include "core/attention/builtin_model.h"
#include "core/attention/mask.h"
#include "core/attention/word_tokenizer.h"

namespace attn {

struct RunConfig {
    std::string text;        // the sentence: queries (and keys/values for self-attention)
    std::string cross_text;  // keys/values from another sentence (cross-attention); empty = self
    std::string image_path;  // vision models: the image (PNG/JPEG) to look at; text is then unused
    AttentionOptions attention;
    MaskConfig mask;
    TokenizerOptions tokenizer;

    bool is_cross() const { return !cross_text.empty(); }
};

// The picture behind an image run (Vision Transformers): what the model saw and how its patches
// lie on it. Token i ≥ prefix_tokens is the patch at (row, col) = divmod(i − prefix_tokens, grid_cols),
// covering pixels [col·P, (col+1)·P) × [row·P, (row+1)·P) of `rgb`.
struct TraceImage {
    std::string source;                  // the image file's name, for captions
    int source_width = 0, source_height = 0;  // the file's size before resizing and cropping
    int width = 0, height = 0;           // the model's input
    std::vector<std::uint8_t> rgb;       // (height, width, 3) 8-bit, what the model saw
    int patch_size = 0;
    int grid_rows = 0, grid_cols = 0;
    int prefix_tokens = 1;               // [CLS] (and DeiT's [DIST]) before the patches
    int checkpoint_grid = 0;             // the grid the model's position embeddings were trained on
    bool positions_interpolated = false; // the grid differs from it: positions resized (bicubic)
    std::vector<float> logits;           // class scores (classifiers), else empty
    std::vector<std::string> labels;     // class names, id order (classifiers)
};

struct Trace {
    std::string model_name;        // "built-in", or a pretrained model's folder name ("gpt2", ...)
    // Which part of a run this is: "" for a model with one stack (the built-in model, GPT-2, BERT,
    // ViT, the rotary decoders); an encoder–decoder's run yields "encoder" (source × source),
    // "decoder" (target × target, causal) and "cross" (target queries × source keys).
    std::string section;
    std::string model_family;      // "" for the built-in model; "GPT-2", "BERT", "DistilBERT"
    ModelConfig model;
    RunConfig run;

    std::vector<Token> q_tokens;   // (T_q) includes [PAD] tokens when padding
    std::vector<Token> k_tokens;   // (T_k) equals q_tokens for self-attention
    std::vector<std::uint8_t> key_is_pad;  // (T_k) 1 = padding key
    Mat q_embeddings;  // (T_q, d_model) token embeddings
    Mat q_positions;   // (T_q, d_model) positional encoding added (zeros when off)
    Mat k_embeddings;  // (T_k, d_model)
    Mat k_positions;   // (T_k, d_model)

    std::vector<LayerTrace> layers;

    std::shared_ptr<const TraceImage> image;  // image runs only (ViT), else null

    int t_q() const { return int(q_tokens.size()); }
    int t_k() const { return int(k_tokens.size()); }
    bool is_pretrained() const { return !model_family.empty(); }
    bool is_image() const { return image != nullptr; }
};

}  // namespace attn
