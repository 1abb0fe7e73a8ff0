/* scene_panel.c — what the results panel says, decided before it is drawn.
 *
 * The timed runs come from `reducevis bench -o FILE.json` (results.h), by
 * default the bundled results of the trace's device; the hardware
 * cross-check from `reducevis verify` (verify_words.h).  Bar rows follow
 * the version table's teaching order, then CUB; the current version is the
 * trace's.  Nothing is invented: a figure the file does not know is said to
 * be unknown, a version it does not have is said to be missing.
 */
#include "scene_panel.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/assets.h"
#include "device_label.h"
#include "own_words.h"
#include "verify_words.h"
#include "viewer/scene/frame.h"
#include "core/i18n.h"
#include "core/results.h"
#include "core/verify_record.h"
#include "core/versions.h"

#define CUB_ROW RV_NUM_VERSIONS /* the bars: every version, then CUB */

_Static_assert(CUB_ROW + 1 <= PANEL_MAX_BARS, "PANEL_MAX_BARS >= RV_NUM_VERSIONS + 1"); /* a bar each, CUB too */

/* ---- the runs ---------------------------------------------------------------- */

/* Bar row k is variant k: the versions in teaching order, then CUB. */
static const char *row_name(int k)
{
    const char *name = rv_results_variant(k);
    return name ? name : "?";
}

/* The bar row of version id v. */
static int row_of(int v)
{
    const rv_version_info *vi = rv_version(v);
    return vi ? vi->order : -1;
}

/* The run of bar row k at n, else at the file's main N. */
static const rv_result_run *find_row(const rv_results *r, int k, uint64_t n)
{
    if (!r) return NULL;
    const rv_result_run *run = rv_results_find(r, row_name(k), n);
    return run ? run : rv_results_find(r, row_name(k), 0);
}

/* A GPU trace whose device is not the results' device (by slug). */
static int other_device(const viewer_frame *f)
{
    if (f->tr->origin_kind != RV_ORIGIN_GPU || !f->results) return 0;
    char a[96], b[96];
    assets_device_slug(f->tr->origin, a, sizeof a);
    assets_device_slug(rv_results_device(f->results), b, sizeof b);
    return strcmp(a, b) != 0;
}

static double fmax_known(double a, double b) { return isnan(b) ? a : b > a ? b : a; }

/* A bandwidth to draw a line at: 0 when unknown. */
static double known(double gbps) { return !isnan(gbps) && gbps > 0 ? gbps : 0; }

/* An own trace's bandwidth over its timed run: n floats read once. */
static double own_gbps(const rv_trace *tr) { return tr->own_ms > 0 ? (double)tr->n * 4.0 / (tr->own_ms * 1e6) : 0; }

/* "timed run: 0.047 ms · 2878 GB/s · N 2²⁵ on NVIDIA H200, without the
 * tracer", or that it was not timed. */
static int own_figure(const rv_trace *tr, char *buf, size_t len)
{
    char nn[32];
    plot_n_name(tr->n, nn, sizeof nn);
    if (tr->own_ms <= 0) {
        snprintf(buf, len, "%s", _("timed run: your kernel was not timed when it was traced"));
        return 0;
    }
    snprintf(buf, len, _("timed run: %.3f ms \xC2\xB7 %.0f GB/s%s \xC2\xB7 N %s on %s, without the tracer"), tr->own_ms,
             own_gbps(tr), tr->own_flags & RV_OWN_SUM_WRONG ? _(" \xC2\xB7 sum check FAILED") : "", nn, tr->origin);
    return 1;
}

