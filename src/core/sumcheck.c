/* sumcheck.c — the GPU sum's check: exact for integer data that stays
 * below 2^24, for the judge's signed data a bound of any order's rounding,
 * a rounding bound from the addition tree's height otherwise. */
#include "sumcheck.h"

#include <math.h>

#define RV_FLOAT_EXACT     16777216.0                 /* 2^24: every integer up to it is a float */
#define RV_UNIT_FLOAT      (1.0 / 16777216.0)         /* u = 2^-24, float's unit roundoff       */
#define RV_UNIT_DOUBLE     (1.0 / 9007199254740992.0) /* 2^-53                          */
/* What a thread may add beyond its even share: a tile of float4s (v8's
 * four rows of four), the four lanes of a float4, a few accumulators joined. */
#define RV_SUM_CHAIN_SLACK 32.0
/* signed data: |sum - ref| <= (4 u + 2^-30) sum|x| (sumcheck.h says why) */
#define RV_SUM_SIGNED_TOL  (4.0 * RV_UNIT_FLOAT)
#define RV_SUM_REF_TOL     (1.0 / 1073741824.0)

int rv_sum_exact(rv_data data, uint64_t n, uint64_t *sum)
{
    switch (data.kind) {
    case RV_DATA_ONES: *sum = n; return 1;
    case RV_DATA_MOD10: {
        uint64_t full = n / 10, rest = n % 10;
        *sum = 45 * full + (rest ? rest * (rest - 1) / 2 : 0); /* 0+1+...+9 a decade, then 0..rest-1 */
        return 1;
    }
    case RV_DATA_INDEX:
        /* the largest index, n - 1, must be a float exactly */
        if (n > (uint64_t)RV_FLOAT_EXACT + 1) return 0;
        *sum = n * (n - 1) / 2;
        return 1;
    default: return 0;
    }
}

double rv_sum_tree_height(uint64_t n, uint64_t threads)
{
    if (threads == 0) threads = 1;
    double share = ceil((double)n / (double)threads);
    double levels = ceil(log2((double)threads));
    return share + RV_SUM_CHAIN_SLACK + 2.0 * levels + 2.0;
}

rv_sum_verdict rv_sum_judge(rv_data data, uint64_t n, uint64_t threads, double gpu, double cpu)
{
    double abs_sum = fabs(cpu);
    if (data.kind == RV_DATA_SIGNED) {
        abs_sum = 0;
        for (uint64_t i = 0; i < n; i++) abs_sum += fabs((double)rv_data_value(data, i));
    }
    return rv_sum_judge_abs(data, n, threads, gpu, cpu, abs_sum);
}

/* The height-based bound's factor of sum|x| (INFINITY: none). */
static double tree_tolerance(double height)
{
    double hu = height * RV_UNIT_FLOAT;
    return hu >= 1.0 ? INFINITY : hu / (1.0 - hu);
}

rv_sum_verdict rv_sum_judge_abs(rv_data data, uint64_t n, uint64_t threads, double gpu, double cpu, double abs_sum)
{
    rv_sum_verdict v = {0, 0, cpu, 0.0, rv_sum_tree_height(n, threads)};
    uint64_t exact;
    int integer = rv_sum_exact(data, n, &exact);
    if (integer) v.expected = (double)exact;
    if (integer && v.expected <= RV_FLOAT_EXACT) {
        v.exact = 1;
        v.ok = gpu == v.expected;
        return v;
    }
    if (data.kind == RV_DATA_SIGNED) {
        v.bound = (RV_SUM_SIGNED_TOL + RV_SUM_REF_TOL) * abs_sum;
    } else {
        /* The other patterns are non-negative: the sum of |x| is the sum. */
        abs_sum = fabs(v.expected);
        v.bound = tree_tolerance(v.height) * abs_sum; /* INFINITY: a tree far too tall */
        if (!integer && isfinite(v.bound)) v.bound += (double)n * RV_UNIT_DOUBLE * abs_sum; /* the CPU's own rounding */
    }
    v.ok = isfinite(gpu) && fabs(gpu - v.expected) <= v.bound;
    return v;
}

double rv_sum_call_tolerance(rv_data data, uint64_t n, uint64_t threads)
{
    uint64_t exact;
    if (rv_sum_exact(data, n, &exact) && (double)exact <= RV_FLOAT_EXACT) return 0.0;
    if (data.kind == RV_DATA_SIGNED) return RV_SUM_SIGNED_TOL + RV_SUM_REF_TOL;
    return tree_tolerance(rv_sum_tree_height(n, threads)) + RV_SUM_REF_TOL;
}
