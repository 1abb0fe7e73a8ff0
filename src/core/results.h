/* results.h — the results of `reducevis bench`: one timed run per version and
 * N, the device they ran on, and the file that carries them (JSON).
 *
 * The bench (gpu_bench.cu) fills an rv_results with what it measured, lets
 * rv_results_derive() compute every figure that follows from the times, then
 * prints the table and saves the file through this module; the viewer loads
 * the same file to show the timed run beside the replay.  Pure C, no CUDA:
 * writer, reader and derivations are tested without a GPU.
 *
 * Unknown figures are NAN in memory and null in the file (the theoretical
 * bandwidth of a device that does not report it, the speedup of v0 over the
 * version before it): nothing is ever filled in with an invented number.
 */
#ifndef RV_RESULTS_H
#define RV_RESULTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "versions.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RV_RESULTS_FORMAT  "reducevis-bench" /* the file's "format" tag    */
#define RV_RESULTS_VERSION 1                 /* its "format_version"       */
#define RV_RESULTS_TIMING  "whole reduction, every pass, CUDA events, median of R after warm-up"
#define RV_RESULTS_TIMING_TURNS \
    "whole reduction, CUDA events per run, versions in turn, L2 warm; median and quartiles of R"
#define RV_RESULTS_TIMING_COLD \
    "whole reduction, CUDA events per run, versions in turn, L2 flushed; median and quartiles of R"
#define RV_RESULTS_COPY      "device-to-device cudaMemcpy of the N floats, read + write bytes, median of R"
#define RV_RESULTS_NVARIANTS (RV_NUM_VERSIONS + 1) /* every version, then cub */
#define RV_RESULTS_MAX_GPUS  64                    /* `bench --gpus`: most GPUs a run may name */
#define RV_RESULTS_MULTI_TIMING \
    "slices on all GPUs at once, then NCCL; CUDA events per GPU, slowest GPU per run, median of R after warm-up"

/* One version timed at one N. */
typedef struct rv_result_run {
    char version[8]; /* a version's name ("v4s") or "cub"              */
    uint64_t n;      /* elements reduced                               */
    int block_size;  /* threads per block; 0: CUB chose its own        */
    /* measured */
    double median_ms;    /* median of the timed runs, whole reduction      */
    double min_ms;       /* fastest timed run                              */
    double q1_ms, q3_ms; /* first and third quartiles of the timed runs;
                                   NAN in files written before they were kept    */
    double max_ms;       /* slowest timed run (NAN likewise)               */
    double copy_gbps;    /* device-to-device copy at this N (read + write) */
    double gpu_sum;      /* what the GPU summed the array to               */
    double cpu_sum;      /* the same array summed on the CPU in double     */
    int correct;         /* 1: gpu_sum matches cpu_sum                     */
    /* derived by rv_results_derive (NAN where unknown) */
    double gbps;            /* N * 4 bytes / median time, 1 GB = 1e9 bytes    */
    double pct_theoretical; /* gbps as a percentage of the theoretical peak   */
    double pct_copy;        /* gbps as a percentage of copy_gbps              */
    double speedup_v0;      /* v0's median / this median, same N              */
    double speedup_prev;    /* the previous version's median / this median    */
    /* across GPUs (`bench --gpus`, gpu_multi.cu); 0 and "" in a one-GPU bench */
    int gpus;            /* GPUs the array was split over; 0 reads as 1    */
    char nccl[16];       /* collective that combined the partials:
                                   "allreduce", "reduce"; "" none (one GPU)       */
    double kernel_ms;    /* median of the slowest GPU's kernel on its slice */
    double nccl_ms;      /* median of the NCCL step alone (NAN: no NCCL)   */
    double speedup_1gpu; /* derived: this version's one-GPU median at this
                                   N / this median (NAN: none in the file)        */
} rv_result_run;

/* What the runs have in common: the device, the options, the bandwidths. */
typedef struct rv_results_meta {
    char device[256];            /* "NVIDIA H100 80GB HBM3"                    */
    char compute_capability[16]; /* "9.0"                                      */
    char driver_version[16];     /* CUDA version the driver supports: "13.0"   */
    char runtime_version[16];    /* CUDA runtime built in: "13.0"              */
    char date[32];               /* UTC, ISO 8601: "2025-01-31T12:34:56Z"      */
    uint64_t l2_bytes;           /* L2 cache: an array this small stays there  */
    /* the command's options */
    uint64_t n;      /* the main N: --n, or the largest of a sweep */
    int sweep;       /* 1: N = 2^20 .. 2^30 (with gpus: 2^28 .. 2^32) */
    int gpus;        /* `bench --gpus G`: G; 0: a one-GPU bench    */
    int block_size;  /* --block-size as asked                      */
    int repeat;      /* timed runs per figure                      */
    int warmup;      /* untimed runs before them                   */
    char data[48];   /* "random:1"                                 */
    int cold;        /* 1: L2 flushed before every timed run       */
    int interleaved; /* 1: the versions take turns, run by run; 0:
                                        each timed in one block (older files)     */
    int held;        /* 1: each timed round queued while the GPU waited
                        (the host's pace is in no run's events); 0:
                        queued as the GPU ran (older files)           */
    /* bandwidths */
    double theoretical_gbps;      /* the device's peak, NAN when unknown        */
    char theoretical_source[256]; /* how it was obtained, or why it is unknown  */
    double measured_copy_gbps;    /* copy bandwidth at the main N (derived)     */
} rv_results_meta;

