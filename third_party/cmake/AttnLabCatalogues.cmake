# attnlab_catalogues(TARGET name OUTPUT_DIR dir PO_FILES a.po b.po ... [INSTALL])
# Compiles each <code>.po with `msgfmt --check` (GNU gettext) into <dir>/<code>/LC_MESSAGES/attnlab.mo,
# the layout core/i18n/languages.h looks in, as one target built with ALL; INSTALL also installs
# them under share/locale (/usr/share/locale in the .deb).
find_program(ATTNLAB_MSGFMT msgfmt)
if(NOT ATTNLAB_MSGFMT)
    message(FATAL_ERROR "msgfmt not found: install gettext (tools/install-deps.sh)")
endif()

function(attnlab_catalogues)
    cmake_parse_arguments(ARG "INSTALL" "TARGET;OUTPUT_DIR" "PO_FILES" ${ARGN})
    set(mo_files)
    foreach(po ${ARG_PO_FILES})
        get_filename_component(code ${po} NAME_WE)
        set(dir ${ARG_OUTPUT_DIR}/${code}/LC_MESSAGES)
        add_custom_command(OUTPUT ${dir}/attnlab.mo
            COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
            COMMAND ${ATTNLAB_MSGFMT} --check -o ${dir}/attnlab.mo ${po}
            DEPENDS ${po} COMMENT "msgfmt --check ${code}.po" VERBATIM)
        list(APPEND mo_files ${dir}/attnlab.mo)
        if(ARG_INSTALL)
            install(FILES ${dir}/attnlab.mo DESTINATION share/locale/${code}/LC_MESSAGES)
        endif()
    endforeach()
    add_custom_target(${ARG_TARGET} ALL DEPENDS ${mo_files})
endfunction()
