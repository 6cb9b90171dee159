#!/usr/bin/env bash
# layout_test.sh — the architecture's rules (docs/architecture.md), checked over every #include line,
# so the folders keep telling the concern and the direction of dependencies.
#
# Usage: tests/layout_test.sh [GL-free app sources relative to app/ ...]
#   The arguments (ctest passes attnlab_app_logic's sources) must not include ImGui, GLFW or GL.
#   ATTNLAB_LAYOUT_ROOT overrides the tree to check (the test of this test uses it).
set -uo pipefail
root=${ATTNLAB_LAYOUT_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root" || exit 1

fails=0
fail() { echo "layout: $*"; fails=$((fails + 1)); }

gui_header='^(imgui|imgui_[a-z_]+|backends/imgui_[a-z_0-9]+|GLFW/.*|GL/.*|EGL/.*|epoxy/.*)\.h$'

# core/pretrained's layer of a folder in it (0 = the lowest).
pretrained_layer() {
    case "$1" in
        core/pretrained/folder)  echo 0 ;;
        core/pretrained/blocks)  echo 1 ;;
        core/pretrained/family)  echo 2 ;;
        core/pretrained/seq2seq) echo 3 ;;
        *)                       echo 4 ;;  # families/ and its folders
    esac
}

# May folder $1 (of the including file) include a header in folder $2?
allowed() {
    local from=$1 to=$2
    # A family folder (core/pretrained/families/<name>/) is part of core/pretrained, and may
    # include the shared core/pretrained and its own folder — never another family's.
    if [[ $from == core/pretrained/families/* && $to == core/pretrained/families/* ]]; then
        [[ $to == "$from" ]]; return
    fi
    # Inside core/pretrained, four layers: folder/ < blocks/ < family/ < seq2seq/ < families/ (and
    # the registry): each includes only itself and the layers before it.
    if [[ $from == core/pretrained/* && $to == core/pretrained/* ]]; then
        local rank_from rank_to
        rank_from=$(pretrained_layer "$from"); rank_to=$(pretrained_layer "$to")
        (( rank_to <= rank_from )); return
    fi
    [[ $from == core/pretrained/* ]] && from=core/pretrained
    [[ $to == core/pretrained/* ]] && to=core/pretrained
    case "$from" in
        core/base)               [[ $to == core/base ]] ;;
        core/attention)          [[ $to == core/base || $to == core/attention ]] ;;
        core/tokenizer)          [[ $to == core/base || $to == core/tokenizer ]] ;;
        core/pretrained)         [[ $to == core/base || $to == core/attention || $to == core/image || $to == core/audio || $to == core/tokenizer || $to == core/pretrained ]] ;;
        core/figure)             [[ $to == core/base || $to == core/attention || $to == core/i18n || $to == core/figure ]] ;;
        core/image)              [[ $to == core/base || $to == core/image ]] ;;  # PNG/JPEG, ViT preprocessing
        core/audio)              [[ $to == core/base || $to == core/audio ]] ;;  # sound files, Whisper's log-mel
        core/i18n)               [[ $to == core/base || $to == core/i18n ]] ;;  # translation catalogues
        core/*)                  [[ $to == core/* ]] ;;           # lesson/, train/, lm/, ...: any of core
        cli)                     [[ $to == core/* || $to == cli ]] ;;
        app/shell)               [[ $to == core/* || $to == app/* || $to == cli ]] ;;  # the top
        app/views/*)             [[ $to == core/* || $to == "$from" ]] ||
                                 { [[ $to == app/* && $to != app/shell && $to != app/panels && $to != app/views/* ]]; } ;;
        app/panels)              [[ $to == core/* ]] ||
                                 { [[ $to == app/* && $to != app/shell && $to != app/views/* ]]; } ;;
        app/state)               [[ $to == core/* || $to == app/state || $to == app/i18n ]] ;;  # the state below the jobs
        app/*)                   [[ $to == core/* || $to == app/* ]] &&  # shared blocks
                                 [[ $to != app/shell && $to != app/panels && $to != app/views/* ]] ;;
        tests*|bench|tools)      true ;;
        *)                       false ;;
    esac
}

mapfile -t files < <(git ls-files 'core/*.h' 'core/*.cpp' 'app/*.h' 'app/*.cpp' 'cli/*.h' 'cli/*.cpp' 2>/dev/null ||
                     find core app cli -name '*.h' -o -name '*.cpp')
[ ${#files[@]} -gt 0 ] || { echo "layout: no sources found under $root"; exit 1; }

for f in "${files[@]}"; do
    dir=${f%/*}
    # Every file sits in a folder of its concern: nothing loose at the top of app/, core/ or core/pretrained/.
    case "$dir" in
        app|core|core/pretrained) fail "$f: a file at the top of $dir/ (move it into the folder of its concern)" ;;
    esac
done

# Two-line header comment: "// name — what it is".
while IFS= read -r hit; do
    f=${hit%%:*}
    first=${hit#*:}
    [[ $first == "// ${f##*/} — "* ]] || fail "$f: first line must be '// ${f##*/} — what it is' (got: ${first:0:60})"
done < <(awk 'FNR == 1 { print FILENAME ":" $0; nextfile }' "${files[@]}")

# Every #include line, as file:line:text.
quoted='^[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"]+)"'
angled='^[[:space:]]*#[[:space:]]*include[[:space:]]*<([^>]+)>'
while IFS= read -r hit; do
    f=${hit%%:*}; rest=${hit#*:}; n=${rest%%:*}; line=${rest#*:}
    dir=${f%/*}
    if [[ $line =~ $quoted ]]; then
        inc=${BASH_REMATCH[1]}
        [[ $inc == */* ]] || continue  # same-folder include ("figure_draw.h")
        [[ $inc == shaders/* && $dir == app/* ]] && continue  # generated headers of the GUI
        allowed "$dir" "${inc%/*}" || fail "$f:$n: $dir/ may not include $inc"
    elif [[ $line =~ $angled ]]; then
        inc=${BASH_REMATCH[1]}
        if [[ $dir == core* || $dir == cli ]] && [[ $inc =~ $gui_header ]]; then
            fail "$f:$n: $dir/ may not include <$inc> (core/ and cli/ have no GUI libraries)"
        fi
    fi
done < <(grep -nE '^[[:space:]]*#[[:space:]]*include' "${files[@]}")

# The GL-free app logic (attnlab_app_logic, linked by the tests without a display).
for src in "$@"; do
    for f in "app/$src" "app/${src%.cpp}.h"; do
        [ -f "$f" ] || continue
        if grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*<(imgui|GLFW/|GL/|EGL/|backends/)' "$f" >/dev/null; then
            fail "$f: part of the GL-free app logic but includes ImGui/GLFW/GL: $(grep -nE '#[[:space:]]*include[[:space:]]*<(imgui|GLFW/|GL/|EGL/|backends/)' "$f" | head -1)"
        fi
    done
done

# No two files include each other, directly or around a loop (a file and its header count as one).
while IFS= read -r line; do
    echo "$line"
    fails=$((fails + 1))
done < <(python3 "$(dirname "${BASH_SOURCE[0]}")/include_cycles.py" "$root" app core cli)

if [ "$fails" -gt 0 ]; then
    echo "layout: $fails rule(s) broken (see docs/architecture.md)"
    exit 1
fi
echo "layout: ${#files[@]} files, every #include follows the rules"
