# Writes a C++ header holding a text file as a raw string literal (shaders embedded at build time).
# Usage: cmake -DINPUT=file.frag -DOUTPUT=file_frag.h -DNAME=kHeatmapFrag -P embed_text.cmake
file(READ "${INPUT}" content)
get_filename_component(input_name "${INPUT}" NAME)
file(WRITE "${OUTPUT}.tmp"
     "// Generated at build time from shaders/${input_name}: edit that file instead.\n"
     "#pragma once\n"
     "inline constexpr const char ${NAME}[] = R\"glsl(${content})glsl\";\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
