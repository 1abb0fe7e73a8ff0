/* compare.c — aligning two traces step by step and naming their difference.
 *
 * The difference line is chosen from a fixed list of aspects in teaching
 * order (bank conflicts, warp divergence, barrier or not, wasted lanes,
 * active threads, elements loaded per thread): the first two that differ are
 * named for both versions, so the line says what the step is about and not
 * everything at once.
 */
#include "viewer/scene/compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/versions.h"
#include "core/i18n.h"
#include "viewer/scene/step_words.h"

/* ---- alignment ------------------------------------------------------------ */

static int is_reduction(uint32_t ph) { return ph == RV_PHASE_TREE || ph == RV_PHASE_WARP || ph == RV_PHASE_SHUFFLE; }

/* Reduction steps are keyed by stride, the others by phase. */
static int step_key(const rv_step *st)
{
    if (is_reduction(st->phase) && st->stride > 0) return 1000 + st->stride;
    return (int)st->phase;
}

/* How many steps before s share its key. */
static int occurrence(const rv_trace *tr, int s)
{
    int key = step_key(&tr->steps[s]), k = 0;
    for (int i = 0; i < s; i++) k += step_key(&tr->steps[i]) == key;
    return k;
}

int compare_align(const rv_trace *a, const rv_trace *b, compare_row **out)
{
    int nb = b->nsteps;
    compare_row *rows = malloc(sizeof *rows * (size_t)(a->nsteps + nb > 0 ? a->nsteps + nb : 1));
    int *match_b = malloc(sizeof *match_b * (size_t)(nb > 0 ? nb : 1));
    *out = NULL;
    if (!rows || !match_b) {
        free(rows);
        free(match_b);
        return -1;
    }
    for (int j = 0; j < nb; j++) match_b[j] = -1;
    int n = 0;
    for (int i = 0; i < a->nsteps; i++) {
        int key = step_key(&a->steps[i]), occ = occurrence(a, i), found = -1;
        for (int j = 0, k = 0; j < nb; j++) {
            if (step_key(&b->steps[j]) != key) continue;
            if (k++ == occ) {
                found = j;
                break;
            }
        }
        if (found >= 0) match_b[found] = n;
        rows[n++] = (compare_row){{i, found}};
    }
    /* b's unmatched steps: right after the row of the step before them. */
    for (int j = 0; j < nb; j++) {
        if (match_b[j] >= 0) continue;
        int at = j == 0 ? 0 : match_b[j - 1] + 1;
        memmove(&rows[at + 1], &rows[at], sizeof rows[0] * (size_t)(n - at));
        rows[at] = (compare_row){{-1, j}};
        n++;
        for (int k = 0; k < nb; k++)
            if (match_b[k] >= at) match_b[k]++;
        match_b[j] = at;
    }
    free(match_b);
    *out = rows;
    return n;
}

int compare_row_of(const compare_row *rows, int nrows, int p, int step)
{
    int best = 0, best_step = -1;
    for (int r = 0; r < nrows; r++) {
        int s = rows[r].step[p];
        if (s == step) return r;
        if (s >= 0 && s < step && s > best_step) {
            best = r;
            best_step = s;
        }
    }
    return best;
}

/* ---- the difference ------------------------------------------------------- */

typedef struct side {
    const rv_analysis *an;
    int s;
    const char *name;
    const rv_step *st;
    const rv_step_info *si;
    int conflict; /* worst degree; 1 conflict-free; 0 no shared access */
    int conflict_warp, conflict_warps;
    int per_thread; /* global elements read per active thread (load)    */
} side;

