/* app_view.c — what the app's state shows, read and never changed: the
 * frame to draw, the positions the arrows move through, the playback
 * speed.  Hit tests read the same frame (action.c), so a click lands on
 * what the teacher saw under the pointer.
 */
#include "app.h"

#include <math.h>
#include <string.h>
#include "core/results.h"

static const double speeds[APP_NSPEEDS] = {0.25, 0.5, 1, 2, 4, 8};

double app_speed(const app *a) { return speeds[a->speed]; }

/* Positions the arrows move through: the steps of every launch in a row,
 * or aligned rows when comparing. */
int app_positions(const app *a) { return a->comparing ? a->nrows : story_total(&a->sc.story); }

int app_position(const app *a) { return a->comparing ? a->row : a->step; }

/* Pane p's waves picture: its trace's own run, else the recording of its
 * GPU and version where one was sought for it, else nothing (the usual words). */
static waves_source pane_waves(const app *a, const rv_trace *first, int p)
{
    waves_source src = {0};
    const waves_rec *r = &a->wrec[p];
    if (!first) return src;
    if (first->waves)
        src.tr = first;
    else if (waves_rec_stands_in(r, first)) {
        src.tr = r->tr;
        src.file = r->file;
        src.name = rv_version_name(r->version);
        src.why = r->tr ? NULL : r->why;
    }
    return src;
}

viewer_frame app_view(const app *a, int w, int h)
{
    /* the launch the position is in, and its step there */
    int step, k = story_locate(&a->sc.story, a->step, &step);
    viewer_frame f = {
        .tr = a->sc.story.tr[k],
        .an = a->sc.story.an[k],
        .step = step,
        .story = &a->sc.story,
        .pos = a->step,
        .theme = a->theme,
        .width = w,
        .height = h,
        .note = a->sc.note,
        .hover = a->hover,
        .mouse_x = a->mouse_x,
        .mouse_y = a->mouse_y,
        .focus = a->focus,
        .help = a->help,
        .warps_view = a->warps_view,
        .waves = a->waves,
        .playing = a->playing,
        .speed = speeds[a->speed],
        /* a trace file that changed but did not load stays said (app.c's reload) */
        .toast = a->toast_ms         ? a->toast
                 : a->reload_note[0] ? a->reload_note
                                     : NULL,
        .results_path = a->results_path,
        .results = a->results ? a->results : a->sweep,
        .sweep = a->sweep,
        .results_note = a->results_note,
        .verify = a->cc,
        .verify_note = a->cc_note,
    };
    f.quiz = app_predict_shown(a);
    if (f.quiz && f.quiz->waves) f.waves_quiz = predict_veiled(f.quiz) ? 1 : 2;
    if (a->room && a->class_line[0]) f.note = a->class_line;
    if (a->room) f.live = a->live;
    if (!f.sweep && f.results && rv_results_info(f.results)->sweep) f.sweep = f.results;
    if (a->comparing && a->sc2.tr && a->nrows > 0) {
        f.other2 = a->sc2.tr->origin_kind == RV_ORIGIN_GPU && strcmp(a->sc2.device, a->sc.device) != 0;
        f.results2 = a->results2;
        f.verify2 = a->cc2;
        f.tr2 = a->sc2.tr;
        f.an2 = a->sc2.an;
        f.note2 = a->sc2.note;
        f.rows = a->rows;
        f.nrows = a->nrows;
        f.row = a->row;
        f.story = NULL; /* the first launch beside the other version */
        f.tr = a->sc.tr;
        f.an = a->sc.an;
        f.step = a->rows[a->row].step[0];
        f.step2 = a->rows[a->row].step[1];
        f.note = a->sc.note;
    }
    f.waves_src[0] = pane_waves(a, a->sc.story.tr[0], 0);
    f.waves_from = a->waves_at;
    f.waves_to = a->waves_at + ldexp(1.0, -a->waves_zoom);
    if (a->waves_part[1] > a->waves_part[0]) f.waves_from = a->waves_part[0], f.waves_to = a->waves_part[1];
    if (a->beside_waves) { /* the version to beat's recording, beside the trace's grid */
        const waves_rec *r = &a->wbeside;
        if (!f.waves_src[0].tr && !f.waves_src[0].why && a->beside_why[0]) f.waves_src[0].why = a->beside_why;
        f.waves_src[1] = (waves_source){r->tr, r->file, rv_version_name(r->version), r->tr ? NULL : r->why, 1};
    } else if (f.tr2)
        f.waves_src[1] = pane_waves(a, f.tr2, 1);
    return f;
}
