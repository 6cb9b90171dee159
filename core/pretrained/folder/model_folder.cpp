// model_folder.cpp — finds config, weights and tokenizer files in a Hugging Face model folder and
// says exactly what is missing (nothing is opened but the folder listing); reads its small files.
#include "core/pretrained/folder/model_folder.h"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>
#include <vector>

namespace attn::pretrained {

namespace fs = std::filesystem;

namespace {

bool is_file(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

// Pickle checkpoints in `dir` (pytorch_model.bin first, then any other), sorted for a stable message.
std::vector<std::string> pickle_checkpoints(const fs::path& dir) {
    std::vector<std::string> found;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code type_ec;
        if (!it->is_regular_file(type_ec)) continue;
        const std::string ext = it->path().extension().string();
        if (ext == ".bin" || ext == ".pt" || ext == ".pth" || ext == ".ckpt") found.push_back(it->path().filename().string());
    }
    std::sort(found.begin(), found.end(), [](const std::string& a, const std::string& b) {
        if ((a == "pytorch_model.bin") != (b == "pytorch_model.bin")) return a == "pytorch_model.bin";
        return a < b;
    });
    return found;
}

Expected<ModelFolder> inspect(const std::string& path, bool need_tokenizer) {
    if (path.empty()) return Status::Error("No model folder given. Choose a folder that holds config.json and model.safetensors.");
    fs::path p(path);
    std::error_code ec;
    fs::file_status st = fs::status(p, ec);
    if (st.type() == fs::file_type::none)  // an error other than "not found", e.g. permission denied
        return Status::Error("Cannot look at '" + path + "': " + ec.message() + ".");
    if (!fs::exists(st))
        return Status::Error("'" + path + "' does not exist. Choose a folder that holds config.json and model.safetensors.");
    if (fs::is_regular_file(st)) {
        p = p.parent_path();  // a file inside the folder, e.g. its config.json
        if (p.empty()) p = ".";
        st = fs::status(p, ec);
    }
    if (!fs::is_directory(st))
        return Status::Error("'" + path + "' is not a folder. Choose the folder that holds config.json and model.safetensors.");

    ModelFolder m;
    m.dir = p.string();
    const std::string shown = "'" + m.dir + "'";

    if (!is_file(p / "config.json"))
        return Status::Error("No config.json in " + shown + ". A Hugging Face model folder has config.json next to "
                             "model.safetensors; download it from the model's Hub page.");
    m.config_path = (p / "config.json").string();

    if (is_file(p / "model.safetensors")) {
        m.weights_path = (p / "model.safetensors").string();
    } else if (is_file(p / "model.safetensors.index.json")) {
        return Status::Error(shown + " holds weights split into several files (model.safetensors.index.json). "
                             "Sharded weights are not supported yet; use a model small enough for one model.safetensors.");
    } else {
        std::vector<std::string> pickles = pickle_checkpoints(p);
        if (!pickles.empty()) {
            const std::string& bin = pickles.front();
            return Status::Error(
                shown + " has only a PyTorch pickle checkpoint (" + bin + "). AttnLab does not load pickle files: "
                "loading one can run arbitrary code hidden in it. Download model.safetensors from the model's Hub page, "
                "or convert it once with AttnLab's converter (needs Debian's python3-torch; it only accepts tensors):\n"
                "  /usr/bin/python3 tools/convert_to_safetensors.py " + shown);
        }
        return Status::Error("No model.safetensors in " + shown + ". Download it from the model's Hub page.");
    }

    auto optional = [&](const char* name) { return is_file(p / name) ? (p / name).string() : std::string(); };
    m.tokenizer_json = optional("tokenizer.json");
    m.vocab_json = optional("vocab.json");
    m.merges_txt = optional("merges.txt");
    m.vocab_txt = optional("vocab.txt");
    m.tokenizer_config = optional("tokenizer_config.json");
    m.preprocessor_config = optional("preprocessor_config.json");
    m.source_spm = optional("source.spm");
    m.target_spm = optional("target.spm");
    m.spiece_model = optional("spiece.model");
    m.sentencepiece_bpe = optional("sentencepiece.bpe.model");
    m.generation_config = optional("generation_config.json");
    const bool bpe_pair = !m.vocab_json.empty() && !m.merges_txt.empty();
    const bool spm = !m.source_spm.empty() && !m.vocab_json.empty();
    if (m.tokenizer_json.empty() && !bpe_pair && m.vocab_txt.empty() && !spm && m.spiece_model.empty() &&
        m.sentencepiece_bpe.empty()) {
        std::string msg = "No tokenizer in " + shown + ": looked for tokenizer.json, vocab.json + merges.txt (GPT-2), "
                          "vocab.txt (BERT), source.spm + vocab.json (Marian), spiece.model (T5) and "
                          "sentencepiece.bpe.model (mBART).";
        if (!m.source_spm.empty()) msg += " source.spm is there but vocab.json is missing.";
        else if (!m.vocab_json.empty()) msg += " vocab.json is there but merges.txt is missing.";
        if (!m.merges_txt.empty()) msg += " merges.txt is there but vocab.json is missing.";
        m.tokenizer_error = msg + " Download the tokenizer files from the model's Hub page.";
        if (need_tokenizer) return Status::Error(m.tokenizer_error);
    }
    return m;
}

}  // namespace

Expected<ModelFolder> inspect_model_folder(const std::string& path, bool need_tokenizer) {
    try {
        return inspect(path, need_tokenizer);
    } catch (const std::exception& e) {  // filesystem calls above use error codes; path conversions may still throw
        return Status::Error("Cannot inspect the model folder '" + path + "': " + e.what() + ".");
    }
}

constexpr std::uintmax_t kMaxConfigBytes = 1u << 20;  // a real config.json is a few KiB

Expected<std::string> read_config_file(const std::string& path) {
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) return Status::Error("Cannot read " + path + ": " + ec.message() + ".");
    if (size > kMaxConfigBytes) {
        return Status::Error(path + " is " + std::to_string(size / 1024) +
                             " KiB; a model's config.json is a few KiB. Is it the right file?");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) return Status::Error("Cannot open " + path + ".");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}


}  // namespace attn::pretrained
