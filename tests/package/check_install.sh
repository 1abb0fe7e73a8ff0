#!/usr/bin/env bash
# check_install.sh PREFIX REFERENCE_RV SOURCE_DIR BUILD_DIR — an installed
# reducevis (PREFIX/bin/reducevis, from `cmake --install` moved elsewhere, or
# from the .deb unpacked) works on its own, with neither the source nor the
# build tree to fall back on:
#   - `view --help` says it uses PREFIX/share/reducevis and names neither tree;
#   - export on the bundled H200 recording draws the very frame the build
#     tree's program draws (the GPU trace and its timed results), and says
#     "GPU trace from NVIDIA H200";
#   - the window opens under Xvfb and its frame (key E) is that frame too,
#     results panel and all;
#   - a recording in $XDG_DATA_HOME/reducevis/DEVICE is found: the H100's
#     recording is taken out of the install and put there;
#   - the manual pages (en, zh_CN) name every command of `reducevis --help`;
#   - bash completion offers every version of `reducevis versions --names`,
#     and after an option what the command's option table says;
#   - desktop-file-validate passes the menu entry; the icons are there;
#   - the installed compile runs rvnvccsplit (where nvcc is).
# Run by install_test.sh and deb_test.sh; exits 1 with a FAIL: line.
set -u
prefix=$1 ref=$2 src=$3 build=$4
rv=$prefix/bin/reducevis
share=$prefix/share/reducevis
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$rv" ] || fail "no $rv"

# A place with nothing in it: no assets/ in the working directory, no
# system-wide install in XDG_DATA_DIRS, an empty home.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home" "$work/xdg" "$work/none"
cd "$work"
export HOME=$work/home XDG_DATA_HOME=$work/xdg XDG_DATA_DIRS=$work/none LANGUAGE=en LC_ALL=C.UTF-8
unset RV_LOCALEDIR

# 1. where it looks
help=$("$rv" view --help) || fail "view --help failed"
echo "$help" | grep -qF "* $(cd "$share" && pwd -P) (beside the program)" \
    || fail "view --help does not say it uses $share:"$'\n'"$help"
if echo "$help" | grep -qF -e "$src" -e "$build"; then
    fail "the installed program looks in the source or build tree:"$'\n'"$help"
fi
"$rv" --version | grep -q '^reducevis [0-9]' || fail "--version: $("$rv" --version 2>&1)"

# 2. export on the bundled H200 recording, against the build tree's frame
mkdir ref got
"$ref" export --device h200 --version v1 --steps 3 --size 1280x720 --theme dark -o ref >/dev/null \
    || fail "the build tree's export failed"
out=$("$rv" export --device h200 --version v1 --steps 3 --size 1280x720 --theme dark -o got) \
    || fail "export failed: $out"
echo "$out" | grep -q 'GPU trace from NVIDIA H200' || fail "export did not use the H200 recording: $out"
cmp -s ref/v1-step03.png got/v1-step03.png || fail "the installed program's frame differs from the build tree's"
echo "ok: export on the bundled H200 recording ($out)"
# the installed waves recordings: a lesson page ends on v8's grid as a class's kernel page does
"$rv" export --device h200 --version v1 --html got/page.html --beside-waves v8 --size 800x450 >/dev/null \
    || fail "export --beside-waves failed"
grep -qF 'v8 (vector loads, single pass) on the NVIDIA H200, launch 1' got/page.html || fail "the page has no v8 grid: $share/waves not found"
echo "ok: v8's recorded grid found in $share/waves"

# 3. the window under Xvfb: the frame E saves is the same frame
if command -v xvfb-run >/dev/null; then
    mkdir win && cd win
    # RV_SOAK_FRAMES=1: the window draws, takes one key (→, to step 3) and quits
    RV_SOAK_FRAMES=1 SDL_RENDER_DRIVER=software timeout 60 xvfb-run -a -s "-screen 0 1600x1000x24" \
        "$rv" view --device h200 --version v1 --keys right,e >log 2>&1 || { cat log; fail "the window did not open"; }
    grep -q 'saved' log || { cat log; fail "the window saved no frame"; }
    cmp -s ../ref/v1-step03.png v1-step03.png || fail "the window's frame differs from the build tree's (results panel?)"
    cd ..
    echo "ok: the window under Xvfb shows the H200 frame with its results panel"
else
    fail "xvfb-run is not installed (test.sh installs xvfb)"
fi

# 4. the user's own recording, in XDG_DATA_HOME
h100=nvidia-h100-80gb-hbm3
"$ref" export --device h100 --version v2 --steps 2 -o ref >/dev/null || fail "the build tree's H100 export failed"
chmod -R u+w "$share"
mkdir -p "$XDG_DATA_HOME/reducevis/$h100/traces" "$XDG_DATA_HOME/reducevis/$h100/results"
mv "$share"/traces/$h100-* "$XDG_DATA_HOME/reducevis/$h100/traces/"
mv "$share"/results/$h100* "$XDG_DATA_HOME/reducevis/$h100/results/"
out=$("$rv" export --device h100 --version v2 --steps 2 -o got) || fail "the recording in XDG_DATA_HOME was not found: $out"
cmp -s ref/v2-step02.png got/v2-step02.png || fail "the H100 frame from XDG_DATA_HOME differs from the build tree's"
mv "$XDG_DATA_HOME/reducevis" "$work/away"
"$rv" export --device h100 --version v2 --steps 2 -o got2 >/dev/null 2>&1 \
    && fail "with the XDG_DATA_HOME recording gone, --device h100 still worked: the test proves nothing"