static void side_facts(side *sd)
{
    const rv_analysis *an = sd->an;
    const rv_trace *tr = an->tr;
    /* an own trace is "yours", as its row of the timeline: the header
     * names its file, the difference line has room for two short names */
    sd->name = rv_trace_is_own(tr) ? _("yours") : rv_trace_name(tr);
    if (sd->s < 0) return;
    sd->st = &tr->steps[sd->s];
    sd->si = &an->steps[sd->s];
    int smem = 0;
    sd->conflict_warp = -1;
    for (int w = 0; w < an->nwarps; w++) {
        const rv_warp_info *wi = rv_analysis_warp(an, sd->s, w);
        smem += wi->smem_requests;
        if (wi->max_conflict >= 2) {
            sd->conflict_warps++;
            if (sd->conflict_warp < 0 ||
                wi->max_conflict > rv_analysis_warp(an, sd->s, sd->conflict_warp)->max_conflict)
                sd->conflict_warp = w;
        }
    }
    sd->conflict = sd->si->max_conflict >= 2 ? sd->si->max_conflict : smem > 0 ? 1 : 0;
    long gin = 0;
    for (int t = 0; t < tr->block_size; t++) {
        const rv_event *e = rv_trace_event(tr, sd->s, t);
        if (!e->line) continue;
        const uint64_t *rd = rv_event_reads(tr, e);
        for (uint32_t i = 0; i < e->nreads; i++)
            gin += RV_ACC_SPACE(rd[i]) == RV_SPACE_GIN ? 1 : RV_ACC_SPACE(rd[i]) == RV_SPACE_GIN4 ? 4 : 0;
    }
    sd->per_thread = sd->si->active_threads ? (int)(gin / sd->si->active_threads) : 0;
}

enum { ASP_CONFLICT, ASP_WARPS, ASP_PHASE, ASP_WASTED, ASP_LOAD, ASP_ACTIVE, ASP_COUNT };

static int differs(int asp, const side *a, const side *b)
{
    switch (asp) {
    case ASP_CONFLICT: return a->conflict != b->conflict && (a->conflict >= 2 || b->conflict >= 2);
    case ASP_WARPS: return a->si->divergent_warps != b->si->divergent_warps || a->si->full_warps != b->si->full_warps;
    case ASP_PHASE: return a->st->phase != b->st->phase;
    case ASP_WASTED: return a->si->wasted_threads != b->si->wasted_threads;
    case ASP_LOAD: return a->st->phase == RV_PHASE_LOAD && a->per_thread != b->per_thread;
    case ASP_ACTIVE: return a->si->active_threads != b->si->active_threads;
    default: return 0;
    }
}

static void describe(int asp, const side *sd, char *buf, size_t len)
{
    const rv_step_info *si = sd->si;
    switch (asp) {
    case ASP_CONFLICT:
        if (sd->conflict >= 2 && sd->conflict_warps > 1)
            snprintf(buf, len, _("%d-way bank conflict in warp %d and %d more"), sd->conflict, sd->conflict_warp,
                     sd->conflict_warps - 1);
        else if (sd->conflict >= 2)
            snprintf(buf, len, _("%d-way bank conflict in warp %d"), sd->conflict, sd->conflict_warp);
        else if (sd->conflict == 1)
            snprintf(buf, len, "%s", _("conflict-free"));
        else
            snprintf(buf, len, "%s", _("no shared memory"));
        break;
    case ASP_WARPS:
        if (si->divergent_warps && si->full_warps)
            snprintf(buf, len,
                     ngettext("%d divergent warp, %d full", "%d divergent warps, %d full", si->divergent_warps),
                     si->divergent_warps, si->full_warps);
        else if (si->divergent_warps)
            snprintf(buf, len, ngettext("%d divergent warp", "%d divergent warps", si->divergent_warps),
                     si->divergent_warps);
        else if (si->full_warps)
            snprintf(buf, len, ngettext("%d full warp", "%d full warps", si->full_warps), si->full_warps);
        else
            snprintf(buf, len, "%s", _("no warp runs"));
        break;
    case ASP_PHASE:
        switch ((rv_phase)sd->st->phase) {
        case RV_PHASE_TREE: snprintf(buf, len, "%s", _("shared memory, then __syncthreads()")); break;
        case RV_PHASE_WARP: snprintf(buf, len, "%s", _("warp-synchronous, no barrier")); break;
        case RV_PHASE_SHUFFLE: snprintf(buf, len, "%s", _("register shuffle, no shared memory")); break;
        case RV_PHASE_STORE: snprintf(buf, len, "%s", _("registers \xE2\x86\x94 shared memory")); break;
        case RV_PHASE_LOAD: snprintf(buf, len, "%s", _("load from global memory")); break;
        case RV_PHASE_ATOMIC: snprintf(buf, len, "%s", _("atomics: lanes on one word take turns")); break;
        default: snprintf(buf, len, "%s", step_phase_name((rv_phase)sd->st->phase)); break;
        }
        break;
    case ASP_WASTED:
        if (si->wasted_threads)
            snprintf(buf, len, ngettext("%d lane's result unused", "%d lanes' results unused", si->wasted_threads),
                     si->wasted_threads);
        else
            snprintf(buf, len, "%s", _("no wasted lanes"));
        break;
    case ASP_LOAD:
        if (sd->per_thread > 1)
            snprintf(buf, len, _("%d elements per thread, added while loading"), sd->per_thread);
        else
            snprintf(buf, len, ngettext("%d element per thread", "%d elements per thread", sd->per_thread),
                     sd->per_thread);
        break;
    default:
        snprintf(buf, len, ngettext("%d thread active", "%d threads active", si->active_threads), si->active_threads);
        break;
    }
}

