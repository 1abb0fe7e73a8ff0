// writes_nothing.cu — a beginner's kernel that reads and adds but never
// stores its sum: each thread loads its element and keeps it in a register.
// Nothing written uses the loads, so the compiler drops them, and block 0
// makes no shared or global access at all, as an empty kernel.  The check
// must end in a verdict (exit 1) that names the rules it breaks: "FAIL
// sum", "FAIL calls" and "FAIL reads" ("reads 0 of 33,554,432 input
// elements": what the GPU read, not what the source says).  Checked on a
// GPU by tests/gpu/cheats.sh (role mistake).
__global__ void reduce(const float *in, float *out, unsigned int n)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    float sum = 0.0f;
    if (i < n)
        sum += in[i]; // never stored: the student forgot out[blockIdx.x] = ...
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    reduce<<<grid, block, 0, stream>>>(in, out, n);
    return 1;
}
