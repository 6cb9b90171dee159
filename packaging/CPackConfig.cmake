# CPackConfig.cmake — the Debian package (included from the top-level CMakeLists.txt):
#   cmake --build build --target package   →   build/attnlab_<version>_amd64.deb
# What goes in: everything `cmake --install` puts under /usr (app/CMakeLists.txt: the binary,
# assets/ as /usr/share/attnlab, the .desktop file and icon) plus, from here, the manual page,
# the machine-readable copyright, the changelog, README and CHANGELOG. Depends is computed from
# the binary by dpkg-shlibdeps, never typed. For classroom PCs configure with -DATTNLAB_NATIVE=OFF
# (packaging/README.md); a native build's package runs only on CPUs like the build machine's.
set(ATTNLAB_PACKAGE_MAINTAINER "AttnLab maintainers <maintainers@users.noreply.a-seed-abb2beb7.example>"
    CACHE STRING "Maintainer field of the .deb")
if(ATTNLAB_NATIVE)
    message(STATUS "attnlab package: native build (-march=native); for other computers configure "
                   "with -DATTNLAB_NATIVE=OFF")
endif()

# --- documentation files, compressed as Debian policy asks (gzip -9n: no name, no timestamp) ---
set(attnlab_pkg_dir ${PROJECT_BINARY_DIR}/packaging)
configure_file(${CMAKE_CURRENT_LIST_DIR}/changelog.Debian.in ${attnlab_pkg_dir}/changelog @ONLY)
set(attnlab_gz_outputs)
foreach(pair "${CMAKE_CURRENT_LIST_DIR}/attnlab.1:attnlab.1.gz" "${attnlab_pkg_dir}/changelog:changelog.gz")
    string(REPLACE ":" ";" pair ${pair})
    list(GET pair 0 in)
    list(GET pair 1 out)
    add_custom_command(OUTPUT ${attnlab_pkg_dir}/${out}
        COMMAND gzip -9n -c ${in} > ${attnlab_pkg_dir}/${out}  # Ninja and Makefiles run it in a shell
        DEPENDS ${in} COMMENT "Compressing ${out}")
    list(APPEND attnlab_gz_outputs ${attnlab_pkg_dir}/${out})
endforeach()
add_custom_target(attnlab_package_docs ALL DEPENDS ${attnlab_gz_outputs})

include(GNUInstallDirs)
install(FILES ${attnlab_pkg_dir}/attnlab.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/copyright ${attnlab_pkg_dir}/changelog.gz
              ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/CHANGELOG.md
        DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/attnlab)  # not DOCDIR: that is doc/AttnLab
# The user guide (docs/: the README's links) and its screenshots, as the README points to them.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/attnlab/docs
        FILES_MATCHING PATTERN "*.md" PATTERN "*.png")

# Installed into a system prefix (/usr, as the package does): no RUNPATH. Debian policy allows one
# only for a package's private libraries (lintian: custom-library-search-path); the system's
# libopenblas.so.0 is then whichever OpenBLAS the alternatives system selects, and gemm.cpp keeps
# a multithreaded one at one thread. Other prefixes keep the build's RUNPATH (the serial OpenBLAS).
install(CODE [[
    if(CMAKE_INSTALL_PREFIX MATCHES "(^|/)usr/?$")
        file(RPATH_REMOVE FILE "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/bin/attnlab")
    endif()
]])

# --- the package ---------------------------------------------------------------------------
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME attnlab)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The AttnLab authors")
set(CPACK_PACKAGE_CONTACT "${ATTNLAB_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # attnlab_<version>_amd64.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${ATTNLAB_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # Depends from the binary's libraries (dpkg-shlibdeps)
# Chinese and Japanese glyphs in the UI font, and the symbols NanumGothic lacks (app/shell/fonts);
# Fashion-MNIST for the ViT trainer (attnlab train --task fashion)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-droid-fallback, fonts-dejavu-core, dataset-fashion-mnist")
# The summary, then what a teacher deciding whether to install it needs to know (debian/control style).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "see every step of attention in transformers, for teaching
AttnLab shows students how a transformer's attention works, one step at a
time, in English and Korean. Type a sentence and follow it from the token
vectors to the queries, keys and values, the scores, the division by the
square root of d_k, the mask, the softmax weights and each head's output;
switch the scaling or a mask off and watch what changes.
.
It runs a small built-in model out of the box and opens real models from
local folders, offline: GPT-2, BERT, Llama, Qwen and Mistral for text,
ViT and DeiT for pictures, Marian for translation, where the
cross-attention shows which source words each target word reads, and
Whisper for speech, where it finds each spoken word in the sound. Students
can knock heads out, read the logit lens, train tiny models in a few
minutes and follow guided lessons written by their teacher in Markdown.
.
Every view exports as a figure for slides and handouts (PDF, SVG, PNG) and
its numbers as CSV or JSON; a presentation mode suits the classroom
projector, and the attnlab command does the same from scripts.")
include(CPack)

# --- the offline bundle: the .deb with every package it needs, for PCs with no network ----------
#   sudo cmake --build build --target offline-bundle   →   build/attnlab-offline/ (+ .tar)
# packaging/offline_bundle.sh finds the packages in a minimal Debian 12 root (debootstrap; needs
# root and the Debian mirror while it runs); the folder's install.sh installs with no network.
add_custom_target(offline-bundle
    COMMAND ${CMAKE_CPACK_COMMAND} --config ${PROJECT_BINARY_DIR}/CPackConfig.cmake -B ${PROJECT_BINARY_DIR}
    COMMAND ${CMAKE_COMMAND} -E rm -rf ${PROJECT_BINARY_DIR}/attnlab-offline ${PROJECT_BINARY_DIR}/attnlab-offline.tar
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/offline_bundle.sh
            ${PROJECT_BINARY_DIR}/attnlab_${PROJECT_VERSION}_amd64.deb ${PROJECT_BINARY_DIR}/attnlab-offline
    WORKING_DIRECTORY ${PROJECT_BINARY_DIR}
    USES_TERMINAL
    COMMENT "Writing attnlab-offline/: the package and everything it needs on Debian 12")
if(TARGET attnlab)
    add_dependencies(offline-bundle attnlab attnlab_package_docs)
endif()
