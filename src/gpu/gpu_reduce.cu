// gpu_reduce.cu — finding a version's launchers, and the multi-pass driver:
// every version reduces the whole array by running itself again on its
// partial sums, but a single-pass version, which finishes the job in one
// launch (a last block, or atomic adds into a result its launcher zeroes).
#include "gpu_reduce.h"

#include <stdlib.h>
#include <string.h>

#include "core/i18n.h"

// The kernel file version v's row names, as it registered itself.
static const rv_registered_kernel *kernel_of(int v)
{
    const rv_version_info *info = rv_version(v);
    for (const rv_registered_kernel *k = rv_kernels; info && k->file; k++)
        if (!strcmp(k->file, info->file)) return k;
    fprintf(stderr, "no kernel registered for %s (%s): does it end with RV_REGISTER_KERNEL?\n",
            rv_version_name(v), info ? info->file : "?");
    abort(); // a programmer error: the table names a file that registered nothing
}

timed::launch_fn rv_timed_launch(int v) { return kernel_of(v)->timed->launch; }

traced::launch_fn rv_traced_launch(int v)
{
    const traced::kernel_entry *k = kernel_of(v)->traced;
    return k ? k->launch : nullptr;
}

const waves::kernel_entry *rv_waves_entry(int v) { return kernel_of(v)->waves; }

extern "C" int rv_gpu_instrumented(int v) { return rv_version(v) && rv_traced_launch(v) != nullptr; }

unsigned rv_grid_on_gpu(int v, int block, unsigned n)
{
    if (!rv_version_has(v, RV_VP_FILLS_GPU)) return (unsigned)rv_version_grid(v, block, n);
    // by version and log2 of the block size; the device does not change
    static unsigned resident[RV_NUM_VERSIONS][11];
    int k = 0;
    while ((1 << k) < block && k < 10) k++;
    unsigned &fits = resident[v][k];
    unsigned (*resident_grid)(unsigned) = kernel_of(v)->timed->resident_grid;
    if (!fits && resident_grid) fits = resident_grid((unsigned)block);
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
    if (rv_version_has(v, RV_VP_SINGLE_PASS)) return (size_t)rv_grid_on_gpu(v, block, n) + 1;
    unsigned g1 = grid_of(v, block, n);
    return (size_t)g1 + grid_of(v, block, g1);
}

float *rv_reduce_all(int v, int block, const float *d_in, unsigned n, float *scratch, cudaStream_t s)
{
    if (rv_version_has(v, RV_VP_SINGLE_PASS)) { // one launch: partial slots scratch[0 .. grid), the sum after them
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

int rv_version_runs_here(int v, char *err, size_t errlen)
{
    int dev = 0, major = 0, minor = 0;
    if (cudaGetDevice(&dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev) != cudaSuccess ||
        cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev) != cudaSuccess) {
        cudaGetLastError(); // not sticky: the launch itself will say what is wrong
        return 1;
    }
    const char *why = rv_version_check_cc(v, 10 * major + minor);
    if (why) snprintf(err, errlen, "%s (this GPU: %d.%d)", _(why), major, minor);
    return why == nullptr;
}

int rv_cuda_fail(cudaError_t e, const char *what, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s: %s (%s)", what, cudaGetErrorString(e), cudaGetErrorName(e));
    return -1;
}
