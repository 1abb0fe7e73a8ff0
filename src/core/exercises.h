/* exercises.h — the exercises of docs/exercises.md: one row each, saying
 * which rules `reducevis check --exercise N` judges a student's trace by.
 *
 * The rules themselves (what each one looks at in the trace and its
 * analysis) are src/core/rules.c's; a row only names them, so that an exercise
 * is a row here, a folder docs/exercises/<dir>/ with start.cu and
 * solution.cu, and a section of the docs.
 */
#ifndef RV_EXERCISES_H
#define RV_EXERCISES_H

#include "rules.h"

#define RV_NUM_EXERCISES 5

typedef struct rv_exercise {
    int number;         /* 1 .. RV_NUM_EXERCISES                      */
    const char *dir;    /* docs/exercises/<dir>/: start.cu, solution.cu */
    const char *title;  /* what to do, N_()-marked: "add during load" */
    unsigned rules;     /* RV_RULE_BIT()s it is judged by             */
    double speed_share; /* RV_RULE_FAST: the share of the mark version's
                                  speed asked for (its time / this, at most) */
    int beside;         /* the version a solution becomes, shown beside
                                  a student's trace first; 0: the mark version */
} rv_exercise;

/* Exercise number (1-based), or NULL when there is none. */
const rv_exercise *rv_exercise_get(int number);

/* The version to show beside a trace judged by ex (its `beside`, or the
 * mark version). */
int rv_exercise_beside(const rv_exercise *ex);

#endif
