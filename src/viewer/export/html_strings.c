/* html_strings.c — a string that grows and a table of strings, for the
 * lesson page (html_strings.h). */
#include "html_strings.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- growing strings ----------------------------------------------------------- */

void sb_add(sbuf *b, const char *s, size_t n)
{
    if (b->oom) return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1) cap *= 2;
        char *p = realloc(b->s, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void sb_puts(sbuf *b, const char *s) { sb_add(b, s, strlen(s)); }

void sb_printf(sbuf *b, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0) sb_add(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* s as a JSON string; every '<' is written \u003c, so that no text can end
 * the <script> element the JSON sits in ("</script>") or change how it is
 * parsed ("<!--"). */
void sb_json(sbuf *b, const char *s)
{
    sb_add(b, "\"", 1);
    for (const char *p = s ? s : ""; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            sb_add(b, e, 2);
        } else if (c < 0x20 || c == '<') {
            sb_printf(b, "\\u%04x", c);
        } else {
            sb_add(b, p, 1);
        }
    }
    sb_add(b, "\"", 1);
}

size_t base64_chunk(char *dst, const unsigned char *d, size_t n)
{
    static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)d[i] << 16 | (i + 1 < n ? (uint32_t)d[i + 1] << 8 : 0) | (i + 2 < n ? d[i + 2] : 0);
        dst[o++] = abc[v >> 18 & 63];
        dst[o++] = abc[v >> 12 & 63];
        dst[o++] = i + 1 < n ? abc[v >> 6 & 63] : '=';
        dst[o++] = i + 2 < n ? abc[v & 63] : '=';
    }
    return o;
}

void sb_base64(sbuf *b, const unsigned char *d, size_t n)
{
    char buf[4096];
    for (size_t i = 0; i < n; i += BASE64_CHUNK) {
        size_t k = n - i < BASE64_CHUNK ? n - i : BASE64_CHUNK;
        sb_add(b, buf, base64_chunk(buf, d + i, k));
    }
}

/* s as text of an element or an attribute: & < > " escaped. */
void sb_html(sbuf *b, const char *s)
{
    const char *run = s ? s : "";
    for (const char *p = run; *p; p++) {
        const char *e = *p == '&' ? "&amp;" : *p == '<' ? "&lt;" : *p == '>' ? "&gt;" : *p == '"' ? "&quot;" : NULL;
        if (e) {
            sb_add(b, run, (size_t)(p - run));
            sb_puts(b, e);
            run = p + 1;
        }
    }
    sb_puts(b, run);
}

/* ---- the table of strings ------------------------------------------------------ */

static uint32_t hash_str(const char *s)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static int strtab_grow(strtab *t)
{
    size_t nslots = t->nslots ? t->nslots * 2 : 4096;
    int32_t *slot = calloc(nslots, sizeof *slot);
    if (!slot) return -1;
    for (size_t i = 0; i < t->n; i++) {
        size_t j = hash_str(t->str[i]) & (nslots - 1);
        while (slot[j]) j = (j + 1) & (nslots - 1);
        slot[j] = (int32_t)i + 1;
    }
    free(t->slot);
    t->slot = slot;
    t->nslots = nslots;
    return 0;
}

/* The index of s in the table, added when new; -1 out of memory. */
long strtab_index(strtab *t, const char *s)
{
    if (t->oom || (2 * (t->n + 1) > t->nslots && strtab_grow(t) != 0)) {
        t->oom = 1;
        return -1;
    }
    size_t j = hash_str(s) & (t->nslots - 1);
    for (; t->slot[j]; j = (j + 1) & (t->nslots - 1))
        if (!strcmp(t->str[t->slot[j] - 1], s)) return t->slot[j] - 1;
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 1024;
        char **p = realloc(t->str, cap * sizeof *p);
        if (!p) {
            t->oom = 1;
            return -1;
        }
        t->str = p;
        t->cap = cap;
    }
    size_t len = strlen(s) + 1;
    if (!(t->str[t->n] = malloc(len))) {
        t->oom = 1;
        return -1;
    }
    memcpy(t->str[t->n], s, len);
    t->slot[j] = (int32_t)t->n + 1;
    return (long)t->n++;
}

void strtab_free(strtab *t)
{
    for (size_t i = 0; i < t->n; i++) free(t->str[i]);
    free(t->str);
    free(t->slot);
}
