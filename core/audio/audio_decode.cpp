// audio_decode.cpp — decode_audio: libsndfile over bytes in memory (its virtual I/O), checks from
// the header before any sample is allocated, then mix_to_mono and resample (resample.cpp).
#include <sndfile.h>

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <cmath>
#include <cstring>

#include "core/audio/audio.h"
#include "core/base/library_log.h"
#include "core/base/limits.h"
#include "core/base/user_file.h"
#include "core/base/utf8.h"

namespace attn::audio {

namespace {

// The bytes libsndfile reads through its virtual I/O (read only: `write` writes nothing).
struct MemoryFile {
    const std::uint8_t* data;
    sf_count_t size;
    sf_count_t pos = 0;
};

sf_count_t mem_length(void* user) { return static_cast<MemoryFile*>(user)->size; }
sf_count_t mem_tell(void* user) { return static_cast<MemoryFile*>(user)->pos; }
sf_count_t mem_seek(sf_count_t offset, int whence, void* user) {
    auto* f = static_cast<MemoryFile*>(user);
    sf_count_t base = whence == SEEK_CUR ? f->pos : whence == SEEK_END ? f->size : 0;
    // Out of range: refused (-1) rather than wrapped; libsndfile then reports the file as damaged.
    if (offset >= 0 ? offset > f->size - base : offset < -base) return -1;
    f->pos = base + offset;
    return f->pos;
}
sf_count_t mem_read(void* ptr, sf_count_t count, void* user) {
    auto* f = static_cast<MemoryFile*>(user);
    if (count <= 0 || f->pos >= f->size) return 0;
    const sf_count_t n = std::min(count, f->size - f->pos);
    std::memcpy(ptr, f->data + f->pos, static_cast<std::size_t>(n));
    f->pos += n;
    return n;
}
sf_count_t mem_write(const void*, sf_count_t, void*) { return 0; }

struct SndCloser {
    SNDFILE* sf;
    ~SndCloser() {
        if (sf) sf_close(sf);
    }
};

const char* container_name(int format) {
    switch (format & SF_FORMAT_TYPEMASK) {
        case SF_FORMAT_WAV: return "WAV";
        case SF_FORMAT_WAVEX: return "WAV (extensible)";
        case SF_FORMAT_RF64: return "RF64 (WAV)";
        case SF_FORMAT_W64: return "Wave64";
        case SF_FORMAT_AIFF: return "AIFF";
        case SF_FORMAT_AU: return "AU";
        case SF_FORMAT_FLAC: return "FLAC";
        case SF_FORMAT_OGG: return "Ogg";
        case SF_FORMAT_MPEG: return "MPEG";
        case SF_FORMAT_CAF: return "CAF";
        case SF_FORMAT_RAW: return "raw";
        case SF_FORMAT_PAF: return "PAF";
        case SF_FORMAT_SVX: return "8SVX";
        case SF_FORMAT_NIST: return "NIST SPHERE";
        case SF_FORMAT_VOC: return "VOC";
        case SF_FORMAT_IRCAM: return "IRCAM";
        case SF_FORMAT_MAT4: return "MAT4";
        case SF_FORMAT_MAT5: return "MAT5";
        case SF_FORMAT_PVF: return "PVF";
        case SF_FORMAT_XI: return "XI";
        case SF_FORMAT_HTK: return "HTK";
        case SF_FORMAT_SDS: return "SDS";
        case SF_FORMAT_AVR: return "AVR";
        case SF_FORMAT_SD2: return "SD2";
        case SF_FORMAT_WVE: return "WVE";
        case SF_FORMAT_MPC2K: return "MPC 2000";
        default: return "sound";
    }
}

const char* encoding_name(int format) {
    switch (format & SF_FORMAT_SUBMASK) {
        case SF_FORMAT_PCM_S8: case SF_FORMAT_PCM_U8: return "8-bit PCM";
        case SF_FORMAT_PCM_16: return "16-bit PCM";
        case SF_FORMAT_PCM_24: return "24-bit PCM";
        case SF_FORMAT_PCM_32: return "32-bit PCM";
        case SF_FORMAT_FLOAT: return "32-bit float";
        case SF_FORMAT_DOUBLE: return "64-bit float";
        case SF_FORMAT_ULAW: return "µ-law";
        case SF_FORMAT_ALAW: return "A-law";
        case SF_FORMAT_IMA_ADPCM: case SF_FORMAT_MS_ADPCM: return "ADPCM";
        case SF_FORMAT_VORBIS: return "Vorbis";
        case SF_FORMAT_OPUS: return "Opus";
        case SF_FORMAT_MPEG_LAYER_III: return "MP3";
        case SF_FORMAT_MPEG_LAYER_I: case SF_FORMAT_MPEG_LAYER_II: return "MPEG audio";
        default: return nullptr;
    }
}

std::string format_text(int format) {
    const char* container = container_name(format);
    const char* encoding = encoding_name(format);
    if ((format & SF_FORMAT_TYPEMASK) == SF_FORMAT_MPEG && encoding) return encoding;  // "MP3"
    if (!encoding) return container;
    if ((format & SF_FORMAT_TYPEMASK) == SF_FORMAT_OGG) return std::string("Ogg ") + encoding;
    if ((format & SF_FORMAT_TYPEMASK) == SF_FORMAT_FLAC)  // "FLAC, 16-bit": FLAC codes PCM losslessly
        return "FLAC, " + std::string(encoding).substr(0, std::strlen(encoding) - (std::strstr(encoding, " PCM") ? 4 : 0));
    return std::string(container) + ", " + encoding;
}

bool starts_with(const std::uint8_t* data, std::size_t size, const char* magic, std::size_t n, std::size_t at = 0) {
    return size >= at + n && std::memcmp(data + at, magic, n) == 0;
}

// Files people try that are not sound, named so the message can say what the file is.
const char* other_kind(const std::uint8_t* data, std::size_t size) {
    if (starts_with(data, size, "\x89PNG", 4) || starts_with(data, size, "\xff\xd8\xff", 3) ||
        starts_with(data, size, "GIF8", 4))
        return "an image";
    if (starts_with(data, size, "%PDF", 4)) return "a PDF document";
    if (starts_with(data, size, "ftyp", 4, 4)) return "an MP4/M4A file (AAC sound, which AttnLab does not decode)";
    if (starts_with(data, size, "\x1a\x45\xdf\xa3", 4)) return "a WebM/Matroska file";
    if (starts_with(data, size, "PK\x03\x04", 4)) return "a ZIP archive";
    return nullptr;
}

std::string minutes_text(double seconds) {
    char buf[48];
    if (seconds >= 60) std::snprintf(buf, sizeof buf, "%d min %02d s", int(seconds) / 60, int(seconds) % 60);
    else std::snprintf(buf, sizeof buf, "%.1f s", seconds);
    return buf;
}

}  // namespace

Expected<Sound> decode_audio(const std::uint8_t* data, std::size_t size, const std::string& name, int rate) {
    const std::string shown = printable_input(name, 200);
    if (size == 0 || data == nullptr) return Status::Error("'" + shown + "' is empty (0 bytes).");
    if (size > limits::kMaxAudioFileBytes)
        return too_large_error(shown, size, limits::kMaxAudioFileBytes, "recordings");
    if (const char* other = other_kind(data, size))
        return Status::Error("'" + shown + "' is " + other + ", not a recording; AttnLab reads " +
                             kSupportedAudioFormats + " files.");

    MemoryFile file{data, static_cast<sf_count_t>(size)};
    SF_VIRTUAL_IO io{mem_length, mem_seek, mem_read, mem_write, mem_tell};
    SF_INFO info{};
    // libsndfile's decoders (libmpg123 above all) print on stderr by themselves: kept, and their last
    // line joins our message when the file is refused. Declared before `sf` so it outlives sf_close.
    const LibraryLog log;
    SndCloser sf{sf_open_virtual(&io, SFM_READ, &info, &file)};
    if (!sf.sf) {
        std::string why = printable_input(sf_strerror(nullptr), 120);
        if (why.find("SF_INFO struct incomplete") != std::string::npos)  // libsndfile's words for a 0 Hz or 0-channel header
            why = "its header gives no sample rate or no channels";
        // libsndfile's words for a format it does not recognise speak of missing files and pipes
        // (its message for an unreadable path): the file exists, it is the format that is unknown.
        if (why.find("possibly a pipe") != std::string::npos || why.find("does not exist") != std::string::npos)
            why = "its format is none libsndfile recognises";
        if (const std::string said = log.last_line(); !said.empty()) why += "; the decoder said: " + said;
        return Status::Error("'" + shown + "' is not a sound file AttnLab can read (" + why + "); it reads " +
                             kSupportedAudioFormats + " files.");
    }
    const std::string format = format_text(info.format);
    if (info.channels < 1 || info.channels > limits::kMaxAudioChannels)
        return Status::Error("'" + shown + "' says it has " + std::to_string(info.channels) +
                             " channels; AttnLab reads recordings of 1 to " +
                             std::to_string(limits::kMaxAudioChannels) + " channels.");
    if (info.samplerate < limits::kMinAudioRate || info.samplerate > limits::kMaxAudioRate)
        return Status::Error("'" + shown + "' says its sample rate is " + std::to_string(info.samplerate) +
                             " Hz; AttnLab reads " + std::to_string(limits::kMinAudioRate) + " to " +
                             std::to_string(limits::kMaxAudioRate) + " Hz.");
    const auto max_frames = static_cast<sf_count_t>(limits::kMaxAudioSeconds * info.samplerate);
    const std::string too_long = "'" + shown + "' is longer than AttnLab's limit of " +
                                 minutes_text(limits::kMaxAudioSeconds) +
                                 "; cut out the part you need first (speech models listen to 30 s at a time).";
    // Some formats do not know their length (streams); then the read below stops at the limit.
    if (info.frames > max_frames && info.frames != SF_COUNT_MAX) {
        return Status::Error("'" + shown + "' is " + minutes_text(double(info.frames) / info.samplerate) +
                             " long; AttnLab reads recordings of at most " +
                             minutes_text(limits::kMaxAudioSeconds) + ". Cut out the part you need first.");
    }

    // Read in blocks: the header's frame count is not trusted for the allocation.
    const int channels = info.channels;
    constexpr sf_count_t kBlock = 4096;
    std::vector<float> block(static_cast<std::size_t>(kBlock) * static_cast<std::size_t>(channels));
    std::vector<float> mono;
    mono.reserve(static_cast<std::size_t>(std::clamp<sf_count_t>(info.frames, 0, max_frames)));
    for (;;) {
        const sf_count_t got = sf_readf_float(sf.sf, block.data(), kBlock);
        if (got <= 0) break;
        if (static_cast<sf_count_t>(mono.size()) + got > max_frames) return Status::Error(too_long);
        const std::vector<float> part = mix_to_mono(block.data(), static_cast<std::size_t>(got), channels);
        mono.insert(mono.end(), part.begin(), part.end());
    }
    if (sf_error(sf.sf) != SF_ERR_NO_ERROR && mono.empty()) {
        std::string why = printable_input(sf_strerror(sf.sf), 120);
        if (const std::string said = log.last_line(); !said.empty()) why += "; the decoder said: " + said;
        return Status::Error("'" + shown + "' is a damaged " + format + " file (" + why + ").");
    }
    if (mono.empty())
        return Status::Error("'" + shown + "' (" + format + ") holds no sound: 0 samples.");
    for (float v : mono) {
        if (!std::isfinite(v))
            return Status::Error("'" + shown + "' holds samples that are not numbers (NaN or infinity); "
                                 "the file is damaged.");
        // Full scale is ±1; a floating-point file may go a little past it, not by 60 dB (such values
        // also overflow the resampler's filter into NaN).
        if (std::fabs(v) > kMaxSampleMagnitude) {
            char value[32];
            std::snprintf(value, sizeof value, "%.3g", double(v));
            return Status::Error("'" + shown + "' holds a sample of " + value +
                                 ", far beyond full scale (±1); the file is damaged.");
        }
    }

    Sound sound;
    sound.format = format;
    sound.file_sample_rate = info.samplerate;
    sound.file_channels = channels;
    sound.sample_rate = rate;
    sound.samples = resample(mono, info.samplerate, rate);
    if (sound.samples.empty())  // a few samples at a high rate round to none at 16 kHz
        return Status::Error("'" + shown + "' (" + format + ") is too short: " + std::to_string(mono.size()) +
                             " samples at " + std::to_string(info.samplerate) + " Hz are less than one at " +
                             std::to_string(rate) + " Hz.");
    return sound;
}

Expected<Sound> read_audio_file(const std::string& path, int rate) {
    auto bytes = read_user_file(path, limits::kMaxAudioFileBytes, "recordings");
    if (!bytes.ok()) return bytes.status();
    return decode_audio(bytes->data(), bytes->size(), path, rate);
}

std::vector<float> mix_to_mono(const float* interleaved, std::size_t frames, int channels) {
    assert(channels >= 1);
    std::vector<float> out(frames);
    if (channels == 1) {
        std::copy(interleaved, interleaved + frames, out.begin());
        return out;
    }
    const std::size_t c = static_cast<std::size_t>(channels);
    for (std::size_t i = 0; i < frames; ++i) {
        double sum = 0;
        for (std::size_t k = 0; k < c; ++k) sum += interleaved[i * c + k];
        out[i] = static_cast<float>(sum / channels);
    }
    return out;
}

}  // namespace attn::audio
