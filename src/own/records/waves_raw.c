/* waves_raw.c — a waves run's files made into waves (waves_raw.h).  The
 * tool's header and records are read field by field at their offsets in
 * tracer/waves.h's layout; every count is bounded before anything is
 * allocated from it, and the whole is validated by the core's checks, so a
 * file the student's program could have rewritten can say nothing false. */
#include "own/records/waves_raw.h"

#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/i18n.h"
#include "tracer/waves.h"

static uint64_t get_u(const uint8_t *p, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}

#define U32(field) ((uint32_t)get_u(buf + offsetof(rv_waves_header, field), 4))

rv_waves *rv_waves_raw_parse(const uint8_t *buf, size_t len, char *err, size_t errlen)
{
    if (len < sizeof(rv_waves_header) || memcmp(buf, RV_WAVES_MAGIC, 8) != 0) {
        snprintf(err, errlen, _("not a waves file of this tracer (no '%s' header)"), RV_WAVES_MAGIC);
        return NULL;
    }
    uint32_t blocks = U32(blocks), recorded = U32(recorded);
    if (recorded > blocks || blocks > RV_WAVES_MAX_BLOCKS ||
        (len - sizeof(rv_waves_header)) / sizeof(rv_waves_record) != recorded ||
        (len - sizeof(rv_waves_header)) % sizeof(rv_waves_record)) {
        snprintf(err, errlen, _("a waves file of %zu bytes says %u of %u blocks recorded"), len, recorded, blocks);
        return NULL;
    }
    rv_waves *w = rv_waves_new(recorded);
    if (!w) {
        snprintf(err, errlen, "%s", _("out of memory"));
        return NULL;
    }
    w->launch = U32(launch);
    for (int k = 0; k < 3; k++) {
        w->grid_dim[k] = (uint32_t)get_u(buf + offsetof(rv_waves_header, grid_dim) + 4 * k, 4);
        w->block_dim[k] = (uint32_t)get_u(buf + offsetof(rv_waves_header, block_dim) + 4 * k, 4);
        w->cluster_dim[k] = (uint32_t)get_u(buf + offsetof(rv_waves_header, cluster_dim) + 4 * k, 4);
    }
    w->sm_count = U32(sm_count);
    w->bound = U32(bound);
    w->sm_blocks = U32(sm_blocks);
    w->cluster_bound = U32(cluster_bound);
    w->smem = U32(smem);
    const uint8_t *r = buf + sizeof(rv_waves_header);
    for (uint32_t i = 0; i < recorded; i++, r += sizeof(rv_waves_record)) {
        uint32_t flags = (uint32_t)get_u(r + offsetof(rv_waves_record, flags), 4);
        w->blocks[i] = (rv_wave_block){
            .block = (uint32_t)get_u(r + offsetof(rv_waves_record, block), 4),
            .sm = (uint32_t)get_u(r + offsetof(rv_waves_record, sm), 4),
            .start = get_u(r + offsetof(rv_waves_record, start), 8),
            .first_end = get_u(r + offsetof(rv_waves_record, first_end), 8),
            .end = get_u(r + offsetof(rv_waves_record, end), 8),
            .rank = (flags & RV_WAVES_CLUSTER) ? flags >> RV_WAVES_RANK_SHIFT : 0,
            .flags = (flags & RV_WAVES_CLUSTER) ? RV_WAVE_CLUSTER : 0,
        };
    }
    return w;
}

/* A file's bytes: 0, or -1 with errno (ENOENT: none). */
static int slurp(const char *path, uint8_t **buf, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    size_t cap = 1 << 16, n = 0;
    uint8_t *p = malloc(cap);
    for (size_t got; p; n += got) {
        if (n == cap) {
            uint8_t *q = cap < ((size_t)1 << 30) ? realloc(p, cap *= 2) : NULL;
            if (!q) {
                free(p);
                p = NULL;
                errno = ENOMEM;
                break;
            }
            p = q;
        }
        if ((got = fread(p + n, 1, cap - n, f)) == 0) break;
    }
    fclose(f);
    if (!p) return -1;
    *buf = p, *len = n;
    return 0;
}

rv_waves *rv_waves_raw_load_dir(const char *dir, char *err, size_t errlen)
{
    rv_waves *head = NULL, **tail = &head;
    char path[4200], inner[400];
    for (uint32_t k = 1; k <= RV_WAVES_MAX_LAUNCHES; k++) {
        snprintf(path, sizeof path, "%s/waves-%u.rvwaves", dir, k);
        uint8_t *buf;
        size_t len;
        if (slurp(path, &buf, &len)) {
            if (errno == ENOENT) continue;
            snprintf(err, errlen, _("cannot read %s: %s"), path, strerror(errno));
            goto bad;
        }
        rv_waves *w = rv_waves_raw_parse(buf, len, inner, sizeof inner);
        free(buf);
        if (!w || w->launch != k) {
            if (w) snprintf(inner, sizeof inner, _("it says launch %u"), w->launch);
            rv_waves_free(w);
            snprintf(err, errlen, _("%s: %s"), path, inner);
            goto bad;
        }
        *tail = w, tail = &w->next;
    }
    if (!head) {
        snprintf(err, errlen, _("the waves run recorded no launch in %s"), dir);
        return NULL;
    }
    if (rv_waves_validate(head, err, errlen)) goto bad;
    return head;
bad:
    rv_waves_free(head);
    return NULL;
}

int rv_waves_keep(rv_waves *w, rv_trace *tr, char *err, size_t errlen)
{
    rv_waves *kept = NULL, **tail = &kept;
    while (w) {
        rv_waves *x = w;
        w = w->next, x->next = NULL;
        const rv_trace *t = tr;
        for (; t && (t->launch ? t->launch : 1) != x->launch; t = t->next) {}
        if (!t) { /* a launch the trace does not hold (--launch K) */
            rv_waves_free(x);
            continue;
        }
        *tail = x, tail = &x->next;
        uint32_t g[3], b[3];
        rv_trace_grid_dim(t, g);
        rv_trace_block_dim(t, b);
        if (memcmp(g, x->grid_dim, sizeof g) != 0 || memcmp(b, x->block_dim, sizeof b) != 0) {
            snprintf(err, errlen,
                     _("the waves run's launch %u had a grid of %u×%u×%u blocks of %u×%u×%u threads, where the traced "
                       "run's had %u×%u×%u of %u×%u×%u: not the same launch"),
                     x->launch, x->grid_dim[0], x->grid_dim[1], x->grid_dim[2], x->block_dim[0], x->block_dim[1],
                     x->block_dim[2], g[0], g[1], g[2], b[0], b[1], b[2]);
            rv_waves_free(kept);
            rv_waves_free(w);
            return -1;
        }
    }
    if (!kept) {
        snprintf(err, errlen, "%s", _("the waves run recorded none of the traced launches"));
        return -1;
    }
    rv_waves_free(tr->waves);
    tr->waves = kept;
    return 0;
}

int rv_waves_attach(const char *work, rv_trace *tr, int required, char *err, size_t errlen)
{
    char dir[4200];
    struct stat st;
    snprintf(dir, sizeof dir, "%s/waves", work);
    if (!required && stat(dir, &st) != 0) return 0;
    rv_waves *w = rv_waves_raw_load_dir(dir, err, errlen);
    if (!w) return -1;
    return rv_waves_keep(w, tr, err, errlen);
}
