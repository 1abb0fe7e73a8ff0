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
    int    ok;        /* 1: the GPU's sum passes                                  */
    int    exact;     /* 1: it had to equal `expected` exactly                    */
    double expected;  /* the exact sum, or the CPU's double sum                   */
    double bound;     /* the largest |gpu - expected| allowed (0 when exact)      */
    double height;    /* the addition tree's height the bound assumed             */
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
 * threads in the first pass; `cpu` is the CPU's double-precision sum. */
rv_sum_verdict rv_sum_judge(rv_data data, uint64_t n, uint64_t threads, double gpu, double cpu);

#ifdef __cplusplus
}
#endif

#endif
