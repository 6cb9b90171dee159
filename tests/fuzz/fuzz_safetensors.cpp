// fuzz_safetensors.cpp — a whole .safetensors file (header and tensors), written to an in-memory
// file (memfd) and opened by path; every small float tensor is then read as a matrix and a vector,
// and every small 2-D one also kept 16-bit (weight_matrix.h, as the rotary decoders load BF16/F16).
#include <sys/mman.h>
#include <unistd.h>

#include <string>

#include "core/pretrained/blocks/weight_matrix.h"
#include "core/pretrained/folder/safetensors.h"
#include "tests/fuzz/fuzz_target.h"

ATTNLAB_FUZZ_TARGET(safetensors) {
    const int fd = memfd_create("fuzz.safetensors", 0);
    if (fd < 0) return 0;
    for (std::size_t done = 0; done < size;) {
        const ssize_t n = write(fd, data + done, size - done);
        if (n <= 0) break;
        done += std::size_t(n);
    }
    auto file = attn::pretrained::SafeTensorsFile::open("/proc/self/fd/" + std::to_string(fd));
    if (file) {
        for (const auto& t : file->tensors()) {
            if (t.numel() > (1 << 20)) continue;
            if (t.shape.size() == 2 && t.shape[0] < (1 << 20) && t.shape[1] < (1 << 20)) {
                (void)file->read_matrix(t.name, int(t.shape[0]), int(t.shape[1]));
                (void)attn::pretrained::read_weight_matrix(*file, t.name, int(t.shape[0]), int(t.shape[1]), true);
            }
            if (t.shape.size() == 1) (void)file->read_vector(t.name, int(t.shape[0]));
        }
        (void)file->read_vector("missing", 3);
    }
    close(fd);
    return 0;
}
