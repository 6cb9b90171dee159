// vision_input_cache.cpp — the last image made ready for a vision model, reused while the file
// and the model's preprocessing are unchanged (the interface and its contract are in
// vision_input_cache.h)
#include "core/pretrained/family/vision_input_cache.h"

#include <filesystem>
#include <system_error>

namespace attn::pretrained {

namespace {

bool same_preprocess(const image::PreprocessConfig& a, const image::PreprocessConfig& b) {
    for (int c = 0; c < 3; ++c)
        if (a.mean[c] != b.mean[c] || a.std[c] != b.std[c]) return false;
    return a.do_resize == b.do_resize && a.resize_height == b.resize_height && a.resize_width == b.resize_width &&
           a.shortest_edge == b.shortest_edge && a.resample == b.resample && a.do_center_crop == b.do_center_crop &&
           a.crop_height == b.crop_height && a.crop_width == b.crop_width && a.do_rescale == b.do_rescale &&
           a.rescale_factor == b.rescale_factor && a.do_normalize == b.do_normalize && a.processor == b.processor;
}

}  // namespace

Expected<std::shared_ptr<const VisionInput>> VisionInputCache::get(const PretrainedModel& model, const std::string& path) {
    Key key;
    key.folder = model.folder;
    key.path = path;
    key.preprocess = model.preprocess;
    std::error_code ec_size, ec_time;
    key.size = std::filesystem::file_size(path, ec_size);
    const auto mtime = std::filesystem::last_write_time(path, ec_time);
    key.mtime = ec_time ? 0 : std::int64_t(mtime.time_since_epoch().count());
    const bool stat_ok = !ec_size && !ec_time;  // otherwise never cached: the reader says what is wrong
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (stat_ok && has_ && key_.folder == key.folder && key_.path == key.path && key_.size == key.size &&
            key_.mtime == key.mtime && same_preprocess(key_.preprocess, key.preprocess))
            return input_;
    }
    auto input = load_vision_input(model, path);  // outside the lock: decoding a large JPEG takes a while
    std::lock_guard<std::mutex> lock(mutex_);
    ++files_read_;
    if (!input) return input.status();
    auto shared = std::make_shared<const VisionInput>(std::move(*input));
    if (stat_ok) {
        has_ = true;
        key_ = std::move(key);
        input_ = shared;
    }
    return shared;
}

int VisionInputCache::files_read() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return files_read_;
}

Expected<std::vector<Trace>> compute_pretrained_run_cached(const PretrainedModel& model, const RunConfig& run,
                                                           VisionInputCache* cache) {
    if (cache == nullptr || !model.caps().inputs.image || run.image_path.empty())
        return compute_pretrained_run(model, run);  // its messages for every other case
    auto input = cache->get(model, run.image_path);
    if (!input) return input.status();
    auto trace = compute_vision_trace(model, **input, run);
    if (!trace) return trace.status();
    std::vector<Trace> out;
    out.push_back(std::move(*trace));
    return out;
}

}  // namespace attn::pretrained
