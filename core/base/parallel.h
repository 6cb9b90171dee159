// parallel.h — a small pool of worker threads for the engine's coarse parallel loops.
//
// Why not OpenMP: its threads spin while waiting, and on a 2-core machine that also runs the UI
// thread (or anything else) a spinning barrier waits for a whole scheduler slice — we measured a
// 0.3 ms trace take 100+ ms that way. Here idle workers sleep on a condition variable, a loop
// costs one wake-up, and the calling thread works too.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace attn {

class ThreadPool {
public:
    explicit ThreadPool(int n_threads);  // total threads including the caller; 1 = serial
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    int size() const { return int(workers_.size()) + 1; }

    // Runs fn(0) … fn(n−1), each exactly once, and returns when all are done. Safe to call from
    // several threads: a call that finds the pool busy (or nested in a task) runs serially.
    void parallel_for(int n, const std::function<void(int)>& fn);

private:
    void worker_loop();

    std::vector<std::thread> workers_;
    std::mutex busy_;  // held by the thread whose loop is running

    std::mutex m_;
    std::condition_variable wake_;
    std::condition_variable done_;
    const std::function<void(int)>* fn_ = nullptr;
    int n_ = 0;
    int next_ = 0;         // next index to hand out
    int finished_ = 0;     // indices completed
    unsigned generation_ = 0;
    bool stop_ = false;
};

// The engine's pool: one thread per core (ATTNLAB_THREADS overrides).
ThreadPool& engine_pool();

// Names the calling thread as ps, top, gdb and the soak test's thread log show it (Linux keeps
// the first 15 bytes). Every long-lived thread of the app names itself, "attn-" and its job.
void name_this_thread(const char* name);

}  // namespace attn
