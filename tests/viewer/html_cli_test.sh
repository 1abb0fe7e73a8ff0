#!/usr/bin/env bash
# html_cli_test.sh — `reducevis export --html` from the command line, no
# display: bad input gets a message naming the problem and its exit status
# (1 usage, 2 runtime) and leaves no file, not even a temporary one; a page
# that fails over an older one leaves the older one as it was; good input
# writes one self-contained page (nothing fetched from outside it), says its
# size, and stays under 5 MB for the longest trace at 1920x1080.
# Usage: html_cli_test.sh path/to/reducevis ASSET_DIR
set -u
rv=$1
assets=$2
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../cli_harness.sh"
rv_run=("$rv" export)
unset DISPLAY WAYLAND_DISPLAY SDL_VIDEODRIVER



# nothing_but DIR NAMES...: DIR holds exactly these names, hidden ones counted
nothing_but() {
    local dir=$1
    shift
    local want=""
    [ $# -gt 0 ] && want=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
    [ "$(ls -A "$dir" | sort | tr '\n' ' ')" = "$want" ]
}

# The command line.
expect 0 "--html FILE.html"                    --help
expect 1 "--html needs a value"                --version v1 --html
expect 1 "--html FILE.html and -o DIR"         --version v1 --html "$tmp/x.html" -o "$tmp/o"
expect 1 "--html FILE.html and --gif FILE.gif" --version v1 --html "$tmp/x.html" --gif "$tmp/x.gif"
expect 1 "--delay is for --gif only"           --version v1 --html "$tmp/x.html" --delay 500
expect 1 "or --html FILE.html"                 --version v1
expect 1 "--steps '12'"                        --version v1 --steps 12 --html "$tmp/x.html"
mkdir "$tmp/d"
check "no page after usage errors" nothing_but "$tmp" d err out

# The world: a folder that does not exist, a folder in the file's place, a
# read-only folder, a full disk, a file size limit.  None leaves a file.
expect 2 "cannot write $tmp/missing/x.html: No such file or directory" --version v1 --steps 1 --html "$tmp/missing/x.html"
expect 2 "cannot write $tmp/d: Is a directory"  --version v1 --steps 1 --html "$tmp/d"
mkdir "$tmp/ro" && chmod a-w "$tmp/ro"
if [ ! -w "$tmp/ro" ]; then   # root can write anywhere: skip this one then
    expect 2 "cannot write $tmp/ro/x.html: Permission denied" --version v1 --steps 1 --html "$tmp/ro/x.html"
fi
check "nothing left in the read-only folder" nothing_but "$tmp/ro"
# /dev/full, or as root a copy of it in $tmp (so that a writer that removed
# what it failed to write could not take the real one).
full=/dev/full
if [ "$(id -u)" -eq 0 ]; then
    full="$tmp/full"
    mknod "$full" c 1 7 2>/dev/null || full=""
fi
if [ -n "$full" ] && [ -c "$full" ]; then
    expect 2 "cannot write $full: No space left on device" --version v1 --steps 1-2 --size 320x240 --html "$full"
    check "a device that failed is left in place" test -c "$full"
    [ "$full" = "$tmp/full" ] && rm -f "$full"
fi
# A disk that fills up half way: a file size limit of 200 KiB (the shell
# ignores SIGXFSZ, so a write past it fails with EFBIG instead of killing).
(ulimit -f 200; trap '' XFSZ; "$rv" export --version v1 --html "$tmp/d/big.html" >"$tmp/out" 2>"$tmp/err")
check "a page past the size limit fails: $(cat "$tmp/err")" grep -qF "cannot write $tmp/d/big.html: File too large" "$tmp/err"
check "no partial page and no temporary file left" nothing_but "$tmp/d"
# Over an older page: the failure leaves it whole.
echo "an older page" >"$tmp/d/old.html"
(ulimit -f 200; trap '' XFSZ; "$rv" export --version v1 --html "$tmp/d/old.html" >/dev/null 2>&1)
check "a failed page leaves the older one as it was" test "$(cat "$tmp/d/old.html")" = "an older page"
check "and no temporary file" nothing_but "$tmp/d" old.html
expect 2 "cannot open trace"                   "$tmp/missing.rvt" --html "$tmp/x.html"
check "no page left by a failed export" test ! -e "$tmp/x.html"

# Good input: one page, readable by others as umask allows, that says its
# size and refers to nothing outside itself.
umask 022
expect 0 "wrote $tmp/a.html: a lesson page of 3 steps (2..4), 640x360, dark theme" \
    --version v2 --steps 2-4 --size 640x360 --theme dark --html "$tmp/a.html"
check "the size is printed in bytes" grep -qE "\(([0-9]+) bytes\)" "$tmp/out"
bytes=$(sed -nE 's/.*\(([0-9]+) bytes\).*/\1/p' "$tmp/out")
check "the printed size is the file's ($bytes)" test "$bytes" = "$(stat -c %s "$tmp/a.html")"
check "the page is readable by others (0644)" test "$(stat -c %a "$tmp/a.html")" = 644
check "an HTML5 page" grep -q '^<!DOCTYPE html>' "$tmp/a.html"
check "three sections, one frame each" test "$(grep -c 'class="step"' "$tmp/a.html")" = 3
check "frames embedded as PNG" test "$(grep -o 'src="data:image/png;base64,' "$tmp/a.html" | wc -l)" = 3
check "a policy that forbids fetching anything" grep -qF "default-src 'none'" "$tmp/a.html"
check "no external script, style, image or link" \
    bash -c "! grep -qiE '(src|href)=\"(https?:|//|file:|[a-z0-9_./-]+\.(js|css|png|woff2?|ttf)\")|<link|@import|url\(' '$tmp/a.html'"
check "the caption is text: the banner's sentence" grep -qF "threads each add the word" "$tmp/a.html"
check "the hover data: the tooltip's lines" grep -qF '"smem[0]' "$tmp/a.html"
check "nothing but the page written" nothing_but "$tmp" a.html d err out ro
# Predict mode: a question and an answer frame per step, in the same page.
expect 0 "2 steps, each asked before it is shown" --version v1 --quiz --steps 3-4 --size 640x360 --html "$tmp/q.html"
check "two questions, four frames" test "$(grep -c 'class="step quiz"' "$tmp/q.html")-$(grep -o 'src="data:image/png' "$tmp/q.html" | wc -l)" = 2-4
expect 1 "--quiz asks about one version"       --version v1 --compare v2 --quiz --html "$tmp/q2.html"
rm -f "$tmp/q.html"

# Size: the longest trace (most steps), every step at 1920x1080, and a comparison.
longest=$(for f in "$assets"/traces/*-b256-ones.rvt; do
    "$rv" inspect "$f" | grep -c '^step' | tr '\n' ' '
    "$rv" inspect "$f" | head -1 | cut -d' ' -f1
done | sort -n | tail -1 | cut -d' ' -f2)
expect 0 "lesson page of"                      --version "$longest" --html "$tmp/long.html"
size=$(stat -c %s "$tmp/long.html")
check "every step of $longest at 1920x1080 under 5 MB ($size bytes)" test "$size" -lt 5000000
expect 0 "aligned steps"                       --version v1 --compare v2 --html "$tmp/cmp.html"
size=$(stat -c %s "$tmp/cmp.html")
check "v1 against v2 at 1920x1080 under 5 MB ($size bytes)" test "$size" -lt 5000000

finish
