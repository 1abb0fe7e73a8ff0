/* waves_file.c — the trace file's waves section (waves.h,
 * docs/trace-format.md): little-endian, field by field, every length checked
 * against the bytes left before anything is allocated from it, and the
 * whole validated (rv_waves_validate) before it is handed back.  Written in
 * the fourth layout, whose blocks are packed (each field the difference
 * from the block before, in the clock's own step, as a variable-length
 * integer: some 7 bytes a block where the others take 40); the first layouts
 * are read as they were written. */
#include "waves.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "status.h"

#define LAUNCH_BYTES  (4 * 16)
#define LAUNCH3_BYTES (LAUNCH_BYTES + 4 + 4 + 8 + 8) /* RVTWAVE3: how, repeats, plain and waves ns */
#define BLOCK_BYTES   40
#define LAUNCH4_BYTES (LAUNCH3_BYTES + 8 + 4 + 4) /* RVTWAVE4: the time base, the tick, the packed bytes */
#define PACKED_FIELDS 7                           /* a packed block's integers, one byte each at least */

typedef struct wb {
    uint8_t *p;
    size_t len, cap;
    int oom;
} wb;

static void put_u(wb *w, uint64_t v, int bytes)
{
    if (w->oom) return;
    if (w->len + (size_t)bytes > w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 4096;
        while (cap < w->len + (size_t)bytes) cap *= 2;
        uint8_t *p = realloc(w->p, cap);
        if (!p) {
            w->oom = 1;
            return;
        }
        w->p = p, w->cap = cap;
    }
    for (int i = 0; i < bytes; i++) w->p[w->len++] = (uint8_t)(v >> (8 * i));
}

double rv_waves_overhead(const rv_waves *w)
{
    return w->plain_ns && w->waves_ns ? (double)w->waves_ns / (double)w->plain_ns : 0.0;
}

int rv_waves_section_at(const uint8_t *p, size_t len)
{
    return len >= 8 && (memcmp(p, RV_WAVES_SECTION_MAGIC, 8) == 0 || memcmp(p, RV_WAVES_SECTION_MAGIC3, 8) == 0 ||
                        memcmp(p, RV_WAVES_SECTION_MAGIC4, 8) == 0 || memcmp(p, RV_WAVES_SECTION_MAGIC5, 8) == 0);
}

/* Zigzag: a signed difference as an unsigned integer, small either way. */
static uint64_t zig(int64_t v) { return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63); }
static int64_t unzig(uint64_t v) { return (int64_t)(v >> 1) ^ -(int64_t)(v & 1); }

/* Unsigned LEB128: seven bits a byte, the high bit saying more follow. */
static void put_var(wb *w, uint64_t v)
{
    do {
        put_u(w, (v & 0x7f) | (v > 0x7f ? 0x80 : 0), 1);
        v >>= 7;
    } while (v);
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b, b = t;
    }
    return a;
}

/* A time difference, wrapping as the uint64_t times do, as a signed one. */
static int64_t diff(uint64_t a, uint64_t b) { return (int64_t)(a - b); }
static uint64_t magnitude(int64_t d) { return d < 0 ? 0 - (uint64_t)d : (uint64_t)d; }

/* The step every time difference of the launch is a multiple of (32 ns on
 * an H200's %globaltimer), so that each is stored in that step's units;
 * 1 where there is none. */
static uint64_t tick_of(const rv_waves *w)
{
    uint64_t g = 0, prev = w->nblocks ? w->blocks[0].start : 0;
    for (uint32_t i = 0; i < w->nblocks && g != 1; i++) {
        const rv_wave_block *r = &w->blocks[i];
        g = gcd(g, magnitude(diff(r->start, prev)));
        g = gcd(g, magnitude(diff(r->first_end, r->start)));
        g = gcd(g, magnitude(diff(r->end, r->first_end)));
        prev = r->start;
    }
    return g && g <= UINT32_MAX ? g : 1;
}

/* A launch's blocks, packed: for each, the block's number after the one
 * before's next, its SM, its start after the block before's, its first
 * exit after its start and its end after its first exit (in ticks, from
 * the base for the first start), its rank and its flags: the steps that
 * may be negative zigzagged, the rest as they are. */
