// core_messages_sound.cpp — the reasons libsndfile gives when a recording cannot be read, as patterns to translate
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

constexpr const char* kPatterns[] = {
    // core/audio/audio_decode.cpp's own reasons
    N_("its header gives no sample rate or no channels"),
    N_("its format is none libsndfile recognises; the decoder said: {}"),
    N_("its format is none libsndfile recognises"),

    // libsndfile: every format
    N_("Format not recognised."),
    N_("File opened for read. Format not recognised."),
    N_("Supported file format but file is malformed."),
    N_("Supported file format but unsupported encoding."),
    N_("File contains data in an unimplemented format."),
    N_("File contains data in an unknown format."),
    N_("File exists but no data could be read."),
    N_("Unspecified internal error."),
    N_("Internal malloc () failed."),
    N_("Channel count is zero."),
    N_("Too many channels specified."),
    N_("Attempt to read a non-integer number of channels."),
    N_("Internal psf_fseek() failed."),
    N_("Seek attempted on unseekable file type."),
    N_("Bad endian-ness. Try default endian-ness"),

    // libsndfile: one format's header, "Error in X file. …" / "Error in X file, …"
    N_("Error in {} file. No {} chunk marker."),
    N_("Error in {} file. Malformed {} chunk."),
    N_("Error in {} file. Short {} chunk."),
    N_("Error in {} file. {} chunk too large."),
    N_("Error in {} file. {} chunk out of place."),
    N_("Error in {} file. Bad {} chunk."),
    N_("Error in {} file, bad {} chunk size."),
    N_("Error in {} file, bad {} chunk."),
    N_("Error in {} file. {} chunk found before {} chunk."),
    N_("Error in {} file. Errors in {} chunk."),
    N_("Error in {} file. Block alignment in {} chunk is incorrect."),
    N_("Error in {} file. File contains an unknown chunk marker."),
    N_("Error in {} file. Malformed LIST chunk."),
    N_("Error in {} file. Data is in WAVPACK format."),
    N_("Error in {} file. Invalid bit width."),
    N_("Error in {} file. Invalid number of channels."),
    N_("Error in {} file. Invalid format chunk."),
    N_("Error in {} file. File shorter than minimal header."),
    N_("Error in {} file. Not able to determine endian-ness."),
    N_("Error in {} file. Not able to determine sample rate."),
    N_("Error in {} file. Bad block structure."),
    N_("Error in {} file. No variable name."),
    N_("Error in {} file. No sample rate."),
    N_("Error in {} file. No {} marker."),
    N_("Error in {} file. Bad header."),
    N_("Error in {} file. Bad bit width."),
    N_("Error in {} file. Excess samples in file."),
    N_("Error in {} file, file contains 64 bit offset."),
    N_("Error in {} file, bad header."),
    N_("Error in {} file, no sound data."),
    N_("Error in {} file, bad version number."),
    N_("Error in {} file, bad version."),
    N_("Error in {} file, bad format."),
    N_("Error in {} file, unknown format."),
    N_("Error in {} file, unknown encoding format."),
    N_("Error in {} file, unknow encoding format."),
    N_("Error in {} file, unsupported compression format."),
    N_("Error in {} file, unknown chunk."),
    N_("Error in {} file, bad channel count."),
    N_("Error in {} file, bad marker in file."),
    N_("Error in {} file, incompatible VOC sections."),
    N_("Error in {} file, more than one sample rate defined."),
    N_("Error in {} file, file contains multiple bit or channel widths."),
    N_("Error in {} file, too many sections."),
    N_("Error in {} file, NAME chunk too long."),
    N_("Error in {} file, {} marker without {}."),
    N_("Error in {} file, missing {} or {} marker."),
    N_("Error in {} file, bad {} marker."),
    N_("Error in {} file, no {} marker."),
    N_("Error in {} file, no marker."),
    N_("Unimplemented VOC file feature, file contains multiple sound sections."),
    N_("Embedded AU file with unknown length."),

    // libsndfile: "Error : …" (FLAC, SDS, SD2, WVE, DWVW, G72x, Ogg, MPEG)
    N_("Error : flac decoder lost sync."),
    N_("Error : unknown error in flac decoder."),
    N_("Error : unkown error in flac decoder."),
    N_("Error : bad flac header."),
    N_("Error : flac does not support this sample rate."),
    N_("Error : problem while creating flac decoder."),
    N_("Error : problem while initialization of the flac decoder."),
    N_("Error : bad bit width for SDS file."),
    N_("Error : not an SDS file."),
    N_("Error : not a WVE file."),
    N_("Error : Bad bit width for DWVW encoding. Must be 12, 16 or 24."),
    N_("Error : G72x encoding does not support more than 1 channel."),
    N_("Error : bad data offset."),
    N_("Error : bad data length."),
    N_("Error : bad sample size."),
    N_("Error : supplied offset beyond end of file."),
    N_("Error : major format is 0."),
    N_("Error. RAW file bitwidth must be a multiple of 8."),
};

}  // namespace

CoreMessageTable core_messages_sound() { return {kPatterns, std::size(kPatterns)}; }

}  // namespace attn::app
