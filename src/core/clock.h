/* clock.h — the two clocks the program reads: seconds on a clock that only
 * goes forward (for how long something took, and time limits) and the wall
 * clock (for what is written down and compared across processes). */
#ifndef RV_CORE_CLOCK_H
#define RV_CORE_CLOCK_H

/* CLOCK_MONOTONIC, in seconds. */
double rv_mono_s(void);
/* CLOCK_REALTIME, in seconds since the epoch. */
double rv_wall_s(void);

#endif