typedef struct rv_results rv_results;

/* ---- building (the bench) ------------------------------------------------ */

/* A new, empty set of results with a copy of meta; NULL when out of memory. */
rv_results *rv_results_new(const rv_results_meta *meta);

/* Appends a copy of run.  Returns 0, or -1 when out of memory. */
int rv_results_add(rv_results *r, const rv_result_run *run);

/* Computes every run's derived figures, and the copy bandwidth at the main N,
 * from the measured ones. */
void rv_results_derive(rv_results *r);

/* ---- reading --------------------------------------------------------------- */

/* Loads a results file.  Returns NULL with a message naming the problem
 * (where in the file, which key) in err. */
rv_results *rv_results_load(const char *path, char *err, size_t errlen);

/* The same from text in memory; `name` (a file name) starts the messages. */
rv_results *rv_results_parse(const char *text, size_t len, const char *name, char *err, size_t errlen);

void rv_results_free(rv_results *r);

/* The run of version (a version's name, or "cub") at n; n == 0: at the main N.
 * NULL when there is none. */
/* Variant k (0 .. RV_RESULTS_NVARIANTS-1): the versions in teaching order, then "cub". */
const char *rv_results_variant(int k);

const rv_result_run *rv_results_find(const rv_results *r, const char *version, uint64_t n);

/* The same across GPUs: the run of version at n on `gpus` GPUs (0 and 1 both
 * mean one) combined by collective nccl (NULL: any; "": none).  NULL when none. */
const rv_result_run *rv_results_find_gpus(const rv_results *r, const char *version, uint64_t n, int gpus,
                                          const char *nccl);

const rv_results_meta *rv_results_info(const rv_results *r);
const char *rv_results_device(const rv_results *r);
const char *rv_results_date(const rv_results *r);
double rv_results_theoretical_gbps(const rv_results *r); /* NAN: unknown */
/* Copy bandwidth at n (n == 0: at the main N); NAN when not measured. */
double rv_results_copy_gbps(const rv_results *r, uint64_t n);

/* The distinct N of the runs, ascending (for a sweep plot); returns how many. */
int rv_results_sizes(const rv_results *r, const uint64_t **sizes);

/* All runs, in the order they were added (by N, then the versions in teaching order, then cub).  A file
 * written before a version existed simply has no runs of it. */
int rv_results_count(const rv_results *r);
const rv_result_run *rv_results_run(const rv_results *r, int i);

/* The block sizes beside the one asked for, for a heading: "v8 and v9 at
 * 512; CUB picks its own" (every variant at the main N whose size differs, in
 * teaching order, neighbours at the same size together, then CUB). */
void rv_results_block_note(const rv_results *r, char *buf, size_t len);

/* "warm L2" or "cold L2 (flushed before every run)", for headings. */
const char *rv_results_cache_label(const rv_results *r);

/* The ratio of a's time to b's (medians) in *mid, and its spread: from a's
 * first quartile over b's third to a's third over b's first.  Returns 0, or
 * -1 (lo and hi NAN, mid still set) when either run kept no quartiles. */
int rv_results_ratio(const rv_result_run *a, const rv_result_run *b, double *mid, double *lo, double *hi);

/* How many runs failed their sum check. */
int rv_results_failures(const rv_results *r);

/* ---- writing ---------------------------------------------------------------- */

/* Writes the results as JSON (the format rv_results_load reads). */
void rv_results_write(const rv_results *r, FILE *f);

/* Writes the JSON into path.  Returns 0, or -1 with a message in err. */
int rv_results_save(const rv_results *r, const char *path, char *err, size_t errlen);

/* The table for people: what was timed and how, then one row per run. */
void rv_results_print_table(const rv_results *r, FILE *f);

/* "2^25" for a power of two, else the decimal number. */
void rv_results_n_name(uint64_t n, char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif
