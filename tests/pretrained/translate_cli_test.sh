#!/usr/bin/env bash
# `attnlab generate` on a translation model as a user meets it: the tiny Marian folder translated by
# beam search and greedily, checked against gen_tiny_marian.py's reference (reference.json), and
# the refusals (sampling, --chat, --beams on a decoder, an empty source); `attnlab export --view
# alignment` (figure and CSV); the tiny BART, T5 and mBART folders' generation and teacher-forced dumps
# (mBART both ways: --language / --target-language).
set -u
bin=${ATTNLAB:?set ATTNLAB to the attnlab binary}
py=/usr/bin/python3
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/test_lib.sh
. "$here/../test_lib.sh"
models=$here/../fixtures/pretrained/models
marian=$models/tiny-marian

# The folder's own search (generation_config.json: 4 beams): the reference's first beam setting.
expect_exit 0 "translate with the folder's beams" -- "$bin" generate --model "$marian" --text "He went home." \
    -o "$tmp/beams.json"
$py - "$tmp/beams.json" "$marian/reference.json" <<'PY' && ok || fail "beam translation: not the reference's"
import json, sys
j, ref = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
case = next(c for c in ref["cases"] if c["source"] == "He went home.")
want = case["beams"][0]
assert want["beams"] == 4 and j["search"]["mode"] == "beams" and j["search"]["beams"] == 4, j["search"]
assert [s["id"] for s in j["steps"]] == want["ids"], [s["id"] for s in j["steps"]]
assert abs(j["search"]["score"] - want["score"]) < 1e-4 * max(1, abs(want["score"])), j["search"]
assert j["search"]["finished"] is True
assert j["steps"][-1]["token"] == "</s>", j["steps"][-1]  # a special token by its piece, not ""
assert [t["id"] for t in j["source"]["tokens"]] == case["source_ids"]
S = len(case["source_ids"])
for s in j["steps"]:
    assert 0 < s["probability"] <= 1 and s["top"][0]["probability"] >= s["top"][-1]["probability"]
    if "cross_attention" in s:
        assert len(s["cross_attention"]) == 2  # decoder layers
        for layer in s["cross_attention"]:
            assert len(layer) == 4 and all(len(row) == S and abs(sum(row) - 1) < 1e-4 for row in layer)
assert sum("cross_attention" in s for s in j["steps"]) >= len(j["steps"]) - 1
tree = j["beam_tree"]
assert len(tree) >= 1 and all(len(step) <= 4 + 4 for step in tree)
assert all(n["parent"] >= 0 for step in tree for n in step)
PY

expect_exit 0 "translate greedily" -- "$bin" generate --model "$marian" --text "He went home." --beams 1 \
    --no-attention -o "$tmp/greedy.json"
$py - "$tmp/greedy.json" "$marian/reference.json" <<'PY' && ok || fail "greedy translation: not the reference's"
import json, sys
j, ref = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
case = next(c for c in ref["cases"] if c["source"] == "He went home.")
assert j["search"]["mode"] == "greedy" and "beam_tree" not in j
assert [s["id"] for s in j["steps"]] == case["greedy"], [s["id"] for s in j["steps"]]
assert all("cross_attention" not in s for s in j["steps"])
PY

# Other settings of the reference: 3 beams, length penalty 0 (as config, not as options: the folder's
# generation_config.json copied with the field changed).
cp -r "$marian" "$tmp/m3"
$py - "$tmp/m3/generation_config.json" <<'PY'
import json, sys
g = json.load(open(sys.argv[1])); g["length_penalty"] = 0.0; g["num_beams"] = 3
json.dump(g, open(sys.argv[1], "w"))
PY
expect_exit 0 "translate with 3 beams, length penalty 0" -- "$bin" generate --model "$tmp/m3" --text "He went home." \
    -o "$tmp/b3.json"
$py - "$tmp/b3.json" "$marian/reference.json" <<'PY' && ok || fail "3 beams, penalty 0: not the reference's"
import json, sys
j, ref = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
case = next(c for c in ref["cases"] if c["source"] == "He went home.")
want = next(b for b in case["beams"] if b["beams"] == 3 and b["length_penalty"] == 0.0)
assert [s["id"] for s in j["steps"]] == want["ids"], ([s["id"] for s in j["steps"]], want["ids"])
PY

expect_exit 0 "translate at most 4 tokens" -- "$bin" generate --model "$marian" --text "He went home." --tokens 4 \
    -o "$tmp/short.json"
