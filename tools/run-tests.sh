#!/usr/bin/env bash
# Installs what is needed, builds everything and runs the whole test suite:
#   1. Release build (as users get it: portable, as the .deb is built), warnings as errors: every
#      test through ctest, including the Debian package (package_test: cpack, contents, metadata,
#      the extracted binary, lintian) and the offline bundle (offline_bundle_test: a fresh Debian 12
#      root with no network installs it; when step 2 runs, this test runs during step 2's compile,
#      since it mostly waits on the mirror and dpkg).
#   2. AddressSanitizer + UndefinedBehaviorSanitizer build (clang: its sanitizer build took 6.4
#      minutes here against GCC's 9.2, in a 30-minute CI budget) of the engine's tests: core, real models
#      (safetensors, tokenizers, forward pass), language-model head and head roles (core/lm), CLI,
#      export, lessons, images (PNG/JPEG decoding, preprocessing), sound (decoding, log-mel), the
#      bad-input suite, the hostile corpus (tests/bad_input/hostile_corpus.py) and the
#      fuzz regression corpus (asserts on). The app's
#      logic tests run in step 1 only: under the sanitizers their build alone took ~6 of CI's 30
#      minutes. The trainer's tests (train_*) also run in step 1 only: under the sanitizers
#      train_tests took 216 s on a loaded 2-core machine (it passed, clean).
#   3. ThreadSanitizer build (clang, -O1) of the app's logic tests, which run every worker against
#      the UI thread's side: the compute worker, generation, text and image training, head ranking,
#      exports and handouts, model loading, the font atlas builder, the input-method bridge and
#      the sound thread (PortAudio on the ALSA file plugin: app_sound_device). Clean, or the run
#      fails; tests/tsan.supp holds the only (commented) suppression: fontconfig behind Pango's
#      GLib-locked matching thread.
#   4. Fuzz smoke: every libFuzzer harness of tests/fuzz built with clang (ASan + UBSan, -O1; in step
#      2's build folder, whose libraries are also instrumented for libFuzzer's coverage) and
#      run ATTNLAB_FUZZ_SECONDS (default 5; `tools/fuzz.sh all 3600` for a real run) each; a crash fails the run and is kept in
#      tests/fuzz/regressions/ (the regression corpus itself is replayed by ctest in steps 1 and 2).
#   5. The package build exactly as docs/install.md gives it (its two commands are read from there,
#      so the two can never drift; portable: -DATTNLAB_NATIVE=OFF, x86-64-v2 baseline), with
#      -DATTNLAB_WERROR=ON added; the .deb must exist. Its binary then passes portable_isa_test:
#      its instructions, its kernel dispatch and identical numbers from every variant.
# ATTNLAB_SKIP_SANITIZE=1, ATTNLAB_SKIP_TSAN=1, ATTNLAB_SKIP_FUZZ=1 and ATTNLAB_SKIP_PORTABLE=1 skip
# steps 2, 3, 4 and 5 while iterating.
set -euo pipefail
cd "$(dirname "$0")/.."

tools/install-deps.sh
jobs=$(nproc)

# Step 1 is configured as the package is built (portable, Release), so its tests check the binary
# teachers install, and Debian's ccache lets step 5 reuse its objects instead of compiling the
# program a second time (about 15 of CI's minutes). CCACHE_BASEDIR makes the cache's keys
# independent of the build folder (build/ and build-package/). Step 2's clang build checks the
# native code paths (-march=native).
if command -v ccache >/dev/null 2>&1; then
    export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache CCACHE_BASEDIR=$PWD
fi

# Each step says how long it took (CI's budget is ~40 minutes on a quiet 2-core machine).
step_name="" step_start=$SECONDS timings=()
step() {
    [ -n "$step_name" ] && timings+=("$(printf '%5d s  %s' $((SECONDS - step_start)) "$step_name")")
    step_name=$1 step_start=$SECONDS
    [ -n "$step_name" ] && echo "== $step_name"
    return 0
}

