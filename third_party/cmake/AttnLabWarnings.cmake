# Warnings we want on our own targets (not on system headers).
function(attnlab_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wno-sign-compare)
endfunction()
