// fuzz_spm_model.cpp — a SentencePiece model file (Marian's source.spm, T5's spiece.model, mBART's
// sentencepiece.bpe.model) as libsentencepiece reads it through core/tokenizer/spm_tokenizer.cpp,
// with the fixture's vocab.json (first byte odd), fairseq's numbering with two language codes and
// <mask> after the pieces (first byte's 0x40 bit), or the spm's own ids, then used to encode and
// decode a mixed text.
#include <fstream>
#include <sstream>
#include <string>

#include "core/tokenizer/subword_tokenizer.h"
#include "tests/fuzz/fuzz_target.h"

namespace {

std::string fixture(const char* relative) {
    std::ifstream in(std::string(ATTNLAB_FUZZ_FIXTURES) + "/" + relative, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

ATTNLAB_FUZZ_TARGET(spm_model) {
    static const std::string vocab = fixture("pretrained/models/tiny-marian/vocab.json");
    if (size == 0) return 0;
    const bool with_vocab = (data[0] & 1) != 0;
    const bool fairseq = !with_vocab && (data[0] & 0x40) != 0;
    const int sentinels = with_vocab ? 0 : (data[0] >> 1) & 15;  // T5's <extra_id_N> after the pieces
    auto tok = fairseq ? attn::pretrained::make_fairseq_spm_tokenizer(attn::fuzz::as_text(data + 1, size - 1),
                                                                      "sentencepiece.bpe.model",
                                                                      {"en_XX", "ko_KR", "<mask>"})
                       : attn::pretrained::make_spm_tokenizer(attn::fuzz::as_text(data + 1, size - 1),
                                                              with_vocab ? vocab : "", "source.spm", sentinels);
    if (!tok) return 0;
    auto pieces = (*tok)->encode("Time flies, 그는 집에 갔다. </s> <unk> x\xc3\xa9 123 \xe2\x98\x83 <extra_id_0>.<extra_id_3> ko_KR<mask><s>", 256);
    if (!pieces) return 0;
    std::vector<int> ids;
    for (const auto& t : *pieces) ids.push_back(t.id);
    (void)(*tok)->decode(ids);
    for (int id = 0; id < (*tok)->vocab_size() && id < 4096; ++id) (void)(*tok)->token_id((*tok)->piece(id));
    return 0;
}
