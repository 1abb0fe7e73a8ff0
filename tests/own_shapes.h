/* own_shapes.h — a student's launch of any shape, as the tracer records it:
 * raw records (src/tracer/raw.h, RVRAW003: the block's and the grid's x, y,
 * z), a line table and the program's arrays, made in memory for the tests
 * that build traces from them (rv_own_build) and write them as a kept run
 * folder (`reducevis trace --replay`).
 *
 * The kernel (SHAPES_SOURCE): each thread t (numbered x fastest) loads
 * in[block * B + t] into s[t] (line 6), a barrier, then thread 0 adds
 * s[0 .. B) (line 10) and writes the block's sum to out[block] (line 11).
 * Block 0 is traced: two steps, `load` and `write`.  With `past` set, thread
 * 0 reads in[n] instead: one element past in[], what the builder refuses as
 * an out-of-bounds access.
 */
#ifndef RV_TEST_OWN_SHAPES_H
#define RV_TEST_OWN_SHAPES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "own/records/build.h"
#include "own/records/raw_file.h"
#include "own/records/sass.h"

#define SHAPES_FUNC    "_Z3sumPKfPfj"
#define SHAPES_PC      0x10000ull      /* the kernel's first instruction   */
#define SHAPES_IN      0x7f0000000000ull
#define SHAPES_OUT     0x7f0100000000ull
#define SHAPES_SMEM    0x400ull        /* past the block's reserved first KiB */
#define SHAPES_DEVICE  "NVIDIA H200"
#define SHAPES_DATE    "2026-11-24T13:11:34Z"

static const char SHAPES_SOURCE[] =
    "__global__ void sum(const float *in, float *out, unsigned n)\n"
    "{\n"
    "    extern __shared__ float s[];\n"
    "    unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);\n"
    "    unsigned B = blockDim.x * blockDim.y * blockDim.z, i = blockIdx.x * B + t;\n"
    "    s[t] = i < n ? in[i] : 0;\n"
    "    __syncthreads();\n"
    "    if (t == 0) {\n"
    "        float sum = 0;\n"
    "        for (unsigned k = 0; k < B; k++) sum += s[k];\n"
    "        out[blockIdx.x] = sum;\n"
    "    }\n"
    "}\n"
    "unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)\n"
    "{\n"
    "    return 0; /* the test's shapes are made in memory */\n"
    "}\n";

/* nvdisasm's listing of the kernel, as rv_sass_parse reads it: an
 * instruction per access, each under its source line. */
static const char SHAPES_SASS[] =
    "//--------------------- .text." SHAPES_FUNC " --------------------------\n"
    ".text." SHAPES_FUNC ":\n"
    "\t//## File \"/tmp/keep/student.cu\", line 6\n"
    "        /*0010*/                   LDG.E R2, desc[UR4][R2.64] ;\n"
    "        /*0020*/                   STS [R5], R2 ;\n"
    "\t//## File \"/tmp/keep/student.cu\", line 7\n"
    "        /*0030*/                   BAR.SYNC.DEFER_BLOCKING 0x0 ;\n"
    "\t//## File \"/tmp/keep/student.cu\", line 10\n"
    "        /*0040*/                   LDS R4, [R6] ;\n"
    "\t//## File \"/tmp/keep/student.cu\", line 11\n"
    "        /*0050*/                   STG.E desc[UR4][R8.64], R4 ;\n"
    "        /*0060*/                   EXIT ;\n"
    "//--------------------- .nv.shared --------------------------\n";

/* A launch's shape and what it ran over. */
typedef struct shapes_launch {
    uint32_t block[3], grid[3];
    int past;               /* thread 0 reads one element past in[] */
    int out_past;           /* out[] lies just after in[], and the sum is
                               written one element past out[] */
    int async;              /* the tile comes by cp.async: each thread's read
                               and shared write one copy, at one pc; every
                               thread then waits for it (the pipeline's wait)
                               before the barrier */
    int bulk;               /* the tile comes by one bulk copy of the Tensor
                               Memory Accelerator, issued by thread 0 (lane 0
                               of warp 0) after the other threads began their
                               wait on the mbarrier; every thread waits there
                               (no loads, no shared stores of their own) */
    int gpu_launches;       /* the run says its code launches kernels from the
                               GPU (run.txt's gpu_launches) */
    int cluster;            /* a cluster of 4: every thread waits at
                               cluster.sync() after the block's barrier, and
                               thread 0 adds s[0] of blocks 1, 2 and 3 too */
    int own_rank;           /* with cluster: thread 0 reads its own s[0]
                               through the cluster's mapping first (rank 0),
                               recorded as the tracer before RV_PC_HALVES did:
                               flagged another block's, of its own rank */
    int empty;              /* block 0 makes no shared or global access (an
                               empty kernel): no records at all; the run's
                               sum is 0, what out[] held */
} shapes_launch;

