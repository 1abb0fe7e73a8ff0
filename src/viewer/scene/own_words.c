/* own_words.c — the words of a kernel traced unchanged from a student's file
 * (own_words.h).  Each is built from what the trace records of itself: its
 * file's name, device and date, own_flags, and the steps' RV_STEP_UNSYNCED
 * marks, so nothing here knows which kernel it is.
 */
#include "own_words.h"

#include <stdio.h>
#include <string.h>
#include "core/i18n.h"

void own_origin(const rv_trace *tr, char *buf, size_t len)
{
    if (tr->date[0])
        /* TRANSLATORS: the origin of a student's kernel: its file, the GPU,
         * the date the trace was recorded. */
        snprintf(buf, len, _("traced unchanged, %s, on %s, %.10s"), rv_trace_name(tr), tr->origin, tr->date);
    else
        snprintf(buf, len, _("traced unchanged, %s, on %s"), rv_trace_name(tr), tr->origin);
}

void own_origin_brief(const rv_trace *tr, char *buf, size_t len)
{
    snprintf(buf, len, _("traced unchanged on %s%s%.10s"), tr->origin, tr->date[0] ? ", " : "", tr->date);
}

void own_origin_device(const rv_trace *tr, char *buf, size_t len)
{
    snprintf(buf, len, _("traced unchanged on %s"), tr->origin);
}

int own_warning(const rv_trace *tr, char *buf, size_t len)
{
    char sum[160] = "", cut[320] = "", gpu[200] = "", none[200] = "";
    buf[0] = '\0';
    if (!rv_trace_is_own(tr)) return 0;
    if (tr->own_flags & RV_OWN_SUM_WRONG)
        snprintf(sum, sizeof sum, _("WRONG SUM: your kernel returned %.9g, which fails the sum check (traced anyway)"),
                 tr->own_sum);
    if ((tr->own_flags & RV_OWN_CUT) && tr->own_cut && tr->own_cut[0])
        /* a trace of format 3 says what was cut, in numbers (its words are the tracer's) */
        snprintf(cut, sizeof cut,
                 _("CUT: the kernel did more than a trace holds (%.80s); what did not fit is left out"), tr->own_cut);
    else if (tr->own_flags & RV_OWN_CUT)
        /* steps, reads or launches past a trace's limits (RV_OWN_MAX_*), or
         * records past the tracer's buffer: an older trace does not say
         * which, so neither do we */
        snprintf(cut, sizeof cut, "%s", _("CUT: the kernel did more than a trace holds; what did not fit is left out"));
    if (tr->own_flags & RV_OWN_GPU_LAUNCHES)
        snprintf(gpu, sizeof gpu, "%s",
                 _("LAUNCHED FROM THE GPU: kernels started by a kernel are not launches of "
                   "their own here; their steps may appear in the launching kernel's"));
    if (tr->own_flags & RV_OWN_NO_ACCESS) /* the block's one step is empty: said first, as what the picture shows */
        snprintf(none, sizeof none,
                 _("NO ACCESS: block %u made no shared or global access (an empty kernel, or reads "
                   "the compiler dropped since nothing written used them)"),
                 tr->traced_block);
    const char *dot = " \xC2\xB7 ";
    snprintf(buf, len, "%s%s%s%s%s%s%s", none, none[0] && sum[0] ? dot : "", sum, sum[0] && cut[0] ? dot : "", cut,
             (none[0] || sum[0] || cut[0]) && gpu[0] ? dot : "", gpu);
    return buf[0] != '\0';
}

int own_shape_words(const rv_trace *tr, char *buf, size_t len)
{
    uint32_t b[3], g[3];
    char bt[48], gt[48], flat[200] = "", part[200] = "", grid[160] = "";
    rv_trace_block_dim(tr, b);
    rv_trace_grid_dim(tr, g);
    rv_dims_text(b, bt, sizeof bt);
    rv_dims_text(g, gt, sizeof gt);
    int B = tr->block_size, last = (B - 1) / 32, lanes = rv_warp_lanes(B, last);
    if (rv_dims_used(b) > 1)
        snprintf(flat, sizeof flat,
                 _("block %s (%d threads, numbered x fastest): drawn flat, as warps of 32 threads in "
                   "that order"),
                 bt, B);
    if (lanes < 32 && flat[0])
        snprintf(part, sizeof part,
                 _("warp %d is partial, %d of 32 lanes: lanes %d\xE2\x80\x93"
                   "31 do not exist and are "
                   "not drawn"),
                 last, lanes, lanes);
    else if (lanes < 32)
        snprintf(part, sizeof part,
                 ngettext("block of %d thread: warp %d is partial, %d of 32 lanes: lanes %d\xE2\x80\x93"
                          "31 do not exist and are not drawn",
                          "block of %d threads: warp %d is partial, %d of 32 lanes: lanes %d\xE2\x80\x93"
                          "31 do not exist and are not drawn",
                          B),
                 B, last, lanes, lanes);
    if (rv_dims_used(g) > 1)
        snprintf(grid, sizeof grid, _("grid %s: the traced block is blockIdx (%u, %u, %u)"), gt,
                 tr->traced_block % g[0], tr->traced_block / g[0] % g[1], tr->traced_block / (g[0] * g[1]));
    uint32_t c[3], blocks;
    char cluster[160] = "";
    if (rv_trace_clustered(tr, c, &blocks))
        snprintf(cluster, sizeof cluster,
                 ngettext("clusters of %u block, the traced block rank %u of its cluster",
                          "clusters of %u blocks, the traced block rank %u of its cluster", blocks),
                 blocks, rv_trace_cluster_rank(tr));
    const char *dot = " \xC2\xB7 ";
    snprintf(buf, len, "%s%s%s%s%s%s%s", flat, flat[0] && part[0] ? dot : "", part,
             (flat[0] || part[0]) && grid[0] ? dot : "", grid, (flat[0] || part[0] || grid[0]) && cluster[0] ? dot : "",
             cluster);
    return buf[0] != '\0';
}

