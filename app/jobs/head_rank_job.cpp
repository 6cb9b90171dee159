// head_rank_job.cpp — every head knocked out alone on a worker thread, with progress and cancel
// (implementation; the interface and its contract are in head_rank_job.h)
#include "app/jobs/head_rank_job.h"
#include "core/base/parallel.h"

namespace attn::app {

HeadRankJob::~HeadRankJob() {
    cancel();
    join();
}

void HeadRankJob::set_wakeup(std::function<void()> wake) {
    std::lock_guard<std::mutex> lock(mutex_);
    wakeup_ = std::move(wake);
}

void HeadRankJob::join() {
    if (thread_.joinable()) thread_.join();
}

void HeadRankJob::cancel() { cancel_ = true; }

void HeadRankJob::start(HeadRankRequest request) {
    cancel();
    join();
    cancel_ = false;
    done_ = 0;
    total_ = request.model ? int(lm::every_head(lm::ablation_shape(*request.model)).size()) : 0;
    running_ = true;
    thread_ = std::thread([this, request = std::move(request)]() mutable {
        name_this_thread("attn-rank");
        std::function<void()> wake;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            wake = wakeup_;
        }
        HeadRankDone out;
        const auto t0 = std::chrono::steady_clock::now();
        if (request.model) {
            const lm::RankProgress progress = [&](int done, int) {
                done_ = done;
                if (wake) wake();
            };
            auto r = request.source.empty()
                         ? lm::rank_heads(*request.model, request.ids, request.base, progress, &cancel_)
                         : lm::rank_translation_heads(*request.model, request.source, request.ids, request.base,
                                                      progress, &cancel_);
            if (r) {
                out.ranking = std::move(*r);
            } else {
                out.error = r.error();
            }
        }
        out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        out.request = std::move(request);
        {
            std::lock_guard<std::mutex> lock(mutex_);
            result_ = std::move(out);
        }
        if (wake) wake();
        {
            std::lock_guard<std::mutex> lock(mutex_);
            running_ = false;
        }
        idle_.notify_all();
    });
}

std::optional<HeadRankDone> HeadRankJob::take() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::optional<HeadRankDone> out = std::move(result_);
    result_.reset();
    return out;
}

bool HeadRankJob::wait_idle(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mutex_);
    return idle_.wait_for(lock, timeout, [this] { return !running_.load(); });
}

}  // namespace attn::app
