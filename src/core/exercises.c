/* exercises.c — the exercise table: one row per exercise of
 * docs/exercises.md, in the order the lesson takes them.  Each exercise is
 * judged by the rules every one has (an own trace, the right sum, every
 * timed call's sum right, every input element read, nothing cut) and those
 * of its own; an exercise also keeps what the ones before it
 * asked where the lesson builds on them (3 keeps 1 and 2). */
#include "exercises.h"

#include <stddef.h>

#include "i18n.h"

#define EVERY \
    (RV_RULE_BIT(RV_RULE_OWN) | RV_RULE_BIT(RV_RULE_SUM) | RV_RULE_BIT(RV_RULE_CALLS) | RV_RULE_BIT(RV_RULE_READS) | \
     RV_RULE_BIT(RV_RULE_WHOLE))
#define CONVERGED    RV_RULE_BIT(RV_RULE_CONVERGED)
#define NO_CONFLICTS (CONVERGED | RV_RULE_BIT(RV_RULE_CONFLICT_FREE))

static const rv_exercise exercises[RV_NUM_EXERCISES] = {
    {.number = 1,
     .dir = "1-converge",
     .title = N_("make the interleaved tree's warps converge"),
     .rules = EVERY | CONVERGED,
     .beside = 1},
    {.number = 2,
     .dir = "2-no-conflicts",
     .title = N_("remove the strided index's bank conflicts"),
     .rules = EVERY | NO_CONFLICTS,
     .beside = 2},
    {.number = 3,
     .dir = "3-add-during-load",
     .title = N_("add during load"),
     .rules = EVERY | NO_CONFLICTS | RV_RULE_BIT(RV_RULE_TWO_PER_THREAD) | RV_RULE_BIT(RV_RULE_HALF_GRID),
     .beside = 3},
    {.number = 4,
     .dir = "4-last-warp",
     .title = N_("a last warp that is correct on Volta and later"),
     .rules = EVERY | RV_RULE_BIT(RV_RULE_SYNCED) | RV_RULE_BIT(RV_RULE_WARP_TAIL),
     .beside = 4},
    {.number = 5,
     .dir = "5-fast",
     .title = N_("your own kernel, nearly as fast as the fastest version"),
     .rules = EVERY | RV_RULE_BIT(RV_RULE_TIMED) | RV_RULE_BIT(RV_RULE_FAST),
     .speed_share = 0.9},
};

const rv_exercise *rv_exercise_get(int number)
{
    return number >= 1 && number <= RV_NUM_EXERCISES ? &exercises[number - 1] : NULL;
}

int rv_exercise_beside(const rv_exercise *ex) { return ex->beside ? ex->beside : rv_rules_mark_version(); }
