/* predict.c — predict mode's state (predict.h): the open question, the
 * answer being given, the verdict and the score, and what an input does to
 * them.  Nothing here knows who gives the input (the window's keys and
 * clicks, a script); the caller acts on what predict_input returns.
 */
#include "predict.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quiz_waves.h"

/* The question just put in p asked: nothing answered, nothing picked. */
static int ask(predict *p)
{
    p->revealed = !p->has_q; /* nothing to ask: show the step */
    p->verdict = 0;
    p->input[0] = '\0';
    p->picked = 0;
    p->given[0] = '\0';
    return p->has_q;
}

int predict_sync(predict *p, const rv_analysis *an, int step)
{
    if (p->an == an && p->step == step) return 0;
    p->an = an;
    p->step = step;
    p->waves = NULL;
    p->has_q = an && quiz_pick_question(an, step, &p->q);
    return ask(p);
}

int predict_sync_waves(predict *p, const rv_waves *w)
{
    if (p->waves == w && w) return 0;
    p->an = NULL; /* a step's question is asked afresh when the steps come back */
    p->step = -1;
    p->waves = w;
    waves_question wq;
    p->has_q = w && waves_question_of(w, &wq) == 0;
    if (p->has_q) { /* a number, typed: predict mode takes it as a step's */
        memset(&p->q, 0, sizeof p->q);
        p->q.kind = QUIZ_DIVERGENT; /* a count of the whole launch; the kind names no warp */
        p->q.type = QUIZ_NUMBER;
        p->q.pick = QUIZ_PICK_NONE;
        p->q.step = -1;
        p->q.warp = p->q.lane = p->q.bank = -1;
        p->q.number = wq.number;
        snprintf(p->q.text, sizeof p->q.text, "%s", wq.text);
        snprintf(p->q.hint, sizeof p->q.hint, "%s", wq.hint);
        snprintf(p->q.answer, sizeof p->q.answer, "%s", wq.answer);
        snprintf(p->q.explain, sizeof p->q.explain, "%s", wq.explain);
    }
    return ask(p);
}

int predict_veiled(const predict *p) { return p && p->mode != PREDICT_OFF && p->has_q && !p->revealed; }

void predict_reveal(predict *p) { p->revealed = 1; }

int predict_submit(predict *p)
{
    if (!predict_veiled(p)) return 0;
    int ok;
    if (p->q.type == QUIZ_LANE_SET) {
        ok = quiz_check_lanes(&p->q, p->picked);
        quiz_format_lanes(p->picked, p->given, sizeof p->given);
    } else {
        if (!p->input[0]) return 0;
        long long v = strtoll(p->input, NULL, 10);
        ok = quiz_check_number(&p->q, v);
        quiz_format_answer(&p->q, v, 0, p->given, sizeof p->given);
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
    if (p->has_q) p->revealed = revealed;
    return p->has_q;
}

int predict_set_mode(predict *p, int mode)
{
    p->mode = p->mode == mode ? PREDICT_OFF : mode;
    p->an = NULL; /* ask afresh at the current step, or of the grid shown */
    p->step = -1;
    p->waves = NULL;
    if (p->mode == PREDICT_CLASS) p->right = p->answered = 0;
    return p->mode;
}

/* Toggles lane l in the picked set (lane-set questions). */
static void toggle_lane(predict *p, int l)
{
    if (l >= 0 && l < 32) p->picked ^= 1u << l;
}

predict_out predict_input(predict *p, predict_in in, int digit)
{
    if (p->mode == PREDICT_OFF) return PREDICT_IGNORED;
    if (p->revealed) /* Enter goes on to the next step's question */
        return in == PREDICT_IN_ENTER && !p->waves ? PREDICT_NEXT_STEP : PREDICT_IGNORED;
    if (in == PREDICT_IN_SHOW || (p->mode == PREDICT_TEACHER && in == PREDICT_IN_ENTER)) {
        predict_reveal(p);
        return PREDICT_TAKEN;
    }
    if (p->mode == PREDICT_TEACHER) return PREDICT_IGNORED;
    size_t n = strlen(p->input);
    switch (in) {
    case PREDICT_IN_DIGIT:
        if (n < PREDICT_INPUT_LEN && digit >= 0 && digit <= 9) {
            p->input[n] = (char)('0' + digit);
            p->input[n + 1] = '\0';
        }
        return PREDICT_TAKEN;
    case PREDICT_IN_BACKSPACE:
        if (n > 0) p->input[n - 1] = '\0';
        return PREDICT_TAKEN;
    case PREDICT_IN_ENTER:
        if (p->q.type == QUIZ_LANE_SET && n > 0) {
            toggle_lane(p, atoi(p->input)); /* a lane number typed: pick it */
            p->input[0] = '\0';
            return PREDICT_TAKEN;
        }
        return predict_submit(p) ? PREDICT_TAKEN : PREDICT_TYPE_FIRST;
    default: return PREDICT_IGNORED;
    }
}

int predict_pick_lane(predict *p, int lane)
{
    if (!predict_veiled(p) || p->mode != PREDICT_CLASS || lane < 0 || lane >= 32) return 0;
    if (p->q.type == QUIZ_LANE_SET)
        toggle_lane(p, lane);
    else if (p->q.pick == QUIZ_PICK_LANE)
        snprintf(p->input, sizeof p->input, "%d", lane);
    return 1;
}

int predict_pick_word(predict *p, int word)
{
    if (!predict_veiled(p) || p->mode != PREDICT_CLASS || word < 0 || p->q.pick != QUIZ_PICK_WORD) return 0;
    snprintf(p->input, sizeof p->input, "%d", word);
    return 1;
}
