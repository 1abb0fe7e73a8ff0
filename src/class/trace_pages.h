/* trace_pages.h — a student's judged kernel as a lesson page: its trace
 * (DIR/submissions/ID.rvt) stepping beside a version, as the lesson's frames
 * show it.  The page is made by a child process, `reducevis export ID.rvt
 * --compare V --html OUT --lang L --beside-waves v8`, its last position the
 * kernel's grid beside the version to beat's recorded one (or why the class
 * did not record the kernel's).  The trace came out of the student's
 * program, so it is never parsed in the server, and a child that crashes or
 * hangs (PAGE_LIMIT_S) costs one page, said as an error, not the class.
 * Pages are made one at a time by a thread of their own, each once however
 * often it is asked for, and kept as DIR/submissions/ID-vs-V-L.html (a
 * failure is kept in memory, with why); a kept page older than its trace,
 * the program or the font (a class resumed after a check ran again, or on
 * a newer build) is drawn again.  Pure C and POSIX threads. */
#ifndef RV_TRACE_PAGES_H
#define RV_TRACE_PAGES_H

#include <stddef.h>

typedef struct trace_pages trace_pages;

typedef enum trace_page_state {
    TRACE_PAGE_READY,  /* *fd is the page, open for reading              */
    TRACE_PAGE_MAKING, /* asked for now, or already being made           */
    TRACE_PAGE_FAILED, /* it could not be made: why says why             */
    TRACE_PAGE_BUSY,   /* too many pages are waiting to be made          */
} trace_page_state;

/* Pages of the kernels under dir, made by exe (reducevis itself) with the
 * font the class draws with (NULL: the export's own default).  NULL when its
 * thread cannot start. */
trace_pages *trace_pages_new(const char *dir, const char *exe, const char *font);
/* Stops its thread (a page being made is let finish) and frees it. */
void trace_pages_free(trace_pages *p);

/* The page of submission id's trace beside version (a version's name, from
 * the table; "own": the trace alone, every launch of it, where beside a
 * version only its first launch is aligned) in lang ("en" or "zh"); *size is the page's bytes with
 * TRACE_PAGE_READY. */
trace_page_state trace_pages_get(trace_pages *p, int id, const char *version, const char *lang, int *fd, size_t *size,
                                 char *why, size_t whylen);

#endif
