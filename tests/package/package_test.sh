#!/usr/bin/env bash
# package_test.sh — the Debian package as a teacher gets it: cpack writes the .deb from the build
# tree, then its contents (dpkg-deb -c), metadata (dpkg-deb -f: version = `attnlab --version`,
# Depends computed by dpkg-shlibdeps), manual page, copyright and changelog are checked; it is
# extracted into a temporary root, where the extracted attnlab must find the extracted assets
# (/usr/bin/../share/attnlab) and run --version, dump and export. The .desktop file passes
# desktop-file-validate without a hint. lintian, when installed, must report no errors.
# Env: BUILD_DIR, SOURCE_DIR, ATTNLAB. Exit 77 = skipped (no dpkg-deb).
set -u
: "${BUILD_DIR:?}" "${SOURCE_DIR:?}" "${ATTNLAB:?}"
command -v dpkg-deb >/dev/null 2>&1 || { echo "dpkg-deb not found: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$SOURCE_DIR/tests/test_lib.sh"

version=$("$ATTNLAB" --version | awk '{print $2}')
[ -n "$version" ] && ok || fail "attnlab --version printed no version"

# --- build the package (into a temporary folder; the build tree must be built) -------------
cpack --config "$BUILD_DIR/CPackConfig.cmake" -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1 ||
    { cat "$tmp/cpack.log"; fail "cpack"; echo "$failed failure(s)"; exit 1; }
deb="$tmp/pkg/attnlab_${version}_amd64.deb"
[ -s "$deb" ] && ok || { ls "$tmp/pkg"; fail "no $deb"; echo "$failed failure(s)"; exit 1; }

# --- contents -----------------------------------------------------------------------------
dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's|^\./|/|' >"$tmp/contents"
for f in /usr/bin/attnlab /usr/share/locale/ko/LC_MESSAGES/attnlab.mo /usr/share/man/man1/attnlab.1.gz /usr/share/doc/attnlab/copyright \
         /usr/share/doc/attnlab/changelog.gz /usr/share/attnlab/presets.txt \
         /usr/share/doc/attnlab/docs/install.md /usr/share/doc/attnlab/docs/images/heatmap.png \
         /usr/share/attnlab/fonts/NanumGothic.ttf /usr/share/attnlab/fonts/OFL-NanumGothic.txt \
         /usr/share/applications/attnlab.desktop /usr/share/icons/hicolor/scalable/apps/attnlab.svg; do
    grep -qx "$f" "$tmp/contents" && ok || fail "package lacks $f"
done
# assets/ goes in wholesale (fonts, presets, icons, licenses, lessons when there are any).
(cd "$SOURCE_DIR/assets" && find . -type f | sed 's|^\./||') | while read -r f; do
    grep -qx "/usr/share/attnlab/$f" "$tmp/contents" || echo "$f"
done >"$tmp/missing_assets"
[ ! -s "$tmp/missing_assets" ] && ok || fail "assets not in the package: $(tr '\n' ' ' <"$tmp/missing_assets")"
grep -v '^/usr/' "$tmp/contents" | grep -qv '^/$' && fail "files outside /usr: $(grep -v '^/usr/' "$tmp/contents")" || ok

# --- metadata -----------------------------------------------------------------------------
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = attnlab ] && ok || fail "Package: $(field Package)"
[ "$(field Version)" = "$version" ] && ok || fail "Version $(field Version) != attnlab --version $version"
[ "$(field Architecture)" = amd64 ] && ok || fail "Architecture: $(field Architecture)"
depends=$(field Depends)
echo "Depends: $depends"
# Computed, not typed: dpkg-shlibdeps writes minimum versions from the libraries' symbols files.
for lib in 'libc6 (>= ' 'libstdc++6 (>= ' 'libcairo2 (>= ' 'libutf8proc2 (>= '; do
    case "$depends" in *"$lib"*) ok ;; *) fail "Depends lacks '$lib…' (not computed by dpkg-shlibdeps?)" ;; esac
done
if grep -qx /usr/share/applications/attnlab.desktop "$tmp/contents" && "$ATTNLAB" --help | grep -q 'open the app'; then
    case "$depends" in *libglfw3*) ok ;; *) fail "Depends lacks libglfw3 for the app" ;; esac
fi
[ -n "$(field Maintainer)" ] && [ -n "$(field Description)" ] && ok || fail "Maintainer/Description empty"
# The long description tells a teacher what AttnLab is for (not the summary again), in lines apt
# shows whole (at most 80 characters).
description=$(field Description)
long=$(printf '%s\n' "$description" | tail -n +2)
printf '%s\n' "$long" | grep -q "students" && printf '%s\n' "$long" | grep -q "offline" && ok ||
    fail "the long description does not say who it is for and what it runs"
[ "$(printf '%s\n' "$description" | awk 'length > 80' | wc -l)" -eq 0 ] && ok || fail "Description lines over 80 characters"
case "$(field Recommends)" in *fonts-dejavu-core*) ok ;; *) fail "Recommends lacks fonts-dejavu-core (the UI's symbols)" ;; esac

# --- documentation ------------------------------------------------------------------------
dpkg-deb -x "$deb" "$tmp/root" && ok || fail "dpkg-deb -x"
root="$tmp/root"
zcat "$root/usr/share/doc/attnlab/changelog.gz" | head -1 | grep -q "^attnlab ($version) " && ok ||
    fail "changelog.gz does not start with version $version"
head -1 "$root/usr/share/doc/attnlab/copyright" | grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' &&
    ok || fail "copyright is not machine-readable (DEP-5)"
