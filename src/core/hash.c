/* hash.c — FNV-1a, 64 bits (hash.h). */
#include "hash.h"

#include <string.h>

uint64_t rv_hash(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    if (!h) h = 1469598103934665603ull;
    for (size_t i = 0; i < len; i++) h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

uint64_t rv_hash_text(const char *s) { return rv_hash(0, s, strlen(s)); }
