// kv_groups.cpp — grouped-query attention in the Model view, GL-free
// (implementation; the interface and its contract are in kv_groups.h)
#include "app/views/model_view/kv_groups.h"

namespace attn::app {

std::vector<KvGroup> kv_groups(const LayerTrace& layer) {
    std::vector<KvGroup> out;
    if (layer.kv_head.empty()) return out;
    for (int h = 0; h < layer.n_heads; ++h) {
        const int kv = layer.kv_head_of(h);
        if (!out.empty() && out.back().kv == kv && out.back().last == h - 1) {
            out.back().last = h;
        } else {
            out.push_back({kv, h, h});
        }
    }
    return out;
}

}  // namespace attn::app
