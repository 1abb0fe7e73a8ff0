// my_reduce.cu — a student's reduction, written unlike every shipped kernel:
// each thread first adds four elements a block apart, the tree halves shared
// memory down to 64 words, and the last warp finishes with a butterfly of
// __shfl_xor_sync (every lane ends with the sum).  Traced by the tests.
__global__ void my_reduce(const float *in, float *out, unsigned int n)
{
    extern __shared__ float buf[];
    unsigned int t = threadIdx.x;
    unsigned int base = blockIdx.x * blockDim.x * 4 + t;
    float acc = 0.0f;
    for (int k = 0; k < 4; k++) {
        unsigned int i = base + k * blockDim.x;
        if (i < n) acc += in[i];
    }
    buf[t] = acc;
    __syncthreads();
    for (unsigned int half = blockDim.x / 2; half >= 64; half /= 2) {
        if (t < half) buf[t] = buf[t] + buf[t + half];
        __syncthreads();
    }
    if (t < 32) {
        float v = buf[t] + buf[t + 32];
        for (int mask = 16; mask >= 1; mask /= 2)
            v += __shfl_xor_sync(0xffffffffu, v, mask);
        if (t == 0) out[blockIdx.x] = v;
    }
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block * 4 - 1) / (block * 4);
    my_reduce<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    return grid;
}