/* What the step with this key is called, for "no step with stride 64". */
static void missing(const side *present, const side *absent, char *buf, size_t len)
{
    const rv_step *st = present->st;
    if (is_reduction(st->phase) && st->stride > 0)
        /* TRANSLATORS: keep "%s: " (version, colon, space) first: the pane
         * shows what follows it. */
        snprintf(buf, len, _("%s: no step with stride %d"), absent->name, st->stride);
    else
        /* TRANSLATORS: keep "%s: " first, as above; the second %s is a phase. */
        snprintf(buf, len, _("%s: no %s step"), absent->name, step_phase_name((rv_phase)st->phase));
}

void compare_difference(const rv_analysis *a, int sa, const rv_analysis *b, int sb, char part[2][160], char *line,
                        size_t len)
{
    side sd[2] = {{.an = a, .s = sa}, {.an = b, .s = sb}};
    side_facts(&sd[0]);
    side_facts(&sd[1]);
    char d[2][2][72];
    if (sa < 0 || sb < 0) {
        int p = sa < 0 ? 1 : 0; /* the side that has the step */
        char what[96];
        describe(ASP_ACTIVE, &sd[p], what, sizeof what);
        describe(sd[p].conflict >= 2 ? ASP_CONFLICT : ASP_WARPS, &sd[p], d[0][0], sizeof d[0][0]);
        snprintf(part[p], 160, _("%s: %.50s, %.70s"), sd[p].name, what, d[0][0]);
        missing(&sd[p], &sd[!p], part[!p], 160);
    } else {
        int asp[2], n = 0;
        for (int k = 0; k < ASP_COUNT && n < 2; k++)
            if (differs(k, &sd[0], &sd[1])) asp[n++] = k;
        if (n == 0) {
            snprintf(part[0], 160, _("%s and %s"), sd[0].name, sd[1].name);
            snprintf(part[1], 160, "%s", _("the same work at this step"));
            snprintf(line, len, _("%s: %s"), part[0], part[1]);
            return;
        }
        for (int p = 0; p < 2; p++) {
            for (int k = 0; k < n; k++) describe(asp[k], &sd[p], d[p][k], sizeof d[p][k]);
            if (n == 2)
                snprintf(part[p], 160, _("%s: %s, %s"), sd[p].name, d[p][0], d[p][1]);
            else
                snprintf(part[p], 160, _("%s: %s"), sd[p].name, d[p][0]);
        }
    }
    snprintf(line, len, "%s \xC2\xB7 %s", part[0], part[1]);
}
