/* trace.h — one traced block of one reduction run, in memory and on disk.
 *
 * A trace is a list of steps (the work between two barriers, or one statement
 * of a warp phase); each step holds one event per thread of the block: did it
 * execute, which source line, what it read, what it wrote, the value it
 * produced.  The shared-memory picture at step k is not stored: it is derived
 * by applying the writes of steps 0..k (see analysis.h).
 * The file format (.rvt) is described in docs/trace-format.md.
 */
#ifndef RV_TRACE_H
#define RV_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "core/status.h"
#include "data.h"
#include "rv_access.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RV_TRACE_MAGIC      "REDUCEVT"
#define RV_TRACE_FORMAT     1
#define RV_TRACE_FORMAT_OWN 2 /* format 1 + the section of a kernel traced from a file */
#define RV_TRACE_FORMAT_OWN3 \
    3 /* an own trace with atomics, long read runs, more steps and
                                     every launch (docs/trace-format.md) */
#define RV_TRACE_FORMAT_OWN4 \
    4 /* format 3 + the launch's shape (block and grid, x y z):
                                     what own traces the tracer did not count are written as */
#define RV_TRACE_FORMAT_GRID \
    5 /* format 4 + each launch's whole-grid counts and buffers
                                     (rv_own_grid): what counted own traces are written as.
                                     Formats 1 to 4 still load. */
#define RV_TRACE_FORMAT_CLUSTER \
    6 /* format 5 + each launch's thread-block cluster (x y z):
                                     what own traces with a cluster are written as */
#define RV_TRACE_FORMAT_COPIES \
    7 /* format 6 + each launch's asynchronous copies (cp.async),
                                     bulk copies (cp.async.bulk) and accesses of other blocks'
                                     shared memory, counted over the grid: what own traces
                                     that have any are written as */
#define RV_TRACE_FORMAT_LAST   RV_TRACE_FORMAT_COPIES
#define RV_OWN_MAX_SOURCE      (256 * 1024)     /* bytes of source an own trace may carry */
#define RV_OWN_MAX_SMEM_WORDS  (228 * 1024 / 4) /* shared memory a block can have (sm_90) */
#define RV_LABEL_LEN           24
#define RV_ORIGIN_LEN          64
#define RV_DATE_LEN            32
#define RV_MAX_N               (1ull << 31) /* kernels index with 32-bit unsigned */
#define RV_MAX_LINE            10000
/* What one launch's own trace may hold (docs/trace-format.md, "Limits"):
 * beyond these the rest is cut, and the trace says so in numbers. */
#define RV_OWN_MAX_STEPS       2048          /* steps                                */
#define RV_OWN_MAX_CELLS       (1u << 24)    /* steps x (threads + shared words)     */
#define RV_OWN_MAX_READS       (1u << 25)    /* reads of all threads, all steps      */
#define RV_OWN_MAX_LAUNCHES    16            /* launches of one run                  */
#define RV_OWN_MAX_BULK_BYTES  (16ull << 16) /* bytes one bulk copy moves at most    */
#define RV_OWN_MAX_ASYNC_BYTES (32 * 16)     /* ... and one warp's cp.async          */

/* What kind of work a step does: the viewer and compare mode align on it. */
typedef enum rv_phase {
    RV_PHASE_LOAD = 0,    /* global memory -> shared memory or registers      */
    RV_PHASE_TREE = 1,    /* shared-memory tree level between two barriers     */
    RV_PHASE_WARP = 2,    /* warp-synchronous shared-memory statement (no barrier) */
    RV_PHASE_SHUFFLE = 3, /* register exchange between lanes (__shfl_down_sync) */
    RV_PHASE_STORE = 4,   /* registers <-> shared memory between warp phases   */
    RV_PHASE_WRITE = 5,   /* the block's result to global memory               */
    RV_PHASE_ATOMIC = 6,  /* atomic read-modify-writes: lanes that hit one word
                            are served one after another                      */
    RV_PHASE_COUNT
} rv_phase;

