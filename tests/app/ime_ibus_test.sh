#!/usr/bin/env bash
# ime_ibus_test.sh — Korean typing through the input-method bridge (app/ime) with a real IBus + ibus-hangul,
# or (FRAMEWORK fcitx) a real Fcitx 5 + fcitx5-hangul.
#
# Usage: tests/app/ime_ibus_test.sh ATTNLAB X11_CLOSE OUT_DIR [ibus|fcitx|xwayland]
# xwayland: IBus again, with AttnLab in a Wayland session's Xwayland (weston 10 with its X11 backend
# as a window on the Xvfb, kiosk-shell, --xwayland): xdotool drives weston's seat, as a user's
# keyboard and mouse would; the first cases only, no GTK run.
# Starts its own Xvfb, D-Bus session bus and ibus-daemon or fcitx5 (works as root on a fresh CI machine),
# types with xdotool like a person (each key held ~60 ms: ImGui 1.86 loses a press and release
# landing in one frame), closes the window gracefully (X11_CLOSE sends WM_DELETE_WINDOW) and reads
# the fields back from settings.json. Fails — never skips — when the input method cannot run.
#
# Expected strings: what a GTK entry shows for the same keys with ibus-hangul 1.5.4 (2-set layout:
# g k s = 한, r m f = 글, r h d = 공, q n = 부); with zenity installed the test also runs every case
# in a GTK dialog (zenity --forms, GTK's IBus module) and checks it gives the same strings.
# fcitx5-hangul 5.0.10 gives the same strings for the same keys (its GTK module: fcitx5-frontend-gtk3);
# the Japanese and pinyin checks run with IBus only.
# ONLY=NAME runs just that case (in the app and in GTK).
set -uo pipefail
app=${1:?attnlab} closer=${2:?x11_close} out=${3:?out dir} framework=${4:-ibus}
mkdir -p "$out"
tag=ime_${framework}_test
fail() { echo "$tag: FAIL: $*"; exit 1; }

