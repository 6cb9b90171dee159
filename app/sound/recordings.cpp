// recordings.cpp — the microphone's takes on disk (the contract is in recordings.h).
#include "app/sound/recordings.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "core/audio/audio.h"
#include "core/base/atomic_file.h"

namespace attn::app {

namespace fs = std::filesystem;

std::string recordings_dir() {
    if (const char* x = std::getenv("XDG_DATA_HOME"); x != nullptr && *x == '/')
        return (fs::path(x) / "attnlab" / "recordings").string();
    if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
        return (fs::path(home) / ".local" / "share" / "attnlab" / "recordings").string();
    return "attnlab-recordings";
}

namespace {

Status write_bytes(const std::string& path, const std::vector<std::uint8_t>& bytes) {
    return write_file_atomically(path, [&](std::ostream& out) {
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
        return out ? Status::Ok() : Status::Error("Could not write " + path + ".");
    });
}

bool is_wav_name(const std::string& path) {
    std::string ext = fs::path(path).extension().string();
    for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
    return ext == ".wav";
}

}  // namespace

Expected<std::string> save_take(const RecordedTake& take, const std::string& dir, std::time_t now) {
    const double seconds = take.rate > 0 ? double(take.samples.size()) / take.rate : 0.0;
    if (seconds < kMinTakeSeconds)
        return Status::Error("The recording is too short (" + std::to_string(seconds) + " s).");
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return Status::Error("Could not create the folder " + dir + ": " + ec.message() + ".");
    std::tm local{};
    localtime_r(&now, &local);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
    fs::path path = fs::path(dir) / (std::string("recording-") + stamp + ".wav");
    for (int n = 2; fs::exists(path, ec) && n < 1000; ++n)
        path = fs::path(dir) / (std::string("recording-") + stamp + "-" + std::to_string(n) + ".wav");
    if (Status s = write_bytes(path.string(), audio::encode_wav16(take.samples, take.rate)); !s) return s;
    return path.string();
}

Status save_recording_as(const std::string& source, const std::vector<float>& heard, int rate, const std::string& dest) {
    if (dest.empty()) return Status::Error("Give the file a name.");
    std::error_code ec;
    if (!source.empty() && fs::exists(source, ec) && fs::equivalent(source, dest, ec))
        return Status::Error("That is the recording itself: choose another name.");
    if (!source.empty() && is_wav_name(source)) {
        std::ifstream in(source, std::ios::binary);
        std::ostringstream bytes;
        bytes << in.rdbuf();
        if (in && !bytes.str().empty()) {
            const std::string b = bytes.str();
            return write_bytes(dest, std::vector<std::uint8_t>(b.begin(), b.end()));
        }
    }
    if (heard.empty()) return Status::Error("There is no recording to save yet.");
    return write_bytes(dest, audio::encode_wav16(heard, rate));
}

}  // namespace attn::app
