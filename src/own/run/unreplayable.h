/* unreplayable.h — what the judge's runner could not replay, in the
 * student's words: the runner's key and its arguments, tab-separated
 * (src/tracer/judge.cu), made a sentence; and, for host work between
 * launch()'s launches, the student's line that did it named from the
 * frames the recording kept (host_line.h). */
#ifndef RV_OWN_UNREPLAYABLE_H
#define RV_OWN_UNREPLAYABLE_H

#include <stddef.h>

#include "own/run/host_line.h"

/* The base name of the work folder's copy of the student's file (the name
 * its program's line table gives the student's lines). */
#define RV_OWN_STUDENT_SOURCE "student.cu"

/* The runner's line `said` as it is kept (WORK/judged.txt) and put into
 * words, into out: where it is host-between with the frames of the host's
 * call ("host-between\tcopy\t1\tat 4f2a,4e10"), those frames read against
 * `program` (run: how addr2line runs, host_line.h) and, where they name a
 * line of the student's file, "host-at-line\tcopy\tLINE\tCALL"; where they
 * name none, the line without them, as a runner of before said it.  Any
 * other line is copied as it is. */
void rv_own_unreplayable_line(const char *said, const char *program, rv_host_line_run run, void *arg, char *out,
                              size_t len);

/* The runner's key and arguments ("host-between\tcopy\t1", or a line as
 * rv_own_unreplayable_line keeps it) in the student's language, into out:
 * what in launch() could not be replayed. */
void rv_own_unreplayable_words(const char *said, char *out, size_t len);

#endif
