#!/usr/bin/env bash
# `attnlab export` as a teacher meets it: every view in PNG, SVG and PDF through the real binary;
# PDFs render back (pdftoppm) with embedded fonts (pdffonts) and Korean text (pdftotext); SVG holds
# the labels as text; CSV/JSON hold the numbers; every error path exits non-zero and leaves no file.
set -u
bin=${ATTNLAB:?set ATTNLAB to the attnlab binary}
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
# shellcheck source=tests/test_lib.sh
. "$(dirname "$0")/test_lib.sh"
skipped=0
have() { command -v "$1" >/dev/null 2>&1; }

en="Time flies like an arrow"
ko="그는 집에 갔다. 그의 집은 크다."

expect_exit 0 "export help" -- "$bin" export --help
grep -q -- "--view" "$tmp/out" && grep -q -- "--causal" "$tmp/out" && ok || fail "export --help lacks --view/--causal"

# Every view in every format, English and Korean.
for view in heatmap heads scaling pipeline lines pe cell row qk; do
    for fmt in png svg pdf; do
        out="$tmp/$view.$fmt"
        expect_exit 0 "$view $fmt" -- "$bin" export --text "$en" --causal --view "$view" --head 2 --cell 3:1 -o "$out"
        [ -s "$out" ] && ok || fail "$view $fmt: no file"
        kout="$tmp/$view-ko.$fmt"
        expect_exit 0 "$view $fmt ko" -- "$bin" export --text "$ko" --causal --view "$view" --cell 4:2 --lang ko -o "$kout"
        grep -q "warning" "$tmp/err" && fail "$view $fmt ko: $(cat "$tmp/err")" || ok
    done
    head -c 8 "$tmp/$view.png" | grep -q PNG && ok || fail "$view.png is not a PNG"
    if have xmllint; then
        xmllint --noout "$tmp/$view.svg" "$tmp/$view-ko.svg" && ok || fail "$view.svg is not well-formed XML"
    fi
    if have pdftoppm; then
        pdftoppm -png -r 30 "$tmp/$view-ko.pdf" "$tmp/render-$view" && [ -s "$tmp/render-$view-1.png" ] && ok ||
            fail "$view-ko.pdf does not render"
    else
        skipped=$((skipped + 1))
    fi
    if have pdffonts; then
        # Every font embedded: the "emb" column is yes on every row.
        pdffonts "$tmp/$view-ko.pdf" >"$tmp/fonts" 2>&1
        if [ "$(tail -n +3 "$tmp/fonts" | wc -l)" -gt 0 ] && ! tail -n +3 "$tmp/fonts" | awk '{ if ($(NF-4) != "yes") bad = 1 } END { exit !bad }'; then
            ok
        else
            fail "$view-ko.pdf: fonts not all embedded"; cat "$tmp/fonts"
        fi
        grep -q NanumGothic "$tmp/fonts" && ok || fail "$view-ko.pdf does not use NanumGothic"
    fi
done

# Korean labels are real text: in the PDF (pdftotext) and in the SVG (<text> elements).
if have pdftotext; then
    pdftotext "$tmp/heatmap-ko.pdf" "$tmp/heatmap-ko.txt"
    grep -q "그는" "$tmp/heatmap-ko.txt" && ok || fail "pdftotext does not find 그는"
    grep -q "어텐션 가중치" "$tmp/heatmap-ko.txt" && ok || fail "pdftotext does not find the Korean title"
    pdftotext "$tmp/heatmap.pdf" - | grep -q "arrow" && ok || fail "pdftotext does not find 'arrow'"
fi
grep -q ">그는</text>" "$tmp/heatmap-ko.svg" && ok || fail "SVG lacks 그는 as text"
grep -q ">flies</text>" "$tmp/lines.svg" && ok || fail "SVG lacks flies as text"

