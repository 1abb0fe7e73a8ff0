# carried_bwrap.sh — sourced by the GPU scripts that sandbox: where this
# machine has no bwrap (the GPU machines have none and no network), the
# .debs that tests/gpu/fetch-debs.sh saved in .debs/ and carried here are
# unpacked with dpkg-deb -x into a folder of $tmp, and a wrapper put first
# on PATH, so that the unpacked libraries serve bwrap alone (the sandbox's
# own environment is cleared anyway).  Nothing is installed.
# Usage:  src=CHECKOUT tmp=SCRATCH; . tests/gpu/carried_bwrap.sh || exit 1
# Sets carried_bwrap to a line saying what it did ("" when bwrap was here),
# or why it failed (and returns false).
carried_bwrap=""
if ! command -v bwrap >/dev/null; then
    debs=$(ls "$src"/.debs/*.deb 2>/dev/null)
    if [ -z "$debs" ]; then
        carried_bwrap="FAIL: no bwrap here and no .debs/*.deb carried (run tests/gpu/fetch-debs.sh first)"
        false
    else
        for d in $debs; do dpkg-deb -x "$d" "$tmp/bwrap-root"; done
        mkdir -p "$tmp/bin"
        libs=""
        if ldd "$tmp/bwrap-root/usr/bin/bwrap" | grep -q "not found"; then
            libs=$tmp/bwrap-root/lib/x86_64-linux-gnu:$tmp/bwrap-root/usr/lib/x86_64-linux-gnu
        fi
        printf '#!/bin/sh\n%sexec %s "$@"\n' "${libs:+LD_LIBRARY_PATH=$libs }" "$tmp/bwrap-root/usr/bin/bwrap" >"$tmp/bin/bwrap"
        chmod 755 "$tmp/bin/bwrap"
        export PATH=$tmp/bin:$PATH
        carried_bwrap="== bwrap unpacked from $(echo $debs | wc -w) .debs${libs:+ (with their libraries)}"
    fi
fi
