/* quiz_waves.h — the grid's question, asked of a waves run (waves.h): how
 * many waves will this grid take on this GPU?  Its numbers are the
 * recording's own (the SM count, the occupancy, the blocks or clusters), so
 * the right answer is the waves the occupancy predicts; the reveal says what
 * the run took.  The lesson page asks it in predict mode (export --html
 * --quiz).  Pure C. */
#ifndef RV_QUIZ_WAVES_H
#define RV_QUIZ_WAVES_H

#include <stdint.h>

#include "quiz.h"
#include "waves.h"

typedef struct waves_question {
    uint32_t number;   /* the right answer: the waves predicted            */
    uint32_t observed; /* the waves the run took (rv_waves_facts.waves)    */
    char text[QUIZ_TEXT_LEN];
    char hint[QUIZ_TEXT_LEN];       /* the numbers to answer it from          */
    char answer[QUIZ_ANSWER_LEN];   /* the right answer and its sum, in words */
    char explain[QUIZ_EXPLAIN_LEN]; /* what the run took, and why it may differ */
} waves_question;

/* The question of a validated recording's launch w.  0, or -1 when out of
 * memory. */
int waves_question_of(const rv_waves *w, waves_question *q);

#endif
