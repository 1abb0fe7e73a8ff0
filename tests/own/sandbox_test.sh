#!/usr/bin/env bash
# sandbox_test.sh — `reducevis trace --sandbox` keeps a hostile student's file
# in: each file of tests/own/hostile/ is compiled and run in the sandbox
# (no GPU needed: the attack is in a static initializer, which runs before
# the program looks for a GPU; RV_TRACE_WITHOUT_GPU=1 lets trace run it
# where there is none), and then
#   - the exit status and the message say what stopped it;
#   - the decoys were neither read nor changed: a key in a temporary $HOME,
#     a class's answers file in a folder beside the work folder, a secret in
#     the environment (their contents appear in no output and no file of the
#     work folder, their checksums are the same), and nothing was written
#     outside the work folder;
#   - no process of it is left, and a normal file compiles and runs in the
#     sandbox right after.
# Cases: refuse (no sandbox can be made: refused, nothing compiled), normal,
# system, secrets, socket, forkbomb, bigalloc, hostloop, bigfile, diskfill,
# flood, include_passwd, include_secret, bigsource, and as_user (system and
# secrets again with reducevis run as an ordinary user, whose sandbox is a
# user namespace); on a GPU also kernel_forever, kernel_corrupt and, as root,
# gpumem (40 copies on the GPU: stopped at the GPU process limit) and gpuhog
# (all the GPU's memory held: stopped at the GPU memory limit).  Skips
# (77) with SKIPPED: when bubblewrap or user namespaces are missing, or the
# tracer is not built.
# On a GPU (tests/gpu/sandbox.sh): RV_SANDBOX_GPU=1 runs each file on it, and
# the normal file after each case must be traced; RV_SANDBOX_STRIKE=launch
# moves the attack into launch(), where it runs with the GPU in use.
# Usage: sandbox_test.sh path/to/reducevis SOURCE_DIR CASE
set -u
rv=$(realpath "$1") src=$(cd "$2" && pwd) case=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
. "$src/tests/cli_harness.sh"
rv_label="reducevis"
run_rv() { timeout 300 "$rv" "$@"; }
rv_run=(run_rv)
hostile=$src/tests/own/hostile

# The decoys, each readable and writable by anyone, so that only the sandbox
# keeps them from the student's code (not their permissions).
export TMPDIR=$tmp/work        # work folders are made here ...
class=$TMPDIR/class            # ... beside the class's folder
home=$tmp/home outside=$tmp/outside
mkdir -p "$TMPDIR" "$class" "$home/.ssh" "$outside"
chmod 1777 "$TMPDIR" "$class" "$home" "$home/.ssh" "$outside"
key_token=key-$RANDOM$RANDOM$RANDOM answers_token=answers-$RANDOM$RANDOM$RANDOM env_token=env-$RANDOM$RANDOM$RANDOM
printf -- '-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n' "$key_token" >"$home/.ssh/id_rsa"
printf 'exercise 1: %s\n' "$answers_token" >"$class/answers.txt"
chmod 666 "$home/.ssh/id_rsa" "$class/answers.txt"
sums=$(cat "$home/.ssh/id_rsa" "$class/answers.txt" | md5sum)
export HOME=$home RV_TEST_SECRET=$env_token
gpu=${RV_SANDBOX_GPU:-0}
[ "$gpu" = 1 ] || export RV_TRACE_WITHOUT_GPU=1
at_start=1 in_launch=0
[ "${RV_SANDBOX_STRIKE:-start}" = launch ] && at_start=0 in_launch=1

# A hostile file with its blanks filled: where it strikes, before main or in
# launch().
fill() { # NAME [PORT]
    local carrier=
    grep -q "unsigned int launch(" "$hostile/$1.cu" || carrier=$hostile/carrier.cu.in # the reduction it rides in
    sed -e "s|@HOME@|$home|g" -e "s|@OUTSIDE@|$outside|g" -e "s|@SECRET@|$class/answers.txt|g" \
        -e "s|@PORT@|${2:-9}|g" -e "s|@AT_START@|$at_start|g" -e "s|@IN_LAUNCH@|$in_launch|g" \
        "$hostile/$1.cu" $carrier >"$tmp/$1.cu"
}

