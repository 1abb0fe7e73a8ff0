// globaltimer.cu — the real step of the GPU's %globaltimer, which the waves
// run (src/tracer/waves_patches.cu) stamps each block's start and end with:
// one thread reads it back to back for a while and notes every change; the
// steps between changes, their smallest and median, and the reads between
// two changes are printed.  Also how long one block of v0's shape takes to
// enter and leave (a kernel of 2^17 empty blocks of 256 threads, timed with
// events): if the step is longer than that, a block's start and end often
// read the same, and waves.sh says so.
// Build and run: nvcc -O2 -arch=sm_90 -o /tmp/gt globaltimer.cu && /tmp/gt
#include <algorithm>
#include <cstdio>
#include <vector>

static __device__ __forceinline__ unsigned long long now()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

// Up to `most` changes of the timer: the step of each, and the reads it took.
__global__ void steps(unsigned long long *step, unsigned *reads, int most, int *n)
{
    unsigned long long last = now(), t;
    int k = 0;
    unsigned r = 0;
    for (long long i = 0; i < (1ll << 26) && k < most; i++) {
        t = now();
        r++;
        if (t != last) {
            step[k] = t - last, reads[k] = r;
            k++, r = 0, last = t;
        }
    }
    *n = k;
}

__global__ void empty() {}

int main()
{
    const int most = 4096;
    unsigned long long *dstep;
    unsigned *dreads;
    int *dn, n = 0;
    cudaMalloc(&dstep, most * sizeof *dstep);
    cudaMalloc(&dreads, most * sizeof *dreads);
    cudaMalloc(&dn, sizeof *dn);
    steps<<<1, 1>>>(dstep, dreads, most, dn);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("globaltimer: the kernel failed\n"); return 1; }
    cudaMemcpy(&n, dn, sizeof n, cudaMemcpyDeviceToHost);
    std::vector<unsigned long long> step(n);
    std::vector<unsigned> reads(n);
    cudaMemcpy(step.data(), dstep, n * sizeof *dstep, cudaMemcpyDeviceToHost);
    cudaMemcpy(reads.data(), dreads, n * sizeof *dreads, cudaMemcpyDeviceToHost);
    if (n < 3) { printf("globaltimer: %d changes seen\n", n); return 1; }
    // the first change is from a partial step: left out
    std::vector<unsigned long long> s(step.begin() + 1, step.end());
    std::vector<unsigned> r(reads.begin() + 1, reads.end());
    std::sort(s.begin(), s.end());
    std::sort(r.begin(), r.end());
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    printf("globaltimer on %s: %d changes seen; step smallest %llu ns, median %llu ns, largest %llu ns; "
           "reads between changes, median %u\n",
           p.name, n - 1, s.front(), s[s.size() / 2], s.back(), r[r.size() / 2]);
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    float ms = 0;
    for (int round = 0; round < 3; round++) {   // the last of three: warm
        cudaEventRecord(e0);
        empty<<<1 << 17, 256>>>();
        cudaEventRecord(e1);
        cudaEventSynchronize(e1);
        cudaEventElapsedTime(&ms, e0, e1);
    }
    printf("empty blocks: 2^17 blocks of 256 threads in %.4f ms: %.1f ns of an SM's time a block (%d SMs)\n", ms,
           ms * 1e6 / (1 << 17) * p.multiProcessorCount, p.multiProcessorCount);
    return 0;
}
