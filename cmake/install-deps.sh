# install-deps.sh — sourced by run.sh and test.sh: installs with apt-get what
# the build needs and is missing (Debian; root, or sudo when available).
# gettext compiles the translations (msgfmt); fontconfig finds the CJK font
# (fonts-wqy-microhei: why that one is said in src/viewer/draw/font.c); help2man
# writes the manual pages from the --help texts (cmake/man_page.cmake).
# libmicrohttpd-dev serves `reducevis class` (src/class/class_http.c says why that
# library); libqrencode-dev draws its join address as a QR code.
# bubblewrap makes the sandbox a student's file is compiled and run in
# (`trace --sandbox`, `check --sandbox`, the class: src/own/sandbox/sandbox.c); the
# GPU machines, which have no network, get its .deb from tests/gpu/fetch-debs.sh.
# libjs-codemirror (CodeMirror 5) is the students' code editor in the class,
# embedded into the page at build time.  binutils' addr2line names the
# student's line of a host call the judge cannot replay (src/own/run/host_line.c;
# gcc, which nvcc needs, brings it too).
# The CUDA compiler is not a Debian package here: it is used where installed
# (nvcc on PATH or /usr/local/cuda/bin), and the build says so where it is not.
rv_install_deps() {
    local pkgs="cmake make gcc pkg-config libsdl2-dev libsdl2-ttf-dev libpng-dev zlib1g-dev libgif-dev fonts-dejavu-core gettext libfontconfig-dev fonts-wqy-microhei help2man libmicrohttpd-dev libqrencode-dev bubblewrap libjs-codemirror binutils $*"
    local missing=""
    for p in $pkgs; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
    done
    if [ -n "$missing" ]; then
        echo "Installing:$missing"
        local sudo=""
        [ "$(id -u)" -ne 0 ] && sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
    fi
    if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
        export PATH="/usr/local/cuda/bin:$PATH"
    fi
    command -v nvcc >/dev/null || echo "note: nvcc not found: building without GPU capture and bench"
}