# Fonts: $ATTNLAB_ASSET_DIR (a folder with presets.txt) comes first (here a stand-in "NanumGothic.ttf" that is really
# DejaVu Sans shows it was used); --font overrides; an asset dir without the font falls back.
if [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] && have pdffonts; then
    mkdir -p "$tmp/assets/fonts"
    cp /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf "$tmp/assets/fonts/NanumGothic.ttf"
    touch "$tmp/assets/presets.txt"  # the marker of an asset folder (core/base/asset_paths.h)
    expect_exit 0 "ATTNLAB_ASSET_DIR" -- env ATTNLAB_ASSET_DIR="$tmp/assets" "$bin" export --text "$en" -o "$tmp/envfont.pdf"
    pdffonts "$tmp/envfont.pdf" | grep -q DejaVuSans && ok || fail "ATTNLAB_ASSET_DIR font not used"
    expect_exit 0 "--font" -- "$bin" export --text "$en" --font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf -o "$tmp/optfont.pdf"
    pdffonts "$tmp/optfont.pdf" | grep -q DejaVuSans && ok || fail "--font not used"
    expect_exit 0 "asset dir without fonts" -- env ATTNLAB_ASSET_DIR="$tmp/no-assets" "$bin" export --text "$en" -o "$tmp/fallback.pdf"
    pdffonts "$tmp/fallback.pdf" | grep -q NanumGothic && ok || fail "fallback to the bundled font"
fi
# Emoji are not in the bundled font: a warning, and the figure is still written.
expect_exit 0 "emoji warning" -- "$bin" export --text "I love 🍕" -o "$tmp/emoji.png"
expect_stderr "warning" "emoji warning"

# Sizes, scale, DPI, transparency.
png_size() { $py -c "import struct,sys; d=open(sys.argv[1],'rb').read(24); print(*struct.unpack('>II', d[16:24]))" "$1"; }
expect_exit 0 "slide scale 2" -- "$bin" export --text "$en" --scale 2 -o "$tmp/s2.png"
[ "$(png_size "$tmp/s2.png")" = "3200 1800" ] && ok || fail "--scale 2: $(png_size "$tmp/s2.png")"
expect_exit 0 "a4 dpi 240" -- "$bin" export --text "$en" --size a4 --dpi 240 -o "$tmp/a4.png"
[ "$(png_size "$tmp/a4.png")" = "1984 2806" ] && ok || fail "a4 at 240 dpi: $(png_size "$tmp/a4.png")"
expect_exit 0 "a4 landscape pdf" -- "$bin" export --text "$en" --size a4-landscape -o "$tmp/a4l.pdf"
if have pdfinfo; then
    pdfinfo "$tmp/a4l.pdf" | grep -q "Page size: *841.89 x 595.2[0-9]* pts (A4)" && ok || fail "a4-landscape page size: $(pdfinfo "$tmp/a4l.pdf" | grep 'Page size')"
    pdfinfo "$tmp/heatmap.pdf" | grep -q "Page size: *960 x 540 pts" && ok || fail "slide page size: $(pdfinfo "$tmp/heatmap.pdf" | grep 'Page size')"
fi
expect_exit 0 "custom size svg" -- "$bin" export --text "$en" --width 1000 --height 700 -o "$tmp/custom.svg"
grep -q 'width="1000px" height="700px"' "$tmp/custom.svg" && ok || fail "custom SVG size"
expect_exit 0 "transparent" -- "$bin" export --text "$en" --transparent --colormap cividis -o "$tmp/clear.png"
$py - "$tmp/clear.png" <<'PY' && ok || fail "transparent PNG is not RGBA with a clear corner"
import struct, sys, zlib
d = open(sys.argv[1], 'rb').read()
w, h, depth, ctype = struct.unpack('>IIBB', d[16:26])
assert ctype == 6, ctype  # RGBA
idat = b''.join(d[i + 8:i + 8 + struct.unpack('>I', d[i:i + 4])[0]]
                for i in range(8, len(d)) if d[i + 4:i + 8] == b'IDAT')
raw = zlib.decompress(idat)
assert raw[1 + 3] == 0, raw[:8]  # first pixel's alpha (filter byte, then RGBA)
PY