# Runs reducevis, then shows on stderr what the program itself printed (its
# logs in the kept folder): where its attack runs in launch() and the trace
# succeeds, reducevis prints none of it, and the checks read it there.
with_logs() { # KEEP ARGS...
    local keep=$1 rc
    shift
    "${plain_run[@]}" "$@"
    rc=$?
    cat "$keep/traced.log" "$keep/timed.log" >&2 2>/dev/null
    return $rc
}

# Traces a file in the sandbox, its work kept in $TMPDIR/keep-NAME.
sandboxed() { # WANT TEXT NAME [options]
    local want=$1 text=$2 name=$3
    shift 3
    plain_run=("${rv_run[@]}")
    rv_run=(with_logs "$TMPDIR/keep-$name")
    expect "$want" "$text" trace "$tmp/$name.cu" --sandbox --no-view --no-time --n 4096 --keep "$TMPDIR/keep-$name" \
        -o "$tmp/$name.rvt" "$@"
    rv_run=("${plain_run[@]}")
}

# What every case checks after the hostile file.
contained() { # NAME
    local name=$1 out
    out=$(cat "$tmp/out" "$tmp/err")
    for t in "$key_token" "$answers_token" "$env_token"; do
        check "$name: no decoy's contents in its output ($t)" bash -c '! grep -qF -- "$1" "$2" "$3"' _ "$t" "$tmp/out" "$tmp/err"
        [ -d "$TMPDIR/keep-$name" ] &&
            check "$name: no decoy's contents in its work folder ($t)" bash -c '! grep -rqF -- "$1" "$2"' _ "$t" "$TMPDIR/keep-$name"
    done
    check "$name: the decoys are unchanged" test "$(cat "$home/.ssh/id_rsa" "$class/answers.txt" 2>/dev/null | md5sum)" = "$sums"
    check "$name: nothing written in \$HOME, beside the work folder or outside" \
        test -z "$(ls "$outside"; ls "$home" | grep -v '^\.ssh$'; ls "$class" | grep -v '^answers.txt$')"
    check "$name: nothing written in the real /tmp" bash -c '! ls /tmp/pwned* 2>/dev/null | grep -q .'
    check "$name: no process of it is left" bash -c '! pgrep -f "$1/program" >/dev/null' _ "$TMPDIR/keep-$name"
    check "$name: a trace written only of a run that ended well" \
        bash -c '[ ! -e "$1" ] || grep -q "traced unchanged" "$2"' _ "$tmp/$name.rvt" "$tmp/out"
    normal_after "$name"
}

# A normal file compiles and runs in the sandbox: without a GPU up to its first
# CUDA call (the driver's context, made before it asks for a turn); on a GPU it
# is traced and timed (the GPU works after the case).
normal_after() { # AFTER
    if [ "$gpu" = 1 ]; then
        run_rv trace "$src/tests/own/my_reduce.cu" --sandbox --no-view -o "$tmp/normal.rvt" >"$tmp/nout" 2>&1 </dev/null
    else
        run_rv trace "$src/tests/own/my_reduce.cu" --sandbox --no-view --no-time --n 4096 -o "$tmp/normal.rvt" \
            >"$tmp/nout" 2>&1 </dev/null
    fi
    local rc=$?
    if { [ $rc -eq 0 ] && grep -q "traced unchanged" "$tmp/nout"; } ||
        { [ "$gpu" != 1 ] && [ $rc -eq 2 ] && grep -q "the kernel failed" "$tmp/nout" &&
            grep -qE "the CUDA context: .*cudaError" "$tmp/nout"; }; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: after $1, a normal file in the sandbox -> exit $rc:"; sed 's/^/    /' "$tmp/nout" | head -8
    fi
    rm -f "$tmp/normal.rvt"
}

