// hf_normalize.cpp — the tokenizer.json pipeline's text stages (hf_pipeline.h): normalizers and
// pre-tokenizers over NormalizedText, keeping each byte's original span.
#include <algorithm>
#include <cassert>
#include <utility>

#include <utf8proc.h>

#include "core/tokenizer/bpe_tokenizer.h"
#include "core/tokenizer/hf_pipeline.h"
#include "core/base/limits.h"
#include "core/base/utf8.h"

namespace attn::pretrained {

namespace {

// Appends `bytes` to `out`, every byte standing for the original [from, to).
void append_mapped(NormalizedText& out, std::string_view bytes, std::uint32_t from, std::uint32_t to) {
    out.text.append(bytes);
    out.from.insert(out.from.end(), bytes.size(), from);
    out.to.insert(out.to.end(), bytes.size(), to);
}

// Original span of normalized bytes [begin, end) (begin < end).
std::pair<std::uint32_t, std::uint32_t> span_of(const NormalizedText& t, std::size_t begin, std::size_t end) {
    std::uint32_t lo = t.from[begin], hi = t.to[begin];
    for (std::size_t i = begin + 1; i < end; ++i) {
        lo = std::min(lo, t.from[i]);
        hi = std::max(hi, t.to[i]);
    }
    return {lo, hi};
}

const char* normalizer_name(NormalizerKind kind) {
    switch (kind) {
    case NormalizerKind::Nfc: return "NFC";
    case NormalizerKind::Nfd: return "NFD";
    case NormalizerKind::Nfkc: return "NFKC";
    case NormalizerKind::Nfkd: return "NFKD";
    case NormalizerKind::Lowercase: return "Lowercase";
    case NormalizerKind::Prepend: return "Prepend";
    case NormalizerKind::Replace: return "Replace";
    }
    return "?";
}

// A step would make more than `limit` bytes of a text that had `original` bytes.
Status too_long(const std::string& where, const std::string& what, std::size_t limit, std::size_t original) {
    return Status::Error((where.empty() ? std::string("tokenizer.json") : where) + ": the " + what +
                         " makes the text longer than " + std::to_string(limit) + " bytes, the most a " +
                         std::to_string(original) + "-byte text may become.");
}

// One Unicode normalization form, a grapheme cluster at a time: composition and reordering never
// cross a cluster boundary, so each cluster's output maps to the cluster's original span.
// False (t unchanged) when the result would pass `limit` bytes.
bool unicode_normalize(NormalizedText& t, int options, std::size_t limit) {
    NormalizedText out;
    out.text.reserve(t.text.size());
    std::size_t pos = 0;
    utf8proc_int32_t state = 0;
    while (pos < t.text.size()) {
        const std::size_t begin = pos;
        char32_t cp = 0;
        decode_utf8(t.text, pos, cp);
        char32_t prev = cp;
        bool ascii = cp < 0x80;
        // Extend to the end of the grapheme cluster.
        while (pos < t.text.size()) {
            std::size_t next = pos;
            char32_t c = 0;
            decode_utf8(t.text, next, c);
            if (utf8proc_grapheme_break_stateful(static_cast<utf8proc_int32_t>(prev),
                                                 static_cast<utf8proc_int32_t>(c), &state))
                break;
            ascii = ascii && c < 0x80;
            prev = c;
            pos = next;
        }
        state = 0;
        const std::string_view cluster(t.text.data() + begin, pos - begin);
        const auto [from, to] = span_of(t, begin, pos);
        if (ascii) {  // ASCII is unchanged by every form; keep byte-exact spans
            for (std::size_t i = begin; i < pos; ++i)
                append_mapped(out, cluster.substr(i - begin, 1), t.from[i], t.to[i]);
            continue;
        }
        utf8proc_uint8_t* mapped = nullptr;
        const utf8proc_ssize_t n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(cluster.data()),
                                                static_cast<utf8proc_ssize_t>(cluster.size()), &mapped,
                                                static_cast<utf8proc_option_t>(UTF8PROC_STABLE | options));
        if (n >= 0 && mapped) {
            const std::string_view result(reinterpret_cast<const char*>(mapped), static_cast<std::size_t>(n));
            if (result == cluster) {
                for (std::size_t i = begin; i < pos; ++i)
                    append_mapped(out, cluster.substr(i - begin, 1), t.from[i], t.to[i]);
            } else {
                append_mapped(out, result, from, to);
            }
        } else {
            append_mapped(out, cluster, from, to);  // utf8proc refused: keep the text
        }
        std::free(mapped);
        if (out.text.size() > limit)
            return false;
    }
    t = std::move(out);
    return true;
}

// False (t unchanged) when the result would pass `limit` bytes.
bool lowercase(NormalizedText& t, std::size_t limit) {
    NormalizedText out;
    out.text.reserve(t.text.size());
    for (std::size_t pos = 0; pos < t.text.size();) {
        const std::size_t begin = pos;
        char32_t cp = 0;
        decode_utf8(t.text, pos, cp);
        const auto lower = static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(cp)));
        if (lower == cp) {
            for (std::size_t i = begin; i < pos; ++i)
                append_mapped(out, std::string_view(t.text).substr(i, 1), t.from[i], t.to[i]);
        } else {
            std::string bytes;
            append_utf8(bytes, lower);
            const auto [from, to] = span_of(t, begin, pos);
            append_mapped(out, bytes, from, to);
        }
        if (out.text.size() > limit)
            return false;
    }
    t = std::move(out);
    return true;
}

