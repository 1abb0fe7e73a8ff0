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

double mark_reuse_read(const char *file, const char *version, uint64_t n, int block, double *age_s)
{
    char text[256], v[32];
    unsigned long long fn;
    int fb, used = 0;
    double ms, at;
    if (!file || rv_read_regular(file, text, sizeof text) != 0) return 0;
    if (sscanf(text, "mark %31s n %llu block %d ms %lf at %lf%n", v, &fn, &fb, &ms, &at, &used) != 5 ||
        text[used + strspn(text + used, "\n")] != 0)
        return 0;
    double age = rv_wall_s() - at;   /* "at" is kept to the millisecond: a moment ago may read as just ahead */
    if (strcmp(v, version) || fn != n || fb != block || !isfinite(ms) || ms <= 0 || ms > 1e6 || !(age > -1.0) ||
        age > MARK_REUSE_S)
        return 0;
    *age_s = age > 0 ? age : 0;
    return ms;
}

int mark_reuse_write(const char *file, const char *version, uint64_t n, int block, double ms)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", file, (long)getpid());
    unlink(tmp);
    FILE *f = fopen(tmp, "wx");
    if (!f) return -1;
    fprintf(f, "mark %s n %llu block %d ms %.6f at %.3f\n", version, (unsigned long long)n, block, ms, rv_wall_s());
    if (fclose(f) != 0 || rename(tmp, file) != 0) {
        unlink(tmp);
        return -1;
    }
    return 0;
}
