// half.cu — a guess from a sample: every thread reads only the even elements
// and counts each twice.  Right on average, wrong by about sqrt(N/3) on each
// input: the timed calls' sums fail, and half the elements are never read.
__global__ void even_twice(const float *in, float *out, unsigned int n)
{
    float s = 0.0f;
    for (unsigned int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x); i < n; i += 2 * gridDim.x * blockDim.x)
        s += 2.0f * in[i];
    atomicAdd(out, s);
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    cudaMemsetAsync(out, 0, sizeof(float), stream);
    even_twice<<<264, block, 0, stream>>>(in, out, n);
    return 1;
}
