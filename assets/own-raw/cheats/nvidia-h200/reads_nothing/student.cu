// reads_nothing.cu — the trick: never read in[] at all; write n into out[0].
// On all-ones data (the default of `reducevis trace`, and of any judge that
// only checks with ones) n IS the sum, exactly, at every n.
//
// The judge must say: "reads 0 of 33,554,432 input elements" (at n = 2^25;
// the count in the judge's own format), and on any data but ones "call 1's
// sum is wrong".
//
// What it relies on: a judge that checks the sum on data whose sum can be
// guessed from n alone (ones; index, whose sum is n (n - 1) / 2, would do as
// well with another formula), and does not count the reads.
//
// Under today's driver: `trace` (ones) says the sum is right; the trace is
// one launch of one block of 32 threads, whose thread 0 stores one word and
// reads nothing.  The launch has 32 threads, not 1, so that the trace can be
// built at all (reducevis shows blocks of 32 .. 1024 threads).
__global__ void write_n(float *out, unsigned int n)
{
    if (threadIdx.x == 0)
        out[0] = (float)n;
}

unsigned int launch(const float *in, float *out, unsigned int n, unsigned int block, cudaStream_t stream)
{
    (void)in;
    (void)block;
    write_n<<<1, 32, 0, stream>>>(out, n);
    return 1;
}
