// compute_worker.cpp — runs the engine off the UI thread (GL-free)
// (implementation; the interface and its contract are in compute_worker.h)
#include "app/jobs/compute_worker.h"

#include <algorithm>
#include <cstdio>
#include <new>

#include "app/i18n/core_messages.h"
#include "core/attention/engine.h"
#include "core/base/limits.h"
#include "core/base/parallel.h"
#include "core/pretrained/family/vision_input_cache.h"

namespace attn::app {

void apply_result(ComputeView& view, ComputeResult result) {
    if (result.trace) {
        view.trace = std::move(result.trace);
        view.sections = std::move(result.sections);
        view.model = std::move(result.model);
        view.error.clear();
        view.compute_ms = result.compute_ms;
    } else {
        // After a refusal there is no result: an earlier trace on screen would show another
        // sentence (the one before it grew past the limit, a closed lesson's step) or another
        // model (before a folder with a shorter context). Every view says why, and describes
        // the model that refused.
        view.error = std::move(result.error);
        view.trace.reset();
        view.sections.clear();
        view.model = std::move(result.model);
        view.compute_ms = 0.0;
    }
}

namespace {

// The core's over-the-limit refusal names the command line's --max-tokens; in the app the
// Token limit control raises it. The limit N from "The text has more than N tokens (the limit)…
// --max-tokens…", or -1 for any other message.
int token_limit_of(const std::string& error) {
    const std::string head = "The text has more than ";
    if (error.rfind(head, 0) != 0 || error.find("(the limit)") == std::string::npos ||
        error.find("--max-tokens") == std::string::npos)
        return -1;
    long n = 0;
    size_t i = head.size();
    for (; i < error.size() && error[i] >= '0' && error[i] <= '9' && n < 1000000; ++i) n = n * 10 + (error[i] - '0');
    return i > head.size() ? int(n) : -1;
}

}  // namespace

std::string refusal_message(const ComputeView& view, Lang lang) {
    if (view.error.empty()) return {};
    if (const int n = token_limit_of(view.error); n >= 0) {
        char line[512];
        std::snprintf(line, sizeof line, tr(lang, Txt::TokenLimitRefusal), n, int(limits::kMaxTokens));
        return line;
    }
    return localize_core_message(view.error, lang);
}

bool has_section(const ComputeView& view, const char* name) {
    return std::find(view.sections.begin(), view.sections.end(), name) != view.sections.end();
}

std::string empty_view_message(const ComputeView& view, Lang lang) {
    return view.error.empty() ? std::string(tr(lang, Txt::NoTrace)) : refusal_message(view, lang);
}

int section_index(const std::vector<std::string>& sections, const std::string& name) {
    for (std::size_t i = 0; i < sections.size(); ++i)
        if (sections[i] == name) return int(i);
    return 0;
}

PretrainedComputeFn cached_pretrained_compute() {
    auto cache = std::make_shared<pretrained::VisionInputCache>();
    return [cache](const pretrained::PretrainedModel& model, const RunConfig& run) {
        return pretrained::compute_pretrained_run_cached(model, run, cache.get());
    };
}

ComputeWorker::ComputeWorker(std::function<void()> on_result, PretrainedComputeFn compute_pretrained)
    : on_result_(std::move(on_result)),
      compute_pretrained_(compute_pretrained ? std::move(compute_pretrained) : cached_pretrained_compute()),
      thread_([this] {
          name_this_thread("attn-compute");
          run();
      }) {}

ComputeWorker::~ComputeWorker() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
        pending_.reset();
    }
    wake_.notify_all();
    thread_.join();
}

std::uint64_t ComputeWorker::post(ComputeRequest request) {
    std::uint64_t generation = 0;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        pending_ = std::move(request);
        generation = pending_generation_ = next_generation_++;
    }
    wake_.notify_one();
    return generation;
}

std::optional<ComputeResult> ComputeWorker::take_result() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::optional<ComputeResult> out = std::move(result_);
    result_.reset();
    return out;
}

bool ComputeWorker::busy() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return pending_.has_value() || running_;
}

bool ComputeWorker::wait_idle(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mutex_);
    return idle_.wait_for(lock, timeout, [this] { return !pending_ && !running_; });
}

void ComputeWorker::run_pretrained(ComputeRequest& request, ComputeResult& result) const {
    result.model = request.pretrained;  // on a refusal too: the views then describe this model
    const pretrained::PretrainedModel& model = *request.pretrained;
    auto sections = compute_pretrained_(model, request.run);
    if (sections && sections->empty()) sections = Status::Error(model.name + ": the run gave no result.");
    if (!sections) {
        result.error = sections.error();
        return;
    }
    for (const Trace& t : *sections) result.sections.push_back(t.section);
    const int chosen = section_index(result.sections, request.section);
    result.trace = std::make_shared<const Trace>(std::move((*sections)[std::size_t(chosen)]));
}

void ComputeWorker::run() {
    for (;;) {
        ComputeRequest request;
        std::uint64_t generation = 0;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            wake_.wait(lock, [this] { return stop_ || pending_.has_value(); });
            if (stop_) return;
            request = std::move(*pending_);
            pending_.reset();
            generation = pending_generation_;
            running_ = true;
        }

        ComputeResult result;
        result.generation = generation;
        const auto t0 = std::chrono::steady_clock::now();
        if (request.pretrained) {
            run_pretrained(request, result);
        } else if (!model_ || model_->config != request.model) {
            model_.reset();
            auto model = make_builtin_model(request.model);
            if (model) {
                model_ = std::move(*model);
            } else {
                result.error = model.error();
            }
        }
        if (!request.pretrained && model_) {
            Expected<Trace> trace = Status::Error("Out of memory: use fewer tokens or heads.");
            try {  // limits are checked first (check_trace_budget); this is the last guard
                trace = compute_trace(*model_, request.run);
            } catch (const std::bad_alloc&) {
            }
            if (trace) {
                result.trace = std::make_shared<const Trace>(std::move(*trace));
            } else {
                result.error = trace.error();
            }
        }
        result.compute_ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();

        {
            std::lock_guard<std::mutex> lock(mutex_);
            result_ = std::move(result);
        }
        if (on_result_) on_result_();  // before going idle: wait_idle() returns after the wake-up
        {
            std::lock_guard<std::mutex> lock(mutex_);
            running_ = false;
        }
        idle_.notify_all();
    }
}

}  // namespace attn::app
