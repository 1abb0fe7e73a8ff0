// flood.cu — hostile host code: prints a gigabyte.  Contained: the output
// limit stops it at 2 MiB.  tests/own/sandbox_test.sh fills in when it
// strikes (@AT_START@, @IN_LAUNCH@).
#include <cstdio>
#include <cstring>

static void attack()
{
    static char line[4096];
    memset(line, 'y', sizeof line - 1);
    line[sizeof line - 1] = '\n';
    for (long i = 0; i < (1L << 30) / (long)sizeof line; i++) fwrite(line, 1, sizeof line, stdout);
    fprintf(stderr, "hostile flood: printed a gigabyte\n");
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