static void put_packed(wb *b, const rv_waves *w)
{
    uint64_t tick = tick_of(w), base = w->nblocks ? w->blocks[0].start : 0, prev = base;
    uint32_t next = 0;
    put_u(b, base, 8);
    put_u(b, tick, 4);
    size_t at = b->len;
    put_u(b, 0, 4); /* the packed bytes, known once written */
    for (uint32_t i = 0; i < w->nblocks; i++) {
        const rv_wave_block *r = &w->blocks[i];
        put_var(b, zig((int64_t)r->block - (int64_t)next));
        put_var(b, r->sm);
        put_var(b, zig(diff(r->start, prev) / (int64_t)tick));
        /* never negative in a true recording: as unsigned, one bit shorter
         * (a negative one, kept all the same, takes ten bytes) */
        put_var(b, (uint64_t)(diff(r->first_end, r->start) / (int64_t)tick));
        put_var(b, (uint64_t)(diff(r->end, r->first_end) / (int64_t)tick));
        put_var(b, r->rank);
        put_var(b, r->flags);
        next = r->block + 1, prev = r->start;
    }
    if (b->oom) return;
    uint64_t packed = b->len - at - 4;
    for (int i = 0; i < 4; i++) b->p[at + (size_t)i] = (uint8_t)(packed >> (8 * i));
}

int rv_waves_serialize(const rv_waves *w, uint8_t **buf, size_t *len)
{
    wb b = {*buf, *len, *len, 0};
    uint32_t n = 0;
    for (const rv_waves *x = w; x; x = x->next) n++;
    /* the fifth layout only where there is a GPC map: a recording without
       one is written as it was */
    const rv_gpcs *g = &w->gpcs;
    const char *magic = g->gpc ? RV_WAVES_SECTION_MAGIC5 : RV_WAVES_SECTION_MAGIC4;
    for (int i = 0; i < 8; i++) put_u(&b, (uint8_t)magic[i], 1);
    put_u(&b, n, 4);
    for (; w; w = w->next) {
        put_u(&b, w->launch, 4);
        for (int k = 0; k < 3; k++) put_u(&b, w->grid_dim[k], 4);
        for (int k = 0; k < 3; k++) put_u(&b, w->block_dim[k], 4);
        for (int k = 0; k < 3; k++) put_u(&b, w->cluster_dim[k], 4);
        put_u(&b, w->sm_count, 4);
        put_u(&b, w->bound, 4);
        put_u(&b, w->sm_blocks, 4);
        put_u(&b, w->cluster_bound, 4);
        put_u(&b, w->smem, 4);
        put_u(&b, w->nblocks, 4);
        put_u(&b, w->how, 4);
        put_u(&b, w->repeats, 4);
        put_u(&b, w->plain_ns, 8);
        put_u(&b, w->waves_ns, 8);
        put_packed(&b, w);
    }
    if (g->gpc) {
        put_u(&b, g->sm_count, 4);
        put_u(&b, g->ngpcs, 4);
        put_u(&b, g->largest, 4);
        put_u(&b, g->clusters, 4);
        for (uint32_t sm = 0; sm < g->sm_count; sm++) put_u(&b, g->gpc[sm], 2);
    }
    *buf = b.p;
    if (b.oom) return -1;
    *len = b.len;
    return 0;
}

