/* raw.h — what the tracer writes while a kernel runs unchanged under the
 * Compute Sanitizer patching API: one record per patched instruction executed
 * by a thread of the traced block, in the order the threads reached them.
 *
 * Shared by the tool library (tool.c), its device patches (patches.cu) and the
 * host side that turns a raw file into a trace (src/own/records/raw.c, build.c), so it holds
 * plain integer layouts and nothing else.  Little-endian, no padding.
 *
 * File: rv_raw_header, then header.nrec records.  One file per traced launch
 * (raw-K.rvraw, K from 1); RVRAW001 files (one launch, raw.rvraw, no runs)
 * still read.
 *
 * A run: a global read that goes on from the thread's record before it (the
 * same size, read only, one stride on) is not a record of its own: that record
 * counts it (value[0] = reads after the first, value[1..2] = the stride in
 * bytes, signed 64-bit), so a grid-stride loop of any length is one record.
 *
 * Besides the raw files, the tool writes three text files, `key value` pairs
 * after each line's first word (src/own/records/grid.c reads them):
 *  - allocs.txt: every device allocation the program made or freed, in order:
 *      alloc K addr A bytes S kind cudaMalloc|async|managed|module at L call C
 *      free addr A at L
 *    (L: armed launches begun before it; C: the call of launch() it was made
 *    in, 0 outside every call (the driver's in[] and out[]); module: a
 *    __device__ variable of a loaded module).  The tool's own buffers are not
 *    listed.
 *  - counts.txt: per armed launch, what every block of the grid did at each
 *    patched memory instruction, counted on the device (rv_pc_count):
 *      launch K grid G block B kernel NAME
 *      count K pc OFFSET kind smem|gmem|dsmem flags F size S requests R
 *            lanes L wavefronts W
 *      count K pc OFFSET kind bulk flags F size 0 requests R lanes L
 *            wavefronts 0 bytes Y
 *      buffer K alloc A reads R writes W atomics X
 *    (OFFSET: bytes from the kernel's first instruction, -1 for an
 *    instruction outside it: a function it calls; a gmem count whose flags
 *    hold RV_RAW_ASYNC is a cp.async's global read; dsmem: another block's
 *    shared memory, flags holding RV_RAW_REMOTE (an instruction through the
 *    cluster's mapping may have an smem line too: RV_PC_HALVES); bulk: a bulk copy, a
 *    request one copy, Y its bytes; a buffer line says how many lanes of the
 *    grid read, wrote or changed atomically allocation A).
 *  - reads.txt: how often each element of the watched array (in[], named by
 *    RV_TRACER_WATCH="ADDR N" in the environment of the first armed launch)
 *    was read, over every armed launch of the run:
 *      reads n N read R unread U first_unread I more_than_once M most X
 *    (I is -1 when every element was read); written at the first wait for
 *    the GPU after the driver set RV_TRACER_OVER=1 (its traced calls over).
 */
#ifndef RV_TRACER_RAW_H
#define RV_TRACER_RAW_H

#include <stddef.h>
#include <stdint.h>

#define RV_RAW_MAGIC    "RVRAW004"
#define RV_RAW_MAGIC_V3 "RVRAW003" /* before the launch's cluster: read too */
#define RV_RAW_MAGIC_V2 "RVRAW002" /* before the launch's shape: read too */
#define RV_RAW_MAGIC_V1 "RVRAW001" /* before runs and launches: read too */
#define RV_RAW_NAME_LEN 256

/* What a record is. */
enum rv_raw_kind {
    RV_RAW_SMEM = 1,     /* a shared-memory access: addr = offset in the block's window */
    RV_RAW_GMEM = 2,     /* a global-memory access: addr = the generic address          */
    RV_RAW_BARRIER = 3,  /* __syncthreads(): value[0] = barrier index, value[1] = count  */
    RV_RAW_SYNCWARP = 4, /* __syncwarp(mask): value[0] = the mask                        */
    RV_RAW_SHFL = 5,     /* a warp shuffle: the API gives its pc, not its lanes or values */
    RV_RAW_BULK = 6,     /* a bulk copy of global memory into shared memory by the Tensor
                            Memory Accelerator (cp.async.bulk), once per warp (its lowest
                            active lane): addr = the global source, value[0] = the shared
                            destination (an offset in the window), value[1] = its bytes,
                            value[2] = the mbarrier that completes it, value[3] = the
                            multicast mask (0: none).  Its bytes are not kept: the copy is
                            asynchronous, they are not in shared memory yet (src/own/records/bulk.c) */
    RV_RAW_WAIT = 7      /* the thread waits for its asynchronous copies: value[0] = 0 for the
                            pipeline's wait (cp.async.wait_group N: value[1] = N, 0 = all),
                            1 for an mbarrier's (cuda::barrier::wait: value[1] = its address) */
};
/* Kinds 6 and 7 came after RVRAW004's first files, in the same layout: such
 * files still read, and a reader before them refuses a file that has one. */
