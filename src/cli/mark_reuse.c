/* mark_reuse.c — the version to beat's time shared by a class's checks on
 * one GPU (mark_reuse.h). */
#define _GNU_SOURCE
#include "mark_reuse.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "own/turns/gpu_lock.h"
#include "own/base/proc.h"
#include "core/clock.h"

int mark_reuse_path(const char *given, char *out, size_t len)
{
    const char *base = strrchr(given, '/'), *at = strstr(base ? base : given, "%g");
    if (!at) return snprintf(out, len, "%s", given) < (int)len ? 0 : -1;
    char key[256];
    gpu_lock_key(key, sizeof key);
    return snprintf(out, len, "%.*s%s%s", (int)(at - given), given, key, at + 2) < (int)len ? 0 : -1;
}

/* FILE's line for version at n and block: its time and when, and the
 * fastest and when; 0, or -1 when there is none or it is damaged. */
static int read_line(const char *file, const char *version, uint64_t n, int block, double *ms, double *at, double *best,
                     double *best_at)
{
    char text[256], v[32];
    unsigned long long fn;
    int fb, used = 0;
    if (!file || rv_read_regular(file, text, sizeof text) != 0) return -1;
    if (sscanf(text, "mark %31s n %llu block %d ms %lf at %lf best %lf best_at %lf%n", v, &fn, &fb, ms, at, best,
               best_at, &used) != 7 ||
        text[used + strspn(text + used, "\n")] != 0)
        return -1;
    if (strcmp(v, version) || fn != n || fb != block) return -1;
    for (const double *x = ms; x; x = x == ms ? best : NULL)
        if (!isfinite(*x) || *x <= 0 || *x > 1e6) return -1;
    return isfinite(*at) && isfinite(*best_at) ? 0 : -1;
}

/* How long ago t was, if it is within limit: else -1 ("at" is kept to the
 * millisecond: a moment ago may read as just ahead). */
static double age_of(double t, double limit)
{
    double age = rv_wall_s() - t;
    return age > -1.0 && age <= limit ? (age > 0 ? age : 0) : -1;
}

double mark_reuse_read(const char *file, const char *version, uint64_t n, int block, double *age_s)
{
    double ms, at, best, best_at, age;
    if (read_line(file, version, n, block, &ms, &at, &best, &best_at) || (age = age_of(at, MARK_REUSE_S)) < 0) return 0;
    *age_s = age;
    return ms;
}

double mark_reuse_best(const char *file, const char *version, uint64_t n, int block, double *age_s)
{
    double ms, at, best, best_at, age;
    if (read_line(file, version, n, block, &ms, &at, &best, &best_at) || (age = age_of(best_at, MARK_BEST_S)) < 0)
        return 0;
    *age_s = age;
    return best;
}

int mark_reuse_clean(double ms, double best) { return best <= 0 || ms <= best * (1 + MARK_CLEAN_SLACK); }

int mark_reuse_write(const char *file, const char *version, uint64_t n, int block, double ms)
{
    double now = rv_wall_s(), age = 0, best = mark_reuse_best(file, version, n, block, &age), best_at = now - age;
    if (best <= 0 || ms < best) best = ms, best_at = now;
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", file, (long)getpid());
    unlink(tmp);
    FILE *f = fopen(tmp, "wx");
    if (!f) return -1;
    fprintf(f, "mark %s n %llu block %d ms %.6f at %.3f best %.6f best_at %.3f\n", version, (unsigned long long)n,
            block, ms, now, best, best_at);
    if (fclose(f) != 0 || rename(tmp, file) != 0) {
        unlink(tmp);
        return -1;
    }
    return 0;
}
