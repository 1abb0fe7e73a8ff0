/* host_line.h — the student's source line a host call was made from: the
 * frames the tracer took at the call (src/tracer/frames.h: return addresses
 * in the program, as offsets) read with addr2line against the program's
 * line table (the student's file is compiled with host -g: compile.c), the
 * first frame in the student's file named.
 *
 * Everything here may be what the student's program wrote (the frames come
 * through its recording, the program is its build): the frames are taken
 * only as hex numbers, the program only as a file name in addr2line's argv,
 * no shell ever sees either, and where anything is missing (addr2line, the
 * line table, a frame in the student's file) no line is named. */
#ifndef RV_OWN_HOST_LINE_H
#define RV_OWN_HOST_LINE_H

#include <stddef.h>

#include "own/base/proc.h"
#include "tracer/frames.h"

#define RV_HOST_LINE_FRAMES  RV_FRAMES_MAX /* frames read at most: as many as the tracer keeps */
#define RV_HOST_LINE_LIMIT_S 30.0          /* addr2line's time at most */

/* The frames "OFF,OFF,..." (lower-case hex, no 0x, as the recording has
 * them) into addresses to ask addr2line of: each less one, inside the call
 * rather than after it (a return address can be the next line's first
 * instruction).  The count, or -1 when at is not of that form. */
int rv_host_line_frames(const char *at, unsigned long long *addr, int max);

/* addr2line's answer (-a -i: an address line "0x...", then one
 * "FILE:LINE" line for each function inlined there, innermost first) read
 * for the first line of a file whose base name is `source`: its number, or
 * 0 where none is. */
int rv_host_line_pick(const char *answer, const char *source);

/* How addr2line is run: argv in the fresh folder dir (the sandbox's work
 * folder where the caller keeps one), reading the file program (a sandbox
 * shows it, read-only), its output into log.  NULL: as it is (rv_proc_run). */
typedef rv_proc_result (*rv_host_line_run)(void *arg, const char *dir, const char *program, char *const argv[],
                                           const char *log);

/* A run of addr2line in the sandbox (sandbox.h: a compile's limits, the
 * program shown read-only), for a check in one (arg unused). */
rv_proc_result rv_host_line_sandboxed(void *arg, const char *dir, const char *program, char *const argv[],
                                      const char *log);

/* The line of the file named `source` (a base name: "student.cu") that the
 * frames `at` of `program` were made from: its number, or 0 (nothing named). */
int rv_host_line(const char *program, const char *at, const char *source, rv_host_line_run run, void *arg);

#endif