void prepend(NormalizedText& t, std::string_view content) {
    if (t.text.empty())
        return;
    NormalizedText out;
    append_mapped(out, content, t.from[0], t.from[0]);
    out.text += t.text;
    out.from.insert(out.from.end(), t.from.begin(), t.from.end());
    out.to.insert(out.to.end(), t.to.begin(), t.to.end());
    t = std::move(out);
}

// Replaces every match of `pattern` by `content`; false (t unchanged) when the result would pass
// `limit` bytes, found before it is built.
Status replace(NormalizedText& t, const RegexPattern& pattern, std::string_view content, const PatternBudget& budget,
               std::size_t limit, bool& fits) {
    std::vector<PatternMatch> matches;
    if (Status s = pattern.find_all(t.text, matches, budget); !s.ok())
        return s;
    std::size_t size = t.text.size();
    for (const PatternMatch& m : matches)
        size = size - (m.end - m.begin) + content.size();
    fits = size <= limit;
    if (matches.empty() || !fits)
        return Status::Ok();
    NormalizedText out;
    std::size_t at = 0;
    for (const PatternMatch& m : matches) {
        out.text.append(t.text, at, m.begin - at);
        out.from.insert(out.from.end(), t.from.begin() + static_cast<std::ptrdiff_t>(at),
                        t.from.begin() + static_cast<std::ptrdiff_t>(m.begin));
        out.to.insert(out.to.end(), t.to.begin() + static_cast<std::ptrdiff_t>(at),
                      t.to.begin() + static_cast<std::ptrdiff_t>(m.begin));
        const auto [from, to] = span_of(t, m.begin, m.end);
        append_mapped(out, content, from, to);
        at = m.end;
    }
    out.text.append(t.text, at, std::string::npos);
    out.from.insert(out.from.end(), t.from.begin() + static_cast<std::ptrdiff_t>(at), t.from.end());
    out.to.insert(out.to.end(), t.to.begin() + static_cast<std::ptrdiff_t>(at), t.to.end());
    t = std::move(out);
    return Status::Ok();
}

void push_piece(std::vector<NormalizedText>& out, const NormalizedText& t, std::size_t begin, std::size_t end) {
    if (end > begin)
        out.push_back(normalized_slice(t, begin, end));
}

// Split: matches and the text between them, by behavior.
Status split(const PreTokenizerStep& step, const NormalizedText& t, std::vector<NormalizedText>& out,
             const PatternBudget& budget) {
    std::vector<PatternMatch> matches;
    if (Status s = step.pattern->find_all(t.text, matches, budget); !s.ok())
        return s;
    std::size_t at = 0;          // start of the text not yet emitted
    std::size_t pending = 0;     // MergedWithNext: start of the match waiting for what follows
    bool has_pending = false;
    for (const PatternMatch& m : matches) {
        switch (step.behavior) {
        case SplitBehavior::Isolated:
            push_piece(out, t, at, m.begin);
            push_piece(out, t, m.begin, m.end);
            break;
        case SplitBehavior::Removed:
            push_piece(out, t, at, m.begin);
            break;
        case SplitBehavior::MergedWithPrevious:
            push_piece(out, t, at, m.end);
            break;
        case SplitBehavior::MergedWithNext:
            push_piece(out, t, has_pending ? pending : at, m.begin);
            pending = m.begin;
            has_pending = true;
            break;
        }
        at = m.end;
    }
    push_piece(out, t, has_pending ? pending : at, t.text.size());
    return Status::Ok();
}

// `room`: the bytes the step may still make of the segment; false (nothing made) when this piece
// needs more.
bool metaspace(const PreTokenizerStep& step, NormalizedText t, bool first, std::vector<NormalizedText>& out,
               std::size_t& room) {
    const std::size_t spaces = static_cast<std::size_t>(std::count(t.text.begin(), t.text.end(), ' '));
    const std::size_t needed = t.text.size() + spaces * (step.replacement.size() - 1) + step.replacement.size();
    if (needed > room)
        return false;
    room -= needed;
    NormalizedText replaced;
    for (std::size_t i = 0; i < t.text.size(); ++i) {
        if (t.text[i] == ' ')
            append_mapped(replaced, step.replacement, t.from[i], t.to[i]);
        else
            append_mapped(replaced, std::string_view(t.text).substr(i, 1), t.from[i], t.to[i]);
    }
    const bool starts = replaced.text.compare(0, step.replacement.size(), step.replacement) == 0;
    if (!starts && (step.prepend == PrependScheme::Always || (step.prepend == PrependScheme::First && first)))
        prepend(replaced, step.replacement);
    if (!step.split) {
        if (!replaced.text.empty())
            out.push_back(std::move(replaced));
        return true;
    }
    std::size_t begin = 0;
    for (std::size_t pos = replaced.text.find(step.replacement, 1); pos != std::string::npos;
         pos = replaced.text.find(step.replacement, pos + step.replacement.size())) {
        push_piece(out, replaced, begin, pos);
        begin = pos;
    }
    push_piece(out, replaced, begin, replaced.text.size());
    return true;
}

}  // namespace

