// core_messages_sound.cpp — Korean for the reasons libsndfile gives when a recording cannot be read
// (sf_strerror's sentences, which core/audio puts inside its own message in parentheses, and the
// few core/audio adds itself). The outer messages (core_messages_models.cpp) capture the reason as
// a nested message, so it is looked up here. Generic shapes ("Error in X file. No 'Y' chunk
// marker.") keep the format's and the chunk's names; tests/app/test_core_messages_sound.cpp reads
// every form of recording libsndfile writes, damaged, and checks that no English reason is left.
// The parts are matched in order (core_messages_table.cpp; format: core_messages_table.h).
#include "app/i18n/core_messages_table.h"

#include <iterator>

namespace attn::app {

namespace {

constexpr CoreMessagePattern kPatterns[] = {
    // core/audio/audio_decode.cpp's own reasons
    {"its header gives no sample rate or no channels", "헤더에 샘플링 주파수나 채널 수가 없습니다"},
    {"its format is none libsndfile recognises; the decoder said: {}",
     "libsndfile이 알아보는 형식이 아닙니다. 디코더의 말: {1}"},
    {"its format is none libsndfile recognises", "libsndfile이 알아보는 형식이 아닙니다"},

    // libsndfile: every format
    {"Format not recognised.", "형식을 알아볼 수 없습니다."},
    {"File opened for read. Format not recognised.", "형식을 알아볼 수 없습니다."},
    {"Supported file format but file is malformed.", "지원하는 형식이지만 파일 구조가 잘못되었습니다."},
    {"Supported file format but unsupported encoding.", "지원하는 형식이지만 인코딩은 지원하지 않습니다."},
    {"File contains data in an unimplemented format.", "파일의 데이터가 구현되지 않은 형식입니다."},
    {"File contains data in an unknown format.", "파일의 데이터가 알 수 없는 형식입니다."},
    {"File exists but no data could be read.", "파일은 있지만 데이터를 읽을 수 없습니다."},
    {"Unspecified internal error.", "libsndfile 내부 오류(자세한 설명 없음)."},
    {"Internal malloc () failed.", "메모리를 할당하지 못했습니다."},
    {"Channel count is zero.", "채널 수가 0입니다."},
    {"Too many channels specified.", "채널 수가 너무 많습니다."},
    {"Attempt to read a non-integer number of channels.", "채널 수가 정수가 아닌 단위로 읽으려 했습니다."},
    {"Internal psf_fseek() failed.", "파일 안에서 위치를 옮기지 못했습니다."},
    {"Seek attempted on unseekable file type.", "위치를 옮길 수 없는 파일에서 옮기려 했습니다."},
    {"Bad endian-ness. Try default endian-ness", "바이트 순서가 잘못되었습니다."},

    // libsndfile: one format's header, "Error in X file. …" / "Error in X file, …"
    {"Error in {} file. No {} chunk marker.", "{1} 파일 오류: {2} 청크 표시가 없습니다."},
    {"Error in {} file. Malformed {} chunk.", "{1} 파일 오류: {2} 청크의 구조가 잘못되었습니다."},
    {"Error in {} file. Short {} chunk.", "{1} 파일 오류: {2} 청크가 너무 짧습니다."},
    {"Error in {} file. {} chunk too large.", "{1} 파일 오류: {2} 청크가 너무 큽니다."},
    {"Error in {} file. {} chunk out of place.", "{1} 파일 오류: {2} 청크가 있을 자리에 있지 않습니다."},
    {"Error in {} file. Bad {} chunk.", "{1} 파일 오류: {2} 청크가 잘못되었습니다."},
    {"Error in {} file, bad {} chunk size.", "{1} 파일 오류: {2} 청크의 크기가 잘못되었습니다."},
    {"Error in {} file, bad {} chunk.", "{1} 파일 오류: {2} 청크가 잘못되었습니다."},
    {"Error in {} file. {} chunk found before {} chunk.", "{1} 파일 오류: {2} 청크가 {3} 청크보다 앞에 있습니다."},
    {"Error in {} file. Errors in {} chunk.", "{1} 파일 오류: {2} 청크에 오류가 있습니다."},
    {"Error in {} file. Block alignment in {} chunk is incorrect.", "{1} 파일 오류: {2} 청크의 블록 정렬이 잘못되었습니다."},
    {"Error in {} file. File contains an unknown chunk marker.", "{1} 파일 오류: 알 수 없는 청크 표시가 있습니다."},
    {"Error in {} file. Malformed LIST chunk.", "{1} 파일 오류: LIST 청크의 구조가 잘못되었습니다."},
    {"Error in {} file. Data is in WAVPACK format.", "{1} 파일 오류: 데이터가 WAVPACK 형식입니다."},
    {"Error in {} file. Invalid bit width.", "{1} 파일 오류: 비트 폭이 올바르지 않습니다."},
    {"Error in {} file. Invalid number of channels.", "{1} 파일 오류: 채널 수가 올바르지 않습니다."},
    {"Error in {} file. Invalid format chunk.", "{1} 파일 오류: 형식 청크가 올바르지 않습니다."},
    {"Error in {} file. File shorter than minimal header.", "{1} 파일 오류: 파일이 가장 짧은 헤더보다도 짧습니다."},
    {"Error in {} file. Not able to determine endian-ness.", "{1} 파일 오류: 바이트 순서를 알 수 없습니다."},
    {"Error in {} file. Not able to determine sample rate.", "{1} 파일 오류: 샘플링 주파수를 알 수 없습니다."},
    {"Error in {} file. Bad block structure.", "{1} 파일 오류: 블록 구조가 잘못되었습니다."},
    {"Error in {} file. No variable name.", "{1} 파일 오류: 변수 이름이 없습니다."},
    {"Error in {} file. No sample rate.", "{1} 파일 오류: 샘플링 주파수가 없습니다."},
    {"Error in {} file. No {} marker.", "{1} 파일 오류: {2} 표시가 없습니다."},
    {"Error in {} file. Bad header.", "{1} 파일 오류: 헤더가 잘못되었습니다."},
    {"Error in {} file. Bad bit width.", "{1} 파일 오류: 비트 폭이 잘못되었습니다."},
    {"Error in {} file. Excess samples in file.", "{1} 파일 오류: 샘플이 너무 많습니다."},
    {"Error in {} file, file contains 64 bit offset.", "{1} 파일 오류: 64비트 오프셋이 있습니다."},
    {"Error in {} file, bad header.", "{1} 파일 오류: 헤더가 잘못되었습니다."},
    {"Error in {} file, no sound data.", "{1} 파일 오류: 소리 데이터가 없습니다."},
    {"Error in {} file, bad version number.", "{1} 파일 오류: 버전 번호가 잘못되었습니다."},
    {"Error in {} file, bad version.", "{1} 파일 오류: 버전이 잘못되었습니다."},
    {"Error in {} file, bad format.", "{1} 파일 오류: 형식이 잘못되었습니다."},
    {"Error in {} file, unknown format.", "{1} 파일 오류: 알 수 없는 형식입니다."},
    {"Error in {} file, unknown encoding format.", "{1} 파일 오류: 알 수 없는 인코딩 형식입니다."},
    {"Error in {} file, unknow encoding format.", "{1} 파일 오류: 알 수 없는 인코딩 형식입니다."},
    {"Error in {} file, unsupported compression format.", "{1} 파일 오류: 지원하지 않는 압축 형식입니다."},
    {"Error in {} file, unknown chunk.", "{1} 파일 오류: 알 수 없는 청크가 있습니다."},
    {"Error in {} file, bad channel count.", "{1} 파일 오류: 채널 수가 잘못되었습니다."},
    {"Error in {} file, bad marker in file.", "{1} 파일 오류: 파일 안의 표시가 잘못되었습니다."},
    {"Error in {} file, incompatible VOC sections.", "{1} 파일 오류: 서로 맞지 않는 VOC 구간이 있습니다."},
    {"Error in {} file, more than one sample rate defined.", "{1} 파일 오류: 샘플링 주파수가 둘 이상 정해져 있습니다."},
    {"Error in {} file, file contains multiple bit or channel widths.",
     "{1} 파일 오류: 비트 폭이나 채널 폭이 여러 가지입니다."},
    {"Error in {} file, too many sections.", "{1} 파일 오류: 구간이 너무 많습니다."},
    {"Error in {} file, NAME chunk too long.", "{1} 파일 오류: NAME 청크가 너무 깁니다."},
    {"Error in {} file, {} marker without {}.", "{1} 파일 오류: {3} 없이 {2} 표시가 있습니다."},
    {"Error in {} file, missing {} or {} marker.", "{1} 파일 오류: {2}나 {3} 표시가 없습니다."},
    {"Error in {} file, bad {} marker.", "{1} 파일 오류: {2} 표시가 잘못되었습니다."},
    {"Error in {} file, no {} marker.", "{1} 파일 오류: {2} 표시가 없습니다."},
    {"Error in {} file, no marker.", "{1} 파일 오류: 표시가 없습니다."},
    {"Unimplemented VOC file feature, file contains multiple sound sections.",
     "VOC 파일 오류: 소리 구간이 여럿인 파일은 아직 읽지 못합니다."},
    {"Embedded AU file with unknown length.", "길이를 알 수 없는 AU 파일이 들어 있습니다."},

    // libsndfile: "Error : …" (FLAC, SDS, SD2, WVE, DWVW, G72x, Ogg, MPEG)
    {"Error : flac decoder lost sync.", "오류: FLAC 디코더가 동기를 잃었습니다."},
    {"Error : unknown error in flac decoder.", "오류: FLAC 디코더에서 알 수 없는 오류가 났습니다."},
    {"Error : unkown error in flac decoder.", "오류: FLAC 디코더에서 알 수 없는 오류가 났습니다."},
    {"Error : bad flac header.", "오류: FLAC 헤더가 잘못되었습니다."},
    {"Error : flac does not support this sample rate.", "오류: FLAC이 이 샘플링 주파수를 지원하지 않습니다."},
    {"Error : problem while creating flac decoder.", "오류: FLAC 디코더를 만들지 못했습니다."},
    {"Error : problem while initialization of the flac decoder.", "오류: FLAC 디코더를 준비하지 못했습니다."},
    {"Error : bad bit width for SDS file.", "오류: SDS 파일의 비트 폭이 잘못되었습니다."},
    {"Error : not an SDS file.", "오류: SDS 파일이 아닙니다."},
    {"Error : not a WVE file.", "오류: WVE 파일이 아닙니다."},
    {"Error : Bad bit width for DWVW encoding. Must be 12, 16 or 24.",
     "오류: DWVW 인코딩의 비트 폭이 잘못되었습니다. 12, 16, 24 중 하나여야 합니다."},
    {"Error : G72x encoding does not support more than 1 channel.", "오류: G72x 인코딩은 채널이 하나뿐이어야 합니다."},
    {"Error : bad data offset.", "오류: 데이터 위치가 잘못되었습니다."},
    {"Error : bad data length.", "오류: 데이터 길이가 잘못되었습니다."},
    {"Error : bad sample size.", "오류: 샘플 크기가 잘못되었습니다."},
    {"Error : supplied offset beyond end of file.", "오류: 위치가 파일 끝을 넘습니다."},
    {"Error : major format is 0.", "오류: 주 형식이 0입니다."},
    {"Error. RAW file bitwidth must be a multiple of 8.", "오류: RAW 파일의 비트 폭은 8의 배수여야 합니다."},
};

}  // namespace

CoreMessageTable core_messages_sound() { return {kPatterns, std::size(kPatterns)}; }

}  // namespace attn::app
