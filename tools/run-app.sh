#!/usr/bin/env bash
# Installs what is needed, builds AttnLab and starts it with the built-in model.
# Arguments are passed to attnlab (e.g. `tools/run-app.sh dump --help`).
set -euo pipefail
cd "$(dirname "$0")/.."

tools/install-deps.sh --runtime-only
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DATTNLAB_BUILD_TESTS=OFF
cmake --build build -j "$(nproc)" --target attnlab
exec build/app/attnlab "$@"
