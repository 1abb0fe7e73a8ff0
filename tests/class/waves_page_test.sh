#!/usr/bin/env bash
# waves_page_test.sh — a student's kernel's lesson page in a class, made as
# the class makes it (trace_page_make: src/class/trace_pages.c, which runs
# `reducevis export` in a child), ends on the grid: v8's recorded one
# (assets/waves/nvidia-h200-v8.rvt) beside the student's own.  The students'
# traces are committed runs replayed without a GPU, as a class's checks
# leave them:
#   1  my_reduce.cu on the H200 (assets/own-raw), no waves run (a class's
#      default): v8's grid, titled by the version's name and its GPU (not
#      its kernel file's), said to be recorded on the GPU the kernel ran on,
#      and the sentence that the class has not recorded the student's, naming
#      the class's --waves; in Chinese too;
#   2  shfl_down.cu on an H100 (the corpus): no recording of v8 is kept for
#      the H100, so the H200's is shown and the page names both GPUs, never
#      saying the H100 is the GPU v8 was recorded on;
#   3  test_shapes's b48 with test_waves_raw's waves run replayed into it:
#      the student's grid's words beside v8's, and no sentence of a grid
#      not recorded;
# and, as a class resumed finds them, a page older than its trace (made
# anew, with the grid) or than the program is drawn again.
# Usage: waves_page_test.sh REDUCEVIS TRACE_PAGE_MAKE TEST_SHAPES TEST_WAVES_RAW SOURCE_DIR
set -u
rv=$1 make=$2 shapes=$3 waves=$4 src=$5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL: $*"; fail=1; }
unset DISPLAY WAYLAND_DISPLAY
export LANGUAGE= LC_ALL= LANG=C.UTF-8
sub=$tmp/class/submissions
mkdir -p "$sub"

# FOLDER ID: a kept run replayed into the class's trace ID.rvt (.gz unpacked)
replay() {
    cp -r "$1" "$tmp/run$2" && gunzip -f "$tmp/run$2"/*.gz 2>/dev/null
    timeout 300 "$rv" trace --replay "$tmp/run$2" -o "$sub/$2.rvt" >"$tmp/out" 2>&1 ||
        no "the replay of $1: $(tail -3 "$tmp/out")"
}
replay "$src/assets/own-raw/nvidia-h200-my_reduce-b256" 1
replay "$src/assets/own-raw/corpus/nvidia-h100-80gb-hbm3/shfl_down" 2
mkdir -p "$tmp/shapes" && "$shapes" --replay-dir "$tmp/shapes" >/dev/null || no "test_shapes wrote no run folders"
"$waves" --into "$tmp/shapes/b48" 48 || no "test_waves_raw wrote no waves"
replay "$tmp/shapes/b48" 3

# ID VERSION LANG: the page's text, as the class makes the page, in $tmp/page
page() {
    local path
    if path=$(timeout 400 "$make" "$tmp/class" "$rv" "$@" 2>"$tmp/err"); then
        cp "$path" "$tmp/page"
    else
        no "no page of $*: $(cat "$tmp/err" "$sub/$1-vs-$2-$3.log" 2>/dev/null | tail -5)"
        : >"$tmp/page"
    fi
}
has() { grep -qF -- "$1" "$tmp/page" || no "$2: no \"$1\" on the page"; }
hasnt() { grep -qF -- "$1" "$tmp/page" && no "$2: \"$1\" on the page"; }

# v8's words (the scene's title of its recording) in any page of it: the
# version by its row's name and the GPU, never its kernel file's name
v8_title="v8 (vector loads, single pass) on the NVIDIA H200, launch 1: "
page 1 v8 en
has "$v8_title" "the student's page beside v8"
hasnt "v8_vector_single_pass.cu" "v8's grid titled by its kernel file"
has "blocks of 256 threads on 132 SMs" "v8's grid on the H200, its SMs"
has "v8's grid as recorded on the NVIDIA H200, the GPU my_reduce.cu ran on." "which GPU v8's grid was recorded on"
has "The class has not recorded the grid of my_reduce.cu" "no waves run in the student's trace"
has "reducevis class --waves" "how a teacher records it"
has "The grid: my_reduce.cu beside v8" "the grid's position"

page 1 own zh
has "v8 在 NVIDIA H200 上录制的网格" "in Chinese, which GPU"
has "v8（向量加载，单遍完成）在 NVIDIA H200 上，第 1 次启动" "in Chinese, v8's grid's title"
has "课堂还没有记录 my_reduce.cu 的网格" "in Chinese, the grid not recorded"
has "reducevis class --waves" "in Chinese, how"

page 2 v1 en
has "$v8_title" "an H100 student's page"
has "v8's grid as recorded on the NVIDIA H200: no recording of v8 is kept for the NVIDIA H100 80GB HBM3, the GPU shfl_down.cu ran on" "the two GPUs named"
hasnt "the GPU shfl_down.cu ran on." "the H100 said to be v8's GPU"
has "The class has not recorded the grid of shfl_down.cu" "an H100 student's trace without waves"

page 3 v8 en
has "$v8_title" "the page of a trace with a waves run"
has "4 blocks of 48 threads on 2 SMs" "the student's own grid, beside v8's"
hasnt "The class has not recorded" "a grid recorded said not to be"

# a class resumed: a check run again (one cut off when the class stopped)
# writes its trace anew, here with the grid the class now records (--waves);
# the page drawn before from the trace without it is drawn again, not served
cp "$sub/3.rvt" "$sub/1.rvt"
page 1 v8 en
has "4 blocks of 48 threads on 2 SMs" "a page asked again after its trace was made anew with the grid"
hasnt "The class has not recorded" "the page drawn before the trace had its grid, served again"
# a page drawn by an older build (older than the program) is drawn again
touch -d @946684800 "$sub/1-vs-v8-en.html"
page 1 v8 en
[ "$sub/1-vs-v8-en.html" -nt "$rv" ] || no "a page older than the program was served, not drawn again"

[ $fail = 0 ] && echo "class_waves_page: ok"
exit $fail
