// pretrained_model.cpp — STUB until the forward pass lands (owner: forward-pass work).
#include "core/pretrained/pretrained_model.h"

namespace attn::pretrained {

Expected<std::shared_ptr<const PretrainedModel>> load_pretrained_model(const std::string& folder,
                                                                      const LoadProgress&,
                                                                      const std::atomic<bool>*) {
    return Status::Error("Loading pretrained models is not implemented yet (" + folder + ").");
}

Expected<Trace> compute_pretrained_trace(const PretrainedModel&, const RunConfig&) {
    return Status::Error("Pretrained models are not implemented yet.");
}

}  // namespace attn::pretrained
