#!/usr/bin/env bash
# Installs what is needed, builds everything and runs the whole test suite:
#   1. Release build (as users get it), warnings as errors: every test through ctest, including the
#      Debian package (package_test: cpack, contents, metadata, the extracted binary, lintian).
#   2. AddressSanitizer + UndefinedBehaviorSanitizer build of the engine's tests: core, real models
#      (safetensors, tokenizers, forward pass), language-model head and head roles (core/lm), CLI and
#      export (asserts on). The app's logic tests
#      run in step 1 only: under the sanitizers their build alone took ~6 of CI's 30 minutes.
#   3. Portable build of the command line (-DATTNLAB_NATIVE=OFF, x86-64-v2 baseline): its
#      instructions, its kernel dispatch and identical numbers from every variant (~2-3 min).
# Set ATTNLAB_SKIP_SANITIZE=1 to skip step 2, ATTNLAB_SKIP_PORTABLE=1 step 3, while iterating.
set -euo pipefail
cd "$(dirname "$0")/.."

tools/install-deps.sh
jobs=$(nproc)

echo "== Release build"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DATTNLAB_BUILD_TESTS=ON -DATTNLAB_WERROR=ON
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs"

if [ "${ATTNLAB_SKIP_SANITIZE:-0}" != 1 ]; then
    echo "== ASan + UBSan build (core, real-model, LM, CLI and export tests)"
    # -g1: line tables are enough for the sanitizers' stack traces, and compile much faster.
    cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-O1 -g1" \
        -DATTNLAB_SANITIZE=ON -DATTNLAB_BUILD_APP=OFF -DATTNLAB_BUILD_TESTS=ON
    cmake --build build-sanitize -j "$jobs" --target attnlab attnlab_tests attnlab_pretrained_tests attnlab_lm_tests
    # Not the app's suites, nor the package and build checks (tests/package): nothing to sanitize there.
    skip='^(app_|package_test$|portable_isa_test$|quiet_headers_test$)'
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ctest --test-dir build-sanitize --output-on-failure \
        -j "$jobs" -E "$skip"
    ctest --test-dir build-sanitize -N -E "$skip" | grep -q "Total Tests: 8" ||
        { echo "run-tests: expected 8 sanitizer suites (core, cli, export, layout x2, pretrained, lm, lm cli)"; exit 1; }
fi

if [ "${ATTNLAB_SKIP_PORTABLE:-0}" != 1 ]; then
    echo "== Portable build (x86-64-v2 baseline, row kernels dispatched at run time)"
    cmake -S . -B build-portable -G Ninja -DCMAKE_BUILD_TYPE=Release -DATTNLAB_NATIVE=OFF -DATTNLAB_WERROR=ON \
        -DATTNLAB_BUILD_APP=OFF -DATTNLAB_BUILD_TESTS=ON
    cmake --build build-portable -j "$jobs" --target attnlab
    ctest --test-dir build-portable --output-on-failure -R '^portable_isa_test$'
fi
