/* test_sumcheck.c — the GPU sum's check fails when it should: integer data
 * below 2^24 must match exactly (one unit off fails), random data within the
 * rounding bound of the addition tree (a dropped element fails where the
 * bound is tighter than it, and the old 1e-5 tolerance is not what decides). */
#include <math.h>

#include "check.h"
#include "core/data.h"
#include "core/sumcheck.h"

static double cpu_sum(rv_data d, uint64_t n)
{
    double s = 0.0;
    for (uint64_t i = 0; i < n; i++) s += rv_data_value(d, i);
    return s;
}

/* The exact sums match a plain loop (in double, exact at these sizes). */
static void test_exact_sums(void)
{
    const rv_data pats[] = {{RV_DATA_ONES, 0}, {RV_DATA_MOD10, 0}, {RV_DATA_INDEX, 0}};
    const uint64_t ns[] = {1, 2, 9, 10, 11, 19, 1000003, 1u << 20};
    for (size_t p = 0; p < 3; p++)
        for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
            uint64_t exact = 0;
            CHECK(rv_sum_exact(pats[p], ns[k], &exact), "pattern %d is integer-valued", (int)pats[p].kind);
            CHECK((double)exact == cpu_sum(pats[p], ns[k]), "pattern %d N=%llu: %llu vs %.17g", (int)pats[p].kind,
                  (unsigned long long)ns[k], (unsigned long long)exact, cpu_sum(pats[p], ns[k]));
        }
    uint64_t s;
    rv_data random = {RV_DATA_RANDOM, 1}, index = {RV_DATA_INDEX, 0};
    CHECK(!rv_sum_exact(random, 100, &s), "random data has no integer sum");
    CHECK(rv_sum_exact(index, (1u << 24) + 1, &s), "index up to 2^24 is a float exactly");
    CHECK(!rv_sum_exact(index, (1u << 24) + 2, &s), "index 2^24 + 1 is not a float");
    CHECK(rv_sum_exact(index, 1u << 31, &s) == 0, "index at 2^31 is rounded");
}

/* ones at 2^20 (the case: 1e-5 accepted +-10): exactly, or fail. */
static void test_integer_exact(void)
{
    rv_data ones = {RV_DATA_ONES, 0}, mod10 = {RV_DATA_MOD10, 0};
    uint64_t n = 1u << 20;
    rv_sum_verdict v = rv_sum_judge(ones, n, 4096, (double)n, (double)n);
    CHECK(v.ok && v.exact && v.bound == 0.0, "ones at 2^20 exact: ok %d exact %d", v.ok, v.exact);
    CHECK(!rv_sum_judge(ones, n, 4096, (double)n + 1, (double)n).ok, "one unit too many fails");
    CHECK(!rv_sum_judge(ones, n, 4096, (double)n - 10, (double)n).ok, "ten short fails (1e-5 let it through)");
    /* even when the CPU's reference were wrong, the exact sum decides */
    /* 2^20 = 104857 decades and 0+1+..+5: 4718580 */
    CHECK(!rv_sum_judge(mod10, n, 4096, 4718588.0, 4718588.0).ok, "mod10's sum is 4718580, not what the CPU says");
    CHECK(rv_sum_judge(mod10, n, 4096, 4718580.0, 0.0).ok, "mod10 at 2^20 is 4718580");
    CHECK(!rv_sum_judge(ones, n, 4096, NAN, (double)n).ok, "NaN never passes");
    /* past 2^24 integer sums round: a bound, but around the exact sum */
    uint64_t big = 1u << 26;
    rv_sum_verdict b = rv_sum_judge(ones, big, 1u << 18, (double)big, 0.0);
    CHECK(b.ok && !b.exact && b.bound > 0.0 && b.expected == (double)big, "ones at 2^26: a bound around 2^26");
}

/* random: inside the bound passes, outside fails, and the bound follows
 * the tree's height (N over threads), not a fixed tolerance. */
static void test_random_bound(void)
{
    rv_data r = {RV_DATA_RANDOM, 1};
    uint64_t n = 1000003;
    double cpu = cpu_sum(r, n);
    /* a float sum in a tree: what a GPU with a million threads would get */
    rv_sum_verdict v = rv_sum_judge(r, n, n, (double)(float)cpu, cpu);
    CHECK(v.ok && !v.exact, "the rounded sum passes");
    CHECK(v.bound < 1e-5 * cpu, "a tree of height %.0f is held tighter than 1e-5 (bound %.3g, 1e-5: %.3g)", v.height,
          v.bound, 1e-5 * cpu);
    CHECK(!rv_sum_judge(r, n, n, cpu + 2.0 * v.bound, cpu).ok, "twice the bound fails");
    CHECK(!rv_sum_judge(r, n, n, cpu - 5.0, cpu).ok, "ten elements (about 5) dropped fail");
    double small = cpu_sum(r, 4099);
    CHECK(!rv_sum_judge(r, 4099, 4099, small - 0.5, small).ok, "at N = 4099 one element (0.5) dropped fails");
    /* fewer threads, longer chains: a looser bound */
    rv_sum_verdict few = rv_sum_judge(r, n, 1024, cpu, cpu);
    CHECK(few.height > v.height && few.bound > v.bound, "1024 threads: height %.0f > %.0f", few.height, v.height);
    CHECK(rv_sum_tree_height(1u << 30, 270336) >= (double)((1u << 30) / 270336), "a thread's share is in the height");
    CHECK(rv_sum_tree_height(10, 0) >= 10.0, "no threads counts as one");
    /* a tree too tall for any float bound: nothing passes on trust */
    rv_sum_verdict tall = rv_sum_judge(r, 1ull << 31, 1, cpu, cpu);
    CHECK(!isfinite(tall.bound), "height past 2^24: no bound");
}

int main(void)
{
    test_exact_sums();
    test_integer_exact();
    test_random_bound();
    return check_report();
}