echo "ok: a recording in \$XDG_DATA_HOME/reducevis is found"

# 5. manual pages name every command
commands=$("$rv" --help | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p')
[ "$(echo "$commands" | wc -w)" -ge 5 ] || fail "no commands in --help"
for page in "$prefix/share/man/man1/reducevis.1.gz" "$prefix/share/man/zh_CN/man1/reducevis.1.gz"; do
    [ -f "$page" ] || fail "no $page"
    text=$(MANWIDTH=100 man -l "$page" 2>/dev/null) || fail "man -l $page failed"
    for c in $commands; do
        echo "$text" | grep -q "reducevis $c\$" || fail "$page has no section for '$c'"
    done
done
echo "ok: both manual pages have every command:" $commands

# 6. bash completion offers every version, read from the program
comp=$prefix/share/bash-completion/completions/reducevis
offered=$(PATH="$prefix/bin:$PATH" bash -c '. "$1"; COMP_WORDS=(reducevis view --version ""); COMP_CWORD=3
                                           _reducevis; printf "%s\n" "${COMPREPLY[@]}"' _ "$comp")
[ "$offered" = "$("$rv" versions --names)" ] || fail "completion offered '$offered'"
cmds=$(PATH="$prefix/bin:$PATH" bash -c '. "$1"; COMP_WORDS=(reducevis ex); COMP_CWORD=1
                                        _reducevis; printf "%s\n" "${COMPREPLY[@]}"' _ "$comp")
[ "$cmds" = export ] || fail "completion of 'ex' gave '$cmds'"
# every command of --help is offered, and a command's options come from its --help
cmds=$(PATH="$prefix/bin:$PATH" bash -c '. "$1"; COMP_WORDS=(reducevis ""); COMP_CWORD=1
                                        _reducevis; printf "%s\n" "${COMPREPLY[@]}"' _ "$comp")
[ "$(echo $cmds)" = "$(echo $commands)" ] || fail "completion offered the commands '$(echo $cmds)', --help lists '$(echo $commands)'"
if "$rv" class --help 2>/dev/null | grep -q -- --bind; then   # a build with the class server
    opts=$(PATH="$prefix/bin:$PATH" bash -c '. "$1"; COMP_WORDS=(reducevis class --k); COMP_CWORD=2
                                            _reducevis; printf "%s\n" "${COMPREPLY[@]}"' _ "$comp")
    [ "$opts" = --kernel ] || fail "completion of 'class --k' gave '$opts'"
fi
# what follows an option comes from the command's option table (--options)
data=$(PATH="$prefix/bin:$PATH" bash -c '. "$1"; COMP_WORDS=(reducevis simulate --data ""); COMP_CWORD=3
                                        _reducevis; printf "%s\n" "${COMPREPLY[@]}"' _ "$comp")
want=$("$rv" simulate --options | awk -F'\t' '$1 == "--data" { print $2 }' | tr ' ' '\n')
[ -n "$want" ] && [ "$data" = "$want" ] || fail "completion after 'simulate --data' gave '$data', the table says '$want'"
n=$(PATH="$prefix/bin:$PATH" bash -c '. "$1"; COMP_WORDS=(reducevis simulate --n ""); COMP_CWORD=3
                                     _reducevis; printf "%s" "${COMPREPLY[@]}"' _ "$comp")
[ -z "$n" ] || fail "completion after 'simulate --n' (a number) offered '$n'"
echo "ok: completion offers" $offered

# 7. menu entry and icons
desktop-file-validate "$prefix/share/applications/reducevis.desktop" || fail "desktop-file-validate"
for px in 16 32 48 64 128 256; do
    f=$prefix/share/icons/hicolor/${px}x$px/apps/reducevis.png
    file "$f" | grep -q "$px x $px, 8-bit/color RGBA" || fail "icon $f: $(file "$f")"
done
echo "ok: menu entry valid, icons 16..256 px"

# 8. `trace` finds what it needs in the install: the tracer beside lib/, the
#    shipped kernels' headers in share/ (the Compute Sanitizer library is the
#    machine's: here the build's wheel stands in for the toolkit, named as a
#    user would name it); without a GPU it stops there, saying so
if [ -f "$build/librvtracer.so" ]; then
    san=$(ls -d "$src"/.deps/sanitizer/nvidia/*/lib 2>/dev/null | head -1)
    if [ -n "$san" ]; then
        msg=$(RV_SANITIZER_LIB=$san "$rv" trace --kernel v1 --no-view 2>&1)
        case $msg in
            *"was not built"*|*"not installed"*) fail "the installed trace lacks its tracer or headers: $msg" ;;
        esac
        echo "ok: the installed trace finds its tracer and headers ($msg)"
    fi
fi

# 9. the installed compile finds rvnvccsplit beside the tracer and runs the
#    student's compile through it (src/own/nvcc/compile.c; no GPU needed)
if command -v nvcc >/dev/null && [ -f "$build/rvnvccsplit" ]; then
    RV_TRACE_ARCH=sm_90 "$rv" check "$src/docs/exercises/1-converge/solution.cu" --exercise 1 --build-only "$work/built" \
        >"$work/built.out" 2>&1 || fail "the installed check --build-only failed: $(tail -3 "$work/built.out")"
    grep -q "^split: " "$work/built/nvcc-split.txt" ||
        fail "the installed compile did not run rvnvccsplit: $(cat "$work/built/nvcc-split.txt" 2>&1)"
    echo "ok: the installed compile runs rvnvccsplit"
fi
