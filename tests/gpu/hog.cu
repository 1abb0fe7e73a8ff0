// hog.cu — a helper of big_n.sh: holds all but KEEP_MIB of the GPU's free
// memory until it is killed, so that the tests can see how reducevis
// refuses an N the GPU has no room for, on any GPU.
// Usage: gpu_hog KEEP_MIB   (prints "hog: ready" once it holds the memory)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    size_t keep = (size_t)atol(argc > 1 ? argv[1] : "4096") << 20, free_b = 0, total_b = 0;
    void *p = nullptr;
    cudaError_t e = cudaMemGetInfo(&free_b, &total_b);
    if (e != cudaSuccess || free_b <= keep) {
        std::printf("hog: cannot: %s, %zu MiB free\n", cudaGetErrorString(e), free_b >> 20);
        return 1;
    }
    if ((e = cudaMalloc(&p, free_b - keep)) != cudaSuccess) {
        std::printf("hog: cudaMalloc failed: %s\n", cudaGetErrorString(e));
        return 1;
    }
    std::printf("hog: ready, %zu MiB left free\n", keep >> 20);
    std::fflush(stdout);
    pause();
    return 0;
}
