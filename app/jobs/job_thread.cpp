// job_thread.cpp — see job_thread.h.
#include "app/jobs/job_thread.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace attn::app {

void give_back_freed_memory() {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

}  // namespace attn::app
