/* app_predict.c — the app's side of predict mode: its keys and clicks
 * turned into predict mode's inputs (../predict.h), and what the app does
 * with the answer (a toast, the next step, play stopped at a question).
 * Predict mode's state is plain data below the viewer and calls nothing
 * back: the app asks it and acts.
 */
#include "app.h"

#include <stdio.h>
#include "viewer/draw/draw.h"
#include "core/i18n.h"

static void set_mode(app *a, int mode)
{
    if (a->comparing && mode != PREDICT_OFF) {
        app_toast(a, _("predict mode shows one version: end compare first (C, C)"));
        return;
    }
    int now = predict_set_mode(&a->pq, mode);
    if (now == PREDICT_OFF)
        app_toast(a, _("predict mode off"));
    else if (now == PREDICT_CLASS)
        app_toast(a, _("predict mode: answer with digits and Enter or by clicking; Space shows the step"));
    else
        app_toast(a, _("predict mode, teacher: Space or Enter shows the answer; no score"));
    if (now != PREDICT_OFF)
        a->playing = 0;
}

int app_predict_key(app *a, SDL_Keycode key, Uint16 mod)
{
    predict *p = &a->pq;
    if (key == SDLK_a && !a->compare_pending) {
        set_mode(a, (mod & KMOD_SHIFT) ? PREDICT_TEACHER : PREDICT_CLASS);
        return 1;
    }
    if (!app_predict_frame(a))
        return 0;
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
        return 0;
    switch (predict_input(p, in, dg)) {
    case PREDICT_NEXT_STEP:
        app_goto(a, a->step + 1);
        return 1;
    case PREDICT_TYPE_FIRST:
        app_toast(a, _("type a number first, then Enter (Space shows the answer)"));
        return 1;
    case PREDICT_TAKEN:
        return 1;
    default:
        return 0;
    }
}

int app_predict_click(app *a, int x, int y)
{
    predict *p = &a->pq;
    if (p->mode != PREDICT_CLASS || a->comparing)
        return 0;
    viewer_frame f = app_frame(a, a->width, a->height);
    if (!predict_veiled(f.quiz))
        return 0;
    layout L;
    draw_layout_for(&f, &L);
    int t = layout_lane_at(&L, x, y), word = layout_cell_at(&L, x, y);
    if (t >= 0 && t / 32 == p->q.warp)
        return predict_pick_lane(p, t % 32);
    return word >= 0 && predict_pick_word(p, word);
}

const predict *app_predict_frame(app *a)
{
    predict *p = &a->pq;
    if (p->mode == PREDICT_OFF || a->comparing)
        return NULL;
    int step, k = story_locate(&a->sc.story, a->step, &step);   /* the launch shown, its step */
    if (predict_sync(p, a->sc.story.an[k], step) && predict_veiled(p))
        a->playing = 0;   /* play stops at each question */
    return p;
}
