/* scene_waves.c — the waves picture decided (scene_waves.h): its words in
 * the reader's language, and its cells from the core's rv_waves_cells_span
 * over the part of the run shown. */
#include "scene_waves.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grid_words.h"
#include "core/i18n.h"
#include "core/versions.h"

/* How the launch was recorded, and what recording cost its kernel where the
 * run measured it (the overhead is on the picture, so a class sees how far
 * the bars are the kernel's own). */
static void recorded_how(const rv_waves *w, char *out, size_t len)
{
    double r = rv_waves_overhead(w);
    int stamped = w->how == RV_WAVES_BY_STAMPS;
    if (r > 0)
        snprintf(out, len,
                 stamped ? _("recorded: stamped in the kernel, which ran %+.1f%% on its untraced time (medians of %u "
                             "launches)")
                         : _("recorded: by the Compute Sanitizer's patch, which ran the whole reduction %+.1f%% "
                             "on its untraced time (medians of %u timed reductions)"),
                 100.0 * (r - 1.0), w->repeats);
    else
        snprintf(out, len, "%s",
                 stamped ? _("recorded: stamped in the kernel; its cost not measured in this run")
                         : _("recorded: by the Compute Sanitizer's patch; its cost not measured in this run"));
}

/* Where and when the waves were recorded; a recording apart from the trace
 * shown says so first, with its file, so that no one takes its grid for the
 * steps' run. */
static void origin_of(const rv_trace *tr, const scene_waves_in *in, scene_waves *s)
{
    const char *sep = tr->date[0] ? ", " : "";
    s->separate = in->file != NULL;
    if (!in->file)
        snprintf(s->origin, sizeof s->origin, _("which SM ran each block, and when: a waves run on %s%s%s"), tr->origin,
                 sep, tr->date);
    else if (in->beside)
        snprintf(s->origin, sizeof s->origin,
                 _("not this kernel's run: %s's grid from its own recording on the %s, %s%s%s"),
                 in->name ? in->name : rv_trace_name(tr), tr->origin, in->file, sep, tr->date);
    else
        snprintf(s->origin, sizeof s->origin,
                 _("not this trace's run: %s's grid from a separate recording on the %s, %s%s%s"),
                 in->name ? in->name : rv_trace_name(tr), tr->origin, in->file, sep, tr->date);
}

/* The launch's waves (0: the first), or NULL with why in err. */
static const rv_waves *launch_waves(const rv_trace *tr, uint32_t launch, char *err, size_t errlen)
{
    const rv_waves *w = tr->waves;
    while (w && launch && w->launch != launch) w = w->next;
    if (!w) {
        if (!tr->waves)
            snprintf(err, errlen, "%s", _("this trace has no waves run: make one with `reducevis trace --waves`"));
        else
            snprintf(err, errlen, _("this trace's waves run has no launch %u"), launch);
    }
    return w;
}

int scene_waves_part_parse(const char *spec, double *a_us, double *b_us)
{
    char *end;
    if (!spec || !(spec[0] >= '0' && spec[0] <= '9')) return -1; /* no sign, no space, no "inf" */
    double a = strtod(spec, &end);
    if (*end != ':' || !(end[1] >= '0' && end[1] <= '9')) return -1;
    double b = strtod(end + 1, &end);
    if (*end || !isfinite(a) || !isfinite(b) || !(a < b)) return -1;
    *a_us = a, *b_us = b;
    return 0;
}

int scene_waves_part(const rv_trace *tr, uint32_t launch, double a_us, double b_us, double *from, double *to, char *err,
                     size_t errlen)
{
    const rv_waves *w = launch_waves(tr, launch, err, errlen);
    rv_waves_facts f;
    if (!w) return -1;
    if (rv_waves_facts_of(w, &f)) {
        snprintf(err, errlen, "%s", _("out of memory"));
        return -1;
    }
    double span = (double)(f.t1 - f.t0) / 1000.0;
    /* the axis says µs to three places: its last figure may round up */
    if (b_us > span + 0.0005 || span <= 0) {
        snprintf(err, errlen, _("%g:%g µs ends past the run: it took %.3f µs from the first block's start"), a_us, b_us,
                 span);
        return -1;
    }
    if (b_us > span) b_us = span;
    if ((b_us - a_us) < span * SCENE_WAVES_PART_MIN) {
        snprintf(err, errlen, _("%g:%g µs is too short to draw: at least %.3f µs (1/4096 of the run's %.3f)"), a_us,
                 b_us, span * SCENE_WAVES_PART_MIN, span);
        return -1;
    }
    *from = a_us / span, *to = b_us / span;
    return 0;
}

