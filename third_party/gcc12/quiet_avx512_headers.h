// quiet_avx512_headers.h — force-included (-include) into our targets by AttnLabWarnings.cmake,
// with GCC 12 only. Includes GCC's intrinsics headers once with -Wmaybe-uninitialized ignored.
//
// GCC 12's avx512fintrin.h initialises its "undefined" vectors as `__m512 __Y = __Y;`; when Eigen's
// packet code inlines those intrinsics into ours, GCC reports ~1,000 bogus "‘__Y’ may be used
// uninitialized" (GCC bug 105593; GCC 13 puts this same pragma in its headers). The pragma state
// is looked up at the warning's location, which is inside the intrinsics headers: only their lines
// are silenced. A real maybe-uninitialized in our code is reported at our line, and still warns.
#pragma once
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12 && (defined(__x86_64__) || defined(__i386__))
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"  // the same idiom, as GCC words it at -O1 (sanitizer build)
#include <immintrin.h>
#pragma GCC diagnostic pop
#endif
