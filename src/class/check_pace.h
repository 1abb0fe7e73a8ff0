/* check_pace.h — how long a class's checks take on its GPUs, and when one has
 * run so long that it no longer holds its GPU's slot (submit_queue.c starts
 * a spare worker beside it).
 *
 * A check that runs on (a launch() that forks, spins or holds memory on the
 * host until its time limit) would keep a slot from the students behind it.
 * How long is too long follows the machine: twice the median of the last
 * CHECK_PACE_KEEP checks' times, so that an honest check keeps its slot on
 * a slower GPU, under Slurm's steps or under load, and a hostile one gives
 * it back within a few of an honest check's times (on the H200 under 300
 * students a check took a median 1.3 s, p95 2.3 s: assets/logs).  Never
 * under CHECK_PACE_MIN_S nor over CHECK_PACE_MAX_S; CHECK_PACE_MAX_S until
 * CHECK_PACE_SEEN checks have ended.  Pure C; the caller locks. */
#ifndef RV_CHECK_PACE_H
#define RV_CHECK_PACE_H

#define CHECK_PACE_KEEP  64  /* the last checks' times kept                 */
#define CHECK_PACE_SEEN  16  /* ended before their median is trusted        */
#define CHECK_PACE_MIN_S 3.0 /* past an honest check's p95 under load       */
#define CHECK_PACE_MAX_S 8.0 /* the limit before a class has a pace         */

typedef struct check_pace {
    double took[CHECK_PACE_KEEP]; /* seconds, a ring: the oldest replaced */
    int n;                        /* checks ended, all told               */
} check_pace;

/* A check that ran on a GPU for `seconds` has ended. */
void check_pace_add(check_pace *p, double seconds);
/* How long a check may run and still hold its GPU's slot, in seconds. */
double check_pace_overdue_s(const check_pace *p);

#endif
