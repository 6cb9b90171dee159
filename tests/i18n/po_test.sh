#!/usr/bin/env bash
# po_test.sh — the translations are complete and current (ctest po_catalogues):
#   1. po/attnlab.pot is what xgettext extracts from the code today (tools/update-po.sh)
#   2. every po/*.po passes msgfmt --check (formats, headers) and has the template's messages
#   3. Korean is first-class: po/ko.po has no untranslated and no fuzzy message
# Then the checks are run on broken copies to show they bite (a test that cannot fail is a defect).
set -u
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The template without its creation date (the only line that changes from run to run).
undated() { grep -v '^"POT-Creation-Date: ' "$1"; }

# check_po PO POT FIRST_CLASS: problems on stdout, status 1 when any.
check_po() {
    local po=$1 pot=$2 first_class=$3 bad=0
    msgfmt --check -o /dev/null "$po" 2>"$tmp/msgfmt.err" || { echo "$po: msgfmt --check: $(head -3 "$tmp/msgfmt.err")"; bad=1; }
    # msgcmp: every message of the template is in the catalogue (untranslated ones included).
    msgcmp --use-untranslated "$po" "$pot" 2>"$tmp/msgcmp.err" || { echo "$po: not merged with the template: $(head -3 "$tmp/msgcmp.err")"; bad=1; }
    if [ "$first_class" = 1 ]; then
        local n
        n=$(msgattrib --untranslated --no-obsolete "$po" | grep -c '^msgid ' || true)
        [ "$n" -le 1 ] || { echo "$po: $((n - 1)) untranslated message(s)"; bad=1; }  # the header counts once
        n=$(msgattrib --only-fuzzy --no-obsolete "$po" | grep -c '^msgid ' || true)
        [ "$n" -eq 0 ] || { echo "$po: $n fuzzy message(s)"; bad=1; }
    fi
    return $bad
}

# 1. The template is current.
tools/update-po.sh --pot-to "$tmp/now.pot" || fail "xgettext failed"
if ! diff <(undated po/attnlab.pot) <(undated "$tmp/now.pot") >"$tmp/pot.diff"; then
    fail "po/attnlab.pot is not what the code marks today; run tools/update-po.sh and translate. First differences:"
    head -20 "$tmp/pot.diff"
fi

# 2 and 3. Every catalogue.
for po in po/*.po; do
    code=$(basename "$po" .po)
    first=0
    [ "$code" = ko ] && first=1
    out=$(check_po "$po" po/attnlab.pot "$first") || fail "$out"
    echo "$po: $(msgfmt --statistics -o /dev/null "$po" 2>&1)"
done

# The checks bite: a fuzzy message, an emptied one, a template with a message the catalogue lacks.
awk 'BEGIN{d=0} /^msgid "Controls"$/ && !d {print "#, fuzzy"; d=1} {print}' po/ko.po >"$tmp/fuzzy.po"
check_po "$tmp/fuzzy.po" po/attnlab.pot 1 >/dev/null && fail "a fuzzy Korean message was not caught"
awk 'BEGIN{e=0} e==1 {print "msgstr \"\""; e=2; next} /^msgid "Controls"$/ && !e {e=1} {print}' po/ko.po >"$tmp/empty.po"
check_po "$tmp/empty.po" po/attnlab.pot 1 >/dev/null && fail "an untranslated Korean message was not caught"
{ cat po/attnlab.pot; printf '\nmsgid "A message the code added today"\nmsgstr ""\n'; } >"$tmp/newer.pot"
check_po po/ko.po "$tmp/newer.pot" 1 >/dev/null && fail "a message missing from ko.po was not caught"
sed 's/^msgstr "토큰 %d × %d · 헤드 %d개 · d_k = %d · %.1f ms"$/msgstr "토큰 %d × %d · 헤드 %d개 · d_k = %d"/' po/ko.po >"$tmp/format.po"
cmp -s po/ko.po "$tmp/format.po" && fail "the format-check case did not apply (its message changed?)"
check_po "$tmp/format.po" po/attnlab.pot 1 >/dev/null && fail "a translation dropping a printf argument was not caught"
{ sed -n '1,/^$/p' "$tmp/now.pot"; printf 'msgid "Not in the code"\nmsgstr ""\n'; } >"$tmp/stale.pot"
diff <(undated "$tmp/stale.pot") <(undated "$tmp/now.pot") >/dev/null && fail "a stale template was not caught"

if [ $failures -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "po test: all passed"