#define RV_RAW_WAIT_PIPELINE 0u
#define RV_RAW_WAIT_MBARRIER 1u

/* flags of an access: Sanitizer_DeviceMemoryFlags' bits, kept as they are. */
#define RV_RAW_READ         0x1u
#define RV_RAW_WRITE        0x2u
#define RV_RAW_ATOMIC       0x4u
/* ... and one of ours: a shared write made by an asynchronous copy from
 * global memory (cp.async: cg::memcpy_async, cuda::memcpy_async,
 * __pipeline_memcpy_async), its bytes those it read, which never passed
 * through the thread's registers.  The copy's global read is a record of
 * its own just before, at the same pc. */
#define RV_RAW_ASYNC        0x100u
/* A shared access of another block of the cluster (distributed shared
 * memory, cluster.map_shared_rank): kind RV_RAW_SMEM, addr the offset in
 * that block's window, `rank` that block's rank in the cluster, value the
 * bytes read or written.  Where the tracer could not tell the block, rank is
 * RV_RAW_RANK_UNKNOWN and addr the address the instruction used.  The
 * block's own shared memory reached through the cluster's mapping (its own
 * rank) is a plain shared access, as Nsight Compute counts it; a recording
 * made before said it RV_RAW_REMOTE with the block's own rank. */
#define RV_RAW_REMOTE       0x200u
#define RV_RAW_RANK_UNKNOWN 0xffffffffu
/* A barrier of the whole cluster (cluster.sync(): barrier.cluster.wait),
 * kind RV_RAW_BARRIER: every block of the cluster waits there. */
#define RV_RAW_CLUSTER      0x400u
/* A piece of a bulk copy (RV_RAW_BULK) as src/own/records/bulk.c lays it over the
 * block's threads: a global read and a shared write flagged so (the write
 * RV_RAW_ASYNC too).  Never written by the tracer. */
#define RV_RAW_BULKPART     0x800u

typedef struct rv_raw_record {
    uint64_t pc;       /* of the patched instruction (absolute; see func_pc)     */
    uint64_t addr;     /* accesses: where; 0 otherwise                           */
    uint32_t value[4]; /* a write's new bytes (accessSize of them), a read's run
                           (above), else as kind */
    uint32_t mask;     /* __activemask() of the lanes that reached it together  */
    uint16_t thread;   /* thread index in the block (x fastest)                  */
    uint8_t kind;      /* rv_raw_kind                                            */
    uint8_t size;      /* access size in bytes (1, 2, 4, 8, 16), 0 otherwise     */
    uint32_t flags;    /* RV_RAW_READ / WRITE / ATOMIC, and ours above           */
    uint32_t rank;     /* RV_RAW_REMOTE: the block of the cluster; 0 otherwise   */
} rv_raw_record;       /* 48 bytes */

/* What every block of a launch did at one patched instruction, counted on
 * the device (counts.txt): a request is one warp's execution of it, lanes
 * the threads that took part, wavefronts (shared memory) the passes the
 * banks needed, as Nsight Compute counts them for plain loads and stores.
 * Its kind and flags are those of the record the instruction makes, so
 * that the host tells apart what Nsight Compute counts apart: a cp.async's
 * global read (RV_RAW_GMEM, RV_RAW_ASYNC), another block's shared memory
 * (RV_RAW_SMEM, RV_RAW_REMOTE: no wavefronts) and a bulk copy (RV_RAW_BULK:
 * a request is one copy, bytes its bytes). */
typedef struct rv_pc_count {
    unsigned long long requests, lanes, wavefronts;
    unsigned long long bytes; /* RV_RAW_BULK: the copies' bytes; 0 otherwise      */
    uint32_t flags;           /* RV_RAW_READ / WRITE / ATOMIC and ours, or-ed over its executions */
    uint8_t kind;             /* RV_RAW_SMEM, RV_RAW_GMEM or RV_RAW_BULK                  */
    uint8_t size;             /* access size in bytes (0 for a bulk copy)                 */
    uint16_t pad;
} rv_pc_count; /* 40 bytes */