$py - "$tmp/short.json" <<'PY' && ok || fail "--tokens 4: more tokens or no forced </s>"
import json, sys
j = json.load(open(sys.argv[1]))
ids = [s["id"] for s in j["steps"]]
assert 1 <= len(ids) <= 4 and ids[-1] == 0, ids
PY

expect_exit nonzero "sampling refused" -- "$bin" generate --model "$marian" --text "He went home." --temperature 0.7 \
    -o "$tmp/x.json"
expect_stderr "not by sampling" "sampling refused"
expect_exit nonzero "chat refused" -- "$bin" generate --model "$marian" --text "He went home." --chat -o "$tmp/x.json"
expect_stderr "chat" "chat refused"
expect_exit nonzero "empty source" -- "$bin" generate --model "$marian" --text "" -o "$tmp/x.json"
expect_stderr "empty" "empty source"
expect_exit nonzero "--beams on a decoder" -- "$bin" generate --model "$models/tiny-gpt2" --text "the cat" --beams 2 \
    -o "$tmp/x.json"
expect_stderr "translation models" "--beams on a decoder"
expect_exit nonzero "--beams out of range" -- "$bin" generate --model "$marian" --text "He went home." --beams 65 \
    -o "$tmp/x.json"
[ ! -e "$tmp/x.json" ] && ok || fail "a refused translation left $tmp/x.json behind"

# The alignment figure and its CSV from the run's cross-attention section.
for f in pdf svg png; do
    expect_exit 0 "export alignment $f" -- "$bin" export --model "$marian" --text "He went home." \
        --target "그는 집에 갔다." --view alignment --mean-heads --lang ko -o "$tmp/align.$f"
    [ -s "$tmp/align.$f" ] && ok || fail "export alignment $f: empty"
done
expect_exit 0 "export alignment csv" -- "$bin" export --model "$marian" --text "He went home." \
    --target "그는 집에 갔다." --view alignment --layer 2 --head 3 -o "$tmp/align.csv"
$py - "$tmp/align.csv" <<'PY' && ok || fail "alignment CSV: not target words x source words summing to 1"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], encoding="utf-8")))
assert rows[0] == ["", "He", "went", "home", ".", "</s>"], rows[0]
# Rows are named by what they write: the row reading <pad> writes 그는, the last one </s>.
assert [r[0] for r in rows[1:]] == ["그는", "집에", "갔다", ".", "</s>"], [r[0] for r in rows[1:]]
assert all(abs(sum(map(float, r[1:])) - 1) < 1e-5 for r in rows[1:])
PY
expect_exit nonzero "alignment of a decoder" -- "$bin" export --model "$models/tiny-gpt2" --text "a b" --view alignment \
    -o "$tmp/x.png"
expect_stderr "cross-attention" "alignment of a decoder"
expect_exit nonzero "--pieces without the alignment view" -- "$bin" export --model "$marian" --text "He went home." \
    --pieces -o "$tmp/x.png"
expect_stderr "alignment view" "--pieces without the alignment view"

# BART: <s> forced first (a control token, certain: probability 1, left out of the text), the
# folder's beam search as gen_tiny_bart.py's reference writes it.
bart=$models/tiny-bart
expect_exit 0 "BART: translate with the folder's beams" -- "$bin" generate --model "$bart" \
    --text "Time flies like an arrow." -o "$tmp/bart.json"
$py - "$tmp/bart.json" "$bart/reference.json" <<'PY' && ok || fail "BART generation: not the reference's"
import json, sys
j, ref = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
case = next(c for c in ref["cases"] if c["source"] == "Time flies like an arrow.")
want = case["beams"][0]
assert j["model"]["family"] == "BART" and j["search"]["beams"] == 4, j["search"]
assert [s["id"] for s in j["steps"]] == want["ids"], [s["id"] for s in j["steps"]]
assert abs(j["search"]["score"] - want["score"]) < 1e-4 * max(1, abs(want["score"])), j["search"]
assert [t["id"] for t in j["source"]["tokens"]] == case["source_ids"]
assert j["steps"][0]["token"] == "<s>" and j["steps"][0]["probability"] == 1, j["steps"][0]
assert "<s>" not in j["generated_text"] and "</s>" not in j["generated_text"], j["generated_text"]
PY
expect_exit 0 "BART: teacher-forced dump" -- "$bin" dump --model "$bart" --text "The cat <mask> on the mat." \
    --target "The cat sat on the mat." -o "$tmp/bart_dump.json"
