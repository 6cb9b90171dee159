// recordings.h — where the microphone's takes are kept, and saving what the model heard as WAV
// (GL-free; the Audio view's record bar calls these).
#pragma once

#include <ctime>
#include <string>
#include <vector>

#include "app/sound/sound_device.h"
#include "core/base/status.h"

namespace attn::app {

inline constexpr double kMinTakeSeconds = 0.3;  // shorter takes are refused (a click, not a sentence)

// $XDG_DATA_HOME/attnlab/recordings, else ~/.local/share/attnlab/recordings, else ./attnlab-recordings.
std::string recordings_dir();

// Writes the take as a 16-bit WAV at its own rate, named recording-YYYYMMDD-HHMMSS.wav (local time
// `now`; -2, -3 … when taken) in `dir`, created when missing. Returns the file's path. Refuses a
// take shorter than kMinTakeSeconds.
Expected<std::string> save_take(const RecordedTake& take, const std::string& dir, std::time_t now);

// Saves what the model heard at `dest` as WAV: the source file's bytes when it is a WAV already
// (nothing re-encoded), else `heard` (mono at `rate`) as 16-bit PCM. Written atomically; the
// source is never touched, and saving onto the source itself is refused.
Status save_recording_as(const std::string& source, const std::vector<float>& heard, int rate, const std::string& dest);

}  // namespace attn::app
