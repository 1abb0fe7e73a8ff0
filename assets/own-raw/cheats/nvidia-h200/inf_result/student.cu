// inf_result.cu — the trick: answer +infinity.  A relative check written as
// `fabs(gpu - cpu) <= tol * fabs(gpu)` (the tolerance scaled by the GPU's
// own answer, or by max(|gpu|, |cpu|)) becomes inf <= inf, which is true:
// an infinite sum is "within tolerance" of anything.  The file reads
// nothing and writes +inf into out[0].
//
// The judge must say: "call 1's sum is wrong" (an infinite sum is never
// right for finite data; the tolerance must come from the data and the
// expected sum, never from the value under test).
//
// What it relies on: a relative tolerance that scales with the answer being
// judged.  Today's check (src/core/sumcheck.c) scales with the expected sum
// and requires isfinite(gpu), and says the sum is wrong; this file keeps it
// so.  (Also "reads 0 of 33,554,432 input elements".)
__global__ void write_inf(float *out)
{
    if (threadIdx.x == 0)
        out[0] = __int_as_float(0x7f800000);   // +inf
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    (void)in;
    (void)n;
    (void)block;
    write_inf<<<1, 32, 0, stream>>>(out);
    return 1;
}
