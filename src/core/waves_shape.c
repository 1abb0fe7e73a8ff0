/* waves_shape.c — what the waves' modules share of a launch's shape
 * (waves.h): its blocks and blocks per cluster counted, a block's cluster
 * and rank, the sets of SMs a union-find joins (by the clusters that ran on
 * them), and their sizes in words.
 * Below both waves.c (the checks and facts) and waves_gpcs.c (the GPCs),
 * so that neither needs the other's. */
#include "waves.h"

#include <stdio.h>
#include <stdlib.h>

#include "grid_words.h"
#include "i18n.h"

uint32_t rv_waves_grid_blocks(const rv_waves *w)
{
    uint64_t n = (uint64_t)w->grid_dim[0] * w->grid_dim[1] * w->grid_dim[2];
    return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

uint32_t rv_waves_cluster_blocks(const rv_waves *w)
{
    uint64_t n = (uint64_t)w->cluster_dim[0] * w->cluster_dim[1] * w->cluster_dim[2];
    return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

/* A block's cluster (numbered x fastest over the grid's clusters) and its
 * rank in it (x fastest, as %cluster_ctarank numbers them). */
void rv_waves_cluster_of(const rv_waves *w, uint32_t block, uint32_t *cluster, uint32_t *rank)
{
    const uint32_t *g = w->grid_dim, *c = w->cluster_dim;
    uint32_t x = block % g[0], y = block / g[0] % g[1], z = block / g[0] / g[1];
    *rank = x % c[0] + c[0] * (y % c[1] + c[1] * (z % c[2]));
    *cluster = x / c[0] + (g[0] / c[0]) * (y / c[1] + (g[1] / c[1]) * (z / c[2]));
}

uint32_t rv_waves_set_of(uint32_t *up, uint32_t sm)
{
    while (up[sm] != sm) sm = up[sm] = up[up[sm]];
    return sm;
}

int rv_waves_join_clusters(const rv_waves *w, uint32_t *up, const uint16_t *gpc)
{
    uint32_t per = rv_waves_cluster_blocks(w);
    if (per < 2) return 0;
    uint32_t nclusters = rv_waves_grid_blocks(w) / per, *first = malloc((size_t)nclusters * sizeof *first);
    if (!first) return -1;
    for (uint32_t c = 0; c < nclusters; c++) first[c] = UINT32_MAX; /* each cluster's first SM */
    for (uint32_t i = 0; i < w->nblocks; i++) {
        uint32_t c, rank, sm = w->blocks[i].sm;
        if (sm >= w->sm_count || (gpc && gpc[sm] == RV_GPC_NONE)) continue;
        rv_waves_cluster_of(w, w->blocks[i].block, &c, &rank);
        if (first[c] == UINT32_MAX)
            first[c] = sm;
        else
            up[rv_waves_set_of(up, sm)] = rv_waves_set_of(up, first[c]);
    }
    free(first);
    return 0;
}

void rv_waves_sizes_words(const uint32_t *size, uint32_t nsets, uint32_t most, char *buf, size_t len)
{
    char sms[RV_COUNT_WORDS];
    size_t used = 0;
    buf[0] = '\0';
    for (uint32_t at = 1; at <= most; at++) { /* each size, the smaller first */
        uint32_t times = 0;
        for (uint32_t k = 0; k < nsets; k++) times += size[k] == at;
        if (times && used < len) /* TRANSLATORS: between two items of a list, as in "22 × 4 SMs, 2 × 18 SMs" */
            used += (size_t)snprintf(buf + used, len - used, "%s%u × %s", used ? _(", ") : "", times,
                                     rv_words_sms(sms, sizeof sms, at));
    }
}
