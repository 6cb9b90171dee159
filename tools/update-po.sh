#!/usr/bin/env bash
# update-po.sh — after adding or changing a marked message (N_ / NC_, core/i18n/marks.h):
# extracts every marked message into po/attnlab.pot (xgettext) and merges it into each
# po/<code>.po (msgmerge), where new or changed messages appear untranslated or fuzzy for the
# translator (po/README.md). `--pot-to FILE` only writes the template there (the test's check).
set -euo pipefail
cd "$(dirname "$0")/.."
pot=po/attnlab.pot
[ "${1:-}" = --pot-to ] && pot=$2

# The files that mark messages, in a stable order.
mapfile -t files < <( (git ls-files --cached --others --exclude-standard 'app/*.cpp' 'app/*.h' 'core/*.cpp' 'core/*.h' 'cli/*.cpp' 'cli/*.h' 2>/dev/null ||
                       find app core cli -name '*.cpp' -o -name '*.h') | LC_ALL=C sort |
                     xargs grep -lE '\bNC?_\(' | grep -v '^core/i18n/marks\.h$')
xgettext --language=C++ --from-code=UTF-8 --keyword --keyword=N_ --keyword=NC_:1c,2 \
    --add-comments=TRANSLATORS: --add-location=file --package-name=AttnLab --copyright-holder="the AttnLab authors" \
    -o "$pot" "${files[@]}"
[ "${1:-}" = --pot-to ] && exit 0

for po in po/*.po; do
    msgmerge --quiet --update --backup=off --no-fuzzy-matching --add-location=file "$po" "$pot"
    echo "$po: $(msgfmt --check --statistics -o /dev/null "$po" 2>&1)"
done
