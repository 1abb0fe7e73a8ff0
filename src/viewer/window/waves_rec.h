/* waves_rec.h — W on a trace recorded without a waves run (the bundled step
 * traces are): the waves recording of the same GPU and version, found in the
 * asset folders (waves/DEVICE-V.rvt: assets/waves/, installed with the other
 * recordings, and `reducevis record`'s own), loaded once for the GPU and
 * version asked and kept until they change; and the same finding for the
 * version to beat beside a student's kernel (`view --beside-waves V`, the
 * class's K window).  Only the trace's GPU counts: a grid is the GPU's, so
 * another GPU's recording is never shown in its place. */
#ifndef VIEWER_WAVES_REC_H
#define VIEWER_WAVES_REC_H

#include <stddef.h>
#include "core/trace.h"

typedef struct waves_rec {
    int sought;     /* 1: slug and version below were looked for       */
    char slug[64];  /* the GPU it was sought for                       */
    int version;    /* the version it was sought for                   */
    rv_trace *tr;   /* the recording, owned; NULL: none                */
    char file[256]; /* its file name (the picture names it)            */
    char why[600];  /* tr NULL: why there is none, and what there is    */
} waves_rec;

/* The recording of version v on the GPU slug (gpu: its name for the words;
 * slug "": none known) in the asset folders dirs, sought and loaded where
 * slug or v changed since the last call.  1 when it changed, else 0. */
int waves_rec_follow(waves_rec *r, const char *const *dirs, int ndirs, const char *slug, const char *gpu, int v);
void waves_rec_free(waves_rec *r);

/* Whether r stands in for trace first's missing waves run: first has none,
 * is a shipped version's and r was sought for that version. */
int waves_rec_stands_in(const waves_rec *r, const rv_trace *first);

/* The GPU a trace ran on, as the recordings are named (its origin's slug),
 * else `fallback` (a CPU-model trace: the device shown).  Returns slug. */
const char *waves_rec_slug(const rv_trace *tr, const char *fallback, char slug[64]);

/* Whether rec holds version v's waves: v itself, or v's kernel file traced
 * as one's own (`trace --kernel V --waves`, as `record` makes them). */
int waves_rec_of_version(const rv_trace *rec, int v);

#endif
