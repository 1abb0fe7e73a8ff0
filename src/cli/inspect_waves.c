/* inspect_waves.c — a waves run in words and in JSON (inspect_waves.h): the
 * waves the occupancy predicts beside those the run took, the blocks an SM
 * held at once, the idle SM time and the tail.  Times are the GPU's global
 * timer's, shown in µs from the first block's start.  And the line `trace`
 * and `check` say of what the waves run cost. */
#include "inspect_waves.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/grid_words.h"
#include "core/i18n.h"
#include "core/status.h"

/* How the launch was recorded, and what recording it cost the kernel where
 * the run measured it (docs/waves.md, "The cost"). */
static void say_how(const rv_waves *w)
{
    printf("  %s\n", w->how == RV_WAVES_BY_STAMPS
                         ? _("recorded: stamped in the kernel (the version's waves build, no Sanitizer)")
                         : _("recorded: by the Compute Sanitizer's patch of block entry and exit"));
    double r = rv_waves_overhead(w);
    if (r > 0 && w->how == RV_WAVES_BY_PATCH) /* whole reductions: its two timed runs (docs/waves.md) */
        printf(ngettext("  overhead: the whole reduction took %.4f ms under the patch, untraced %.4f ms (median of %u "
                        "timed call each): %+.1f%%\n",
                        "  overhead: the whole reduction took %.4f ms under the patch, untraced %.4f ms (median of %u "
                        "timed calls each): %+.1f%%\n",
                        w->repeats),
               (double)w->waves_ns * 1e-6, (double)w->plain_ns * 1e-6, w->repeats, 100.0 * (r - 1.0));
    else if (r > 0)
        printf(ngettext("  overhead: the waves run's kernel took %.4f ms, untraced %.4f ms (median of %u launch each): "
                        "%+.1f%%\n",
                        "  overhead: the waves run's kernel took %.4f ms, untraced %.4f ms (median of %u launches "
                        "each): %+.1f%%\n",
                        w->repeats),
               (double)w->waves_ns * 1e-6, (double)w->plain_ns * 1e-6, w->repeats, 100.0 * (r - 1.0));
    else
        printf("  %s\n", _("overhead: not measured in this run"));
}

/* Where a launch of clusters ran: the sets of SMs that shared a cluster
 * (rv_waves_cluster_sets).  0, or -1 when out of memory. */
static int say_cluster_sets(const rv_waves *w)
{
    char list[1024];
    uint32_t nsets = 0;
    if (rv_waves_cluster_sets_words(w, list, sizeof list, &nsets)) {
        rv_cmd_error("inspect", _("out of memory"));
        return -1;
    }
    printf(ngettext("  where they ran: a cluster's blocks share one GPC, which no register names; the SMs that shared "
                    "a cluster make %u set: %s\n",
                    "  where they ran: a cluster's blocks share one GPC, which no register names; the SMs that shared "
                    "a cluster make %u sets: %s\n",
                    nsets),
           nsets, list);
    return 0;
}

/* The GPU's GPCs as the run's probe found them (core/waves.h, rv_gpcs).
 * 0, or -1 when out of memory. */
static int say_gpcs(const rv_waves *w)
{
    char list[1024];
    if (rv_gpcs_words(&w->gpcs, list, sizeof list)) {
        rv_cmd_error("inspect", _("out of memory"));
        return -1;
    }
    printf(ngettext("  GPCs: clusters of up to %u blocks (%u run) found the SMs in %u set that shares a GPC: %s\n",
                    "  GPCs: clusters of up to %u blocks (%u run) found the SMs in %u sets that each share a GPC: %s\n",
                    w->gpcs.ngpcs),
           w->gpcs.largest, w->gpcs.clusters, w->gpcs.ngpcs, list);
    return 0;
}

static int facts(const rv_waves *w, rv_waves_facts *f)
{
    if (rv_waves_facts_of(w, f) == 0) return 0;
    rv_cmd_error("inspect", _("out of memory"));
    return -1;
}

