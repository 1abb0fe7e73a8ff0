/* data.c — input data patterns, each element a pure function of its index. */
#define _GNU_SOURCE
#include "data.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/random.h>
#include <unistd.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "i18n.h"

static const char *const names[RV_DATA_KIND_COUNT] = {"ones", "index", "mod10", "random", "signed"};

int rv_data_parse(const char *s, rv_data *out, char *err, size_t errlen)
{
    rv_data d = {RV_DATA_ONES, 0};
    if (!s) s = "";
    for (int k = 0; k < RV_DATA_KIND_COUNT; k++) {
        size_t len = strlen(names[k]);
        if (strncmp(s, names[k], len) != 0) continue;
        if (s[len] == '\0') {
            d.kind = (rv_data_kind)k;
            *out = d;
            return 0;
        }
        if ((k == RV_DATA_RANDOM || k == RV_DATA_SIGNED) && s[len] == ':' && s[len + 1] >= '0' && s[len + 1] <= '9') {
            char *end;
            errno = 0;
            unsigned long long seed = strtoull(s + len + 1, &end, 10);
            if (*end == '\0' && errno == 0) {
                d.kind = (rv_data_kind)k;
                d.seed = seed;
                *out = d;
                return 0;
            }
        }
    }
    snprintf(err, errlen, _("unknown data pattern '%s' (expected ones, index, mod10, random[:SEED] or signed[:SEED])"),
             s);
    return -1;
}

void rv_data_name(rv_data d, char *buf, size_t len)
{
    if (rv_data_seeded(d))
        snprintf(buf, len, "%s:%" PRIu64, names[d.kind], d.seed);
    else
        snprintf(buf, len, "%s", (unsigned)d.kind < RV_DATA_KIND_COUNT ? names[d.kind] : "?");
}

/* splitmix64: a strong, cheap mix of (seed, index). */
static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

float rv_data_value(rv_data d, uint64_t i)
{
    switch (d.kind) {
    case RV_DATA_ONES: return 1.0f;
    case RV_DATA_INDEX: return (float)i;
    case RV_DATA_MOD10: return (float)(i % 10);
    case RV_DATA_RANDOM:
        /* 24 random bits -> exactly representable floats in [0, 1) */
        return (float)(mix(d.seed ^ mix(i)) >> 40) * (1.0f / 16777216.0f);
    case RV_DATA_SIGNED:
        /* the same 24 bits, centred: k / 2^23 for k in [-2^23, 2^23), each a
           float exactly, and 2 x random - 1 to the bit */
        return (float)((int64_t)(mix(d.seed ^ mix(i)) >> 40) - 8388608) * (1.0f / 8388608.0f);
    default: return 0.0f;
    }
}

void rv_data_fill(rv_data d, float *dst, uint64_t first, uint64_t count)
{
    for (uint64_t k = 0; k < count; k++) dst[k] = rv_data_value(d, first + k);
}

int rv_data_seeded(rv_data d) { return d.kind == RV_DATA_RANDOM || d.kind == RV_DATA_SIGNED; }

rv_data rv_data_derive(rv_data d, uint64_t k)
{
    /* a constant apart from mix(i), so that stream k's seed is never an
       element's own mix */
    if (rv_data_seeded(d)) d.seed = mix(d.seed ^ mix(k ^ 0xD1B54A32D192ED03ull));
    return d;
}

int rv_data_fresh_seed(uint64_t *seed)
{
    if (getrandom(seed, sizeof *seed, 0) == (ssize_t)sizeof *seed) return 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    ssize_t got = fd >= 0 ? read(fd, seed, sizeof *seed) : -1;
    if (fd >= 0) close(fd);
    return got == (ssize_t)sizeof *seed ? 0 : -1;
}