typedef enum rv_origin_kind { RV_ORIGIN_MODEL = 0, RV_ORIGIN_GPU = 1 } rv_origin_kind;

/* What an own trace says of itself (rv_trace.own_flags). */
#define RV_OWN_SUM_WRONG 0x1u /* the kernel's sum failed the sum check           */
#define RV_OWN_CUT       0x2u /* more than a trace holds (RV_OWN_MAX_*): the rest is cut */
#define RV_OWN_GPU_LAUNCHES \
    0x4u /* the program also launches kernels from the GPU (dynamic
                                    parallelism): not launches of their own in the trace;
                                    a child grid runs on its parent's tracer buffer, so its
                                    block 0's steps may appear in the parent's, without lines */
#define RV_OWN_NO_ACCESS \
    0x8u /* the traced block made no shared or global access (an empty
                                 kernel, or loads the compiler dropped since nothing written
                                 used them): its one step, "no access", has no thread in it */

/* A value the tracer cannot see (what a shuffle moved through registers): a
 * quiet NaN with this payload, drawn as "?". */
#define RV_VALUE_UNKNOWN_BITS 0x7fc0f00du

typedef struct rv_step {
    char label[RV_LABEL_LEN]; /* "s=64", "load", "warp +16", ...        */
    int32_t stride;           /* the distance added at this step, 0 if none */
    uint32_t phase;           /* rv_phase                               */
    uint32_t flags;           /* RV_STEP_* (own traces; 0 in the others) */
} rv_step;

/* A step where a thread read a shared word that another thread wrote in the
 * same barrier interval with no __syncwarp (or, across warps, no barrier)
 * between: it works only while the warp happens to run in lockstep, which
 * Volta and later do not promise. */
#define RV_STEP_UNSYNCED     0x1u
/* A shuffle step whose lanes were not seen (the offset came from a register)
 * but follow from its neighbours' (build.c's infer_shuffles). */
#define RV_STEP_INFERRED     0x2u
/* A step whose instructions have no line in the student's file: a library's
 * code (CUB, Thrust) compiled without line information.  Drawn on line 1. */
#define RV_STEP_LIBRARY      0x4u
/* Own traces: the step is the first after cluster.sync(), the barrier that
 * every block of the thread-block cluster waits at. */
#define RV_STEP_CLUSTER_SYNC 0x8u
/* Own traces: the step reads or writes the shared memory of other blocks of
 * the cluster (distributed shared memory); its label names their ranks
 * ("dsmem 1 2 3"). */
#define RV_STEP_DSMEM        0x10u
/* Own traces: the step is the first after the threads waited for their
 * asynchronous copies into shared memory (the pipeline's wait, or a
 * cuda::barrier's that a bulk copy of the Tensor Memory Accelerator
 * completes): the copied tile is there from this step on. */
#define RV_STEP_ASYNC_WAIT   0x20u
#define RV_STEP_OWN_FLAGS \
    (RV_STEP_UNSYNCED | RV_STEP_INFERRED | RV_STEP_LIBRARY | RV_STEP_CLUSTER_SYNC | RV_STEP_DSMEM | RV_STEP_ASYNC_WAIT)

/* What an event is besides its accesses (rv_event.flags). */
#define RV_EV_ATOMIC \
    0x1u /* its write is an atomic read-modify-write of that
                              word (atomicAdd, a CAS, a ticket): it reads the
                              word too, and lanes hitting one word are served
                              one after another; never a race               */

typedef struct rv_event {
    uint16_t line;  /* kernel source line; 0 = did not execute       */
    uint16_t flags; /* RV_EV_*                                       */
    uint16_t tries; /* an atomic's attempts: 1 for one instruction, the
                              rounds of a compare-and-swap loop (a float
                              atomicAdd on shared memory); 0 when no atomic */
    uint16_t pad;
    uint32_t nreads;
    uint32_t reads; /* offset of its reads in rv_trace.reads         */
    float value;    /* the value it produced                         */
    uint64_t write; /* RV_ACC of where it went                       */
} rv_event;

