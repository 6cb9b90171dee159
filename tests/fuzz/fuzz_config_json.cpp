// fuzz_config_json.cpp — a model's config.json.
#include "core/pretrained/families/rotary/rotary_settings.h"
#include "core/pretrained/families/t5/t5.h"
#include "core/pretrained/folder/model_config.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(config_json) {
    auto config = attn::pretrained::parse_model_config(attn::fuzz::as_text(data, size));
    // What the rotary decoders' forward pass relies on (asserted there): a parsed config keeps it.
    if (config && config->model_type == "llama") {
        const attn::pretrained::RotarySettings& d = attn::pretrained::rotary_settings(*config);
        const int kv = config->kv_heads, head_dim = config->head_dim;
        if (kv < 1 || config->n_heads % kv != 0 || head_dim < 2 || head_dim % 2 != 0 ||
            d.rope.rotary_dim < 2 || d.rope.rotary_dim > head_dim || d.rope.rotary_dim % 2 != 0 ||
            int(d.window.size()) != config->n_layers || !(d.rope.theta >= 1.0) || !(d.rope.factor >= 1.0))
            __builtin_trap();
    }
    // T5's log-scaled buckets start past the exact ones (relative_position_bucket asserts it).
    if (config && config->model_type == "t5") {
        const attn::pretrained::T5Settings& t5 = attn::pretrained::t5_settings(*config);
        if (t5.max_distance <= t5.num_buckets / 2) __builtin_trap();
    }
    return 0;
}
