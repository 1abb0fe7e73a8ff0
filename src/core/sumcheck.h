/* sumcheck.h — is the GPU's float sum right?  A check that can fail.
 *
 * Integer-valued patterns (ones, mod10, index while every index is a float
 * exactly, i.e. N <= 2^24 + 1) have an exact sum, computed here in integers.
 * When it is at most 2^24, every partial sum of these non-negative integers
 * is an integer no larger than it, so every float addition is exact in any
 * order: the GPU must give exactly that sum, not one unit more or less.
 *
 * Otherwise (random data, or integer sums past 2^24) additions round.  Any
 * order of additions is a tree, and a tree of height h (the most additions
 * on one element's way to the result) keeps the float result within
 * gamma_h = h u / (1 - h u) times the sum of |x| of the exact sum, u = 2^-24
 * (Higham, Accuracy and Stability of Numerical Algorithms, 4.2).  The height
 * follows from N and the threads that read the array: each thread adds its
 * share in a chain, then trees join the threads.  The CPU's double sum, the
 * reference for those patterns, adds its own error (N 2^-53 sum |x|).
 *
 * The judge's data (signed: values in [-1, 1), mean 0) is held to
 * |sum - ref| <= 4 u sum|x| + 2^-30 sum|x|, whatever the order of the
 * additions.  Why that holds for any honest order: an addition rounds by at
 * most u |its result|, and with data of mean 0 a partial sum of m elements
 * is about sqrt(m/3), not m/2; the worst order that does not look at the
 * values is one chain (one thread, or every thread's atomicAdd into one
 * word), whose N roundings, of either sign, add up to about u N / 4 (one
 * standard deviation), an eighth of the bound (sum|x| is about N/2, so the
 * bound is about 2 u N).  Why a guess fails: the sum itself spreads as
 * sqrt(N/3), 3,344 at N = 2^25 against a bound of 4.0 there.  2^-30 sum|x|
 * covers the reference's own double rounding (the driver's: a chain of at
 * most N/2^18 + 1,032 additions).
 */
#ifndef RV_SUMCHECK_H
#define RV_SUMCHECK_H

#include <stdint.h>

#include "data.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The verdict and its reasons, for messages and tests. */
typedef struct rv_sum_verdict {
    int ok;          /* 1: the GPU's sum passes                                  */
    int exact;       /* 1: it had to equal `expected` exactly                    */
    double expected; /* the exact sum, or the CPU's double sum                   */
    double bound;    /* the largest |gpu - expected| allowed (0 when exact)      */
    double height;   /* the addition tree's height the bound assumed             */
} rv_sum_verdict;

/* 1 and the exact sum of elements 0..n-1 in *sum when the pattern is
 * integer-valued and exactly representable as floats at this n; else 0. */
int rv_sum_exact(rv_data data, uint64_t n, uint64_t *sum);

/* An upper bound on the height of the addition tree of a reduction of n
 * elements read by `threads` threads (each adds its share in a chain, a
 * tile's worth more at most, then trees of at most 2 log2(threads) levels
 * join them, across blocks and passes). */
double rv_sum_tree_height(uint64_t n, uint64_t threads);

/* Judges the GPU's sum `gpu` of n elements of `data` read by `threads`
 * threads in the first pass; `cpu` is the CPU's double-precision sum.  For
 * signed data the sum of |x| is computed here (N elements). */
rv_sum_verdict rv_sum_judge(rv_data data, uint64_t n, uint64_t threads, double gpu, double cpu);

/* The same with the sum of |x| given (abs_sum), as the caller computed it
 * beside `cpu`. */
rv_sum_verdict rv_sum_judge_abs(rv_data data, uint64_t n, uint64_t threads, double gpu, double cpu, double abs_sum);

/* What one checked call of a timed run is held to (src/own/records/timed.c and the
 * driver, which knows neither the grid nor the order): |sum - ref| <= the
 * tolerance x sum|x|, 0 meaning exactly (integer data whose sum is at most
 * 2^24).  signed: 4 u + 2^-30; other data: the tree bound with the block as
 * the threads (loose: the grid is not known ahead); INFINITY where no float
 * bound says anything. */
double rv_sum_call_tolerance(rv_data data, uint64_t n, uint64_t threads);

#ifdef __cplusplus
}
#endif

#endif
