#!/usr/bin/env bash
# `attnlab transcribe` and `attnlab dump --audio` on the tiny Whisper folder as a user meets them:
# transcripts, detected language and word times checked against gen_tiny_whisper.py's reference
# (reference.json "transcribe"), the run's sections and audio object, and the refusals (no model
# that listens, a file that is no sound, an unknown language, --audio with --text).
set -u
bin=${ATTNLAB:?set ATTNLAB to the attnlab binary}
py=/usr/bin/python3
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/test_lib.sh
. "$here/../test_lib.sh"
models=$here/../fixtures/pretrained/models
whisper=$models/tiny-whisper
sounds=$here/../audio/fixtures

# The Korean recording, language detected, 12 tokens at most, with word times.
expect_exit 0 "transcribe ko_16k.wav" -- "$bin" transcribe --model "$whisper" --audio "$sounds/ko_16k.wav" \
    --tokens 12 --word-timestamps -o "$tmp/ko.json"
$py - "$tmp/ko.json" "$whisper/reference.json" <<'PY' && ok || fail "transcribe: not the reference's"
import json, sys
j, ref = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
case = next(c for c in ref["transcribe"] if c["audio"] == "ko_16k.wav" and c["typed"] is None)
assert j["format"] == "attnlab-transcript/1"
assert j["prompt"] == case["prompt"], j["prompt"]
assert [t["id"] for t in j["tokens"]] == case["tokens"], j["tokens"]
assert j["language_detected"] is True and j["language"] == "ko"
p = case["language_probabilities"]
assert abs(j["language_probabilities"]["ko"] - p["ko"]) < 1e-5, j["language_probabilities"]
assert len(j["words"]) == len(case["words"])
for got, want in zip(j["words"], case["words"]):
    assert got["text"] == want["text"] and abs(got["start"] - want["start"]) <= 0.02 + 1e-9, (got, want)
    assert abs(got["end"] - want["end"]) <= 0.02 + 1e-9 and len(got["tokens"]) == len(want["tokens"]), (got, want)
assert j["audio"]["sample_rate"] == 16000 and abs(j["audio"]["seconds"] - 1.485) < 0.01
assert all(0 < t["probability"] <= 1 for t in j["tokens"])
PY

# The English one with the language chosen; without --word-timestamps there are no words.
expect_exit 0 "transcribe hello, --language en" -- "$bin" transcribe --model "$whisper" \
    --audio "$sounds/hello_16k_sox.wav" --language en --tokens 20 -o "$tmp/en.json"
$py - "$tmp/en.json" "$whisper/reference.json" <<'PY' && ok || fail "transcribe --language en: not the reference's"
import json, sys
j, ref = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
case = next(c for c in ref["transcribe"] if c["audio"] == "hello_16k_sox.wav")
assert j["prompt"] == case["prompt"] and [t["id"] for t in j["tokens"]] == case["tokens"]
assert j["language_detected"] is False and "language_probabilities" not in j and "words" not in j
PY

# Knocked-out heads: the model listens without its cross-attention (the JSON names what was knocked
# out, by section), and the same spec without a section is refused naming the three.
expect_exit 0 "transcribe with cross-attention off" -- "$bin" transcribe --model "$whisper" \
    --audio "$sounds/hello_16k_sox.wav" --language en --tokens 20 --ablate cross.1.attn,cross.2.attn \
    -o "$tmp/knocked.json"
$py - "$tmp/knocked.json" "$tmp/en.json" <<'PY' && ok || fail "transcribe --ablate: not recorded, or nothing changed"
import json, sys
k, plain = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert k["ablation"]["spec"] == "cross.1.attn,cross.2.attn", k["ablation"]
assert [x["section"] for x in k["ablation"]["attention_off"]] == ["cross", "cross"], k["ablation"]
assert k["prompt"] == plain["prompt"]
assert [t["id"] for t in k["tokens"]] != [t["id"] for t in plain["tokens"]] or \
    [t["probability"] for t in k["tokens"]] != [t["probability"] for t in plain["tokens"]]
