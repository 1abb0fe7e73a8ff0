#!/usr/bin/env bash
# fetch-debs.sh — the Debian packages a GPU machine (no network, no
# bubblewrap) needs for the sandbox, downloaded here into .debs/ (git-ignored)
# to be carried there: bubblewrap and the libraries it links (libcap2,
# libselinux1 and its libpcre2-8-0), in case a plain CUDA image lacks them.
# tests/gpu/sandbox.sh unpacks them with dpkg-deb -x; nothing is installed.
# Usage, from anywhere:  tests/gpu/fetch-debs.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
pkgs="bubblewrap libcap2 libselinux1 libpcre2-8-0"
mkdir -p .debs
# apt-get download needs the package lists
apt-cache show bubblewrap >/dev/null 2>&1 || apt-get update -qq
cd .debs
rm -f ./*.deb
apt-get download $pkgs 2>&1 | grep -v "^W: Download is performed unsandboxed" || true
# plain names ("libcap2_1%3a2.66..." has an escaped epoch), for any copy tool
for f in ./*.deb; do
    plain=$(printf '%s' "$f" | tr -c 'A-Za-z0-9._/-' '_')
    [ "$f" = "$plain" ] || mv "$f" "$plain"
done
ls -l ./*.deb
