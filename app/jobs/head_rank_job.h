// head_rank_job.h — "Which heads matter here?" off the UI thread (GL-free): every head knocked out
// alone, one forward pass each (lm::rank_heads), with progress and cancel.
//
//   UI thread:  start(request)        cancels a run in progress, then starts this one
//               progress()            heads done / total, for a progress bar
//               cancel()              stops between two heads
//               take()                the finished ranking (or error) once
//   job thread: lm::rank_heads over the request's ids, watching their last position; for a
//               translation model (request.source set) lm::rank_translation_heads, every head of
//               every section, watching the token after the target `ids`
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/lm/knockout.h"
#include "core/pretrained/blocks/intervention.h"
#include "core/pretrained/family/pretrained_model.h"

namespace attn::app {

struct HeadRankRequest {
    std::shared_ptr<const pretrained::PretrainedModel> model;
    std::vector<int> ids;             // up to and including the watched position (translation: the
                                      // target written so far, start token not included)
    pretrained::Ablation base;        // heads already knocked out (kept out while ranking)
    std::vector<int> source;          // a translation model's source ids; empty = one stack
};

struct HeadRankDone {
    HeadRankRequest request;
    std::string error;                // core English; "" = ok
    lm::HeadRanking ranking;          // ranking.cancelled when stopped early
    double seconds = 0.0;             // wall time of the whole ranking
};

class HeadRankJob {
public:
    HeadRankJob() = default;
    ~HeadRankJob();
    HeadRankJob(const HeadRankJob&) = delete;
    HeadRankJob& operator=(const HeadRankJob&) = delete;

    void set_wakeup(std::function<void()> wake);  // called on the job thread after each head and at the end
    void start(HeadRankRequest request);
    void cancel();
    bool running() const { return running_.load(); }
    int done() const { return done_.load(); }
    int total() const { return total_.load(); }
    std::optional<HeadRankDone> take();
    bool wait_idle(std::chrono::milliseconds timeout);

private:
    void join();

    std::thread thread_;
    std::atomic<bool> cancel_{false}, running_{false};
    std::atomic<int> done_{0}, total_{0};
    mutable std::mutex mutex_;
    std::condition_variable idle_;
    std::optional<HeadRankDone> result_;
    std::function<void()> wakeup_;
};

}  // namespace attn::app
