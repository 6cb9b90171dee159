#!/usr/bin/env bash
# offline_bundle_test.sh — the classroom install with no network, as a teacher does it from a USB
# stick: packaging/offline_bundle.sh writes the bundle from a fresh minimal Debian 12 root, then
# a second copy of that clean root, with no apt source and no network at all (a new network
# namespace), runs the bundle's install.sh. There attnlab must run (--version, a Korean dump, a
# headless Korean screenshot), the Recommends (Fashion-MNIST) must be in, a second install.sh must
# change nothing, and `apt remove attnlab && apt autoremove` must bring the package list back to
# what it was.
# Env: BUILD_DIR (a built tree to cpack), SOURCE_DIR, ATTNLAB; or DEB=path to skip cpack.
# Needs root, debootstrap, unshare and the Debian mirror (to make the bundle). Exit 77 = skipped.
set -u
: "${SOURCE_DIR:?}" "${ATTNLAB:?}"
. "$SOURCE_DIR/tests/test_lib.sh"
[ "$(id -u)" = 0 ] || { echo "not root: skipped"; exit 77; }
for c in debootstrap unshare chroot dpkg-deb; do
    command -v "$c" >/dev/null 2>&1 || { echo "$c not found: skipped"; exit 77; }
done
tmp=$(mktemp -d)
clean=$tmp/clean
unmount() { for m in proc dev/pts dev; do mountpoint -q "$clean/$m" 2>/dev/null && umount -l "$clean/$m"; done; }
trap 'unmount; rm -rf "$tmp"' EXIT
in_root() { unshare -n chroot "$clean" "$@"; }  # no network device but loopback: nothing to reach

version=$("$ATTNLAB" --version | awk '{print $2}')
deb=${DEB:-}
if [ -z "$deb" ]; then
    : "${BUILD_DIR:?}"
    cpack --config "$BUILD_DIR/CPackConfig.cmake" -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1 ||
        { cat "$tmp/cpack.log"; fail "cpack"; echo "$failed failure(s)"; exit 1; }
    deb=$tmp/pkg/attnlab_${version}_amd64.deb
fi
[ -s "$deb" ] && ok || { fail "no package at $deb"; echo "$failed failure(s)"; exit 1; }

# --- the bundle -----------------------------------------------------------------------------
t0=$(date +%s)
bash "$SOURCE_DIR/packaging/offline_bundle.sh" "$deb" "$tmp/usb/attnlab-offline" --keep-root "$clean" \
    >"$tmp/bundle.log" 2>&1 && ok || { cat "$tmp/bundle.log"; fail "offline_bundle.sh"; echo "$failed failure(s)"; exit 1; }
echo "bundle written in $(( $(date +%s) - t0 )) s: $(tail -1 "$tmp/bundle.log")"
b=$tmp/usb/attnlab-offline
[ -x "$b/install.sh" ] && [ -s "$b/README.txt" ] && [ -s "$tmp/usb/attnlab-offline.tar" ] && ok ||
    fail "the bundle lacks install.sh, README.txt or its archive"
ls "$b"/debs/attnlab_"${version}"_amd64.deb >/dev/null 2>&1 && ok || fail "the bundle lacks the AttnLab package"
ls "$b"/debs/dataset-fashion-mnist_*.deb >/dev/null 2>&1 && ok || fail "the bundle lacks the Recommends (Fashion-MNIST)"
# Refusals: not root is checked by install.sh; a file that is not AttnLab's package, an existing folder.
echo junk >"$tmp/junk.deb"
bash "$SOURCE_DIR/packaging/offline_bundle.sh" "$tmp/junk.deb" "$tmp/other" >"$tmp/junk.log" 2>&1
[ $? = 1 ] && grep -q "not an AttnLab package" "$tmp/junk.log" && ok || fail "a junk .deb: $(cat "$tmp/junk.log")"
bash "$SOURCE_DIR/packaging/offline_bundle.sh" "$deb" "$b" >"$tmp/exists.log" 2>&1
[ $? = 1 ] && grep -q "not empty" "$tmp/exists.log" && ok || fail "an existing bundle folder: $(cat "$tmp/exists.log")"

