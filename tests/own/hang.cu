// hang.cu — a kernel that never finishes: __syncthreads() inside a branch
// that only half the block takes, so the other half never arrives (and the
// waiting half loops forever for good measure).  `reducevis trace` must stop it.
__global__ void stuck(const float *in, float *out, unsigned int n)
{
    extern __shared__ float s[];
    unsigned int t = threadIdx.x;
    s[t] = t < n ? in[t] : 0.0f;
    if (t < blockDim.x / 2) {
        __syncthreads();
        while (s[0] >= 0.0f) s[t] += 1.0f;
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    stuck<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    return grid;
}