int scene_waves_make(const rv_trace *tr, uint32_t launch, scene_waves *s, char *err, size_t errlen)
{
    scene_waves_in in = {.launch = launch};
    return scene_waves_build(tr, &in, s, err, errlen);
}

/* The cells, made by SM, put in the rows' order (rv_waves_rows: by GPC
 * where the recording has them), each row's group beside.  0, or -1 when
 * out of memory. */
static int rows_in_order(const rv_waves *w, scene_waves *s)
{
    uint32_t *sm_of = malloc((size_t)s->sms * sizeof *sm_of), ngroups;
    rv_waves_cell *by_sm = s->cells;
    s->cells = malloc((size_t)s->sms * s->cols * sizeof *s->cells);
    if (!sm_of || !s->cells || rv_waves_rows(w, sm_of, s->row_group, &ngroups)) {
        free(sm_of), free(by_sm);
        return -1;
    }
    for (uint32_t r = 0; r < s->sms; r++)
        memcpy(s->cells + (size_t)r * s->cols, by_sm + (size_t)sm_of[r] * s->cols, s->cols * sizeof *s->cells);
    free(sm_of), free(by_sm);
    return 0;
}

/* The rows' GPCs in words, where the recording has them.  0, or -1 when out
 * of memory. */
static int gpcs_words(const rv_waves *w, scene_waves *s)
{
    const rv_gpcs *g = &w->gpcs;
    if (!g->gpc) return 0;
    char list[240];
    if (rv_gpcs_words(g, list, sizeof list)) return -1;
    snprintf(s->gpcs, sizeof s->gpcs,
             _("rows by GPC, a line between, as clusters of up to %u blocks found them (a cluster runs on one GPC): "
               "%s"),
             g->largest, list);
    return 0;
}

/* A launch of clusters against the GPCs: how many of the sets ran its
 * blocks, and the sizes of those that ran none.  0, or -1 when out of
 * memory. */
static int placed_in_gpcs(const rv_waves *w, scene_waves *s)
{
    const rv_gpcs *g = &w->gpcs;
    uint8_t *ran = calloc(g->ngpcs, 1);
    uint32_t *idle = calloc(g->ngpcs, sizeof *idle), nidle = 0, used = 0;
    if (!ran || !idle) {
        free(ran), free(idle);
        return -1;
    }
    for (uint32_t i = 0; i < w->nblocks; i++)
        if (g->gpc[w->blocks[i].sm] != RV_GPC_NONE) ran[g->gpc[w->blocks[i].sm]] = 1;
    for (uint32_t k = 0; k < g->ngpcs; k++) {
        used += ran[k];
        if (ran[k]) continue;
        for (uint32_t sm = 0; sm < g->sm_count; sm++) idle[nidle] += g->gpc[sm] == k;
        nidle++;
    }
    if (!nidle)
        snprintf(s->placed, sizeof s->placed,
                 ngettext("where they ran: every cluster on the SMs of one GPC, on all %u set",
                          "where they ran: every cluster on the SMs of one GPC, on all %u sets", g->ngpcs),
                 g->ngpcs);
    else {
        char list[240];
        rv_waves_sizes_words(idle, nidle, g->sm_count, list, sizeof list);
        snprintf(s->placed, sizeof s->placed,
                 ngettext("where they ran: every cluster on the SMs of one GPC, on %u of the %u sets; none on %s",
                          "where they ran: every cluster on the SMs of one GPC, on %u of the %u sets; none on %s",
                          used),
                 used, g->ngpcs, list);
    }
    free(ran), free(idle);
    return 0;
}

