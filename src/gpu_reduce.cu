// gpu_reduce.cu — the launch tables and the multi-pass driver: every version
// reduces the whole array by running itself again on its partial sums.
#include "gpu_reduce.h"

timed::launch_fn rv_timed_launch(int v)
{
    static const timed::launch_fn table[RV_NUM_VERSIONS] = {
        timed::launch_v0, timed::launch_v1, timed::launch_v2, timed::launch_v3,
        timed::launch_v4, timed::launch_v5, timed::launch_v6, timed::launch_v7,
        timed::launch_v4s};
    return table[v];
}

traced::launch_fn rv_traced_launch(int v)
{
    static const traced::launch_fn table[RV_NUM_VERSIONS] = {
        traced::launch_v0, traced::launch_v1, traced::launch_v2, traced::launch_v3,
        traced::launch_v4, traced::launch_v5, traced::launch_v6, traced::launch_v7,
        traced::launch_v4s};
    return table[v];
}

static unsigned grid_of(int v, int block, unsigned n)
{
    return (unsigned)rv_version_grid(v, block, n);
}

size_t rv_reduce_scratch(int v, int block, unsigned n)
{
    unsigned g1 = grid_of(v, block, n);
    return (size_t)g1 + grid_of(v, block, g1);
}

float *rv_reduce_all(int v, int block, const float *d_in, unsigned n, float *scratch, cudaStream_t s)
{
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
