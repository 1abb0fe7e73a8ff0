#!/usr/bin/env bash
# run_fuzz.sh FUZZER REDUCEVIS SECONDS WORKDIR — a time-boxed libFuzzer run of
# fuzz_readers: seeds from make_seeds.sh and tests/fuzz/corpus, the dictionary
# readers.dict, new inputs kept in WORKDIR/corpus (so a second run goes on from
# there), a crashing input saved as WORKDIR/crash-* and named in the output.
# Exit status: 0 when nothing was found, the fuzzer's status otherwise.
set -u
fuzzer=$1 rv=$2 seconds=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work/corpus" "$work/seeds"
"$here/make_seeds.sh" "$rv" "$work/seeds" || exit 1
# -rss_limit_mb: a parser must not need more than this for any input;
# -timeout: nor more than this many seconds.
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
    -dict="$here/readers.dict" -artifact_prefix="$work/" -print_final_stats=1 \
    "$work/corpus" "$work/seeds" "$here/corpus" 2>"$work/fuzz.log"
status=$?
# The log is long: show its summary, or its end (the report) after a finding.
if [ "$status" -ne 0 ]; then
    tail -n 80 "$work/fuzz.log"
    echo "run_fuzz: the fuzzer stopped with status $status; input(s) that show it:" \
        $(ls "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* 2>/dev/null)
    echo "run_fuzz: replay one with \`$fuzzer FILE\`; once fixed, keep it in tests/fuzz/corpus/"
else
    grep -E "^(INFO: Seed|#[0-9]+[[:space:]]+DONE|Done |stat::)" "$work/fuzz.log"
    echo "run_fuzz: $seconds s, corpus now $(ls "$work/corpus" | wc -l) inputs, nothing found"
fi
exit $status
