#!/usr/bin/env bash
# `attnlab lesson` as a teacher meets it: every built-in lesson passes --check; the handouts of
# every lesson, English and Korean, render (pdftoppm) and hold every step title (pdftotext);
# broken lessons give file:line errors and a non-zero exit, and leave no file behind.
set -u
bin=${ATTNLAB:?set ATTNLAB to the attnlab binary}
src=${ATTNLAB_SOURCE:?set ATTNLAB_SOURCE to the source tree}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/test_lib.sh
. "$src/tests/test_lib.sh"

lessons=("$src"/assets/lessons/*/*.md)
[ ${#lessons[@]} -eq 26 ] && ok || fail "expected 13 lessons in en and ko, found ${#lessons[@]}"

for f in "${lessons[@]}"; do
    name=${f#"$src"/assets/lessons/}
    expect_exit 0 "check $name" -- "$bin" lesson "$f" --check
    grep -q ": ok$" "$tmp/out" && ok || fail "check $name: no ': ok' summary"
done
# Lesson 9's model steps run on a real (tiny) GPT-2 and BERT.
for m in tiny-gpt2 tiny-bert; do
    expect_exit 0 "check lesson 9 with $m" -- "$bin" lesson "$src/assets/lessons/en/09-real-model.md" --check \
        --model "$src/tests/fixtures/pretrained/models/$m"
    grep -q "checked 5 steps and 3 answers: ok" "$tmp/out" && ok || { fail "lesson 9 with $m"; cat "$tmp/out"; }
done
# Lesson 11's model steps (Predict, Lens, Model views) on the tiny GPT-2; without it, only the built-in steps.
for lang in en ko; do
    expect_exit 0 "check lesson 11 $lang with tiny-gpt2" -- "$bin" lesson "$src/assets/lessons/$lang/11-what-a-head-does.md" \
        --check --model "$src/tests/fixtures/pretrained/models/tiny-gpt2"
    grep -q "checked 9 steps and 9 answers: ok" "$tmp/out" && ok || { fail "lesson 11 $lang with tiny-gpt2"; cat "$tmp/out"; }
    expect_exit 0 "check lesson 11 $lang without a model" -- "$bin" lesson "$src/assets/lessons/$lang/11-what-a-head-does.md" --check
    grep -q "skipped 6 (need --model)" "$tmp/out" && ok || fail "lesson 11 $lang without a model"
done
# Lesson 12's translator steps (the Alignment view's cross section) on an en-ko model trained here
# (about 4 s); without it, only the built-in steps.
expect_exit 0 "train the en-ko translator for lesson 12" -- "$bin" train --arch seq2seq --task en-ko --threads 1 -q \
    -o "$tmp/enko"
for lang in en ko; do
    expect_exit 0 "check lesson 12 $lang with the trained translator" -- "$bin" lesson \
        "$src/assets/lessons/$lang/12-encoder-decoder.md" --check --model "$tmp/enko"
    grep -q "checked 9 steps and 9 answers: ok" "$tmp/out" && ok || { fail "lesson 12 $lang with en-ko"; cat "$tmp/out"; }
    expect_exit 0 "check lesson 12 $lang without a model" -- "$bin" lesson "$src/assets/lessons/$lang/12-encoder-decoder.md" --check
    grep -q "skipped 2 (need --model)" "$tmp/out" && ok || { fail "lesson 12 $lang without a model"; cat "$tmp/out"; }
done
expect_exit 1 "a lesson's section on a one-stack model" -- "$bin" lesson "$src/assets/lessons/en/12-encoder-decoder.md" \
    --check --model "$src/tests/fixtures/pretrained/models/tiny-bert"
grep -q "only a translation model's run has" "$tmp/out" "$tmp/err" && ok || { fail "lesson 12 on BERT: the section not named"; cat "$tmp/out" "$tmp/err"; }
# Lesson 13's Whisper steps (the Audio view) are left out without a model; its built-in steps are checked.
for lang in en ko; do
    expect_exit 0 "check lesson 13 $lang without a model" -- "$bin" lesson "$src/assets/lessons/$lang/13-listening.md" --check
    grep -q "skipped 2 (need --model)" "$tmp/out" && ok || { fail "lesson 13 $lang without a model"; cat "$tmp/out"; }
done
expect_exit 0 "check lesson 9 without a model" -- "$bin" lesson "$src/assets/lessons/ko/09-real-model.md" --check
grep -q "skipped 3 (need --model)" "$tmp/out" && ok || fail "lesson 9 without a model: skipped steps not reported"

# Handouts: every lesson in its own language, lessons 1–3 also in the other one.
n=0
for f in "${lessons[@]}"; do
    lang=$(basename "$(dirname "$f")")
    langs=("$lang")
    case $(basename "$f") in 0[123]-*) langs=(en ko) ;; esac
    for l in "${langs[@]}"; do
        n=$((n + 1))
        out="$tmp/h$n.pdf"
        expect_exit 0 "export $f ($l)" -- "$bin" lesson "$f" --export "$out" --lang "$l"
        pages=$(pdfinfo "$out" 2>/dev/null | awk '/^Pages:/{print $2}')
        steps=$(grep -c '^## ' "$f")
        pdftoppm -r 20 -png "$out" "$tmp/page" >/dev/null 2>&1 && [ "$(ls "$tmp"/page-*.png | wc -l)" = "$pages" ] \
            && [ "$pages" -ge 2 ] && [ "$pages" -le $((2 * steps + 1)) ] \
            && ok || fail "pdftoppm cannot render the handout of $f ($l): $pages pages"
        rm -f "$tmp"/page-*.png
        pdftotext -layout "$out" "$tmp/text.txt"
        # Every step title (## lines; a handout without a model leaves out 'when = model' steps).
        while IFS= read -r title; do
            # on the title page's list and on the step's own page
            [ "$(grep -oF -- "$title" "$tmp/text.txt" | wc -l)" -ge 2 ] && ok ||
                fail "$(basename "$f") ($l): step title '$title' not twice in the PDF"
        done < <(awk '/^## /{t=substr($0,4)} /^when = model$/{skip[t]=1} /^## /{order[++k]=t} END{for(i=1;i<=k;i++) if(!skip[order[i]]) print order[i]}' "$f")
        case $l in
            ko) grep -q "정답" "$tmp/text.txt" && ok || fail "$(basename "$f"): Korean handout lacks 정답" ;;
            en) grep -q "Answer:" "$tmp/text.txt" && ok || fail "$(basename "$f"): English handout lacks Answer:" ;;
        esac
    done
done
pdffonts "$tmp/h1.pdf" | grep -q NanumGothic && ok || fail "the handout does not embed NanumGothic"

# The complete example of docs/lessons.md is a valid lesson.
awk '/^````markdown$/{f=1;next} /^````$/{f=0} f' "$src/docs/lessons.md" >"$tmp/example.md"
expect_exit 0 "docs/lessons.md example" -- "$bin" lesson "$tmp/example.md" --check
grep -q "checked 3 steps and 3 answers: ok" "$tmp/out" && ok || fail "docs example: $(cat "$tmp/out")"

# Broken lessons: file:line messages, exit 1, no handout written.
printf '# T\n\n## S\n\n```attnlab\ncausal = sometimes\n```\n' >"$tmp/bad.md"
expect_exit 1 "bad value" -- "$bin" lesson "$tmp/bad.md" --check
expect_stderr "bad.md:6: causal = 'sometimes': allowed are on and off" "bad value message"
expect_exit 1 "bad value export" -- "$bin" lesson "$tmp/bad.md" --export "$tmp/bad.pdf"
[ ! -e "$tmp/bad.pdf" ] && ok || fail "a broken lesson left a handout behind"
printf '# T\n\n## S\n\n```attnlab\nask = Which?\nanswer = argmax row 12\n```\n' >"$tmp/range.md"
expect_exit 1 "answer out of range" -- "$bin" lesson "$tmp/range.md" --check
expect_stderr "range.md:6: step 1 'S': answer: query (row) 12 is outside the sentence" "answer range message"
printf '\x89PNG\r\n\x1a\n\x00\x00binary' >"$tmp/binary.md"
expect_exit 1 "binary file" -- "$bin" lesson "$tmp/binary.md" --check
expect_stderr "binary data" "binary message"
head -c 2000000 /dev/zero | tr '\0' 'a' >"$tmp/big.md"
expect_exit 1 "2 MB file" -- "$bin" lesson "$tmp/big.md" --check
expect_stderr "lessons are limited to 256 KiB" "size limit message"
expect_exit 1 "missing file" -- "$bin" lesson "$tmp/none.md" --check
expect_stderr "Cannot open" "missing file message"
expect_exit 1 "bad --lang" -- "$bin" lesson "${lessons[0]}" --export "$tmp/x.pdf" --lang fr
expect_exit nonzero "unwritable output" -- "$bin" lesson "${lessons[0]}" --export "$tmp/no/such/dir/x.pdf"

echo "lesson_cli_test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
