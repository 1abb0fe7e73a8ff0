// gpuhog.cu — hostile host code: one process holding all the GPU memory it
// can get, in 1 GiB pieces, for 20 s (gpumem.cu does it in 40 copies, which
// the GPU process limit stops first).  Stopped at the GPU memory limit: the
// sandbox counts its process's memory as the GPU driver does (NVML) and ends
// it past 8 GiB, long before its 20 s.  Needs a GPU.  tests/own/sandbox_test.sh
// fills in when it strikes (@AT_START@, @IN_LAUNCH@).
#include <cstdio>
#include <cuda_runtime.h>
#include <unistd.h>

static void attack()
{
    size_t held = 0;
    void *p;
    while (cudaMalloc(&p, 1ull << 30) == cudaSuccess) held++;
    fprintf(stderr, "hostile gpuhog: holds %zu GiB of GPU memory\n", held);
    sleep(20);
}
