/* raw_file.c — reads the tracer's raw file and the traced program's result lines,
 * trusting neither: sizes, threads and kinds are checked before use. */
#include "own/records/raw_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/i18n.h"
#include "own/base/proc.h"

int rv_raw_parse(const uint8_t *buf, size_t len, rv_raw *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    int v1 = len >= 8 && memcmp(buf, RV_RAW_MAGIC_V1, 8) == 0;
    int v2 = len >= 8 && memcmp(buf, RV_RAW_MAGIC_V2, 8) == 0;
    int v3 = len >= 8 && memcmp(buf, RV_RAW_MAGIC_V3, 8) == 0;
    size_t hbytes = v1   ? RV_RAW_HEADER_V1_BYTES
                    : v2 ? RV_RAW_HEADER_V2_BYTES
                    : v3 ? RV_RAW_HEADER_V3_BYTES
                         : sizeof out->h;
    if (len < hbytes || (!v1 && !v2 && !v3 && memcmp(buf, RV_RAW_MAGIC, 8) != 0)) {
        snprintf(err, errlen, _("not a raw trace from the tracer (no '%s' header)"), RV_RAW_MAGIC);
        return -1;
    }
    memcpy(&out->h, buf, hbytes);
    if (v1) out->h.launch = out->h.call = 1; /* one launch, the first */
    if (v1 || v2) {                          /* before the shape was kept: a row of threads, a row of blocks */
        out->h.block_dim[0] = out->h.block_size, out->h.block_dim[1] = out->h.block_dim[2] = 1;
        out->h.grid_dim[0] = out->h.grid, out->h.grid_dim[1] = out->h.grid_dim[2] = 1;
    }
    if (v1 || v2 || v3) /* before the cluster was kept: none said */
        out->h.cluster_dim[0] = out->h.cluster_dim[1] = out->h.cluster_dim[2] = 1;
    buf += hbytes;
    len -= hbytes;
    const rv_raw_header *h = &out->h;
    if (h->block_size < 1 || h->block_size > 1024 || h->grid < 1 || h->traced_block >= h->grid ||
        (uint64_t)h->block_dim[0] * h->block_dim[1] * h->block_dim[2] != h->block_size ||
        (uint64_t)h->grid_dim[0] * h->grid_dim[1] * h->grid_dim[2] != h->grid) {
        snprintf(err, errlen, _("raw trace: block size %u, grid %u, traced block %u are out of range"), h->block_size,
                 h->grid, h->traced_block);
        return -1;
    }
    /* a cluster tiles the grid, and holds at most 16 blocks (sm_90's most,
       non-portable) */
    for (int k = 0; k < 3; k++)
        if (h->cluster_dim[k] < 1 || h->cluster_dim[k] > 16 || h->grid_dim[k] % h->cluster_dim[k] ||
            h->cluster_dim[0] * h->cluster_dim[1] * h->cluster_dim[2] > 16) {
            snprintf(err, errlen, _("raw trace: clusters of %u×%u×%u blocks do not tile a grid of %u×%u×%u"),
                     h->cluster_dim[0], h->cluster_dim[1], h->cluster_dim[2], h->grid_dim[0], h->grid_dim[1],
                     h->grid_dim[2]);
            return -1;
        }
    if (len / sizeof(rv_raw_record) != h->nrec || len % sizeof(rv_raw_record) || h->nrec > h->claimed ||
        h->launch < 1 || h->call < 1) {
        snprintf(err, errlen, _("raw trace: %u records announced, %zu bytes follow"), h->nrec, len);
        return -1;
    }
    if (!memchr(h->func_name, 0, sizeof h->func_name)) {
        snprintf(err, errlen, _("raw trace: the kernel's name is not terminated"));
        return -1;
    }
    out->rec = malloc((size_t)h->nrec * sizeof *out->rec + 1);
    if (!out->rec) {
        snprintf(err, errlen, _("out of memory"));
        return -1;
    }
    memcpy(out->rec, buf, (size_t)h->nrec * sizeof *out->rec);
    for (uint32_t i = 0; i < h->nrec; i++) {
        const rv_raw_record *r = &out->rec[i];
        if (r->thread >= h->block_size || r->kind < RV_RAW_SMEM || r->kind > RV_RAW_WAIT ||
            (r->kind <= RV_RAW_GMEM && r->size != 1 && r->size != 2 && r->size != 4 && r->size != 8 && r->size != 16)) {
            snprintf(err, errlen, _("raw trace: record %u (thread %u, kind %u, size %u) is malformed"), i, r->thread,
                     r->kind, r->size);
            rv_raw_free(out);
            return -1;
        }
    }
    return 0;
}

int rv_raw_load(const char *path, rv_raw *out, char *err, size_t errlen)
{
    size_t len;
    char *buf = rv_read_text(path, &len);
    if (!buf) {
        memset(out, 0, sizeof *out);
        snprintf(err, errlen, _("cannot read %s"), path);
        return -1;
    }
    int rc = rv_raw_parse((const uint8_t *)buf, len, out, err, errlen);
    free(buf);
    return rc;
}

void rv_raw_free(rv_raw *r)
{
    free(r->rec);
    r->rec = NULL;
}

int rv_own_meta_parse(const char *text, rv_own_meta *m, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    int have_sum = 0;
    for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
        unsigned long long a, b;
        if (!strncmp(p, "sum ", 4))
            have_sum = sscanf(p + 4, "%lf", &m->sum) == 1;
        else if (!strncmp(p, "first_partials ", 15))
            m->first_partials = (uint32_t)strtoul(p + 15, NULL, 10);
        else if (!strncmp(p, "in ", 3) && sscanf(p + 3, "%llu %llu", &a, &b) == 2) {
            m->in_addr = a;
            m->in_n = b;
        } else if (!strncmp(p, "out ", 4) && sscanf(p + 4, "%llu %llu", &a, &b) == 2) {
            m->out_addr = a;
            m->out_n = b;
        } else if (!strncmp(p, "traced_ms ", 10))
            m->traced_ms = strtod(p + 10, NULL);
        else if (!strncmp(p, "call ", 5)) {
            unsigned k;
            unsigned long long c, d;
            if (sscanf(p + 5, "%u in %llu %llu out %llu %llu", &k, &a, &b, &c, &d) == 5 && k >= 1 &&
                k <= RV_OWN_MAX_CALLS && k == (unsigned)m->ncalls + 1) {
                m->calls[m->ncalls] = (rv_own_arrays){a, b, c, d};
                m->ncalls++;
            }
        } else if (!strncmp(p, "ms", 2)) {
            char *q = (char *)p + 2, *end;
            while (m->nms < 64) {
                double v = strtod(q, &end);
                if (end == q) break;
                m->ms[m->nms++] = v;
                q = end;
            }
        }
    }
    if (!have_sum) {
        snprintf(err, errlen, _("the traced program wrote no sum"));
        return -1;
    }
    if (!m->ncalls)
        m->calls[m->ncalls++] =
            (rv_own_arrays){m->in_addr, m->in_n, m->out_addr, m->out_n}; /* before calls were said */
    return 0;
}

int rv_raw_is_atomic(const rv_raw_record *r)
{
    return (r->kind == RV_RAW_SMEM || r->kind == RV_RAW_GMEM) && (r->flags & RV_RAW_WRITE) &&
           (r->flags & (RV_RAW_READ | RV_RAW_ATOMIC));
}

int64_t rv_raw_run_stride(const rv_raw_record *r)
{
    return (int64_t)((uint64_t)r->value[1] | ((uint64_t)r->value[2] << 32));
}