int rv_inspect_waves_text(const rv_waves *w)
{
    for (; w; w = w->next) {
        rv_waves_facts f;
        if (facts(w, &f)) return -1;
        uint32_t bs = w->block_dim[0] * w->block_dim[1] * w->block_dim[2];
        /* each count in words by its own number (core/grid_words.h) */
        char blocks[RV_COUNT_WORDS], threads[RV_COUNT_WORDS], sms[RV_COUNT_WORDS], more[RV_COUNT_WORDS];
        rv_words_blocks(blocks, sizeof blocks, f.blocks);
        rv_words_sms(sms, sizeof sms, w->sm_count);
        printf("\n");
        printf(_("waves run, launch %u: %s of %s on a GPU of %s\n"), w->launch, blocks,
               rv_words_threads(threads, sizeof threads, bs), sms);
        say_how(w);
        printf(ngettext("  occupancy: %u block per SM at once with all its warps (the SM's own limit: %s)\n",
                        "  occupancy: %u blocks per SM at once with all their warps (the SM's own limit: %s)\n",
                        w->bound),
               w->bound, rv_words_blocks(more, sizeof more, w->sm_blocks));
        if (f.clusters) {
            char clusters[RV_COUNT_WORDS];
            rv_words_clusters(clusters, sizeof clusters, f.clusters);
            printf(_("  clusters of %s: %s, at most %u on the GPU at once\n"),
                   rv_words_blocks(more, sizeof more, rv_waves_cluster_blocks(w)), clusters, w->cluster_bound);
            printf(ngettext("  predicted: %u wave (%s, %u at once)\n", "  predicted: %u waves (%s, %u at once)\n",
                            f.waves_predicted),
                   f.waves_predicted, clusters, w->cluster_bound);
            if (say_cluster_sets(w)) return -1;
        }
        if (w->gpcs.gpc && say_gpcs(w)) return -1;
        if (!f.clusters)
            printf(ngettext("  predicted: %u wave (%s, %s × %u at once)\n",
                            "  predicted: %u waves (%s, %s × %u at once)\n", f.waves_predicted),
                   f.waves_predicted, blocks, sms, w->bound);
        /* at once: whole (all their warps) against the occupancy, and with
           any warp still on the SM (core/waves.h) */
        printf(ngettext("  observed: %u wave (blocks on the busiest SM: %u in all; at most %u at once with all their "
                        "warps, %u with any); %u of %s ran a block\n",
                        "  observed: %u waves (blocks on the busiest SM: %u in all; at most %u at once with all their "
                        "warps, %u with any); %u of %s ran a block\n",
                        f.waves),
               f.waves, f.most_on_sm, f.most_at_once, f.most_held, f.sms_used, sms);
        double span = (double)(f.t1 - f.t0) / 1000.0, tail = (double)(f.t1 - f.tail_start) / 1000.0;
        printf(_("  time: %.3f µs from the first block's start to the last block's end, %.1f%% of the SMs' time "
                 "idle\n"),
               span, 100.0 * f.idle);
        printf(_("  tail: the last %.3f µs (%.1f%% of the run), after the first SM ran out of blocks: %.1f%% of the "
                 "SMs' time idle in it\n"),
               tail, span > 0 ? 100.0 * tail / span : 0.0, 100.0 * f.tail_idle);
    }
    return 0;
}

