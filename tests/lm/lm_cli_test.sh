#!/usr/bin/env bash
# `attnlab generate / predict / heads` as a user meets them: real runs on the tiny models checked
# with Python's json/csv, and the error paths (non-zero exit, a message, no file left behind).
set -u
bin=${ATTNLAB:?set ATTNLAB to the attnlab binary}
py=/usr/bin/python3
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/test_lib.sh
. "$here/../test_lib.sh"
models=$here/../fixtures/pretrained/models
lmfix=$here/../fixtures/lm

expect_exit 0 "help lists the commands" -- "$bin" --help
grep -q "generate" "$tmp/out" && grep -q "predict" "$tmp/out" && grep -q "heads" "$tmp/out" && ok ||
    fail "--help does not list generate/predict/heads"

# The rotary decoders through the same commands: generate gives the torch reference's greedy tokens
# (gen_tiny_llama.py), predict and dump name the family, dump records each query head's K/V head.
for family in llama qwen2 qwen3 mistral; do
    want=$($py -c "
import json; g = json.load(open('$models/tiny-$family/reference.json'))['generate']; print(' '.join(map(str, g['tokens'])))")
    expect_exit 0 "generate $family" -- "$bin" generate --model "$models/tiny-$family" --text "the cat" --tokens 8 \
        -o "$tmp/$family.json"
    $py - "$tmp/$family.json" "$want" <<'PY' && ok || fail "generate $family: not the reference's tokens"
import json, sys
j = json.load(open(sys.argv[1]))
assert [s["id"] for s in j["steps"]] == [int(x) for x in sys.argv[2].split()], [s["id"] for s in j["steps"]]
PY
done
expect_exit 0 "dump qwen3" -- "$bin" dump --model "$models/tiny-qwen3" --text "the cat sat on the mat" -o "$tmp/q3.json"
$py - "$tmp/q3.json" <<'PY' && ok || fail "dump qwen3: family, head_dim or kv_head wrong"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["model"]["family"] == "Qwen3" and j["model"]["d_k"] == 16, j["model"]
layer = j["layers"][0]
assert layer["d_k"] == 16 and layer["n_kv_heads"] == 2 and layer["kv_head"] == [0, 0, 1, 1], layer.get("kv_head")
PY

# --chat: the text as one user turn in the folder's chat format. tiny-qwen2's vocabulary has ChatML's
# tokens; a copy of tiny-mistral gets a Mistral template and a copy of tiny-llama a Llama 3 one in
# tokenizer_config.json (their post-processors add <s> / <|begin_of_text|>: written once, not twice);
# tiny-llama itself has no format and is refused.
expect_exit 0 "generate --chat qwen2" -- "$bin" generate --model "$models/tiny-qwen2" --text "the cat" --tokens 2 --chat \
    -o "$tmp/chat-q.json"
$py - "$tmp/chat-q.json" <<'PY' && ok || fail "generate --chat qwen2: not ChatML"
import json, sys
j = json.load(open(sys.argv[1]))["prompt"]
assert j["text"] == "the cat" and j["chat_format"] == "ChatML", j
assert j["chat_text"] == "<|im_start|>user\nthe cat<|im_end|>\n<|im_start|>assistant\n", j["chat_text"]
ids = [t["id"] for t in j["tokens"]]
assert ids[0] == 277 and ids.count(277) == 2 and ids.count(278) == 1, ids  # <|im_start|> twice, <|im_end|> once
PY
cp -r "$models/tiny-mistral" "$tmp/chat-mistral"
echo '{"chat_template": "{{ bos_token }}{% for m in messages %}[INST] {{ m[\"content\"] }} [/INST]{% endfor %}"}' \
    > "$tmp/chat-mistral/tokenizer_config.json"
expect_exit 0 "predict --chat mistral" -- "$bin" predict --model "$tmp/chat-mistral" --text "the cat" --chat -o "$tmp/chat-m.json"
$py - "$tmp/chat-m.json" <<'PY' && ok || fail "predict --chat mistral: not [INST] with one <s>"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["chat_format"] == "Mistral [INST]" and j["chat_text"] == "[INST] the cat [/INST]", j
ids = [t["id"] for t in j["tokens"]]
assert ids[0] == 1 and ids.count(1) == 1, ids
assert len(j["predictions"]) == len(ids)
PY
cp -r "$models/tiny-llama" "$tmp/chat-llama"
echo '{"chat_template": "{% for m in messages %}<|start_header_id|>{{ m.role }}<|end_header_id|>{% endfor %}"}' \
    > "$tmp/chat-llama/tokenizer_config.json"
$py - "$tmp/chat-llama/tokenizer.json" <<'PY'
import json, sys  # Llama 3's header tokens as special added tokens (ids 279-281), as the real file has them
t = json.load(open(sys.argv[1]))
for i, s in enumerate(["<|start_header_id|>", "<|end_header_id|>", "<|eot_id|>"]):
    t["added_tokens"].append({"id": 279 + i, "content": s, "single_word": False, "lstrip": False, "rstrip": False,
                              "normalized": False, "special": True})
json.dump(t, open(sys.argv[1], "w"), ensure_ascii=False)
PY
expect_exit 0 "predict --chat llama 3" -- "$bin" predict --model "$tmp/chat-llama" --text "the cat" --chat -o "$tmp/chat-l.json"
$py - "$tmp/chat-l.json" <<'PY' && ok || fail "predict --chat llama: not Llama 3 headers with one BOS"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["chat_format"] == "Llama 3", j
assert j["chat_text"] == ("<|start_header_id|>user<|end_header_id|>\n\nthe cat<|eot_id|>"
                          "<|start_header_id|>assistant<|end_header_id|>\n\n"), j["chat_text"]
ids = [t["id"] for t in j["tokens"]]
assert ids[0] == 277 and ids.count(277) == 1 and ids[1] == 279, ids
assert ids.count(279) == 2 and ids.count(280) == 2 and ids.count(281) == 1, ids
PY
for cmd in generate predict; do
    expect_exit 1 "$cmd --chat without a format" -- "$bin" $cmd --model "$models/tiny-llama" --text "the cat" --chat \
        -o "$tmp/x.json"
    expect_stderr "has no chat format" "$cmd --chat without a format: the message"
done

# generated_text is text only: a token the tokenizer marks special (here a copy of tiny-qwen2 whose
# tokenizer.json makes "F", id 70 and the second of the greedy tokens, a special added token) stays
# in "steps" but not in generated_text.
expect_exit 0 "generate qwen2" -- "$bin" generate --model "$models/tiny-qwen2" --text "the cat" --tokens 8 -o "$tmp/gq.json"
cp -r "$models/tiny-qwen2" "$tmp/special-qwen2"
$py - "$tmp/special-qwen2/tokenizer.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
t["added_tokens"].append({"id": 70, "content": "F", "single_word": False, "lstrip": False, "rstrip": False,
                          "normalized": False, "special": True})
json.dump(t, open(sys.argv[1], "w"), ensure_ascii=False)
PY
expect_exit 0 "generate qwen2 special" -- "$bin" generate --model "$tmp/special-qwen2" --text "the cat" --tokens 8 \
    -o "$tmp/gs.json"
$py - "$tmp/gq.json" "$tmp/gs.json" <<'PY' && ok || fail "generated_text keeps a special token"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
ids = [s["id"] for s in b["steps"]]
assert [s["id"] for s in a["steps"]] == ids and 70 in ids, ids
assert a["generated_text"].startswith("F"), a["generated_text"]  # id 344 before it has no piece: no text
assert b["generated_text"] == a["generated_text"][1:], (a["generated_text"], b["generated_text"])
assert b["steps"][ids.index(70)]["token"] == "F"
PY

# Greedy: the same tokens as the torch reference's greedy continuation, attention rows that grow.
ref_ids=$($py -c "
import json; r = json.load(open('$lmfix/gpt2_lm_reference.json'))['greedy']; print(' '.join(map(str, r['tokens'])))")
expect_exit 0 "generate greedy" -- "$bin" generate --model "$models/tiny-gpt2" --text " the cat sat on the mat" \
    --tokens 10 -o "$tmp/g.json"
$py - "$tmp/g.json" "$ref_ids" <<'PY' && ok || fail "generate JSON content"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["sampling"]["mode"] == "greedy"
p = len(j["prompt"]["tokens"])
assert p == 6, j["prompt"]
steps = j["steps"]
assert [s["id"] for s in steps] == [int(x) for x in sys.argv[2].split()], [s["id"] for s in steps]
for k, s in enumerate(steps):
    assert s["position"] == p + k
    assert s["top"][0]["id"] == s["id"] and s["sampled_probability"] == 1
    probs = [t["probability"] for t in s["top"]]
    assert probs == sorted(probs, reverse=True) and len(probs) == 5
    assert len(s["attention"]) == 2 and len(s["attention"][0]) == 4       # layers, heads
    for layer in s["attention"]:
        for row in layer:
            assert len(row) == p + k + 1 and abs(sum(row) - 1) < 1e-5
assert j["text"].startswith(" the cat sat on the mat")
PY

# Sampling: the same seed gives the same tokens, another seed other tokens.
for s in 1 1 2; do
    "$bin" generate --model "$models/tiny-gpt2" --text "the" --tokens 12 --temperature 1.5 --top-p 0.95 \
        --seed $s --no-attention --compact -o "$tmp/s$s.json" 2>/dev/null || fail "sampled generate seed $s"
    $py -c "import json; print([s['id'] for s in json.load(open('$tmp/s$s.json'))['steps']])" >> "$tmp/seeds"
done
[ "$(sed -n 1p "$tmp/seeds")" = "$(sed -n 2p "$tmp/seeds")" ] && ok || fail "same seed, other tokens"
[ "$(sed -n 1p "$tmp/seeds")" != "$(sed -n 3p "$tmp/seeds")" ] && ok || fail "other seed, same tokens"
grep -q '"mode":"sample"' "$tmp/s1.json" && ok || fail "sampling mode not recorded"

# predict: GPT-2 next token at every position; BERT fillers for [MASK] equal the torch reference.
expect_exit 0 "predict gpt2" -- "$bin" predict --model "$models/tiny-gpt2" --text " the cat" --top-k 3 -o "$tmp/p.json"
$py - "$tmp/p.json" <<'PY' && ok || fail "predict gpt2 JSON"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["task"] == "next-token"
assert [p["position"] for p in j["predictions"]] == list(range(len(j["tokens"])))
assert all(len(p["top"]) == 3 for p in j["predictions"])
PY
expect_exit 0 "predict bert" -- "$bin" predict --model "$lmfix/tiny-bert-mlm" --text "the cat [MASK] on the [MASK]." \
    -o "$tmp/m.json"
$py - "$tmp/m.json" "$lmfix/tiny-bert-mlm/mlm_reference.json" <<'PY' && ok || fail "predict bert vs reference"
import json, sys
j, ref = (json.load(open(p)) for p in sys.argv[1:])
assert j["task"] == "masked-token"
assert [t["id"] for t in j["tokens"]] == ref["ids"]
assert len(j["predictions"]) == len(ref["masks"])
for got, want in zip(j["predictions"], ref["masks"]):
    assert got["position"] == want["position"]
    assert [t["id"] for t in got["top"]] == [t[0] for t in want["top5"]]
    assert all(abs(t["probability"] - w[1]) < 1e-5 for t, w in zip(got["top"], want["top5"]))
PY

# predict --ablate: the knocked-out model's predictions equal the torch reference with the same
# heads mean-replaced (tests/fixtures/lm/gen_ablation_fixtures.py), the ablation recorded.
expect_exit 0 "predict --ablate" -- "$bin" predict --model "$models/tiny-gpt2" --text " the cat sat on the mat" \
    --ablate 1.2,2.3 --ablation mean --top-k 3 -o "$tmp/ab.json"
$py - "$tmp/ab.json" "$lmfix/gpt2_ablation_reference.json" <<'PY' && ok || fail "predict --ablate vs reference"
import json, math, sys
j, ref = (json.load(open(p)) for p in sys.argv[1:])
a = j["ablation"]
assert a["spec"] == "1.2,2.3" and a["mode"] == "mean", a
assert a["heads"] == [{"layer": 1, "head": 2}, {"layer": 2, "head": 3}] and a["attention_off"] == [], a
case = next(c for c in ref["cases"] if c["name"] == "mean")
v, t = ref["n_vocab"], len(j["tokens"])
assert [x["id"] for x in j["tokens"]] == ref["ids"][:t]
for p in j["predictions"]:
    row = case["logits"][p["position"] * v:(p["position"] + 1) * v]
    z = sum(math.exp(x - max(row)) for x in row)
    for top in p["top"]:
        want = math.exp(row[top["id"]] - max(row)) / z
        assert abs(top["probability"] - want) < 1e-5, (p["position"], top, want)
PY
"$bin" predict --model "$models/tiny-gpt2" --text " the cat sat" -o "$tmp/p0.json" 2>/dev/null
grep -q '"ablation"' "$tmp/p0.json" && fail "predict without --ablate records an ablation" || ok
expect_exit 0 "predict --ablate bert" -- "$bin" predict --model "$lmfix/tiny-bert-mlm" --text "the cat [MASK] on the mat." \
    --ablate 1.attn,2.mlp,2.1 -o "$tmp/abm.json"
grep -q '"attention_off": \[' "$tmp/abm.json" && ok || fail "predict --ablate bert JSON"
for spec in 0.1 13.1 x 1.5 1.2,,2.1 3.attn; do
    expect_exit 1 "predict --ablate $spec" -- "$bin" predict --model "$models/tiny-gpt2" --text " the cat" \
        --ablate "$spec" -o "$tmp/x.json"
done
expect_stderr "there is no layer 3" "predict --ablate 3.attn message"
expect_exit 1 "predict --ablation half" -- "$bin" predict --model "$models/tiny-gpt2" --text " the cat" \
    --ablate 1.1 --ablation half -o "$tmp/x.json"
expect_stderr "zero" "predict --ablation half message"

# lens: one entry per block after the embeddings; probabilities equal the torch reference's.
expect_exit 0 "lens" -- "$bin" lens --model "$models/tiny-gpt2" --text " the cat sat on the mat" --top 4 -o "$tmp/lens.json"
$py - "$tmp/lens.json" "$lmfix/gpt2_ablation_reference.json" <<'PY' && ok || fail "lens JSON vs reference"
import json, sys
j, ref = (json.load(open(p)) for p in sys.argv[1:])
case = next(c for c in ref["cases"] if c["name"] == "none")
v, T = ref["n_vocab"], len(ref["ids"])
layers = j["layers"]
assert [l["layer"] for l in layers] == [0, 1, 2] and layers[0]["embeddings"] is True
assert "embeddings" not in layers[1]
t = len(j["tokens"])
for l in layers:
    assert [p["position"] for p in l["positions"]] == list(range(t))
    for p in l["positions"]:
        assert len(p["top"]) == 4
        for top in p["top"]:
            want = case["lens"][(l["layer"] * T + p["position"]) * v + top["id"]]
            assert abs(top["probability"] - want) < 1e-5, (l["layer"], p["position"], top, want)
for a in j["answers"]:
    last = layers[-1]["positions"][a["position"]]["top"][0]
    assert a["id"] == last["id"] and 0 <= a["first_layer"] <= 2
PY
expect_exit 0 "lens --no-embeddings to stdout" -- "$bin" lens --model "$models/tiny-gpt2" --text " the cat" \
    --no-embeddings --compact --ablate 1.1
$py -c "
import json, sys; j = json.load(open('$tmp/out'))
assert [l['layer'] for l in j['layers']] == [1, 2] and j['ablation']['spec'] == '1.1'" && ok || fail "lens stdout JSON"
expect_exit 1 "lens with BERT" -- "$bin" lens --model "$lmfix/tiny-bert-mlm" --text "the cat" -o "$tmp/x.json"
expect_stderr "GPT-2" "lens with BERT message"
expect_exit 1 "lens --top 0" -- "$bin" lens --model "$models/tiny-gpt2" --text "a" --top 0 -o "$tmp/x.json"
expect_exit 1 "lens bad --ablate" -- "$bin" lens --model "$models/tiny-gpt2" --text "a" --ablate 9.9 -o "$tmp/x.json"

# A model trained in AttnLab is a GPT-2 folder: knocking out its layer-1 heads (the ones that read
# the mirrored input position) breaks the reversal; the lens reads it too.
"$bin" train --task reverse --steps 150 -o "$tmp/rev-knock" >/dev/null 2>&1 || fail "train reverse for ablation"
right() {  # right PREDICT.json: answer tokens predicted right for "abcdef>" -> "fedcba"
    $py -c "
import json, sys
p = json.load(open(sys.argv[1]))['predictions']
print(sum(a == b for a, b in zip(''.join(x['top'][0]['token'] for x in p)[6:], 'fedcba')))" "$1"
}
"$bin" predict --model "$tmp/rev-knock" --text "abcdef>fedcb" --top-k 1 -o "$tmp/rev-knock0.json" 2>/dev/null
"$bin" predict --model "$tmp/rev-knock" --text "abcdef>fedcb" --top-k 1 --ablate 1.1,1.2,1.3,1.4 -o "$tmp/rev-knock1.json" 2>/dev/null
r0=$(right "$tmp/rev-knock0.json"); r1=$(right "$tmp/rev-knock1.json")
[ "${r0:-0}" -ge 4 ] && [ "${r1:-9}" -le 2 ] && ok || fail "trained reverse: $r0/6 right, $r1/6 with layer 1 knocked out"
expect_exit 0 "lens on a trained model" -- "$bin" lens --model "$tmp/rev-knock" --text "abcdef>fedcb" -o "$tmp/rev-knock-lens.json"
# An input outside the task (reverse reads six letters, then '>'): predicted, with a note that says so.
expect_exit 0 "predict outside the task" -- "$bin" predict --model "$tmp/rev-knock" --text "abc>" -o "$tmp/rev-off.json"
expect_stderr 'never has ">" at position 4' "predict outside the task"
$py -c "import json,sys; j=json.load(open(sys.argv[1])); assert 'position 4' in j['task_note'], j.get('task_note')" \
    "$tmp/rev-off.json" && ok || fail "predict outside the task: no task_note in the JSON"
$py -c "import json,sys; assert 'task_note' not in json.load(open(sys.argv[1]))" "$tmp/rev-knock0.json" && ok ||
    fail "predict inside the task: a task_note"

# heads: one row per head, scores in [0, 1], sentence columns when --text is given.
expect_exit 0 "heads" -- "$bin" heads --model "$models/tiny-gpt2" --text "a b a b a b" -o "$tmp/roles.csv"
$py - "$tmp/roles.csv" <<'PY' && ok || fail "heads CSV"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 8 and rows[0]["layer"] == "1" and rows[-1]["head"] == "4"
roles = ["previous_token", "duplicate_token", "induction", "first_token", "self", "positional", "broad"]
for r in rows:
    for p in ["", "sentence_"]:
        assert r[p + "strongest"] in [x.replace("_", "-") for x in roles] + ["none"], r[p + "strongest"]
        assert r[p + "confidence"] in ["sure", "likely", "none"], r[p + "confidence"]
        assert (r[p + "confidence"] == "none") == (r[p + "strongest"] == "none")
        assert 0 <= float(r[p + "margin"]) <= 1
    for k in roles + ["sentence_" + x for x in roles]:
        if k == "sentence_positional" and r[k] == "":
            continue  # the probe found no position rule to measure on the sentence
        assert 0 <= float(r[k]) <= 1, (k, r[k])
    assert r["positional_rule"].startswith("j = "), r["positional_rule"]
    assert 1 <= int(r["induction_offset"]) <= 8
PY
# JSON (by the output's name): every score, the label, its confidence and margin, the probe.
expect_exit 0 "heads JSON" -- "$bin" heads --model "$models/tiny-gpt2" --text "a b a b a b" -o "$tmp/roles.json"
$py - "$tmp/roles.json" <<'PY' && ok || fail "heads JSON"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["probe"]["kind"] == "standard" and j["probe"]["length"] == 41 and j["probe"]["positional_contents"] == 6
assert j["thresholds"] == {"min_score": 0.3, "min_margin": 0.1, "sure_margin": 0.3}, j["thresholds"]
assert len(j["roles"]) == 7 and "positional" in j["roles"]
assert len(j["heads"]) == 8
for h in j["heads"]:
    for part in ["probe", "sentence"]:
        s = h[part]
        assert set(s["scores"]) == set(j["roles"])
        assert s["role"] in j["roles"] + ["none"] and s["confidence"] in ["sure", "likely", "none"]
        top = max((v, r) for r, v in s["scores"].items() if v is not None)
        assert s["top"] == top[1] or s["scores"][s["top"]] == top[0]
PY
expect_exit 0 "heads --format json to stdout" -- "$bin" heads --model "$models/tiny-gpt2" --format json -o - 
expect_exit nonzero "heads bad --format" -- "$bin" heads --model "$models/tiny-gpt2" --format xml -o "$tmp/x.csv"
# A model trained in AttnLab is scored on its task's own examples (task.json): reverse's layer-1
# heads read the mirror position j = 11 − i (docs/head_roles.md).
expect_exit 0 "train reverse" -- "$bin" train --task reverse -o "$tmp/rev"
expect_exit 0 "heads of a trained model" -- "$bin" heads --model "$tmp/rev" -o "$tmp/rev.json"
$py - "$tmp/rev.json" <<'PY' && ok || fail "heads of reverse"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["probe"]["kind"] == "task" and j["probe"]["task"] == "reverse" and j["probe"]["length"] == 12, j["probe"]
assert ">" in j["probe"]["text"] and "note" not in j["probe"]
mirror = [h for h in j["heads"] if h["layer"] == 1 and h["probe"]["role"] == "positional"
          and h["probe"]["positional_rule"] == "j = 11 - i"]
assert len(mirror) >= 2, [(h["probe"]["role"], h["probe"]["positional_rule"]) for h in j["heads"]]
PY
# An unusable task.json: the standard probe, and a note saying why.
cp -r "$tmp/rev" "$tmp/rev-bad" && echo '{"task": 3}' >"$tmp/rev-bad/task.json"
expect_exit 0 "heads, bad task.json" -- "$bin" heads --model "$tmp/rev-bad" -o "$tmp/rev-bad.json"
expect_stderr "standard probe" "bad task.json: a note"
$py -c "import json,sys; j=json.load(open(sys.argv[1])); assert j['probe']['kind']=='standard' and 'task.json' in j['probe']['note']" \
    "$tmp/rev-bad.json" && ok || fail "bad task.json: standard probe"
expect_exit 0 "heads bert, no sentence" -- "$bin" heads --model "$models/tiny-bert" -o "$tmp/b.csv"
head -1 "$tmp/b.csv" | grep -q sentence_ && fail "sentence columns without --text" || ok

# Images (ViT/DeiT): predict the classes, dump the patch tokens; the logits equal the reference
# (PIL preprocessing + torchvision, tests/fixtures/pretrained/models/gen_tiny_vit.py).
expect_exit 0 "predict image" -- "$bin" predict --model "$models/tiny-vit" --image "$models/tiny-vit-input.png" \
    --top-k 5 -o "$tmp/i.json"
$py - "$tmp/i.json" "$models/tiny-vit-input.json" <<'PY' && ok || fail "predict image JSON"
import json, math, sys
j, ref = (json.load(open(p)) for p in sys.argv[1:])
assert j["task"] == "image-classification" and j["model"]["family"] == "ViT", j["model"]
top = j["predictions"][0]["top"]
e = [math.exp(v) for v in ref["logits"]]
want = sorted(range(5), key=lambda i: -ref["logits"][i])
assert [t["id"] for t in top] == want, top
assert all(abs(t["probability"] - e[t["id"]] / sum(e)) < 1e-5 for t in top)
assert top[want.index(1)]["label"] == "고양이"
assert j["image"]["width"] == 45 and j["image"]["patches"] == 16
PY
expect_exit 0 "dump image" -- "$bin" dump --model "$models/tiny-deit" --image "$models/tiny-vit-input.png" --compact \
    -o "$tmp/d.json"
$py - "$tmp/d.json" <<'PY' && ok || fail "dump image JSON"
import json, sys
j = json.load(open(sys.argv[1]))
q = j["tokens"]["queries"]
assert [t["text"] for t in q[:2]] == ["[CLS]", "[DIST]"] and len(q) == 2 + 9, q[:3]
assert all(t["kind"] == "patch" for t in q[2:])
assert (q[2 + 4]["row"], q[2 + 4]["col"], q[2 + 4]["box"]) == (1, 1, [8, 8, 16, 16])
assert j["image"]["grid_rows"] == 3 and j["model"]["family"] == "DeiT"
assert len(j["layers"]) == 2 and len(j["layers"][0]["heads"]) == 3
PY
expect_exit nonzero "predict: image for a text model" -- "$bin" predict --model "$models/tiny-gpt2" \
    --image "$models/tiny-vit-input.png" -o "$tmp/x.json"
expect_stderr "reads text, not images" "predict: image for a text model"
expect_exit nonzero "predict: encoder without classifier" -- "$bin" predict --model "$models/tiny-dino" \
    --image "$models/tiny-vit-input.png" -o "$tmp/x.json"
expect_stderr "no classifier" "predict: encoder without classifier"
expect_exit nonzero "predict: vision model without --image" -- "$bin" predict --model "$models/tiny-vit" \
    --text "a cat" -o "$tmp/x.json"
expect_stderr "Give one with --image" "predict: vision model without --image"
expect_exit nonzero "dump: --image without a model" -- "$bin" dump --image "$models/tiny-vit-input.png" -o "$tmp/x.json"
expect_stderr "needs a vision model" "dump: --image without a model"
expect_exit nonzero "dump: broken image" -- "$bin" dump --model "$models/tiny-vit" --image "$models/tiny-vit/config.json" \
    -o "$tmp/x.json"
expect_stderr "PNG or JPEG" "dump: broken image"
expect_exit nonzero "dump: vision model, text only" -- "$bin" dump --model "$models/tiny-vit" --text "a cat" -o "$tmp/x.json"
expect_stderr "reads images, not text" "dump: vision model, text only"

# Errors: non-zero exit, a clear message, no output file.
expect_exit nonzero "generate with BERT" -- "$bin" generate --model "$models/tiny-bert" --text "a" -o "$tmp/x.json"
expect_stderr "\[MASK\]" "generate with BERT"
expect_exit nonzero "no MLM head" -- "$bin" predict --model "$models/tiny-bert" --text "the [MASK]" -o "$tmp/x.json"
expect_stderr "no masked-LM head" "no MLM head"
expect_exit nonzero "no [MASK] typed" -- "$bin" predict --model "$lmfix/tiny-bert-mlm" --text "the cat" -o "$tmp/x.json"
expect_stderr "no \[MASK\]" "no [MASK] typed"
expect_exit nonzero "bad temperature" -- "$bin" generate --model "$models/tiny-gpt2" --text a --temperature 0 -o "$tmp/x.json"
expect_stderr "temperature" "bad temperature"
expect_exit nonzero "bad top-p" -- "$bin" generate --model "$models/tiny-gpt2" --text a --top-p 1.5 -o "$tmp/x.json"
expect_exit nonzero "too many tokens" -- "$bin" generate --model "$models/tiny-gpt2" --text a --tokens 100 -o "$tmp/x.json"
expect_stderr "positions" "too many tokens"
expect_exit nonzero "empty text" -- "$bin" generate --model "$models/tiny-gpt2" --text "" -o "$tmp/x.json"
expect_exit nonzero "heads of a vision model" -- "$bin" heads --model "$models/tiny-vit" -o "$tmp/x.csv"
expect_stderr "images" "heads of a vision model"
expect_exit nonzero "not a model folder" -- "$bin" heads --model "$tmp" -o "$tmp/x.csv"
expect_stderr "config.json" "not a model folder"
expect_exit nonzero "missing --model" -- "$bin" predict --text a -o "$tmp/x.json"
[ ! -e "$tmp/x.json" ] && [ ! -e "$tmp/x.csv" ] && ok || fail "a failed command left a file behind"
ls -A "$tmp" | grep -q '\.tmp-' && fail "temporary files left behind" || ok

echo "lm cli: $passed passed, $failed failed"
[ $failed -eq 0 ]
