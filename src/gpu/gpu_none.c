/* gpu_none.c — the GPU entry points of a build without CUDA: each explains why. */
#include <stdio.h>

#include "gpu.h"
#include "core/versions.h"
#include "core/i18n.h"

#define WHY N_("this reducevis was built without CUDA (nvcc was not found at build time)")

int rv_gpu_available(char *err, size_t errlen)
{
    snprintf(err, errlen, "%s", _(WHY));
    return 0;
}

rv_trace *rv_gpu_capture(const rv_config *cfg, char *err, size_t errlen)
{
    (void)cfg;
    snprintf(err, errlen, "%s", _(WHY));
    return NULL;
}

int rv_gpu_instrumented(int v)
{
    (void)v;
    return 0;
}

int rv_gpu_runs_version(int v, char *err, size_t errlen)
{
    (void)v;
    snprintf(err, errlen, "%s", _(WHY));
    return 0;
}

int rv_gpu_sum(int version, int block_size, uint64_t n, rv_data data, double *sum, char *err, size_t errlen)
{
    (void)version;
    (void)block_size;
    (void)n;
    (void)data;
    (void)sum;
    snprintf(err, errlen, "%s", _(WHY));
    return -1;
}

int rv_gpu_bench(const rv_bench_opts *opts, char *err, size_t errlen)
{
    (void)opts;
    snprintf(err, errlen, "%s", _(WHY));
    return -1;
}

struct rv_waves *rv_gpu_waves(const rv_waves_run_opts *o, char *err, size_t errlen)
{
    (void)o;
    snprintf(err, errlen, "%s", _(WHY));
    return NULL;
}

int rv_gpu_gpcs(struct rv_gpcs *g, char *err, size_t errlen)
{
    (void)g;
    snprintf(err, errlen, "%s", _(WHY));
    return -1;
}

int rv_gpu_waves_gpcs(struct rv_waves *head, char *err, size_t errlen)
{
    (void)head;
    snprintf(err, errlen, "%s", _(WHY));
    return -1;
}

uint32_t rv_gpu_grid(int version, int block_size, uint64_t n)
{
    return (uint32_t)rv_version_grid(version, block_size, n);
}

void rv_gpu_device_name(char *buf, size_t len) { snprintf(buf, len, "%s", _("no GPU")); }
