// mo_file.cpp — a compiled gettext catalogue read into memory
// (implementation; the format and the contract are in mo_file.h)
#include "core/i18n/mo_file.h"

#include <cstring>

#include "core/base/user_file.h"
#include "core/base/utf8.h"

namespace attn::i18n {

namespace {

constexpr std::uint32_t kMagic = 0x950412deu;
constexpr std::uint32_t kMagicSwapped = 0xde120495u;

struct Reader {
    const std::uint8_t* data;
    std::size_t size;
    bool swapped;

    std::uint32_t word(std::size_t at) const {  // at + 4 <= size checked by the caller
        const std::uint8_t* p = data + at;
        return swapped
                   ? (std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | p[3])
                   : (std::uint32_t(p[3]) << 24 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[1]) << 8 |
                      p[0]);
    }
};

Status damaged(std::string_view name, const std::string& what) {
    return Status::Error("'" + std::string(name) + "' is not a usable translation catalogue (.mo): " + what +
                         ". Compile it again with msgfmt.");
}

// The header's value for `field` ("Language"), or empty.
std::string header_field(std::string_view header, std::string_view field) {
    std::size_t at = 0;
    while (at < header.size()) {
        std::size_t end = header.find('\n', at);
        if (end == std::string_view::npos) end = header.size();
        const std::string_view line = header.substr(at, end - at);
        if (line.size() > field.size() && line.substr(0, field.size()) == field &&
            line[field.size()] == ':') {
            std::string_view v = line.substr(field.size() + 1);
            while (!v.empty() && v.front() == ' ') v.remove_prefix(1);
            while (!v.empty() && (v.back() == ' ' || v.back() == '\r')) v.remove_suffix(1);
            return std::string(v);
        }
        at = end + 1;
    }
    return {};
}

}  // namespace

const char* Catalogue::find(std::string_view context, std::string_view msgid) const {
    if (context.empty()) {
        const auto it = index_.find(msgid);
        return it == index_.end() ? nullptr : it->second;
    }
    std::string key;
    key.reserve(context.size() + 1 + msgid.size());
    key.append(context).push_back('\x04');
    key.append(msgid);
    const auto it = index_.find(key);
    return it == index_.end() ? nullptr : it->second;
}

Expected<Catalogue> parse_mo(std::vector<std::uint8_t> bytes, std::string_view name) {
    if (bytes.size() > kMaxCatalogueBytes)
        return damaged(name, "it is larger than " + std::to_string(kMaxCatalogueBytes >> 20) + " MiB");
    if (bytes.size() < 28) return damaged(name, "it is shorter than a catalogue's header (28 bytes)");
    Reader r{bytes.data(), bytes.size(), false};
    const std::uint32_t magic = r.word(0);
    if (magic == kMagicSwapped)
        r.swapped = true;
    else if (magic != kMagic)
        return damaged(name, "its first four bytes are not the .mo signature");
    const std::uint32_t revision = r.word(4);
    if ((revision >> 16) > 1)
        return damaged(
            name, "its format revision " + std::to_string(revision >> 16) + " is newer than AttnLab reads");
    const std::uint64_t n = r.word(8), originals = r.word(12), translations = r.word(16);
    // Each message takes two 8-byte table entries and at least two bytes of strings.
    if (n > bytes.size() / 18) return damaged(name, "it claims more messages than it has room for");
    if (originals + 8 * n > bytes.size() || translations + 8 * n > bytes.size())
        return damaged(name, "its tables run past the end of the file");

    Catalogue c;
    // The string at table entry i: within the file and NUL-terminated.
    auto string_at = [&](std::uint64_t table, std::uint64_t i, std::string_view* out) {
        const std::uint64_t length = r.word(std::size_t(table + 8 * i));
        const std::uint64_t offset = r.word(std::size_t(table + 8 * i + 4));
        if (offset + length >= bytes.size() || bytes[std::size_t(offset + length)] != 0) return false;
        *out = std::string_view(reinterpret_cast<const char*>(bytes.data() + offset), std::size_t(length));
        return true;
    };
    c.index_.reserve(std::size_t(n));
    for (std::uint64_t i = 0; i < n; ++i) {
        std::string_view msgid, msgstr;
        if (!string_at(originals, i, &msgid) || !string_at(translations, i, &msgstr))
            return damaged(name, "message " + std::to_string(i + 1) + " points outside the file");
        if (!validate_utf8(msgstr).ok())
            return damaged(name, "the translation of message " + std::to_string(i + 1) + " is not UTF-8");
        if (msgid.empty()) {
            const std::string charset = header_field(msgstr, "Content-Type");
            if (!charset.empty() && charset.find("charset=UTF-8") == std::string::npos &&
                charset.find("charset=utf-8") == std::string::npos)
                return damaged(name, "its messages are not in UTF-8 (" + charset + ")");
            c.language_ = header_field(msgstr, "Language");
            continue;
        }
        // A plural message is "msgid\0msgid_plural": looked up by its singular.
        msgid = msgid.substr(0, std::strlen(msgid.data()));
        c.index_.emplace(msgid, msgstr.data());
    }
    c.bytes_ = std::move(bytes);  // the buffer the views point into moves with it
    return c;
}

Expected<Catalogue> read_mo(const std::filesystem::path& path) {
    auto bytes = read_user_file(path.string(), kMaxCatalogueBytes, "translation catalogues");
    if (!bytes.ok()) return bytes.status();
    return parse_mo(std::move(bytes.value()), path.string());
}

}  // namespace attn::i18n