# Numbers: CSV matches the JSON dump; JSON equals `attnlab dump` byte for byte.
expect_exit 0 "csv" -- "$bin" export --text "가격은 1,000원, \"정말\" 비싸다" --causal --head 2 --values scores -o "$tmp/m.csv"
expect_exit 0 "dump for csv" -- "$bin" dump --text "가격은 1,000원, \"정말\" 비싸다" --causal -o "$tmp/m.json"
$py - "$tmp/m.csv" "$tmp/m.json" <<'PY' && ok || fail "CSV does not match the dump"
import csv, json, sys
rows = list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))
j = json.load(open(sys.argv[2]))
keys = [t["text"] for t in j["tokens"]["keys"]]
assert rows[0] == [""] + keys, rows[0]
assert "1,000" in keys and '"' in keys
scores = j["layers"][0]["heads"][1]["scores"]
for i, row in enumerate(rows[1:]):
    assert row[0] == j["tokens"]["queries"][i]["text"]
    assert [float(x) for x in row[1:]] == scores[i], (row, scores[i])
PY
expect_exit 0 "json" -- "$bin" export --text "$ko" --causal --window 2 -o "$tmp/e.json"
expect_exit 0 "dump" -- "$bin" dump --text "$ko" --causal --window 2 -o "$tmp/d.json"
cmp -s "$tmp/e.json" "$tmp/d.json" && ok || fail "export JSON differs from dump"
expect_exit 0 "pe csv" -- "$bin" export --text "$en" --view pe -o "$tmp/pe.csv"
head -1 "$tmp/pe.csv" | grep -q '^,0,1,2' && ok || fail "pe CSV header"
expect_exit 0 "csv bom" -- "$bin" export --text "$ko" --csv-bom -o "$tmp/bom.csv"
head -c 3 "$tmp/bom.csv" | od -An -tx1 | grep -q "ef bb bf" && ok || fail "--csv-bom"

# Errors: non-zero exit, a clear message, and no file (not even a temporary one) left behind.
rm -f "$tmp"/x.*
expect_exit nonzero "unknown view" -- "$bin" export --text "$en" --view bogus -o "$tmp/x.png"
expect_stderr "unknown view" "unknown view"
expect_exit nonzero "head out of range" -- "$bin" export --text "$en" --head 9 -o "$tmp/x.png"
expect_stderr "Head 9 is out of range" "head out of range"
expect_exit nonzero "head 0" -- "$bin" export --text "$en" --head 0 -o "$tmp/x.svg"
expect_exit nonzero "layer out of range" -- "$bin" export --text "$en" --layer 2 -o "$tmp/x.pdf"
expect_stderr "Layer 2" "layer out of range"
expect_exit nonzero "csv head out of range" -- "$bin" export --text "$en" --head 7 -o "$tmp/x.csv"
expect_exit nonzero "cell out of range" -- "$bin" export --text "$en" --view cell --cell 2:9 -o "$tmp/x.png"
expect_stderr "out of range" "cell out of range"
expect_exit nonzero "cell missing" -- "$bin" export --text "$en" --view cell -o "$tmp/x.png"
expect_exit nonzero "bad cell syntax" -- "$bin" export --text "$en" --view cell --cell 2-1 -o "$tmp/x.png"
# The row view: a chosen query, or the last one; out of range is refused with the range.
expect_exit 0 "row 1" -- "$bin" export --text "$en" --view row --row 1 -o "$tmp/row1.pdf"
if have pdftotext; then
    pdftotext "$tmp/row1.pdf" - | grep -q "flies" && ok || fail "row view: no 'flies' in the PDF"
    pdftotext "$tmp/row-ko.pdf" - | grep -q "보는 곳" && ok || fail "row view ko: no Korean title"
