/* judge_map.c — the traced run's addresses made a judged call's
 * (judge_map.h). */
#include "judge_map.h"

#include <string.h>

int rv_map_near(uint64_t anchor, uint64_t v)
{
    uint64_t d = v > anchor ? v - anchor : anchor - v;
    return d < RV_MAP_NEAR_BYTES;
}

int rv_map_pointer_like(uint64_t v) { return v % 4 == 0 && v >= (1ull << 32) && v < (1ull << 47); }

static int inside(const rv_region *r, uint64_t v) { return r->bytes && v >= r->base && v - r->base < r->bytes; }

/* Whether a word of ctx other than v points inside r. */
static int named_by(const rv_region *r, uint64_t v, const uint64_t *ctx, size_t nctx)
{
    for (size_t i = 0; i < nctx; i++)
        if (ctx[i] != v && inside(r, ctx[i])) return 1;
    return 0;
}

int rv_map_word(const rv_region *r, int n, uint64_t v, const uint64_t *ctx, size_t nctx, uint64_t *to)
{
    int start = -1, end = -1;
    /* the latest region first: an address freed and made again is the newer one's */
    for (int i = n - 1; i >= 0; i--) {
        if (start < 0 && inside(&r[i], v)) start = i;
        if (end < 0 && r[i].bytes && v == r[i].base + r[i].bytes) end = i;
    }
    int k = start;
    /* an end that is also a start: the same place in the judged call where
       the two lie end to end there too (the driver's in[] and out[]);
       else the end of the one another word names, and not the other */
    if (end >= 0 && start >= 0 && r[end].to + r[end].bytes == r[start].to)
        k = start;
    else if (end >= 0 && (start < 0 || (named_by(&r[end], v, ctx, nctx) && !named_by(&r[start], v, ctx, nctx))))
        k = end;
    if (k < 0) return -1;
    *to = r[k].to + (v - r[k].base);
    return k;
}

int rv_map_block(const rv_region *r, int n, uint64_t anchor, unsigned char *bytes, size_t len, uint64_t dst,
                 size_t *bad, size_t *raw)
{
    size_t first = (8 - dst % 8) % 8, nwords = len > first ? (len - first) / 8 : 0;
    uint64_t ctx[512]; /* the words as they were, for ends that are starts: a block of up to 4 KiB */
    size_t nctx = nwords < sizeof ctx / sizeof ctx[0] ? nwords : sizeof ctx / sizeof ctx[0];
    for (size_t i = 0; i < nctx; i++) memcpy(&ctx[i], bytes + first + 8 * i, 8);
    if (raw) *raw = (size_t)-1;
    for (size_t i = 0; i < nwords; i++) {
        size_t at = first + 8 * i;
        uint64_t v, to;
        memcpy(&v, bytes + at, 8);
        if (!v) continue;
        if (rv_map_word(r, n, v, ctx, nctx, &to) >= 0) {
            memcpy(bytes + at, &to, 8);
        } else if (rv_map_near(anchor, v)) {
            *bad = at;
            return -1;
        } else if (raw && *raw == (size_t)-1 && rv_map_pointer_like(v)) {
            *raw = at;
        }
    }
    return 0;
}
