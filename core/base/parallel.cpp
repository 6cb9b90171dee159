// parallel.cpp — a small pool of worker threads for the engine's coarse parallel loops
// (implementation; the interface and its contract are in parallel.h)
#include "core/base/parallel.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include <pthread.h>

namespace attn {

ThreadPool::ThreadPool(int n_threads) {
    for (int i = 1; i < n_threads; ++i)
        workers_.emplace_back([this] {
            name_this_thread("attn-pool");
            worker_loop();
        });
}

void name_this_thread(const char* name) {
    char cut[16] = {};
    std::strncpy(cut, name, sizeof cut - 1);
    pthread_setname_np(pthread_self(), cut);  // fails only for a name over 15 bytes
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard<std::mutex> lock(m_);
        stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : workers_) t.join();
}

void ThreadPool::worker_loop() {
    unsigned seen = 0;
    std::unique_lock<std::mutex> lock(m_);
    while (true) {
        wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
        if (stop_) return;
        seen = generation_;
        while (next_ < n_) {
            const int i = next_++;
            const std::function<void(int)>& fn = *fn_;
            lock.unlock();
            fn(i);
            lock.lock();
            if (++finished_ == n_) done_.notify_all();
        }
    }
}

void ThreadPool::parallel_for(int n, const std::function<void(int)>& fn) {
    if (n <= 0) return;
    std::unique_lock<std::mutex> busy(busy_, std::try_to_lock);
    if (workers_.empty() || n == 1 || !busy.owns_lock()) {
        for (int i = 0; i < n; ++i) fn(i);
        return;
    }
    std::unique_lock<std::mutex> lock(m_);
    fn_ = &fn;
    n_ = n;
    next_ = 0;
    finished_ = 0;
    ++generation_;
    wake_.notify_all();
    while (next_ < n_) {  // the caller takes its share
        const int i = next_++;
        lock.unlock();
        fn(i);
        lock.lock();
        ++finished_;
    }
    done_.wait(lock, [&] { return finished_ == n_; });
    fn_ = nullptr;
    n_ = 0;
}

ThreadPool& engine_pool() {
    static ThreadPool pool([] {
        if (const char* env = std::getenv("ATTNLAB_THREADS")) {
            const int n = std::atoi(env);
            if (n >= 1 && n <= 256) return n;
        }
        return std::max(1, int(std::thread::hardware_concurrency()));
    }());
    return pool;
}

}  // namespace attn