grep -q '^License: OFL-1.1' "$root/usr/share/doc/attnlab/copyright" && ok || fail "copyright lacks the font's OFL-1.1"
# Our own code is MIT ("Files: *"), with the licence's full text, as LICENSE at the root says.
awk '/^Files: \*$/{f=1; next} f && /^License:/{print; exit}' "$root/usr/share/doc/attnlab/copyright" |
    grep -qx 'License: MIT' && ok || fail "copyright: 'Files: *' is not 'License: MIT'"
grep -q '^ Permission is hereby granted, free of charge' "$root/usr/share/doc/attnlab/copyright" && ok ||
    fail "copyright lacks the MIT licence text"
head -1 "$SOURCE_DIR/LICENSE" | grep -qx 'MIT License' && ok ||
    fail "LICENSE at the root is not the MIT licence"
# The manual page renders without troff warnings and names every subcommand `attnlab --help` lists.
zcat "$root/usr/share/man/man1/attnlab.1.gz" >"$tmp/attnlab.1"
groff -mandoc -Tutf8 -ww -z "$tmp/attnlab.1" 2>"$tmp/groff.err"; [ ! -s "$tmp/groff.err" ] && ok ||
    fail "man page warnings: $(cat "$tmp/groff.err")"
"$ATTNLAB" --help | awk '/^(SUBCOMMANDS|Subcommands):/{on=1; next} on && NF==0{on=0} on{print $1}' >"$tmp/subcommands"
[ -s "$tmp/subcommands" ] && ok || fail "no SUBCOMMANDS in attnlab --help"
while read -r cmd; do
    grep -Eq "^\.It Cm $cmd( |\$)" "$tmp/attnlab.1" && ok || fail "man page does not describe '$cmd'"
done <"$tmp/subcommands"
grep -q '^\.Sh EXIT STATUS' "$tmp/attnlab.1" && ok || fail "man page has no EXIT STATUS"
# ... and the same exit codes as `attnlab --help` ("Exit codes: 0 ok, 1 bad input, ...").
codes_help=$("$ATTNLAB" --help | tr '\n' ' ' | grep -o 'Exit codes:[^.]*' | grep -Eo '(^|, |: )[0-9]+' | grep -Eo '[0-9]+' | tr '\n' ' ')
codes_man=$(sed -n '/^\.Sh EXIT STATUS/,/^\.Sh /p' "$tmp/attnlab.1" | sed -n 's/^\.It \([0-9][0-9]*\)$/\1/p' | tr '\n' ' ')
[ -n "$codes_help" ] && [ "$codes_help" = "$codes_man" ] && ok ||
    fail "exit codes differ: --help says '$codes_help', the man page '$codes_man'"

# The menu entry: desktop-file-validate finds no error, warning or hint (a hint such as "more than
# one main category" means the app may be listed twice in the menu).
desktop="$root/usr/share/applications/attnlab.desktop"
if [ -f "$desktop" ]; then
    if command -v desktop-file-validate >/dev/null 2>&1; then
        desktop-file-validate "$desktop" >"$tmp/desktop.txt" 2>&1
        [ $? -eq 0 ] && [ ! -s "$tmp/desktop.txt" ] && ok || fail "desktop-file-validate: $(cat "$tmp/desktop.txt")"
    else
        fail "desktop-file-validate not found (desktop-file-utils: tools/install-deps.sh installs it)"
    fi
fi

# --- the extracted program, run from elsewhere: its assets are found next to it ------------
bin="$root/usr/bin/attnlab"
(cd "$tmp" && env -u ATTNLAB_ASSET_DIR "$bin" --version) >"$tmp/v" 2>&1
[ "$(cat "$tmp/v")" = "attnlab $version" ] && ok || fail "extracted --version: $(cat "$tmp/v")"
(cd "$tmp" && env -u ATTNLAB_ASSET_DIR "$bin" --version --verbose) >"$tmp/vv" 2>&1
grep -qx "assets: *$root/usr/bin/../share/attnlab\|assets: *$root/usr/share/attnlab" "$tmp/vv" && ok ||
    fail "the extracted binary does not use the extracted assets: $(grep assets "$tmp/vv")"
grep -q '^row kernels: ' "$tmp/vv" && ok || fail "--version --verbose lacks the row kernels"
grep -q '^license: *MIT License' "$tmp/vv" && ok || fail "--version --verbose lacks the licence line"
expect_exit 0 "extracted dump" -- env -u ATTNLAB_ASSET_DIR "$bin" dump --text "Time flies like an arrow" --causal -o "$tmp/run.json"
/usr/bin/python3 -c "import json,sys; t=json.load(open(sys.argv[1])); assert t['layers'][0]['heads'][0]['weights']" \
    "$tmp/run.json" && ok || fail "dump JSON unreadable"
expect_exit 0 "extracted export (bundled font)" -- env -u ATTNLAB_ASSET_DIR "$bin" export --text "그는 집에 갔다." \
    --lang ko --view heatmap -o "$tmp/h.png"
[ "$(head -c 4 "$tmp/h.png" | tail -c 3)" = PNG ] && ok || fail "export did not write a PNG"

# --- lintian: no errors (warnings are printed) ---------------------------------------------
if command -v lintian >/dev/null 2>&1; then
    lintian --no-tag-display-limit "$deb" >"$tmp/lintian.txt" 2>&1
    cat "$tmp/lintian.txt"
    grep -q '^E: ' "$tmp/lintian.txt" && fail "lintian errors" || ok
else
    echo "note: lintian not installed; skipped"
fi

echo "package test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
