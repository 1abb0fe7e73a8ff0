// tree_slot_test.cu — the tree stamp's slot (kernels/waves.cuh) packed as
// the GPU packs it (rv_waves_tree_pack, the words its one store writes, in
// the slot's memory order) and read as the host reads it, no GPU needed:
// the start comes back whole from its low 32 bits and a time before the
// launch, across a wrap of those bits; the end, the SM and the sum's bits
// as stamped; the first exit's span keeps its low 20 bits (a span of a
// millisecond or more wraps to less, a bound from below still); a slot of
// the per-warp stamps (SEEN) or never written is not taken for one; and the
// host's check of the sums against the untraced launch's finds a sum one bit
// off, or 0.0 for -0.0, and looks past slots that are not the tree stamp's.
// Built by nvcc as a host program.
#include <cstdio>
#include <cstring>

#include "waves.cuh"

static int failed;
#define CHECK(c, ...) \
    do { \
        if (!(c)) { \
            failed++; \
            printf("FAIL line %d: ", __LINE__); \
            printf(__VA_ARGS__); \
            printf("\n"); \
        } \
    } while (0)

// the slot after thread 0's store: its 16 bytes at the slot's start, the rest zero
static rv_waves_stamp_slot stamped(unsigned long long start, unsigned long long end, unsigned long long barrier,
                                   uint32_t sm, uint32_t sum)
{
    rv_waves_stamp_slot s;
    memset(&s, 0, sizeof s);
    rv_waves_tree_words k = rv_waves_tree_pack(start, end, barrier, sm, sum);
    memcpy(&s, k.w, sizeof k.w);
    return s;
}

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

int main()
{
    const unsigned long long t0 = 1796027549054516224ull; // an H200's %globaltimer, ns
    const unsigned long long wrap = (t0 | 0xffffffffull) - 999; // 1000 ns before its low 32 bits wrap
    struct {
        unsigned long long before, start, end, barrier;
        uint32_t sm, sum;
    } cases[] = {
        {t0 - 5000, t0, t0 + 2432, t0 + 2208, 0, bits(1.5f)},          // v0's block: 2.4 us, its barrier 2.2 us in
        {t0 - 32, t0 + 32, t0 + 1120, t0 + 32, 131, bits(-0.0f)},       // no barrier reached: the start's own time
        {t0, t0, t0 + 4000000000ull, t0 + 999999, 2047, 0x7fc00001u},   // 4 s long, a NaN's bits kept
        {wrap, wrap + 4000, wrap + 6000, wrap + 5000, 64, bits(3e38f)}, // its start's low bits past the wrap
        {t0 - 4294967000ull, t0, t0 + 64, t0, 1, 0},                    // 4.29 s after the time before
    };
    for (const auto &c : cases) {
        rv_waves_stamp_slot s = stamped(c.start, c.end, c.barrier, c.sm, c.sum);
        CHECK(rv_waves_tree_slot(s), "a tree stamp's slot not told as one");
        rv_waves_tree_times t = rv_waves_tree_unpack(s, c.before);
        CHECK(t.start == c.start && t.end == c.end && t.first == c.barrier && t.sm == c.sm && t.sum == c.sum,
              "read back %llu %llu %llu %u %08x, stamped %llu %llu %llu %u %08x", t.start, t.end, t.first, t.sm, t.sum,
              c.start, c.end, c.barrier, c.sm, c.sum);
    }
    // a barrier 2^20 + 5 ns after the start: its span wraps to 5 ns, below the real one
    rv_waves_tree_times w = rv_waves_tree_unpack(stamped(t0, t0 + 3000000, t0 + (1u << 20) + 5, 7, 0), t0);
    CHECK(w.first == t0 + 5 && w.first >= w.start && w.first <= w.end, "a long span's bound: %llu", w.first - t0);
    // a start whose low 32 bits are all zero is still a stamp (the SEEN bit tells)
    rv_waves_stamp_slot zero = stamped(t0 & ~0xffffffffull, (t0 & ~0xffffffffull) + 64, t0 & ~0xffffffffull, 0, 0);
    CHECK(rv_waves_tree_slot(zero), "a stamp with its start's low bits zero not told as one");
    // the per-warp stamps' slot, and one never written, are not the tree stamp's
    rv_waves_stamp_slot warp = stamped(t0, t0 + 10, t0 + 5, 1, 0);
    warp.flags = RV_WAVES_STAMP_SEEN;
    CHECK(!rv_waves_tree_slot(warp), "a per-warp slot taken for the tree stamp's");
    rv_waves_stamp_slot none;
    memset(&none, 0, sizeof none);
    CHECK(!rv_waves_tree_slot(none), "a slot never written taken for a stamp");
    // the sums: equal bits pass; one bit off, or a zero's sign, is found
    float plain[4] = {1.5f, -0.0f, 3e38f, 7.0f};
    rv_waves_stamp_slot slots[4];
    for (int b = 0; b < 4; b++) slots[b] = stamped(t0, t0 + 100, t0 + 50, (uint32_t)b, bits(plain[b]));
    CHECK(rv_waves_tree_sum_differs(slots, plain, 4) == 4, "equal sums said to differ");
    slots[2] = stamped(t0, t0 + 100, t0 + 50, 2, bits(3e38f) ^ 1u);
    CHECK(rv_waves_tree_sum_differs(slots, plain, 4) == 2, "a sum one bit off not found");
    slots[2] = stamped(t0, t0 + 100, t0 + 50, 2, bits(3e38f));
    slots[1] = stamped(t0, t0 + 100, t0 + 50, 1, bits(0.0f));
    CHECK(rv_waves_tree_sum_differs(slots, plain, 4) == 1, "0.0 taken for -0.0");
    slots[1] = warp; // a per-warp slot: its sum is not in it
    slots[3] = none; // never written
    CHECK(rv_waves_tree_sum_differs(slots, plain, 4) == 4, "a slot not the tree stamp's held to a sum");
    printf("%s: tree stamp's slot, %d failed\n", failed ? "FAIL" : "PASS", failed);
    return failed != 0;
}
