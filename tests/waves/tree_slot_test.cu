// tree_slot_test.cu — the tree stamp's slot (kernels/waves.cuh) packed as
// the GPU packs it and read as the host reads it, no GPU needed: the
// start, the end and the SM come back as stamped; the first exit's span
// keeps its low 20 bits (a span of a millisecond or more wraps to less, a
// bound from below still); a slot of the per-warp stamps (SEEN) or never
// written is not taken for one.  Built by nvcc as a host program.
#include <cstdio>

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

// the slot thread 0 writes: ~start, then the word, the rest left zero
static rv_waves_stamp_slot stamped(unsigned long long start, unsigned long long end, unsigned long long barrier,
                                   uint32_t sm)
{
    rv_waves_stamp_slot s = {};
    s.nstart = ~start;
    s.nfirst = rv_waves_tree_word((uint32_t)(end - start), (uint32_t)(barrier - start), sm);
    return s;
}

int main()
{
    const unsigned long long t0 = 1796027549054516224ull; // an H200's %globaltimer, ns
    struct {
        unsigned long long start, end, barrier;
        uint32_t sm;
    } cases[] = {
        {t0, t0 + 2432, t0 + 2208, 0},             // v0's block: about 2.4 us, its first barrier 2.2 us in
        {t0 + 32, t0 + 1120, t0 + 32, 131},        // no barrier reached: the start's own time
        {t0, t0 + 4000000000ull, t0 + 999999, 4095}, // a span of 4 s, a barrier under 2^20 ns in
    };
    for (const auto &c : cases) {
        rv_waves_stamp_slot s = stamped(c.start, c.end, c.barrier, c.sm);
        CHECK(rv_waves_tree_slot(s), "a tree stamp's slot not told as one");
        rv_waves_tree_times t = rv_waves_tree_unpack(s);
        CHECK(t.start == c.start && t.end == c.end && t.first == c.barrier && t.sm == c.sm,
              "read back %llu %llu %llu %u, stamped %llu %llu %llu %u", t.start, t.end, t.first, t.sm, c.start,
              c.end, c.barrier, c.sm);
    }
    // a barrier 2^20 + 5 ns after the start: its span wraps to 5 ns, below the real one
    rv_waves_tree_times w = rv_waves_tree_unpack(stamped(t0, t0 + 3000000, t0 + (1u << 20) + 5, 7));
    CHECK(w.first == t0 + 5 && w.first >= w.start && w.first <= w.end, "a long span's bound: %llu", w.first - t0);
    // the per-warp stamps' slot, and one never written, are not the tree stamp's
    rv_waves_stamp_slot warp = stamped(t0, t0 + 10, t0 + 5, 1);
    warp.flags = RV_WAVES_STAMP_SEEN;
    CHECK(!rv_waves_tree_slot(warp), "a per-warp slot taken for the tree stamp's");
    rv_waves_stamp_slot none = {};
    CHECK(!rv_waves_tree_slot(none), "a slot never written taken for a stamp");
    printf("%s: tree stamp's slot, %d failed\n", failed ? "FAIL" : "PASS", failed);
    return failed ? 1 : 0;
}
