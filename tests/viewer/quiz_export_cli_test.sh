#!/usr/bin/env bash
# quiz_export_cli_test.sh — `reducevis export --quiz`, no display: two frames
# per step (the question with the step hidden, then the answer) whose names
# sort question first, and the questions as data (<version>-quiz.json); the two frames differ; --quiz with --compare is a
# usage error (exit 1); an unwritable folder is a runtime error (exit 2).
# Usage: quiz_export_cli_test.sh path/to/reducevis
set -u
rv=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../cli_harness.sh"
rv_run=("$rv" export)
unset DISPLAY WAYLAND_DISPLAY SDL_VIDEODRIVER


differ() { ! cmp -s "$1" "$2"; }

for v in v0 v7 v9; do
    "$rv" export --version "$v" --size 640x360 -o "$tmp/plain-$v" >/dev/null 2>&1
    "$rv" export --version "$v" --size 640x360 --quiz -o "$tmp/quiz-$v" >"$tmp/out" 2>&1
    check "$v: export --quiz exits 0" test $? -eq 0
    n=$(ls "$tmp/plain-$v" | wc -l)
    q=$(ls "$tmp/quiz-$v" | grep -c -- '-question\.png$')
    a=$(ls "$tmp/quiz-$v" | grep -c -- '-answer\.png$')
    check "$v: $n steps give $q questions and $a answers" test "$n" -gt 0 -a "$q" -eq "$n" -a "$a" -eq "$n"
    check "$v: question and answer frames and one index" test "$(ls "$tmp/quiz-$v" | wc -l)" -eq $((2 * n + 1))
    check "$v: the index lists every step's frames" test "$(grep -c '"question_frame"' "$tmp/quiz-$v/$v-quiz.json")" -eq "$n"
    check "$v: ... and its question" test "$(grep -c '"explain"' "$tmp/quiz-$v/$v-quiz.json")" -eq "$n"
    check "$v: no temporary file left" test ! -e "$tmp/quiz-$v/$v-quiz.json.tmp"
    # sorted names alternate: question, answer, question, answer ...
    order=$(ls "$tmp/quiz-$v" | grep -v 'quiz\.json$' | sed -e 's/.*-question\.png$/q/' -e 's/.*-answer\.png$/a/' | tr -d '\n')
    want=$(printf 'qa%.0s' $(seq "$n"))
    check "$v: names sort question before answer ($order)" test "$order" = "$want"
    first_q=$(ls "$tmp/quiz-$v" | grep -- '-question\.png$' | head -1)
    first_a=$(ls "$tmp/quiz-$v" | grep -- '-answer\.png$' | head -1)
    check "$v: question and answer frames differ" differ "$tmp/quiz-$v/$first_q" "$tmp/quiz-$v/$first_a"
    check "$v: says what it wrote" grep -q "a question and its answer per step" "$tmp/out"
done

"$rv" export --version v1 --compare v2 --quiz -o "$tmp/x" >"$tmp/out" 2>&1
check "--quiz with --compare exits 1" test $? -eq 1
check "... and says why" grep -q -- "--quiz asks about one version" "$tmp/out"
"$rv" export --version v1 --steps 2 --quiz -o /proc/nope >"$tmp/out" 2>&1
check "an unwritable folder exits 2" test $? -eq 2

finish
