/* predict.h — predict mode: the class answers before the step is shown.
 *
 * Before each step the frame shows a question (quiz.h) and hides what would
 * give it away: the step's lanes, warp states, conflicts, accesses and the
 * values it writes.  In the class variant students answer with digits and
 * Enter or by clicking lanes or words; the step is then revealed with the
 * answer marked right or wrong, the explanation, and a running score.  In
 * the teacher variant the question stays on the projector until a key
 * reveals the answer, and nothing is scored.  `export --quiz` draws the same
 * question and answer frames for slides.
 *
 * The state is plain data read by the drawing path (draw_predict.c); the
 * key and click handlers take the app they steer.
 */
#ifndef VIEWER_PREDICT_H
#define VIEWER_PREDICT_H

#include <stdint.h>
#include <SDL.h>
#include "../quiz.h"

struct app;

typedef enum predict_mode {
    PREDICT_OFF = 0,
    PREDICT_CLASS = 1,     /* students answer; right or wrong; a score        */
    PREDICT_TEACHER = 2,   /* the question on the projector; a key reveals    */
} predict_mode;

#define PREDICT_INPUT_LEN 10

typedef struct predict {
    int mode;                   /* predict_mode                                */
    int slide;                  /* export --quiz: no keys, no score            */
    const rv_analysis *an;      /* what the question was asked of              */
    int step;                   /* the step asked about, -1: none yet          */
    int has_q;                  /* the step has a question                     */
    quiz_question q;
    int revealed;               /* the step is shown, with the answer          */
    int verdict;                /* 1 right, -1 wrong, 0 shown without an answer */
    char input[PREDICT_INPUT_LEN + 1]; /* digits typed                          */
    uint32_t picked;            /* lanes clicked (lane-set questions)          */
    char given[QUIZ_ANSWER_LEN];/* the answer given, in words                  */
    int right, answered;        /* the score                                   */
} predict;

/* Keeps the question in step with what is shown: a new one when the step or
 * the trace changed (the input is cleared; the score is kept). */
void predict_sync(predict *p, const rv_analysis *an, int step);

/* 1 while the step's activity must stay hidden (a question is open). */
int predict_veiled(const predict *p);

/* Answers: a number, or the lanes picked.  Reveals the step and scores.
 * 1 right, -1 wrong, 0 when nothing could be taken (e.g. nothing typed). */
int predict_submit(predict *p);
/* Shows the step and the answer without taking one (nothing scored). */
void predict_reveal(predict *p);

/* The app's side: keys (A class mode, Shift+A teacher mode, digits,
 * Backspace, Enter, → and Space reveal first) and clicks on lanes and words.
 * 1 when the event was taken, else 0 (the app handles it as usual). */
int predict_app_key(struct app *a, SDL_Keycode key, Uint16 mod);
int predict_app_click(struct app *a, int x, int y);

/* The predict state to draw with the app's current frame, or NULL when
 * predict mode is off (or does not apply: compare mode). */
const predict *predict_app_frame(struct app *a);

/* A step's question and answer frames for slides (export --quiz): p is set
 * up for step `step` of an, revealed or not.  0 when the step has none. */
int predict_slide(predict *p, const rv_analysis *an, int step, int revealed);

#endif
