/* waves_file.c — the trace file's waves section (waves.h,
 * docs/trace-format.md): little-endian, field by field, every length checked
 * against the bytes left before anything is allocated from it, and the
 * whole validated (rv_waves_validate) before it is handed back. */
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
    return len >= 8 && (memcmp(p, RV_WAVES_SECTION_MAGIC, 8) == 0 || memcmp(p, RV_WAVES_SECTION_MAGIC3, 8) == 0);
}

/* Whether any launch needs the third layout: stamped, or its overhead
 * measured.  Else the second, byte for byte as before. */
static int needs_v3(const rv_waves *w)
{
    for (; w; w = w->next)
        if (w->how != RV_WAVES_BY_PATCH || w->repeats || w->plain_ns || w->waves_ns) return 1;
    return 0;
}

int rv_waves_serialize(const rv_waves *w, uint8_t **buf, size_t *len)
{
    wb b = {*buf, *len, *len, 0};
    uint32_t n = 0;
    int v3 = needs_v3(w);
    for (const rv_waves *x = w; x; x = x->next) n++;
    const char *magic = v3 ? RV_WAVES_SECTION_MAGIC3 : RV_WAVES_SECTION_MAGIC;
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
        if (v3) {
            put_u(&b, w->how, 4);
            put_u(&b, w->repeats, 4);
            put_u(&b, w->plain_ns, 8);
            put_u(&b, w->waves_ns, 8);
        }
        for (uint32_t i = 0; i < w->nblocks; i++) {
            const rv_wave_block *r = &w->blocks[i];
            put_u(&b, r->block, 4);
            put_u(&b, r->sm, 4);
            put_u(&b, r->start, 8);
            put_u(&b, r->first_end, 8);
            put_u(&b, r->end, 8);
            put_u(&b, r->rank, 4);
            put_u(&b, r->flags, 4);
        }
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

rv_waves *rv_waves_parse(const uint8_t *p, size_t len, size_t *used, char *err, size_t errlen)
{
    size_t at = 12;
    if (len < 12 || !rv_waves_section_at(p, len)) {
        rv_fail(err, errlen, RV_FAILED, _("the waves section does not start with '%s' or '%s'"), RV_WAVES_SECTION_MAGIC,
                RV_WAVES_SECTION_MAGIC3);
        return NULL;
    }
    int v3 = memcmp(p, RV_WAVES_SECTION_MAGIC3, 8) == 0;
    size_t launch_bytes = v3 ? LAUNCH3_BYTES : LAUNCH_BYTES;
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
        if (nblocks > RV_WAVES_MAX_BLOCKS || (uint64_t)(len - at - launch_bytes) < (uint64_t)nblocks * BLOCK_BYTES) {
            rv_fail(err, errlen, RV_FAILED, _("the waves section is cut short in launch %u of %u (%u blocks)"), l + 1,
                    n, nblocks);
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
        if (v3) {
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
    if (rv_waves_validate(head, err, errlen)) goto bad;
    *used = at;
    return head;
bad:
    rv_waves_free(head);
    return NULL;
}
