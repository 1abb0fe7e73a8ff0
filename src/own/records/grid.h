/* grid.h — what the tracer counted over the whole grid and which memory the
 * program allocated (allocs.txt and counts.txt of a traced run, written by
 * src/tracer/tool.c; raw.h has their lines), read trusting nothing. */
#ifndef RV_OWN_GRID_H
#define RV_OWN_GRID_H

#include <stddef.h>
#include <stdint.h>

#include "core/trace.h"
#include "own/records/raw_file.h"
#include "own/records/sass.h"

struct rv_own_meta;

/* One device allocation of the run. */
typedef struct rv_own_alloc {
    uint32_t id;   /* K: the K-th allocation of the run            */
    uint32_t at;   /* armed launches begun before it was made      */
    uint32_t call; /* the call of launch() it was made in; 0: none */
    int64_t freed; /* armed launches begun before it was freed; -1: lives */
    uint64_t addr, bytes;
    uint8_t kind; /* rv_own_alloc_kind                            */
} rv_own_alloc;

/* One instruction's counts in one launch. */
typedef struct rv_own_pc {
    int64_t offset;     /* from the kernel's first instruction; -1: outside it */
    uint8_t kind, size; /* RV_RAW_SMEM / GMEM / BULK; bytes a lane      */
    uint32_t flags;     /* RV_RAW_READ / WRITE / ATOMIC, and ASYNC (a cp.async's
                                  global read), REMOTE (another block's shared memory) */
    uint64_t requests, lanes, wavefronts;
    uint64_t bytes; /* RV_RAW_BULK: the copies' bytes               */
} rv_own_pc;

/* One launch's counts. */
typedef struct rv_own_counted {
    uint32_t launch, grid, block;
    rv_own_pc *pcs;
    uint32_t npcs;
    struct {
        uint32_t alloc;
        uint64_t reads, writes, atomics;
    } buf[RV_RAW_MAX_BUFFERS];
    uint32_t nbuf;
} rv_own_counted;

typedef struct rv_own_grid_run {
    rv_own_alloc *allocs;
    uint32_t nallocs;
    rv_own_counted *launches;
    uint32_t nlaunches;
} rv_own_grid_run;

/* Reads WORK/allocs.txt and WORK/counts.txt.  A folder without them (a
 * recording made before the tracer counted) gives an empty run and 0;
 * a damaged file -1 with the line named in err. */
int rv_own_grid_load(const char *work, rv_own_grid_run *g, char *err, size_t errlen);
void rv_own_grid_free(rv_own_grid_run *g);

/* The allocation [addr, addr + size) lies in when launch `launch` began, or
 * NULL. */
const rv_own_alloc *rv_own_grid_alloc_at(const rv_own_grid_run *g, uint64_t addr, uint32_t size, uint32_t launch);

/* What allocation a is to the lesson (rv_buffer_role): in[] and out[] by
 * the arrays of meta's calls. */
rv_buffer_role rv_own_alloc_role(const rv_own_alloc *a, const struct rv_own_meta *meta);

/* The allocation listed as K = id, or NULL. */
const rv_own_alloc *rv_own_grid_alloc(const rv_own_grid_run *g, uint32_t id);

/* Launch `launch`'s whole-grid totals and the buffers it touched, as the
 * trace keeps them; `sass` (may be NULL) says which shared atomics are a
 * compare-and-swap, which Nsight Compute counts as 2 wavefronts a request.
 * cp.async, bulk copies and other blocks' shared memory are counted apart
 * from the shared loads, stores and atomics, as Nsight Compute counts them.
 * `meta` names in[] and out[] (the arrays of every call).  Returns NULL
 * when the launch was not counted. */
rv_own_grid *rv_own_grid_of(const rv_own_grid_run *g, uint32_t launch, const rv_sass *sass,
                            const struct rv_own_meta *meta);

#endif