int scene_panel_figure(const viewer_frame *f, int version, uint64_t n, char *buf, size_t len)
{
    if (version == RV_VERSION_OWN && rv_trace_is_own(f->tr)) return own_figure(f->tr, buf, len);
    const rv_result_run *run = find_row(f->results, row_of(version), n);
    if (run) {
        char nn[32], pct[48] = "", up[48] = "";
        plot_n_name(run->n, nn, sizeof nn);
        if (!isnan(run->pct_theoretical))
            snprintf(pct, sizeof pct, _(" \xC2\xB7 %.0f%% of peak"), run->pct_theoretical);
        if (!isnan(run->speedup_v0) && strcmp(run->version, row_name(0)))
            snprintf(up, sizeof up, " \xC2\xB7 %.1f\xC3\x97 %s", run->speedup_v0, row_name(0));
        char spread[64] = "";
        if (isfinite(run->q1_ms) && isfinite(run->q3_ms)) /* half the runs lie in q1 .. q3 */
            snprintf(spread, sizeof spread, " (%.3f\xE2\x80\x93%.3f)", run->q1_ms, run->q3_ms);
        snprintf(buf, len, _("timed run: %.3f ms%s \xC2\xB7 %.0f GB/s%s%s%s \xC2\xB7 N %s on %s"), run->median_ms,
                 spread, run->gbps, pct, up, run->correct ? "" : _(" \xC2\xB7 sum check FAILED"), nn,
                 rv_results_device(f->results));
        return 1;
    }
    if (f->results) {
        snprintf(buf, len, _("timed run: %s is not in this results file (%s)"), row_name(row_of(version)),
                 rv_results_device(f->results));
        return 0;
    }
    snprintf(buf, len, _("no timed run loaded"));
    return 0;
}

/* ---- the sections ------------------------------------------------------------ */

/* Where and when it was timed; what the replay is, when not that GPU.  An
 * own trace timed when it was traced: its figures are its own run's, on its
 * GPU and its date (the trace's), and the versions' bars the file's, said so. */
static void build_origin(scene_panel *s, const viewer_frame *f, const rv_results *r)
{
    char dev[64];
    const rv_trace *tr = f->tr;
    if (s->state == PANEL_TIMED && rv_trace_is_own(tr) && tr->own_ms > 0) {
        snprintf(s->device, sizeof s->device, _("timed on %s"), device_label(tr->origin, dev, sizeof dev));
        snprintf(s->date, sizeof s->date, _("%.10s \xC2\xB7 your kernel's timed run"), tr->date);
        snprintf(s->replay, sizeof s->replay, _("the versions' bars: timed on %s, %.10s"),
                 device_label(rv_results_device(r), dev, sizeof dev), rv_results_date(r));
        return;
    }
    snprintf(s->device, sizeof s->device, _("timed on %s"), device_label(rv_results_device(r), dev, sizeof dev));
    snprintf(s->date, sizeof s->date, _("%.10s \xC2\xB7 median of %d runs"), rv_results_date(r),
             rv_results_info(r)->repeat);
    s->replay[0] = '\0';
    if (f->tr->origin_kind != RV_ORIGIN_GPU)
        snprintf(s->replay, sizeof s->replay, "%s", _("the replay is the CPU model; the timing is real"));
    else if (other_device(f))
        snprintf(s->replay, sizeof s->replay, _("the replay was recorded on %s"), f->tr->origin);
}

/* The current version's median time, bandwidth, shares of the peak and of
 * a copy, speedup over the baseline and sum check; or that it is missing. */