$py - "$tmp/bart_dump.json" "$bart/reference.json" <<'PY' && ok || fail "BART dump: not the reference's ids"
import json, sys
j, ref = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
case = next(c for c in ref["cases"] if c["name"] == "mask")
sec = {s["name"]: s for s in j["sections"]}
assert [t["id"] for t in sec["encoder"]["tokens"]["queries"]] == case["source_ids"]
assert [t["id"] for t in sec["decoder"]["tokens"]["queries"]] == case["decoder_input_ids"]
assert [t["id"] for t in sec["cross"]["tokens"]["keys"]] == case["source_ids"]
PY

# T5: no ÷√d_k by default (the dump's factor is 1, the weights are the reference's), the folder's
# beams, a sentinel typed in the source and named in the output; --scale-scores is the experiment.
t5=$models/tiny-t5
expect_exit 0 "T5: teacher-forced dump" -- "$bin" dump --model "$t5" --text "The <extra_id_0> walks in <extra_id_1> park." \
    --target "<extra_id_0> old man <extra_id_1> the <extra_id_2>" -o "$tmp/t5_dump.json"
$py - "$tmp/t5_dump.json" "$t5/reference.json" <<'PY' && ok || fail "T5 dump: not the reference's"
import json, sys
j, ref = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
case = next(c for c in ref["cases"] if c["name"] == "sentinel")
assert case["source"] == "The <extra_id_0> walks in <extra_id_1> park.", case["source"]
sec = {s["name"]: s for s in j["sections"]}
q = sec["encoder"]["tokens"]["queries"]
assert [t["id"] for t in q] == case["source_ids"]
assert "<extra_id_0>" in [t["text"] for t in q], [t["text"] for t in q]
assert [t["id"] for t in sec["decoder"]["tokens"]["queries"]] == case["decoder_input_ids"]
S, T = len(case["source_ids"]), len(case["decoder_input_ids"])
worst = 0
for name, key, rows, cols in (("encoder", "encoder_attentions", S, S), ("decoder", "decoder_attentions", T, T),
                              ("cross", "cross_attentions", T, S)):
    for l, layer in enumerate(sec[name]["layers"]):
        for h, head in enumerate(layer["heads"]):
            got = [v for row in head["weights"] for v in row]
            worst = max(worst, max(abs(a - b) for a, b in zip(got, case[key][l][h])))
assert worst < 1e-4, worst
PY
expect_exit 0 "T5: --scale-scores changes the weights" -- "$bin" dump --model "$t5" --text "He went home." \
    --target "그는 집에 갔다." --scale-scores -o "$tmp/t5_scaled.json"
expect_exit 0 "T5: the model's own scaling" -- "$bin" dump --model "$t5" --text "He went home." \
    --target "그는 집에 갔다." -o "$tmp/t5_own.json"
$py - "$tmp/t5_own.json" "$tmp/t5_scaled.json" <<'PY' && ok || fail "T5: --scale-scores is not the experiment"
import json, sys
own, scaled = (json.load(open(p)) for p in sys.argv[1:3])
a = own["sections"][0]["layers"][0]["heads"][0]["weights"]
b = scaled["sections"][0]["layers"][0]["heads"][0]["weights"]
assert max(abs(x - y) for ra, rb in zip(a, b) for x, y in zip(ra, rb)) > 1e-2
PY
expect_exit 0 "T5: translate with the folder's beams" -- "$bin" generate --model "$t5" --text "He went home." \
    -o "$tmp/t5_gen.json"
$py - "$tmp/t5_gen.json" "$t5/reference.json" <<'PY' && ok || fail "T5 generation: not the reference's"
import json, sys
j, ref = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
case = next(c for c in ref["cases"] if c["source"] == "He went home.")
want = case["beams"][0]
assert j["model"]["family"] == "T5" and j["search"]["beams"] == 4, j["search"]
assert [s["id"] for s in j["steps"]] == want["ids"], [s["id"] for s in j["steps"]]
assert abs(j["search"]["score"] - want["score"]) < 1e-4 * max(1, abs(want["score"])), j["search"]
PY
expect_exit nonzero "T5: --no-scale and --scale-scores together" -- "$bin" dump --model "$t5" --text "x" \
    --no-scale --scale-scores -o "$tmp/x.json"

# Knock-outs named by section: the knocked-out model's greedy translation is PyTorch's
# (gen_knockout_reference.py), and the refusals name what is wrong.
for k in "cross.1.1,cross.2.2 mean" "cross.1.attn,cross.2.attn zero" "enc.1.1,dec.1.2,cross.2.1 zero"; do
    set -- $k
    expect_exit 0 "knock-out $1 ($2): translate" -- "$bin" generate --model "$marian" --text "He went home." \
        --beams 1 --ablate "$1" --ablation "$2" --no-attention -o "$tmp/knock.json"
    $py - "$tmp/knock.json" "$marian/knockout_reference.json" "$1" "$2" <<'PY' && ok || fail "knock-out $1 ($2): not PyTorch's"
