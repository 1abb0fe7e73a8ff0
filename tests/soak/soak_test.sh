#!/usr/bin/env bash
# soak_test.sh REDUCEVIS FRAMES — the viewer in a real X window (Xvfb) plays
# every step of every version, then compare mode, theme, help and warp view,
# over and over for FRAMES frames (RV_SOAK_FRAMES, see src/viewer/window/viewer.c),
# then quits.  Passes when it exits 0 (in the sanitizer build: no leak, no
# bad access, no undefined behaviour) and its resident memory after the
# warm-up and at the end differ by at most SOAK_MAX_GROWTH_KIB (2 MiB).
# Exits 77 (CTest: skipped) where Xvfb or xvfb-run is missing, saying so.
#
# SDL's software renderer draws into the window (an X11 shared-memory
# framebuffer), for three reasons: with Mesa's GL renderer LeakSanitizer
# reports Mesa's own globals as leaks once SDL unloads libGL at quit;
# llvmpipe is five times slower under ASan; and llvmpipe's worker threads
# grow their own memory by some 16 MiB between passes 26 and 53, then they
# level off (flat with LP_NUM_THREADS=0), which would hide ours.  Our drawing
# code is the same for both renderers.
set -u
rv=$1 frames=${2:-3000}
max_growth=${SOAK_MAX_GROWTH_KIB:-2048}
for tool in Xvfb xvfb-run xauth; do
    if ! command -v $tool >/dev/null; then
        echo "SKIPPED: $tool is not installed (Debian: xvfb, xauth); no soak test"
        exit 77
    fi
done
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# ASan's quarantine holds freed memory back on purpose (256 MiB by default):
# with it RSS measures the quarantine, not us.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0:thread_local_quarantine_size_kb=0"
unset SDL_VIDEODRIVER WAYLAND_DISPLAY
start=$(date +%s)
RV_SOAK_FRAMES=$frames SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0 \
    xvfb-run -a -s "-screen 0 1280x800x24" "$rv" view --version v0 --size 1024x640 >"$log" 2>&1
status=$?
cat "$log"
echo "soak_test: $frames frames in $(( $(date +%s) - start )) s, exit status $status"
[ "$status" -eq 0 ] || { echo "FAIL: the viewer exited $status"; exit 1; }
line=$(grep '^soak:' "$log") || { echo "FAIL: no 'soak:' line: the viewer did not run the soak"; exit 1; }
warm=$(echo "$line" | sed -n 's/.*RSS \([0-9]*\) KiB after.*/\1/p')
end=$(echo "$line" | sed -n 's/.*, \([0-9]*\) KiB at the end.*/\1/p')
if [ -z "$warm" ] || [ "$warm" -eq 0 ]; then
    echo "FAIL: the warm-up did not finish in $frames frames; give more"
    exit 1
fi
growth=$((end - warm))
echo "soak_test: RSS $warm KiB after the warm-up, $end KiB at the end: $growth KiB growth (at most $max_growth)"
[ "$growth" -le "$max_growth" ] || { echo "FAIL: memory grows while the viewer plays"; exit 1; }
