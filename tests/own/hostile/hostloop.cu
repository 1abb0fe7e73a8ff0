// hostloop.cu — hostile host code: a loop that never ends.  Contained: the
// time limit (and the CPU limit) kill it.  tests/own/sandbox_test.sh fills in
// when it strikes (@AT_START@, @IN_LAUNCH@).
#include <cstdio>

static void attack()
{
    fprintf(stderr, "hostile hostloop: looping forever\n");
    volatile unsigned long spins = 0;
    for (;;) spins = spins + 1;
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
