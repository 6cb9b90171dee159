// fuzz_task_json.cpp — a trained model's task.json as the head-role probe reads it
// (core/lm/head_roles_probe.cpp): parsed, then a few examples sampled for a model of 300 ids and
// 64 positions; every example must be in range and of one length, every refusal must say why.
#include <string>

#include "core/lm/head_roles_probe.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(task_json) {
    auto spec = attn::lm::parse_task_json(std::string(attn::fuzz::as_text(data, size)));
    if (!spec.ok()) {
        if (spec.error().empty()) __builtin_trap();
        return 0;
    }
    constexpr int kVocab = 300, kPositions = 64;
    auto probe = attn::lm::task_probe(*spec, kVocab, kPositions, 3, size);
    if (!probe.ok()) {
        if (probe.error().empty()) __builtin_trap();
        return 0;
    }
    if (probe->pattern.size() != 3 || probe->position != probe->pattern || probe->max_k < 1) __builtin_trap();
    for (const std::vector<int>& ids : probe->pattern) {
        if (ids.size() != probe->pattern[0].size() || ids.size() < 2 || int(ids.size()) > kPositions) __builtin_trap();
        for (int id : ids)
            if (id < 0 || id >= int(spec->vocabulary.size())) __builtin_trap();
    }
    return 0;
}
