# cli_harness.sh — the few lines every command-line test script shares;
# sourced after the script has made its scratch folder $tmp:
#   rv_run=(COMMAND...)  what `expect` runs, its arguments appended
#                        (e.g. ("$rv" export), or with a timeout in front)
#   expect STATUS TEXT ARGS...   passes when the exit status is STATUS (or
#                        one of "1|2") and TEXT is in the output, any case
#   check WHAT COMMAND...        passes when COMMAND succeeds
#   rv_label=NAME        how a failure names the command (default: rv_run)
#   finish [NAME]        prints the tally; fails when anything failed
#   skip_without_gpu WHY exits 77 (skipped), saying WHY, where nvidia-smi
#                        finds no GPU
#   unpacked DIR         prints DIR, or where its gzipped files (*.gz, as the
#                        committed recordings keep their large records) lie
#                        unpacked in a copy under $tmp
# Every run gets no input, so a command waiting for one fails, not hangs.
pass=0 fail=0
rv_run=()

expect() {
    local want=$1 text=$2
    shift 2
    "${rv_run[@]}" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    local got=$?
    if [[ "|$want|" == *"|$got|"* ]] && grep -qiF -- "$text" "$tmp/err" "$tmp/out"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: ${rv_label:-${rv_run[*]##*/}} $* -> exit $got (want $want, text '$text'), output:"
        sed 's/^/    /' "$tmp/err" "$tmp/out" | head -6
    fi
}

check() {
    local what=$1
    shift
    if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $what"; fi
}

finish() {
    echo "${1:+$1: }$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}

skip_without_gpu() {
    command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && return
    echo "SKIP: no GPU here (nvidia-smi finds none); $1"
    exit 77
}

unpacked() {
    local dir=${1%/}
    if ! compgen -G "$dir/*.gz" >/dev/null; then echo "$dir"; return; fi
    local copy
    copy=$(mktemp -d "$tmp/unpacked.XXXXXX") || return 1
    cp -r "$dir/." "$copy/" && find "$copy" -maxdepth 1 -name '*.gz' -exec gzip -d {} + || return 1
    echo "$copy"
}
