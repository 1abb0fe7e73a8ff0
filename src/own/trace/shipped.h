/* shipped.h — a kernel the tool ships, made into a student's file: the
 * path `trace --kernel V` (the proof) and check's version to beat take
 * through the tracer, like any student's kernel. */
#ifndef RV_OWN_SHIPPED_H
#define RV_OWN_SHIPPED_H

#include "core/versions.h"
#include "own/trace/trace_run.h"

/* A shipped kernel as a student's file, with a launch() that runs it with its
 * version's grid (`trace --kernel V`, the proof; check's same-run time of the
 * version to beat): fills o's file, text and include folder; the text is
 * allocated into *text for the caller to free.  0, or 2 with a message. */
int rv_own_shipped(const rv_version_info *vi, rv_own_opts *o, char **text, char *err, size_t errlen);

#endif
