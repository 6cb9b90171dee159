// export_command.h — `attnlab export`: a figure (PNG, SVG, PDF) or the numbers (CSV, JSON) of one
// run, for slides and handouts. Needs no display.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/export_output.h"

namespace attn::cli {

void add_export_options(CLI::App& cmd, ExportOptions& o);

// Returns the exit code: 0 ok, 1 could not compute or write, 2 bad options.
int run_export(const ExportOptions& o, const char* argv0);

}  // namespace attn::cli