fi
expect_exit nonzero "row out of range" -- "$bin" export --text "$en" --view row --row 9 -o "$tmp/x.png"
grep -q "queries are 0–4" "$tmp/err" && ok || fail "row out of range: $(cat "$tmp/err")"
expect_exit nonzero "bad extension" -- "$bin" export --text "$en" -o "$tmp/x.gif"
expect_stderr "extension" "bad extension"
expect_exit nonzero "no extension" -- "$bin" export --text "$en" -o "$tmp/x"
expect_exit nonzero "format mismatch" -- "$bin" export --text "$en" --format pdf -o "$tmp/x.png"
expect_stderr "does not match" "format mismatch"
expect_exit nonzero "unknown format" -- "$bin" export --text "$en" --format tiff -o "$tmp/x.tiff"
expect_exit nonzero "unknown colormap" -- "$bin" export --text "$en" --colormap jet -o "$tmp/x.png"
expect_exit nonzero "unknown size" -- "$bin" export --text "$en" --size letter -o "$tmp/x.png"
expect_exit nonzero "unknown lang" -- "$bin" export --text "$en" --lang fr -o "$tmp/x.png"
expect_exit nonzero "unknown values" -- "$bin" export --text "$en" --values probs -o "$tmp/x.png"
# Attention rollout: through the layers of a real 2-layer model; refused (with a reason) for cross-attention.
expect_exit 0 "rollout figure" -- "$bin" export --model "$(dirname "$0")/fixtures/pretrained/models/tiny-gpt2" --text "$en" --layer 2 --values rollout -o "$tmp/rollout.svg"
grep -q "Attention rollout" "$tmp/rollout.svg" && ok || fail "the rollout figure has no rollout title"
expect_exit 0 "rollout csv" -- "$bin" export --text "$en" --values rollout -o "$tmp/rollout.csv"
expect_exit nonzero "rollout of cross-attention" -- "$bin" export --text "$en" --cross-text "a b" --values rollout -o "$tmp/x.png"
expect_stderr "cross-attention" "rollout of cross-attention"
expect_exit nonzero "scale and dpi" -- "$bin" export --text "$en" --scale 2 --dpi 300 -o "$tmp/x.png"
expect_exit nonzero "png too big" -- "$bin" export --text "$en" --scale 40 -o "$tmp/x.png"
expect_stderr "pixels" "png too big"
expect_exit nonzero "tiny size" -- "$bin" export --text "$en" --width 10 -o "$tmp/x.svg"
expect_exit nonzero "missing font" -- "$bin" export --text "$en" --font "$tmp/nofont.ttf" -o "$tmp/x.pdf"
expect_stderr "font" "missing font"
expect_exit nonzero "empty text" -- "$bin" export --text "" -o "$tmp/x.png"
expect_exit nonzero "missing output" -- "$bin" export --text "$en"
expect_exit nonzero "missing folder" -- "$bin" export --text "$en" -o "$tmp/no/such/x.png"
expect_stderr "does not exist" "missing folder"
mkdir "$tmp/ro" && chmod 500 "$tmp/ro"
if [ "$(id -u)" -ne 0 ]; then  # root ignores permissions
    expect_exit nonzero "unwritable folder" -- "$bin" export --text "$en" -o "$tmp/ro/x.pdf"
    [ -z "$(ls -A "$tmp/ro")" ] && ok || fail "unwritable folder has files"
fi
mkdir "$tmp/dir.png"
# Unwritable even for root: /proc takes no new files.
expect_exit nonzero "unwritable (/proc)" -- "$bin" export --text "$en" -o /proc/attnlab-x.png
expect_stderr "Cannot write" "unwritable (/proc)"
expect_exit nonzero "parent is a file" -- "$bin" export --text "$en" -o "$tmp/heatmap.png/x.png"
expect_exit nonzero "output is a folder" -- "$bin" export --text "$en" -o "$tmp/dir.png"
ls "$tmp"/x.* >/dev/null 2>&1 && fail "a failed export left $(ls "$tmp"/x.*)" || ok
ls -A "$tmp" | grep -q '\.tmp-' && fail "temporary files left behind" || ok

# A failed export over an existing figure keeps the old one whole.
cp "$tmp/heatmap.png" "$tmp/keep.png"
expect_exit nonzero "failed export over an existing file" -- "$bin" export --text "$en" --head 9 -o "$tmp/keep.png"
cmp -s "$tmp/heatmap.png" "$tmp/keep.png" && ok || fail "a failed export damaged the existing file"

