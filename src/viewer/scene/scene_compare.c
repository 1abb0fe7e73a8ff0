/* scene_compare.c — compare mode, decided before anything is drawn: each
 * pane's title band, timed-run figure, verify line and source line (or what
 * it lacks at this row), the difference at this step (compare.c), and the
 * timeline of aligned steps, from the two traces, their analyses, results
 * and verify records.  draw_compare.c paints it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "scene_compare.h"
#include "scene_frame.h"
#include "scene_panel.h"
#include "own_words.h"
#include "step_words.h"
#include "verify_words.h"
#include "core/i18n.h"
#include "core/versions.h"

viewer_frame scene_compare_pane(const viewer_frame *f, int p)
{
    viewer_frame g = *f;
    if (p == 1) {
        g.tr = f->tr2;
        g.an = f->an2;
        g.step = f->step2;
        g.note = f->note2;
        g.focus = 0;
        if (f->other2) { /* another GPU: its own timed run and cross-check, never the first pane's */
            g.results = f->results2;
            g.sweep = NULL;
            g.results_note = "";
            g.verify = f->verify2;
            g.verify_note = "";
        }
    }
    return g;
}

/* Bank conflicts per block, predicted and measured on the hardware: the
 * whole line, and without the note on what "measured" counts for less room. */
static void verify_of(scene_cmp_pane *pn, const viewer_frame *g)
{
    const rv_trace *tr = g->tr;
    if (rv_trace_is_own(tr)) { /* never profiled: the traced addresses say it */
        pn->verify_kind = 0;
        own_conflict_line(g->an, 1, pn->verify_line[0], sizeof pn->verify_line[0]);
        pn->nverify = 1;
        return;
    }
    pn->verify_kind = verify_conflict_line(g->verify, g->verify_note, tr->version, tr->block_size, pn->verify_line[0],
                                           sizeof pn->verify_line[0]);
    pn->nverify = 1;
    if (pn->verify_kind == 1) {
        verify_conflict_brief(g->verify, g->verify_note, tr->version, tr->block_size, pn->verify_line[1],
                              sizeof pn->verify_line[1]);
        pn->nverify = 2;
    }
}

/* The statement this step runs; or, with no matching step, what the
 * version lacks (after "v4: " in its part of the difference) and why. */
static void source_of(scene_cmp_pane *pn, const viewer_frame *g, const char *part)
{
    if (g->step < 0) {
        pn->source = SCENE_CMP_NO_STEP;
        snprintf(pn->statement, sizeof pn->statement, "\xE2\x80\x94");
        const char *colon = strstr(part, ": "); /* "v4: no step with stride 64" */
        snprintf(pn->missing, sizeof pn->missing, "%s", colon ? colon + 2 : part);
        snprintf(pn->another_way, sizeof pn->another_way,
                 _("%s does this part of the reduction another way: see the timeline below"), pn->name);
        return;
    }
    int line = g->an->steps[g->step].line;
    if (line > 0 && code_statement(g->tr, line, pn->statement, sizeof pn->statement) == 0) {
        pn->source = SCENE_CMP_STATEMENT;
        snprintf(pn->line_no, sizeof pn->line_no, "%3d", line);
    } else {
        pn->source = SCENE_CMP_NO_STATEMENT;
        snprintf(pn->statement, sizeof pn->statement, "%s", _("(no thread runs a statement at this step)"));
    }
}

