/* scene_waves.h — the waves picture's words and cells (docs/waves.md): one
 * row per SM, time across, each cell coloured by its wave and shaded by how
 * full the SM was, the tail marked, the occupancy's prediction beside what
 * the run took.  Decided here, painted by src/viewer/draw/draw_waves.c. */
#ifndef VIEWER_SCENE_WAVES_H
#define VIEWER_SCENE_WAVES_H

#include <stddef.h>
#include <stdint.h>

#include "core/trace.h"
#include "core/waves.h"

#define SCENE_WAVES_COLS 600 /* time columns: fine enough for one wave, few enough for 2^17 blocks */

typedef struct scene_waves {
    char title[300];           /* whose launch, its grid, the GPU                  */
    char origin[400];          /* where and when it was recorded                   */
    int separate;              /* not the run of the trace shown: a recording apart */
    char recorded[300];        /* how, and what it cost the kernel where measured  */
    char predicted[300];       /* what the occupancy predicts                       */
    char observed[300];        /* what the run took                                 */
    char placed[600];          /* a launch of clusters: the sets of SMs that shared a
                                  cluster, each within one GPC; "" otherwise     */
    char tail[300];            /* the tail, in words                                */
    char axis[200];            /* the time axis                                     */
    char legend[400];          /* how to read the picture                           */
    char sm_rows[100];         /* "132 SMs, one row each"                           */
    char gpcs[300];            /* the rows' GPCs where the recording has them; ""  */
    uint32_t sms, cols, waves; /* rows, columns, waves observed                     */
    uint32_t *row_group;       /* [sms], owned: each row's group (rv_waves_rows:
                                  its GPC), the rows' cells in that order       */
    int veiled;                /* predict mode's question open: no cells, no tail, and
                                  nothing predicted or observed in words            */
    float tail_at;             /* where the tail begins, 0 .. 1 of the width; below 0:
                                  before the part shown, above 1: after it      */
    rv_waves_cell *cells;      /* [sms * cols], owned                               */
} scene_waves;

/* Where the picture's waves come from, and what part of them it shows. */
typedef struct scene_waves_in {
    uint32_t launch;  /* 0: the first with waves                                  */
    const char *file; /* a separate recording's file name (not the run of the trace
                         shown; frame.h's waves_source): said so; NULL: tr's own */
    const char *name; /* with file: the version it records                       */
    int beside;       /* that recording is the version to beat's, beside a trace's */
    double from, to;  /* the part of the run's time shown (0 .. 1, first start to
                         last end; the viewer's zoom); to <= from: all of it  */
    int veiled;       /* predict mode asks the grid's waves: what would tell is hidden */
} scene_waves_in;

/* A part of a run as a person asks for it: "A:B", A to B µs from the first
 * block's start, the picture's axis's own words (0 <= A < B).  0, or -1
 * where spec is not that. */
int scene_waves_part_parse(const char *spec, double *a_us, double *b_us);
/* The fractions of launch `launch`'s run (0: the first with waves) that A to
 * B µs are (scene_waves_in's from and to): refused where B is past the
 * run's end or the part is shorter than the viewer's deepest zoom (1/4096
 * of the run), the run's length said.  0, or -1 with why in err. */
#define SCENE_WAVES_PART_MIN (1.0 / 4096)
int scene_waves_part(const rv_trace *tr, uint32_t launch, double a_us, double b_us, double *from, double *to, char *err,
                     size_t errlen);

/* The picture of tr's waves run as in says.  0, or -1 with why in err (no
 * waves run, no such launch, out of memory). */
int scene_waves_build(const rv_trace *tr, const scene_waves_in *in, scene_waves *s, char *err, size_t errlen);
/* The same of launch `launch` (0: the first with waves) of tr's own run. */
int scene_waves_make(const rv_trace *tr, uint32_t launch, scene_waves *s, char *err, size_t errlen);
void scene_waves_free(scene_waves *s);

#endif
