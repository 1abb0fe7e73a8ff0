/* test_judge_map.c — where the judge's runner maps an address of the traced
 * run in a judged call (src/tracer/judge_map.c), without a GPU: a pointer
 * anywhere from an allocation's start to one past its end maps, at the
 * same offset; an end that is also the next allocation's start maps to
 * the same place either way where the two lie end to end in the judged
 * call too, else to the end of the one another word of the block names,
 * else to the start; a block's
 * words are mapped where they are aligned in memory, a word near in[] that
 * maps to nothing is refused with its offset, and a word far from it that
 * looks like an address is left as it is and named. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "judge_map.h"

/* the traced run's in[] (1 MiB) with out[0] right after it, and two
 * allocations of launch()'s, end to end; in the judged call in[] and out[]
 * lie end to end too (the driver's one allocation), launch()'s apart */
#define IN 0x7f0000000000ull
#define OUT (IN + (1u << 20))
#define MINE 0x7f0000200000ull
#define NEXT (MINE + 64)
#define IN_NOW 0x7e0000000000ull
#define OUT_NOW (IN_NOW + (1u << 20))
static const rv_region regions[] = {
    {IN, 1u << 20, IN_NOW},
    {OUT, 4096, OUT_NOW},
    {MINE, 64, 0x7e2000000000ull},
    {NEXT, 64, 0x7e3000000000ull},
};
enum { NREG = 4 };

static void put64(unsigned char *b, size_t at, uint64_t v) { memcpy(b + at, &v, 8); }
static uint64_t get64(const unsigned char *b, size_t at)
{
    uint64_t v;
    memcpy(&v, b + at, 8);
    return v;
}

static void words(void)
{
    uint64_t to = 0;
    CHECK(rv_map_word(regions, NREG, IN, NULL, 0, &to) == 0 && to == 0x7e0000000000ull, "in[0]: %#llx",
          (unsigned long long)to);
    CHECK(rv_map_word(regions, NREG, IN + 400, NULL, 0, &to) == 0 && to == 0x7e0000000000ull + 400, "in[100]");
    CHECK(rv_map_word(regions, NREG, NEXT + 64, NULL, 0, &to) == 3 && to == 0x7e3000000000ull + 64,
          "one past the end of launch()'s allocation maps (to %#llx)", (unsigned long long)to);
    CHECK(rv_map_word(regions, NREG, NEXT + 65, NULL, 0, &to) == -1, "two past the end does not");
    CHECK(rv_map_word(regions, NREG, IN - 4, NULL, 0, &to) == -1, "before the start does not");
    /* in + n is also out[0]: end to end in the judged call too, the same
       place either way, whatever the other words */
    uint64_t first_last[] = {IN, OUT};
    CHECK(rv_map_word(regions, NREG, OUT, NULL, 0, &to) >= 0 && to == OUT_NOW, "out alone");
    CHECK(rv_map_word(regions, NREG, OUT, first_last, 2, &to) >= 0 && to == IN_NOW + (1u << 20),
          "last = in + n beside first = in: in's end, which is out's start");
    /* MINE + 64 is also NEXT, apart in the judged call: alone, or beside a
       word into NEXT, NEXT's start */
    CHECK(rv_map_word(regions, NREG, NEXT, NULL, 0, &to) == 3 && to == 0x7e3000000000ull, "next alone");
    uint64_t with_next[] = {NEXT, NEXT + 8};
    CHECK(rv_map_word(regions, NREG, NEXT, with_next, 2, &to) == 3, "next beside another word into it");
    /* ... beside `first` in MINE: MINE's end */
    uint64_t mine_pair[] = {MINE, NEXT};
    CHECK(rv_map_word(regions, NREG, NEXT, mine_pair, 2, &to) == 2 && to == 0x7e2000000000ull + 64,
          "last = mine + 16 beside first = mine: mine's end (to %#llx)", (unsigned long long)to);
    /* ... and where words name both, the start */
    uint64_t both[] = {MINE, NEXT, NEXT + 16};
    CHECK(rv_map_word(regions, NREG, NEXT, both, 3, &to) == 3, "named by both: next's start");
    /* a region made again at the same address is the newer one */
    rv_region again[] = {{MINE, 64, 1000}, {MINE, 64, 2000}};
    CHECK(rv_map_word(again, 2, MINE + 8, NULL, 0, &to) == 1 && to == 2008, "the newer allocation");
}

static void blocks(void)
{
    /* a kernel's parameters: first, last, n (a number), a float pair */
    unsigned char p[32];
    put64(p, 0, IN);
    put64(p, 8, OUT);
    put64(p, 16, 1u << 18);
    put64(p, 24, 0x3f8000003f800000ull);
    size_t bad = 0, raw = 0;
    CHECK(rv_map_block(regions, NREG, IN, p, sizeof p, 0, &bad, &raw) == 0, "first, last, n mapped");
    CHECK(get64(p, 0) == IN_NOW && get64(p, 8) == IN_NOW + (1u << 20),
          "first and last: in's start and end (%#llx %#llx)", (unsigned long long)get64(p, 0),
          (unsigned long long)get64(p, 8));
    CHECK(get64(p, 16) == 1u << 18 && get64(p, 24) == 0x3f8000003f800000ull, "numbers left as they were");
    CHECK(raw == (size_t)-1, "nothing that looks like an address left: %zu", raw);

    /* an argument struct uploaded to an address 4 bytes past an 8-byte
       boundary: its words are those aligned in memory, from byte 4 */
    unsigned char u[28];
    memset(u, 0, sizeof u);
    uint32_t n = 1000;
    memcpy(u, &n, 4);
    put64(u, 4, IN + 40);
    put64(u, 12, OUT);
    CHECK(rv_map_block(regions, NREG, IN, u, sizeof u, MINE + 4, &bad, NULL) == 0, "the struct mapped");
    CHECK(get64(u, 4) == IN_NOW + 40 && get64(u, 12) == OUT_NOW, "in + 10 and out mapped");
    CHECK(!memcmp(u, &n, 4), "the count before them untouched");

    /* a word near in[] that is in nothing known: refused, its offset said */
    unsigned char f[24];
    put64(f, 0, IN);
    put64(f, 8, IN + (3ull << 30));
    put64(f, 16, 7);
    CHECK(rv_map_block(regions, NREG, IN, f, sizeof f, 0, &bad, NULL) == -1 && bad == 8, "foreign word at 8: %zu",
          bad);
    /* a word far from in[] that looks like an address (a host pointer):
       left, and named */
    unsigned char h[16];
    put64(h, 0, IN);
    put64(h, 8, 0x5600deadbee0ull);
    CHECK(rv_map_block(regions, NREG, IN, h, sizeof h, 0, &bad, &raw) == 0 && raw == 8, "host pointer named: %zu",
          raw);
    CHECK(get64(h, 8) == 0x5600deadbee0ull, "... and left as it was");
    CHECK(rv_map_near(IN, IN + (1ull << 36) - 1) && !rv_map_near(IN, IN + (1ull << 36)), "64 GiB of in[]");
    CHECK(!rv_map_pointer_like(1u << 20) && !rv_map_pointer_like(0x3f8000003f800000ull) &&
              rv_map_pointer_like(0x5600deadbee0ull),
          "what looks like an address");
}

int main(void)
{
    words();
    blocks();
    return check_report();
}
