#!/usr/bin/python3
"""hostile_corpus.py — a hostile classroom for the speech and translation readers (issue 54): hundreds
of damaged recordings, absurd config values and wrong option combinations, each run through the real
binary. Every case must end with exit 0 or the README's code for it (1 bad input, 2 usage), never a
signal or a hang; a refusal is one line on stderr naming what is wrong; nothing is written on stdout
(libsndfile's SDS reader printf()s there: `-o -` would be damaged); a refused run writes no output
file; nothing is left in the run's TMPDIR. Prints the counts, the slowest case and the peak memory.

  ATTNLAB=build/app/attnlab FORMS=build/tests/fuzz/attnlab_audio_forms hostile_corpus.py [--only KIND] [--show]

KIND: recordings, configs, options. HOSTILE_EVERY=N runs every Nth case of each kind. The corpus is made fresh in a temporary folder each run:
  recordings  every form libsndfile writes (attnlab_audio_forms) and the MP3/Ogg/FLAC/WAV fixtures, each
              damaged five ways (cut in half, only its header, header bytes flipped, header's size fields
              set to 0xFFFFFFFF, its middle replaced by noise), through `transcribe` with tiny-whisper
  configs     every number and switch in the config.json, generation_config.json and
              preprocessor_config.json of tiny-t5, tiny-marian, tiny-bart, tiny-mbart and tiny-whisper set
              to 0, -1, 2^31, 1e300 and a string, through `dump` (text) or `transcribe` (speech)
  options     options that do not go together or have no sense (the table below)
Standard library only.
"""
import concurrent.futures
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS = os.path.join(HERE, "..", "fixtures", "pretrained", "models")
AUDIO = os.path.join(HERE, "..", "audio", "fixtures")
ATTNLAB = os.environ.get("ATTNLAB") or sys.exit("set ATTNLAB to the attnlab binary")
FORMS = os.environ.get("FORMS") or sys.exit("set FORMS to the attnlab_audio_forms binary")
SHOW = "--show" in sys.argv  # print every refusal (to read the messages)
HANG = 120  # seconds: a guard against a loop that never ends, not a speed check (the summary gives times)


class Case:
    def __init__(self, kind, name, args, want=(0, 1)):
        self.kind, self.name, self.args, self.want = kind, name, args, want


