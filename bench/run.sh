#!/usr/bin/env bash
# Builds and runs the engine benchmarks (attention trace and GPT-2-small forward pass), their
# PyTorch references and the peak-memory check, then prints tables of times and ratios measured in
# this one run.
# Usage: bench/run.sh [build-dir]      (needs tools/install-deps.sh first)
#   ROUNDS=n   rounds of (ours with all threads, ours with 1, torch at each setting) for
#              the attention trace, then the same four for the GPT-2 forward pass (N = 128) and
#              for KV-cached generation (bench_generate, bench_torch_generate.py),
#              interleaved so that a busy spell hits every contender; the table takes each one's
#              best round (default 3).
#   PyTorch runs at every torch × BLAS thread setting (bench/torch_threads.py): 1×C, C×1 and C×C
#              on C cores, and 1×1; report.py compares ours on C cores with its best setting within
#              C cores (and on 1 core with 1×1), and prints which setting won.
#   WHISPER=0  skips Whisper on 10 s of sound (bench_whisper: mel, encoder, its products by OpenBLAS
#              alone, cached decoding; bench_torch_whisper.py at every setting).
#   MARIAN=0   skips the translation model at opus-mt-ko-en's shape (bench_marian: the encoder at
#              S = 128, its products by OpenBLAS alone, cached decoding; bench_torch_marian.py).
#   LLAMA=0    skips the rotary decoders (SmolLM2-135M- and Qwen2.5-0.5B-shaped random BF16 folders
#              made in the temp dir by make_llama_folder.py, ~1.3 GB of disk and ~30 s): forward at
#              N = 128, the same products by OpenBLAS alone, ms per cached token, and PyTorch's
#              (bench_torch_llama.py), interleaved per round; then their peak memory, 16-bit kept
#              vs widened. They add ~5 min with ROUNDS=3 on an idle 2-core machine (estimated from
#              the CPU times of a loaded run; one round took ~15 min at load 12–16, PyTorch on two
#              threads most of it).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-bench}
rounds=${ROUNDS:-3}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DATTNLAB_BUILD_BENCH=ON \
    -DATTNLAB_BUILD_TESTS=OFF -DATTNLAB_BUILD_APP=OFF >/dev/null
cmake --build "$build" -j "$(nproc)" --target attnlab_bench attnlab_bench_gpt2 attnlab_bench_generate attnlab_peak_memory \
    attnlab_bench_train attnlab_bench_vit attnlab_bench_llama attnlab_bench_whisper attnlab_bench_marian
out=$(mktemp -d)
echo "raw lines and JSON: $out"
threads=$(nproc)
filter='BM_(Trace|TraceNoStats|OpenBLAS)/'
# PyTorch's thread settings (torch threads x BLAS threads), all cores first, then one.
settings="1"
[ "$threads" -gt 1 ] && settings="1x$threads ${threads}x1 ${threads}x$threads 1"

for r in $(seq "$rounds"); do
    echo "== round $r of $rounds"
    ATTNLAB_THREADS=$threads OPENBLAS_NUM_THREADS=$threads OMP_NUM_THREADS=$threads \
        "$build/bench/attnlab_bench" --benchmark_filter="$filter" --benchmark_min_time=0.5 \
        --benchmark_out="$out/ours_${threads}t_$r.json" --benchmark_out_format=json >/dev/null
    ATTNLAB_THREADS=1 OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 \
        "$build/bench/attnlab_bench" --benchmark_filter="$filter" --benchmark_min_time=0.5 \
        --benchmark_out="$out/ours_1t_$r.json" --benchmark_out_format=json >/dev/null
    for s in $settings; do
        /usr/bin/python3 bench/bench_torch_mha.py "$s" 8 64 512 2048 | tee -a "$out/torch.txt"
    done
    for t in "$threads" 1; do
        ATTNLAB_THREADS=$t "$build/bench/attnlab_bench_gpt2" --benchmark_filter='BM_Gpt2(Forward|Products)/' \
            --benchmark_min_time=2 --benchmark_out="$out/gpt2_${t}t_$r.json" \
            --benchmark_out_format=json >/dev/null
    done
    for s in $settings; do
        /usr/bin/python3 bench/bench_torch_gpt2.py "$s" 128 | tee -a "$out/torch.txt"
    done
    # ViT-B/16 and DeiT-tiny at 224×224 (issue 22), ours then PyTorch, at both thread counts.
    for t in "$threads" 1; do
        ATTNLAB_THREADS=$t "$build/bench/attnlab_bench_vit" --benchmark_filter='BM_VitForward/' \
            --benchmark_min_time=2 --benchmark_out="$out/vit_${t}t_$r.json" --benchmark_out_format=json >/dev/null
    done
    for s in $settings; do /usr/bin/python3 bench/bench_torch_vit.py "$s" | tee -a "$out/torch.txt"; done
    # Generation with the KV cache (ms per token after a 16-token prompt) and head roles (144 heads).
    for t in "$threads" 1; do
        ATTNLAB_THREADS=$t "$build/bench/attnlab_bench_generate" --benchmark_min_time=1 2>/dev/null |
            awk -v t="$t" '/^BM_/ {sub(/\/real_time/, "", $1); printf "ours-%s threads=%s ms=%s", $1, t, $2;
                for (i = 5; i <= NF; i++) if ($i ~ /per_token=/) printf " %s", $i; print ""}' |
            sed 's/s$//' | tee -a "$out/generate.txt"
    done
    for s in $settings; do /usr/bin/python3 bench/bench_torch_generate.py "$s" | tee -a "$out/generate.txt"; done
