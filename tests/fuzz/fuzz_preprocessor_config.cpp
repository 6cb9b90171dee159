// fuzz_preprocessor_config.cpp — a model's preprocessor_config.json, read as an image processor's
// (an accepted config must give a tensor of its own size for a tiny image) and as Whisper's feature
// extractor's (an accepted config must keep its sizes within the limits it promises).
#include "core/audio/log_mel.h"
#include "core/base/limits.h"
#include "core/image/preprocess.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(preprocessor_config) {
    using namespace attn::image;
    auto mel = attn::audio::parse_mel_config(attn::fuzz::as_text(data, size));
    if (!mel.ok() && mel.error().empty()) __builtin_trap();
    if (mel.ok() && (mel->n_mels < 1 || mel->n_mels > 512 || mel->hop_length > mel->n_fft ||
                     mel->n_fft / 2 >= mel->n_samples() || mel->n_frames() > 100000 || mel->n_frames() < 1 ||
                     std::uint64_t(mel->n_frames()) * (std::uint64_t(mel->n_bins()) * 8 + std::uint64_t(mel->n_mels) * 4) >
                         attn::limits::kMaxSpectrogramBytes))
        __builtin_trap();
    auto cfg = parse_preprocessor_config(attn::fuzz::as_text(data, size));
    if (!cfg.ok()) {
        if (cfg.error().empty()) __builtin_trap();
        return 0;
    }
    // Keep the work small: sizes up to 4096 are legal but slow to fuzz.
    if (cfg->resize_height * cfg->resize_width > 4096 || cfg->shortest_edge > 64 ||
        cfg->crop_height * cfg->crop_width > 4096)
        return 0;
    Image img;
    img.width = 5;
    img.height = 3;
    img.rgb.assign(45, 128);
    auto t = preprocess_image(img, *cfg);
    if (!t.ok()) {
        if (t.error().empty()) __builtin_trap();
        return 0;
    }
    if (t->chw.size() != static_cast<std::size_t>(t->width) * static_cast<std::size_t>(t->height) * 3)
        __builtin_trap();
    return 0;
}
