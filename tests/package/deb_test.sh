#!/usr/bin/env bash
# deb_test.sh BUILD_DIR SOURCE_DIR REFERENCE_RV — the packages CPack makes:
# the .deb's control says its Depends (from dpkg-shlibdeps, plus the fonts;
# libmicrohttpd and libqrencode where the build links them)
# and Recommends, lintian finds no error in it, the .tar.gz holds the same
# install, and the .deb unpacked with dpkg-deb -x passes check_install.sh.
set -u
build=$1 src=$2 ref=$3
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
for t in cpack dpkg-deb dpkg-shlibdeps lintian; do
    command -v $t >/dev/null || fail "$t is not installed (test.sh installs it)"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && cpack -G "DEB;TGZ" --config "$build/CPackConfig.cmake" -B "$tmp/pkg") >"$tmp/cpack.log" 2>&1 \
    || { cat "$tmp/cpack.log"; fail "cpack"; }
deb=$(ls "$tmp"/pkg/reducevis_*.deb) && tgz=$(ls "$tmp"/pkg/reducevis-*.tar.gz) || fail "cpack made no .deb or .tar.gz"

info=$(dpkg-deb -I "$deb")
echo "$info" | sed -n 's/^ \(Depends\|Recommends\|Suggests\|Version\):/  \1:/p'
depends=$(echo "$info" | sed -n 's/^ Depends: //p')
for want in 'libc6 (>=' libsdl2-2.0-0 libsdl2-ttf-2.0-0 libpng16-16 fonts-wqy-microhei fonts-dejavu-core; do
    case "$depends" in *"$want"*) ;; *) fail "Depends lacks $want: $depends" ;; esac
done
# the class's server and QR code, where the build links them (both optional)
for lib in libmicrohttpd libqrencode; do
    if ldd "$ref" | grep -q "$lib"; then
        case "$depends" in *"$lib"*) ;; *) fail "the program links $lib but Depends lacks it: $depends" ;; esac
    fi
done
echo "$info" | grep -q '^ Recommends: .*libcuda1' || fail "CUDA's driver library is not recommended"

lintian --tag-display-limit 0 "$deb" >"$tmp/lintian.log" 2>&1
sed 's/^/  lintian: /' "$tmp/lintian.log"
grep -q '^E:' "$tmp/lintian.log" && fail "lintian reports errors"

tar tzf "$tgz" | grep -q '/bin/reducevis$' || fail "the .tar.gz has no bin/reducevis"
tar tzf "$tgz" | grep -q '/share/reducevis/traces/nvidia-h200-v1-b256-ones.rvt$' || fail "the .tar.gz has no bundled traces"

dpkg-deb -x "$deb" "$tmp/root" || fail "dpkg-deb -x"
"$here/check_install.sh" "$tmp/root/usr" "$ref" "$src" "$build"
