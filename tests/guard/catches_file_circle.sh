#!/usr/bin/env bash
# catches_file_circle.sh — the one-way guard must refuse two files that use
# each other: copy the sources, make the sandbox's limits (which sandbox.c
# uses) call back into sandbox.c, as they once did the other way round,
# the trace file's checks lend their reader a function, and the version
# table ask the model for a version's steps again (core below the model, as
# it once did), and expect one_way.py to name the three circles.
set -u
root=${1:?usage: catches_file_circle.sh SOURCE_ROOT}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$root/src" "$tmp/src"
cat >>"$tmp/src/own/sandbox/sandbox_limits.c" <<'C'
int rv_sandbox_limits_possible(void)
{
    char why[8];
    return rv_sandbox_possible(why, sizeof why);
}
C
# trace_validate.c defines a function of its own that trace_file.c uses,
# while it uses trace_file.c's (a circle through a name, as rv_trace_fail was)
cat >>"$tmp/src/core/trace_validate.c" <<'C'
int rv_trace_validate_twice(const rv_trace *tr, rv_plan_fn plan, char *err, size_t errlen)
{
    return rv_trace_save(tr, "/dev/null", err, errlen) || rv_trace_validate_with(tr, plan, err, errlen);
}
C
echo 'int rv_trace_validate_twice(const rv_trace *tr, rv_plan_fn plan, char *err, size_t errlen);' >>"$tmp/src/core/trace.h"
cat >>"$tmp/src/core/trace_file.c" <<'C'
int rv_trace_file_checked(const rv_trace *tr, rv_plan_fn plan, char *err, size_t errlen)
{
    return rv_trace_validate_twice(tr, plan, err, errlen);
}
C
# the version table asks the model, which reads the table
cat >>"$tmp/src/core/versions.c" <<'C'
int rv_version_plan(int version, int block_size, struct rv_step *steps)
{
    return rv_model_plan(version, block_size, steps);
}
C
out=$(python3 "$here/one_way.py" "$tmp" 2>&1)
status=$?
echo "$out"
for pair in "src/own/sandbox/sandbox.c:src/own/sandbox/sandbox_limits.c" \
            "src/core/trace_file.c:src/core/trace_validate.c" \
            "src/core/versions.c:src/model/model.c"; do
    a=${pair%%:*} b=${pair#*:}
    if [ $status -ne 1 ] || ! grep -qE "a circle of [0-9]+ files that use each other:.*$a uses $b" <<<"$out" ||
       ! grep -qE "a circle of [0-9]+ files that use each other:.*$b uses $a" <<<"$out"; then
        echo "FAIL: the guard accepted $a and $b using each other (exit $status)"
        exit 1
    fi
done
echo "ok: the guard refuses two files that use each other"