import json, sys
j, ref, spec, mode = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3], sys.argv[4]
want = next(g for g in ref["greedy"] if g["spec"] == spec and g["mode"] == mode)
assert [s["id"] for s in j["steps"]] == want["ids"], ([s["id"] for s in j["steps"]], want["ids"])
assert j["ablation"]["mode"] == mode and j["ablation"]["spec"] != "", j["ablation"]
PY
done
expect_exit nonzero "knock-out without a section" -- "$bin" generate --model "$marian" --text "He went home." \
    --ablate 1.2 -o "$tmp/x.json"
expect_stderr "name the section first" "knock-out without a section"
expect_exit nonzero "knock-out of a cross MLP" -- "$bin" generate --model "$marian" --text "He went home." \
    --ablate cross.1.mlp -o "$tmp/x.json"
expect_stderr "no MLP of its own" "knock-out of a cross MLP"
expect_exit nonzero "generate --ablate on a decoder" -- "$bin" generate --model "$models/tiny-gpt2" --text "a b" \
    --ablate 1.1 -o "$tmp/x.json"
expect_stderr "predict --ablate" "generate --ablate on a decoder"

# The decoder's logit lens over the model's own translation (the folder's search), knock-outs too.
expect_exit 0 "lens of a translation model" -- "$bin" lens --model "$marian" --text "He went home." --top 3 \
    --ablate cross.2.1 -o "$tmp/lens.json"
expect_exit 0 "the same translation, for comparison" -- "$bin" generate --model "$marian" --text "He went home." \
    --ablate cross.2.1 --no-attention -o "$tmp/lens_gen.json"
$py - "$tmp/lens.json" "$tmp/lens_gen.json" "$marian/config.json" <<'PY' && ok || fail "lens of a translation model"
import json, sys
lens, gen, config = (json.load(open(p)) for p in sys.argv[1:4])
written = [s["id"] for s in gen["steps"]]
if written and written[-1] == config["eos_token_id"]:
    written = written[:-1]
assert [t["id"] for t in lens["tokens"]] == [config["decoder_start_token_id"]] + written, lens["tokens"]
assert len(lens["layers"]) == config["decoder_layers"] + 1 and lens["layers"][0].get("embeddings"), len(lens["layers"])
assert lens["source"]["tokens"][-1]["token"] == "</s>" and lens["ablation"]["spec"] == "cross.2.1"
assert all(len(p["top"]) == 3 for l in lens["layers"] for p in l["positions"])
PY
expect_exit 0 "lens of T5" -- "$bin" lens --model "$t5" --text "He went home." --top 1 --no-embeddings -o "$tmp/t5_lens.json"

# Head roles of a translation model's encoder and decoder; cross-attention is refused with why.
expect_exit 0 "heads of the decoder" -- "$bin" heads --model "$marian" --text "He went home." --section decoder \
    -o "$tmp/heads.json"
$py - "$tmp/heads.json" "$marian/config.json" <<'PY' && ok || fail "heads of the decoder"
import json, sys
j, config = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert j["section"] == "decoder", j.get("section")
assert len(j["probe"]) > 0 and j["model"]["family"] == "Marian", j["model"]
PY
expect_exit nonzero "heads of cross-attention" -- "$bin" heads --model "$marian" --section cross -o "$tmp/x.csv"
expect_stderr "two texts" "heads of cross-attention"
expect_exit nonzero "--section on one stack" -- "$bin" heads --model "$models/tiny-gpt2" --section decoder -o "$tmp/x.csv"
expect_stderr "translation models" "--section on one stack"

# A speech model has no text to translate: a message naming transcribe, never a crash.
expect_exit nonzero "generate on a speech model" -- "$bin" generate --model "$models/tiny-whisper" --text "hi" \
    -o "$tmp/x.json"
expect_stderr "attnlab transcribe" "generate on a speech model"

# mBART-50: the folder's direction (en_XX -> ko_KR), and the other way with --language / --target-language;
# greedy as the reference writes it (the target's code first), the sections' ids framed by language.
mbart=$models/tiny-mbart
expect_exit 0 "mBART greedy, the folder's way" -- "$bin" generate --model "$mbart" --text "He went home." --beams 1 \
    --no-attention -o "$tmp/mbart_en.json"
expect_exit 0 "mBART greedy, ko_KR -> en_XX" -- "$bin" generate --model "$mbart" --text "집이 크다." --beams 1 \
    --language ko_KR --target-language en_XX --no-attention -o "$tmp/mbart_ko.json"
