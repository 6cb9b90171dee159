#!/usr/bin/env bash
# family_rules_selftest.sh — family_rules_test.sh must fail on a tree with a family switch outside
# core/pretrained: copies the sources, adds one kind of switch at a time and expects the failure.
source "$(dirname "$0")/selftest_lib.sh"
root_var=ATTNLAB_FAMILY_ROOT
check=(bash "$here/family_rules_test.sh")

fresh; run_check >/dev/null || { echo "selftest: the copy fails"; exit 1; }

fresh; echo 'static bool bert(const attn::pretrained::PretrainedModel& m) { return m.config.model_type == "bert"; }' >> "$tmp/t/app/state/app_state.cpp"
expect_fail "a view compares model_type" "app/state/app_state.cpp"

fresh; echo '#include "core/pretrained/families/gpt2/gpt2.h"' >> "$tmp/t/core/lm/knockout.cpp"
expect_fail "core/lm includes a family's header" "core/lm/knockout.cpp"

fresh; echo 'auto* w = attn::pretrained::llama_weights(m);' >> "$tmp/t/cli/generate_command.cpp"
expect_fail "the CLI asks for a family's weights" "cli/generate_command.cpp"

fresh; echo 'bool v = m.family().id() == std::string("vit");' >> "$tmp/t/app/jobs/export_job.cpp"
expect_fail "a job compares the family's id" "app/jobs/export_job.cpp"

fresh; echo 'bool g = pretrained::family_name(m.config) == "GPT-2";' >> "$tmp/t/app/views/lens/lens.cpp"
expect_fail "a view compares the family's name" "app/views/lens/lens.cpp"

fresh; echo 'bool d = m.config.is_causal_lm();' >> "$tmp/t/core/lm/logit_lens.cpp"
expect_fail "core/lm asks is_causal_lm" "core/lm/logit_lens.cpp"
fresh; echo 'int e = m.config.seq2seq.eos_id;' >> "$tmp/t/app/views/predict/translation.cpp"
expect_fail "a view reads an encoder-decoder's settings" "app/views/predict/translation.cpp"

fresh; echo 'auto h = m.config.vision.head;' >> "$tmp/t/cli/generate_command.cpp"
expect_fail "the CLI reads a vision model's settings" "cli/generate_command.cpp"

fresh; echo 'int p = config.decoder.eos_id;' >> "$tmp/t/core/lm/position_tests.cpp"
expect_fail "core/lm reads a decoder's settings" "core/lm/position_tests.cpp"
fresh; echo 'int b = attn::pretrained::seq2seq_settings(m.config).num_beams;' >> "$tmp/t/app/views/predict/translation.cpp"
expect_fail "a view reads the encoder-decoders' generation settings" "app/views/predict/translation.cpp"

fresh; echo 'auto& r = settings_as<RotarySettings>(model.config);' >> "$tmp/t/core/lm/position_tests.cpp"
expect_fail "core/lm reads a family's settings by type" "core/lm/position_tests.cpp"

fresh; echo 'bool l = o.arch == Arch::Llama;' >> "$tmp/t/app/views/train/panel.cpp"
expect_fail "the Train view switches on the trainer's Arch" "app/views/train/panel.cpp"

fresh; echo 'bool l = o.arch == "llama";' >> "$tmp/t/cli/train_command.cpp"
expect_fail "the CLI compares --arch" "cli/train_command.cpp"
echo "family rules selftest: every kind of switch is caught"
