/* quiz.h — questions about the step about to be shown, asked from the trace.
 *
 * Predict mode (the viewer) and `export --quiz` (slides) ask the class to
 * commit to an answer before a step is drawn: which lanes of a warp execute,
 * how many warps diverge, how many ways a warp's shared-memory access
 * conflicts, which word a lane writes and what it will hold, which lane a
 * shuffle reads, how many lanes work for nothing, how many turns an atomic
 * takes (lanes on one word are served one after another).  Every question is made
 * here from the trace and its analysis — never from per-version text — so
 * every version and every kind of step (load, tree, warp phase, shuffle,
 * ticket, atomic add, an own kernel's atomics, write) gets questions, and each has exactly one right
 * answer, read off the very step it asks about, with a short explanation.
 *
 * Pure C: no SDL, deterministic for a given trace and step.
 */
#ifndef RV_QUIZ_H
#define RV_QUIZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "analysis.h"

#ifdef __cplusplus
extern "C" {
#endif

#define QUIZ_TEXT_LEN     256
#define QUIZ_EXPLAIN_LEN  400
#define QUIZ_ANSWER_LEN   160
#define QUIZ_MAX_PER_STEP 8

typedef enum quiz_kind {
    QUIZ_LANES = 0, /* which lanes of warp w execute?           lanes  */
    QUIZ_DIVERGENT, /* how many warps are divergent?            number */
    QUIZ_CONFLICT,  /* warp w's worst shared request: n-way?    number */
    QUIZ_WORD,      /* which shared word does thread t write?   number (a word) */
    QUIZ_VALUE,     /* what value will thread t's result hold?  number */
    QUIZ_SHUFFLE,   /* which lane does lane l read from?        number (a lane) */
    QUIZ_WASTED,    /* how many lanes work for nothing?         number */
    QUIZ_ATOMIC,    /* how many turns does warp w's atomic take? number */
    QUIZ_KIND_COUNT
} quiz_kind;

/* How an answer is given: a whole number (digits, or a click on the lane or
 * word it names), or a set of lanes of one warp (clicks, or lane numbers). */
typedef enum quiz_answer_type { QUIZ_NUMBER = 0, QUIZ_LANE_SET = 1 } quiz_answer_type;

/* What a click means for a number question: nothing, the lane clicked in
 * warp `warp`, or the shared-memory word clicked. */
typedef enum quiz_pick { QUIZ_PICK_NONE = 0, QUIZ_PICK_LANE, QUIZ_PICK_WORD } quiz_pick;

typedef struct quiz_question {
    quiz_kind kind;
    quiz_answer_type type;
    quiz_pick pick;
    int step;
    int warp;                       /* the warp asked about, -1 for the whole block    */
    int lane;                       /* the lane asked about (0..31), -1 when none      */
    int64_t number;                 /* the right answer of a number question           */
    uint32_t lanes;                 /* the right answer of a lane-set question (bit l) */
    int bank;                       /* QUIZ_CONFLICT: the worst request's worst bank,
                                 QUIZ_WORD: the word's bank; else -1            */
    char text[QUIZ_TEXT_LEN];       /* the question                             */
    char hint[QUIZ_TEXT_LEN];       /* how to answer it                          */
    char answer[QUIZ_ANSWER_LEN];   /* the right answer, in words               */
    char explain[QUIZ_EXPLAIN_LEN]; /* why, shown with the answer               */
} quiz_question;

/* Every question that means something for step `step` (a conflict question
 * only where the warp touches shared memory, a shuffle question only where a
 * lane reads another lane, a value question only where the value is a whole
 * number a student can type...), at most max, in quiz_kind order.
 * Returns how many were written. */
int quiz_questions(const rv_analysis *an, int step, quiz_question *out, int max);

/* The one question predict mode and `export --quiz` ask at step `step`: the
 * most telling of quiz_questions() for what the step teaches (a shuffle's
 * source lane, a conflict's degree, a divergent warp's lanes...).
 * Returns 1, or 0 when the step has none (nothing executes). */
int quiz_pick_question(const rv_analysis *an, int step, quiz_question *q);

/* Whether an answer is right: a number, or a set of lanes. */
int quiz_check_number(const quiz_question *q, int64_t answer);
int quiz_check_lanes(const quiz_question *q, uint32_t lanes);

/* The answers a question can take, for checking what a student sends:
 * [lo, hi] for a number question (warps of the block, a degree 1..32, a
 * word of shared memory, a lane, lanes of the block; a value within
 * +-QUIZ_VALUE_MAX); for a lane-set question, the range of each lane. */
#define QUIZ_VALUE_MAX 1000000000000000LL
void quiz_answer_range(const rv_analysis *an, const quiz_question *q, int64_t *lo, int64_t *hi);

/* Reads an answer as a page sends it: a whole number ("-" allowed, at most
 * 16 digits) for a number question; lane numbers separated by commas for a
 * lane-set question ("" is no lane).  Anything else, or a choice out of
 * quiz_answer_range, is refused: -1 with why.  0 with *number or *lanes. */
int quiz_parse_answer(const rv_analysis *an, const quiz_question *q, const char *text, int64_t *number, uint32_t *lanes,
                      char *why, size_t whylen);

/* Right or wrong, whichever the question's type; and the answer in words
 * ("lanes 0-15", "smem[12]", "lane 3", "4"), as predict mode shows it. */
int quiz_check_answer(const quiz_question *q, int64_t number, uint32_t lanes);
void quiz_format_answer(const quiz_question *q, int64_t number, uint32_t lanes, char *buf, size_t len);

/* "lanes 0, 8, 16, 24" / "lanes 0-15" / "no lane": a lane set in words. */
void quiz_format_lanes(uint32_t lanes, char *buf, size_t len);

/* q as one JSON object (kind, step counted from 1 as on screen, warp,
 * lane, bank, the answer as a number or a list of lanes, text, hint, answer,
 * explanation): for slides and pages made from the same questions. */
void quiz_write_json(FILE *f, const quiz_question *q);

/* The kind's short name ("lanes", "divergent", ...), for JSON and tests. */
const char *quiz_kind_name(quiz_kind k);

/* The chosen warp and lane of a step, as the questions use them: the warp
 * with the worst bank conflict, else the first divergent one, else the first
 * that executes (-1: none); the lane in the middle of its executing lanes. */
int quiz_chosen_warp(const rv_analysis *an, int step);
int quiz_chosen_lane(const rv_analysis *an, int step, int warp);

#ifdef __cplusplus
}
#endif

#endif
