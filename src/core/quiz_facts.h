/* quiz_facts.h — the step's facts the questions are made of, for quiz.c
 * (quiz_facts.c); nothing outside the quiz includes it. */
#ifndef RV_QUIZ_FACTS_H
#define RV_QUIZ_FACTS_H

#include <stddef.h>
#include <stdint.h>
#include "quiz.h"

/* The shared-memory requests of a warp as analysis.c counts them: the k-th
 * shared read of each executing lane, then the write.  Finds the worst
 * request, its worst bank (the lowest of equals) and that bank's words. */
typedef struct worst_bank {
    int degree, bank, nwords;
    int64_t words[RV_WARP_SIZE];
} worst_bank;

/* Appends printf-style text to buf (cut where it does not fit). */
void quiz_append(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Thread t's event at step. */
const rv_event *quiz_event(const rv_analysis *an, int step, int t);
/* The lanes of warp that execute at step. */
uint32_t quiz_exec_mask(const rv_analysis *an, int step, int warp);
/* "reads smem[3] (2) and smem[19] (2)": at most four reads, values where known. */
void quiz_describe_reads(const rv_analysis *an, int step, int t, char *buf, size_t len);
/* Warp's worst shared-memory request at step, its worst bank and that bank's words. */
void quiz_find_worst_bank(const rv_analysis *an, int step, int warp, worst_bank *wb);

#endif