def damaged(data, how, rng):
    """The recording's bytes damaged one way."""
    n = len(data)
    if how == "half":
        return data[: n // 2]
    if how == "header":
        return data[: min(64, max(1, n // 4))]
    b = bytearray(data)
    if how == "flip":
        for at in rng.sample(range(min(64, n)), min(8, n)):
            b[at] ^= 0xFF
    elif how == "sizes":  # RIFF's and most headers' length fields sit at these offsets
        for at in (4, 8, 16, 24, 28, 40):
            if at + 4 <= n:
                b[at : at + 4] = b"\xff\xff\xff\xff"
    elif how == "noise":
        lo, hi = n // 4, 3 * n // 4
        b[lo:hi] = bytes(rng.getrandbits(8) for _ in range(hi - lo))
    return bytes(b)


def recording_cases(work):
    forms = os.path.join(work, "forms")
    os.makedirs(forms)
    subprocess.run([FORMS, forms], check=True, stdout=subprocess.DEVNULL)
    originals = sorted(os.path.join(forms, f) for f in os.listdir(forms))
    originals += [os.path.join(AUDIO, f) for f in ("fox_16k.mp3", "fox_16k.ogg", "hello_22k_stereo_24bit.flac", "ko_16k.wav")]
    out_dir = os.path.join(work, "recordings")
    os.makedirs(out_dir)
    model = os.path.join(MODELS, "tiny-whisper")
    cases = []
    for path in originals:
        data = open(path, "rb").read()
        base = os.path.basename(path)
        rng = random.Random(base)
        for how in ("half", "header", "flip", "sizes", "noise"):
            stem, ext = os.path.splitext(base)
            damaged_path = os.path.join(out_dir, f"{stem}-{how}{ext}")
            with open(damaged_path, "wb") as f:
                f.write(damaged(data, how, rng))
            cases.append(Case("recordings", f"{base} {how}", ["transcribe", "--model", model, "--audio", damaged_path]))
    return cases


ABSURD = [0, -1, 2**31, 1e300, "x"]


def leaves(obj, prefix=()):
    """(path, value) of every number and bool in a JSON object (nested objects too; lists as one leaf)."""
    for k, v in obj.items():
        if isinstance(v, dict):
            yield from leaves(v, prefix + (k,))
        elif isinstance(v, (bool, int, float)) or (isinstance(v, list) and all(isinstance(x, (int, float)) for x in v)):
            yield prefix + (k,), v


def set_leaf(obj, path, value):
    for k in path[:-1]:
        obj = obj[k]
    obj[path[-1]] = value


def config_cases(work):
    cases = []
    for model in ("tiny-t5", "tiny-marian", "tiny-bart", "tiny-mbart", "tiny-whisper"):
        src = os.path.join(MODELS, model)
        speech = model == "tiny-whisper"
        for file in ("config.json", "generation_config.json", "preprocessor_config.json"):
            if not os.path.exists(os.path.join(src, file)):
                continue
            original = json.load(open(os.path.join(src, file)))
            for path, _ in leaves(original):
                for value in ABSURD:
                    folder = os.path.join(work, "configs", f"{model}-{file[:-5]}-{'.'.join(path)}-{value}")
                    os.makedirs(folder)
                    for f in os.listdir(src):  # the other files as they are (links: nothing copied)
                        if f != file:
                            os.symlink(os.path.join(src, f), os.path.join(folder, f))
                    changed = json.loads(json.dumps(original))
                    set_leaf(changed, path, value)
                    with open(os.path.join(folder, file), "w") as f:
                        json.dump(changed, f)
                    what = f"{model} {file} {'.'.join(path)} = {value}"
                    if speech:
                        args = ["transcribe", "--model", folder, "--audio", os.path.join(AUDIO, "fox_16k.wav")]
                    else:
                        args = ["dump", "--model", folder, "--text", "hello world", "--target", "hi"]
                    cases.append(Case("configs", what, args))
    return cases


def option_cases(work):
    m = lambda name: os.path.join(MODELS, name)
    wav = os.path.join(AUDIO, "fox_16k.wav")
    mp3 = os.path.join(AUDIO, "fox_16k.mp3")
    rows = [
        # (want, args)
        (1, ["transcribe", "--model", m("tiny-marian"), "--audio", wav]),
        (1, ["transcribe", "--model", m("tiny-gpt2"), "--audio", wav]),
        (1, ["transcribe", "--model", m("tiny-whisper"), "--audio", os.path.join(work, "missing.wav")]),
        (1, ["transcribe", "--model", m("tiny-whisper"), "--audio", work]),
        (1, ["transcribe", "--model", m("tiny-whisper"), "--audio", "/dev/null"]),
        (1, ["transcribe", "--model", m("tiny-whisper"), "--audio", wav, "--language", "xx"]),
        (0, ["transcribe", "--model", m("tiny-whisper"), "--audio", wav, "--language", ""]),  # "" = detected
        (1, ["transcribe", "--model", m("tiny-whisper"), "--audio", wav, "--language", "한국어"]),
        (1, ["transcribe", "--model", os.path.join(work, "no-model"), "--audio", wav]),
        (1, ["dump", "--model", m("tiny-gpt2"), "--audio", wav]),
        (1, ["dump", "--model", m("tiny-bert"), "--audio", wav, "--text", "hi"]),
        (1, ["dump", "--model", m("tiny-whisper"), "--audio", wav, "--text", "hi"]),
        (1, ["dump", "--model", m("tiny-whisper"), "--text", "hi"]),
        (1, ["dump", "--model", m("tiny-marian"), "--text", "hi", "--all-frames"]),
        (1, ["dump", "--model", m("tiny-marian"), "--text", "", "--target", "hi"]),
        (1, ["dump", "--model", m("tiny-marian"), "--text", "\udcff"]),
        (1, ["dump", "--model", m("tiny-gpt2"), "--text", "hi", "--target", "there"]),
        (1, ["dump", "--model", m("tiny-vit"), "--text", "hi"]),
        (1, ["dump", "--model", m("tiny-whisper"), "--audio", mp3, "--language", "zz"]),
        (1, ["generate", "--model", m("tiny-marian"), "--text", "hi", "--temperature", "0.7"]),
        (1, ["generate", "--model", m("tiny-marian"), "--text", "hi", "--beams", "65"]),
        (1, ["generate", "--model", m("tiny-marian"), "--text", "hi", "--beams", "-1"]),
        (1, ["generate", "--model", m("tiny-marian"), "--text", "hi", "--chat"]),
        (1, ["generate", "--model", m("tiny-marian"), "--text", "hi", "--ablate", "enc.9.9"]),
        (1, ["generate", "--model", m("tiny-marian"), "--text", "hi", "--ablate", "L1H1"]),
        (1, ["generate", "--model", m("tiny-t5"), "--text", "hi", "--ablate", "cross.1.99"]),
        (1, ["generate", "--model", m("tiny-whisper"), "--text", "hi"]),
        (1, ["generate", "--model", m("tiny-gpt2"), "--text", "hi", "--tokens", "-3"]),
        (1, ["generate", "--model", m("tiny-gpt2"), "--text", "hi", "--tokens", "abc"]),
        (1, ["generate", "--model", m("tiny-gpt2"), "--text", "hi", "--beams", "2"]),
        (1, ["generate", "--model", m("tiny-mbart"), "--text", "hi", "--target-language", "xx_XX"]),
        (1, ["generate", "--model", m("tiny-marian"), "--text", "hi", "--target-language", "ko_KR"]),
        (0, ["generate", "--model", m("tiny-mbart"), "--text", "hi", "--language", "en_XX", "--target-language", ""]),
        (1, ["dump", "--model", m("tiny-mbart"), "--text", "hi", "--target", "hi", "--language", "zz"]),
        (1, ["lens", "--model", m("tiny-whisper"), "--text", "hi"]),
        (1, ["lens", "--model", m("tiny-marian"), "--text", "hi", "--ablate", "9.9"]),
        (1, ["lens", "--model", m("tiny-t5"), "--text", "hi", "--top", "0"]),
        (1, ["dump", "--model", m("tiny-whisper"), "--audio", wav, "--translate", "--language", "ko", "--max-tokens", "0"]),
        (0, ["dump", "--model", m("tiny-t5"), "--text", "hi", "--target", "hi", "--causal", "--window", "1"]),  # masks: an experiment
        (1, ["dump", "--model", m("tiny-marian"), "--text", "hi", "--translate"]),
        (2, ["transcribe", "--model", m("tiny-whisper")]),
        (2, ["transcribe", "--audio", wav]),
        (2, ["transcribe", "--model", m("tiny-whisper"), "--audio"]),
        (2, ["dump", "--model", m("tiny-marian"), "--text", "hi", "--no-such-option"]),
        (2, ["generate", "--model", m("tiny-marian")]),
        (2, ["no-such-command"]),
    ]
    return [Case("options", " ".join(os.path.basename(a) if a.startswith("/") else a for a in args), args, (want,))
            for want, args in rows]


def run(case, work, index):
    tmp = os.path.join(work, "tmp", str(index))
    os.makedirs(tmp)
    out = os.path.join(work, "out", f"{index}.json")
    env = dict(os.environ, TMPDIR=tmp, LANG="C.UTF-8")
    started = time.monotonic()
    try:
        # Bytes, so a case whose text is not valid UTF-8 reaches the binary as it is.
        args = [a.encode("utf-8", "surrogateescape") for a in [ATTNLAB] + case.args + ["-o", out]]
        p = subprocess.run(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=HANG)
        code, err, out_text = p.returncode, p.stderr.decode("utf-8", "replace"), p.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return case, None, f"did not finish in {HANG} s (a hang)", HANG
    seconds = time.monotonic() - started
    problems = []
    if code < 0:
        problems.append(f"killed by signal {-code}")
    elif code not in case.want:
        problems.append(f"exit {code}, expected {' or '.join(map(str, case.want))}")
    lines = err.splitlines()
    if code != 0 and len(lines) != 1:
        problems.append(f"{len(lines)} lines on stderr, expected 1")
    if out_text:  # the output goes to -o; a library printing on stdout would damage `-o -`
        problems.append(f"wrote on stdout: {out_text[:80]!r}")
    if code != 0 and os.path.exists(out):
        problems.append("a refused run wrote its output file")
    if code == 0:
        try:
            json.load(open(out))
        except (OSError, ValueError) as e:
            problems.append(f"exit 0 but the output is not JSON ({e})")
    if os.listdir(tmp):
        problems.append(f"left {sorted(os.listdir(tmp))} in TMPDIR")
    if SHOW and code != 0:
        print(f"[{case.kind}] {case.name}: exit {code}: {err.strip()}", flush=True)
    if problems:
        return case, code, "; ".join(problems) + "\n    stderr: " + "\n    ".join(lines[:5]), seconds
    return case, code, None, seconds


def main():
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    work = tempfile.mkdtemp(prefix="attnlab-hostile.")
    try:
        os.makedirs(os.path.join(work, "out"))
        cases = []
        for kind, make in (("recordings", recording_cases), ("configs", config_cases), ("options", option_cases)):
            if only in (None, kind):
                made = make(work)
                # HOSTILE_EVERY=N: every Nth case of each kind (the sanitizer build's share of CI's time)
                cases += made[:: max(1, int(os.environ.get("HOSTILE_EVERY", "1")))]
        jobs = os.cpu_count() or 2
        results = []
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            for r in pool.map(lambda ic: run(ic[1], work, ic[0]), enumerate(cases)):
                results.append(r)
        failed = [(c, why) for c, _, why, _ in results if why]
        for c, why in failed:
            print(f"FAIL [{c.kind}] {c.name}: {why}")
        by_kind = {}
        for c, code, _, secs in results:
            k = by_kind.setdefault(c.kind, {"cases": 0, "ok": 0, "refused": 0, "usage": 0, "slowest": (0.0, "")})
            k["cases"] += 1
            if code == 0:
                k["ok"] += 1
            elif code == 1:
                k["refused"] += 1
            elif code == 2:
                k["usage"] += 1
            if secs > k["slowest"][0]:
                k["slowest"] = (secs, c.name)
        for kind, k in by_kind.items():
            print(f"{kind}: {k['cases']} cases: {k['ok']} ran, {k['refused']} refused (exit 1), {k['usage']} usage (exit 2); "
                  f"slowest {k['slowest'][0]:.2f} s ({k['slowest'][1]})")
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"hostile corpus: {len(results)} cases, {len(failed)} failed; peak memory of one run {peak:.0f} MiB")
        return 1 if failed else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
