// intervention.h — knocking parts of a model out (ablation), applied inside every family's forward.
//
//   zero ablation of head h in layer l:  O_h = 0                    (T, d_k) before W_O
//   mean ablation:                       O_h[i] = mean of O_h[j]    over j ≤ i (causal models: what
//                                        the head could have seen) or over every j (encoders)
//   then the layer's output is recomputed: concat · W_O + b_O       (T, d)
//   a layer's attention off:  x += 0 instead of x += Attention(...)  (the whole sublayer, bias too)
//   a layer's MLP off:        x += 0 instead of x += MLP(...)
//
// A forward pass takes ForwardOptions (attention settings + ablation); each family calls
// ablate_heads() on its LayerTrace and asks attention_kept() / mlp_kept() before adding the
// sublayer to the residual stream. An empty Ablation changes nothing, bit for bit.
// Layers and heads are 0-based here; the text form ("1.2,3.attn,4.mlp") is 1-based, as the app
// shows them.
//
// An encoder–decoder names each head and sublayer by its section as well (the trace sections of
// seq2seq_run.h): the encoder's self-attention, the decoder's causal self-attention and the
// decoder's cross-attention, whose layers are the decoder's. Text form: "enc.1.2", "dec.3.attn",
// "cross.2.1", "cross.2.attn", "dec.4.mlp" (the MLP of a decoder block; cross-attention has none).
// The stacks' code reads one section at a time (section_part), so a block loop asks
// head_removed(layer, head) exactly as a one-stack model's does.
#pragma once

#include <string>
#include <vector>

#include "core/attention/attention.h"
#include "core/base/status.h"

namespace attn::pretrained {

enum class AblationMode { Zero, Mean };

// Which attention of a model a head or sublayer belongs to. A one-stack model's are all Only.
enum class Section : unsigned char {
    Only,     // the one stack of GPT-2, BERT, ViT, Llama, …
    Encoder,  // an encoder–decoder's encoder self-attention (and its blocks' MLPs)
    Decoder,  // its decoder's causal self-attention (and the decoder blocks' MLPs)
    Cross,    // its decoder's cross-attention (decoder layers; no MLP of its own)
};

struct HeadIndex {
    int layer = 0;  // 0-based
    int head = 0;   // 0-based
    Section section = Section::Only;
    bool operator==(const HeadIndex& o) const {
        return layer == o.layer && head == o.head && section == o.section;
    }
};

// A layer's sublayer (its attention or its MLP) in one section.
struct LayerIndex {
    int layer = 0;  // 0-based
    Section section = Section::Only;
    LayerIndex() = default;
    LayerIndex(int l, Section s = Section::Only) : layer(l), section(s) {}  // NOLINT: a layer alone is Only's
    bool operator==(const LayerIndex& o) const { return layer == o.layer && section == o.section; }
};

struct Ablation {
    AblationMode mode = AblationMode::Zero;  // for the heads; whole sublayers are always removed
    std::vector<HeadIndex> heads;
    std::vector<LayerIndex> attention_off;  // layers whose attention sublayer adds nothing
    std::vector<LayerIndex> mlp_off;        // layers whose MLP adds nothing

    bool empty() const { return heads.empty() && attention_off.empty() && mlp_off.empty(); }
    bool head_removed(int layer, int head, Section section = Section::Only) const;
    bool attention_kept(int layer, Section section = Section::Only) const;
    bool mlp_kept(int layer, Section section = Section::Only) const;
};

// The heads and sublayers of section `s` alone, as section Only (what one stack's loop reads), with
// a's mode.
Ablation section_part(const Ablation& a, Section s);

// The sizes an ablation is checked against: one stack, or an encoder and a decoder (whose
// cross-attention has the decoder's layers and heads).
struct AblationShape {
    int layers = 0, heads = 0;                  // the one stack, or the encoder
    int decoder_layers = 0, decoder_heads = 0;  // 0: one stack
    bool two_stacks() const { return decoder_layers > 0; }
    int layers_of(Section s) const { return s == Section::Decoder || s == Section::Cross ? decoder_layers : layers; }
    int heads_of(Section s) const { return s == Section::Decoder || s == Section::Cross ? decoder_heads : heads; }
};

// The section of a trace section's name ("encoder", "decoder", "cross": seq2seq_run.h); Only for
// any other (a one-stack model's trace has none).
Section section_of_trace(const std::string& trace_section);
// "enc", "dec", "cross" (the text form's prefix); "" for Only.
const char* section_prefix(Section s);
// "1.2", or "cross.1.2": a head as the text form and the app name it (1-based).
std::string head_name(const HeadIndex& h);

// Whether the mean of a mean ablation runs over the positions a causal query could see (0 … i)
// or over the whole sentence (bidirectional encoders).
enum class MeanOver { Prefix, All };

struct ForwardOptions {
    AttentionOptions attention;  // every layer (the model's own setting is scale on, temperature 1)
    Ablation ablation;
};

// Rewrites the removed heads' columns of L.concat (T, d) and recomputes L.output = concat·W_O + b_O
// with `w` (the layer's weights). Does nothing, not even the product, when no head of `layer` is
// removed. The attention weights stay as computed: the pattern is still there, its output is not.
void ablate_heads(const Ablation& a, int layer, const AttentionWeights& w, MeanOver over, LayerTrace& L);
// The first half alone, for decoders that project themselves (W_O kept 16-bit): rewrites the
// removed heads' columns of L.concat and says whether any head of `layer` was removed (then the
// caller recomputes L.output from the new concat).
bool ablate_head_outputs(const Ablation& a, int layer, MeanOver over, LayerTrace& L);

// The cached step's form (one decoder row at position `pos`, seq2seq_session.h): the removed heads'
// columns of concat (1, H·d_k) rewritten, and whether any was. A mean ablation averages a head's
// outputs over positions 0 … pos through `sum` (1, H·d_k), the running sum of the removed heads'
// own outputs, which this updates (the same numbers as MeanOver::Prefix over the whole pass).
bool ablate_row_heads(const Ablation& a, int layer, int d_k, int pos, Mat& concat, Eigen::RowVectorXd& sum);

// Every index inside the model (layers 0 … n_layers−1, heads 0 … n_heads−1), every section one the
// model has (a one-stack model: Only; two stacks: never Only, no MLP in Cross). A message for users.
Status check_ablation(const Ablation& a, const AblationShape& shape);
Status check_ablation(const Ablation& a, int n_layers, int n_heads);  // one stack

// The heads and sublayers of `a` that check_ablation accepts for `shape` (the app keeps one set of
// knocked-out heads across models: another model's, or another section's, are left out).
Ablation ablation_inside(const Ablation& a, const AblationShape& shape);

// "1.2,3.4" (layer.head, 1-based), "2.attn" (layer 2's attention), "5.mlp" (layer 5's MLP); commas
// between, spaces allowed, repeats ignored. Two stacks: each item starts with its section, "enc.",
// "dec." or "cross." ("encoder." and "decoder." too). Errors name the bad item and the model's sizes.
Expected<Ablation> parse_ablation(const std::string& spec, AblationMode mode, const AblationShape& shape);
Expected<Ablation> parse_ablation(const std::string& spec, AblationMode mode, int n_layers, int n_heads);
// "zero" or "mean".
Expected<AblationMode> parse_ablation_mode(const std::string& name);
const char* ablation_mode_name(AblationMode m);
// The 1-based text form parse_ablation reads: heads first (sorted by section, layer, head), then
// attn, then mlp.
std::string format_ablation(const Ablation& a);

}  // namespace attn::pretrained
