// padding.cu — v1's strided tree (thread t adds word 2*s*t and word
// 2*s*t + s), with one unused word after every 32: word i is stored at
// sdata[i + i/32].
//
// The idiom: "pad the shared array", the cure for bank conflicts that the
// matrix-transpose examples teach (tile[32][33]).  Bank = word % 32; v1's
// lanes touch words 2*s apart, so 2, 4, 8... lanes share a bank.  With one
// word of padding per 32, each row of 32 words is shifted one bank further
// than the row before, and the lanes that met in one bank now land in
// different ones.
//
// What to notice: the same additions as v1 in the same steps, but each
// request in the tree is 1-way (conflict-free) for blocks up to 1024: compare
// the wavefronts with v1's.  It costs blockDim.x / 32 words of shared memory
// and an add and a shift for every index; exercise 2's answer (sequential
// addressing) removes the conflicts without either.
#define PAD(i) ((i) + ((i) >> 5))

__global__ void reduce_padded(const float *in, float *out, unsigned int n)
{
    extern __shared__ float sdata[];   // blockDim.x + blockDim.x / 32 words
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + tid;

    sdata[PAD(tid)] = i < n ? in[i] : 0.0f;
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x)
            sdata[PAD(index)] += sdata[PAD(index + s)];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    size_t smem = (block + block / 32) * sizeof(float);
    reduce_padded<<<grid, block, smem, stream>>>(in, out, n);
    return grid;
}