/* What an allocation is to the lesson (rv_own_buffer.role). */
typedef enum rv_buffer_role {
    RV_BUF_IN = 1,   /* in[]: the driver's input                           */
    RV_BUF_OUT,      /* out[]: where launch() leaves its partials          */
    RV_BUF_OWN,      /* the program's own, made in a call of launch()      */
    RV_BUF_VARIABLE, /* a __device__ variable of a loaded module           */
    RV_BUF_OTHER     /* made outside every call, not in[] or out[]         */
} rv_buffer_role;

/* How an allocation was made (rv_own_buffer.kind). */
typedef enum rv_alloc_kind { RV_ALLOC_MALLOC = 1, RV_ALLOC_ASYNC, RV_ALLOC_MANAGED, RV_ALLOC_MODULE } rv_alloc_kind;

/* One allocation a launch touched, and how many lanes of its grid read,
 * wrote or changed it atomically. */
typedef struct rv_own_buffer {
    uint32_t id;         /* buffer K: the K-th allocation of the run */
    uint32_t role, kind; /* rv_buffer_role, rv_alloc_kind          */
    uint32_t call;       /* the call of launch() that made it; 0: none */
    uint64_t bytes;
    uint64_t reads, writes, atomics;
    int64_t word; /* its first byte as a word of RV_SPACE_GOWN
                                      (negative: below the window's start) */
} rv_own_buffer;

#define RV_OWN_MAX_BUFFERS 16

/* What every block of a launch did, counted on the device by the tracer
 * (own traces, format 5): shared-memory requests and wavefronts by kind and
 * global atomic requests, as Nsight Compute counts a whole launch, and the
 * allocations it touched; format 7 adds the copies that bypass the
 * threads' registers and the accesses of other blocks' shared memory. */
typedef struct rv_own_grid {
    int64_t ld_requests, ld_wavefronts, st_requests, st_wavefronts, atom_requests, atom_wavefronts;
    int64_t gatom_requests;
    int64_t cas_requests;   /* shared atomics that are a compare-and-swap:
                                      2 wavefronts each in atom_wavefronts  */
    int64_t async_requests; /* cp.async (LDGSTS): warp instructions executed */
    int64_t async_bytes;    /* ... and the bytes they copied (lanes x size) */
    int64_t bulk_copies;    /* bulk copies of the Tensor Memory Accelerator
                                      (cp.async.bulk, UBLKCP), one per copy issued */
    int64_t bulk_bytes;     /* ... and their bytes                          */
    int64_t dsmem_ld_requests, dsmem_st_requests, dsmem_atom_requests;
    /* another block's shared memory (distributed
                                      shared memory): warp instructions executed */
    uint32_t nbuffers;
    rv_own_buffer buffers[RV_OWN_MAX_BUFFERS];
} rv_own_grid;

