// bigalloc.cu — hostile host code: asks for 100 GB at once, then in 1 GiB
// pieces (never touched, so that a missing limit costs no memory).
// Contained: the memory limit refuses both.  tests/own/sandbox_test.sh fills
// in when it strikes (@AT_START@, @IN_LAUNCH@).
#include <cstdio>
#include <cstdlib>

static void attack()
{
    void *p = malloc(100ull << 30);
    fprintf(stderr, "hostile bigalloc: 100 GB at once: %s\n", p ? "GRANTED" : "refused");
    int got = 0;
    while (got < 100 && malloc(1ull << 30)) got++;
    fprintf(stderr, "hostile bigalloc: %d GiB in 1 GiB pieces, then %s\n", got, got < 100 ? "refused" : "NEVER refused");
}

__attribute__((constructor)) static void at_start()
{
    if (@AT_START@) attack();
}

__global__ void sum_blocks(const float *in, float *out, unsigned int n)
{
    __shared__ float s[1024];
    unsigned int t = threadIdx.x, i = blockIdx.x * blockDim.x * 2 + t;
    s[t] = (i < n ? in[i] : 0.0f) + (i + blockDim.x < n ? in[i + blockDim.x] : 0.0f);
    __syncthreads();
    for (unsigned int h = blockDim.x / 2; h > 0; h /= 2) {
        if (t < h) s[t] += s[t + h];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    static bool struck = false;
    if (@IN_LAUNCH@ && !struck) struck = true, attack();
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    sum_blocks<<<grid, block, 0, stream>>>(in, out, n);
    return grid;
}
