#!/usr/bin/env bash
# family_rules_test.sh — a model family lives behind one interface (core/pretrained/family/family.h): no
# code outside core/pretrained asks which family a model is. Everything else asks the family's
# capabilities (model.caps()) or calls the family (model.family()). Fails on a family switch:
#   - the old switches: Architecture::, gpt2_weights( / bert_weights( / llama_weights( /
#     vit_weights(, is_causal_lm( / is_vision(;
#   - a comparison of a model's type or family name: model_type ==, family_name(…) ==, .id() ==;
#   - a family's own header (core/pretrained/families/…) included outside core/pretrained;
# except in the trainers' weight exporters (core/train: they build a family's weights from the
# trained parameters, and the rotary trainer shares the RoPE tables).
# And a family owns its settings: no code in app, cli, core/lm, core/attention, core/figure or
# core/lesson reads a family's settings (settings_as<…>, edit_settings<…>, seq2seq_settings(…),
# rotary_settings(…), …; and the old config.vision / decoder / seq2seq / speech / t5 blocks); it asks the family (decoder_facts, translation_languages, spoken_languages, pad_id, caps()).
# Likewise the trainers: no Arch:: or --arch comparison there; ask the kind (core/train/trainer_kinds.h).
# ATTNLAB_FAMILY_ROOT overrides the tree to check (family_rules_selftest.sh uses it).
set -uo pipefail
root=${ATTNLAB_FAMILY_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root" || exit 1

exporters='^core/train/(gpt2_io|llama_io|vit_io|llama_model)\.(h|cpp):'
switch='Architecture::|\b(gpt2|bert|llama|vit)_weights\(|is_causal_lm\(|is_vision\(|model_type *[!=]=|family_name\([^)]*\) *[!=]=|\.id\(\) *[!=]='
family_header='#[[:space:]]*include[[:space:]]*"core/pretrained/families/'

fails=0
while IFS= read -r hit; do
    [[ $hit =~ $exporters ]] && continue
    echo "family rules: $hit"
    echo "  (a family switch outside core/pretrained: ask model.caps() or call model.family() instead)"
    fails=$((fails + 1))
done < <(grep -rnE "$switch|$family_header" app cli core --include='*.h' --include='*.cpp' | grep -v '^core/pretrained/')

block='config\.(vision|decoder|seq2seq|speech|t5)\b|Arch::|\.arch *[!=]= *"|\b(settings_as|edit_settings) *<|\b(seq2seq|rotary|whisper|mbart|vit|t5)_settings\(|seq2seq_settings\.h'
while IFS= read -r hit; do
    echo "family rules: $hit"
    echo "  (a family's own settings read outside it: ask model.family() or model.caps() instead)"
    fails=$((fails + 1))
done < <(grep -rnE "$block" app cli core/lm core/attention core/figure core/lesson --include='*.h' --include='*.cpp')

if [ "$fails" -gt 0 ]; then
    echo "family rules: $fails place(s) outside core/pretrained ask which family a model is or read its settings"
    exit 1
fi
echo "family rules: no family switch and no family's settings read outside core/pretrained"
