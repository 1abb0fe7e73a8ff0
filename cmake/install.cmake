# install.cmake — what `cmake --install` puts where (GNUInstallDirs), included
# from CMakeLists.txt after the targets:
#   bin/reducevis
#   share/reducevis/{traces,results,logs}     the bundled GPU recordings (the
#                                             kernel sources are compiled in)
#   share/reducevis/kernels                   their headers, for `trace --kernel`
#   lib/reducevis                             the tracer (CMakeLists.txt)
#   share/locale/LANG/LC_MESSAGES/reducevis.mo  (CMakeLists.txt, translations)
#   share/applications/reducevis.desktop      the menu entry
#   share/icons/hicolor/NxN/apps/reducevis.png  drawn by reducevis_icon (icon.c)
#   share/man/man1/reducevis.1.gz, share/man/zh_CN/man1/reducevis.1.gz
#                                             from the --help texts (help2man)
#   share/bash-completion/completions/reducevis
#   share/doc/reducevis/{copyright,changelog.Debian.gz}
# Generated files are made by the default build, so the tests and the package
# see exactly what is installed.

install(TARGETS reducevis RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
set(RV_SHARE ${CMAKE_INSTALL_DATADIR}/reducevis)
foreach(d traces results logs waves)
  install(DIRECTORY ${CMAKE_SOURCE_DIR}/assets/${d} DESTINATION ${RV_SHARE})
endforeach()
# the shipped kernels' headers: `trace --kernel V` compiles a kernel with them
file(GLOB RV_KERNEL_HEADERS ${CMAKE_SOURCE_DIR}/kernels/*.cuh)
install(FILES ${RV_KERNEL_HEADERS} ${CMAKE_SOURCE_DIR}/src/rv_access.h DESTINATION ${RV_SHARE}/kernels)

# gzip -n: no name or time stamp in the header, so the files are reproducible
# (Debian policy 12.3 and 12.7 want manual pages and changelogs compressed).
find_program(RV_GZIP gzip REQUIRED)

# ---- menu entry and icon ------------------------------------------------------
install(FILES ${CMAKE_SOURCE_DIR}/packaging/reducevis.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
if(RV_HAVE_VIEWER AND RV_HAVE_PNG)
  add_executable(reducevis_icon src/viewer/export/icon.c)
  target_link_libraries(reducevis_icon PRIVATE rvviewer)
  set(RV_ICONS)
  foreach(px 16 32 48 64 128 256)
    set(icon ${CMAKE_BINARY_DIR}/icons/hicolor/${px}x${px}/apps/reducevis.png)
    add_custom_command(OUTPUT ${icon}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/icons/hicolor/${px}x${px}/apps
      COMMAND reducevis_icon ${px} ${icon}
      DEPENDS reducevis_icon COMMENT "Drawing the ${px} px icon" VERBATIM)
    list(APPEND RV_ICONS ${icon})
  endforeach()
  add_custom_target(icons ALL DEPENDS ${RV_ICONS})
  install(DIRECTORY ${CMAKE_BINARY_DIR}/icons/hicolor DESTINATION ${CMAKE_INSTALL_DATADIR}/icons)
endif()

# ---- manual pages from the --help texts (Debian's help2man) --------------------
find_program(RV_HELP2MAN help2man)
if(RV_HELP2MAN)
  set(RV_MAN_PAGES)
  foreach(lang en zh_CN)
    if(lang STREQUAL "en")
      set(dir ${CMAKE_BINARY_DIR}/man/man1)
      set(dest ${CMAKE_INSTALL_MANDIR}/man1)
    else()
      set(dir ${CMAKE_BINARY_DIR}/man/${lang}/man1)
      set(dest ${CMAKE_INSTALL_MANDIR}/${lang}/man1)
    endif()
    add_custom_command(OUTPUT ${dir}/reducevis.1 ${dir}/reducevis.1.gz
      COMMAND ${CMAKE_COMMAND} -DRV=$<TARGET_FILE:reducevis> -DHELP2MAN=${RV_HELP2MAN} -DLANG=${lang} -DVERSION=${PROJECT_VERSION}
              -DOUT=${dir}/reducevis.1 -P ${CMAKE_SOURCE_DIR}/cmake/man_page.cmake
      COMMAND ${RV_GZIP} -n -9 -c ${dir}/reducevis.1 > ${dir}/reducevis.1.gz
      DEPENDS reducevis catalogues ${CMAKE_SOURCE_DIR}/cmake/man_page.cmake
      COMMENT "Writing the ${lang} manual page from the --help texts")
    list(APPEND RV_MAN_PAGES ${dir}/reducevis.1.gz)
    install(FILES ${dir}/reducevis.1.gz DESTINATION ${dest})
  endforeach()
  add_custom_target(man ALL DEPENDS ${RV_MAN_PAGES})
else()
  message(STATUS "reducevis: help2man not found; no manual page (apt-get install help2man)")
endif()

# ---- bash completion ---------------------------------------------------------
install(FILES ${CMAKE_SOURCE_DIR}/packaging/reducevis.bash-completion
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME reducevis)

# ---- copyright and changelog -------------------------------------------------
set(RV_CHANGELOG ${CMAKE_BINARY_DIR}/doc/changelog.Debian.gz)
add_custom_command(OUTPUT ${RV_CHANGELOG}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/doc
  COMMAND ${RV_GZIP} -n -9 -c ${CMAKE_SOURCE_DIR}/packaging/changelog > ${RV_CHANGELOG}
  DEPENDS ${CMAKE_SOURCE_DIR}/packaging/changelog COMMENT "Compressing the changelog")
add_custom_target(changelog ALL DEPENDS ${RV_CHANGELOG})
install(FILES ${CMAKE_SOURCE_DIR}/packaging/copyright ${RV_CHANGELOG}
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
