// contexts.cu — what each of a check's processes pays the CUDA driver
// besides its work.  `contexts init`: the driver started and the GPU named
// (cudaGetDeviceCount, cudaGetDeviceProperties), as a check process does
// before its runs; `contexts`: that, then a context made, 128 MiB allocated
// and set, as a traced or timed run does.  tests/gpu/contexts.sh runs many
// at once.  Prints: start-up s, context s, set s.
#include <cstdio>
#include <cstring>
#include <ctime>
#include <cuda_runtime.h>
static double now() { timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv)
{
    bool init_only = argc > 1 && strcmp(argv[1], "init") == 0;
    double t0 = now();
    int count = 0;
    cudaDeviceProp p;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0 || cudaGetDeviceProperties(&p, 0) != cudaSuccess)
        return 1;
    double t1 = now();
    if (init_only) { printf("%.4f 0 0\n", t1 - t0); return 0; }
    if (cudaFree(nullptr) != cudaSuccess) return 1;
    double t2 = now();
    void *b;
    if (cudaMalloc(&b, 128 << 20) != cudaSuccess || cudaMemset(b, 1, 128 << 20) != cudaSuccess) return 1;
    cudaDeviceSynchronize();
    double t3 = now();
    printf("%.4f %.4f %.4f\n", t1 - t0, t2 - t1, t3 - t2);
    return 0;
}