int rv_inspect_waves_json(const rv_waves *w, const char *sep)
{
    printf("%s\"waves\": ", sep);
    if (!w) {
        printf("null");
        return 0;
    }
    printf("[");
    for (int k = 0; w; w = w->next, k++) {
        rv_waves_facts f;
        if (facts(w, &f)) return -1;
        printf("%s\n    {\"launch\": %u, \"blocks\": %u, \"block_dim\": [%u, %u, %u], \"grid_dim\": [%u, %u, %u], "
               "\"cluster_dim\": [%u, %u, %u], \"sm_count\": %u, \"bound\": %u, \"sm_blocks\": %u, "
               "\"cluster_bound\": %u, \"clusters\": %u, \"dynamic_smem\": %u, \"waves_predicted\": %u, \"waves\": %u, "
               "\"most_at_once\": %u, \"most_held\": %u, \"most_on_sm\": %u, \"sms_used\": %u, \"span_ns\": %" PRIu64
               ", \"idle\": %.6f, \"tail_ns\": %" PRIu64
               ", \"tail_idle\": %.6f, \"recorded\": \"%s\", \"repeats\": %u, \"plain_ns\": %" PRIu64
               ", \"waves_ns\": %" PRIu64 ", \"overhead\": %.6f, \"cluster_sets\": [",
               k ? "," : "", w->launch, f.blocks, w->block_dim[0], w->block_dim[1], w->block_dim[2], w->grid_dim[0],
               w->grid_dim[1], w->grid_dim[2], w->cluster_dim[0], w->cluster_dim[1], w->cluster_dim[2], w->sm_count,
               w->bound, w->sm_blocks, w->cluster_bound, f.clusters, w->smem, f.waves_predicted, f.waves,
               f.most_at_once, f.most_held, f.most_on_sm, f.sms_used, f.t1 - f.t0, f.idle, f.t1 - f.tail_start,
               f.tail_idle, w->how == RV_WAVES_BY_STAMPS ? "stamps" : "patch", w->repeats, w->plain_ns, w->waves_ns,
               rv_waves_overhead(w));
        /* the sets of SMs that shared a cluster, their sizes (none without clusters) */
        uint32_t *size = malloc(w->sm_count * sizeof *size), nsets = 0;
        if (!size || (f.clusters && rv_waves_cluster_sets(w, size, &nsets))) {
            free(size);
            rv_cmd_error("inspect", _("out of memory"));
            return -1;
        }
        for (uint32_t k = 0; k < nsets; k++) printf("%s%u", k ? ", " : "", size[k]);
        printf("], \"gpcs\": ");
        free(size);
        if (!w->gpcs.gpc)
            printf("null");
        else { /* each SM's set, as the probe numbered them (null: never seen) */
            printf("{\"sets\": %u, \"largest_cluster\": %u, \"clusters_run\": %u, \"set_of_sm\": [", w->gpcs.ngpcs,
                   w->gpcs.largest, w->gpcs.clusters);
            for (uint32_t sm = 0; sm < w->gpcs.sm_count; sm++)
                printf(w->gpcs.gpc[sm] == RV_GPC_NONE ? "%snull" : "%s%u", sm ? ", " : "", (unsigned)w->gpcs.gpc[sm]);
            printf("]}");
        }
        printf("}");
    }
    printf("\n  ]");
    return 0;
}

/* The waves run's cost: stamped, all its launches' kernel times together;
 * by the patch, the whole reduction's, or why it was not measured. */
void rv_say_waves_cost(const rv_trace *tr, const char *why_not)
{
    uint64_t plain = 0, waves = 0;
    unsigned launches = 0, repeats = 0;
    const rv_waves *w = tr->waves;
    if (w && w->how == RV_WAVES_BY_PATCH) {
        if (why_not && *why_not)
            printf(_("waves: the patch's cost not measured: %s\n"), why_not);
        else if (w->repeats)
            printf(_("waves: by the Compute Sanitizer's patch: the whole reduction took %.4f ms, untraced %.4f ms "
                     "(medians of %u timed calls each): %+.1f%%\n"),
                   (double)w->waves_ns * 1e-6, (double)w->plain_ns * 1e-6, w->repeats,
                   100.0 * (rv_waves_overhead(w) - 1.0));
        return;
    }
    for (; w; w = w->next) {
        if (w->how != RV_WAVES_BY_STAMPS || !w->repeats) return;
        plain += w->plain_ns, waves += w->waves_ns, repeats = w->repeats, launches++;
    }
    if (!launches) return;
    printf(ngettext("waves: stamped in the kernel, %u launch: %.4f ms of kernel time, untraced %.4f ms (medians of %u "
                    "launches each): %+.1f%%\n",
                    "waves: stamped in the kernel, %u launches: %.4f ms of kernel time, untraced %.4f ms (medians of "
                    "%u launches each): %+.1f%%\n",
                    launches),
           launches, (double)waves * 1e-6, (double)plain * 1e-6, repeats,
           100.0 * ((double)waves / (double)plain - 1.0));
}
