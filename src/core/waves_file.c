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

#define LAUNCH_BYTES (4 * 16)
#define BLOCK_BYTES  40

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

int rv_waves_serialize(const rv_waves *w, uint8_t **buf, size_t *len)
{
    wb b = {*buf, *len, *len, 0};
    uint32_t n = 0;
    for (const rv_waves *x = w; x; x = x->next) n++;
    for (int i = 0; i < 8; i++) put_u(&b, (uint8_t)RV_WAVES_SECTION_MAGIC[i], 1);
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
    if (len < 12 || memcmp(p, RV_WAVES_SECTION_MAGIC, 8) != 0) {
        rv_fail(err, errlen, RV_FAILED, _("the waves section does not start with '%s'"), RV_WAVES_SECTION_MAGIC);
        return NULL;
    }
    uint32_t n = (uint32_t)get_u(p + 8, 4);
    if (n == 0 || n > RV_WAVES_MAX_LAUNCHES) {
        rv_fail(err, errlen, RV_FAILED, _("the waves section holds %u launches (expected 1 to %d)"), n,
                RV_WAVES_MAX_LAUNCHES);
        return NULL;
    }
    rv_waves *head = NULL, **tail = &head;
    for (uint32_t l = 0; l < n; l++) {
        if (len - at < LAUNCH_BYTES) {
            rv_fail(err, errlen, RV_FAILED, _("the waves section is cut short in launch %u of %u"), l + 1, n);
            goto bad;
        }
        const uint8_t *q = p + at;
        uint32_t nblocks = (uint32_t)get_u(q + 60, 4);
        if (nblocks > RV_WAVES_MAX_BLOCKS || (uint64_t)(len - at - LAUNCH_BYTES) < (uint64_t)nblocks * BLOCK_BYTES) {
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
        at += LAUNCH_BYTES;
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
