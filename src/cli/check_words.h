/* check_words.h — `reducevis check`'s line for each rule: what it found,
 * with the step, warp, line and numbers from the trace, and for the rules
 * of the run (every timed call, every input element) the run's own. */
#ifndef RV_CHECK_WORDS_H
#define RV_CHECK_WORDS_H

#include <stddef.h>
#include <stdint.h>

#include "core/rules.h"
#include "core/trace.h"
#include "own/records/timed.h"

/* What a line needs beyond the rule's result. */
typedef struct check_context {
    const char *mark_from, *mark_why; /* FAST: where the mark's time is from,
                                          or why there is none               */
    const rv_timed_run *timed;        /* CALLS, TIMED: the checked calls (NULL:
                                          none)                              */
    const char *calls_why;            /* CALLS not judged, or not trusted: why */
    int calls_faulted;                /* CALLS: a kernel faulted in a judged call
                                          (calls_why says which and how)   */
    int calls_not_replayed;           /* CALLS: the judge's runner could not
                                          replay launch() (calls_why says why) */
    const char *reads_why;            /* READS not judged, or not trusted: why */
} check_context;

/* The rule's line, after its verdict word, ending in a newline. */
void check_say_rule(const rv_trace *tr, const rv_rule_result *r, const check_context *cx);

/* The count of the elements read, in words ("reads: reads 0 of 33,554,432
 * input elements; element 0 is never read"), no newline: first_unread -1
 * when every one was read, more read more than once, most times at most. */
void check_say_reads(uint64_t n, uint64_t read, long long first_unread, uint64_t more, uint64_t most);

/* v with a comma between thousands: "33,554,432". */
void check_group_digits(uint64_t v, char *buf, size_t len);

#endif
