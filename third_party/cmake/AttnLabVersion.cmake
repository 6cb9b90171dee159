# AttnLabVersion.cmake — the generated attnlab_version.h (interface target attnlab_version):
# PROJECT_VERSION plus what `attnlab --version --verbose` reports about the build.
string(TOUPPER "${CMAKE_BUILD_TYPE}" attnlab_bt)
string(JOIN " " attnlab_build_flags ${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${attnlab_bt}} ${ATTNLAB_ARCH_FLAGS})
string(STRIP "${attnlab_build_flags}" attnlab_build_flags)
if(ATTNLAB_NATIVE)
    set(ATTNLAB_BUILD_BASELINE "native (the build machine's instruction sets)")
else()
    set(ATTNLAB_BUILD_BASELINE "${ATTNLAB_BASELINE_ARCH} (portable)")
endif()
set(ATTNLAB_BUILD_COMPILER "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}")
set(ATTNLAB_BUILD_TYPE "${CMAKE_BUILD_TYPE}")
set(ATTNLAB_BUILD_FLAGS "${attnlab_build_flags}")
configure_file(${PROJECT_SOURCE_DIR}/packaging/attnlab_version.h.in
               ${PROJECT_BINARY_DIR}/generated/attnlab_version.h @ONLY)
add_library(attnlab_version INTERFACE)
target_include_directories(attnlab_version INTERFACE ${PROJECT_BINARY_DIR}/generated)