static void build_figures(scene_panel *s, const viewer_frame *f)
{
    const rv_result_run *run = find_row(f->results, row_of(f->tr->version), f->tr->n);
    s->timed = run != NULL;
    if (!run) {
        snprintf(s->missing, sizeof s->missing, _("%s: not in this results file"), row_name(row_of(f->tr->version)));
        snprintf(s->missing_hint, sizeof s->missing_hint, "%s", _("the bars below show the versions it has"));
        return;
    }
    snprintf(s->time, sizeof s->time, "%.3f ms", run->median_ms);
    snprintf(s->rate, sizeof s->rate, "%.0f GB/s", run->gbps);
    /* "—" where the file does not know. */
    char peak[48], copy[48];
    snprintf(peak, sizeof peak, "%s", _("peak unknown"));
    snprintf(copy, sizeof copy, "%s", _("copy not measured"));
    if (!isnan(run->pct_theoretical)) snprintf(peak, sizeof peak, _("%.0f%% of peak"), run->pct_theoretical);
    if (!isnan(run->pct_copy)) snprintf(copy, sizeof copy, _("%.0f%% of copy"), run->pct_copy);
    snprintf(s->shares, sizeof s->shares, "%s \xC2\xB7 %s", peak, copy);
    /* Speedup over the baseline (the first of the teaching order), then the
     * sum check, honest either way. */
    if (!strcmp(run->version, row_name(0)))
        snprintf(s->speedup, sizeof s->speedup, "%s", _("the baseline"));
    else if (!isnan(run->speedup_v0))
        snprintf(s->speedup, sizeof s->speedup, _("%.1f\xC3\x97 faster than %s"), run->speedup_v0, row_name(0));
    else
        snprintf(s->speedup, sizeof s->speedup, _("%s not timed"), row_name(0));
    snprintf(s->sum, sizeof s->sum, "%s", run->correct ? _("sum ok") : _("sum check FAILED"));
    s->sum_tone = run->correct ? PANEL_GOOD : PANEL_BAD;
    snprintf(s->scope, sizeof s->scope, "%s", _("time: whole reduction, all passes"));
}

/* An own trace's figures: its own timed run against the bundled ones of its
 * device (the peak, a copy, v0 at the same N), or that it was not timed. */
static void build_own_figures(scene_panel *s, const viewer_frame *f)
{
    const rv_trace *tr = f->tr;
    const rv_results *r = f->results;
    s->timed = tr->own_ms > 0;
    if (!s->timed) {
        snprintf(s->missing, sizeof s->missing, "%s", _("your kernel was not timed"));
        snprintf(s->missing_hint, sizeof s->missing_hint, "%s",
                 _("not timed when it was traced: the bars below show the versions"));
        return;
    }
    double gbps = own_gbps(tr), peak = rv_results_theoretical_gbps(r), copy = rv_results_copy_gbps(r, tr->n);
    snprintf(s->time, sizeof s->time, "%.3f ms", tr->own_ms);
    snprintf(s->rate, sizeof s->rate, "%.0f GB/s", gbps);
    char pk[48], cp[48];
    snprintf(pk, sizeof pk, "%s", _("peak unknown"));
    snprintf(cp, sizeof cp, "%s", _("copy not measured"));
    if (known(peak) > 0) snprintf(pk, sizeof pk, _("%.0f%% of peak"), 100.0 * gbps / peak);
    if (known(copy) > 0) snprintf(cp, sizeof cp, _("%.0f%% of copy"), 100.0 * gbps / copy);
    snprintf(s->shares, sizeof s->shares, "%s \xC2\xB7 %s", pk, cp);
    /* against the baseline only at the same N: another N is another test */
    const rv_result_run *v0 = rv_results_find(r, row_name(0), tr->n);
    if (v0 && v0->median_ms >= tr->own_ms)
        snprintf(s->speedup, sizeof s->speedup, _("%.1f\xC3\x97 faster than %s"), v0->median_ms / tr->own_ms,
                 row_name(0));
    else if (v0 && v0->median_ms > 0) /* slower than the baseline: said so, not as "0.5x faster" */
        snprintf(s->speedup, sizeof s->speedup, _("%.1f\xC3\x97 slower than %s"), tr->own_ms / v0->median_ms,
                 row_name(0));
    else
        snprintf(s->speedup, sizeof s->speedup, _("%s not timed at this N"), row_name(0));
    int wrong = (tr->own_flags & RV_OWN_SUM_WRONG) != 0;
    snprintf(s->sum, sizeof s->sum, "%s", wrong ? _("sum wrong") : _("sum ok"));
    s->sum_tone = wrong ? PANEL_BAD : PANEL_GOOD;
    snprintf(s->scope, sizeof s->scope, "%s", _("time: whole reduction, not traced"));
}

