// panel.h — the Audio view (speech models): the recording on a time axis in seconds — its
// waveform, the log-mel spectrogram the encoder heard, and under it the cross-attention of every
// written token (or of the chosen word) over the frames — with the transcript's words placed at
// the times the alignment heads give them. Click a word to follow its cross-attention; the
// word's span (dynamic time warping) is drawn over everything. The view shows the run's "cross"
// section and asks for it when another section is shown. Above it, for a model that listens: record
// from the microphone, play the recording or a word, save it as WAV (record_bar.h).
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "app/jobs/compute_worker.h"
#include "app/views/audio/record_bar.h"
#include "app/state/app_state.h"

namespace attn::app {

struct AudioPanel {
    // The spectrogram as a texture, uploaded once per recording (GL context current).
    std::shared_ptr<const TraceAudio> uploaded;
    unsigned texture = 0;
    int texture_frames = 0;  // mel frames in the texture (those holding sound)
    // Every written token's cross-attention over the frames, for (trace, heads, colormap): the
    // rows (T − prompt, F) for hover values, and as a texture (each row on its own 0 … max).
    std::weak_ptr<const Trace> map_trace;  // the trace the map shows (weakly: an old trace is freed)
    std::vector<std::pair<int, int>> map_heads;
    Colormap map_colours = Colormap::Viridis;
    std::vector<std::vector<float>> map_rows;
    unsigned map_texture = 0;
    RecordBar record;  // the microphone and the speakers (record_bar.h)
};

void draw_audio_panel(AudioPanel& panel, AppState& state, const ComputeView& view);
void destroy_audio_panel(AudioPanel& panel);

}  // namespace attn::app