# --- a PC with no mirror and no network --------------------------------------------------------
rm -f "$clean/etc/apt/sources.list" "$clean"/etc/apt/sources.list.d/*
rm -rf "$clean"/var/lib/apt/lists/*
mkdir -p "$clean/var/lib/apt/lists/partial" "$clean/media/usb"
cp -a "$b" "$clean/media/usb/"
mount -t proc proc "$clean/proc" && mount --bind /dev "$clean/dev" && mount -t devpts devpts "$clean/dev/pts" ||
    fail "mounting /proc, /dev and /dev/pts in the root"
installed() { in_root dpkg-query -W -f='${db:Status-Abbrev} ${Package} ${Version}\n' | awk '$1 == "ii" {print $2, $3}' | sort; }
installed >"$tmp/before.txt"
in_root sh /media/usb/attnlab-offline/install.sh >"$tmp/install.log" 2>&1 && ok ||
    { tail -30 "$tmp/install.log"; fail "install.sh with no network"; }
grep -q "AttnLab is installed" "$tmp/install.log" && ok || fail "install.sh did not say it installed AttnLab"
[ "$(in_root attnlab --version | awk '{print $2}')" = "$version" ] && ok || fail "attnlab --version in the root"
in_root dpkg -s dataset-fashion-mnist 2>/dev/null | grep -q "^Status: install ok installed" && ok ||
    fail "Fashion-MNIST (a Recommends) is not installed"
in_root attnlab dump --text "그는 집에 갔다" -o /tmp/run.json >"$tmp/dump.log" 2>&1 && [ -s "$clean/tmp/run.json" ] && ok ||
    fail "attnlab dump in the root: $(cat "$tmp/dump.log")"
in_root env HOME=/tmp attnlab --headless --lang ko --text "그는 집에 갔다" --screenshot /tmp/shot.png >"$tmp/shot.log" 2>&1 &&
    [ -s "$clean/tmp/shot.png" ] && ok || fail "a headless Korean screenshot in the root: $(tail -5 "$tmp/shot.log")"
[ -s "$clean/tmp/shot.png" ] && cp "$clean/tmp/shot.png" "${SHOT_OUT:-/dev/null}" 2>/dev/null
# Only what was missing was marked manual: attnlab itself.
manual=$(in_root apt-mark showmanual | sort)
[ "$(grep -cx attnlab <<<"$manual")" = 1 ] && ok || fail "attnlab is not marked manually installed"
[ "$(comm -13 <(awk '{print $1}' "$tmp/before.txt") <(echo "$manual") | grep -vx attnlab)" = "" ] && ok ||
    fail "install.sh marked dependencies as manually installed: $(comm -13 <(awk '{print $1}' "$tmp/before.txt") <(echo "$manual") | tr '\n' ' ')"
in_root sh /media/usb/attnlab-offline/install.sh >"$tmp/again.log" 2>&1 && grep -q "installed already" "$tmp/again.log" && ok ||
    fail "a second install.sh: $(tail -5 "$tmp/again.log")"

# --- removal leaves nothing --------------------------------------------------------------------
in_root env DEBIAN_FRONTEND=noninteractive apt-get remove -y attnlab >"$tmp/remove.log" 2>&1 &&
    in_root env DEBIAN_FRONTEND=noninteractive apt-get autoremove -y >>"$tmp/remove.log" 2>&1 && ok ||
    { tail -20 "$tmp/remove.log"; fail "apt remove / autoremove"; }
installed >"$tmp/after.txt"
diff "$tmp/before.txt" "$tmp/after.txt" >"$tmp/diff.txt" && ok || fail "packages left after removal: $(head -20 "$tmp/diff.txt")"
[ ! -e "$clean/usr/bin/attnlab" ] && [ ! -e "$clean/usr/share/attnlab" ] && ok || fail "AttnLab's files left after removal"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