# The benchmarks (bench/) are built here too, not run (bench/run.sh runs them, minutes each): an
# interface change that breaks one is caught now, not the next time someone measures. Built in
# their own folder they cost CI 9 minutes; here, only their own few files.
step "Release build (portable, as packaged; benchmarks built, not run)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DATTNLAB_NATIVE=OFF -DATTNLAB_BUILD_TESTS=ON -DATTNLAB_WERROR=ON \
    -DATTNLAB_BUILD_BENCH=ON
cmake --build build -j "$jobs"
step "Release tests"
# The offline bundle's test mostly waits on the Debian mirror and dpkg (~2 minutes alone), so when
# step 2 runs it overlaps step 2's compile instead of holding the whole machine here.
bundle_apart=0
[ "${ATTNLAB_SKIP_SANITIZE:-0}" != 1 ] && bundle_apart=1
if [ "$bundle_apart" = 1 ]; then
    ctest --test-dir build --output-on-failure -j "$jobs" -E '^offline_bundle_test$'
else
    ctest --test-dir build --output-on-failure -j "$jobs"
fi

if [ "${ATTNLAB_SKIP_SANITIZE:-0}" != 1 ]; then
    step "ASan + UBSan build (core, real-model, LM, CLI, export, lesson, image and bad-input tests)"
    if [ "$bundle_apart" = 1 ]; then
        echo "(the offline bundle's test runs meanwhile: build/offline_bundle_test.log)"
        ctest --test-dir build --output-on-failure -R '^offline_bundle_test$' >build/offline_bundle_test.log 2>&1 &
        bundle_pid=$!
    fi
    # -g1: line tables are enough for the sanitizers' stack traces, and compile much faster.
    # -DATTNLAB_FUZZ=ON: the same instrumented libraries also serve step 4's libFuzzer harnesses
    # (one clang build of the engine instead of two).
    fuzz_flag=-DATTNLAB_FUZZ=OFF
    [ "${ATTNLAB_SKIP_FUZZ:-0}" != 1 ] && fuzz_flag=-DATTNLAB_FUZZ=ON
    CC=clang CXX=clang++ cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-O1 -g1" \
        -DATTNLAB_SANITIZE=ON -DATTNLAB_BUILD_APP=OFF -DATTNLAB_BUILD_TESTS=ON "$fuzz_flag"
    cmake --build build-sanitize -j "$jobs" --target attnlab attnlab_tests attnlab_pretrained_tests attnlab_lm_tests \
        attnlab_lesson_tests attnlab_image_tests attnlab_audio_tests attnlab_fuzz_replay attnlab_audio_forms
    if [ "$bundle_apart" = 1 ]; then
        step "The offline bundle's test (release build; ran during the compile)"
        bundle_status=0
        wait "$bundle_pid" || bundle_status=$?
        cat build/offline_bundle_test.log
        [ "$bundle_status" = 0 ] || { echo "run-tests: offline_bundle_test failed"; exit 1; }
        grep -Eq '(Passed|Not Run|Skipped)' build/offline_bundle_test.log ||
            { echo "run-tests: offline_bundle_test did not run"; exit 1; }
    fi
    step "ASan + UBSan tests"
    # Not the app's or the trainer's suites (see above), nor the package and build checks
    # (tests/package): nothing to sanitize there; nor golden_kernels_test, which reruns the goldens
    # (run here once) under each kernel path to measure float32 margins (a Release build's matter).
    skip='^(app_|train_|package_test$|offline_bundle_test$|portable_isa_test$|quiet_headers_test$|golden_kernels_test$)'
    # print_suppressions=0: LSan would report the suppressions it used on stderr, which tests that
    # expect a quiet stderr (a closed pipe) would read as a message.
    # HOSTILE_EVERY: a fifth of the hostile corpus (~330 cases; all ~1,600 run in step 1): the
    # decoders behind it are Debian's uninstrumented libraries, our side is the same at every fifth.
    HOSTILE_EVERY=5 ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp:print_suppressions=0 \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ctest --test-dir build-sanitize --output-on-failure \
        -j "$jobs" -E "$skip"
    # Every engine suite must have run here (by name, so adding a suite never breaks the check).
    listed=$(ctest --test-dir build-sanitize -N -E "$skip")
    for suite in core_tests cli_tests export_tests pretrained_tests lm_tests lm_cli_tests lesson_tests lesson_cli_tests image_tests audio_tests transcribe_cli_tests layout_rules bad_input_tests hostile_corpus_tests fuzz_regressions; do
        grep -Eq "Test +#[0-9]+: $suite\$" <<<"$listed" ||
            { echo "run-tests: the sanitizer build did not run $suite"; exit 1; }
    done
