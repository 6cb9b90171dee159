// The engine's thread pool: every index runs exactly once, from any number of callers.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/base/parallel.h"

using namespace attn;

TEST_CASE("parallel_for runs every index exactly once") {
    for (int threads : {1, 2, 4}) {
        ThreadPool pool(threads);
        CHECK(pool.size() == threads);
        for (int n : {0, 1, 2, 3, 17, 1000}) {
            std::vector<std::atomic<int>> hits(n);
            for (int round = 0; round < 20; ++round) pool.parallel_for(n, [&](int i) { hits[i]++; });
            for (int i = 0; i < n; ++i) REQUIRE(hits[i].load() == 20);
        }
    }
}

TEST_CASE("nested and concurrent parallel_for calls complete (serially when busy)") {
    ThreadPool pool(2);
    std::atomic<long> sum{0};
    pool.parallel_for(8, [&](int i) {
        pool.parallel_for(10, [&](int j) { sum += i * 10 + j; });  // nested: runs serially
    });
    CHECK(sum.load() == 79 * 80 / 2);

    std::atomic<long> a{0}, b{0};
    std::thread other([&] {
        for (int r = 0; r < 200; ++r) pool.parallel_for(16, [&](int i) { a += i; });
    });
    for (int r = 0; r < 200; ++r) pool.parallel_for(16, [&](int i) { b += i; });
    other.join();
    CHECK(a.load() == 200 * 120);
    CHECK(b.load() == 200 * 120);
}

TEST_CASE("name_this_thread: the name ps and the soak test's thread log read, cut to Linux's 15 bytes") {
    auto comm = [] {  // the calling thread's name as /proc shows it
        std::ifstream f("/proc/thread-self/comm");
        std::string name;
        std::getline(f, name);
        return name;
    };
    std::string named, cut, pool;
    std::thread([&] {
        name_this_thread("attn-test");
        named = comm();
        name_this_thread("attn-a-name-longer-than-fifteen");
        cut = comm();
    }).join();
    CHECK(named == "attn-test");
    CHECK(cut == "attn-a-name-lon");
    // The pool's workers name themselves: a task that runs on a worker sees "attn-pool".
    ThreadPool p(2);
    std::mutex m;
    std::set<std::string> seen;
    for (int round = 0; round < 50 && seen.count("attn-pool") == 0; ++round)
        p.parallel_for(8, [&](int) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
            std::lock_guard<std::mutex> lock(m);
            seen.insert(comm());
        });
    CHECK(seen.count("attn-pool") == 1);
}