std::size_t max_normalized_bytes(std::size_t original_bytes) {
    return std::min(limits::kMaxNormalizedBytes, original_bytes * limits::kMaxNormalizedGrowth + 1024);
}

NormalizedText normalized_identity(std::string_view text, std::size_t origin) {
    NormalizedText t;
    t.text.assign(text);
    t.from.resize(text.size());
    t.to.resize(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        t.from[i] = static_cast<std::uint32_t>(origin + i);
        t.to[i] = static_cast<std::uint32_t>(origin + i + 1);
    }
    return t;
}

NormalizedText normalized_slice(const NormalizedText& t, std::size_t begin, std::size_t end) {
    NormalizedText s;
    s.text = t.text.substr(begin, end - begin);
    s.from.assign(t.from.begin() + static_cast<std::ptrdiff_t>(begin), t.from.begin() + static_cast<std::ptrdiff_t>(end));
    s.to.assign(t.to.begin() + static_cast<std::ptrdiff_t>(begin), t.to.begin() + static_cast<std::ptrdiff_t>(end));
    return s;
}

Status apply_normalizers(const std::vector<NormalizerStep>& steps, NormalizedText& t, const PatternBudget& budget) {
    const std::size_t original = t.text.size();
    const std::size_t limit = max_normalized_bytes(original);
    for (const NormalizerStep& step : steps) {
        bool fits = true;
        switch (step.kind) {
        case NormalizerKind::Nfc: fits = unicode_normalize(t, UTF8PROC_COMPOSE, limit); break;
        case NormalizerKind::Nfd: fits = unicode_normalize(t, UTF8PROC_DECOMPOSE, limit); break;
        case NormalizerKind::Nfkc: fits = unicode_normalize(t, UTF8PROC_COMPOSE | UTF8PROC_COMPAT, limit); break;
        case NormalizerKind::Nfkd: fits = unicode_normalize(t, UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT, limit); break;
        case NormalizerKind::Lowercase: fits = lowercase(t, limit); break;
        case NormalizerKind::Prepend:
            fits = t.text.size() + step.content.size() <= limit;
            if (fits)
                prepend(t, step.content);
            break;
        case NormalizerKind::Replace:
            if (Status s = replace(t, *step.pattern, step.content, budget, limit, fits); !s.ok())
                return s;
            break;
        }
        if (!fits)
            return too_long(step.where, std::string(normalizer_name(step.kind)) + " normalizer", limit, original);
    }
    return Status::Ok();
}

Status apply_pre_tokenizers(const std::vector<PreTokenizerStep>& steps, NormalizedText segment,
                            bool first_segment, std::vector<NormalizedText>& pieces, const PatternBudget& budget) {
    const std::size_t original = segment.text.size();
    const std::size_t limit = max_normalized_bytes(original);
    std::vector<NormalizedText> current;
    if (!segment.text.empty())
        current.push_back(std::move(segment));
    for (const PreTokenizerStep& step : steps) {
        std::vector<NormalizedText> next;
        std::size_t room = limit;  // Metaspace: what the step may still make
        for (std::size_t i = 0; i < current.size(); ++i) {
            NormalizedText& piece = current[i];
            switch (step.kind) {
            case PreTokenizerKind::Split:
                if (Status s = split(step, piece, next, budget); !s.ok())
                    return s;
                break;
            case PreTokenizerKind::ByteLevel:
                if (step.add_prefix_space && piece.text[0] != ' ')
                    prepend(piece, " ");
                if (!step.use_regex) {
                    next.push_back(std::move(piece));
                    break;
                }
                for (const auto& [begin, end] : gpt2_pretokenize(piece.text))
                    push_piece(next, piece, begin, end);
                break;
            case PreTokenizerKind::Metaspace:
                if (!metaspace(step, std::move(piece), first_segment && i == 0, next, room))
                    return too_long(step.where, "Metaspace pre-tokenizer", limit, original);
                break;
            }
        }
        current = std::move(next);
    }
    for (NormalizedText& p : current)
        pieces.push_back(std::move(p));
    return Status::Ok();
}

}  // namespace attn::pretrained
