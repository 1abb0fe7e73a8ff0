/* raw.h — what the tracer writes while a kernel runs unchanged under the
 * Compute Sanitizer patching API: one record per patched instruction executed
 * by a thread of the traced block, in the order the threads reached them.
 *
 * Shared by the tool library (tool.c), its device patches (patches.cu) and the
 * host side that turns a raw file into a trace (src/own/raw.c, build.c), so it holds
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
 */
#ifndef RV_TRACER_RAW_H
#define RV_TRACER_RAW_H

#include <stdint.h>

#define RV_RAW_MAGIC    "RVRAW003"
#define RV_RAW_MAGIC_V2 "RVRAW002"  /* before the launch's shape: read too */
#define RV_RAW_MAGIC_V1 "RVRAW001"  /* before runs and launches: read too */
#define RV_RAW_NAME_LEN 256

/* What a record is. */
enum rv_raw_kind {
    RV_RAW_SMEM     = 1, /* a shared-memory access: addr = offset in the block's window */
    RV_RAW_GMEM     = 2, /* a global-memory access: addr = the generic address          */
    RV_RAW_BARRIER  = 3, /* __syncthreads(): value[0] = barrier index, value[1] = count  */
    RV_RAW_SYNCWARP = 4, /* __syncwarp(mask): value[0] = the mask                        */
    RV_RAW_SHFL     = 5  /* a warp shuffle: the API gives its pc, not its lanes or values */
};

/* flags of an access: Sanitizer_DeviceMemoryFlags' bits, kept as they are. */
#define RV_RAW_READ   0x1u
#define RV_RAW_WRITE  0x2u
#define RV_RAW_ATOMIC 0x4u

typedef struct rv_raw_record {
    uint64_t pc;        /* of the patched instruction (absolute; see func_pc)     */
    uint64_t addr;      /* accesses: where; 0 otherwise                           */
    uint32_t value[4];  /* a write's new bytes (accessSize of them), a read's run
                           (above), else as kind */
    uint32_t mask;      /* __activemask() of the lanes that reached it together  */
    uint16_t thread;    /* thread index in the block (x fastest)                  */
    uint8_t  kind;      /* rv_raw_kind                                            */
    uint8_t  size;      /* access size in bytes (1, 2, 4, 8, 16), 0 otherwise     */
    uint32_t flags;     /* RV_RAW_READ / WRITE / ATOMIC                           */
    uint32_t pad;
} rv_raw_record;        /* 48 bytes */

/* What the device side of the tracer owns: one buffer, one counter. */
typedef struct rv_raw_buffer {
    rv_raw_record *records;
    uint32_t *last;     /* [block size]: each thread's latest record, ~0 = none   */
    uint32_t count;     /* records claimed (may pass cap: those were dropped)     */
    uint32_t cap;
    uint32_t block;     /* the block recorded, as blockIdx flattened x fastest    */
    uint32_t pad;
} rv_raw_buffer;

typedef struct rv_raw_header {
    char     magic[8];          /* RV_RAW_MAGIC                                    */
    uint32_t block_size;        /* threads per block of the traced launch          */
    uint32_t traced_block;
    uint32_t grid;              /* blocks of the traced launch                     */
    uint32_t nrec;              /* records that follow                             */
    uint32_t claimed;           /* records the kernel made: > nrec means cut at cap */
    uint32_t module;            /* which saved cubin holds the kernel (module<k>.cubin) */
    uint64_t func_pc;           /* the kernel's first instruction                  */
    uint64_t func_size;         /* its size in bytes                               */
    char     func_name[RV_RAW_NAME_LEN]; /* mangled name of the traced kernel      */
    /* RVRAW002 on */
    uint32_t launch;            /* 1-based launch of the run (every kernel launch) */
    uint32_t call;              /* 1-based call of the student's launch() it was in */
    /* RVRAW003 on */
    uint32_t block_dim[3];      /* blockDim x, y, z (block_size their product)     */
    uint32_t grid_dim[3];       /* gridDim x, y, z (grid their product)            */
} rv_raw_header;

/* The header of an RVRAW002 file: the one above without the shape; of an
 * RVRAW001 file, without launch and call either. */
#define RV_RAW_HEADER_V2_BYTES (sizeof(rv_raw_header) - 6 * sizeof(uint32_t))
#define RV_RAW_HEADER_V1_BYTES (RV_RAW_HEADER_V2_BYTES - 2 * sizeof(uint32_t))

#endif
