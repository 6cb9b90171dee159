#!/usr/bin/env bash
# layout_selftest.sh — the layout test must fail on a tree that breaks each rule: copies the
# sources into a temporary tree, breaks one rule at a time and expects layout_test.sh to say so.
source "$(dirname "$0")/selftest_lib.sh"
root_var=ATTNLAB_LAYOUT_ROOT
check=(bash "$here/layout_test.sh" state/app_state.cpp)

fresh; ATTNLAB_LAYOUT_ROOT="$tmp/t" bash "$here/layout_test.sh" >/dev/null || { echo "selftest: the copy fails"; exit 1; }

fresh; echo '#include "app/state/app_state.h"' >> "$tmp/t/core/attention/engine.cpp"
expect_fail "core/ includes app/" "core/attention/ may not include app/state/app_state.h"

fresh; echo '#include <imgui.h>' >> "$tmp/t/core/base/utf8.cpp"
expect_fail "core/ includes ImGui" "may not include <imgui.h>"

fresh; echo '#include "core/attention/trace.h"' >> "$tmp/t/core/base/utf8.cpp"
expect_fail "base/ includes attention/" "core/base/ may not include core/attention/trace.h"

fresh; echo '#include "app/shell/app_window.h"' >> "$tmp/t/app/views/cost/panel.cpp"
expect_fail "a view includes the shell" "app/views/cost/ may not include app/shell/app_window.h"

fresh; echo '#include "app/views/pipeline/pipeline.h"' >> "$tmp/t/app/views/cost/panel.cpp"
expect_fail "a view includes another view" "may not include app/views/pipeline/pipeline.h"

fresh; echo '#include "core/pretrained/families/gpt2/gpt2.h"' >> "$tmp/t/core/pretrained/families/bert/bert.cpp"
expect_fail "a family includes another family" "core/pretrained/families/bert/ may not include core/pretrained/families/gpt2/gpt2.h"

fresh; echo '#include "core/pretrained/family/family.h"' >> "$tmp/t/core/pretrained/blocks/nn_ops.cpp"
expect_fail "core/pretrained's blocks include the family interface" "core/pretrained/blocks/ may not include core/pretrained/family/family.h"

fresh; echo '#include "app/jobs/model_loader.h"' >> "$tmp/t/app/state/settings.cpp"
expect_fail "the state includes a job" "app/state/ may not include app/jobs/model_loader.h"

fresh; echo '#include "app/views/cost/panel.h"' >> "$tmp/t/app/matrix/heatmap_data.cpp"
expect_fail "a shared block includes a view" "app/matrix/ may not include app/views/cost/panel.h"

fresh; echo '#include <GL/gl.h>' >> "$tmp/t/app/state/app_state.cpp"
expect_fail "GL-free logic includes GL" "part of the GL-free app logic"

fresh; printf '#pragma once\n' > "$tmp/t/core/loose.h"
expect_fail "a file at the top of core/" "a file at the top of core/"

fresh; printf '// loose.h — x\n#pragma once\n' > "$tmp/t/core/pretrained/loose.h"
expect_fail "a file at the top of core/pretrained/" "a file at the top of core/pretrained/"

fresh; echo '#include "core/attention/softmax.h"' >> "$tmp/t/core/attention/fast_exp.h"
expect_fail "two files include each other" "include each other in a loop"

fresh; sed -i '1d' "$tmp/t/core/base/utf8.h"
expect_fail "a file without its header comment" "first line must be"
echo "selftest: every broken rule was caught"