# The image view (a ViT over a PNG): every format, the query patch, the mean of heads, Korean;
# the overlay really colours the picture (PNG pixels), and the errors name the option.
models=$(dirname "$0")/fixtures/pretrained/models
pic=$models/tiny-vit-input.png
for fmt in png svg pdf; do
    expect_exit 0 "image view $fmt" -- "$bin" export --model "$models/tiny-vit" --image "$pic" --view image \
        --patch 2,3 --layer 2 --head 2 -o "$tmp/image.$fmt"
    [ -s "$tmp/image.$fmt" ] && ok || fail "image view $fmt: no file"
done
grep -q "Where patch 7 (row 2, column 3) looks" "$tmp/image.svg" && ok || fail "image view SVG lacks its title as text"
grep -q "tiny-vit-input.png (45×37 px" "$tmp/image.svg" && ok || fail "image view SVG lacks the image caption"
if have pdftotext; then
    expect_exit 0 "image view ko pdf" -- "$bin" export --model "$models/tiny-deit" --image "$pic" --view image \
        --mean-heads --lang ko -o "$tmp/image-ko.pdf"
    pdftotext "$tmp/image-ko.pdf" - | grep -q "클래스 토큰은 이미지의 어디를 보는가" && ok || fail "image view ko PDF text"
    pdftotext "$tmp/image-ko.pdf" - | grep -q "헤드 3개 평균" && ok || fail "image view ko: mean of heads not said"
fi
$py - "$tmp/image.png" <<'PY' && ok || fail "image view PNG: the picture and its overlay are not drawn"
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
w, h = struct.unpack(">II", data[16:24])
# Count saturated, non-grey pixels (the photo and the colour overlay) on the left half.
idat = b"".join(data[i + 8:i + 8 + struct.unpack(">I", data[i:i + 4])[0]]
                for i in range(8, len(data)) if data[i + 4:i + 8] == b"IDAT")