tools=(Xvfb dbus-launch xdotool /usr/bin/python3)
if [ "$framework" = fcitx ]; then
    tools+=(fcitx5 dbus-send)
    ls /usr/lib/*/fcitx5/hangul.so >/dev/null 2>&1 || fail "fcitx5-hangul is not installed"
else
    [ "$framework" = xwayland ] && tools+=(weston Xwayland xwininfo)
    tools+=(ibus-daemon ibus gsettings)
    [ -x /usr/libexec/ibus-engine-hangul ] || fail "ibus-hangul is not installed"
fi
for tool in "${tools[@]}"; do
    command -v "$tool" >/dev/null || fail "$tool not found (tools/install-deps.sh installs the test packages)"
done
/usr/bin/python3 -c 'from PIL import ImageGrab' 2>/dev/null || fail "python3-pil is needed for the screenshot"

work=$(mktemp -d /tmp/attnlab-ime.XXXXXX)
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
    [ -n "${DBUS_SESSION_BUS_PID:-}" ] && kill "$DBUS_SESSION_BUS_PID" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# Everything (dconf's service included) must see the same HOME, or gsettings writes go nowhere.
export HOME=$work/home XDG_CONFIG_HOME=$work/home/.config
mkdir -p "$XDG_CONFIG_HOME"
if ! locale -a 2>/dev/null | grep -qi '^ko_KR\.utf-\?8$'; then
    if [ "$(id -u)" -eq 0 ]; then localedef -i ko_KR -f UTF-8 ko_KR.UTF-8 || fail "cannot generate ko_KR.UTF-8"
    else fail "the ko_KR.UTF-8 locale is missing (as root: localedef -i ko_KR -f UTF-8 ko_KR.UTF-8)"; fi
fi
export LANG=ko_KR.UTF-8 LC_ALL=ko_KR.UTF-8

# Xvfb picks a free display itself and writes its number once it listens (-displayfd): a display
# another test's X server is still leaving (an abstract socket without a lock file) is skipped.
Xvfb -displayfd 3 -screen 0 1700x1100x24 -nolisten tcp >"$work/xvfb.log" 2>&1 3>"$work/display" &
pids+=($!)
for _ in $(seq 300); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || fail "Xvfb did not start within 30 s: $(tail -3 "$work/xvfb.log")"
n=$(head -1 "$work/display")
export DISPLAY=:$n
eval "$(dbus-launch --sh-syntax)" || fail "dbus-launch failed"
if [ "$framework" = fcitx ]; then
    # One group: us keyboard and Hangul, Hangul active in every new input context.
    mkdir -p "$XDG_CONFIG_HOME/fcitx5"
    printf '%s\n' '[Groups/0]' 'Name=Default' 'Default Layout=us' 'DefaultIM=hangul' '' \
        '[Groups/0/Items/0]' 'Name=keyboard-us' 'Layout=' '' '[Groups/0/Items/1]' 'Name=hangul' 'Layout=' '' \
        '[GroupOrder]' '0=Default' >"$XDG_CONFIG_HOME/fcitx5/profile"
    printf '%s\n' '[Behavior]' 'ActiveByDefault=True' 'ShareInputState=No' >"$XDG_CONFIG_HOME/fcitx5/config"
    # Its IBus frontend off: the bridge must reach Fcitx 5 through Fcitx's own interface.
    fcitx5 --verbose='*=4' --disable=ibusfrontend,fcitx4frontend,wayland,waylandim,kimpanel,notificationitem,notifications \
        >"$work/fcitx.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 100); do grep -q "Loaded addon hangul" "$work/fcitx.log" && break; sleep 0.1; done
    dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
        org.freedesktop.DBus.NameHasOwner string:org.fcitx.Fcitx5 2>/dev/null | grep -q true ||
        { cat "$work/fcitx.log"; fail "fcitx5 with the hangul engine did not start"; }
    im=fcitx ready="Fcitx 5 input context ready"
else
    gsettings set org.freedesktop.ibus.engine.hangul initial-input-mode 'hangul'
    gsettings set org.freedesktop.ibus.general preload-engines "['hangul']"
    gsettings set org.freedesktop.ibus.engine.anthy.common input-mode 0 2>/dev/null  # hiragana (default 3: Latin)
    [ "$(gsettings get org.freedesktop.ibus.engine.hangul initial-input-mode)" = "'hangul'" ] ||
        fail "gsettings did not keep ibus-hangul's input mode (no dconf service?)"
    # /usr/bin first: ibus-anthy runs "python3" from PATH and needs Debian's (python3-gi); the engine
    # list rebuilt, as a package trigger run under another python may have left anthy out of the cache.
    PATH=/usr/bin:/bin:$PATH ibus-daemon -r -x --cache=refresh >"$work/ibus.log" 2>&1 &  # -x: its XIM server too (the XIM fallback case)
    pids+=($!)
    for _ in $(seq 100); do ls "$XDG_CONFIG_HOME"/ibus/bus/*-unix-$n >/dev/null 2>&1 && ibus engine hangul 2>/dev/null && break; sleep 0.1; done
    [ "$(ibus engine 2>/dev/null)" = hangul ] || { cat "$work/ibus.log"; fail "ibus-daemon with the hangul engine did not start"; }
    im=ibus ready="IBus input context ready"
fi
app_display=$DISPLAY
if [ "$framework" = xwayland ]; then
    export XDG_RUNTIME_DIR=$work/xdg
    mkdir -m 700 "$XDG_RUNTIME_DIR"
    weston --backend=x11-backend.so --shell=kiosk-shell.so --xwayland --width=1600 --height=1000 \
        --socket=attnlab-ime --log="$work/weston.log" >/dev/null 2>&1 &
    pids+=($!)
    for _ in $(seq 100); do grep -q "xserver listening on display" "$work/weston.log" 2>/dev/null && break; sleep 0.1; done
    app_display=$(sed -n 's/.*xserver listening on display \(:[0-9]*\).*/\1/p' "$work/weston.log" | head -1)
    [ -n "$app_display" ] || { cat "$work/weston.log"; fail "weston did not offer Xwayland"; }
    # IBus's address file is named after the display it started on (the Xvfb): AttnLab on
    # Xwayland is told where the bus is, as a Wayland desktop's session environment does.
    export IBUS_ADDRESS=$(sed -n 's/^IBUS_ADDRESS=//p' "$XDG_CONFIG_HOME"/ibus/bus/*-unix-$n)
    [ -n "$IBUS_ADDRESS" ] || fail "no IBus address for display :$n"
fi

press() { for k in "$@"; do xdotool keydown "$k"; sleep 0.06; xdotool keyup "$k"; sleep 0.06; done; }
ox=0 oy=0  # xwayland: where weston put the app's window on its output (the Xvfb's screen)
click() { xdotool mousemove $(($1 + ox)) $(($2 + oy)); sleep 0.05; xdotool mousedown 1; sleep 0.06; xdotool mouseup 1; sleep 0.2; }
field() { /usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }
# shot NAME: the screen as $out/<app|gtk>_NAME.png (who: set by run_case / gtk_case).
shot() { /usr/bin/python3 -c 'import sys; from PIL import ImageGrab; ImageGrab.grab(xdisplay=sys.argv[1]).save(sys.argv[2])' "$DISPLAY" "$out/${who}_$1.png"; }

# Window coordinates of the fields at 1600x1000 (the window sits at 0,0 without a window manager).
app_first=(210 120)   # the sentence
app_other=(110 640)   # global tokens (below the token line and chips the committed syllable brings)

# run_case NAME WANT_TEXT WANT_OTHER KEYS: the app with empty fields; clicks the sentence, runs KEYS
# (shell words; `click "${other[@]}"` clicks the other field), closes the window, checks.
# Optional: SETTINGS (settings.json's keys to start from instead of empty fields), FIRST ("x y": the
# field clicked first), OTHER_KEY (the settings key WANT_OTHER is checked against; global_tokens).
failures=0
run_case() {
    local name=$1 want_text=$2 want_global=$3; shift 3
    local cfg=$work/cfg-$name first=(${FIRST:-${app_first[@]}}) other=("${app_other[@]}") who=app
    local other_key=${OTHER_KEY:-global_tokens}
    mkdir -p "$cfg"
    printf '{"version": 1, %s}\n' "${SETTINGS:-\"text\": \"\", \"global_tokens\": \"\"}" >"$cfg/settings.json"
    # XMODIFIERS=@im=ibus (or fcitx) as a desktop sets it: the bridge must turn GLFW's XIM off, or
    # every syllable would arrive twice.
    DISPLAY=$app_display XMODIFIERS=@im=$im ATTNLAB_IME_DEBUG=1 ATTNLAB_IME=${ATTNLAB_IME:-} "$app" --config "$cfg" >"$out/$name.out" 2>"$out/$name.err" &
    local app_pid=$!
    local win=""
    for _ in $(seq 300); do win=$(DISPLAY=$app_display xdotool search --name '^AttnLab$' 2>/dev/null | head -1); [ -n "$win" ] && break; sleep 0.1; done
    [ -n "$win" ] || fail "$name: no AttnLab window"
    sleep 1.0
    if [ "$framework" = xwayland ]; then  # Xwayland's root coordinates are weston's output's
        ox=$(DISPLAY=$app_display xwininfo -id "$win" | sed -n 's/.*Absolute upper-left X: *//p')
        oy=$(DISPLAY=$app_display xwininfo -id "$win" | sed -n 's/.*Absolute upper-left Y: *//p')
    fi
    click "${first[@]}"
    eval "$*"
    sleep 0.3
    DISPLAY=$app_display "$closer" "$win"
    for _ in $(seq 100); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$app_pid" 2>/dev/null && { kill "$app_pid"; fail "$name: the app did not close"; }
    wait "$app_pid"
    local got_text got_global
    got_text=$(field "$cfg/settings.json" text)
    got_global=$(field "$cfg/settings.json" "$other_key")
    local want_bridge=$ready
    [ "${ATTNLAB_IME:-}" = xim ] && want_bridge="GLFW's XIM as before"
    grep -q "$want_bridge" "$out/$name.err" || { cat "$out/$name.err"; fail "$name: the log does not say \"$want_bridge\""; }
    if [ "$got_text" = "$want_text" ] && [ "$got_global" = "$want_global" ]; then
        echo "$tag: ok   $name: sentence '$got_text', $other_key '$got_global'"
    else
        echo "$tag: FAIL $name: sentence '$got_text' (want '$want_text'), $other_key '$got_global' (want '$want_global')"
        sed 's/^/    /' "$out/$name.err"
        failures=$((failures + 1))
    fi
}

