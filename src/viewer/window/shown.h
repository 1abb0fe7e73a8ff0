/* shown.h — the trace a pane shows: one trace, its analysis, where it came from.
 *
 * Opening a file, opening a bundled GPU trace, simulating with the CPU model
 * and switching version all live here, in plain C with no SDL, so they can be
 * tested without a display.  A failed switch leaves what is shown as it was.
 * A trace that holds every launch of its run (rv_trace.next) is shown as one
 * story (story.h): each launch analysed, stepped through in a row.
 */
#ifndef VIEWER_SHOWN_H
#define VIEWER_SHOWN_H

#include <stddef.h>
#include "core/analysis.h"
#include "model/model.h"
#include "core/trace.h"
#include "viewer/scene/story.h"

#define SHOWN_PATH_LEN 1024

typedef struct shown {
    rv_trace *tr;                            /* the first launch; later ones hang on its next */
    rv_analysis *an;                         /* its analysis                               */
    rv_analysis *later[RV_OWN_MAX_LAUNCHES]; /* launch 2's analysis on (owned) */
    story story;                             /* every launch in a row; one launch: tr alone  */
    rv_config cfg;                           /* what re-simulating another version keeps   */
    int bundled;                             /* follow the bundled GPU traces on a switch  */
    char asset_dir[SHOWN_PATH_LEN];          /* "" when none was found         */
    char path[SHOWN_PATH_LEN];               /* trace file, "" for the model   */
    char note[160];                          /* why the source is what it is, or ""        */
    char device[64];                         /* the device slug whose bundled traces it
                                  follows ("": the first by name)            */
} shown;

/* Loads and analyses a trace file.  0, or -1 with err naming the problem. */
int shown_open_file(shown *sc, const char *path, char *err, size_t errlen);

/* Shows tr, made in memory, with every launch it holds (taking it: freed
 * with the shown, or at once on failure).  0, or -1 with err. */
int shown_take(shown *sc, rv_trace *tr, char *err, size_t errlen);

/* Runs the CPU model for cfg.  0, or -1 with err. */
int shown_simulate(shown *sc, const rv_config *cfg, char *err, size_t errlen);

/* Opens the bundled GPU trace of version v in asset_dir (block size and data
 * pattern of like, when like is not NULL; else block 256, ones).
 * 0, or -1 with err when there is none or it does not load. */
int shown_open_bundled(shown *sc, const char *asset_dir, int v, const rv_config *like, char *err, size_t errlen);

/* Shows version v: the bundled trace of v when the shown follows the bundle
 * and one exists, else the model with the same block size, N and data.
 * *step is mapped to the matching position.  0, or with msg saying why (the
 * shown is then unchanged) RV_EXIT_USAGE where v cannot run with the block
 * size shown, else -1. */
int shown_switch_version(shown *sc, int v, int *step, char *msg, size_t len);

/* Opens version v the way `like` would show it after a switch (its bundled
 * trace if `like` follows the bundle and one exists, else the model with the
 * same block size, N and data): the second pane of compare mode.
 * 0, or as shown_switch_version with msg saying why (dst untouched). */
int shown_open_like(shown *dst, const shown *like, int v, char *msg, size_t len);

void shown_close(shown *sc);

/* The step of `to` that matches step `step` of `from`: the same ordinal
 * among reduction steps (tree, warp, shuffle: the same number of partial sums
 * left at equal block sizes), or among steps of the same phase for load, store
 * and write; else the same index, clamped. */
int shown_map_step(const rv_trace *from, int step, const rv_trace *to);

#endif
