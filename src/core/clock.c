/* clock.c — the program's two clocks (clock.h). */
#include "clock.h"

#include <time.h>

static double seconds(clockid_t id)
{
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

double rv_mono_s(void) { return seconds(CLOCK_MONOTONIC); }

double rv_wall_s(void) { return seconds(CLOCK_REALTIME); }
