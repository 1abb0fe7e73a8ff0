/* gmem_map.h — where a traced block's global accesses land: in[], out[]
 * (any slot), the ticket counter, the kernel's own global memory, or a step
 * past the end of in[] or out[] (an out-of-bounds index).  build.c makes
 * the trace's accesses from it. */
#ifndef RV_OWN_GMEM_MAP_H
#define RV_OWN_GMEM_MAP_H

#include <stdint.h>

#include "own/records/grid.h"
#include "own/records/raw_file.h"

typedef struct rv_own_gmem {
    const rv_own_arrays *arrays; /* in[] and out[] of this launch's call      */
    const rv_own_grid_run *grid; /* the run's allocations (may be empty)      */
    uint32_t launch;
    uint64_t ticket; /* the ticket counter's address, 0 = none     */
    uint64_t base;   /* the kernel's own global memory: its word 0 */
    uint64_t words;  /* ... and how many words of it were touched  */
} rv_own_gmem;

/* A step past the end of an array: which, the index, its length. */
typedef struct rv_own_gmem_miss {
    const char *array; /* "in" or "out"                              */
    uint64_t index, n;
} rv_own_gmem_miss;

/* Finds, from the block's records, the ticket counter and the kernel's own
 * global memory into m (whose arrays, grid and launch are set). */
void rv_own_gmem_find(rv_own_gmem *m, const rv_raw_record *rec, uint32_t nrec);

/* The access of r's size at addr as trace accesses into acc (a float4 of
 * in[] is one, 8 bytes are two elements).  0, or -1 with *miss for an
 * access just past in[] or out[]. */
int rv_own_gmem_acc(const rv_own_gmem *m, const rv_raw_record *r, uint64_t addr, uint64_t acc[4], int *nacc,
                    rv_own_gmem_miss *miss);

#endif
