#!/usr/bin/env bash
# fetch-debs.sh — the Debian packages a GPU machine (no network, no
# bubblewrap) needs for the sandbox, downloaded here into .debs/ (git-ignored)
# to be carried there: bubblewrap and the libraries it links (libcap2,
# libselinux1 and its libpcre2-8-0), in case a plain CUDA image lacks them.
# tests/gpu/sandbox.sh unpacks them with dpkg-deb -x; nothing is installed.
# Into .debs/slurm/: Slurm and munge (Debian 12's 22.05 and 0.5.15) and the
# libraries they link that a CUDA image may lack, for tests/gpu/class_slurm.sh.
# Usage, from anywhere:  tests/gpu/fetch-debs.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
pkgs="bubblewrap libcap2 libselinux1 libpcre2-8-0"
slurm_pkgs="slurmctld slurmd slurm-client slurm-wlm-basic-plugins munge libmunge2 libhwloc15 liblua5.1-0 \
libjson-c5 libyaml-0-2 liblz4-1 libnuma1 libreadline8 libgcrypt20 libgpg-error0 libudev1 libbz2-1.0 libpam0g \
libaudit1 libcap-ng0 libdbus-1-3 libsystemd0"
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
mkdir -p slurm
cd slurm
rm -f ./*.deb
apt-get download $slurm_pkgs 2>&1 | grep -v "^W: Download is performed unsandboxed" || true
for f in ./*.deb; do
    plain=$(printf '%s' "$f" | tr -c 'A-Za-z0-9._/-' '_')
    [ "$f" = "$plain" ] || mv "$f" "$plain"
done
ls -l ./*.deb
