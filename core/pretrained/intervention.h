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
#pragma once

#include <string>
#include <vector>

#include "core/attention/attention.h"
#include "core/base/status.h"

namespace attn::pretrained {

enum class AblationMode { Zero, Mean };

struct HeadIndex {
    int layer = 0;  // 0-based
    int head = 0;   // 0-based
    bool operator==(const HeadIndex& o) const { return layer == o.layer && head == o.head; }
};

struct Ablation {
    AblationMode mode = AblationMode::Zero;  // for the heads; whole sublayers are always removed
    std::vector<HeadIndex> heads;
    std::vector<int> attention_off;  // 0-based layers whose attention sublayer adds nothing
    std::vector<int> mlp_off;        // 0-based layers whose MLP adds nothing

    bool empty() const { return heads.empty() && attention_off.empty() && mlp_off.empty(); }
    bool head_removed(int layer, int head) const;
    bool attention_kept(int layer) const;
    bool mlp_kept(int layer) const;
};

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

// Every index inside the model (layers 0 … n_layers−1, heads 0 … n_heads−1). A message for users.
Status check_ablation(const Ablation& a, int n_layers, int n_heads);

// "1.2,3.4" (layer.head, 1-based), "2.attn" (layer 2's attention), "5.mlp" (layer 5's MLP); commas
// between, spaces allowed, repeats ignored. Errors name the bad item and the model's sizes.
Expected<Ablation> parse_ablation(const std::string& spec, AblationMode mode, int n_layers, int n_heads);
// "zero" or "mean".
Expected<AblationMode> parse_ablation_mode(const std::string& name);
const char* ablation_mode_name(AblationMode m);
// The 1-based text form parse_ablation reads: heads first (sorted), then attn, then mlp.
std::string format_ablation(const Ablation& a);

}  // namespace attn::pretrained
