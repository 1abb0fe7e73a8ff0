// does_not_compile.cu — a typo nvcc reports with this file's name and line.
__global__ void reduce_typo(const float *in, float *out, unsigned int n)
{
    extern __shared__ float s[];
    unsigned int t = threadIdx.x;
    s[t] = in[t] + undeclared_name;
    __syncthreads();
    if (t == 0) out[blockIdx.x] = s[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    reduce_typo<<<1, block, block * sizeof(float), stream>>>(in, out, n);
    return 1;
}