static inline uint32_t shapes_threads(const shapes_launch *l) { return l->block[0] * l->block[1] * l->block[2]; }
static inline uint32_t shapes_blocks(const shapes_launch *l) { return l->grid[0] * l->grid[1] * l->grid[2]; }
static inline uint64_t shapes_n(const shapes_launch *l) { return (uint64_t)shapes_threads(l) * shapes_blocks(l); }
/* Where out[] lies: far from in[], or just after it (as cudaMalloc places
 * two buffers made one after another, 512 bytes apart at most). */
static inline uint64_t shapes_out(const shapes_launch *l)
{
    return l->out_past ? SHAPES_IN + ((4 * shapes_n(l) + 511) & ~511ull) : SHAPES_OUT;
}

static inline rv_raw_record shapes_rec(uint16_t t, uint8_t kind, uint64_t off, uint64_t addr, uint8_t size,
                                       uint32_t flags, float value)
{
    rv_raw_record r;
    memset(&r, 0, sizeof r);
    r.pc = SHAPES_PC + off;
    r.addr = addr;
    if (flags & RV_RAW_WRITE) /* a read's value[0] counts a run of reads (raw.h): none here */
        memcpy(&r.value[0], &value, sizeof value);
    r.thread = t;
    r.kind = kind;
    r.size = size;
    r.flags = flags;
    r.mask = 0xffffffffu;
    return r;
}

