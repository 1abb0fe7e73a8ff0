# env.sh — sourced before running the tests of the sanitizer build
# (build-asan: clang, -fsanitize=address,undefined), by test.sh or by hand:
#   . tests/sanitize/env.sh && (cd build-asan && ctest)
# Any sanitizer report fails the test that triggered it: UBSan stops at the
# first error, ASan at any bad access, LeakSanitizer at exit when anything
# leaked (exit status 23).
_rv_sanitize_dir=$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")" && pwd)
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=1:check_initialization_order=1:strict_string_checks=1"
export LSAN_OPTIONS="suppressions=$_rv_sanitize_dir/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
unset _rv_sanitize_dir
