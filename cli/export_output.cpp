// export_output.cpp — how an export's result is written (see export_output.h).
#include "cli/export_output.h"

#include <iostream>

#include "cli/cli_messages.h"
#include "core/base/atomic_file.h"

namespace attn::cli {

void print_figure_warnings(const ExportOptions& o, const std::vector<std::string>& warnings) {
    for (const auto& w : warnings)
        std::cerr << "attnlab export: warning: " << one_line(w) << (o.system_fonts ? "" : " Try --system-fonts.") << "\n";
}

int write_export(const ExportOptions& o, const std::string& bytes, const std::string& what) {
    Status s = write_file_atomically(o.output, [&](std::ostream& out) {
        out.write(bytes.data(), std::streamsize(bytes.size()));
        return Status::Ok();
    });
    if (!s) return fail_output("export", o.output, s.message());
    std::cerr << "Wrote " << (is_standard_output(o.output) ? std::string("standard output") : one_line(o.output)) << " ("
              << what << ")\n";
    return kExitOk;
}

}  // namespace attn::cli
