/* predict.h — predict mode's state as data: the open question of a step,
 * the answer being given, the verdict, the reveal and the score.
 *
 * Before each step a question (quiz.h) is asked and what would give it away
 * stays hidden until the step is revealed.  In the class variant an answer
 * (digits, or lanes picked) is taken, marked right or wrong and scored; in
 * the teacher variant the question waits for a reveal, and nothing is
 * scored.  The window (src/viewer: its keys and clicks map onto
 * predict_input), the slides and the lesson page (`export --quiz`) and the
 * class server (room.h) all read this one state; it calls none of them, so
 * it knows nothing of SDL or of the viewer.  Pure C.
 */
#ifndef RV_PREDICT_H
#define RV_PREDICT_H

#include <stdint.h>
#include "quiz.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum predict_mode {
    PREDICT_OFF = 0,
    PREDICT_CLASS = 1,   /* students answer; right or wrong; a score        */
    PREDICT_TEACHER = 2, /* the question on the projector; a key reveals    */
} predict_mode;

#define PREDICT_INPUT_LEN  10
/* The modes --predict takes, as the shell completion offers them. */
#define PREDICT_MODE_WORDS "class teacher"

struct rv_waves;

typedef struct predict {
    int mode;              /* predict_mode                                */
    int slide;             /* export --quiz: no keys, no score            */
    const rv_analysis *an; /* what the question was asked of              */
    int step;              /* the step asked about, -1: none yet          */
    /* the grid's question (quiz_waves.h) in place of a step's, while the
     * waves picture is shown: the run it was asked of; NULL: a step's */
    const struct rv_waves *waves;
    int has_q; /* the step has a question                     */
    quiz_question q;
    int revealed;                      /* the step is shown, with the answer          */
    int verdict;                       /* 1 right, -1 wrong, 0 shown without an answer */
    char input[PREDICT_INPUT_LEN + 1]; /* digits typed                          */
    uint32_t picked;                   /* lanes clicked (lane-set questions)          */
    char given[QUIZ_ANSWER_LEN];       /* the answer given, in words                  */
    int right, answered;               /* the score                                   */
} predict;

/* Keeps the question in step with what is shown: a new one when the step or
 * the trace changed (the input is cleared; the score is kept).  1 when a new
 * question was asked just now, else 0. */
int predict_sync(predict *p, const rv_analysis *an, int step);

/* The same for the grid's question, asked of the waves run w while its
 * picture is shown: a new one when w changed (a step's question is asked
 * afresh at the next predict_sync).  1 when asked just now, else 0. */
int predict_sync_waves(predict *p, const struct rv_waves *w);

/* 1 while the step's activity must stay hidden (a question is open). */
int predict_veiled(const predict *p);

/* Answers: a number, or the lanes picked.  Reveals the step and scores.
 * 1 right, -1 wrong, 0 when nothing could be taken (e.g. nothing typed). */
int predict_submit(predict *p);
/* Shows the step and the answer without taking one (nothing scored). */
void predict_reveal(predict *p);

/* What a person does in predict mode, whatever the device: a digit typed,
 * Backspace, Enter, "show the step" (→ or Space in the window). */
typedef enum predict_in { PREDICT_IN_DIGIT, PREDICT_IN_BACKSPACE, PREDICT_IN_ENTER, PREDICT_IN_SHOW } predict_in;

/* What the caller should do after it: nothing more, the input was not
 * predict mode's (handle it as usual), go on to the next step, or tell the
 * person to type a number first. */
typedef enum predict_out { PREDICT_IGNORED = 0, PREDICT_TAKEN, PREDICT_NEXT_STEP, PREDICT_TYPE_FIRST } predict_out;

/* Applies one input (digit: 0..9 for PREDICT_IN_DIGIT) to an open or
 * revealed question.  Pure: the caller acts on the result.  A revealed
 * grid question has no next step's question: Enter is left to the caller. */
predict_out predict_input(predict *p, predict_in in, int digit);

/* A click on lane `lane` (0..31) of the warp asked about: picked or
 * unpicked in a lane-set question, typed in a lane question; on word
 * `word` in a word question.  1 when taken. */
int predict_pick_lane(predict *p, int lane);
int predict_pick_word(predict *p, int word);

/* Switches mode: the same mode again turns predict mode off.  A fresh
 * question is asked at the next predict_sync; class mode restarts the
 * score.  Returns the new mode. */
int predict_set_mode(predict *p, int mode);

/* A step's question and answer frames for slides (export --quiz): p is set
 * up for step `step` of an, revealed or not.  0 when the step has none. */
int predict_slide(predict *p, const rv_analysis *an, int step, int revealed);

#ifdef __cplusplus
}
#endif

#endif