static uint64_t get_u(const uint8_t *p, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* One packed integer at *at, below end: 0, or -1 where it runs past end
 * or past 64 bits. */
static int get_var(const uint8_t *p, size_t *at, size_t end, uint64_t *v)
{
    uint64_t x = 0;
    for (int shift = 0; *at < end && shift < 64; shift += 7) {
        uint8_t c = p[(*at)++];
        if (shift == 63 && c > 1) return -1;
        x |= (uint64_t)(c & 0x7f) << shift;
        if (!(c & 0x80)) {
            *v = x;
            return 0;
        }
    }
    return -1;
}

/* A launch's packed blocks (put_packed), p[at .. end): 0, or -1 where they
 * are damaged (an integer cut or too wide for its field, bytes left over). */
static int get_packed(const uint8_t *p, size_t at, size_t end, uint64_t base, uint64_t tick, rv_waves *w)
{
    uint64_t prev = base;
    uint32_t next = 0;
    for (uint32_t i = 0; i < w->nblocks; i++) {
        uint64_t f[PACKED_FIELDS];
        for (int k = 0; k < PACKED_FIELDS; k++)
            if (get_var(p, &at, end, &f[k])) return -1;
        int64_t step = unzig(f[0]); /* a block's number, as a step from next */
        if (step < -(int64_t)next || step > (int64_t)(UINT32_MAX - next) || f[1] > UINT32_MAX || f[5] > UINT32_MAX ||
            f[6] > UINT32_MAX)
            return -1;
        rv_wave_block *r = &w->blocks[i];
        r->block = (uint32_t)((int64_t)next + step), r->sm = (uint32_t)f[1];
        r->start = prev + (uint64_t)unzig(f[2]) * tick; /* wrapping, as the differences were taken */
        r->first_end = r->start + f[3] * tick;
        r->end = r->first_end + f[4] * tick;
        r->rank = (uint32_t)f[5], r->flags = (uint32_t)f[6];
        next = r->block + 1, prev = r->start;
    }
    return at == end ? 0 : -1;
}

/* The fifth layout's GPC map after the launches, at *at: onto every
 * launch (each its own copy), checked with them by rv_waves_validate.  0,
 * or -1 with err. */
static int get_gpcs(const uint8_t *p, size_t len, size_t *at, rv_waves *head, char *err, size_t errlen)
{
    if (len - *at < 16) return rv_fail(err, errlen, RV_FAILED, _("the waves section's GPCs' map is cut short"));
    const uint8_t *q = p + *at;
    rv_gpcs g = {(uint32_t)get_u(q, 4), (uint32_t)get_u(q + 4, 4), (uint32_t)get_u(q + 8, 4),
                 (uint32_t)get_u(q + 12, 4), NULL};
    if (g.sm_count != head->sm_count)
        return rv_fail(err, errlen, RV_FAILED, _("the GPCs' map has %u sets of %u SMs for a GPU of %u SMs"), g.ngpcs,
                       g.sm_count, head->sm_count);
    if ((len - *at - 16) / 2 < g.sm_count)
        return rv_fail(err, errlen, RV_FAILED, _("the waves section's GPCs' map is cut short"));
    if (!(g.gpc = malloc((size_t)g.sm_count * sizeof *g.gpc)))
        return rv_fail(err, errlen, RV_FAILED, _("out of memory"));
    for (uint32_t sm = 0; sm < g.sm_count; sm++) g.gpc[sm] = (uint16_t)get_u(q + 16 + 2 * (size_t)sm, 2);
    *at += 16 + 2 * (size_t)g.sm_count;
    int bad = 0;
    for (rv_waves *w = head; w && !bad; w = w->next) bad = rv_gpcs_copy(&w->gpcs, &g);
    free(g.gpc);
    return bad ? rv_fail(err, errlen, RV_FAILED, _("out of memory")) : 0;
}

rv_waves *rv_waves_parse(const uint8_t *p, size_t len, size_t *used, char *err, size_t errlen)
{
    size_t at = 12;
    if (len < 12 || !rv_waves_section_at(p, len)) {
        rv_fail(err, errlen, RV_FAILED, _("the waves section does not start with '%s', '%s', '%s' or '%s'"),
                RV_WAVES_SECTION_MAGIC, RV_WAVES_SECTION_MAGIC3, RV_WAVES_SECTION_MAGIC4, RV_WAVES_SECTION_MAGIC5);
        return NULL;
    }
    int layout = p[7] - '0'; /* 2 to 5: the magic's last character; 5 is 4 and a GPC map */
    int gpcs = layout == 5;
    if (gpcs) layout = 4;
    size_t launch_bytes = layout == 4 ? LAUNCH4_BYTES : layout == 3 ? LAUNCH3_BYTES : LAUNCH_BYTES;
    uint32_t n = (uint32_t)get_u(p + 8, 4);
    if (n == 0 || n > RV_WAVES_MAX_LAUNCHES) {
        rv_fail(err, errlen, RV_FAILED, _("the waves section holds %u launches (expected 1 to %d)"), n,
                RV_WAVES_MAX_LAUNCHES);
        return NULL;
    }
    rv_waves *head = NULL, **tail = &head;
    for (uint32_t l = 0; l < n; l++) {
        if (len - at < launch_bytes) {
            rv_fail(err, errlen, RV_FAILED, _("the waves section is cut short in launch %u of %u"), l + 1, n);
            goto bad;
        }
        const uint8_t *q = p + at;
        uint32_t nblocks = (uint32_t)get_u(q + 60, 4);
        /* the blocks' bytes: 40 each, or packed, at least one a field */
        uint64_t bytes = layout == 4 ? get_u(q + 100, 4) : (uint64_t)nblocks * BLOCK_BYTES;
        if (nblocks > RV_WAVES_MAX_BLOCKS || (uint64_t)(len - at - launch_bytes) < bytes) {
            rv_fail(err, errlen, RV_FAILED, _("the waves section is cut short in launch %u of %u (%u blocks)"), l + 1,
                    n, nblocks);
            goto bad;
        }
        if (bytes < (uint64_t)nblocks * PACKED_FIELDS) {
            rv_fail(err, errlen, RV_FAILED, _("the waves section's launch %u has its blocks damaged"), l + 1);
            goto bad;
        }
        rv_waves *w = rv_waves_new(nblocks);
        if (!w) {
            rv_fail(err, errlen, RV_FAILED, _("out of memory"));
            goto bad;
        }
        *tail = w, tail = &w->next;
        w->launch = (uint32_t)get_u(q, 4);
        for (int k = 0; k < 3; k++) {
            w->grid_dim[k] = (uint32_t)get_u(q + 4 + 4 * k, 4);
            w->block_dim[k] = (uint32_t)get_u(q + 16 + 4 * k, 4);
            w->cluster_dim[k] = (uint32_t)get_u(q + 28 + 4 * k, 4);
        }
        w->sm_count = (uint32_t)get_u(q + 40, 4);
        w->bound = (uint32_t)get_u(q + 44, 4);
        w->sm_blocks = (uint32_t)get_u(q + 48, 4);
        w->cluster_bound = (uint32_t)get_u(q + 52, 4);
        w->smem = (uint32_t)get_u(q + 56, 4);
        if (layout >= 3) {
            w->how = (uint32_t)get_u(q + 64, 4);
            w->repeats = (uint32_t)get_u(q + 68, 4);
            w->plain_ns = get_u(q + 72, 8);
            w->waves_ns = get_u(q + 80, 8);
            if (w->how != RV_WAVES_BY_PATCH && w->how != RV_WAVES_BY_STAMPS) {
                rv_fail(err, errlen, RV_FAILED, _("the waves section's launch %u was recorded in an unknown way (%u)"),
                        l + 1, w->how);
                goto bad;
            }
            if (!w->repeats != !w->plain_ns || !w->repeats != !w->waves_ns) {
                rv_fail(err, errlen, RV_FAILED,
                        _("the waves section's launch %u has its overhead half measured (%u repeats, %" PRIu64
                          " ns untraced, %" PRIu64 " ns in the waves run)"),
                        l + 1, w->repeats, w->plain_ns, w->waves_ns);
                goto bad;
            }
        }
        at += launch_bytes;
        if (layout == 4) {
            uint64_t tick = get_u(q + 96, 4);
            if (!tick || get_packed(p, at, at + (size_t)bytes, get_u(q + 88, 8), tick, w)) {
                rv_fail(err, errlen, RV_FAILED, _("the waves section's launch %u has its blocks damaged"), l + 1);
                goto bad;
            }
            at += (size_t)bytes;
            continue;
        }
        for (uint32_t i = 0; i < nblocks; i++, at += BLOCK_BYTES) {
            const uint8_t *r = p + at;
            w->blocks[i] = (rv_wave_block){.block = (uint32_t)get_u(r, 4),
                                           .sm = (uint32_t)get_u(r + 4, 4),
                                           .start = get_u(r + 8, 8),
                                           .first_end = get_u(r + 16, 8),
                                           .end = get_u(r + 24, 8),
                                           .rank = (uint32_t)get_u(r + 32, 4),
                                           .flags = (uint32_t)get_u(r + 36, 4)};
        }
    }
    if (gpcs && get_gpcs(p, len, &at, head, err, errlen)) goto bad;
    if (rv_waves_validate(head, err, errlen)) goto bad;
    *used = at;
    return head;
bad:
    rv_waves_free(head);
    return NULL;
}
