// vision_input_cache.h — the last image made ready for a vision model, kept so that running the
// same image again (the √d_k toggle, a new temperature, the scaling lab's second run, a mask
// edit) does not read, decode, resize and normalise the file again.
//
// The entry is reused when the model's preprocessing (preprocessor_config.json as parsed) and
// folder are the same, and the file has the same path, size and modification time; anything else
// reads the file again and replaces the entry. One entry: the app shows one image at a time.
// Thread-safe (the compute worker and an export may ask at once).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "core/pretrained/family/pretrained_model.h"

namespace attn::pretrained {

class VisionInputCache {
public:
    // The input for `path` as load_vision_input makes it, from the cache when it is still valid.
    Expected<std::shared_ptr<const VisionInput>> get(const PretrainedModel& model, const std::string& path);
    int files_read() const;  // how many times a file was actually read (tests, benchmarks)

private:
    struct Key {
        std::string folder, path;
        image::PreprocessConfig preprocess;
        std::uintmax_t size = 0;
        std::int64_t mtime = 0;  // file_time_type ticks
    };
    mutable std::mutex mutex_;
    bool has_ = false;
    Key key_;
    std::shared_ptr<const VisionInput> input_;
    int files_read_ = 0;
};

// compute_pretrained_run with the image taken from `cache` (null: read as usual).
Expected<std::vector<Trace>> compute_pretrained_run_cached(const PretrainedModel& model, const RunConfig& run,
                                                           VisionInputCache* cache);

}  // namespace attn::pretrained
