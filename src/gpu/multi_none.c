/* multi_none.c — the reduction across GPUs in a build that cannot do it:
 * without CUDA, or with CUDA but without NCCL's header.  Each entry says why
 * and how to get it. */
#include <stdio.h>

#include "core/i18n.h"
#include "multi.h"

static const char *why(void)
{
#ifdef RV_MULTI_NO_NCCL_HEADER
    return _("this reducevis was built without NCCL (nccl.h was not found at build time): "
             "`pip install nvidia-nccl-cu13` and rebuild, or set NCCL_ROOT to NCCL's folder");
#else
    return _("this reducevis was built without CUDA (nvcc was not found at build time)");
#endif
}

int rv_multi_nccl_available(char *err, size_t errlen)
{
    snprintf(err, errlen, "%s", why());
    return 0;
}

int rv_multi_run(const rv_multi_opts *opts, char *err, size_t errlen)
{
    (void)opts;
    snprintf(err, errlen, "%s", why());
    return -1;
}

int rv_multi_bench(const rv_multi_bench_opts *opts, char *err, size_t errlen)
{
    (void)opts;
    snprintf(err, errlen, "%s", why());
    return -1;
}