fi

if [ "${ATTNLAB_SKIP_TSAN:-0}" != 1 ]; then
    step "ThreadSanitizer build and tests (the app's workers: app_logic_tests, app_sound_device)"
    CC=clang CXX=clang++ cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-O1 -g1" \
        -DATTNLAB_TSAN=ON -DATTNLAB_BUILD_APP=ON -DATTNLAB_BUILD_TESTS=ON
    cmake --build build-tsan -j "$jobs" --target attnlab_app_tests
    # halt_on_error: the first report fails the test; exitcode: any report fails it even then.
    TSAN_OPTIONS="halt_on_error=1:exitcode=66:second_deadlock_stack=1:suppressions=$PWD/tests/tsan.supp" \
        ctest --test-dir build-tsan --output-on-failure -R '^(app_logic_tests|app_sound_device)$'
    [ "$(ctest --test-dir build-tsan -N -R '^(app_logic_tests|app_sound_device)$' | grep -c 'Test *#')" -eq 2 ] ||
        { echo "run-tests: the TSan build did not list app_logic_tests and app_sound_device"; exit 1; }
fi

if [ "${ATTNLAB_SKIP_FUZZ:-0}" != 1 ]; then
    step "Fuzz smoke (clang, ASan + UBSan, ${ATTNLAB_FUZZ_SECONDS:-5} s per target)"
    if [ "${ATTNLAB_SKIP_SANITIZE:-0}" != 1 ]; then
        ATTNLAB_FUZZ_BUILD=build-sanitize tools/fuzz.sh all "${ATTNLAB_FUZZ_SECONDS:-5}"
    else
        tools/fuzz.sh all "${ATTNLAB_FUZZ_SECONDS:-5}"
    fi
fi

if [ "${ATTNLAB_SKIP_PORTABLE:-0}" != 1 ]; then
    step "Package build as docs/install.md gives it (portable, x86-64-v2), warnings as errors"
    # docs/install.md's two commands ("To build the package"), in build-package instead of build.
    mapfile -t readme_cmds < <(sed -n '/^To build the package/,/^\*\*A lab/s/^    \(cmake .*\)$/\1/p' docs/install.md |
        sed 's/ *#.*$//')
    [ "${#readme_cmds[@]}" -eq 2 ] || { echo "run-tests: docs/install.md's package build is not two cmake commands"; exit 1; }
    for i in 0 1; do
        # Words only (no shell syntax), run without eval; the build folder must be the one we rename.
        [[ ${readme_cmds[$i]} =~ ^cmake\ [-A-Za-z0-9_=.\ ]+$ && ${readme_cmds[$i]} =~ (-B|--build)\ build( |$) ]] ||
            { echo "run-tests: unexpected package command in docs/install.md: ${readme_cmds[$i]}"; exit 1; }
        readme_cmds[$i]=$(sed -E 's/(-B|--build) build( |$)/\1 build-package\2/' <<<"${readme_cmds[$i]}")
    done
    read -ra configure <<<"${readme_cmds[0]} -DATTNLAB_WERROR=ON"
    read -ra build <<<"${readme_cmds[1]}"
    echo "+ ${configure[*]}"; "${configure[@]}"
    echo "+ ${build[*]}"; "${build[@]}"
    version=$(build-package/app/attnlab --version | awk '{print $2}')
    [ -s "build-package/attnlab_${version}_amd64.deb" ] ||
        { echo "run-tests: the package build wrote no build-package/attnlab_${version}_amd64.deb"; exit 1; }
    ATTNLAB=build-package/app/attnlab PORTABLE=1 BASELINE=x86-64-v2 bash tests/package/portable_isa_test.sh
fi

step ""
echo "== Time per step (total $((SECONDS / 60)) min $((SECONDS % 60)) s)"
printf '%s\n' "${timings[@]}"
