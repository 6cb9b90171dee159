// async_job.h — "latest request wins" background computation for a panel (GL-free).
//
//   UI thread: post(request) when the inputs changed → one pending slot: a request not yet
//              started is replaced, never queued
//   job thread: started on a post; runs fn(request) → publishes {request, result}; ends after
//              kJobLinger without a request (job_thread.h), and the next post starts it again
//   UI thread: take() at draw time; shows the previous result (or "computing…") meanwhile
// Every finished run is published even when a newer request is pending, so a dragged slider
// still shows intermediate results. The request travels back with its result, so the panel can
// tell what the result is for. GL work (texture uploads) stays on the UI thread, after take().
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "app/jobs/job_thread.h"
#include "core/base/parallel.h"

namespace attn::app {

template <typename Request, typename Result>
class LatestJob {
public:
    struct Done {
        Request request;
        Result result;
    };

    // name: the job thread's, as ps and the soak test's thread log show it (parallel.h).
    explicit LatestJob(std::function<Result(const Request&)> fn, const char* name = "attn-job")
        : fn_(std::move(fn)), name_(name) {}
    ~LatestJob() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stop_ = true;
            pending_.reset();
        }
        wake_.notify_all();
        if (thread_.joinable()) thread_.join();  // a run in progress finishes first
    }
    LatestJob(const LatestJob&) = delete;
    LatestJob& operator=(const LatestJob&) = delete;

    // Called on the job thread after each publish (e.g. to wake an idle event loop); thread-safe.
    void set_wakeup(std::function<void()> wakeup) {
        std::lock_guard<std::mutex> lock(mutex_);
        wakeup_ = std::move(wakeup);
    }

    void post(Request request) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            pending_ = std::move(request);
            if (ended_) {  // it has left run() and only returns: a short join
                thread_.join();
                ended_ = false;
            }
            if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
        }
        wake_.notify_one();
    }

    // Forgets the pending request and the result not yet taken; a run in progress finishes but is not
    // published. So nothing here keeps what they hold (a closed model) alive.
    void drop() {
        std::optional<Request> pending;
        std::optional<Done> done;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            pending = std::move(pending_);
            done = std::move(done_);
            pending_.reset();
            done_.reset();
            ++drops_;
        }
    }  // destroyed here, unlocked

    // Called on the job thread when it ends idle (job_thread.h), before it returns: to let go of what
    // the job function keeps between runs (a cache for a model that has since closed).
    void set_on_idle(std::function<void()> on_idle) {
        std::lock_guard<std::mutex> lock(mutex_);
        on_idle_ = std::move(on_idle);
    }

    // The newest finished result not yet taken.
    std::optional<Done> take() {
        std::lock_guard<std::mutex> lock(mutex_);
        std::optional<Done> out = std::move(done_);
        done_.reset();
        return out;
    }

    bool busy() const {  // a request is pending or running
        std::lock_guard<std::mutex> lock(mutex_);
        return pending_.has_value() || running_;
    }

    // Whether the job thread is there (started and not ended idle); for tests and the soak's count.
    bool has_thread() const {
        std::lock_guard<std::mutex> lock(mutex_);
        return thread_.joinable() && !ended_;
    }

    // How long the thread waits for a request before it ends (kJobLinger; tests shorten it).
    void set_linger(std::chrono::milliseconds linger) {
        std::lock_guard<std::mutex> lock(mutex_);
        linger_ = linger;
    }

    // Blocks until nothing is pending or running; false on timeout.
    bool wait_idle(std::chrono::milliseconds timeout) {
        std::unique_lock<std::mutex> lock(mutex_);
        return idle_.wait_for(lock, timeout, [this] { return !pending_ && !running_; });
    }

private:
    void run() {
        name_this_thread(name_);
        std::unique_lock<std::mutex> lock(mutex_);
        for (;;) {
            if (!wake_.wait_for(lock, linger_, [this] { return stop_ || pending_.has_value(); })) {
                std::function<void()> on_idle = on_idle_;
                lock.unlock();
                if (on_idle) on_idle();
                give_back_freed_memory();  // before ended_: post() never joins during the trim
                lock.lock();
                if (!stop_ && !pending_) {
                    ended_ = true;
                    return;
                }
            }
            if (stop_) return;
            if (!pending_) continue;
            {
                Request request = std::move(*pending_);
                pending_.reset();
                running_ = true;
                const std::uint64_t drops = drops_;
                lock.unlock();
                Result result = fn_(request);
                lock.lock();
                std::function<void()> wakeup;
                if (drops == drops_) {  // not dropped while it ran
                    done_ = Done{std::move(request), std::move(result)};
                    wakeup = wakeup_;
                }
                lock.unlock();
                if (wakeup) wakeup();  // before going idle: wait_idle() returns after the wake-up
            }  // a dropped run's request and result end here, unlocked
            lock.lock();
            running_ = false;
            idle_.notify_all();
        }
    }

    std::function<Result(const Request&)> fn_;
    const char* name_;
    mutable std::mutex mutex_;
    std::condition_variable wake_, idle_;
    std::optional<Request> pending_;
    std::optional<Done> done_;
    std::function<void()> wakeup_;
    bool running_ = false;
    bool stop_ = false;
    bool ended_ = false;  // the thread left run() after idling; the next post joins and restarts it
    std::uint64_t drops_ = 0;  // drop() calls: a run that started before one is not published
    std::function<void()> on_idle_;
    std::chrono::milliseconds linger_ = kJobLinger;
    std::thread thread_;  // started by a post
};

}  // namespace attn::app
