// gpu_bench.cu — placeholder until the benchmark lands.
#include "gpu.h"
#include <stdio.h>
extern "C" int rv_gpu_bench(const rv_bench_opts *opts, char *err, size_t errlen)
{
    (void)opts;
    snprintf(err, errlen, "bench is not implemented yet");
    return -1;
}
