/* app_predict.c — the app's side of predict mode: its keys and clicks read
 * as actions (app_action.h) on predict mode's inputs (core/predict.h), and
 * the question kept with the step shown.  Predict mode's state is plain data
 * below the viewer and calls nothing back; this file calls nothing of the
 * app either: it says what a key or a click does, and app_apply does it.
 */
#include "app.h"

#include "viewer/draw/draw.h"
#include "core/i18n.h"
#include "core/waves.h"

const predict *app_predict_shown(const app *a) { return a->pq.mode == PREDICT_OFF || a->comparing ? NULL : &a->pq; }

const rv_waves *app_waves_asked(const app *a)
{
    if (!a->waves || a->comparing || a->beside_waves) return NULL; /* one picture, or none to ask of */
    const rv_trace *first = a->sc.story.tr[0];
    if (first && first->waves) return first->waves; /* the picture draws the first launch with waves */
    const waves_rec *r = &a->wrec[0];
    return waves_rec_stands_in(r, first) && r->tr ? r->tr->waves : NULL;
}

int app_predict_sync(predict *p, const app *a)
{
    const rv_waves *w = app_waves_asked(a); /* the grid shown: its question before its picture */
    if (w) return predict_sync_waves(p, w) && predict_veiled(p);
    int step, k = story_locate(&a->sc.story, a->step, &step); /* the launch shown, its step */
    return predict_sync(p, a->sc.story.an[k], step) && predict_veiled(p);
}

const char *app_predict_said(int mode)
{
    if (mode == PREDICT_OFF) return _("predict mode off");
    if (mode == PREDICT_CLASS)
        return _("predict mode: answer with digits and Enter or by clicking; Space shows the step");
    return _("predict mode, teacher: Space or Enter shows the answer; no score");
}

app_action app_predict_key(const app *a, SDL_Keycode key, Uint16 mod)
{
    app_action act = {.kind = APP_NONE};
    if (key == SDLK_a) {
        if (a->comparing) {
            act.kind = APP_TOAST;
            act.text = _("predict mode shows one version: end compare first (C, C)");
        } else {
            act.kind = APP_PREDICT_MODE;
            act.arg = (mod & KMOD_SHIFT) ? PREDICT_TEACHER : PREDICT_CLASS;
        }
        return act;
    }
    if (!app_predict_shown(a)) return act;
    act.sync = 1;
    int dg = app_key_digit(key);
    predict_in in;
    if (dg >= 0)
        in = PREDICT_IN_DIGIT;
    else if (key == SDLK_BACKSPACE)
        in = PREDICT_IN_BACKSPACE;
    else if (key == SDLK_RETURN || key == SDLK_KP_ENTER)
        in = PREDICT_IN_ENTER;
    else if (key == SDLK_RIGHT || key == SDLK_SPACE)
        in = PREDICT_IN_SHOW;
    else
        return act;
    /* What predict mode makes of it, tried on a copy of its state with the
     * question the frame shows; app_apply gives the same input to the state
     * itself after bringing its question up to date. */
    predict p = a->pq;
    app_predict_sync(&p, a);
    switch (predict_input(&p, in, dg)) {
    case PREDICT_NEXT_STEP:
        act.kind = APP_GOTO;
        act.arg = a->step + 1;
        break;
    case PREDICT_TYPE_FIRST:
        act.kind = APP_TOAST;
        act.text = _("type a number first, then Enter (Space shows the answer)");
        break;
    case PREDICT_TAKEN:
        act.kind = APP_PREDICT_INPUT;
        act.arg = (int)in;
        act.arg2 = dg;
        break;
    default: /* not predict mode's: the key does what it always does */ break;
    }
    return act;
}

app_action app_predict_click(const app *a, const viewer_frame *f, const layout *L, int x, int y)
{
    app_action act = {.kind = APP_NONE};
    if (a->pq.mode != PREDICT_CLASS || a->comparing || !predict_veiled(f->quiz)) return act;
    /* taken or not as predict mode would take it: tried on a copy */
    predict p = a->pq;
    int t = layout_lane_at(L, x, y), word = layout_cell_at(L, x, y);
    if (t >= 0 && t / 32 == p.q.warp) {
        if (predict_pick_lane(&p, t % 32)) {
            act.kind = APP_PREDICT_LANE;
            act.arg = t % 32;
        }
        return act;
    }
    if (word >= 0 && predict_pick_word(&p, word)) {
        act.kind = APP_PREDICT_WORD;
        act.arg = word;
    }
    return act;
}