done
# The rotary decoders (issue 24): ours (forward, products, cached step) then PyTorch, per shape and
# thread count, interleaved per round.
if [ "${LLAMA:-1}" != 0 ]; then
    for shape in smollm2-135m qwen2.5-0.5b; do
        /usr/bin/python3 bench/make_llama_folder.py "$shape" "$out/$shape"
    done
    for r in $(seq "$rounds"); do
        echo "== rotary decoders, round $r of $rounds"
        for shape in smollm2-135m qwen2.5-0.5b; do
            for t in "$threads" 1; do
                ATTNLAB_THREADS=$t ATTNLAB_BENCH_LLAMA="$out/$shape" "$build/bench/attnlab_bench_llama" \
                    --benchmark_min_time=1 --benchmark_out="$out/llama_${shape}_${t}t_$r.json" \
                    --benchmark_out_format=json >/dev/null
            done
            for s in $settings; do
                /usr/bin/python3 bench/bench_torch_llama.py "$s" "$out/$shape" "$shape" 128 | tee -a "$out/torch.txt"
            done
        done
    done
    for m in "" --widen; do "$build/bench/attnlab_peak_memory" --llama "$out/qwen2.5-0.5b" $m; done | tee -a "$out/memory.txt"
    rm -rf "$out/smollm2-135m" "$out/qwen2.5-0.5b"
fi
# Whisper at tiny and base shapes on 10 s of sound (issue 33): ours at both thread counts, then
# PyTorch at each torch × BLAS thread setting (its best one is the reference), interleaved per round.
if [ "${WHISPER:-1}" != 0 ]; then
    for r in $(seq "$rounds"); do
        echo "== whisper, round $r of $rounds"
        for t in "$threads" 1; do
            ATTNLAB_THREADS=$t "$build/bench/attnlab_bench_whisper" --benchmark_min_time=3 \
                --benchmark_out="$out/whisper_${t}t_$r.json" --benchmark_out_format=json >/dev/null
        done
        for s in $settings; do /usr/bin/python3 bench/bench_torch_whisper.py "$s" | tee -a "$out/torch.txt"; done
    done
fi
# Translation at opus-mt-ko-en's shape (issue 32): the encoder and cached decoding, ours then
# PyTorch at each setting, interleaved per round.
if [ "${MARIAN:-1}" != 0 ]; then
    for r in $(seq "$rounds"); do
        echo "== marian, round $r of $rounds"
        for t in "$threads" 1; do
            ATTNLAB_THREADS=$t "$build/bench/attnlab_bench_marian" --benchmark_min_time=2 \
                --benchmark_out="$out/marian_${t}t_$r.json" --benchmark_out_format=json >/dev/null
        done
        for s in $settings; do /usr/bin/python3 bench/bench_torch_marian.py "$s" | tee -a "$out/torch.txt"; done
    done
fi
# Training (issue 13): steps/s of the default reverse model, ours and PyTorch, interleaved per
# round; then the time until reverse and induction reach 99% exact (evaluation off the clock).
for r in $(seq "$rounds"); do
    for t in "$threads" 1; do "$build/bench/attnlab_bench_train" "$t" 2000 | tee -a "$out/train.txt"; done
    for s in $settings; do /usr/bin/python3 bench/bench_torch_train.py "$s" 1000 | tee -a "$out/train.txt"; done
done
"$build/bench/attnlab_bench_train" "$threads" --time-to-99 reverse | tee -a "$out/train.txt"
"$build/bench/attnlab_bench_train" "$threads" --time-to-99 induction | tee -a "$out/train.txt"
# PyTorch's time to 99% at the setting that made the most steps/s above.
best=$(awk '/^torch-train / {split($4, s, "="); sub(/threads=/, "", $2); sub(/blas=/, "", $3);
    if (s[2] + 0 > top) {top = s[2] + 0; set = $2 "x" $3}} END {print set}' "$out/train.txt")
/usr/bin/python3 bench/bench_torch_train.py "${best:-1}" --time-to-99 | tee -a "$out/train.txt"
for n in 512 2048; do "$build/bench/attnlab_peak_memory" "$n"; done | tee "$out/memory.txt"
# Re-running an image (the √d_k toggle): decoding a 4000×3000 JPEG every time vs the kept input.
/usr/bin/python3 - "$out/big.jpg" <<'PY'
import sys
import numpy as np
from PIL import Image
y, x = np.mgrid[0:3000, 0:4000]
rgb = np.stack([(x * 255 // 4000), (y * 255 // 3000), ((x + y) % 256)], axis=-1).astype(np.uint8)
rgb = np.clip(rgb.astype(int) + np.random.default_rng(0).integers(-20, 21, rgb.shape), 0, 255).astype(np.uint8)
Image.fromarray(rgb).save(sys.argv[1], "JPEG", quality=90)
PY
ATTNLAB_BENCH_JPEG="$out/big.jpg" "$build/bench/attnlab_bench_vit" --benchmark_filter='BM_VisionInput/' \
    --benchmark_min_time=1 --benchmark_out="$out/vision_input.json" --benchmark_out_format=json >/dev/null
/usr/bin/python3 bench/report.py "$out" "$threads"
