// gpu_reduce.cu — the launch tables and the multi-pass driver: every version
// reduces the whole array by running itself again on its partial sums, but
// v8, whose last block finishes the job in the same launch, and v9, whose
// blocks add their sums atomically into a result its launcher zeroes first.
#include "gpu_reduce.h"

timed::launch_fn rv_timed_launch(int v)
{
    static const timed::launch_fn table[RV_NUM_VERSIONS] = {
        timed::launch_v0, timed::launch_v1, timed::launch_v2, timed::launch_v3,
        timed::launch_v4, timed::launch_v5, timed::launch_v6, timed::launch_v7,
        timed::launch_v4s, timed::launch_v8, timed::launch_v9};
    return table[v];
}

traced::launch_fn rv_traced_launch(int v)
{
    static const traced::launch_fn table[RV_NUM_VERSIONS] = {
        traced::launch_v0, traced::launch_v1, traced::launch_v2, traced::launch_v3,
        traced::launch_v4, traced::launch_v5, traced::launch_v6, traced::launch_v7,
        traced::launch_v4s, traced::launch_v8, traced::launch_v9};
    return table[v];
}

unsigned rv_grid_on_gpu(int v, int block, unsigned n)
{
    if (!rv_version_grid_free(v)) return (unsigned)rv_version_grid(v, block, n);
    // by version and log2 of the block size; the device does not change
    static unsigned resident[RV_NUM_VERSIONS][11];
    int k = 0;
    while ((1 << k) < block && k < 10) k++;
    unsigned &fits = resident[v][k];
    if (!fits) fits = v == RV_V9 ? timed::resident_grid_v9((unsigned)block) : timed::resident_grid_v8((unsigned)block);
    uint64_t most = rv_version_grid_max(v, block, n);
    if (!fits) return (unsigned)rv_version_grid(v, block, n); // the runtime could not say: the default
    return (unsigned)(fits < most ? fits : most);
}

static unsigned grid_of(int v, int block, unsigned n)
{
    return (unsigned)rv_version_grid(v, block, n);
}

size_t rv_reduce_scratch(int v, int block, unsigned n)
{
    if (rv_version_single_pass(v)) return (size_t)rv_grid_on_gpu(v, block, n) + 1;
    unsigned g1 = grid_of(v, block, n);
    return (size_t)g1 + grid_of(v, block, g1);
}

float *rv_reduce_all(int v, int block, const float *d_in, unsigned n, float *scratch, cudaStream_t s)
{
    if (rv_version_single_pass(v)) { // one launch: partial slots scratch[0 .. grid), the sum after them
        unsigned grid = rv_grid_on_gpu(v, block, n);
        rv_timed_launch(v)(d_in, scratch, n, grid, (unsigned)block, s);
        return scratch + grid;
    }
    // Ping-pong: pass 1 writes buffer a (g1 floats), pass 2 buffer b, pass 3 a again ...
    unsigned g1 = grid_of(v, block, n);
    float *a = scratch, *b = scratch + g1;
    const float *src = d_in;
    float *dst = a;
    timed::launch_fn launch = rv_timed_launch(v);
    for (;;) {
        unsigned grid = grid_of(v, block, n);
        launch(src, dst, n, grid, (unsigned)block, s);
        if (grid == 1) return dst;
        src = dst;
        dst = dst == a ? b : a;
        n = grid;
    }
}

int rv_cuda_fail(cudaError_t e, const char *what, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s: %s (%s)", what, cudaGetErrorString(e), cudaGetErrorName(e));
    return -1;
}
