# package.cmake — CPack: `cpack -G DEB` and `cpack -G TGZ` in the build folder
# (or `cmake --build build --target package`) package what install.cmake
# installs, under /usr.
#
# Depends: the shared libraries the binary links, computed by dpkg-shlibdeps
# (SDL2, SDL2_ttf, libpng, zlib, giflib, fontconfig, libmicrohttpd and libqrencode
# for `reducevis class`, libc ...), and the fonts it draws with: DejaVu for
# Latin text and WenQuanYi Micro Hei for Chinese
# (src/viewer/draw/font.c).  GNU gettext's runtime is glibc's own (libintl is part
# of libc6), so no gettext package is needed at run time.  The CUDA runtime
# is linked in statically; what it needs from the machine is the NVIDIA
# driver's libcuda.so.1, a recommendation: without it everything but capture,
# bench, verify, record and multi works.  NCCL is loaded at run time by
# `multi` and `bench --gpus` only: a suggestion.
set(CPACK_PACKAGE_NAME reducevis)
set(CPACK_PACKAGE_VENDOR "the reducevis authors")
set(CPACK_PACKAGE_CONTACT "reducevis maintainers <maintainers@users.noreply.a-seed-54e94920.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "teaching visualizer for CUDA parallel reduction")
set(CPACK_PACKAGE_DESCRIPTION "reducevis replays, step by step, one block's tree reduction for each
version of the classic CUDA reduction sequence, from traces recorded on a
real GPU: which threads execute, which warps diverge, which shared-memory
accesses collide on a bank, next to how fast each version ran. It exports
frames as PNG, animated GIF or a self-contained web page, charts timed
sweeps, and records new GPUs where CUDA is present.")
set(CPACK_PACKAGE_INSTALL_DIRECTORY reducevis)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_SOURCE_GENERATOR "")

set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core, fonts-wqy-microhei")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libcuda1")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libnccl2")
# files under /usr get 0644 and directories 0755 whatever the build's umask
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
include(CPack)
