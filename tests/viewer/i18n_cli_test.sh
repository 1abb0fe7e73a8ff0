#!/usr/bin/env bash
# i18n_cli_test.sh — the language from the command line and the environment:
# --lang zh writes Chinese frames and messages, --lang en English, a bad
# --lang is a usage error, LANG=zh_CN.UTF-8 is heard even where that locale
# is not generated; a missing catalogue or a missing CJK font gives a message
# naming the Debian package, English, exit 0, and still the frames.
# Usage: i18n_cli_test.sh path/to/reducevis
set -u
rv=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../cli_harness.sh"
unset DISPLAY WAYLAND_DISPLAY SDL_VIDEODRIVER LANGUAGE LC_ALL LC_MESSAGES
export LANG=C.UTF-8

# run NAME WANT_STATUS COMMAND...: runs it, output in $tmp/out and $tmp/err
run() {
    local what=$1 want=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    local got=$?
    if [ "$got" -eq "$want" ]; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL: $what: exit $got (want $want)"; sed 's/^/    /' "$tmp/err" | head -5
    fi
}
# has NAME FILE TEXT / hasnt NAME FILE TEXT
has()   { if grep -qF -- "$3" "$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: no '$3' in:"; sed 's/^/    /' "$2" | head -5; fi; }
hasnt() { if grep -qF -- "$3" "$2"; then fail=$((fail + 1)); echo "FAIL: $1: '$3' in:"; sed 's/^/    /' "$2" | head -5; else pass=$((pass + 1)); fi; }

# Chinese frames and messages.
run "export --lang zh" 0 "$rv" export --lang zh --version v1 --steps 3 --size 640x360 -o "$tmp/zh"
has "export --lang zh says it in Chinese" "$tmp/out" "已写出 1 帧"
hasnt "export --lang zh: no warning" "$tmp/err" "reducevis"
[ -s "$tmp/zh/v1-step03.png" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: no Chinese frame"; }
run "export --lang=en" 0 "$rv" export --lang=en --version v1 --steps 3 --size 640x360 -o "$tmp/en"
has "export --lang=en says it in English" "$tmp/out" "wrote 1 frame"
# The two frames differ: the words are drawn in another language.
if cmp -s "$tmp/zh/v1-step03.png" "$tmp/en/v1-step03.png"; then fail=$((fail + 1)); echo "FAIL: zh and en frames are the same"; else pass=$((pass + 1)); fi

# A bad --lang: a usage error naming the choices.
run "--lang fr" 1 "$rv" export --lang fr --version v1 -o "$tmp/x"
has "--lang fr names zh and en" "$tmp/err" "--lang must be zh (Chinese) or en (English), got 'fr'"
run "--lang without a value" 1 "$rv" chart --lang
run "view --lang xx" 1 "$rv" view --lang xx --help

# --help in either language; the environment as gettext reads it.
run "view --lang zh --help" 0 "$rv" view --lang zh --help
has "view --help in Chinese" "$tmp/out" "用法：reducevis view"
has "view --help names --lang" "$tmp/out" "--lang zh|en"
run "chart --help --lang zh" 0 "$rv" chart --help --lang zh
has "chart --help in Chinese" "$tmp/out" "用法：reducevis chart"
run "LANG=zh_CN.UTF-8 --help" 0 env LANG=zh_CN.UTF-8 "$rv" --help
has "LANG=zh_CN.UTF-8 is heard" "$tmp/out" "CUDA 并行归约的教学可视化工具"
run "LANGUAGE=zh_CN with LANG=C" 0 env LANGUAGE=zh_CN LANG=C "$rv" --help
has "LANGUAGE is heard" "$tmp/out" "用法：reducevis"
run "LC_ALL=en_US.UTF-8 --help" 0 env LC_ALL=en_US.UTF-8 "$rv" --help
has "English by default" "$tmp/out" "usage: reducevis"
run "LANG=zh_CN, --lang en" 0 env LANG=zh_CN.UTF-8 "$rv" export --lang en --help
has "--lang en wins over LANG" "$tmp/out" "usage: reducevis export"
run "versions in Chinese" 0 env LANG=zh_CN.UTF-8 "$rv" versions
has "versions lists the lessons in Chinese" "$tmp/out" "顺序寻址"
run "bad option in Chinese" 1 env LANG=zh_CN.UTF-8 "$rv" export --bogus
has "usage errors in Chinese" "$tmp/err" "未知选项 '--bogus'"

# No catalogue: a message naming Debian's gettext package, English, exit 0.
mkdir -p "$tmp/nolocale"
run "no catalogue" 0 env RV_LOCALEDIR="$tmp/nolocale" "$rv" export --lang zh --version v1 --steps 3 --size 640x360 -o "$tmp/nocat"
has "no catalogue: says so" "$tmp/err" "no zh_CN catalogue"
has "no catalogue: names the package" "$tmp/err" "gettext package"
has "no catalogue: English" "$tmp/out" "wrote 1 frame"
[ -s "$tmp/nocat/v1-step03.png" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: no frame without the catalogue"; }

# No CJK font (fontconfig knows no fonts): the package named, English, frames.
printf '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n' >"$tmp/empty.conf"
run "no CJK font" 0 env FONTCONFIG_FILE="$tmp/empty.conf" "$rv" export --lang zh --version v1 --steps 3 --size 640x360 -o "$tmp/nofont"
has "no CJK font: names the package" "$tmp/err" "fonts-wqy-microhei"
has "no CJK font: English" "$tmp/out" "wrote 1 frame"
[ -s "$tmp/nofont/v1-step03.png" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: no frame without a CJK font"; }
# ... and that frame is the English one, not Chinese drawn as '?'.
if cmp -s "$tmp/nofont/v1-step03.png" "$tmp/en/v1-step03.png"; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL: the frame without a CJK font is not the English frame"; fi

finish