# Whether this machine can run the cases at all: a sandbox (asked without
# compiling anything: a file that is not there), the tracer, nvcc.
can_run() {
    run_rv trace "$tmp/not-there.cu" --sandbox --no-view >"$tmp/probe" 2>&1 </dev/null
    if grep -q "no sandbox can be made here" "$tmp/probe"; then
        echo "SKIPPED: $(sed -n 's/.*was neither compiled nor run: //p' "$tmp/probe" | head -1)"; exit 77
    fi
    if [ ! -f "$(dirname "$rv")/librvtracer.so" ] && [ -z "${RV_TRACER_DIR:-}" ]; then
        echo "SKIPPED: the tracer (librvtracer.so) is not built beside $rv: a build without nvcc or the Compute Sanitizer"
        exit 77
    fi
    command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ] || { echo "SKIPPED: nvcc not found"; exit 77; }
}

case $case in
refuse)
    # no bwrap on PATH, or one that cannot make a sandbox: exit 2, the reason,
    # and the file is neither compiled nor run
    fill system
    mkdir -p "$tmp/nobwrap" "$tmp/badbwrap"
    printf '#!/bin/sh\necho "bwrap: setting up uid map: Permission denied" >&2\nexit 1\n' >"$tmp/badbwrap/bwrap"
    chmod +x "$tmp/badbwrap/bwrap"
    rv_run=(env PATH="$tmp/nobwrap" "$rv")
    sandboxed 2 "bubblewrap (bwrap) is not installed" system
    check "refused: no work folder made" test ! -e "$TMPDIR/keep-system"
    rv_run=(env PATH="$tmp/nobwrap" "$rv")
    expect 2 "no sandbox can be made here" check "$tmp/system.cu" --exercise 1 --sandbox
    rv_run=(env PATH="$tmp/badbwrap:$PATH" "$rv")
    sandboxed 2 "setting up uid map: Permission denied" system
    check "refused: no work folder made" test ! -e "$TMPDIR/keep-system"
    check "refused: nothing of the file ran" test -z "$(ls "$outside")"
    rv_run=(run_rv)
    expect 1 "--sandbox is an option of tracing a file" check --trace "$tmp/x.rvt" --exercise 1 --sandbox
    ;;
normal)
    can_run
    normal_after "nothing"
    # a kept folder given by a relative name works too (the sandbox binds its
    # real path)
    (cd "$TMPDIR" && run_rv trace "$src/tests/own/my_reduce.cu" --sandbox --no-view --no-time --n 4096 --keep rel \
        -o "$tmp/rel.rvt" >"$tmp/out" 2>&1 </dev/null)
    check "a relative --keep folder: compiled in the sandbox" test -x "$TMPDIR/rel/program"
    ;;
system)
    can_run; fill system
    sandboxed "0|2" "hostile system: system() returned" system
    check "system: the key it tried to delete is still there" test -s "$home/.ssh/id_rsa"
    contained system
    ;;
secrets)
    can_run; fill secrets
    sandboxed "0|2" "cannot read $home/.ssh/id_rsa" secrets
    for said in "cannot read $class/answers.txt" "cannot read /etc/shadow" "cannot read /etc/passwd" \
                "cannot change $home/.ssh/id_rsa" "no secret in the environment" "cannot list $home"; do
        check "secrets: '$said'" grep -qF -- "$said" "$tmp/err"
    done
    check "secrets: nothing read or changed" bash -c '! grep -qE "LEAKED|CHANGED" "$1"' _ "$tmp/err"
    contained secrets
    ;;
socket)
    can_run
    command -v python3 >/dev/null || { echo "SKIPPED: python3 is needed for the test's server"; exit 77; }
    python3 - "$tmp/port" "$tmp/heard" <<'PY' &
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(8); s.settimeout(0.2)
open(sys.argv[1], "w").write(str(s.getsockname()[1]))
end = time.time() + 120
while time.time() < end:
    try:
        c, _ = s.accept()
    except socket.timeout:
        continue
    open(sys.argv[2], "a").write("heard a connection\n"); c.close()
PY
    server=$!
    for _ in $(seq 50); do [ -s "$tmp/port" ] && break; sleep 0.1; done
    fill socket "$(cat "$tmp/port")"
    sandboxed "0|2" "hostile socket: cannot connect to 127.0.0.1:" socket
    check "socket: the server heard nothing" test ! -e "$tmp/heard"
    kill "$server" 2>/dev/null
    contained socket
    ;;