#define RV_PC_BYTES  16u /* an instruction's size (sm_70 and later)            */
/* Each instruction's counts come twice (RV_PC_HALVES): the first half for
 * its executions that touched the block's own memory or global memory, the
 * second for those that touched another block's shared memory.  A load
 * through cluster.map_shared_rank() reaches the block's own shared memory
 * for its own rank and another block's for the others, at the same pc:
 * Nsight Compute counts the first a shared load and the second a dshared
 * one, so each has a count of its own. */
#define RV_PC_HALVES 2u
/* Copies of each instruction's counts, one for each group of SMs (by SM id):
 * every warp of the grid adds into its own group's, so that thousands of
 * blocks going round one loop do not all wait on one word; the tool sums
 * them. */
#define RV_PC_SHARDS 16u

/* A live allocation of the program's, as a launch sees it: the patches
 * count the grid's accesses that fall in it (lanes, not requests). */
#define RV_RAW_MAX_BUFFERS 32
typedef struct rv_raw_span {
    uint64_t addr, bytes;
    uint32_t id; /* its K in allocs.txt                                    */
    uint32_t pad;
    unsigned long long reads, writes, atomics;
} rv_raw_span; /* 48 bytes */

/* What the device side of the tracer owns for one launch: the traced block's
 * records, and the whole grid's counts. */
typedef struct rv_raw_buffer {
    rv_raw_record *records; /* NULL when no block of this launch is traced     */
    uint32_t *last;         /* [block size]: each thread's latest record, ~0 = none   */
    uint32_t count;         /* records claimed (may pass cap: those were dropped)     */
    uint32_t cap;
    uint32_t block; /* the block recorded, as blockIdx flattened x fastest    */
    uint32_t npcs;  /* pcs[]: RV_PC_HALVES x RV_PC_SHARDS for each instruction of the kernel,
                           and for one more for instructions outside it (a function it
                           calls); the second half from pcs[npcs * RV_PC_SHARDS] on   */
    rv_pc_count *pcs;
    uint64_t func_pc; /* the kernel's first instruction                         */
    uint32_t *watch;  /* [watch_n]: reads of each element of the watched array  */
    uint64_t watch_addr, watch_n;
    uint32_t nspans, pad2;
    rv_raw_span spans[RV_RAW_MAX_BUFFERS]; /* the live allocations, at the launch */
} rv_raw_buffer;

typedef struct rv_raw_header {
    char magic[8];       /* RV_RAW_MAGIC                                    */
    uint32_t block_size; /* threads per block of the traced launch          */
    uint32_t traced_block;
    uint32_t grid;                   /* blocks of the traced launch                     */
    uint32_t nrec;                   /* records that follow                             */
    uint32_t claimed;                /* records the kernel made: > nrec means cut at cap */
    uint32_t module;                 /* which saved cubin holds the kernel (module<k>.cubin) */
    uint64_t func_pc;                /* the kernel's first instruction                  */
    uint64_t func_size;              /* its size in bytes                               */
    char func_name[RV_RAW_NAME_LEN]; /* mangled name of the traced kernel      */
    /* RVRAW002 on */
    uint32_t launch; /* 1-based launch of the run (every kernel launch) */
    uint32_t call;   /* 1-based call of the student's launch() it was in */
    /* RVRAW003 on */
    uint32_t block_dim[3]; /* blockDim x, y, z (block_size their product)     */
    uint32_t grid_dim[3];  /* gridDim x, y, z (grid their product)            */
    /* RVRAW004 on */
    uint32_t cluster_dim[3]; /* blocks per thread-block cluster, x y z (1 1 1: none) */
    uint32_t pad;
} rv_raw_header;

/* The header of an RVRAW003 file: the one above without the cluster; of an
 * RVRAW002 file, without the shape either; of an RVRAW001 file, without
 * launch and call either. */
#define RV_RAW_HEADER_V3_BYTES offsetof(rv_raw_header, cluster_dim)
#define RV_RAW_HEADER_V2_BYTES offsetof(rv_raw_header, block_dim)
#define RV_RAW_HEADER_V1_BYTES (RV_RAW_HEADER_V2_BYTES - 2 * sizeof(uint32_t))

#endif
