#!/usr/bin/env bash
# fuzz.sh [TARGET|all] [SECONDS] — builds the libFuzzer harnesses of tests/fuzz with clang
# (build-fuzz/: ASan + UBSan, -O1) and runs TARGET (default: all, one after the other) for
# SECONDS each (default 30). Seeds come from tests/fixtures, tests/fuzz/seeds and the regression
# corpus; the growing corpus is kept in build-fuzz/corpus/<target>. A crash is copied into
# tests/fuzz/regressions/<target>/ (commit it: the normal ctest replays it) and fails the run.
# Prints one line per target: executions, coverage (cov/ft), corpus size, crashes.
# ATTNLAB_FUZZ_RUNS=N stops each target after N executions (or SECONDS, whichever comes first):
#   ATTNLAB_FUZZ_RUNS=10000000 tools/fuzz.sh all 36000     # the long run: 10 million each
# ATTNLAB_FUZZ_BUILD=DIR uses a build folder already configured with clang and -DATTNLAB_FUZZ=ON
# (tools/run-tests.sh passes its sanitizer build, which builds the tests and the harnesses at once).
set -euo pipefail
cd "$(dirname "$0")/.."
want=${1:-all}
seconds=${2:-30}
all=(builtin_tokenizer vocab_json merges_txt vocab_txt tokenizer_json config_json safetensors settings run_options lesson
     train_text image preprocessor_config ibus_address task_json idx spm_model generation_config audio mo_file)
if [ "$want" = all ]; then targets=("${all[@]}"); else targets=("$want"); fi

bdir=${ATTNLAB_FUZZ_BUILD:-build-fuzz}
if [ -z "${ATTNLAB_FUZZ_BUILD:-}" ]; then
    CC=clang CXX=clang++ cmake -S . -B "$bdir" -G Ninja -DATTNLAB_FUZZ=ON -DATTNLAB_BUILD_APP=OFF \
        -DATTNLAB_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-O1 -g1" >/dev/null
elif ! grep -q '^ATTNLAB_FUZZ:BOOL=ON' "$bdir/CMakeCache.txt" 2>/dev/null; then
    echo "fuzz: $bdir is not a clang build configured with -DATTNLAB_FUZZ=ON"
    exit 1
fi
# attnlab_audio_forms: the audio fuzzer's seeds in every form libsndfile writes (every decoder it has).
if ! cmake --build "$bdir" -j "$(nproc)" --target $(printf 'fuzz_%s ' "${targets[@]}") attnlab_audio_forms attnlab_catalogues \
        >"$bdir/fuzz-build.log" 2>&1; then
    grep -E 'error|FAILED' "$bdir/fuzz-build.log" | head -20
    echo "fuzz: the clang build failed (whole log: $bdir/fuzz-build.log)"
    exit 1
fi

# The engine's thread pool adds a second busy thread per fuzzer and nothing a parser needs.
export ATTNLAB_THREADS=${ATTNLAB_THREADS:-1}
# The leaks of Debian's libraries we cannot fix (each commented there); ours are still reported.
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/tests/lsan.supp:print_suppressions=0}

fx=tests/fixtures
seeds_of() {
    case $1 in
        builtin_tokenizer) echo $fx/pretrained/tokenizers/cases/*.inp ;;
        vocab_json) echo $fx/pretrained/tokenizers/bpe/vocab.json $fx/pretrained/models/tiny-gpt2/vocab.json ;;
        merges_txt) echo $fx/pretrained/tokenizers/bpe/merges.txt ;;
        vocab_txt) echo $fx/pretrained/tokenizers/wordpiece/vocab.txt ;;
        tokenizer_json) echo $fx/pretrained/tokenizers/*/tokenizer.json $fx/pretrained/models/tiny-t5/tokenizer.json ;;
        config_json) echo $fx/pretrained/models/*/config.json ;;
        safetensors) echo $fx/pretrained/models/*/model.safetensors ;;
        lesson) echo assets/lessons/*/*.md ;;
        image) echo tests/image/fixtures/decode/*.png tests/image/fixtures/decode/*.jpg ;;
        preprocessor_config) echo tests/image/fixtures/preprocess/*.json ;;
        audio) echo tests/audio/fixtures/*.{ogg,flac,mp3,wav} ;;
        mo_file) echo "$bdir"/locale/*/LC_MESSAGES/attnlab.mo ;;  # po/*.po, compiled by the build
        generation_config) echo $fx/pretrained/models/tiny-{marian,whisper,t5}/generation_config.json $fx/pretrained/models/tiny-{t5,mbart}/tokenizer_config.json ;;
        *) ;;
    esac
}
status=0
for t in "${targets[@]}"; do
    corpus=$bdir/corpus/$t crashes=$bdir/crashes/$t/
    mkdir -p "$corpus" "$crashes" tests/fuzz/regressions/"$t"
    for s in $(seeds_of "$t"); do cp -n "$s" "$corpus/seed-$(dirname "$s" | tr / _)-$(basename "$s")"; done
    [ -d tests/fuzz/seeds/"$t" ] && cp -n tests/fuzz/seeds/"$t"/* "$corpus"/
    if [ "$t" = audio ]; then
        forms=$(mktemp -d)
        "$bdir"/tests/fuzz/attnlab_audio_forms "$forms" >/dev/null
        for s in "$forms"/*; do cp -n "$s" "$corpus/seed-form-$(basename "$s")"; done
        rm -rf "$forms"
    fi
    dict=()
    case $t in vocab_json|tokenizer_json|config_json|safetensors|settings|run_options|preprocessor_config|task_json|generation_config) dict=(-dict=tests/fuzz/json.dict) ;; esac
    # Inputs stay small enough to run fast; the bad sizes that matter are declared, not real.
    max_len=65536
    # vocab.txt: one allocation per line, so 13 KB of short lines ran at ~1,000/s under ASan
    case $t in
        vocab_json|tokenizer_json|lesson|settings|run_options|preprocessor_config|task_json) max_len=32768 ;;
        ibus_address) max_len=4096 ;;  # a few short lines in real life
        vocab_txt) max_len=4096 ;;
    esac
    runs=()
    [ -n "${ATTNLAB_FUZZ_RUNS:-}" ] && runs=(-runs="$ATTNLAB_FUZZ_RUNS")
    log=$bdir/fuzz-$t.log
    started=$SECONDS
    set +e
    "$bdir"/tests/fuzz/fuzz_"$t" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 \
        -max_len=$max_len "${runs[@]}" -print_final_stats=1 -artifact_prefix="$crashes" "$corpus" tests/fuzz/regressions/"$t" >"$log" 2>&1
    rc=$?
    set -e
    executed=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    cov=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1 || true)
    found=$(find "$crashes" -type f | wc -l)
    echo "fuzz $t: ${executed} executions in $((SECONDS - started)) s, ${cov:-cov ?}, corpus $(ls "$corpus" | wc -l), crashes $found"
    if [ $rc -ne 0 ] || [ "$found" -gt 0 ]; then
        status=1
        cp "$crashes"* tests/fuzz/regressions/"$t"/ 2>/dev/null || true
        grep -m 5 -E 'ERROR|SUMMARY|runtime error' "$log" || true
        rm -f "$crashes"*
    fi
done
exit $status
