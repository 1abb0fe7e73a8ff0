// xor_swizzle.cu — v1's strided tree again (see padding.cu), this time with
// the words permuted instead of padded: word i is stored at
// i ^ ((i / 32) % 32), its bank XOR-ed with its row number.
//
// The idiom: the swizzled layouts of CUTLASS and of tensor-core kernels:
// no wasted words, the array keeps its size, and every index goes through
// the same permutation (here the XOR only changes the low five bits, so a
// word stays in its row of 32).
//
// What to notice: lanes whose words were 2*s apart in one bank now differ
// in their row, and the XOR sends them to different banks: the tree's
// requests are conflict-free for blocks up to 1024 (compare with v1's
// wavefronts, and with padding.cu, which gets the same with spare words).
// The permutation is undone nowhere: the sum ends in word 0, which the XOR
// leaves in place.
__device__ __forceinline__ unsigned int swz(unsigned int i)
{
    return i ^ ((i >> 5) & 31u);
}

__global__ void reduce_swizzled(const float *in, float *out, unsigned int n)
{
    extern __shared__ float sdata[];   // blockDim.x words, no padding
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + tid;

    sdata[swz(tid)] = i < n ? in[i] : 0.0f;
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x)
            sdata[swz(index)] += sdata[swz(index + s)];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[swz(0)];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    reduce_swizzled<<<grid, block, block * sizeof(float), stream>>>(in, out, n);
    return grid;
}