forkbomb)
    can_run; fill forkbomb
    sandboxed 2 "did not finish within 3 s" forkbomb --timeout 3
    check "forkbomb: the process limit refused its forks" grep -q "hostile forkbomb: fork refused after" "$tmp/err"
    made=$(sed -n 's/.*fork refused after \([0-9]*\) processes.*/\1/p' "$tmp/err" | head -1)
    check "forkbomb: fewer than 128 processes ($made)" test "${made:-999}" -lt 128
    check "forkbomb: the time limit stopped the whole sandbox" grep -q "everything it started was stopped" "$tmp/err"
    contained forkbomb
    ;;
bigalloc)
    can_run; fill bigalloc
    sandboxed "0|2" "hostile bigalloc: 100 GB at once: refused" bigalloc
    got=$(sed -n 's/.*: \([0-9]*\) GiB in 1 GiB pieces, then refused.*/\1/p' "$tmp/err" | head -1)
    check "bigalloc: the pieces were refused within the memory limit ($got GiB)" test "${got:-999}" -le 5
    contained bigalloc
    ;;
hostloop)
    can_run; fill hostloop
    sandboxed 2 "did not finish within 2 s" hostloop --timeout 2
    check "hostloop: the time limit says so" grep -q "stopped after 2 s of wall-clock time" "$tmp/err"
    contained hostloop
    ;;
bigfile)
    can_run; fill bigfile
    sandboxed 2 "the file size limit" bigfile
    size=$(stat -c %s "$TMPDIR/keep-bigfile/big.bin" 2>/dev/null || echo 0)
    check "bigfile: stopped at 256 MiB ($size bytes)" test "$size" -le $((256 << 20))
    rm -f "$TMPDIR/keep-bigfile/big.bin"
    contained bigfile
    ;;
diskfill)
    can_run; fill diskfill
    free_mb=$(df -Pm "$TMPDIR" | awk 'NR == 2 {print $4}')
    [ "${free_mb:-0}" -ge 2048 ] || { echo "SKIPPED: $TMPDIR has $free_mb MiB free; filling the disk up to the 1 GiB limit needs 2 GiB"; exit 77; }
    sandboxed 2 "the disk limit" diskfill
    used=$(du -sm "$TMPDIR/keep-diskfill" | cut -f1)
    # measured every 0.1 s: a disk writing GB/s gets some hundreds of MiB past 1 GiB
    check "diskfill: stopped near 1 GiB ($used MiB)" test "$used" -lt 2048
    rm -f "$TMPDIR"/keep-diskfill/fill*.bin
    contained diskfill
    ;;
flood)
    can_run; fill flood
    sandboxed 2 "the output limit" flood
    size=$(stat -c %s "$TMPDIR/keep-flood/traced.log")
    check "flood: its log holds at most 2 MiB ($size bytes)" test "$size" -le $(((2 << 20) + 1024))
    contained flood
    ;;
include_passwd)
    can_run; fill include_passwd
    sandboxed 1 "No such file" include_passwd
    check "include_passwd: does not compile" grep -q "does not compile" "$tmp/err"
    check "include_passwd: no line of /etc/passwd shown" bash -c '! grep -qF -- "$(head -1 /etc/passwd)" "$1" "$2"' _ \
        "$tmp/out" "$tmp/err"
    contained include_passwd
    ;;
include_secret)
    can_run; fill include_secret
    sandboxed 1 "No such file" include_secret
    contained include_secret
    ;;
bigsource)
    # refused before anything is compiled: no work folder is made
    can_run; fill system
    { cat "$tmp/system.cu"; head -c $((10 << 20)) /dev/zero | tr '\0' '/'; echo; } >"$tmp/bigsource.cu"
    sandboxed 1 "larger than 256 KiB" bigsource
    check "bigsource: nothing compiled" test ! -e "$TMPDIR/keep-bigsource"
    contained bigsource
    ;;
