/* predict.c — predict mode's state: the open question, the answer being
 * given, the verdict and the score; and what keys and clicks do to them.
 *
 * The question of a step is asked once it is shown (predict_sync), so the
 * arrows, the timeline and play all lead to questions the same way.  Play
 * stops at each question: a class cannot answer a moving target.
 */
#include "predict.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app.h"
#include "draw.h"
#include "../i18n.h"

void predict_sync(predict *p, const rv_analysis *an, int step)
{
    if (p->an == an && p->step == step)
        return;
    p->an = an;
    p->step = step;
    p->has_q = an && quiz_pick_question(an, step, &p->q);
    p->revealed = !p->has_q;   /* nothing to ask: show the step */
    p->verdict = 0;
    p->input[0] = '\0';
    p->picked = 0;
    p->given[0] = '\0';
}

int predict_veiled(const predict *p)
{
    return p && p->mode != PREDICT_OFF && p->has_q && !p->revealed;
}

void predict_reveal(predict *p)
{
    p->revealed = 1;
}

int predict_submit(predict *p)
{
    if (!predict_veiled(p))
        return 0;
    int ok;
    if (p->q.type == QUIZ_LANE_SET) {
        ok = quiz_check_lanes(&p->q, p->picked);
        quiz_format_lanes(p->picked, p->given, sizeof p->given);
    } else {
        if (!p->input[0])
            return 0;
        long long v = strtoll(p->input, NULL, 10);
        ok = quiz_check_number(&p->q, v);
        if (p->q.pick == QUIZ_PICK_WORD)
            snprintf(p->given, sizeof p->given, "smem[%lld]", v);
        else if (p->q.pick == QUIZ_PICK_LANE)
            snprintf(p->given, sizeof p->given, _("lane %lld"), v);
        else
            snprintf(p->given, sizeof p->given, "%lld", v);
    }
    p->verdict = ok ? 1 : -1;
    p->revealed = 1;
    if (p->mode == PREDICT_CLASS) {
        p->answered++;
        p->right += ok;
    }
    return p->verdict;
}

int predict_slide(predict *p, const rv_analysis *an, int step, int revealed)
{
    memset(p, 0, sizeof *p);
    p->mode = PREDICT_TEACHER;
    p->slide = 1;
    p->step = -1;
    predict_sync(p, an, step);
    if (p->has_q)
        p->revealed = revealed;
    return p->has_q;
}

/* ---- the app's side ------------------------------------------------------------ */

static void set_mode(app *a, int mode)
{
    predict *p = &a->pq;
    if (a->comparing && mode != PREDICT_OFF) {
        app_toast(a, _("predict mode shows one version: end compare first (C, C)"));
        return;
    }
    p->mode = p->mode == mode ? PREDICT_OFF : mode;
    p->an = NULL;   /* ask afresh at the current step */
    p->step = -1;
    if (p->mode == PREDICT_OFF) {
        app_toast(a, _("predict mode off"));
        return;
    }
    if (p->mode == PREDICT_CLASS) {
        p->right = p->answered = 0;
        app_toast(a, _("predict mode: answer with digits and Enter or by clicking; Space shows the step"));
    } else {
        app_toast(a, _("predict mode, teacher: Space or Enter shows the answer; no score"));
    }
    a->playing = 0;
}

/* Toggles lane l in the picked set (lane-set questions). */
static void toggle_lane(predict *p, int l)
{
    if (l >= 0 && l < 32)
        p->picked ^= 1u << l;
}

int predict_app_key(app *a, SDL_Keycode key, Uint16 mod)
{
    predict *p = &a->pq;
    if (key == SDLK_a && !a->compare_pending) {
        set_mode(a, (mod & KMOD_SHIFT) ? PREDICT_TEACHER : PREDICT_CLASS);
        return 1;
    }
    if (p->mode == PREDICT_OFF || a->comparing || !predict_app_frame(a))
        return 0;
    int dg = app_key_digit(key);
    if (p->revealed) {
        /* Enter goes on to the next step's question. */
        if (key == SDLK_RETURN || key == SDLK_KP_ENTER) {
            app_goto(a, a->step + 1);
            return 1;
        }
        return 0;
    }
    if (key == SDLK_RIGHT || key == SDLK_SPACE) {
        predict_reveal(p);
        return 1;
    }
    if (p->mode == PREDICT_TEACHER) {
        if (key == SDLK_RETURN || key == SDLK_KP_ENTER) {
            predict_reveal(p);
            return 1;
        }
        return 0;
    }
    size_t n = strlen(p->input);
    if (dg >= 0) {
        if (n < PREDICT_INPUT_LEN) {
            p->input[n] = (char)('0' + dg);
            p->input[n + 1] = '\0';
        }
        return 1;
    }
    if (key == SDLK_BACKSPACE) {
        if (n > 0)
            p->input[n - 1] = '\0';
        return 1;
    }
    if (key == SDLK_RETURN || key == SDLK_KP_ENTER) {
        if (p->q.type == QUIZ_LANE_SET && n > 0) {
            toggle_lane(p, atoi(p->input));   /* a lane number typed: pick it */
            p->input[0] = '\0';
        } else if (!predict_submit(p)) {
            app_toast(a, _("type a number first, then Enter (Space shows the answer)"));
        }
        return 1;
    }
    return 0;
}

int predict_app_click(app *a, int x, int y)
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
    if (t >= 0 && t / 32 == p->q.warp) {
        if (p->q.type == QUIZ_LANE_SET)
            toggle_lane(p, t % 32);
        else if (p->q.pick == QUIZ_PICK_LANE)
            snprintf(p->input, sizeof p->input, "%d", t % 32);
        return 1;
    }
    if (word >= 0 && p->q.pick == QUIZ_PICK_WORD) {
        snprintf(p->input, sizeof p->input, "%d", word);
        return 1;
    }
    return 0;
}

const predict *predict_app_frame(app *a)
{
    predict *p = &a->pq;
    if (p->mode == PREDICT_OFF || a->comparing)
        return NULL;
    int fresh = p->an != a->sc.an || p->step != a->step;
    predict_sync(p, a->sc.an, a->step);
    if (fresh && predict_veiled(p))
        a->playing = 0;   /* play stops at each question */
    return p;
}