typedef struct rv_trace {
    int version;
    int block_size;
    uint64_t n;
    uint32_t traced_block;
    uint32_t grid; /* blocks in the first pass              */
    rv_data data;
    uint32_t origin_kind;       /* rv_origin_kind                        */
    char origin[RV_ORIGIN_LEN]; /* GPU name, or "CPU model"              */
    char date[RV_DATE_LEN];     /* capture date (UTC, ISO 8601), or ""   */
    uint64_t source_hash;       /* rv_version_source_hash at capture     */
    int nsteps;
    rv_step *steps;   /* [nsteps]                              */
    rv_event *events; /* [nsteps * block_size], step-major     */
    uint64_t *reads;  /* the pool all events' reads live in    */
    size_t nreads, reads_cap;
    /* A kernel traced unchanged from a student's file (version RV_VERSION_OWN):
       NULL / 0 for the versions the tool ships. */
    char *own_name;          /* the file it came from (its base name)  */
    char *own_source;        /* the file's text: the code pane shows it */
    uint32_t own_smem_words; /* shared-memory words the block touched  */
    uint32_t own_flags;      /* RV_OWN_*                               */
    double own_ms;           /* its un-instrumented whole reduction, median
                                      of the timed runs; 0: not timed       */
    double own_sum;          /* the sum it computed                    */
    /* Format 3 (own traces): which launch this is, and the next one. */
    uint64_t own_gwords; /* words of the kernel's own global memory
                                      (RV_SPACE_GOWN) it touched; 0 = none    */
    uint32_t launch;     /* 1-based launch of the run; 0 = not said
                                      (formats 1 and 2: the first)           */
    uint32_t launches;   /* launches the run made (traced or not)  */
    uint32_t call;       /* which call of launch() made it (1-based) */
    char *own_kernel;    /* the kernel's name as the compiler wrote it */
    char *own_cut;       /* NULL, or what was cut, in numbers      */
    /* Format 4 (own traces): the launch's shape.  0 in x: not said, a row
       ({block_size, 1, 1}, {grid, 1, 1}); rv_trace_block_dim says which. */
    uint32_t block_dim[3];   /* blockDim x, y, z: threads numbered x fastest */
    uint32_t grid_dim[3];    /* gridDim x, y, z: traced_block numbered so too */
    uint32_t cluster_dim[3]; /* blocks per thread-block cluster, x y z; 0 0 0 or
                                      1 1 1: none (rv_trace_clustered) */
    rv_own_grid *own_grid;   /* format 5: the whole grid's counts; NULL: not counted */
    struct rv_trace *next;   /* the next traced launch, or NULL; freed with this */
    struct rv_waves *waves;  /* the run's first trace only: its waves run's
                                      launches (waves.h), NULL: none; freed with it */
} rv_trace;

/* The block's shape x, y, z (threads numbered x fastest), and the grid's:
 * as the trace says, else a row of block_size threads and of grid blocks. */
void rv_trace_block_dim(const rv_trace *tr, uint32_t dim[3]);
void rv_trace_grid_dim(const rv_trace *tr, uint32_t dim[3]);
/* The ranks a distributed shared memory step's label names ("dsmem 1 2 3":
 * "1", "2", "3"; "?" for one not known), up to `most` of them into ranks:
 * how many it names, 0 for a step without RV_STEP_DSMEM. */
int rv_step_dsmem_ranks(const rv_step *st, char ranks[][8], int most);
/* The blocks of the launch's thread-block cluster in *blocks (x y z in dim,
 * 1 1 1 where it has none); whether it has one (more than one block). */
int rv_trace_clustered(const rv_trace *tr, uint32_t dim[3], uint32_t *blocks);
/* The traced block's rank in its cluster (x fastest, as the hardware's
 * %cluster_ctarank numbers them); 0 where there is no cluster. */
uint32_t rv_trace_cluster_rank(const rv_trace *tr);

/* How many of a shape's x, y, z count: 1 for a row (y = z = 1), 2 when
 * z = 1, else 3. */
int rv_dims_used(const uint32_t dim[3]);

/* A shape as "256", "16×16" or "8×8×4" (the UTF-8 multiplication sign). */
void rv_dims_text(const uint32_t dim[3], char *buf, size_t len);

/* The lanes warp w of a block of block_size threads has: 32, or fewer for
 * the last warp of a block that is no multiple of 32 (a partial warp: the
 * lanes past the block do not exist); 0 past the block. */
int rv_warp_lanes(int block_size, int w);

/* Shared-memory words a trace's block may touch. */
int rv_trace_smem_words(const rv_trace *tr);

/* What a trace goes by: the file an own trace came from ("my_reduce.cu"),
 * else its version's name ("v3"). */
const char *rv_trace_name(const rv_trace *tr);

/* The kernel source the trace's line numbers refer to: an own trace's file
 * as it was traced, else the version's embedded kernel ("" when none). */
const char *rv_trace_source(const rv_trace *tr);

/* Whether tr was traced unchanged from a student's file (version
 * RV_VERSION_OWN). */
int rv_trace_is_own(const rv_trace *tr);