gpumem | gpuhog)
    # gpumem: 40 processes each making a context and taking all the GPU
    # memory it can: past 2 of a run's processes on the GPU at once (NVML's
    # count, the sandbox's cgroup naming them) the whole sandbox is stopped,
    # not at its time limit (or at 8 GiB, where its first copies take that
    # first).  gpuhog: one process taking all it can, stopped past the 8 GiB
    # a run's processes may hold together.  Struck in launch(), a run of 4096
    # elements may end first (gpumem's copies still making their contexts):
    # they end with its sandbox.
    [ "$gpu" = 1 ] || { echo "SKIPPED: GPU memory is held only on a GPU (tests/gpu/sandbox.sh runs this case)"; exit 77; }
    [ "$(id -u)" = 0 ] || { echo "SKIPPED: a run's processes are told apart by their sandbox's cgroup, made as root"; exit 77; }
    can_run; fill "$case"
    limit="the GPU memory limit"
    [ "$case" = gpumem ] && limit="the GPU process limit"
    t0=$(date +%s)
    if [ "${RV_SANDBOX_STRIKE:-start}" = launch ] && [ "$case" = gpumem ]; then
        sandboxed "0|2" "hostile gpumem: 40 copies started" gpumem
        check "gpumem: stopped at a GPU limit, or its run ended well first" \
            bash -c 'grep -q "traced unchanged" "$1" || grep -qE "the GPU (process|memory) limit" "$1" "$2"' _ "$tmp/out" "$tmp/err"
    elif [ "$case" = gpumem ]; then
        sandboxed 2 "stopped" gpumem
        check "gpumem: stopped at the GPU process limit (or the memory limit, its copies' memory counted first)" \
            grep -qE "the GPU (process|memory) limit" "$tmp/out" "$tmp/err"
    else
        sandboxed 2 "$limit" "$case"
    fi
    took=$(($(date +%s) - t0))
    check "$case: ended well before its 20 s ($took s, the compile included)" test "$took" -lt 20
    contained "$case"
    ;;
kernel_forever|kernel_corrupt)
    [ "$gpu" = 1 ] || { echo "SKIPPED: a kernel runs only on a GPU (tests/gpu/sandbox.sh runs this case)"; exit 77; }
    can_run; fill "$case"
    if [ "$case" = kernel_forever ]; then
        sandboxed 2 "did not finish within 5 s" kernel_forever --timeout 5
        check "kernel_forever: the whole sandbox was stopped" grep -q "everything it started was stopped" "$tmp/err"
    else
        sandboxed 2 "kernel_corrupt.cu" kernel_corrupt
        check "kernel_corrupt: the bad access said" grep -qiE "illegal|misaligned|out of range|kernel failed" "$tmp/err"
    fi
    contained "$case"
    ;;
as_user)
    # reducevis run by an ordinary user: bwrap makes a user namespace
    [ "$(id -u)" -eq 0 ] || { echo "SKIPPED: already run as an ordinary user (every other case is this one)"; exit 77; }
    can_run
    command -v setpriv >/dev/null || { echo "SKIPPED: setpriv (util-linux) is needed to become another user"; exit 77; }
    as_nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups --)
    if ! "${as_nobody[@]}" test -x "$rv" -a -r "$src/tests/own/my_reduce.cu"; then
        echo "SKIPPED: the user nobody cannot reach $rv or $src (a folder on the way is private)"; exit 77
    fi
    run_user() { timeout 300 "${as_nobody[@]}" env HOME="$home" "$rv" "$@"; }
    rv_run=(run_user)
    run_user trace "$src/tests/own/my_reduce.cu" --sandbox --no-view --no-time --n 4096 -o "$tmp/probe.rvt" \
        >"$tmp/probe" 2>&1 </dev/null
    if grep -q "no sandbox can be made here" "$tmp/probe"; then
        echo "SKIPPED: as an ordinary user $(sed -n 's/.*was neither compiled nor run: //p' "$tmp/probe" | head -1)"
        exit 77
    fi
    fill system; fill secrets
    sandboxed "0|2" "hostile system: system() returned" system
    contained system
    sandboxed "0|2" "cannot read $home/.ssh/id_rsa" secrets
    check "as a user: nothing read or changed" bash -c '! grep -qE "LEAKED|CHANGED" "$1"' _ "$tmp/err"
    check "as a user: no secret in the environment" grep -q "no secret in the environment" "$tmp/err"
    contained secrets
    ;;
*)
    echo "unknown case $case"; exit 1
    ;;
esac
finish "sandbox $case"