int scene_waves_build(const rv_trace *tr, const scene_waves_in *in, scene_waves *s, char *err, size_t errlen)
{
    uint32_t launch = in->launch;
    memset(s, 0, sizeof *s);
    const rv_waves *w = launch_waves(tr, launch, err, errlen);
    if (!w) return -1;
    rv_waves_facts f;
    s->sms = w->sm_count, s->cols = SCENE_WAVES_COLS;
    s->cells = malloc((size_t)s->sms * s->cols * sizeof *s->cells);
    s->row_group = malloc((size_t)s->sms * sizeof *s->row_group);
    if (!s->cells || !s->row_group || rv_waves_facts_of(w, &f) ||
        rv_waves_cells_span(w, in->from, in->to, s->cols, s->cells) || rows_in_order(w, s) || gpcs_words(w, s)) {
        snprintf(err, errlen, "%s", _("out of memory"));
        scene_waves_free(s);
        return -1;
    }
    s->waves = f.waves;
    double from = in->to > in->from ? in->from : 0.0, to = in->to > in->from ? in->to : 1.0;
    double tail_at = f.t1 > f.t0 ? (double)(f.tail_start - f.t0) / (double)(f.t1 - f.t0) : 1.0;
    s->tail_at = (float)((tail_at - from) / (to - from));
    uint32_t bs = w->block_dim[0] * w->block_dim[1] * w->block_dim[2];
    /* each count in words by its own number (core/grid_words.h) */
    char blocks[RV_COUNT_WORDS], threads[RV_COUNT_WORDS], sms[RV_COUNT_WORDS], more[RV_COUNT_WORDS];
    rv_words_blocks(blocks, sizeof blocks, f.blocks);
    rv_words_sms(sms, sizeof sms, w->sm_count);
    snprintf(s->title, sizeof s->title, _("%s, launch %u: %s of %s on %s"), rv_trace_name(tr), w->launch, blocks,
             rv_words_threads(threads, sizeof threads, bs), sms);
    origin_of(tr, in, s);
    recorded_how(w, s->recorded, sizeof s->recorded);
    if (f.clusters) {
        char clusters[RV_COUNT_WORDS];
        rv_words_clusters(clusters, sizeof clusters, f.clusters);
        snprintf(s->predicted, sizeof s->predicted,
                 ngettext("predicted: %u wave (%s of %s, %u on the GPU at once)",
                          "predicted: %u waves (%s of %s, %u on the GPU at once)", f.waves_predicted),
                 f.waves_predicted, clusters, rv_words_blocks(more, sizeof more, rv_waves_cluster_blocks(w)),
                 w->cluster_bound);
    } else
        snprintf(s->predicted, sizeof s->predicted,
                 ngettext("predicted: %u wave (%s, %s × %u at once by the occupancy)",
                          "predicted: %u waves (%s, %s × %u at once by the occupancy)", f.waves_predicted),
                 f.waves_predicted, blocks, sms, w->bound);
    snprintf(s->observed, sizeof s->observed,
             ngettext("observed: %u wave; the busiest SM ran %s, at most %u at once with all their warps (%u "
                      "with any); %.1f%% of the SMs' time idle",
                      "observed: %u waves; the busiest SM ran %s, at most %u at once with all their warps (%u "
                      "with any); %.1f%% of the SMs' time idle",
                      f.waves),
             f.waves, rv_words_blocks(more, sizeof more, f.most_on_sm), f.most_at_once, f.most_held, 100.0 * f.idle);
    if (f.clusters && w->gpcs.gpc) { /* where they ran, against the GPCs the probe found */
        if (placed_in_gpcs(w, s)) {
            snprintf(err, errlen, "%s", _("out of memory"));
            scene_waves_free(s);
            return -1;
        }
    } else if (f.clusters) { /* where they ran: all the run tells of the GPCs (core/waves.h) */
        char list[400];
        uint32_t nsets = 0;
        if (rv_waves_cluster_sets_words(w, list, sizeof list, &nsets)) {
            snprintf(err, errlen, "%s", _("out of memory"));
            scene_waves_free(s);
            return -1;
        }
        snprintf(s->placed, sizeof s->placed,
                 ngettext("where they ran: the SMs that shared a cluster make %u set, each within one GPC: %s",
                          "where they ran: the SMs that shared a cluster make %u sets, each within one GPC: %s", nsets),
                 nsets, list);
    }
    double span = (double)(f.t1 - f.t0) / 1000.0, tail = (double)(f.t1 - f.tail_start) / 1000.0;
    snprintf(s->tail, sizeof s->tail, _("tail (after the line): the last %.3f µs, %.1f%% of the SMs' time idle in it"),
             tail, 100.0 * f.tail_idle);
    if (from > 0.0 || to < 1.0) /* zoomed: the part shown, of the whole */
        snprintf(s->axis, sizeof s->axis, _("time: %.3f to %.3f µs of %.3f from the first block's start (×%.0f)"),
                 from * span, to * span, span, 1.0 / (to - from));
    else
        snprintf(s->axis, sizeof s->axis, _("time: 0 to %.3f µs from the first block's start"), span);
    snprintf(s->sm_rows, sizeof s->sm_rows, _("%s, one row each"), sms);
    snprintf(s->legend, sizeof s->legend, "%s",
             _("colour: the block's wave (alternating); shade: how full the SM was (its blocks over what the "
               "occupancy allows)"));
    if (in->veiled) { /* the question's answer is in these: kept until it is answered */
        s->veiled = 1;
        s->waves = 0;
        s->tail_at = 2.0f;
        snprintf(s->predicted, sizeof s->predicted, "%s", _("The waves hidden: predict them first"));
        s->observed[0] = s->tail[0] = s->placed[0] = '\0';
    }
    return 0;
}

void scene_waves_free(scene_waves *s)
{
    free(s->cells);
    free(s->row_group);
    s->cells = NULL;
    s->row_group = NULL;
}