raw, bpp = zlib.decompress(idat), 4 if data[25] == 6 else 3
stride, prev, colourful = w * bpp, bytearray(w * bpp), 0
pos = 0
for y in range(h):
    f, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride]); pos += 1 + stride
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0; b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    prev = line
    for x in range(0, w // 2 * bpp, bpp * 4):
        r, g, b_ = line[x], line[x + 1], line[x + 2]
        colourful += max(r, g, b_) - min(r, g, b_) > 60
assert colourful > 20000, colourful
PY
expect_exit nonzero "image view: patch outside the grid" -- "$bin" export --model "$models/tiny-vit" --image "$pic" \
    --view image --patch 5,1 -o "$tmp/x.png"
grep -q "outside the image's 4 × 4 patches" "$tmp/err" && ok || fail "patch outside: $(cat "$tmp/err")"
expect_exit nonzero "image view without an image" -- "$bin" export --text "$en" --view image -o "$tmp/x.png"
grep -q "needs an image run" "$tmp/err" && ok || fail "image view without image: $(cat "$tmp/err")"
expect_exit nonzero "--patch on another view" -- "$bin" export --model "$models/tiny-vit" --image "$pic" \
    --view heatmap --patch 1,1 -o "$tmp/x.png"
grep -q "belong to the image view" "$tmp/err" && ok || fail "--patch elsewhere: $(cat "$tmp/err")"
[ ! -e "$tmp/x.png" ] && ok || fail "a failed image export left a file"
# The ViT paper's Figure 7: mean attention distance per head, position-embedding similarity.
for fmt in svg pdf csv; do
    expect_exit 0 "attn-distance $fmt" -- "$bin" export --model "$models/tiny-vit" --image "$pic" --view attn-distance \
        -o "$tmp/dist.$fmt"
    expect_exit 0 "pos-similarity $fmt" -- "$bin" export --model "$models/tiny-deit" --image "$pic" --view pos-similarity \
        --patch 2,3 -o "$tmp/pos.$fmt"
done
grep -q "mean attention distance (pixels)" "$tmp/dist.svg" && ok || fail "attn-distance SVG lacks its axis as text"
[ "$(head -1 "$tmp/dist.csv" | tr -d '\r')" = "layer,head,mean_distance_px,prefix_share" ] && ok || fail "attn-distance CSV header"
[ "$(wc -l <"$tmp/dist.csv")" -eq 9 ] && ok || fail "attn-distance CSV: 2 layers x 4 heads expected"
[ "$(wc -l <"$tmp/pos.csv")" -eq 10 ] && ok || fail "pos-similarity CSV: 9 patches expected"
expect_exit 0 "pipeline of an image (z0 step)" -- "$bin" export --model "$models/tiny-vit" --image "$pic" --view pipeline \
    --patch 2,3 -o "$tmp/pipe-image.svg"
grep -q "Step 0 for this image" "$tmp/pipe-image.svg" && grep -q "patch 7 (2, 3)" "$tmp/pipe-image.svg" && ok ||
    fail "the pipeline of an image lacks its z0 step"
expect_exit nonzero "attn-distance without an image" -- "$bin" export --text "$en" --view attn-distance -o "$tmp/x.png"
grep -q "The attn-distance view needs an image run" "$tmp/err" && ok || fail "attn-distance without image: $(cat "$tmp/err")"

# The logit lens (issue 25): the Lens view's table as a figure and as CSV, with heads knocked out;
# the CSV's probabilities equal `attnlab lens`'s; refused for the built-in model, BERT and JSON.
for fmt in png svg pdf csv; do
    expect_exit 0 "lens $fmt" -- "$bin" export --model "$models/tiny-gpt2" --text " the cat sat on the mat" --view lens \
        --ablate 1.2 --lang ko -o "$tmp/lens.$fmt"
done
grep -q "로짓 렌즈" "$tmp/lens.svg" && grep -q "끈 헤드: 1.2 (zero)" "$tmp/lens.svg" && ok || fail "lens SVG lacks its title or the knocked-out head"
if have pdftoppm; then
    pdftoppm -png -r 30 "$tmp/lens.pdf" "$tmp/render-lens" && [ -s "$tmp/render-lens-1.png" ] && ok || fail "lens.pdf does not render"
fi
expect_exit 0 "lens json for the csv" -- "$bin" lens --model "$models/tiny-gpt2" --text " the cat sat on the mat" --ablate 1.2 \
    -o "$tmp/lens.json"
$py - "$tmp/lens.csv" "$tmp/lens.json" <<'PY' && ok || fail "lens CSV does not match attnlab lens"
import csv, json, sys
rows = list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))
assert rows[0] == ['layer', 'position', 'rank', 'id', 'token', 'probability'], rows[0]
lens = json.load(open(sys.argv[2], encoding='utf-8'))
want = {}
for l in lens['layers']:
    for p in l['positions']:
        for r, t in enumerate(p['top'][:5]):
            want[(l['layer'], p['position'], r + 1)] = (t['id'], t['token'], t['probability'])
got = {(int(a), int(b), int(c)): (int(d), e, float(f)) for a, b, c, d, e, f in rows[1:]}
assert set(got) == set(want), (len(got), len(want))
for k, (i, tok, p) in want.items():
    assert got[k][0] == i and got[k][1] == tok and abs(got[k][2] - p) < 1e-6, (k, got[k], want[k])
PY
# The beam tree (issue 32): a translation's search as a figure and as CSV, its boxes those of
# `attnlab generate`'s beam_tree; refused for a model that does not translate, JSON and bad widths.
for fmt in png svg pdf csv; do
    expect_exit 0 "beams $fmt" -- "$bin" export --model "$models/tiny-marian" --text "He went home." --view beams \
        --beams 3 --lang ko -o "$tmp/beams.$fmt"
done
grep -q "빔 탐색" "$tmp/beams.svg" && grep -q "1단계" "$tmp/beams.svg" && ok || fail "beams SVG lacks its title or steps"
if have pdftoppm; then
    pdftoppm -png -r 30 "$tmp/beams.pdf" "$tmp/render-beams" && [ -s "$tmp/render-beams-1.png" ] && ok || fail "beams.pdf does not render"
