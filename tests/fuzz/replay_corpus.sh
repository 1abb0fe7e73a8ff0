#!/usr/bin/env bash
# replay_corpus.sh REPLAY REDUCEVIS WORKDIR DIR... — makes the seed traces
# (make_seeds.sh) and runs the fuzz target once on each of them and on every
# file in the DIRs (committed inputs, bundled traces and results).
set -eu
replay=$1 rv=$2 work=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
"$here/make_seeds.sh" "$rv" "$work/seeds"
"$replay" "$work/seeds" "$@"
