// redefined_timers.cu — the trick: a slow kernel, and the clocks lied to.
// The file defines clock_gettime() itself (the C library is shared, so the
// driver's host clocks call this one), and the clocks read a tenth of the
// real time.  (cudaEventElapsedTime() and cudaEventRecord() cannot be
// defined the same way: the CUDA runtime is linked statically, and a second
// definition does not link, which check says as a compile error.)  The kernel is honest but slow:
// one block of `block` threads sums the whole array.
//
// The judge must say: "FAIL fast" (exercise 5; the judge's runner times the
// calls with its own clocks, in a process the student's definitions never
// enter), with every call's sum right.
//
// What it relies on: a judge that times calls inside the student's own
// program, whose symbols the student's file may define first.
#include <ctime>
#include <dlfcn.h>

extern "C" int clock_gettime(clockid_t id, struct timespec *t) noexcept
{
    static int (*real)(clockid_t, struct timespec *) =
        (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
    static struct timespec first;
    static bool have = false;
    int rc = real(id, t);
    if (!have) first = *t, have = true;
    long long ns = ((long long)(t->tv_sec - first.tv_sec) * 1000000000LL + (t->tv_nsec - first.tv_nsec)) / 10;
    t->tv_sec = first.tv_sec + ns / 1000000000LL;
    t->tv_nsec = first.tv_nsec + ns % 1000000000LL;
    if (t->tv_nsec >= 1000000000L) t->tv_sec++, t->tv_nsec -= 1000000000L;
    return rc;
}

__global__ void one_block(const float *in, float *out, unsigned int n)
{
    extern __shared__ float s[];
    float t = 0;
    for (unsigned int i = threadIdx.x; i < n; i += blockDim.x) t += in[i];
    s[threadIdx.x] = t;
    __syncthreads();
    for (unsigned int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[0] = s[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    one_block<<<1, block, block * sizeof(float), stream>>>(in, out, n);
    return 1;
}
