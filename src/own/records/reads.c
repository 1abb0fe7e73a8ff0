/* reads.c — the tracer's count of the input elements read (reads.h), parsed
 * word by word: digits only, no sign, no overflow, every key in its place,
 * the numbers consistent with each other and with the run. */
#define _GNU_SOURCE
#include "own/records/reads.h"

#include <stdio.h>
#include <string.h>

#include "core/i18n.h"
#include "own/base/proc.h"

/* A number of the file: decimal digits only (at most 18: below 2^63), or
 * "-1" where minus_one is allowed.  *p moves past it and one space. */
static int number(const char **p, int minus_one, int64_t *out)
{
    const char *s = *p;
    if (minus_one && s[0] == '-' && s[1] == '1' && (s[2] == ' ' || !s[2] || s[2] == '\n')) {
        *out = -1;
        *p = s + 2;
    } else {
        int64_t v = 0;
        int digits = 0;
        for (; *s >= '0' && *s <= '9'; s++, digits++) {
            if (digits == 18) return -1;
            v = v * 10 + (*s - '0');
        }
        if (!digits || (*s && *s != ' ' && *s != '\n')) return -1;
        *out = v;
        *p = s;
    }
    if (**p == ' ') (*p)++;
    return 0;
}

/* "KEY NUMBER " at *p. */
static int field(const char **p, const char *key, int minus_one, int64_t *out)
{
    size_t len = strlen(key);
    if (strncmp(*p, key, len) || (*p)[len] != ' ') return -1;
    *p += len + 1;
    return number(p, minus_one, out);
}

/* The numbers hold to each other and to the run; NULL, or what does not. */
static const char *inconsistent(const rv_reads *r, uint64_t n)
{
    if (r->n != n) return _("it counts another number of elements than the run's");
    if (r->read > r->n || r->unread != r->n - r->read) return _("read and unread do not add up to the elements");
    if ((r->unread == 0) != (r->first_unread == -1)) return _("first_unread does not agree with unread");
    if (r->first_unread >= (int64_t)r->n) return _("first_unread is past the last element");
    if (r->more_than_once > r->read) return _("more elements read more than once than were read");
    if ((r->read == 0) != (r->most == 0)) return _("most does not agree with read");
    if ((r->more_than_once > 0) != (r->most > 1)) return _("most does not agree with more_than_once");
    return NULL;
}

int rv_reads_parse(const char *text, uint64_t n, rv_reads *r, char *err, size_t errlen)
{
    static const char *const keys[] = {"n", "read", "unread", "first_unread", "more_than_once", "most"};
    int64_t v[6];
    const char *p = text;
    memset(r, 0, sizeof *r);
    int ok = !strncmp(p, "reads ", 6);
    p += ok ? 6 : 0;
    for (int k = 0; ok && k < 6; k++) ok = field(&p, keys[k], k == 3, &v[k]) == 0;
    while (ok && (*p == ' ' || *p == '\n')) p++;
    if (!ok || *p) {
        snprintf(err, errlen, "%s",
                 _("it is not one line \"reads n N read R unread U first_unread I more_than_once M "
                   "most X\" of whole numbers"));
        return -1;
    }
    *r = (rv_reads){.n = (uint64_t)v[0],
                    .read = (uint64_t)v[1],
                    .unread = (uint64_t)v[2],
                    .first_unread = v[3],
                    .more_than_once = (uint64_t)v[4],
                    .most = (uint64_t)v[5]};
    const char *why = inconsistent(r, n);
    if (why) {
        snprintf(err, errlen, "%s", why);
        memset(r, 0, sizeof *r);
        return -1;
    }
    return 0;
}

int rv_reads_load(const char *work, uint64_t n, rv_reads *r, char *err, size_t errlen)
{
    char path[4200], text[4096];
    memset(r, 0, sizeof *r);
    snprintf(path, sizeof path, "%s/reads.txt", work);
    int rc = rv_read_regular(path, text, sizeof text);
    if (rc == 1) return 1;
    if (rc < 0) {
        snprintf(err, errlen, "%s", rc == -2 ? _("it is not text") : _("it is not a small regular file"));
        return -1;
    }
    return rv_reads_parse(text, n, r, err, errlen);
}