/* The records of block 0 in *raw (its rec malloc'd: rv_raw_free). */
static inline int shapes_raw(const shapes_launch *l, rv_raw *raw)
{
    uint32_t B = shapes_threads(l), n = 0;
    memset(raw, 0, sizeof *raw);
    raw->rec = malloc((5 * (size_t)B + B + 6) * sizeof *raw->rec);
    if (!raw->rec)
        return -1;
    if (l->bulk && !l->empty) { /* the others' waits begun first, then thread 0's copy, then its wait */
        for (uint32_t t = 1; t < B; t++) {
            raw->rec[n] = shapes_rec((uint16_t)t, RV_RAW_WAIT, 0x28, 0, 0, 0, 0);
            raw->rec[n++].value[0] = RV_RAW_WAIT_MBARRIER;
        }
        raw->rec[n] = shapes_rec(0, RV_RAW_BULK, 0x10, SHAPES_IN, 0, 0, 0);
        raw->rec[n].value[0] = SHAPES_SMEM;
        raw->rec[n++].value[1] = 4 * B;
        raw->rec[n] = shapes_rec(0, RV_RAW_WAIT, 0x28, 0, 0, 0, 0);
        raw->rec[n++].value[0] = RV_RAW_WAIT_MBARRIER;
    }
    for (uint32_t t = 0; t < B && !l->empty; t++) {
        uint64_t at = SHAPES_IN + 4ull * (l->past && t == 0 ? shapes_n(l) : t);
        if (!l->bulk) {
            raw->rec[n++] = shapes_rec((uint16_t)t, RV_RAW_GMEM, 0x10, at, 4, RV_RAW_READ, 0);
            raw->rec[n++] = shapes_rec((uint16_t)t, RV_RAW_SMEM, l->async ? 0x10 : 0x20, SHAPES_SMEM + 4ull * t, 4,
                                       l->async ? RV_RAW_WRITE | RV_RAW_ASYNC : RV_RAW_WRITE, 1.0f);
        }
        if (l->async) {
            raw->rec[n] = shapes_rec((uint16_t)t, RV_RAW_WAIT, 0x28, 0, 0, 0, 0);
            raw->rec[n++].value[0] = RV_RAW_WAIT_PIPELINE;
        }
        raw->rec[n] = shapes_rec((uint16_t)t, RV_RAW_BARRIER, 0x30, 0, 0, 0, 0);
        raw->rec[n].value[0] = 0;
        raw->rec[n++].value[1] = B;
        if (l->cluster) raw->rec[n++] = shapes_rec((uint16_t)t, RV_RAW_BARRIER, 0x38, 0, 0, RV_RAW_CLUSTER, 0);
    }
    for (uint32_t k = 0; k < B && !l->empty; k++)
        raw->rec[n++] = shapes_rec(0, RV_RAW_SMEM, 0x40, SHAPES_SMEM + 4ull * k, 4, RV_RAW_READ, 0);
    for (uint32_t rank = l->own_rank ? 0 : 1; l->cluster && rank < 4; rank++) { /* s[0] of the cluster's other blocks */
        raw->rec[n] = shapes_rec(0, RV_RAW_SMEM, 0x40, SHAPES_SMEM, 4, RV_RAW_READ | RV_RAW_REMOTE, 0);
        float v = (float)B;
        memcpy(&raw->rec[n].value[0], &v, sizeof v);
        raw->rec[n++].rank = rank;
    }
    uint64_t sum_at = shapes_out(l) + (l->out_past ? 4 * (shapes_n(l) / 32 + 2) : 0);
    if (!l->empty)
        raw->rec[n++] = shapes_rec(0, RV_RAW_GMEM, 0x50, sum_at, 4, RV_RAW_WRITE, (float)B);
    rv_raw_header *h = &raw->h;
    memcpy(h->magic, RV_RAW_MAGIC, 8);
    h->block_size = B;
    h->traced_block = 0;
    h->grid = shapes_blocks(l);
    h->nrec = h->claimed = n;
    h->func_pc = SHAPES_PC;
    h->func_size = 0x70;
    snprintf(h->func_name, sizeof h->func_name, "%s", SHAPES_FUNC);
    h->launch = h->call = 1;
    memcpy(h->block_dim, l->block, sizeof h->block_dim);
    memcpy(h->grid_dim, l->grid, sizeof h->grid_dim);
    h->cluster_dim[0] = l->cluster ? 4 : 1, h->cluster_dim[1] = h->cluster_dim[2] = 1;
    return 0;
}

/* Everything rv_own_build takes, for launch l; the records and line table
 * are the caller's to free (shapes_free). */
typedef struct shapes_run {
    rv_raw raw;
    rv_sass sass;
    rv_own_meta meta;
    rv_own_arrays arrays;
    rv_own_input in;
} shapes_run;

static inline int shapes_input(const shapes_launch *l, shapes_run *r)
{
    char err[300];
    memset(r, 0, sizeof *r);
    if (shapes_raw(l, &r->raw) || rv_sass_parse(SHAPES_SASS, SHAPES_FUNC, "student.cu", &r->sass, err, sizeof err)) {
        fprintf(stderr, "shapes_input: %s\n", err);
        return -1;
    }
    uint64_t n = shapes_n(l);
    r->arrays = (rv_own_arrays){SHAPES_IN, n, shapes_out(l), n / 32 + 2};
    r->meta.sum = l->empty ? 0.0 : (double)n;
    r->meta.ncalls = 1;
    r->meta.calls[0] = r->arrays;
    r->in = (rv_own_input){&r->raw, &r->sass, &r->meta, &r->arrays, 1, NULL, "shapes.cu", SHAPES_SOURCE, SHAPES_DEVICE,
                           SHAPES_DATE, n, {RV_DATA_ONES, 0}};
    return 0;
}

static inline void shapes_free(shapes_run *r)
{
    rv_raw_free(&r->raw);
    rv_sass_free(&r->sass);
}

/* The trace of launch l, or NULL with the builder's message in err. */
static inline rv_trace *shapes_trace(const shapes_launch *l, char *err, size_t errlen)
{
    shapes_run r;
    if (shapes_input(l, &r)) {
        snprintf(err, errlen, "the test's records could not be made");
        return NULL;
    }
    rv_trace *tr = rv_own_build(&r.in, err, errlen);
    shapes_free(&r);
    return tr;
}

#endif
