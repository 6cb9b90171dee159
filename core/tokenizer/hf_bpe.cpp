// hf_bpe.cpp — the tokenizer of the general tokenizer.json pipeline (hf_pipeline.h): added tokens,
// normalizers, pre-tokenizers, then BPE over byte symbols (Llama 3, Qwen) or characters with
// byte_fallback (Mistral / Llama 2), then the post-processor's special tokens.
//
// Merging is Hugging Face's, in the table GPT-2's tokenizer shares (bpe_merges.h: O(n log n) per
// piece, which matters here: Mistral's files have no pre-tokenizer, so a whole line is one piece).
#include <array>
#include <cstdio>
#include <unordered_map>

#include "core/tokenizer/bpe_merges.h"
#include "core/tokenizer/hf_pipeline.h"
#include "core/base/utf8.h"

namespace attn::pretrained {

namespace {

bool is_space_byte(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

class HfBpeTokenizer final : public SubwordTokenizer {
public:
    HfBpeTokenizer(VocabTable vocab, HfPipeline pipeline)
        : vocab_(std::move(vocab)), p_(std::move(pipeline)) {}

    Status init(const std::vector<BpeMerge>& merges) {
        const auto& table = gpt2_byte_to_unicode();
        for (int b = 0; b < 256; ++b) {
            std::string symbol;
            append_utf8(symbol, table[static_cast<std::size_t>(b)]);
            byte_symbols_[static_cast<std::size_t>(b)] = symbol;
            byte_ids_[static_cast<std::size_t>(b)] = vocab_.find(symbol);
            char hex[8];
            std::snprintf(hex, sizeof hex, "<0x%02X>", static_cast<unsigned>(b));
            fallback_ids_[static_cast<std::size_t>(b)] = vocab_.find(hex);
            if (p_.model.byte_level && byte_ids_[static_cast<std::size_t>(b)] < 0)
                return Status::Error("tokenizer.json: the vocabulary lacks \"" + symbol +
                                     "\", the symbol of byte 0x" + std::string(hex + 3, 2) +
                                     "; a ByteLevel pre-tokenizer needs all 256.");
        }
        if (!p_.model.unk_token.empty()) {
            unk_ = vocab_.find(p_.model.unk_token);
            if (unk_ < 0)
                return Status::Error("tokenizer.json: model.unk_token \"" + p_.model.unk_token +
                                     "\" is not in the vocabulary.");
        }
        merges_.build(merges, vocab_);
        for (const AddedTokenFlags& a : p_.added) {
            added_.push_back(a.token);
            flags_.emplace(a.token.id, a);
        }
        // Labels of byte-level pieces always show their bytes, even if the file names no decoder.
        display_steps_ = p_.decoders;
        bool has_byte_level = false;
        for (const DecoderStep& d : display_steps_)
            has_byte_level = has_byte_level || d.kind == DecoderKind::ByteLevel;
        if (p_.model.byte_level && !has_byte_level)
            display_steps_.insert(display_steps_.begin(), DecoderStep{});  // ByteLevel
        unk_id = unk_;
        for (const char* eos : {"<|endoftext|>", "<|end_of_text|>", "</s>"})
            if (eos_id < 0)
                eos_id = vocab_.find(eos);
        return Status::Ok();
    }

    SubwordKind kind() const override {
        return p_.model.byte_level ? SubwordKind::ByteLevelBpe : SubwordKind::CharBpe;
    }
    int vocab_size() const override { return static_cast<int>(vocab_.pieces.size()); }
    int token_id(std::string_view piece) const override { return vocab_.find(piece); }
    std::string piece(int id) const override {
        return id >= 0 && id < vocab_size() ? vocab_.pieces[static_cast<std::size_t>(id)] : "";
    }

    Expected<std::vector<SubwordToken>> encode(std::string_view text, std::size_t max_tokens) const override {
        if (Status s = validate_utf8(text); !s.ok())
            return s;
        std::vector<TextSegment> segments = split_on_added_tokens(text, added_);
        strip_around_added(text, segments);
        std::vector<SubwordToken> tokens;
        const PatternBudget budget;  // every regex search of this text together
        for (const TextSegment& segment : segments) {
            if (segment.begin >= segment.end && segment.added_id < 0)
                continue;
            if (segment.added_id >= 0) {
                if (tokens.size() >= max_tokens)
                    return too_many_subword_tokens(max_tokens);
                tokens.push_back(added_token(segment, piece(segment.added_id)));
                continue;
            }
            NormalizedText normalized =
                normalized_identity(text.substr(segment.begin, segment.end - segment.begin), segment.begin);
            if (Status s = apply_normalizers(p_.normalizers, normalized, budget); !s.ok())
                return s;
            std::vector<NormalizedText> pieces;
            if (Status s = apply_pre_tokenizers(p_.pre_tokenizers, std::move(normalized),
                                                segment.begin == 0, pieces, budget); !s.ok())
                return s;
            for (const NormalizedText& p : pieces)
                if (!encode_piece(p, max_tokens, tokens))
                    return too_many_subword_tokens(max_tokens);
        }
        return tokens;
    }

    std::vector<SubwordToken> with_special_tokens(std::vector<SubwordToken> tokens,
                                                  std::size_t text_bytes) const override {
        std::vector<SubwordToken> out;
        out.reserve(tokens.size() + p_.prefix_ids.size() + p_.suffix_ids.size());
        const auto special = [&](int id, std::size_t at) {
            SubwordToken t;
            t.id = id;
            t.piece = piece(id);
            t.display = t.piece;
            t.byte_begin = t.byte_end = at;
            t.special = true;
            out.push_back(std::move(t));
        };
        for (int id : p_.prefix_ids)
            special(id, 0);
        for (SubwordToken& t : tokens)
            out.push_back(std::move(t));
        for (int id : p_.suffix_ids)
            special(id, text_bytes);
        return out;
    }

    bool is_special(int id) const override {
        const auto it = flags_.find(id);
        if (it != flags_.end()) return it->second.special;
        for (const std::vector<int>* added : {&p_.prefix_ids, &p_.suffix_ids})
            for (int a : *added)
                if (a == id) return true;
        return SubwordTokenizer::is_special(id);
    }

    std::string decode(const std::vector<int>& ids) const override {
        std::vector<std::string> pieces;
        pieces.reserve(ids.size());
        for (int id : ids)
            pieces.push_back(piece(id));
        return decode_pieces(p_.decoders, pieces);
    }

private:
    using Symbol = BpeSymbol;

    // lstrip / rstrip: the added token's match takes the white space on that side.
    void strip_around_added(std::string_view text, std::vector<TextSegment>& segments) const {
        for (std::size_t i = 0; i < segments.size(); ++i) {
            if (segments[i].added_id < 0)
                continue;
            const auto it = flags_.find(segments[i].added_id);
            if (it == flags_.end())
                continue;
            if (it->second.lstrip && i > 0 && segments[i - 1].added_id < 0) {
                TextSegment& before = segments[i - 1];
                while (before.end > before.begin && is_space_byte(text[before.end - 1]))
                    --before.end;
                segments[i].begin = before.end;
            }
            if (it->second.rstrip && i + 1 < segments.size() && segments[i + 1].added_id < 0) {
                TextSegment& after = segments[i + 1];
                while (after.begin < after.end && is_space_byte(text[after.begin]))
                    ++after.begin;
                segments[i].end = after.begin;
            }
        }
    }

    // The piece's first symbols: one per byte (byte-level) or per character (vocabulary, else
    // <0xNN> bytes with byte_fallback, else unk, fused with fuse_unk, else dropped).
    void initial_symbols(const NormalizedText& p, std::vector<Symbol>& symbols) const {
        const auto push = [&](int id, std::size_t begin, std::size_t end) {
            Symbol s;
            s.id = id;
            s.begin = begin;
            s.end = end;
            symbols.push_back(s);
        };
        const std::string_view text(p.text);
        if (p_.model.byte_level) {
            for (std::size_t i = 0; i < text.size(); ++i)
                push(byte_ids_[static_cast<unsigned char>(text[i])], i, i + 1);
            return;
        }
        bool last_unk = false;
        for (std::size_t pos = 0; pos < text.size();) {
            const std::size_t begin = pos;
            char32_t cp = 0;
            if (!decode_utf8(text, pos, cp))
                pos = begin + 1;
            const int id = vocab_.find(text.substr(begin, pos - begin));
            if (id >= 0) {
                push(id, begin, pos);
                last_unk = false;
                continue;
            }
            if (p_.model.byte_fallback) {
                bool all = true;
                for (std::size_t i = begin; i < pos; ++i)
                    all = all && fallback_ids_[static_cast<unsigned char>(text[i])] >= 0;
                if (all) {
                    for (std::size_t i = begin; i < pos; ++i)
                        push(fallback_ids_[static_cast<unsigned char>(text[i])], i, i + 1);
                    last_unk = false;
                    continue;
                }
            }
            if (unk_ < 0)
                continue;
            if (p_.model.fuse_unk && last_unk) {
                symbols.back().end = pos;
                continue;
            }
            push(unk_, begin, pos);
            last_unk = true;
        }
    }

    bool encode_piece(const NormalizedText& p, std::size_t max_tokens, std::vector<SubwordToken>& tokens) const {
        std::vector<Symbol> symbols;
        int whole = -1;
        if (p_.model.ignore_merges) {
            if (p_.model.byte_level) {
                std::string mapped;
                for (char c : p.text)
                    mapped += byte_symbols_[static_cast<unsigned char>(c)];
                whole = vocab_.find(mapped);
            } else {
                whole = vocab_.find(p.text);
            }
            // Only the model's own pieces: an added token's text here is ordinary text (a
            // single_word token inside a word), which Hugging Face's model vocabulary lacks.
            if (const auto it = flags_.find(whole); it != flags_.end() && it->second.token.single_word)
                whole = -1;
        }
        if (whole >= 0) {
            Symbol s;
            s.id = whole;
            s.end = p.text.size();
            symbols.push_back(s);
        } else {
            initial_symbols(p, symbols);
            merges_.apply(symbols);
        }
        for (const Symbol& s : symbols) {
            if (!s.alive)
                continue;
            if (tokens.size() >= max_tokens)
                return false;
            SubwordToken t;
            t.id = s.id;
            t.piece = piece(s.id);
            t.display = display_piece(display_steps_, t.piece);
            std::uint32_t from = p.from[s.begin], to = p.to[s.begin];
            for (std::size_t i = s.begin; i < s.end; ++i) {
                from = std::min(from, p.from[i]);
                to = std::max(to, p.to[i]);
            }
            t.byte_begin = from;
            t.byte_end = std::max(from, to);
            tokens.push_back(std::move(t));
        }
        return true;
    }

    VocabTable vocab_;
    HfPipeline p_;
    std::vector<AddedToken> added_;
    std::unordered_map<int, AddedTokenFlags> flags_;
    std::vector<DecoderStep> display_steps_;  // the decoders, with ByteLevel first for a byte-level model
    std::array<std::string, 256> byte_symbols_;
    std::array<int, 256> byte_ids_{};
    std::array<int, 256> fallback_ids_{};
    int unk_ = -1;
    BpeMergeTable merges_;
};

}  // namespace

Expected<std::unique_ptr<SubwordTokenizer>> build_hf_bpe_tokenizer(VocabTable vocab, std::vector<BpeMerge> merges,
                                                                   HfPipeline pipeline) {
    auto tokenizer = std::make_unique<HfBpeTokenizer>(std::move(vocab), std::move(pipeline));
    if (Status s = tokenizer->init(merges); !s.ok())
        return s;
    return std::unique_ptr<SubwordTokenizer>(std::move(tokenizer));
}

}  // namespace attn::pretrained