/* Whether tr is a GPU trace of a shipped kernel traced unchanged: its
 * version's kernel file carries no trace macros (does not include trace.cuh)
 * and tr was recorded from that very source (the hash matches), which only
 * the Compute Sanitizer path can do (docs/kernels.md). */
int rv_trace_unchanged(const rv_trace *tr);

/* A value as its bits: traces compare values so (-0 and 0 differ, a NaN
 * equals itself) and store them so. */
/* Whether `bytes` are more than n copies of `per` bytes each can carry
 * (without overflow): a count of copies checked against its bytes. */
static inline int rv_bytes_exceed(uint64_t bytes, uint64_t n, uint64_t per)
{
    return bytes / per > n || (bytes / per == n && bytes % per);
}

static inline uint32_t rv_value_bits(float v)
{
    uint32_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}

/* Whether v is a value the tracer could not see. */
int rv_value_unknown(float v);
float rv_value_unknown_make(void);

/* The event of thread t at step s. */
static inline rv_event *rv_trace_event(const rv_trace *tr, int s, int t)
{
    return &tr->events[(size_t)s * (size_t)tr->block_size + (size_t)t];
}

/* NULL where the trace keeps no reads at all (a block that made no access):
 * its events then have none to index */
static inline const uint64_t *rv_event_reads(const rv_trace *tr, const rv_event *e)
{
    return tr->reads ? tr->reads + e->reads : NULL;
}

/* Allocates an empty trace with nsteps steps (all events "not executed").
 * Returns NULL on allocation failure. Header fields are the caller's. */
rv_trace *rv_trace_new(int block_size, int nsteps);
void rv_trace_free(rv_trace *tr);

/* Records thread t's event at step s (the reads are copied into the pool).
 * Returns 0, or -1 when memory runs out. */
int rv_trace_set(rv_trace *tr, int s, int t, uint16_t line, float value, uint64_t write, const uint64_t *reads,
                 int nreads);

/* Marks thread t's event at step s as an atomic with `tries` attempts. */
void rv_trace_set_atomic(rv_trace *tr, int s, int t, unsigned tries);

/* The most steps a trace of this version may have. */
int rv_trace_max_steps(int version);

/* The launches of a run, 1 for a trace without a next one. */
int rv_trace_count_launches(const rv_trace *tr);

/* The steps a shipped version takes at a block size (labels, strides,
 * phases, flags) into steps[0..RV_MAX_STEPS), and how many (0: none): what
 * its trace must hold.  Only the model knows them (its plan, rv_model_plan),
 * and the model is above core: the readers below are handed it, and
 * model/trace_read.h gives every caller them with the model's plan. */
typedef int (*rv_plan_fn)(int version, int block_size, rv_step *steps);

/* Checks every header field and every event against its bounds, and a
 * shipped version's steps against plan.  Returns 0, or -1 with the first
 * problem described in err. */
int rv_trace_validate_with(const rv_trace *tr, rv_plan_fn plan, char *err, size_t errlen);

/* Writes tr to path. Returns 0, or -1 with a message in err. */
int rv_trace_save(const rv_trace *tr, const char *path, char *err, size_t errlen);

/* Reads and validates a trace (a shipped version's step flags are plan's).
 * Returns NULL with a message naming the problem. */
rv_trace *rv_trace_load_with(const char *path, rv_plan_fn plan, char *err, size_t errlen);

/* Parses a trace from memory, as rv_trace_load_with. */
rv_trace *rv_trace_parse_with(const uint8_t *buf, size_t len, rv_plan_fn plan, char *err, size_t errlen);

/* Serialises into a malloc'd buffer; returns NULL when memory runs out. */
uint8_t *rv_trace_serialize(const rv_trace *tr, size_t *len);

/* Compares two traces event by event, bit for bit (values compared as bits).
 * Returns 0 when equal, else 1 with the first difference described in msg. */
int rv_trace_compare(const rv_trace *a, const rv_trace *b, char *msg, size_t msglen);

#ifdef __cplusplus
}
#endif

#endif
