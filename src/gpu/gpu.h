/* gpu.h — what the host program asks of the GPU: capture a trace, run the
 * timed benchmark, make a shipped version's waves run stamped in its kernel.  Implemented in gpu_*.cu when CUDA is built, and by
 * gpu_none.c (which explains that there is no CUDA) otherwise.
 */
#ifndef RV_GPU_H
#define RV_GPU_H

#include <stddef.h>
#include "model/model.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 1 when a CUDA device can be used; 0 with the reason in err. */
int rv_gpu_available(char *err, size_t errlen);

/* Runs the instrumented kernel of cfg->version on the GPU, records
 * cfg->block, and reduces the whole array (every pass) to check the sum.
 * A version with a last block records the traced block, then the block that
 * drew the last ticket; a version that fills the GPU runs, with cfg->grid 0,
 * the grid rv_gpu_grid gives (the trace holds it).  Returns NULL with a message in err. */
rv_trace *rv_gpu_capture(const rv_config *cfg, char *err, size_t errlen);

/* Whether version v's kernel file has the instrumented build (trace macros,
 * kernels/trace.cuh) that rv_gpu_capture runs; 0 for a file without them,
 * which `capture` traces unchanged (src/own/trace/capture.c), and without CUDA. */
int rv_gpu_instrumented(int v);

/* Whether version v runs on the GPU in use (its row's lowest compute
 * capability); 0 with the row's reason in err, and without CUDA. */
int rv_gpu_runs_version(int v, char *err, size_t errlen);

/* Sum of the whole array by version v on the GPU (timed build, every pass),
 * written to *sum. Returns 0, or -1 with a message in err. */
int rv_gpu_sum(int version, int block_size, uint64_t n, rv_data data, double *sum, char *err, size_t errlen);

/* Blocks in version v's first pass over n elements on this GPU: a version
 * that fills the GPU takes SMs x resident blocks, capped by the float4s of n;
 * the other versions' follow from n.  Without CUDA: rv_version_grid. */
uint32_t rv_gpu_grid(int version, int block_size, uint64_t n);

/* A waves run of a shipped version with the stamps compiled into its kernel
 * (its waves build, kernels/waves.cuh): no Compute Sanitizer, so its cost is
 * the kernel's own, and measured (docs/waves.md). */
typedef struct rv_waves_run_opts {
    int version, block_size;
    uint64_t n;
    rv_data data;
    uint32_t grid; /* a version that fills the GPU: its grid (a traced run's,
                      so that both are the same launch); 0: the one the timed
                      runs take on this GPU.  Ignored by the others, whose
                      grids follow from n */
    int repeats;   /* launches of each build the overhead is the median of */
} rv_waves_run_opts;

struct rv_waves;
/* Every pass of the version's reduction launched as its launcher launches
 * it, by the waves build, its blocks read back (which SM, first warp in,
 * first and last out) with the bounds asked for the function that ran,
 * then each pass's untraced and stamped launches timed in turn (medians of
 * o->repeats); the sum checked.  The launches' waves (launch 1, 2, ...),
 * validated, recorded = stamps; NULL with the problem in err. */
struct rv_waves *rv_gpu_waves(const rv_waves_run_opts *o, char *err, size_t errlen);

/* The GPU's SMs by GPC, found by a probe of clusters (src/gpu/gpu_gpcs.cu,
 * core/waves.h's rv_gpcs; g->gpc malloc'd): 0; 1 with no map, on a GPU
 * that launches no clusters (err empty) or where the sets differ from the
 * driver's count of clusters at once (err says so); -1 with the reason in
 * err. */
struct rv_gpcs;
int rv_gpu_gpcs(struct rv_gpcs *g, char *err, size_t errlen);

/* The GPU's GPCs probed (rv_gpu_gpcs) onto a waves run's every launch,
 * joined where the run's own clusters span two of the probe's sets: 0; 1
 * where there is no map to give (a GPU without clusters, or one of another
 * SM count than the run's); -1 with the reason in err. */
int rv_gpu_waves_gpcs(struct rv_waves *head, char *err, size_t errlen);

/* The name of the CUDA device in use ("NVIDIA H200"), or a placeholder. */
void rv_gpu_device_name(char *buf, size_t len);

/* What `reducevis bench` measures. */
typedef struct rv_bench_opts {
    uint64_t n;           /* elements (ignored with sweep)             */
    int sweep;            /* N = 2^20 .. 2^30                           */
    int block_size;       /* threads per block for every version        */
    int block_given;      /* 0: a version with a tuned block size
                                 runs at that one instead                   */
    int repeat;           /* timed runs per version, after warm-up      */
    rv_data data;         /* input pattern (bench default random:1)     */
    int cold;             /* 1: flush L2 before every timed run         */
    const char *out_json; /* results file, or NULL                      */
} rv_bench_opts;

/* Times every version and CUB, prints a table (and a progress bar on a
 * terminal), writes the JSON results. Returns 0, or -1 with a message. */
int rv_gpu_bench(const rv_bench_opts *opts, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
