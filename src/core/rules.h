/* rules.h — the rules the exercises are judged by (docs/exercises.md), on a
 * kernel traced from a student's file.
 *
 * Pure functions of a trace and its analysis, and for the time rule of one
 * number the caller looked up (the mark version's time), and for the rules
 * of the run (every element read, every call right) of what the run said
 * beside its trace (rv_rules_facts): they fill a result with each rule's
 * verdict and the numbers behind it, and print nothing.
 * `reducevis check` (cmd_check.c) says them in words; the tests build
 * traces that break each rule.
 */
#ifndef RV_RULES_H
#define RV_RULES_H

#include <stdint.h>

#include "analysis.h"
#include "results.h"
#include "trace.h"

typedef enum rv_rule {
    RV_RULE_OWN,            /* a kernel traced from a file (version RV_VERSION_OWN)  */
    RV_RULE_SUM,            /* its sum passed the sum check (no RV_OWN_SUM_WRONG)    */
    RV_RULE_CALLS,          /* every call of the timed run summed right              */
    RV_RULE_READS,          /* the traced run read every input element               */
    RV_RULE_WHOLE,          /* nothing cut (no RV_OWN_CUT)                           */
    RV_RULE_CONVERGED,      /* no divergent warp in a step where >= 32 threads work  */
    RV_RULE_CONFLICT_FREE,  /* every shared-memory request of every step 1-way       */
    RV_RULE_TWO_PER_THREAD, /* every thread of the load reads >= 2 input elements    */
    RV_RULE_HALF_GRID,      /* grid <= ceil(n / (2 x block size))                    */
    RV_RULE_SYNCED,         /* no step marked RV_STEP_UNSYNCED                       */
    RV_RULE_WARP_TAIL,      /* >= RV_WARP_TAIL_STEPS steps after the last tree level */
    RV_RULE_TIMED,          /* an un-instrumented time was taken (own_ms > 0)        */
    RV_RULE_FAST,           /* own_ms <= the mark version's time / the share asked   */
    RV_RULE_COUNT
} rv_rule;

#define RV_RULE_BIT(r) (1u << (r))

/* The last 32 -> 1 of a reduction takes five steps (+16, +8, +4, +2, +1:
 * shared stores or shuffles); without a barrier they come after the last
 * tree level, in its barrier interval. */
#define RV_WARP_TAIL_STEPS 5

/* One rule's verdict and its evidence: where the trace breaks it (the first
 * such place), else what it looked at.  -1 where a field does not apply. */
typedef struct rv_rule_result {
    rv_rule rule;
    int ok;
    int step, warp, thread, line; /* where                                   */
    int last_step;                /* TWO_PER_THREAD: the load's last step                  */
    int threads;                  /* threads working in `step`                            */
    long long got, limit;         /* the number found and its bound: lanes of a divergent
                            warp and 32, a conflict's ways and 1, input elements
                            and 2, blocks and ceil(n / 2B), steps after the last
                            tree level and RV_WARP_TAIL_STEPS                   */
    int count;                    /* steps (or threads) that break it                     */
    int looked;                   /* steps (or threads) it looked at                      */
    double ms, mark_ms, bound_ms; /* TIMED, FAST: the kernel's time, the mark
                                      version's, and the most allowed          */
    long long index;              /* READS: the first element never read; CALLS: the
                            first wrong call (an index of the timed run's)    */
    long long extra;              /* READS: elements read more than once               */
    int judged;                   /* 0: what the rule needs is not known (then ok = 1,
                            and the verdict is not a verified one)            */
} rv_rule_result;

typedef struct rv_rules_result {
    int pass; /* every rule judged holds            */
    int nrules;
    int unjudged;                        /* rules that could not be judged    */
    rv_rule_result rules[RV_RULE_COUNT]; /* the exercise's rules, in rule order */
} rv_rules_result;

/* What a fact of the run is: not known (an older tracer or driver, a trace
 * recorded earlier, --no-time), known, or given in a form that cannot be
 * trusted (which fails its rule). */
typedef enum rv_fact { RV_FACT_UNKNOWN = 0, RV_FACT_KNOWN, RV_FACT_DAMAGED } rv_fact;

/* What a run says beside its trace (src/own: the tracer's count of the
 * elements read, the timed run's checked calls). */
typedef struct rv_rules_facts {
    rv_fact reads;
    uint64_t n, read, unread, more_than_once, most;
    long long first_unread; /* -1: every element read                 */
    rv_fact calls;
    int ncalls, nwrong; /* calls checked (warm-ups too), wrong    */
    int first_wrong;    /* the first wrong one's index, or -1     */
} rv_rules_facts;

struct rv_exercise;

/* Judges tr (with an = rv_analyze(tr)) by exercise ex's rules.  mark_ms: the
 * mark version's time for RV_RULE_FAST (0: none found, which fails it).
 * facts: what the run said (NULL: nothing, as for a recorded trace).  A
 * trace that is not an own trace is judged by RV_RULE_OWN alone. */
void rv_rules_judge(const rv_trace *tr, const rv_analysis *an, const struct rv_exercise *ex, double mark_ms,
                    const rv_rules_facts *facts, rv_rules_result *res);

/* The version exercise 5 is measured against (the row with RV_VP_MARK). */
int rv_rules_mark_version(void);

/* Its run in r to hold a trace of n elements at block_size to: on one GPU,
 * at the same N, at the same block size where r has that, else at the one
 * it ran at.  NULL when r has none at n. */
const rv_result_run *rv_rules_mark_run(const rv_results *r, uint64_t n, int block_size);

#endif
