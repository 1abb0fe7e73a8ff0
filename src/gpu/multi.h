/* multi.h — the reduction across GPUs, host side and pure C: how N is split
 * over G GPUs, the options of `reducevis multi` and `bench --gpus`, and how
 * processes that share one NCCL communicator find each other (the unique id
 * through a file or an environment variable).
 *
 * The GPU side is gpu_multi.cu (built where CUDA and NCCL's header are
 * found); multi_none.c stands in for it otherwise and says why.  Everything
 * here is tested without a GPU (tests/test_multi.c).
 */
#ifndef RV_MULTI_H
#define RV_MULTI_H

#include <stddef.h>
#include <stdint.h>

#include "core/data.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RV_MULTI_MAX_GPUS    8                  /* threads of one process; more: one process each */
#define RV_MULTI_MAX_RANKS   64                 /* processes of one communicator                  */
#define RV_MULTI_ID_BYTES    128                /* NCCL_UNIQUE_ID_BYTES                           */
#define RV_MULTI_ID_ENV      "RV_NCCL_ID"       /* the unique id, in hex, for every process     */
#define RV_MULTI_TIMEOUT_S   60                 /* default deadline of every NCCL wait            */
#define RV_MULTI_PACKAGE     "nvidia-nccl-cu13" /* where NCCL comes from: pip install ...  */
#define RV_MULTI_SWEEP_FIRST 28                 /* bench --gpus: N = 2^28 ..                      */
#define RV_MULTI_SWEEP_LAST  32                 /*               .. 2^32                          */
#define RV_MULTI_EXIT_EARLY  3                  /* status of --exit-early, which no real run gives  */
/* What --nccl takes (multi, levels; bench --gpus also both), as the shell completion offers it. */
#define RV_NCCL_WORDS        "allreduce reduce"
#define RV_NCCL_BENCH_WORDS  "allreduce reduce both"

/* The version whose kernel reduces each GPU's slice: one launch, one number. */
int rv_multi_version(void);

/* The slice of GPU (rank) g of G: elements [*first, *first + *count).  Every
 * slice but the last starts and ends on a whole float4 (the kernel reads
 * 16-byte vectors from the slice's start); the last takes the rest.  The
 * slices cover [0, n) exactly once, in order. */
void rv_multi_slice(uint64_t n, int gpus, int g, uint64_t *first, uint64_t *count);

/* NULL when every slice of n over gpus fits the kernel (1 .. 2^31 elements:
 * its n is an unsigned int), else why not, written into buf. */
const char *rv_multi_check_split(uint64_t n, int gpus, char *buf, size_t len);

/* Sets NCCL_NVLS_ENABLE=0 unless the environment already sets it: NVLink
 * multicast stays off (on shared machines it can take the GPUs down). */
void rv_multi_nccl_env(void);

/* The unique id as 2 x RV_MULTI_ID_BYTES hex digits and a NUL (hex must hold
 * 2 * RV_MULTI_ID_BYTES + 1 chars), and back: 0, or -1 with why in err. */
void rv_multi_id_to_hex(const unsigned char *id, char *hex);
int rv_multi_id_from_hex(const char *hex, unsigned char *id, char *err, size_t errlen);

/* Writes the id into path whole or not at all (a temporary file renamed), so
 * a process waiting for it never reads half of one.  0, or -1 with err. */
int rv_multi_id_write(const char *path, const unsigned char *id, char *err, size_t errlen);

/* Waits up to timeout_s seconds for path to appear, then reads the id.
 * 0, or -1 with why (not there in time, unreadable, not an id) in err. */
int rv_multi_id_read(const char *path, double timeout_s, unsigned char *id, char *err, size_t errlen);

/* What `reducevis multi` runs: one reduction across GPUs. */
typedef struct rv_multi_opts {
    uint64_t n;          /* elements in all                                    */
    rv_data data;        /* input pattern                                      */
    int gpus;            /* threads mode: GPUs of this process (0: all it has) */
    int rank;            /* process mode: this process's rank, -1: threads     */
    int nranks;          /* process mode: how many processes                  */
    int device;          /* process mode: the GPU to use (-1: rank % count)    */
    const char *id_file; /* process mode: where rank 0 leaves the unique id    */
    const char *nccl;    /* "allreduce" (default) or "reduce"                  */
    int repeat;          /* timed runs after warm-up                           */
    double timeout_s;    /* deadline of every wait on NCCL                     */
    int exit_early;      /* failure test: leave after joining, as a crash would */
} rv_multi_opts;

/* What `bench --gpus` measures. */
typedef struct rv_multi_bench_opts {
    int gpus;   /* time 1 .. gpus GPUs                                */
    uint64_t n; /* one N, or 0: the sweep 2^28 .. 2^32                */
    rv_data data;
    int repeat;
    const char *nccl; /* "allreduce", "reduce" or "both"                    */
    double timeout_s;
    const char *out_json; /* results file, or NULL                              */
} rv_multi_bench_opts;

/* The collective name: 1 for "allreduce", "reduce" or (both_ok) "both"; else 0. */
int rv_multi_nccl_name_ok(const char *name, int both_ok);

/* GPU side (gpu_multi.cu, or multi_none.c saying why not).  Each returns 0,
 * or -1 with a message in err (NCCL's own words, ncclGetErrorString and
 * ncclGetLastError, where NCCL failed); the commands then exit with 2. */
int rv_multi_run(const rv_multi_opts *opts, char *err, size_t errlen);
int rv_multi_bench(const rv_multi_bench_opts *opts, char *err, size_t errlen);

/* 1 when NCCL can be used (its library loads); 0 with why, naming the package. */
int rv_multi_nccl_available(char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
