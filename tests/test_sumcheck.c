/* test_sumcheck.c — the GPU sum's check fails when it should: integer data
 * below 2^24 must match exactly (one unit off fails), random data within the
 * rounding bound of the addition tree (a dropped element fails where the
 * bound is tighter than it, and the old 1e-5 tolerance is not what decides);
 * the judge's signed data within its bound in any order (one float chain,
 * pairs, blocks), while a guess (0, a dropped element) fails. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

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

/* The float sum of x[0..n) as one chain (every element into one word, as
 * atomics do), in pairs (a tree), or in blocks of 256 then a chain. */
static float chain(const float *x, uint64_t n)
{
    float s = 0;
    for (uint64_t i = 0; i < n; i++) s += x[i];
    return s;
}

static float pairs(const float *x, uint64_t n)
{
    return n == 1 ? x[0] : pairs(x, n / 2) + pairs(x + n / 2, n - n / 2);
}

static float blocks(const float *x, uint64_t n)
{
    float s = 0;
    for (uint64_t i = 0; i < n; i += 256) s += pairs(x + i, n - i < 256 ? n - i : 256);
    return s;
}

static void test_signed(void)
{
    rv_data sg = {RV_DATA_SIGNED, 42}, rnd = {RV_DATA_RANDOM, 42}, parsed;
    char err[200], name[64];
    int centred = 1;
    for (uint64_t i = 0; i < 100000; i++) {
        float v = rv_data_value(sg, i);
        centred &= v >= -1.0f && v < 1.0f && v == 2.0f * rv_data_value(rnd, i) - 1.0f;
    }
    CHECK(centred, "signed is random stretched to [-1, 1), to the bit");
    CHECK(rv_data_parse("signed:42", &parsed, err, sizeof err) == 0 && parsed.kind == RV_DATA_SIGNED &&
          parsed.seed == 42, "signed:42 parses");
    rv_data_name(parsed, name, sizeof name);
    CHECK(!strcmp(name, "signed:42"), "and is named so: %s", name);
    CHECK(rv_data_parse("signed:-1", &parsed, err, sizeof err) != 0, "a negative seed is refused");
    rv_data a = rv_data_derive(sg, 1), b = rv_data_derive(sg, 2), ones = {RV_DATA_ONES, 0};
    CHECK(a.kind == RV_DATA_SIGNED && a.seed != b.seed && a.seed != sg.seed, "each stream has a seed of its own");
    CHECK(rv_data_derive(sg, 1).seed == a.seed, "and the same one again");
    CHECK(rv_data_derive(ones, 3).kind == RV_DATA_ONES, "a pattern without a seed is its own stream");

    uint64_t n = 1u << 22;
    float *x = malloc(n * sizeof *x);
    rv_data_fill(sg, x, 0, n);
    double ref = 0, mag = 0;
    for (uint64_t i = 0; i < n; i++) ref += x[i], mag += fabs(x[i]);
    rv_sum_verdict v = rv_sum_judge(sg, n, 1, chain(x, n), ref);
    CHECK(v.ok && !v.exact && fabs(v.bound - (4.0 / 16777216.0 + 1.0 / 1073741824.0) * mag) < 1e-9 * mag,
          "one float chain of 2^22 (the worst order) within 4 u sum|x| = %.3g: off by %.3g", v.bound,
          fabs((double)chain(x, n) - ref));
    CHECK(rv_sum_judge(sg, n, 1, pairs(x, n), ref).ok && rv_sum_judge(sg, n, 1, blocks(x, n), ref).ok,
          "pairs and blocks pass too");
    CHECK(fabs(ref) > 20 * v.bound, "the sum (%.1f) is far outside the bound (%.2f) around 0: a guess of 0 fails", ref,
          v.bound);
    CHECK(!rv_sum_judge(sg, n, 1, 0.0, ref).ok && !rv_sum_judge(sg, n, 1, NAN, ref).ok, "0 and NaN fail");
    uint64_t big = 0;
    while (big < n && fabs(x[big]) <= 1.2 * v.bound) big++; /* an element larger than the bound */
    CHECK(big < n && !rv_sum_judge(sg, n, 1, ref - x[big], ref).ok, "one element (%.3f) dropped fails",
          big < n ? x[big] : 0.0f);
    rv_sum_verdict w = rv_sum_judge_abs(sg, n, 1, chain(x, n), ref, mag);
    CHECK(w.ok && w.bound == v.bound, "the sum of |x| given is the one computed");
    free(x);
    CHECK(rv_sum_call_tolerance(ones, 1u << 20, 256) == 0.0, "ones at 2^20: a call's sum exactly");
    CHECK(rv_sum_call_tolerance(sg, 1u << 25, 512) == 4.0 / 16777216.0 + 1.0 / 1073741824.0,
          "signed: 4 u + 2^-30 a unit of sum|x|, whatever N");
    double t = rv_sum_call_tolerance(rnd, 1u << 25, 512);
    CHECK(t > 0 && isfinite(t), "random: the tree bound with the block as the threads (%.3g)", t);
}

int main(void)
{
    test_exact_sums();
    test_integer_exact();
    test_random_bound();
    test_signed();
    return check_report();
}
