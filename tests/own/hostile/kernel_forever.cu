// kernel_forever.cu — a hostile kernel that never ends: every thread spins.
// Contained (on a GPU, tests/gpu/sandbox.sh): the time limit kills the
// sandbox, the GPU is free again for the next file.
__global__ void forever(const float *in, float *out, unsigned int n)
{
    volatile float x = in[0];
    while (x == x) x = x + 1.0f;  /* NaN never comes: x == x holds for every float reached */
    out[blockIdx.x] = x;
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + 2 * block - 1) / (2 * block);
    forever<<<grid, block, 0, stream>>>(in, out, n);
    return grid;
}
