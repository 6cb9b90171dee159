#!/usr/bin/env bash
# offline_bundle.sh — AttnLab for PCs with no network: a folder with the .deb, every package it
# needs on a fresh Debian 12 (bookworm, amd64), its Recommends (the Fashion-MNIST data set) and
# install.sh, the one command a teacher runs on each PC from a USB stick:
#
#     sudo sh /media/usb/attnlab-offline/install.sh
#
# How the set is found: a minimal Debian 12 root (debootstrap --variant=minbase, the smallest
# system apt runs on) asks apt for the package with its Recommends, download only. A desktop PC
# already has most of these; install.sh installs only what is missing or older, marks what it
# added as automatically installed (so `sudo apt remove attnlab && sudo apt autoremove` takes it
# all away again); everything it needs is in the folder, so it needs no network.
#
# Usage: sudo packaging/offline_bundle.sh DEB OUT_DIR [--keep-root DIR]
#   DEB       attnlab_<version>_amd64.deb (cmake --build build --target package)
#   OUT_DIR   the folder to write (must not exist, or be empty); an archive of it is written
#             beside it as OUT_DIR.tar
#   --keep-root DIR  also keep the clean minimal root (before any download) in DIR: the offline
#             install test installs into a copy of it
# Env: MIRROR (default: the host's Debian mirror from /etc/apt, else deb.debian.org),
#      SUITE (default bookworm).
# Needs: root, debootstrap, the network to the Debian mirror (only while the bundle is made).
# Exit: 0 written; 1 failed (the message says why); 2 usage.
set -euo pipefail

usage() { echo "usage: sudo $0 DEB OUT_DIR [--keep-root DIR]" >&2; exit 2; }
[ $# -ge 2 ] || usage
deb=$1 out=$2
shift 2
keep_root=
while [ $# -gt 0 ]; do
    case $1 in
        --keep-root) [ $# -ge 2 ] || usage; keep_root=$2; shift 2 ;;
        *) usage ;;
    esac
done
die() { echo "offline_bundle: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "run as root (debootstrap and chroot need it): sudo $0 ..."
command -v debootstrap >/dev/null || die "debootstrap is missing: sudo apt-get install debootstrap"
[ -f "$deb" ] || die "no such package file: $deb"
dpkg-deb -f "$deb" Package 2>/dev/null | grep -qx attnlab || die "$deb is not an AttnLab package"
[ "$(dpkg-deb -f "$deb" Architecture)" = amd64 ] || die "$deb is not for amd64"
if [ -e "$out" ] && [ -n "$(ls -A "$out" 2>/dev/null)" ]; then die "$out exists and is not empty"; fi
suite=${SUITE:-bookworm}

# The mirror: the host's (a school's local mirror or proxy keeps working), else Debian's own.
mirror=${MIRROR:-}
if [ -z "$mirror" ]; then
    mirror=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
        awk '/^URIs:/ && $2 !~ /security/ {print $2; exit}')
fi
if [ -z "$mirror" ]; then
    mirror=$(cat /etc/apt/sources.list 2>/dev/null |
        awk '$1 == "deb" && $0 !~ /security/ {for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) {print $i; exit}}')
fi
mirror=${mirror:-http://deb.debian.org/debian}
security=${mirror%/debian}/debian-security
[ "$security" != "$mirror/debian-security" ] || security=http://deb.debian.org/debian-security

work=$(mktemp -d)
root=$work/root
cleanup() {  # debootstrap mounts these in the root while it runs; a failure can leave them
    for m in proc sys dev/pts dev; do mountpoint -q "$root/$m" 2>/dev/null && umount -l "$root/$m"; done
    rm -rf "$work"
}
trap cleanup EXIT

echo "== a minimal Debian $suite root from $mirror"
debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log" >&2; die "debootstrap failed (log above)"; }
# The point releases' fixes (bookworm-updates) and the security updates, as an installed PC has.
cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror $suite main
deb $mirror $suite-updates main
deb $security $suite-security main
EOF
rm -f "$root"/var/cache/apt/archives/*.deb
if [ -n "$keep_root" ]; then
    mkdir -p "$keep_root"
    cp -a "$root/." "$keep_root/"
fi

echo "== the packages AttnLab needs there (with its Recommends)"
cp "$deb" "$root/tmp/"
chroot "$root" apt-get update -qq >"$work/apt.log" 2>&1 || { cat "$work/apt.log" >&2; die "apt-get update failed"; }
DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get install -y -q --download-only \
    "/tmp/$(basename "$deb")" >>"$work/apt.log" 2>&1 || { tail -30 "$work/apt.log" >&2; die "apt-get could not resolve the package"; }

mkdir -p "$out/debs"
cp "$deb" "$out/debs/"
n=0
for f in "$root"/var/cache/apt/archives/*.deb; do
    [ -e "$f" ] || continue
    cp "$f" "$out/debs/"
    n=$((n + 1))
done
[ "$n" -gt 0 ] || die "apt downloaded nothing: is $mirror a Debian $suite mirror?"

cat >"$out/install.sh" <<'EOF'
#!/bin/sh
# Installs AttnLab and what it needs from this folder, with no network:
#     sudo sh install.sh
# Only packages that are missing or older than the ones here are installed; those added for
# AttnLab are marked automatic, so `sudo apt remove attnlab && sudo apt autoremove` removes them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ "$(id -u)" = 0 ] || { echo "Run as root: sudo sh $0" >&2; exit 1; }
wanted=""
added=""
for f in "$here"/debs/*.deb; do
    pkg=$(dpkg-deb -f "$f" Package)
    ver=$(dpkg-deb -f "$f" Version)
    arch=$(dpkg-deb -f "$f" Architecture)
    [ "$arch" = all ] && key=$pkg || key=$pkg:$arch
    have=$(dpkg-query -W -f='${db:Status-Abbrev} ${Version}' "$key" 2>/dev/null || true)
    case $have in
        "ii "*)
            dpkg --compare-versions "${have#ii  }" ge "$ver" && continue
            ;;
        *) [ "$pkg" = attnlab ] || added="$added $key" ;;
    esac
    wanted="$wanted $f"
done
if [ -z "$wanted" ]; then echo "AttnLab and everything it needs are installed already."; exit 0; fi
# The named files are installed from here; with no apt source nothing else can be fetched.
# (apt-get's --no-download refuses local files: "Pathname to install is not absolute".)
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive apt-get install -y $wanted
# shellcheck disable=SC2086
[ -z "$added" ] || apt-mark auto $added >/dev/null
echo "AttnLab is installed: start it from the applications menu, or run: attnlab"
EOF
chmod +x "$out/install.sh"
version=$(dpkg-deb -f "$deb" Version)
cat >"$out/README.txt" <<EOF
AttnLab $version for Debian 12 PCs with no network ($((n + 1)) packages, for amd64).

Copy this folder to a USB stick. On each PC, open a terminal in it and run:

    sudo sh install.sh

To remove AttnLab and what it installed:

    sudo apt remove attnlab && sudo apt autoremove
EOF
tar -C "$(dirname "$out")" -cf "$out.tar" "$(basename "$out")"
echo "== $out: $((n + 1)) packages, $(du -sh "$out" | cut -f1); archive $out.tar"