assert "ablation" not in plain
PY
expect_exit 1 "--ablate without a section" -- "$bin" transcribe --model "$whisper" --audio "$sounds/hello_16k_sox.wav" \
    --ablate 1.2 -o "$tmp/x.json"
expect_stderr "cross" "--ablate without a section"

# dump --audio with a typed transcript: the audio object and three sections trimmed to the sound.
expect_exit 0 "dump --audio --target" -- "$bin" dump --model "$whisper" --audio "$sounds/ko_16k.wav" \
    --language ko --target " the cat, 집!" -o "$tmp/run.json"
$py - "$tmp/run.json" "$whisper/reference.json" <<'PY' && ok || fail "dump --audio: sections or audio wrong"
import json, sys
j, ref = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
case = next(c for c in ref["transcribe"] if c["typed"] is not None)
a = j["audio"]
assert j["format"] == "attnlab-run/1" and a["sample_rate"] == 16000
assert len(a["log_mel"]) == 80 and len(a["log_mel"][0]) == 200, (len(a["log_mel"]), len(a["log_mel"][0]))
F = case["frames"]
assert a["sound_frames"] == F and a["frames"] == 100 and a["transcript"] == " the cat, 집!"
names = [s["name"] for s in j["sections"]]
assert names == ["encoder", "decoder", "cross"], names
enc, dec, cross = j["sections"]
assert len(enc["tokens"]["queries"]) == F and enc["tokens"]["keys"][1]["seconds"] == [0.02, 0.04]
ids = [t["id"] for t in dec["tokens"]["queries"]]
assert ids == case["prompt"] + case["tokens"], ids  # no <|endoftext|> appended
assert len(cross["tokens"]["keys"]) == F
w = cross["layers"][1]["heads"][2]["weights"]
assert len(w) == len(ids) and len(w[0]) == F
assert [x["text"] for x in a["words"]] == [x["text"] for x in case["words"]]
PY

# --all-frames: the whole chunk kept (Hugging Face's output_attentions), 100 frames of the tiny
# model's 2 s chunk where 74 hold sound. The full chunk's numbers are the PyTorch golden's
# (test_whisper.cpp compares every frame); here the dump must be that pass: the default dump is its
# top-left block value for value, every row still sums to 1 over all 100 keys, and the words are
# timed over the frames that hold sound as before.
expect_exit 0 "dump --audio --all-frames" -- "$bin" dump --model "$whisper" --audio "$sounds/ko_16k.wav" \
    --language ko --target " the cat, 집!" --all-frames --weights-only -o "$tmp/all.json"
$py - "$tmp/all.json" "$tmp/run.json" <<'PY' && ok || fail "dump --audio --all-frames: not the whole chunk"
import json, sys
full, cut = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
F, S = cut["audio"]["sound_frames"], full["audio"]["frames"]
assert full["audio"]["sound_frames"] == F < S == 100, (F, S)
assert full["audio"]["words"] == cut["audio"]["words"]
enc, dec, cross = full["sections"]
assert len(enc["tokens"]["queries"]) == S and len(enc["tokens"]["keys"]) == S and len(cross["tokens"]["keys"]) == S
last = enc["tokens"]["keys"][S - 1]["seconds"]
assert abs(last[0] - 1.98) < 1e-9 and abs(last[1] - 2.0) < 1e-9, last
for name in ("encoder", "cross"):
    a = next(s for s in full["sections"] if s["name"] == name)
    b = next(s for s in cut["sections"] if s["name"] == name)
    for La, Lb in zip(a["layers"], b["layers"]):
        for ha, hb in zip(La["heads"], Lb["heads"]):
            wa, wb = ha["weights"], hb["weights"]
            assert len(wa[0]) == S and all(abs(sum(r) - 1) < 1e-4 for r in wa)
            assert all(wa[i][:F] == wb[i] for i in range(len(wb))), name
