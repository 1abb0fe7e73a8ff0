// atomic_shared_int.cu — the same one-word atomic as atomic_shared_float.cu,
// but on an int: each element is rounded to an integer and added with
// atomicAdd into one shared int.
//
// The idiom: counting (histograms, "how many elements pass a test") is where
// shared integer atomics live; summing integers this way is its simplest
// case.  Rounding every float to an int is only a correct sum when the data
// ARE integers, such as reducevis's default data (ones); other data give a
// wrong sum here, on purpose not hidden.
//
// What to notice: an integer atomicAdd to one shared address from a whole
// warp compiles to a warp-wide REDUX.SUM (the 32 lanes' values added in
// registers) and then a single ATOMS.ADD per warp: one shared-memory atomic
// request per warp instead of 32, and no retry loop, unlike the float
// version.  Compare the two traces' shared atomic counts.
__global__ void int_atomic_sum(const float *in, float *out, unsigned int n)
{
    __shared__ int count;
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + tid;

    if (tid == 0)
        count = 0;
    __syncthreads();

    if (i < n)
        atomicAdd(&count, __float2int_rn(in[i]));
    __syncthreads();

    if (tid == 0)
        out[blockIdx.x] = (float)count;
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    int_atomic_sum<<<grid, block, 0, stream>>>(in, out, n);
    return grid;
}
