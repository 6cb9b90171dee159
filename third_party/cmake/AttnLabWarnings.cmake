# AttnLabWarnings.cmake — the warnings we want on our own targets (system headers stay quiet).
# ATTNLAB_WERROR=ON (CI) makes them errors. With GCC 12 every target force-includes
# third_party/gcc12/quiet_avx512_headers.h, which silences one known-bogus warning inside GCC's own
# intrinsics headers only (GCC bug 105593, reached through Eigen); our code keeps every warning.
set(ATTNLAB_QUIET_AVX512_HEADER ${CMAKE_CURRENT_LIST_DIR}/../gcc12/quiet_avx512_headers.h)
cmake_path(NORMAL_PATH ATTNLAB_QUIET_AVX512_HEADER)

function(attnlab_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wno-sign-compare)
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 12
       AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
        target_compile_options(${target} PRIVATE -include ${ATTNLAB_QUIET_AVX512_HEADER})
    endif()
    if(ATTNLAB_WERROR)
        target_compile_options(${target} PRIVATE -Werror)
    endif()
endfunction()