/* An own trace's bar, after CUB: its own run; none when it was not timed. */
static void own_bar(scene_panel *s, const rv_trace *tr, double *scale)
{
    panel_bar *b = &s->bar[s->nbars - 1];
    int wrong = (tr->own_flags & RV_OWN_SUM_WRONG) != 0;
    b->absent = _("not timed");
    if (!(b->timed = tr->own_ms > 0)) return;
    b->gbps = own_gbps(tr);
    snprintf(b->value, sizeof b->value, "%.0f%s", b->gbps, wrong ? "!" : "");
    b->value_tone = wrong ? PANEL_BAD : PANEL_ACCENT;
    *scale = fmax_known(*scale, b->gbps);
}

/* A bar per version and CUB at the N of the current version's run (else
 * the file's main N), with the copy bandwidth and the peak across them; an
 * own trace's bars at its N where the file has runs there. */
static void build_bars(scene_panel *s, const viewer_frame *f)
{
    const rv_results *r = f->results;
    int own = rv_trace_is_own(f->tr);
    const rv_result_run *cur = own ? rv_results_find(r, row_name(0), f->tr->n) : find_row(r, s->current, f->tr->n);
    uint64_t n = cur ? cur->n : rv_results_info(r)->n;
    char nn[32];
    plot_n_name(n, nn, sizeof nn);
    cur = own ? NULL : find_row(r, s->current, n);
    if (cur && cur->block_size > 0)
        snprintf(s->bars_title, sizeof s->bars_title, _("GB/s at N %s, block %d"), nn, cur->block_size);
    else if (own && f->tr->own_ms <= 0)
        snprintf(s->bars_title, sizeof s->bars_title, _("GB/s at N %s, all versions"), nn);
    else if (own && n == f->tr->n)
        snprintf(s->bars_title, sizeof s->bars_title, _("GB/s at N %s, with yours"), nn);
    else if (own) {
        char yn[32];
        plot_n_name(f->tr->n, yn, sizeof yn);
        snprintf(s->bars_title, sizeof s->bars_title, _("GB/s at N %s; yours at N %s"), nn, yn);
    } else
        snprintf(s->bars_title, sizeof s->bars_title, _("GB/s at N %s, all versions"), nn);
    snprintf(s->absent, sizeof s->absent, "%s", _("not in this file"));
    double peak = rv_results_theoretical_gbps(r), copy = rv_results_copy_gbps(r, n);
    double scale = fmax_known(fmax_known(0, peak), copy);
    for (int k = 0; k <= s->cub; k++) {
        panel_bar *b = &s->bar[k];
        const rv_result_run *q = find_row(r, k, n);
        if (!(b->timed = q != NULL)) continue;
        b->gbps = q->gbps;
        snprintf(b->value, sizeof b->value, "%.0f%s", q->gbps, q->correct ? "" : "!");
        b->value_tone = !q->correct ? PANEL_BAD : k == s->current ? PANEL_ACCENT : PANEL_TEXT;
        scale = fmax_known(scale, q->gbps);
    }
    if (own) own_bar(s, f->tr, &scale);
    s->scale = scale > 0 ? scale : 1;
    s->copy = known(copy);
    s->peak = known(peak);
    snprintf(s->copy_key, sizeof s->copy_key, _("copy %.0f"), copy);
    snprintf(s->peak_key, sizeof s->peak_key, _("peak %.0f"), peak);
}

/* GB/s against N for every row, the axes' reach, the peak and where the
 * array stops fitting in L2 (smaller N is read from the cache). */
