// fuzz_config_json.cpp — a model's config.json.
#include "core/pretrained/model_config.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(config_json) {
    auto config = attn::pretrained::parse_model_config(attn::fuzz::as_text(data, size));
    (void)config;
    return 0;
}
