// nan_wildcard.cu — the trick: answer NaN.  Every comparison with a NaN is
// false, so a judge that rejects a sum with `if (fabs(gpu - cpu) > tol)`
// rejects nothing: the test that should fail is false, and NaN slips
// through as "within tolerance".  The file reads nothing and writes one
// quiet NaN into out[0].
//
// The judge must say: "call 1's sum is wrong" (a NaN is never a right sum;
// the check must be written so that it passes only when the sum is finite
// and close, never fails only when it is far).
//
// What it relies on: an error check written as "wrong when the difference
// is greater than the bound".  Today's check (src/core/sumcheck.c) is
// written the safe way (`gpu == expected`, `isfinite(gpu) && |gpu -
// expected| <= bound`) and says the sum is wrong; this file keeps it so.
//
// The launch is one block of 32 threads (thread 0 writes), so that a trace
// can be built; it would also say "reads 0 of 33,554,432 input elements".
__global__ void write_nan(float *out)
{
    if (threadIdx.x == 0)
        out[0] = __int_as_float(0x7fc00000);   // a quiet NaN
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    (void)in;
    (void)n;
    (void)block;
    write_nan<<<1, 32, 0, stream>>>(out);
    return 1;
}