static void build_sweep(scene_panel *s, const rv_results *sw)
{
    const uint64_t *sizes;
    if (!sw || rv_results_sizes(sw, &sizes) < 2) return;
    for (int k = 0; k <= s->cub; k++) /* an own trace's run is at one N: no line */
        s->npts = plot_points(sw, row_name(k), s->line[k], PLOT_MAX_POINTS);
    uint64_t first = s->line[0][0].n, last = s->line[0][s->npts - 1].n;
    char a[32], b[32];
    plot_n_name(first, a, sizeof a);
    plot_n_name(last, b, sizeof b);
    snprintf(s->plot_title, sizeof s->plot_title, _("GB/s vs N, %s \xE2\x80\xA6 %s"), a, b);
    if (s->current <= s->cub && find_row(sw, s->current, 0))
        snprintf(s->plot_name, sizeof s->plot_name, "%s", row_name(s->current));
    /* Up to the best run or the peak, and a little room above, to a whole
     * gridline. */
    double peak = rv_results_theoretical_gbps(sw), top = fmax_known(0, peak);
    for (int i = 0; i < rv_results_count(sw); i++) top = fmax_known(top, rv_results_run(sw, i)->gbps);
    top = top > 0 ? top * 1.04 : 1;
    double step = plot_nice_step(top, 5);
    s->axis_top = ceil(top / step) * step;
    s->lo = log2((double)first);
    s->hi = log2((double)last);
    const rv_results_meta *meta = rv_results_info(sw);
    double l2n = meta->l2_bytes > 0 ? log2((double)meta->l2_bytes / 4) : 0;
    s->l2_n = l2n > s->lo && l2n < s->hi ? meta->l2_bytes / 4 : 0;
    s->plot_peak = known(peak);
    snprintf(s->plot_peak_key, sizeof s->plot_peak_key, _("peak %.0f"), peak);
}

/* Bank conflicts per block, predicted by the trace analysis and measured
 * on the device by Nsight Compute, with the raw L1 counter and why it
 * differs; or why there are none to show. */
static void build_verify(panel_verify *h, const viewer_frame *f)
{
    if (rv_trace_is_own(f->tr)) { /* never profiled: the traced addresses say it */
        h->kind = 2;
        snprintf(h->heading, sizeof h->heading, "%s", _("Bank conflicts per block"));
        own_conflict_line(f->an, 0, h->sentence, sizeof h->sentence);
        return;
    }
    const rv_verify_record *cc = f->verify;
    const rv_version_info *vi = rv_version(f->tr->version);
    verify_conflicts c;
    char blocks[64] = "", a[32], b[32];
    int have = cc && vi && verify_conflicts_of(cc, vi->name, f->tr->block_size, &c, blocks, sizeof blocks);
    int noted = f->verify_note && f->verify_note[0];
    h->kind = have ? 1 : cc || noted ? 2 : 0;
    if (!h->kind) return;
    snprintf(h->heading, sizeof h->heading, "%s", cc ? _("Bank conflicts per block") : _("Hardware cross-check"));
    if (!have) {
        if (cc && blocks[0])
            snprintf(h->sentence, sizeof h->sentence, _("not profiled at block size %d (verify on %s used %s)"),
                     f->tr->block_size, cc->device, blocks);
        else if (cc)
            snprintf(h->sentence, sizeof h->sentence, _("%s was not profiled on %s"), vi ? vi->name : _("this version"),
                     cc->device);
        else
            snprintf(h->sentence, sizeof h->sentence, "%s", f->verify_note);
        return;
    }
    snprintf(h->pred_label, sizeof h->pred_label, "%s", _("predicted (loads \xC2\xB7 stores)"));
    verify_count(c.pred_ld, a, sizeof a);
    verify_count(c.pred_st, b, sizeof b);
    snprintf(h->pred, sizeof h->pred, "%s \xC2\xB7 %s", a, b);
    /* Measured: green with a tick where it equals the prediction; without
     * the tick where room is short, the colour says it alone. */
    int agree = c.pred_ld == c.meas_ld && c.pred_st == c.meas_st;
    char dev[64];
    snprintf(h->meas_label, sizeof h->meas_label, _("measured on %s"), device_label(cc->device, dev, sizeof dev));
    verify_count(c.meas_ld, a, sizeof a);
    verify_count(c.meas_st, b, sizeof b);
    h->nmeas = 0;
    if (agree) snprintf(h->meas[h->nmeas++], sizeof h->meas[0], "\xE2\x9C\x93 %s \xC2\xB7 %s", a, b);
    snprintf(h->meas[h->nmeas++], sizeof h->meas[0], "%s \xC2\xB7 %s", a, b);
    h->meas_tone = agree ? PANEL_GOOD : PANEL_DIFFERS;
    /* The raw L1 counter, dim: it is not the instructions' own doing. */
    snprintf(h->l1_label, sizeof h->l1_label, "%s", _("L1 counter"));
    snprintf(a, sizeof a, "%.1f", c.l1_ld);
    snprintf(b, sizeof b, "%.1f", c.l1_st);
    snprintf(h->l1, sizeof h->l1, "%s \xC2\xB7 %s", isnan(c.l1_ld) ? "\xE2\x80\x94" : a,
             isnan(c.l1_st) ? "\xE2\x80\x94" : b);
    /* Small print: what "measured" is, and why the L1 counter differs. */
    size_t o =
        (size_t)snprintf(h->small, sizeof h->small, _("measured: instructions' own wavefronts (Nsight Compute)%s%s"),
                         c.own_note[0] ? ", " : "", c.own_note[0] ? _(c.own_note) : "");
    if (c.l1_reason[0] && o < sizeof h->small) {
        /* A translated reason is whole; the English one drops its "it ". */
        const char *why = _(c.l1_reason);
        if (why == c.l1_reason && !strncmp(why, "it ", 3)) why += 3;
        snprintf(h->small + o, sizeof h->small - o, _("; L1 %s"), why);
    }
}

