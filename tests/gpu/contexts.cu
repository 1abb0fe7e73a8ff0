// contexts.cu — one CUDA context made, 128 MiB allocated and set, then the
// process ends: what each of a check's runs (traced, timed) pays besides
// its work.  tests/gpu/contexts.sh runs many at once.
#include <cstdio>
#include <ctime>
#include <cuda_runtime.h>
static double now() { timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main()
{
    double t0 = now();
    if (cudaFree(nullptr) != cudaSuccess) return 1;
    double t1 = now();
    void *p;
    if (cudaMalloc(&p, 128 << 20) != cudaSuccess || cudaMemset(p, 1, 128 << 20) != cudaSuccess) return 1;
    cudaDeviceSynchronize();
    double t2 = now();
    printf("%.4f %.4f\n", t1 - t0, t2 - t1);
    return 0;
}