PY
expect_exit 1 "--all-frames without --audio" -- "$bin" dump --model "$models/tiny-gpt2" --text "hi" --all-frames -o "$tmp/x.json"
expect_stderr "all-frames goes with --audio" "--all-frames without --audio"

# --weights-only: the heads' weights alone.
expect_exit 0 "dump --audio --weights-only" -- "$bin" dump --model "$whisper" --audio "$sounds/ko_16k.wav" \
    --weights-only --compact -o "$tmp/small.json"
$py - "$tmp/small.json" <<'PY' && ok || fail "dump --weights-only: more than the weights"
import json, sys
j = json.load(open(sys.argv[1]))
for s in j["sections"]:
    assert "inputs" not in s
    for L in s["layers"]:
        assert "q" not in L and all(list(h) == ["weights"] for h in L["heads"])
PY

# export --view audio: the figure in three formats and the numbers, a word followed.
for f in png svg pdf csv; do
    expect_exit 0 "export --view audio .$f" -- "$bin" export --model "$whisper" --audio "$sounds/ko_16k.wav" \
        --language ko --target " the cat, 집!" --view audio --word 4 --lang ko -o "$tmp/audio.$f"
done
grep -q "듣기: 디코더가" "$tmp/audio.svg" && ok || fail "export --view audio: the Korean title is not in the SVG's text"
$py - "$tmp/audio.csv" <<'PY' && ok || fail "export --view audio: the CSV's rows"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8", newline="")))
assert rows[0][:5] == ["token", "word", "start_s", "end_s", "0.00"], rows[0][:5]
words = [r[1] for r in rows[1:]]
assert " 집" in words and " the" in words, words
for r in rows[1:]:
    assert all(0 <= float(v) <= 1 for v in r[4:])
PY
expect_exit 1 "export --view audio --word past the transcript" -- "$bin" export --model "$whisper" \
    --audio "$sounds/ko_16k.wav" --language ko --target " the cat, 집!" --view audio --word 9 -o "$tmp/y.png"
expect_stderr "Word 9 is out of range: the transcript has 5 words (1–5)." "export --view audio --word past the transcript"
expect_exit 1 "export --word outside the audio view" -- "$bin" export --model "$whisper" \
    --audio "$sounds/ko_16k.wav" --view heatmap --word 2 -o "$tmp/y.png"
expect_stderr "--word belongs to the audio view" "export --word outside the audio view"
expect_exit 1 "export --view audio with a text model" -- "$bin" export --model "$models/tiny-gpt2" --text "hi" \
    --view audio -o "$tmp/y.png"
expect_stderr "speech model's cross-attention over a recording" "export --view audio with a text model"
[ ! -e "$tmp/y.png" ] && ok || fail "a refused export wrote its output"

# Refusals: each a message and exit 1 (2: a required option missing).
expect_exit 1 "transcribe with a text model" -- "$bin" transcribe --model "$models/tiny-gpt2" \
    --audio "$sounds/ko_16k.wav" -o "$tmp/x.json"
expect_stderr "does not listen to sound" "transcribe with a text model"
expect_exit 1 "transcribe a file that is no sound" -- "$bin" transcribe --model "$whisper" \
    --audio "$sounds/broken_text.wav" -o "$tmp/x.json"
expect_stderr "is not a sound file AttnLab can read" "transcribe a file that is no sound"
expect_exit 1 "an unknown language" -- "$bin" transcribe --model "$whisper" --audio "$sounds/ko_16k.wav" \
    --language xx -o "$tmp/x.json"
expect_stderr 'does not know the language "xx". It knows en, ko.' "an unknown language"
expect_exit 2 "transcribe without --audio" -- "$bin" transcribe --model "$whisper" -o "$tmp/x.json"
expect_exit 1 "dump --audio with --text" -- "$bin" dump --model "$whisper" --audio "$sounds/ko_16k.wav" \
    --text "hello" -o "$tmp/x.json"
