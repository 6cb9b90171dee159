// job_thread.h — what the app's on-demand job threads share (LatestJob, GenerationWorker).
//
// A view's job thread starts on the view's first request and ends after kJobLinger without one;
// the next request starts it again (its state lives in the owner, not on the thread). So an hour
// of class that visits every view keeps threads only for the views still in use, and the memory a
// finished thread's allocator arena holds goes back to the system when it ends.
#pragma once

#include <chrono>

namespace attn::app {

inline constexpr std::chrono::milliseconds kJobLinger{20000};

// Returns the freed blocks malloc keeps to the system (glibc's malloc_trim; attention.cpp raises
// the trim threshold so a repeated trace reuses them). Called by a job thread about to end idle,
// off the UI thread (it walks every arena).
void give_back_freed_memory();

}  // namespace attn::app
