// layer_choice.h — the "Layer [slider]" row shared by the views of a multi-layer trace
// (PageUp / PageDown also change the layer: see app/shell/app_menus.cpp).
#pragma once

#include "app/state/app_state.h"

namespace attn::app {

// "Layer [slider]" for traces with several layers; writes s.layer.
void draw_layer_choice(AppState& s, int n_layers);

}  // namespace attn::app