static void pane_of(scene_cmp_pane *pn, const viewer_frame *f, int p, const char *part)
{
    pn->req = scene_compare_pane(f, p);
    const viewer_frame *g = &pn->req;
    const rv_version_info *vi = rv_version(g->tr->version);
    snprintf(pn->name, sizeof pn->name, "%s", rv_trace_name(g->tr));
    snprintf(pn->row_label, sizeof pn->row_label, "%s", rv_trace_is_own(g->tr) ? _("yours") : pn->name);
    if (rv_trace_is_own(g->tr)) { /* a student's kernel: its file's name alone */
        snprintf(pn->title, sizeof pn->title, "%s", pn->name);
        snprintf(pn->header, sizeof pn->header, "%s", pn->name);
    } else {
        snprintf(pn->title, sizeof pn->title, "%s  %s", pn->name, vi ? _(vi->title) : "");
        snprintf(pn->header, sizeof pn->header, "%s %s", pn->name, vi ? _(vi->title) : "");
    }
    if (rv_trace_is_own(g->tr)) /* its file is named beside it */
        own_origin_brief(g->tr, pn->origin, sizeof pn->origin);
    else if (rv_trace_unchanged(g->tr)) /* beside the version's title: no room for the date */
        own_origin_device(g->tr, pn->origin, sizeof pn->origin);
    else
        scene_frame_origin(g, pn->origin, sizeof pn->origin); /* as the header says it */
    pn->timed = scene_panel_figure(g, g->tr->version, g->tr->n, pn->figure, sizeof pn->figure);
    pn->shape[0] = '\0';
    if (rv_trace_is_own(g->tr)) /* a block of rows, a partial warp: said, as the picture cannot */
        own_shape_words(g->tr, pn->shape, sizeof pn->shape);
    verify_of(pn, g);
    source_of(pn, g, part);
}

int scene_compare_shapes(const viewer_frame *f)
{
    char words[480];
    const rv_trace *tr[2] = {f->tr, f->tr2};
    for (int p = 0; p < 2; p++)
        if (tr[p] && rv_trace_is_own(tr[p]) && own_shape_words(tr[p], words, sizeof words)) return 1;
    return 0;
}

/* One row per version, one column per aligned step; a gap where a version
 * has no such step, a mark where the step diverges or conflicts. */
static void timeline_of(scene_compare *s, const viewer_frame *f)
{
    const rv_trace *tr[2] = {f->tr, f->tr2};
    const rv_analysis *an[2] = {f->an, f->an2};
    s->nrows = 0;
    s->row = f->row;
    if (f->nrows > s->cap) {
        scene_cmp_cell(*more)[2] = realloc(s->cell, sizeof *more * (size_t)f->nrows);
        if (!more) return; /* no timeline rather than a wrong one */
        s->cell = more;
        s->cap = f->nrows;
    }
    s->nrows = f->nrows;
    for (int r = 0; r < s->nrows; r++) {
        for (int p = 0; p < 2; p++) {
            scene_cmp_cell *c = &s->cell[r][p];
            int st = f->rows[r].step[p];
            c->step = st;
            if (st < 0) continue;
            const rv_step *step = &tr[p]->steps[st];
            c->phase = step->phase < RV_PHASE_COUNT ? (int)step->phase : 0;
            c->conflict = an[p]->steps[st].max_conflict;
            c->divergent = an[p]->steps[st].divergent_warps;
            const char *label = step_label(step->label, c->label, sizeof c->label);
            if (label != c->label) snprintf(c->label, sizeof c->label, "%s", label);
        }
    }
}

void scene_compare_build(scene_compare *s, const viewer_frame *f)
{
    compare_difference(f->an, f->step, f->an2, f->step2, s->part, s->line, sizeof s->line);
    for (int p = 0; p < 2; p++) pane_of(&s->pane[p], f, p, s->part[p]);

    char data[48], label[64];
    rv_data_name(f->tr->data, data, sizeof data);
    snprintf(s->where, sizeof s->where, _("block %d \xC2\xB7 data %s \xC2\xB7 aligned step %d of %d"),
             f->tr->block_size, data, f->row + 1, f->nrows);
    const rv_step *st = f->step >= 0 ? &f->tr->steps[f->step] : &f->tr2->steps[f->step2];
    snprintf(s->at, sizeof s->at, _("At %s:  "), step_label(st->label, label, sizeof label));

    timeline_of(s, f);
    s->help = (layout_in){.w = f->width,
                          .h = f->height,
                          .block_size = f->tr->block_size,
                          .smem_words = f->an->smem_words,
                          .nsteps = f->tr->nsteps};
}