expect_stderr "audio replaces --text" "dump --audio with --text"
expect_exit 1 "dump a Whisper model with text" -- "$bin" dump --model "$whisper" --text "hello" -o "$tmp/x.json"
expect_stderr "listens to a recording" "dump a Whisper model with text"
[ ! -e "$tmp/x.json" ] && ok || fail "a refused run wrote its output"

# Issue 54: the refusal names what is really at fault. A recording given to a model that reads
# text is that model's problem (not "the text is empty", which sent the user to --text and back).
for m in tiny-gpt2 tiny-bert tiny-marian; do
    expect_exit 1 "dump --audio with $m" -- "$bin" dump --model "$models/$m" --audio "$sounds/ko_16k.wav" -o "$tmp/x.json"
    expect_stderr "does not listen to sound" "dump --audio with $m"
    grep -q "text is empty" "$tmp/err" && fail "dump --audio with $m: blames the text" || ok
done
# 319 samples at 16 kHz are 19.9 ms: never "20 ms long; needs at least 20 ms".
$py - "$tmp/short.wav" <<'PY'
import struct, sys, wave
with wave.open(sys.argv[1], "wb") as w:
    w.setnchannels(1); w.setsampwidth(2); w.setframerate(16000)
    w.writeframes(b"".join(struct.pack("<h", 3000 if i % 20 < 10 else -3000) for i in range(319)))
PY
expect_exit 1 "a 19.9 ms recording" -- "$bin" transcribe --model "$whisper" --audio "$tmp/short.wav" -o "$tmp/x.json"
expect_stderr "The recording is 19.9 ms long; .* needs at least 20 ms of sound." "a 19.9 ms recording"
# A suppress_tokens that forbids every id: refused at load (it wrote null probabilities).
cp -r "$whisper" "$tmp/suppress-all"
$py - "$tmp/suppress-all/generation_config.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1])); c["suppress_tokens"] = list(range(385)); json.dump(c, open(sys.argv[1], "w"))
PY
expect_exit 1 "suppress_tokens lists every id" -- "$bin" transcribe --model "$tmp/suppress-all" \
    --audio "$sounds/hello_16k_sox.wav" -o "$tmp/x.json"
expect_stderr "forbid all 385 token ids" "suppress_tokens lists every id"
# The decoders' own logging is ours to word: a damaged MP3 (libmpg123 printed 100+ lines of its own,
# even when the file decoded) is quiet, and a UTF-16 text named .wav gets one line, not libmpg123's
# "cannot seek!" and libsndfile's words about pipes.
$py - "$sounds/fox_16k.mp3" "$tmp/damaged.mp3" "$tmp/utf16.wav" <<'PY'
import random, sys
d = bytearray(open(sys.argv[1], "rb").read())
random.seed(3)
for _ in range(300):
    d[random.randrange(100, len(d))] = random.randrange(256)
open(sys.argv[2], "wb").write(d)
open(sys.argv[3], "wb").write("hello there".encode("utf-16"))
PY
"$bin" transcribe --model "$whisper" --audio "$tmp/damaged.mp3" --language en --tokens 4 -o "$tmp/d.json" 2>"$tmp/err"
[ ! -s "$tmp/err" ] && ok || { fail "a damaged MP3: the decoder's log reached stderr ($(wc -l <"$tmp/err") lines)"; head -3 "$tmp/err"; }
expect_exit 1 "a UTF-16 text named .wav" -- "$bin" transcribe --model "$whisper" --audio "$tmp/utf16.wav" -o "$tmp/x.json"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || fail "a UTF-16 text named .wav: not one line"
expect_stderr "its format is none libsndfile recognises" "a UTF-16 text named .wav"
grep -q "pipe" "$tmp/err" && fail "a UTF-16 text named .wav: speaks of pipes" || ok
[ ! -e "$tmp/x.json" ] && ok || fail "a refused run wrote its output"

echo "transcribe cli: $passed passed, $failed failed"
[ $failed -eq 0 ]
