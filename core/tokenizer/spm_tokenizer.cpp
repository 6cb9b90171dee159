// spm_tokenizer.cpp — SentencePiece model files (Marian's source.spm / target.spm, T5's spiece.model,
// mBART's sentencepiece.bpe.model) run by Debian's libsentencepiece: its normalizer, its unigram or
// BPE search and its byte spans are the library's, not a copy of them.
//
// Ids: a Marian folder numbers pieces in its own vocab.json (not the spm's order), and a piece the
// vocabulary lacks is that file's <unk>, as MarianTokenizer does; mBART numbers them as fairseq
// did (four specials first, each piece one place later, then the language codes); otherwise the
// spm's own ids are the model's. The vocabulary's special tokens (</s>, <unk>, <pad>) typed in the text are
// those tokens (split out before the spm sees the rest, as Hugging Face's tokenizers do).
#include <sentencepiece_processor.h>

#include <algorithm>
#include <cassert>
#include <exception>
#include <filesystem>
#include <optional>

#include "core/base/utf8.h"
#include "core/tokenizer/spm_model_check.h"
#include "core/tokenizer/subword_files.h"
#include "core/tokenizer/subword_tokenizer.h"

namespace attn::pretrained {

using namespace subword_files;

namespace {

constexpr const char* kSpace = "\xE2\x96\x81";  // ▁, SentencePiece's mark for a space

// "▁flies" -> "flies", "▁" alone stays visible.
std::string spm_display(const std::string& piece) {
    std::string out;
    for (std::size_t i = 0; i < piece.size();) {
        if (piece.compare(i, 3, kSpace) == 0) {
            out += ' ';
            i += 3;
        } else {
            out += piece[i++];
        }
    }
    const std::size_t first = out.find_first_not_of(' ');
    if (first == std::string::npos) return piece;
    return out.substr(first);
}

// fairseq's numbering (make_fairseq_spm_tokenizer): its four specials, then the spm's pieces.
constexpr const char* kFairseqSpecials[4] = {"<s>", "<pad>", "</s>", "<unk>"};
constexpr int kFairseqUnk = 3;

class SpmTokenizer final : public SubwordTokenizer {
public:
    SpmTokenizer(std::unique_ptr<sentencepiece::SentencePieceProcessor> sp, std::optional<VocabTable> vocab,
                 int extra_ids)
        : sp_(std::move(sp)), vocab_(std::move(vocab)), extra_ids_(extra_ids) {
        if (vocab_) {
            unk_id = vocab_->find("<unk>");
            eos_id = vocab_->find("</s>");
            pad_id = vocab_->find("<pad>");
            for (const char* special : {"</s>", "<unk>", "<pad>"})
                if (int id = vocab_->find(special); id >= 0) added_.push_back({special, id, false});
        } else {
            unk_id = sp_->unk_id();
            eos_id = own_id("</s>");
            pad_id = own_id("<pad>");
            for (int id = 0; id < sp_->GetPieceSize(); ++id)
                if (sp_->IsControl(id) && !sp_->IdToPiece(id).empty()) added_.push_back({sp_->IdToPiece(id), id, false});
            for (int id = sp_->GetPieceSize(); id < vocab_size(); ++id) added_.push_back({piece(id), id, false});
        }
    }

    // fairseq's ids (mBART): <s> 0, <pad> 1, </s> 2, <unk> 3, piece i at i + 1, `appended` after them.
    SpmTokenizer(std::unique_ptr<sentencepiece::SentencePieceProcessor> sp, std::vector<std::string> appended)
        : sp_(std::move(sp)), fairseq_(true), appended_(std::move(appended)) {
        pad_id = 1;
        eos_id = 2;
        unk_id = kFairseqUnk;
        for (int id = 0; id < 4; ++id) added_.push_back({kFairseqSpecials[id], id, false});
        for (std::size_t k = 0; k < appended_.size(); ++k)
            added_.push_back({appended_[k], sp_->GetPieceSize() + 1 + int(k), false});
    }

    SubwordKind kind() const override { return SubwordKind::SentencePiece; }