expect_exit 0 "mBART dump, ko_KR -> en_XX" -- "$bin" dump --model "$mbart" --text "집이 크다." --language ko_KR \
    --target-language en_XX --target "$($py -c 'import json,sys; print(next(c["target"] for c in json.load(open(sys.argv[1]))["cases"] if c["name"] == "ko_en"))' "$mbart/reference.json")" \
    -o "$tmp/mbart_dump.json"
$py - "$tmp/mbart_en.json" "$tmp/mbart_ko.json" "$tmp/mbart_dump.json" "$mbart/reference.json" <<'PY' && ok || fail "mBART: not the reference's"
import json, sys
en, ko, dump, ref = (json.load(open(p)) for p in sys.argv[1:5])
cases = {c["name"]: c for c in ref["cases"]}
assert [s["id"] for s in en["steps"]] == cases["short"]["greedy"], [s["id"] for s in en["steps"]]
assert [s["id"] for s in ko["steps"]] == cases["ko_en"]["greedy"], [s["id"] for s in ko["steps"]]
assert ko["steps"][0]["id"] == ref["lang_codes"]["en_XX"]
assert [t["id"] for t in ko["source"]["tokens"]] == cases["ko_en"]["source_ids"]
sections = {s["name"]: s for s in dump["sections"]}
assert [t["id"] for t in sections["encoder"]["tokens"]["queries"]] == cases["ko_en"]["source_ids"]
assert [t["id"] for t in sections["decoder"]["tokens"]["queries"]] == cases["ko_en"]["decoder_input_ids"]
PY
expect_exit nonzero "mBART: a language it does not know" -- "$bin" generate --model "$mbart" --text "x" \
    --target-language fr_XX -o "$tmp/x.json"
expect_stderr "en_XX, ko_KR" "mBART: a language it does not know"
expect_exit nonzero "--target-language on BART" -- "$bin" dump --model "$models/tiny-bart" --text "x" \
    --target-language ko_KR -o "$tmp/x.json"
expect_stderr "does not choose languages" "--target-language on BART"
expect_exit nonzero "--language on the built-in model" -- "$bin" dump --text "x" --language ko_KR -o "$tmp/x.json"
expect_stderr "go with --model" "--language on the built-in model"

# Unknown words: MarianTokenizer reads "☃" as <unk> (the reference's "unknown" case); generate lists
# it and flags its token, dump flags the encoder's and the cross section's token.
expect_exit 0 "a source with a word the vocabulary lacks" -- "$bin" generate --model "$marian" \
    --text "I like snow ☃." -o "$tmp/unk.json"
expect_exit 0 "its dump" -- "$bin" dump --model "$marian" --text "I like snow ☃." --weights-only -o "$tmp/unk-dump.json"
$py - "$tmp/unk.json" "$tmp/unk-dump.json" "$marian/reference.json" <<'PY' && ok || fail "unknown words: not marked as MarianTokenizer reads them"
import json, sys
g, d, ref = (json.load(open(p)) for p in sys.argv[1:4])
case = next(c for c in ref["cases"] if c["name"] == "unknown")
unk = [i for i, t in enumerate(case["source_ids"]) if t == 1]  # <unk> is id 1 in vocab.json
assert len(unk) == 1, unk
assert [i for i, t in enumerate(g["source"]["tokens"]) if t.get("unknown")] == unk, g["source"]
assert g["source"]["unknown_words"] == ["☃"], g["source"]["unknown_words"]
sections = {s["name"]: s for s in d["sections"]}
enc, cross, dec = sections["encoder"], sections["cross"], sections["decoder"]
assert [i for i, t in enumerate(enc["tokens"]["queries"]) if t.get("unknown")] == unk
assert enc["tokens"]["unknown_words"] == {"queries": ["☃"], "keys": ["☃"]}, enc["tokens"]["unknown_words"]
assert cross["tokens"]["unknown_words"] == {"queries": [], "keys": ["☃"]}, cross["tokens"]["unknown_words"]
assert "unknown_words" not in dec["tokens"]
PY
expect_exit 0 "a source the vocabulary covers" -- "$bin" generate --model "$marian" --text "He went home." -o "$tmp/known.json"
$py -c 'import json,sys; j=json.load(open(sys.argv[1])); assert j["source"]["unknown_words"] == [] and not any(t.get("unknown") for t in j["source"]["tokens"])' \
    "$tmp/known.json" && ok || fail "a known source: something marked unknown"

echo "translate cli: $passed passed, $failed failed"
[ $failed -eq 0 ]