fi
expect_exit 0 "beams json for the csv" -- "$bin" generate --model "$models/tiny-marian" --text "He went home." --beams 3 \
    -o "$tmp/beams.json"
$py - "$tmp/beams.csv" "$tmp/beams.json" <<'PY' && ok || fail "beams CSV does not match attnlab generate's beam_tree"
import csv, json, sys
rows = list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))
assert rows[0] == ['step', 'node', 'parent', 'id', 'token', 'sum_log_p', 'finished', 'winner'], rows[0]
tree = json.load(open(sys.argv[2], encoding='utf-8'))['beam_tree']
assert len(rows) - 1 == sum(len(step) for step in tree), (len(rows), [len(s) for s in tree])
for r in rows[1:]:
    step, node = int(r[0]) - 1, int(r[1])
    want = tree[step][node]
    assert int(r[3]) == want['id'] and abs(float(r[5]) - want['sum']) < 1e-9 and (r[6] == '1') == want['finished'], (r, want)
    if step > 0:  # the CSV's parent is an index; the JSON's the rank among the running boxes before
        running = [i for i, b in enumerate(tree[step - 1]) if not b['finished']]
        assert int(r[2]) == running[want['parent']], (r, want)
PY
expect_exit 0 "beams at the folder's width" -- "$bin" export --model "$models/tiny-marian" --text "He went home." --view beams \
    -o "$tmp/beams4.svg"
grep -q "4 beams" "$tmp/err" && ok || fail "beams: the folder's num_beams (4) not used: $(cat "$tmp/err")"
expect_exit nonzero "beams with GPT-2" -- "$bin" export --model "$models/tiny-gpt2" --text "$en" --view beams -o "$tmp/x.pdf"
grep -q "translation model's beam search" "$tmp/err" && ok || fail "beams with GPT-2: $(cat "$tmp/err")"
expect_exit nonzero "beams as json" -- "$bin" export --model "$models/tiny-marian" --text "He went home." --view beams -o "$tmp/x.json"
grep -q "attnlab generate" "$tmp/err" && ok || fail "beams json: $(cat "$tmp/err")"
expect_exit nonzero "beams --beams 1" -- "$bin" export --model "$models/tiny-marian" --text "He went home." --view beams \
    --beams 1 -o "$tmp/x.pdf"
expect_exit nonzero "--beams on another view" -- "$bin" export --text "$en" --beams 3 -o "$tmp/x.pdf"
grep -q "belongs to --view beams" "$tmp/err" && ok || fail "--beams elsewhere: $(cat "$tmp/err")"

expect_exit nonzero "lens with the built-in model" -- "$bin" export --text "$en" --view lens -o "$tmp/x.pdf"
grep -q "needs a model that predicts the next token" "$tmp/err" && ok || fail "lens without a model: $(cat "$tmp/err")"
expect_exit nonzero "lens with BERT" -- "$bin" export --model "$models/tiny-bert" --text "$en" --view lens -o "$tmp/x.pdf"
expect_exit nonzero "lens as json" -- "$bin" export --model "$models/tiny-gpt2" --text "$en" --view lens -o "$tmp/x.json"
grep -q "attnlab lens" "$tmp/err" && ok || fail "lens json: $(cat "$tmp/err")"
expect_exit nonzero "--ablate on another view" -- "$bin" export --text "$en" --ablate 1.1 -o "$tmp/x.pdf"
expect_exit nonzero "lens bad --ablate" -- "$bin" export --model "$models/tiny-gpt2" --text "$en" --view lens --ablate 9.9 \
    -o "$tmp/x.pdf"
[ ! -e "$tmp/x.pdf" ] && [ ! -e "$tmp/x.json" ] && ok || fail "a failed lens export left a file"

# No display needed.
expect_exit 0 "no display" -- env -u DISPLAY -u WAYLAND_DISPLAY "$bin" export --text "$en" -o "$tmp/nodisplay.png"

echo "export: $passed passed, $failed failed, $skipped skipped"
[ $failed -eq 0 ]
