/* check_pace.c — the class's checks' pace, and the time past which a check no
 * longer holds its GPU's slot (check_pace.h). */
#include "check_pace.h"

#include <stdlib.h>
#include <string.h>

void check_pace_add(check_pace *p, double seconds)
{
    if (!(seconds >= 0)) return; /* a clock that stepped back: no time */
    p->took[p->n % CHECK_PACE_KEEP] = seconds;
    p->n++;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double check_pace_overdue_s(const check_pace *p)
{
    if (p->n < CHECK_PACE_SEEN) return CHECK_PACE_MAX_S;
    int n = p->n < CHECK_PACE_KEEP ? p->n : CHECK_PACE_KEEP;
    double sorted[CHECK_PACE_KEEP];
    memcpy(sorted, p->took, (size_t)n * sizeof sorted[0]);
    qsort(sorted, (size_t)n, sizeof sorted[0], by_value);
    double median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    double limit = 2 * median;
    return limit < CHECK_PACE_MIN_S ? CHECK_PACE_MIN_S : limit > CHECK_PACE_MAX_S ? CHECK_PACE_MAX_S : limit;
}
