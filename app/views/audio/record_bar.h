// record_bar.h — the Audio view's sound controls for a model that listens: record a sentence from
// the microphone (a level meter, the seconds against the 30-second limit), play what the model
// heard or only the chosen word's span, and save the recording as WAV. The sound card is used
// through SoundDevice (its own thread): nothing here waits for it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "app/jobs/async_job.h"
#include "app/jobs/compute_worker.h"
#include "app/sound/sound_device.h"
#include "app/state/app_state.h"

namespace attn::app {

// Save as WAV, on a thread of its own: a long WAV source is copied byte for byte, anything else is
// written from what the model heard (16-bit PCM), atomically either way.
struct SaveRecording {
    std::string source;          // the recording in use (copied as it is when it is a WAV file)
    std::vector<float> samples;  // what was heard, for any other source
    int rate = 16000;
    std::string dest;
};

struct RecordBar {
    std::unique_ptr<SoundDevice> sound;  // made at the first press (a thread of its own)
    std::string message;                 // the last outcome, in the UI's language
    bool message_ok = true;
    double play_origin = 0;              // seconds into the recording where playback started
    bool save_open = false;
    std::string save_path;
    std::unique_ptr<LatestJob<SaveRecording, Status>> save_job;  // made at the first save
    bool saving = false;  // a save runs: the dialog's button waits, frames keep coming
};

void draw_record_bar(RecordBar& bar, AppState& state, const ComputeView& view);
// Recording, playing or opening the sound card: the UI keeps drawing (the meter, the playhead).
bool sound_busy(const RecordBar& bar);
// Where the playhead is (seconds into the recording), or a negative number when nothing plays.
double playhead_seconds(const RecordBar& bar);

}  // namespace attn::app