int own_step_races(const rv_trace *tr, int step)
{
    if (!rv_trace_is_own(tr) || step < 0 || step >= tr->nsteps || !(tr->steps[step].flags & RV_STEP_UNSYNCED)) return 0;
    /* An atomic is never a race (the hardware serves its lanes one after
     * another): a step whose shared writes are all atomics has none, even
     * where a trace marked it. */
    int atomic = 0;
    for (int t = 0; t < tr->block_size; t++) {
        const rv_event *e = rv_trace_event(tr, step, t);
        if (!e->line || !RV_ACC_IS_SMEM(e->write)) continue;
        if (!(e->flags & RV_EV_ATOMIC)) return 1;
        atomic = 1;
    }
    return !atomic;
}

int own_unsynced_note(const rv_trace *tr, int step, char *title, size_t tlen, char *detail, size_t dlen)
{
    title[0] = detail[0] = '\0';
    if (!own_step_races(tr, step)) return 0;
    /* the band's headline takes two lines, its detail one */
    snprintf(title, tlen, "%s",
             _("No __syncwarp: a race on Volta and later. Lanes read words that other lanes "
               "wrote in this statement, with no __syncwarp() between"));
    snprintf(detail, dlen, "%s", _("it worked in this run only because the warp ran in lockstep"));
    return 1;
}

const char *own_unsynced_brief(const rv_trace *tr, int step)
{
    if (!own_step_races(tr, step)) return NULL;
    return _("no __syncwarp: a race on Volta and later");
}

int own_race_lines(const rv_trace *tr)
{
    if (!rv_trace_is_own(tr)) return 0;
    for (int s = 0; s < tr->nsteps; s++)
        if (own_step_races(tr, s)) return 3;
    return 0;
}

void own_conflict_line(const rv_analysis *an, int brief, char *buf, size_t len)
{
    long ld = 0, st = 0;
    for (int s = 0; s < an->tr->nsteps; s++)
        for (int w = 0; w < an->nwarps; w++) {
            const rv_warp_info *wi = rv_analysis_warp(an, s, w);
            ld += wi->smem_ld_wavefronts - wi->smem_ld_requests;
            st += wi->smem_st_wavefronts - wi->smem_st_requests;
        }
    if (brief)
        snprintf(buf, len,
                 _("bank conflicts/block, loads \xC2\xB7 stores: %ld \xC2\xB7 %ld, from the traced addresses"), ld, st);
    else
        snprintf(buf, len, _("%ld \xC2\xB7 %ld (loads \xC2\xB7 stores), counted from the traced addresses"), ld, st);
}

int own_has_unknown(const rv_analysis *an)
{
    const rv_trace *tr = an->tr;
    if (!rv_trace_is_own(tr)) return 0;
    for (int s = 0; s < tr->nsteps; s++)
        for (int t = 0; t < tr->block_size; t++) {
            const rv_event *e = rv_trace_event(tr, s, t);
            /* a wide store leaves words whose values were not recorded */
            if (e->line && (rv_value_unknown(e->value) || RV_ACC_WORDS(e->write) > 1)) return 1;
        }
    return 0;
}

const char *own_unknown_words(void) { return _("?: a value in a register: the tracer sees memory, not registers"); }

const char *own_unknown_wide_words(void)
{
    return _("?: a word of an 8- or 16-byte store: the tracer recorded the value of its first word only");
}

const char *own_unknown_key(void)
{
    /* TRANSLATORS: the colour key, beside a cell showing "?"; half a column wide. */
    return _("register: not traced");
}
