/* build.h — a trace made from what the hardware did: the tracer's raw records
 * of one block, the kernel's line table, the traced program's arrays.  See
 * build.c for how records become steps. */
#ifndef RV_OWN_BUILD_H
#define RV_OWN_BUILD_H

#include <stddef.h>

#include "core/data.h"
#include "own/records/grid.h"
#include "own/records/raw_file.h"
#include "own/records/sass.h"
#include "core/trace.h"

typedef struct rv_own_input {
    const rv_raw *raw;
    const rv_sass *sass;
    const rv_own_meta *meta;     /* what the program said of its run             */
    const rv_own_arrays *arrays; /* in[] and out[] of this launch's call          */
    uint32_t launches;           /* launches the run made, traced or not         */
    const rv_own_grid_run *grid; /* the run's allocations and whole-grid counts
                                   (empty for a recording made before them)    */
    const char *name;            /* the student's file, as the trace names it    */
    const char *source;          /* its text                                     */
    const char *device;          /* the GPU it ran on                            */
    const char *date;            /* ISO 8601 UTC                                 */
    uint64_t n;
    rv_data data;
} rv_own_input;

/* The trace of one launch (its launch, call and kernel said), or NULL with
 * the problem in err (an access just past in[] or out[], ...).  A block
 * that recorded nothing is a trace too: one empty step (RV_OWN_NO_ACCESS). */
rv_trace *rv_own_build(const rv_own_input *in, char *err, size_t errlen);

#endif