    Expected<std::vector<SubwordToken>> encode(std::string_view text, std::size_t max_tokens) const override {
        if (Status s = validate_utf8(text); !s.ok()) return s;
        std::vector<SubwordToken> out;
        for (const TextSegment& seg : split_on_added_tokens(text, added_)) {
            if (seg.added_id >= 0) {
                if (out.size() >= max_tokens) return too_many_subword_tokens(max_tokens);
                out.push_back(SubwordToken{seg.added_id, piece(seg.added_id), piece(seg.added_id), seg.begin, seg.end, false});
                continue;
            }
            const std::string_view part = text.substr(seg.begin, seg.end - seg.begin);
            sentencepiece::ImmutableSentencePieceText spt;
            try {
                spt = sp_->EncodeAsImmutableProto(part);
            } catch (const std::exception& e) {
                return Status::Error(std::string("The SentencePiece model could not split the text (") + e.what() + ").");
            }
            for (const auto& p : spt.pieces()) {
                if (out.size() >= max_tokens) return too_many_subword_tokens(max_tokens);
                SubwordToken t;
                t.piece = p.piece();
                t.id = vocab_ ? vocab_->find(t.piece) : int(p.id());
                if (fairseq_) t.id = int(p.id()) == sp_->unk_id() ? kFairseqUnk : int(p.id()) + 1;
                if (t.id < 0) t.id = unk_id;
                t.display = spm_display(t.piece);
                // The library's spans are bytes of `part`; a piece the normalizer made up (the
                // leading ▁) may cover no input byte.
                t.byte_begin = seg.begin + std::min<std::size_t>(p.begin(), part.size());
                t.byte_end = seg.begin + std::min<std::size_t>(std::max(p.begin(), p.end()), part.size());
                out.push_back(std::move(t));
            }
        }
        return out;
    }

    int vocab_size() const override {
        if (fairseq_) return sp_->GetPieceSize() + 1 + int(appended_.size());
        return vocab_ ? int(vocab_->pieces.size()) : sp_->GetPieceSize() + extra_ids_;
    }

    int token_id(std::string_view piece) const override {
        if (vocab_) return vocab_->find(piece);
        if (fairseq_) {
            for (const AddedToken& t : added_)
                if (t.content == piece) return t.id;
            const int own = own_id(piece);
            return own >= 0 && !sp_->IsControl(own) && own != sp_->unk_id() ? own + 1 : -1;
        }
        for (const AddedToken& sentinel : added_)
            if (sentinel.id >= sp_->GetPieceSize() && sentinel.content == piece) return sentinel.id;
        return own_id(piece);
    }

    // T5's sentinels follow the spm's pieces, numbered down: <extra_id_0> is the last id.
    std::string piece(int id) const override {
        if (id < 0 || id >= vocab_size()) return "";
        if (vocab_) return vocab_->pieces[std::size_t(id)];
        if (fairseq_) {
            if (id < 4) return kFairseqSpecials[id];
            if (id > sp_->GetPieceSize()) return appended_[std::size_t(id - sp_->GetPieceSize() - 1)];
            return sp_->IdToPiece(id - 1);
        }
        if (id >= sp_->GetPieceSize()) return "<extra_id_" + std::to_string(vocab_size() - 1 - id) + ">";
        return sp_->IdToPiece(id);
    }

    bool is_special(int id) const override {
        if (fairseq_)  // <s> <pad> </s> and the appended codes (<unk> stands for text)
            return SubwordTokenizer::is_special(id) || (id >= 0 && id < kFairseqUnk) ||
                   (id > sp_->GetPieceSize() && id < vocab_size());
        return SubwordTokenizer::is_special(id) || (!vocab_ && id >= sp_->GetPieceSize() && id < vocab_size());
    }

    // The pieces back through the spm's own decoder (▁ to spaces, the leading one dropped); control
    // tokens left out, a piece the spm lacks (another language's, in a joint vocabulary) as it is.
    std::string decode(const std::vector<int>& ids) const override {
        std::vector<std::string> pieces;
        for (int id : ids) {
            if (id < 0 || id >= vocab_size() || is_special(id)) continue;
            pieces.push_back(piece(id));
        }
        try {
            return sp_->DecodePieces(pieces);
        } catch (const std::exception&) {
            return {};  // a model that cannot decode (refused at load in practice) gives no text
        }
    }

private:
    int own_id(std::string_view piece) const {
        const int id = sp_->PieceToId(piece);  // the unknown id when absent
        return id >= 0 && sp_->IdToPiece(id) == piece ? id : -1;
    }