void scene_panel_build(scene_panel *s, const viewer_frame *f)
{
    /* Only what a state shows is written: no clearing of the large plot. */
    const rv_results *r = f->results ? f->results : f->sweep;
    s->state = f->results ? PANEL_TIMED : f->sweep ? PANEL_SWEEP_ONLY : PANEL_NOTHING;
    snprintf(s->title, sizeof s->title, "%s", _("Real timed run"));
    snprintf(s->why, sizeof s->why, "%s", f->results_note ? f->results_note : "");
    int own = rv_trace_is_own(f->tr);
    s->cub = CUB_ROW;
    s->nbars = CUB_ROW + 1 + own; /* an own trace's run: a row after CUB */
    s->current = own ? CUB_ROW + 1 : row_of(f->tr->version);
    s->name_chars = 3;
    for (int k = 0; k < s->nbars; k++) {
        /* TRANSLATORS: the bar of a student's own kernel among the versions
         * and CUB (a short word: the bars' names are a few letters). */
        snprintf(s->bar[k].name, sizeof s->bar[k].name, "%s", k > CUB_ROW ? _("yours") : row_name(k));
        s->bar[k].timed = 0;
        s->bar[k].absent = s->absent;
        if (k != CUB_ROW && (int)strlen(s->bar[k].name) > s->name_chars) s->name_chars = (int)strlen(s->bar[k].name);
    }
    s->npts = 0;
    s->plot_name[0] = '\0';
    build_verify(&s->hw, f);
    if (s->state == PANEL_NOTHING) {
        snprintf(s->nothing, sizeof s->nothing, "%s", _("no timed run loaded"));
        snprintf(s->hint, sizeof s->hint, "%s", _("(reducevis bench -o FILE.json, then --results FILE.json)"));
        return;
    }
    build_origin(s, f, r);
    if (s->state == PANEL_TIMED) {
        if (own)
            build_own_figures(s, f);
        else
            build_figures(s, f);
        build_bars(s, f);
    } else {
        snprintf(s->sweep_only, sizeof s->sweep_only, "%s",
                 _("only a sweep was given: figures and bars need a run at one N"));
    }
    build_sweep(s, f->sweep);
}
