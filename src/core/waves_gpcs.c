/* waves_gpcs.c — the GPU's GPCs in a waves recording (waves.h, rv_gpcs):
 * the sets of SMs that a probe of clusters found sharing a GPC
 * (src/gpu/gpu_gpcs.cu), checked against the run's own clusters, joined
 * where one of those spans two sets, said in words, and the picture's rows
 * ordered by them, so that a class sees which SMs a cluster could share. */
#include "waves.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "status.h"

int rv_waves_rows(const rv_waves *w, uint32_t *sm_of_row, uint32_t *group_of_row, uint32_t *ngroups)
{
    const rv_gpcs *g = &w->gpcs;
    if (!g->gpc || g->sm_count != w->sm_count) {
        for (uint32_t r = 0; r < w->sm_count; r++) sm_of_row[r] = r, group_of_row[r] = 0;
        *ngroups = 1;
        return 0;
    }
    uint32_t r = 0, unseen = 0;
    for (uint32_t set = 0; set < g->ngpcs; set++)
        for (uint32_t sm = 0; sm < g->sm_count; sm++)
            if (g->gpc[sm] == set) sm_of_row[r] = sm, group_of_row[r++] = set;
    for (uint32_t sm = 0; sm < g->sm_count; sm++)
        if (g->gpc[sm] == RV_GPC_NONE) sm_of_row[r] = sm, group_of_row[r++] = g->ngpcs, unseen = 1;
    *ngroups = g->ngpcs + unseen;
    return 0;
}

/* Whether the sets are numbered as the probe numbers them: in the order of
 * their smallest SM, each below the count, none empty. */
static int numbered(const rv_gpcs *g)
{
    uint32_t next = 0;
    for (uint32_t sm = 0; sm < g->sm_count; sm++) {
        uint32_t k = g->gpc[sm];
        if (k == RV_GPC_NONE) continue;
        if (k > next || k >= g->ngpcs) return 0;
        if (k == next) next++;
    }
    return next == g->ngpcs;
}

int rv_gpcs_check(const rv_waves *w, char *err, size_t errlen)
{
    const rv_gpcs *g = &w->gpcs;
    if (!g->gpc) return 0;
    if (g->sm_count != w->sm_count || !g->ngpcs || g->ngpcs > g->sm_count)
        return rv_fail(err, errlen, RV_FAILED, _("the GPCs' map has %u sets of %u SMs for a GPU of %u SMs"), g->ngpcs,
                       g->sm_count, w->sm_count);
    if (!numbered(g))
        return rv_fail(err, errlen, RV_FAILED,
                       _("the GPCs' map is damaged: its sets are not numbered 0 to %u in the order of their first SM"),
                       g->ngpcs - 1);
    if (rv_waves_cluster_blocks(w) < 2) return 0;
    uint32_t nclusters = rv_waves_grid_blocks(w) / rv_waves_cluster_blocks(w);
    uint32_t *set = malloc((size_t)nclusters * sizeof *set);
    if (!set) return rv_fail(err, errlen, RV_FAILED, _("out of memory"));
    for (uint32_t c = 0; c < nclusters; c++) set[c] = UINT32_MAX;
    for (uint32_t i = 0; i < w->nblocks; i++) {
        uint32_t c, rank, k = g->gpc[w->blocks[i].sm];
        rv_waves_cluster_of(w, w->blocks[i].block, &c, &rank);
        if (set[c] == UINT32_MAX) set[c] = k;
        if (set[c] != k) {
            free(set);
            return rv_fail(err, errlen, RV_FAILED,
                           _("launch %u's cluster %u ran on SMs of two GPCs of the map (block %u on SM %u): a "
                             "cluster is on one GPC"),
                           w->launch, c, w->blocks[i].block, w->blocks[i].sm);
        }
    }
    free(set);
    return 0;
}

int rv_gpcs_number(rv_gpcs *g, uint32_t *up)
{
    uint32_t *number = malloc((size_t)(g->sm_count ? g->sm_count : 1) * sizeof *number);
    if (!number) return -1;
    for (uint32_t sm = 0; sm < g->sm_count; sm++) number[sm] = UINT32_MAX;
    g->ngpcs = 0;
    for (uint32_t sm = 0; sm < g->sm_count; sm++) {
        if (g->gpc[sm] == RV_GPC_NONE) continue;
        uint32_t r = rv_waves_set_of(up, sm);
        if (number[r] == UINT32_MAX) number[r] = g->ngpcs++;
        g->gpc[sm] = (uint16_t)number[r];
    }
    free(number);
    return 0;
}

int rv_gpcs_join(rv_gpcs *g, const rv_waves *w)
{
    uint32_t n = g->sm_count, *up = malloc((size_t)(n ? n : 1) * sizeof *up);
    uint32_t *root = malloc((size_t)(g->ngpcs ? g->ngpcs : 1) * sizeof *root); /* each set's first SM */
    int bad = !up || !root;
    if (!bad) {
        for (uint32_t k = 0; k < g->ngpcs; k++) root[k] = UINT32_MAX;
        for (uint32_t sm = 0; sm < n; sm++) { /* the probe's sets, each under its first SM */
            uint32_t k = g->gpc[sm];
            up[sm] = sm;
            if (k == RV_GPC_NONE) continue;
            if (root[k] == UINT32_MAX)
                root[k] = sm;
            else
                up[sm] = root[k];
        }
        for (; w && !bad; w = w->next) /* an SM the probe never saw keeps no set */
            if (w->sm_count == n) bad = rv_waves_join_clusters(w, up, g->gpc);
        bad = bad || rv_gpcs_number(g, up);
    }
    free(up), free(root);
    return bad ? -1 : 0;
}

int rv_gpcs_copy(rv_gpcs *to, const rv_gpcs *from)
{
    free(to->gpc);
    *to = *from;
    to->gpc = NULL;
    if (!from->gpc) return 0;
    if (!(to->gpc = malloc((size_t)from->sm_count * sizeof *to->gpc))) return -1;
    memcpy(to->gpc, from->gpc, (size_t)from->sm_count * sizeof *to->gpc);
    return 0;
}

int rv_gpcs_words(const rv_gpcs *g, char *buf, size_t len)
{
    uint32_t *size = calloc(g->ngpcs ? g->ngpcs : 1, sizeof *size);
    if (!size) return -1;
    for (uint32_t sm = 0; sm < g->sm_count; sm++)
        if (g->gpc[sm] != RV_GPC_NONE) size[g->gpc[sm]]++;
    rv_waves_sizes_words(size, g->ngpcs, g->sm_count, buf, len);
    free(size);
    return 0;
}