# gtk_case: the same keys in a GTK dialog with two entries (zenity --forms, GTK's IBus module),
# ended with its OK button; zenity prints "A|B". The reference the expected strings come from.
gtk_case() {
    local name=$1 want_text=$2 want_global=$3; shift 3
    GTK_IM_MODULE=$im XMODIFIERS=@im=$im zenity --forms --add-entry=A --add-entry=B >"$out/gtk-$name.out" 2>/dev/null &
    local z=$! win="" x y who=gtk
    for _ in $(seq 100); do win=$(xdotool search --onlyvisible --name '^zenity$' 2>/dev/null | tail -1); [ -n "$win" ] && break; sleep 0.1; done
    [ -n "$win" ] || fail "gtk $name: no zenity window"
    sleep 1.0
    eval "$(xdotool getwindowgeometry --shell "$win")"
    x=$X y=$Y
    local first=($((x + 121)) $((y + 53))) other=($((x + 121)) $((y + 95)))
    click "${first[@]}"
    eval "$*"
    sleep 0.3
    click $((x + 171)) $((y + 136))  # OK
    for _ in $(seq 50); do kill -0 "$z" 2>/dev/null || break; sleep 0.1; done
    kill "$z" 2>/dev/null
    wait "$z" 2>/dev/null
    local got
    got=$(cat "$out/gtk-$name.out")
    if [ "$got" = "$want_text|$want_global" ]; then
        echo "$tag: gtk  $name: '$got' (the same)"
    else
        echo "$tag: GTK DIFFERS $name: '$got' (the app's expected '$want_text|$want_global'; window at $x,$y)"
        failures=$((failures + 1))
    fi
}

