// kernel_corrupt.cu — a hostile kernel that writes where it must not: far
// past out[], and through an address it made up.  Contained (on a GPU,
// tests/gpu/sandbox.sh): the kernel fails with an illegal address, the
// program dies with it, and the GPU traces the next file as before.
__global__ void corrupt(const float *in, float *out, unsigned int n)
{
    unsigned long long far = (unsigned long long)blockIdx.x * (1ull << 34) + threadIdx.x;
    out[far] = in[threadIdx.x];
    float *wild = (float *)(0xdead0000ull + 4096ull * threadIdx.x);
    *wild = 1.0f;
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    corrupt<<<grid, block, 0, stream>>>(in, out, n);
    return grid;
}
