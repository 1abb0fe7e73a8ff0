/* waves.h — the waves run: which SM ran each block of a launch, and when.
 *
 * A run of its own (RV_TRACER_WAVES in the tool's environment), apart from
 * the shared-memory trace, so that the kernel runs as it does untraced but
 * for two short patches: the Compute Sanitizer's block entry and block exit
 * (waves_patches.cu), nothing else.  Each block has one slot on the device,
 * read back once when the program waits.  Shared by the tool (waves.c,
 * whose functions waves_tool.h declares), its patches and the host that
 * reads the file (src/own/records/waves_raw.c), so it holds plain integer
 * layouts only.  Little-endian, no padding.
 *
 * Who stamps a block: the lowest active lane of every warp that enters takes
 * the global timer, and of every warp (or part of one) that leaves; the
 * block's start is the least of the entries (an atomic max of the inverted
 * time), its first exit the least of the exits (the same: an atomic min on
 * slots that start at zero) and its end the greatest (an atomic max).  Not
 * thread 0's alone: a block holds its slot and shared memory until its last
 * warp leaves, and thread 0 need not be last (a kernel whose other threads
 * write the result, or whose threads past n return at once); but each warp
 * gives back its registers and warp slot as it leaves, so that from the
 * first exit on the SM may start another block beside it (src/core/waves.c
 * checks both spans).  Three atomics a warp, on the block's own slot: no two
 * blocks wait on one word.
 *
 * File OUT/waves-K.rvwaves, K the armed launch (as raw-K.rvraw): an
 * rv_waves_header, then header.recorded rv_waves_record, in block order. */
#ifndef RV_TRACER_WAVES_H
#define RV_TRACER_WAVES_H

#include <stdint.h>

#define RV_WAVES_MAGIC           "RVWAVE02"
#define RV_WAVES_NAME_LEN        256
/* The most blocks a waves run records (32 bytes each on the device): v0 at
 * 2^25 elements has 2^17. */
#define RV_WAVES_TOOL_MAX_BLOCKS (1u << 24)

/* A block's slot on the device, zeroed before the launch. */
typedef struct rv_waves_slot {
    unsigned long long nstart; /* ~start: the atomic max of the inverted times  */
    unsigned long long nfirst; /* ~(the first warp's exit), as nstart            */
    unsigned long long end;    /* %globaltimer at the last warp's exit, ns       */
    uint32_t sm;               /* %smid                                          */
    uint32_t flags;            /* RV_WAVES_SEEN | RV_WAVES_CLUSTER, rank << 16  */
} rv_waves_slot;               /* 32 bytes */

#define RV_WAVES_SEEN       0x1u /* a warp of the block entered (end > 0: one left) */
#define RV_WAVES_CLUSTER    0x4u /* %is_explicit_cluster: the launch has clusters  */
#define RV_WAVES_RANK_SHIFT 16   /* %cluster_ctarank in the flags' high half       */

typedef struct rv_waves_record {
    uint32_t block; /* blockIdx flattened, x fastest                  */
    uint32_t sm;
    uint64_t start;     /* ns of the GPU's global timer: first warp in    */
    uint64_t first_end; /* the first warp (or part of one) out            */
    uint64_t end;       /* the last warp out                              */
    uint32_t flags;     /* as the slot's                                  */
    uint32_t pad;
} rv_waves_record; /* 40 bytes */

typedef struct rv_waves_header {
    char magic[8];                                      /* RV_WAVES_MAGIC                                 */
    uint32_t launch, call;                              /* as raw.h's                                     */
    uint32_t grid_dim[3], block_dim[3], cluster_dim[3]; /* cluster 1 1 1: none    */
    uint32_t blocks;                                    /* the grid's blocks                              */
    uint32_t recorded;                                  /* records that follow (blocks, unless it failed) */
    uint32_t sm_count;                                  /* the device's multiprocessors                   */
    uint32_t bound;                                     /* cuOccupancyMaxActiveBlocksPerMultiprocessor    */
    uint32_t sm_blocks;                                 /* CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR:
                                   the blocks an SM holds at all (32 on Hopper)   */
    uint32_t cluster_bound;                             /* cuOccupancyMaxActiveClusters; 0: no cluster    */
    uint32_t smem;                                      /* the launch's dynamic shared memory, bytes      */
    char func_name[RV_WAVES_NAME_LEN];
} rv_waves_header;

#endif
