/* story.h — the launches of one run as one story of steps, and the marks
 * its timeline folds them into.
 *
 * An own trace may hold every launch of a run (rv_trace.next: the blocks'
 * partial sums, then one block over them).  The viewer steps through them as
 * one sequence: position 0 is launch 1's first step, and the arrows go on
 * from a launch's last step to the next one's first.  A trace without a next
 * launch is a story of one launch, its positions its steps.
 *
 * The timeline shows a story as marks: a step is a mark of its own, but a
 * run of at least STORY_FOLD_MIN alike steps (one launch, the same phase and
 * label: 300 turns of a grid-stride loop, a serial loop of thread 0) is one
 * mark that says how many it holds.  Marks never span two launches.
 * Pure C over traces and analyses (no SDL), tested on its own.
 */
#ifndef VIEWER_STORY_H
#define VIEWER_STORY_H

#include <stddef.h>
#include "core/analysis.h"
#include "core/trace.h"

#define STORY_FOLD_MIN 3 /* alike steps in a row that make one mark */

typedef struct story {
    int nlaunch;                                /* traced launches, 1 ..      */
    int launches;                               /* launches the run made (traced or not) */
    const rv_trace *tr[RV_OWN_MAX_LAUNCHES];    /* launch k's trace            */
    const rv_analysis *an[RV_OWN_MAX_LAUNCHES]; /* and its analysis            */
    int first[RV_OWN_MAX_LAUNCHES + 1];         /* position of launch k's first
                                                    step; [nlaunch]: the total */
} story;

/* A story of one trace alone (its next launches, if any, left out). */
void story_single(story *s, const rv_trace *tr, const rv_analysis *an);
/* Appends launch tr (analysed as an).  0, or -1 when the story is full. */
int story_add(story *s, const rv_trace *tr, const rv_analysis *an);

/* Positions in the story: every step of every launch. */
int story_total(const story *s);
/* The launch (0-based) position pos is in, and its step there in *step
 * (pos clamped to the story). */
int story_locate(const story *s, int pos, int *step);

/* The launch's number in its run (1-based), as the header says it. */
int story_launch_number(const story *s, int k);

/* Launch k in words, as the header says it: where the tracer counted the
 * whole grid, what it did (launch_words.h: "launch 2 of 2: one block sums
 * the 128 partials of buffer 5 into out[0]", "launch 1 of 2: 128 blocks,
 * each sums its tiles into a partial (block 0 shown)"); else from its N and
 * grid alone ("launch 2 of 2: one block over 128 partials"); where the run
 * made more launches than were traced, it says so. */
void story_launch_words(const story *s, int k, char *buf, size_t len);

/* What launch k's grid did with memory, where the tracer counted it: its
 * kernel, what it read (and which launch wrote that), where it wrote
 * ("finish: reads buffer 5, which launch 1 wrote; writes 1 value into
 * out[]"); "" when not counted. */
void story_launch_memory(const story *s, int k, char *buf, size_t len);

/* ---- marks ---------------------------------------------------------------- */

/* How many positions the mark starting at pos holds: 1, or a run of at
 * least STORY_FOLD_MIN alike steps. */
int story_mark_len(const story *s, int pos);
/* Marks of the whole story. */
int story_marks(const story *s);
/* The mark holding position pos, and its first position in *first. */
int story_mark_of(const story *s, int pos, int *first);
/* The first position of mark m (clamped to the story). */
int story_mark_first(const story *s, int m);

#endif
