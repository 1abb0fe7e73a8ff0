/* test_check_pace.c — when a class's check no longer holds its GPU's slot
 * (src/class/check_pace.c): the fixed limit until the class has a pace, then
 * twice the median of its last checks, within its bounds, forgetting the
 * oldest, and not moved by a few hostile checks that ran to their limit. */
#include <math.h>

#include "check.h"
#include "class/check_pace.h"

static check_pace made(int n, double seconds)
{
    check_pace p = {0};
    for (int i = 0; i < n; i++) check_pace_add(&p, seconds);
    return p;
}

int main(void)
{
    check_pace p = made(CHECK_PACE_SEEN - 1, 1.0);
    CHECK(check_pace_overdue_s(&p) == CHECK_PACE_MAX_S, "no pace yet: the fixed limit, not %g",
          check_pace_overdue_s(&p));

    p = made(CHECK_PACE_SEEN, 2.5);
    CHECK(fabs(check_pace_overdue_s(&p) - 5.0) < 1e-9, "twice the median: 5, not %g", check_pace_overdue_s(&p));

    p = made(40, 1.3); /* the H200 under 300 students */
    CHECK(check_pace_overdue_s(&p) == CHECK_PACE_MIN_S, "at least the floor, not %g", check_pace_overdue_s(&p));
    p = made(40, 6.0);
    CHECK(check_pace_overdue_s(&p) == CHECK_PACE_MAX_S, "at most the ceiling, not %g", check_pace_overdue_s(&p));

    /* five hostile checks that ran to a 30 s limit among 40 honest ones of 2 s */
    p = made(40, 2.0);
    for (int i = 0; i < 5; i++) check_pace_add(&p, 30.0);
    CHECK(fabs(check_pace_overdue_s(&p) - 4.0) < 1e-9, "a few long checks do not move it: 4, not %g",
          check_pace_overdue_s(&p));

    /* the oldest forgotten: a machine that slowed down is followed */
    p = made(CHECK_PACE_KEEP, 1.0);
    for (int i = 0; i < CHECK_PACE_KEEP; i++) check_pace_add(&p, 3.5);
    CHECK(fabs(check_pace_overdue_s(&p) - 7.0) < 1e-9, "only the last %d count: 7, not %g", CHECK_PACE_KEEP,
          check_pace_overdue_s(&p));

    /* an even count: the mean of the middle two */
    p = made(0, 0);
    for (int i = 0; i < 10; i++) check_pace_add(&p, 1.5), check_pace_add(&p, 2.5);
    CHECK(fabs(check_pace_overdue_s(&p) - 4.0) < 1e-9, "median 2 of an even count: 4, not %g",
          check_pace_overdue_s(&p));

    check_pace_add(&p, -1.0); /* a clock that stepped back is no time */
    CHECK(p.n == 20, "a negative time not kept");
    return check_report();
}