    std::unique_ptr<sentencepiece::SentencePieceProcessor> sp_;
    std::optional<VocabTable> vocab_;
    int extra_ids_ = 0;  // sentinels after the spm's pieces (own ids only)
    bool fairseq_ = false;               // fairseq's ids (mBART)
    std::vector<std::string> appended_;  // fairseq: the tokens after the pieces (language codes, <mask>)
    std::vector<AddedToken> added_;
};

}  // namespace

namespace {

// The spm's bytes checked and loaded, with `extra` ids to follow its pieces (for the size limit).
Expected<std::unique_ptr<sentencepiece::SentencePieceProcessor>> load_processor(std::string_view model_bytes,
                                                                                const std::string& source,
                                                                                std::size_t extra) {
    if (model_bytes.empty()) return Status::Error(source + " is empty; it should be a SentencePiece model.");
    if (Status s = check_spm_model(model_bytes, source); !s) return s;  // what the library would trust
    auto sp = std::make_unique<sentencepiece::SentencePieceProcessor>();
    // The library reports most problems as a status, some by throwing (an empty piece makes its trie
    // builder throw): both are the same message.
    std::string problem;
    try {
        if (const auto st = sp->LoadFromSerializedProto(model_bytes); !st.ok()) problem = st.ToString();
    } catch (const std::exception& e) {
        problem = e.what();
    }
    if (!problem.empty())
        return Status::Error(source + " is not a SentencePiece model the library can read (" + problem +
                             "). Download the file again from the model's page.");
    if (sp->GetPieceSize() <= 0 || std::size_t(sp->GetPieceSize()) + extra > kMaxVocabEntries)
        return Status::Error(source + ": " + std::to_string(sp->GetPieceSize()) + " pieces and " +
                             std::to_string(extra) + " more tokens; at most " + std::to_string(kMaxVocabEntries) +
                             " are read.");
    return sp;
}

}  // namespace

Expected<std::unique_ptr<SubwordTokenizer>> make_spm_tokenizer(std::string_view model_bytes,
                                                               std::string_view vocab_json,
                                                               const std::string& source, int extra_ids) {
    assert(extra_ids >= 0 && (extra_ids == 0 || vocab_json.empty()) && "sentinels only on the spm's own ids");
    auto sp = load_processor(model_bytes, source, std::size_t(extra_ids));
    if (!sp) return sp.status();
    std::optional<VocabTable> vocab;
    if (!vocab_json.empty()) {
        try {
            auto root = parse_json(vocab_json, "vocab.json");
            if (!root) return root.status();
            if (!root->is_object()) return Status::Error("vocab.json: expected an object of piece -> id.");
            auto entries = vocab_entries(*root, "vocab.json");
            if (!entries) return entries.status();
            auto table = make_table(std::move(*entries), "vocab.json", false);
            if (!table) return table.status();
            if (table->find("<unk>") < 0)
                return Status::Error("vocab.json has no \"<unk>\" entry, which pieces missing from it become.");
            vocab = std::move(*table);
        } catch (const json::exception& e) {
            return Status::Error(std::string("vocab.json: unexpected content: ") + e.what());
        }
    }
    return std::unique_ptr<SubwordTokenizer>(std::make_unique<SpmTokenizer>(std::move(*sp), std::move(vocab), extra_ids));
}

Expected<std::unique_ptr<SubwordTokenizer>> make_fairseq_spm_tokenizer(std::string_view model_bytes,
                                                                       const std::string& source,
                                                                       std::vector<std::string> appended) {
    auto sp = load_processor(model_bytes, source, appended.size() + 1);
    if (!sp) return sp.status();
    // fairseq's specials are its first four ids; the spm's own <unk> <s> </s> must be its first three.
    if ((*sp)->GetPieceSize() < 3 || (*sp)->unk_id() != 0 || (*sp)->IdToPiece(1) != "<s>" || (*sp)->IdToPiece(2) != "</s>")
        return Status::Error(source + ": its first pieces are not <unk> <s> </s>, which fairseq's numbering "
                             "(mBART's) expects. Is it the model's own sentencepiece.bpe.model?");
    for (const std::string& a : appended)
        if (a.empty()) return Status::Error(source + ": an empty language code or added token.");
    return std::unique_ptr<SubwordTokenizer>(std::make_unique<SpmTokenizer>(std::move(*sp), std::move(appended)));
}

Expected<std::unique_ptr<SubwordTokenizer>> load_fairseq_spm_tokenizer(const std::string& spm_path,
                                                                       std::vector<std::string> appended) {
    const std::string name = std::filesystem::path(spm_path).filename().string();
    auto model = read_file(spm_path, name.c_str());
    if (!model) return model.status();
    return make_fairseq_spm_tokenizer(*model, name, std::move(appended));
}

Expected<std::unique_ptr<SubwordTokenizer>> load_spm_tokenizer(const std::string& spm_path,
                                                               const std::string& vocab_json_path, int extra_ids) {
    const std::string name = std::filesystem::path(spm_path).filename().string();
    auto model = read_file(spm_path, name.c_str());
    if (!model) return model.status();
    std::string vocab;
    if (!vocab_json_path.empty()) {
        auto v = read_file(vocab_json_path, "vocab.json");
        if (!v) return v.status();
        vocab = std::move(*v);
        if (vocab.empty()) return Status::Error("vocab.json is empty.");
    }
    return make_spm_tokenizer(*model, vocab, name, extra_ids);
}

}  // namespace attn::pretrained
