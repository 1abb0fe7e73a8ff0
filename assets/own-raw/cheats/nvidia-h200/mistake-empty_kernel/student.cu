// empty_kernel.cu — a beginner's first attempt: the kernel's body is empty,
// so no block makes a shared or global access, and out[0] keeps whatever it
// held.  Not a cheat, a mistake: the check must end in a verdict that names
// the rules it breaks (exit 1): "FAIL sum", "FAIL calls" (every judged
// call's sum is wrong) and "FAIL reads" ("reads 0 of 33,554,432 input
// elements"), with a picture of block 0 that says it made no access.  A
// file that does not compile, or a damaged recording, is still an error
// (exit 2).  Checked on a GPU by tests/gpu/cheats.sh (role mistake).
__global__ void reduce(const float *in, float *out, unsigned int n)
{
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    unsigned int grid = (n + block - 1) / block;
    reduce<<<grid, block, 0, stream>>>(in, out, n);
    return 1;
}
