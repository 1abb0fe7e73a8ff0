// constant.cu — the trick of the issue: read nothing, write N into out[0].
// On data of ones (check's data before it drew its own) that is the sum and
// it passed exercise 5; on the judge's data (signed:SEED, sum near 0) every
// call's sum is wrong, and the tracer counts no element read.
__global__ void write_n(float *out, unsigned int n)
{
    out[0] = (float)n;
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    write_n<<<1, 1, 0, stream>>>(out, n);
    return 1;
}
