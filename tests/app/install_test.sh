#!/usr/bin/env bash
# Installs the build to a temporary prefix and checks the installed layout and binary:
#   bin/attnlab, share/attnlab/{presets.txt,fonts/}, share/applications/attnlab.desktop,
#   share/icons/hicolor/scalable/apps/attnlab.svg, share/locale/ko/LC_MESSAGES/attnlab.mo; --version works; under Xvfb the installed
#   binary draws a non-blank window with the installed font (not the source tree's).
# Env: BUILD_DIR (the CMake build tree), PNG_CHECK (attnlab_png_check). Exit 77 = skipped.
set -u
: "${BUILD_DIR:?set BUILD_DIR to the build tree}"
: "${PNG_CHECK:?set PNG_CHECK to attnlab_png_check}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

prefix="$tmp/prefix"
cmake --install "$BUILD_DIR" --prefix "$prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log"; echo "FAIL: cmake --install"; exit 1; }

for f in bin/attnlab share/attnlab/presets.txt share/applications/attnlab.desktop \
         share/icons/hicolor/scalable/apps/attnlab.svg share/locale/ko/LC_MESSAGES/attnlab.mo; do
    [ -s "$prefix/$f" ] || fail "missing $f"
done
ls "$prefix"/share/attnlab/fonts/*.ttf >/dev/null 2>&1 || fail "no font in share/attnlab/fonts"
grep -q '^Exec=attnlab$' "$prefix/share/applications/attnlab.desktop" || fail "desktop file: Exec"
grep -q '^Icon=attnlab$' "$prefix/share/applications/attnlab.desktop" || fail "desktop file: Icon"
grep -q '<svg' "$prefix/share/icons/hicolor/scalable/apps/attnlab.svg" || fail "icon is not an SVG"
if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate "$prefix/share/applications/attnlab.desktop" || fail "desktop-file-validate"
fi

DISPLAY= "$prefix/bin/attnlab" --version | grep -q attnlab || fail "installed --version"

if command -v xvfb-run >/dev/null 2>&1; then
    # Run from elsewhere with the source tree out of reach of the lookup's first candidates.
    (cd "$tmp" && xvfb-run -a -s "-screen 0 1600x1000x24" "$prefix/bin/attnlab" --screenshot "$tmp/installed.png" \
        --stats --lang ko --text "그는 집에 갔다." >"$tmp/run.out" 2>"$tmp/run.err") || fail "installed GUI run: $(cat "$tmp/run.err")"
    "$PNG_CHECK" "$tmp/installed.png" 1600 1000 || fail "installed screenshot is blank"
    grep -q "$prefix/bin/../share/attnlab/fonts/\|$prefix/share/attnlab/fonts/" "$tmp/run.err" ||
        fail "the installed binary did not use the installed font: $(grep 'font atlas' "$tmp/run.err")"
    # The Korean catalogue from the install (share/locale), not the build tree's.
    grep -q "language ko ($prefix/share/locale/ko/LC_MESSAGES/attnlab.mo)" "$tmp/run.err" ||
        fail "the installed binary did not use the installed catalogue: $(grep 'language' "$tmp/run.err")"
else
    echo "note: xvfb-run not found; installed GUI run skipped"
fi

if [ $failures -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "install test: all passed"
