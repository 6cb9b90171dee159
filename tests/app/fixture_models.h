// fixture_models.h — the tiny model folders of tests/fixtures (real files, real loader) for the
// app's GL-free tests: their path and a loaded model (the test fails when it cannot load).
#pragma once

#include <doctest/doctest.h>

#include <filesystem>

#include "app/state/app_state.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::app::testing {

inline std::filesystem::path fixtures() {
    return std::filesystem::path(ATTNLAB_ASSET_DIR) / ".." / "tests" / "fixtures";
}

inline PretrainedPtr load_model(const std::filesystem::path& folder) {
    auto m = pretrained::load_pretrained_model(folder.string());
    REQUIRE_MESSAGE(m.ok(), (m.ok() ? "" : m.error()));
    return *m;
}

// The tiny GPT-2, loaded once per test binary.
inline PretrainedPtr tiny_gpt2() {
    static const PretrainedPtr model = load_model(fixtures() / "pretrained" / "models" / "tiny-gpt2");
    return model;
}

}  // namespace attn::app::testing