start=$(date +%s)
cases=(
    # name        sentence    other  keys
    "plain        한글_공부   -      press g k s r m f space r h d q n"
    "enter        한          -      press g k s Return"
    "backspace    한가        -      press g k s r m BackSpace k"
    "left         한1가       -      press g k s r k Left 1"
    "middle       한글가_공부 -      press g k s r m f space r h d q n Left Left Left r k; sleep 0.3; shot middle"
    "click_other  한          1      press g k s; click \"\${other[@]}\"; press 1"
)
[ "$framework" = xwayland ] && cases=("${cases[@]:0:3}")
for c in "${cases[@]}"; do
    read -r name want other keys <<<"$c"
    [ -n "${ONLY:-}" ] && [ "$name" != "$ONLY" ] && continue
    [ "$other" = - ] && other=""
    want=${want//_/ }
    [ "$name" = plain ] && keys="$keys; sleep 0.3; shot composing"
    run_case "$name" "$want" "$other" "$keys"
done
# Composing at the end of a sentence that fills the sentence field: the pre-edit is clipped to the
# field, which scrolls as ImGui scrolls for a typed character (a quarter of its width), so nothing is
# drawn over its border or beyond, and the syllable shows. The field is x 8..422, y ~108..134.
if [ "$framework" = ibus ] && { [ -z "${ONLY:-}" ] || [ "$ONLY" = long_end ]; }; then
    long="Time flies like an arrow and fruit flies like a banana spli"  # ends ~14 px before the edge
    SETTINGS="\"text\": \"$long\", \"global_tokens\": \"\"" FIRST="410 120" \
        run_case long_end "${long}한" "" 'press End; sleep 0.3; shot long_before; press g k s; sleep 0.3; shot long_end'
    /usr/bin/python3 - "$out/app_long_before.png" "$out/app_long_end.png" "$tag" <<'PY' || failures=$((failures + 1))
import sys
from PIL import Image, ImageChops
before, during = (Image.open(p).convert("RGB") for p in sys.argv[1:3])
edge = ImageChops.difference(before.crop((421, 100, 432, 142)), during.crop((421, 100, 432, 142))).getbbox()
left = ImageChops.difference(before.crop((12, 108, 80, 134)), during.crop((12, 108, 80, 134))).getbbox()
print("%s: long_end: the field's right border %s, its left end %s" %
      (sys.argv[3], "unchanged" if edge is None else "drawn over at %s" % (edge,), "scrolled" if left else "NOT scrolled"))
sys.exit(0 if edge is None and left else 1)
PY
fi
# The Train view's training text (a multi-line field, saved as settings.json's train_text): Enter
# commits the syllable and starts a new line, as in a GTK text view.
if [ "$framework" != xwayland ] && { [ -z "${ONLY:-}" ] || [ "$ONLY" = train_text ]; }; then
    SETTINGS='"text": "", "global_tokens": "", "view": "train", "train_task": "text", "train_text": ""' \
        FIRST="600 440" OTHER_KEY=train_text run_case train_text "" $'한글\n공부' 'press g k s r m f Return r h d q n'
fi
# Without the bridge (as when no IBus runs), GLFW's XIM path is what it was: committed syllables
# arrive (the one being composed is lost at close — the issue's behaviour, unchanged).
[ -z "${ONLY:-}" ] && [ "$framework" != xwayland ] && ATTNLAB_IME=xim run_case xim_fallback "한글 " "" 'press g k s r m f space r h d'
if [ "$framework" = xwayland ]; then
    :  # the same keys in GTK were checked by the ibus run
elif command -v zenity >/dev/null; then
    for c in "${cases[@]}"; do
        read -r name want other keys <<<"$c"
        [ -n "${ONLY:-}" ] && [ "$name" != "$ONLY" ] && continue
        [ "$other" = - ] && other=""
        gtk_case "$name" "${want//_/ }" "$other" "$keys"
    done
else
    echo "$tag: zenity not installed: the GTK reference run is left out"
fi
# A second check that nothing Korean-specific is hard-coded: Japanese (ibus-anthy: kana, Space
# converts, Enter commits) and Chinese pinyin (ibus-libpinyin: Space takes the first candidate),
# when installed; each against GTK too.
other_engines=(
    # engine   name      want      keys
    "anthy     japanese  日本語    press n i h o n g o space Return"
    "libpinyin pinyin    你好      press n i h a o; sleep 0.5; shot pinyin; press space"
)
[ "$framework" != ibus ] && other_engines=()
for c in "${other_engines[@]}"; do
    read -r engine name want keys <<<"$c"
    [ -n "${ONLY:-}" ] && [ "$name" != "$ONLY" ] && continue
    if [ ! -x /usr/libexec/ibus-engine-$engine ]; then
        echo "$tag: ibus-$engine not installed: the $name check is left out"
        continue
    fi
    # A Python engine (anthy) takes a few seconds to start: the first switch may be cancelled.
    for _ in $(seq 20); do ibus engine "$engine" 2>/dev/null && [ "$(ibus engine)" = "$engine" ] && break; sleep 0.5; done
    [ "$(ibus engine)" = "$engine" ] || { tail -5 "$work/ibus.log"; fail "cannot switch IBus to $engine"; }
    run_case "$name" "$want" "" "$keys"
    command -v zenity >/dev/null && gtk_case "$name" "$want" "" "$keys"
done

echo "$tag: $(($(date +%s) - start)) s; screenshots during composition: $out/{app,gtk}_{composing,pinyin}.png"
grep -h "round trip" "$out"/*.err | sed "s/^/$tag: /"
[ "$failures" -eq 0 ] || fail "$failures case(s) differ from a GTK entry"
if [ "$framework" = xwayland ]; then echo "$tag: all cases give what a GTK entry gives (the ibus run checks GTK)"
else echo "$tag: all cases match a GTK entry"; fi
