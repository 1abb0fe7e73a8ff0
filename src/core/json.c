/* json.c — JSON for the CLI's machine-readable files: string escaping for
 * writing, and a strict, bounds-checked reader (text -> tree -> typed fields)
 * whose every error names the line and column, used for the benchmark
 * results and the hardware cross-check. */
#include "json.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "i18n.h"

/* Limits that keep a hostile file from costing much. */
#define RV_JSON_MAX_FILE  (64L << 20) /* far beyond any real file of ours          */
#define RV_JSON_MAX_DEPTH 16          /* our files nest 3 deep                     */
#define RV_JSON_MAX_KEYS  1000        /* per object: duplicates are sought pairwise */

void rv_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\t': fputs("\\t", f); break;
        default:
            if (*p < 0x20)
                fprintf(f, "\\u%04x", *p);
            else
                fputc(*p, f);
        }
    }
    fputc('"', f);
}

void rv_json_measure(FILE *f, const char *key, double x)
{
    if (x > 0)
        fprintf(f, ",\"%s\":%.6g", key, x);
    else
        fprintf(f, ",\"%s\":null", key);
}

/* ==== reading: JSON text -> tree ========================================== */

typedef struct jparser {
    const char *p, *end; /* what is left of the text                   */
    const char *line_start;
    int line, depth;
    char *err;
    size_t errlen;
} jparser;

void rv_json_free(rv_json *n)
{
    for (int i = 0; i < n->nkids; i++) rv_json_free(&n->kids[i]);
    free(n->kids);
    free(n->text);
    free(n->key);
}

static int column(const jparser *jp) { return (int)(jp->p - jp->line_start) + 1; }

static int jfail(jparser *jp, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, _(fmt), ap); /* fmt is marked: xgettext --keyword=jfail:2 */
    va_end(ap);
    snprintf(jp->err, jp->errlen, _("line %d, column %d: %s"), jp->line, column(jp), msg);
    return -1;
}

/* The text stops where more was expected: the usual sign of a cut-off file. */
static int jfail_end(jparser *jp, const char *inside)
{
    /* inside is marked: xgettext --keyword=jfail_end:2 */
    snprintf(jp->err, jp->errlen, _("line %d: the file ends inside %s: it is truncated"), jp->line, _(inside));
    return -1;
}

static void skip_space(jparser *jp)
{
    while (jp->p < jp->end && (*jp->p == ' ' || *jp->p == '\t' || *jp->p == '\n' || *jp->p == '\r')) {
        if (*jp->p == '\n') {
            jp->line++;
            jp->line_start = jp->p + 1;
        }
        jp->p++;
    }
}

static int is_digit(const jparser *jp) { return jp->p < jp->end && *jp->p >= '0' && *jp->p <= '9'; }

static int hex4(const char *s, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0) return -1;
        v = v * 16 + (unsigned)d;
    }
    *out = v;
    return 0;
}

static char *put_utf8(char *o, unsigned cp)
{
    if (cp < 0x80) {
        *o++ = (char)cp;
    } else if (cp < 0x800) {
        *o++ = (char)(0xC0 | cp >> 6);
        *o++ = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *o++ = (char)(0xE0 | cp >> 12);
        *o++ = (char)(0x80 | (cp >> 6 & 0x3F));
        *o++ = (char)(0x80 | (cp & 0x3F));
    } else {
        *o++ = (char)(0xF0 | cp >> 18);
        *o++ = (char)(0x80 | (cp >> 12 & 0x3F));
        *o++ = (char)(0x80 | (cp >> 6 & 0x3F));
        *o++ = (char)(0x80 | (cp & 0x3F));
    }
    return o;
}

/* \uXXXX at jp->p (past the backslash and 'u'), joining a surrogate pair. */
static int parse_unicode(jparser *jp, const char *stop, unsigned *cp)
{
    if (stop - jp->p < 4 || hex4(jp->p, cp)) return jfail(jp, "\\u needs four hex digits");
    jp->p += 4;
    if (*cp >= 0xDC00 && *cp <= 0xDFFF) return jfail(jp, "a \\u escape holds half of a UTF-16 pair alone");
    if (*cp >= 0xD800 && *cp <= 0xDBFF) {
        unsigned lo;
        if (stop - jp->p < 6 || jp->p[0] != '\\' || jp->p[1] != 'u' || hex4(jp->p + 2, &lo) || lo < 0xDC00 ||
            lo > 0xDFFF)
            return jfail(jp, "a \\u escape holds half of a UTF-16 pair alone");
        jp->p += 6;
        *cp = 0x10000 + ((*cp - 0xD800) << 10) + (lo - 0xDC00);
    }
    if (*cp == 0) return jfail(jp, "\\u0000 is not allowed in a string");
    return 0;
}

/* A string literal at jp->p into a new NUL-terminated *out (freed by the caller). */
/* The length of the well-formed UTF-8 sequence at s (RFC 3629: no overlong
 * form, no surrogate, nothing above U+10FFFF), or 0 where there is none. */
static int utf8_length(const unsigned char *s, const unsigned char *end)
{
    int n = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : 2;
    if (s[0] < 0xC2 || s[0] > 0xF4 || end - s < n) return 0;
    for (int k = 1; k < n; k++)
        if ((s[k] & 0xC0) != 0x80) return 0;
    if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] > 0x9F) || /* overlong; surrogate */
        (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] > 0x8F))   /* overlong; above U+10FFFF */
        return 0;
    return n;
}

static int parse_string(jparser *jp, char **out)
{
    const char *start = ++jp->p, *stop = start;
    while (stop < jp->end && *stop != '"') stop += (*stop == '\\' && stop + 1 < jp->end) ? 2 : 1;
    if (stop >= jp->end) {
        jp->p = jp->end;
        return jfail_end(jp, "a string");
    }
    /* Escapes never make the text longer: the span bounds the output. */
    char *o = *out = malloc((size_t)(stop - start) + 1);
    if (!o) return jfail(jp, "out of memory");
    while (jp->p < stop) {
        unsigned char c = (unsigned char)*jp->p;
        if (c < 0x20) return jfail(jp, "a control character (code %u) inside a string", c);
        if (c >= 0x80) {
            int n = utf8_length((const unsigned char *)jp->p, (const unsigned char *)stop);
            if (!n) return jfail(jp, "a byte (0x%02X) that is not UTF-8 inside a string", c);
            memcpy(o, jp->p, (size_t)n);
            o += n;
            jp->p += n;
            continue;
        }
        if (c != '\\') {
            *o++ = (char)c;
            jp->p++;
            continue;
        }
        char e = *++jp->p;
        jp->p++;
        switch (e) {
        case '"': *o++ = '"'; break;
        case '\\': *o++ = '\\'; break;
        case '/': *o++ = '/'; break;
        case 'b': *o++ = '\b'; break;
        case 'f': *o++ = '\f'; break;
        case 'n': *o++ = '\n'; break;
        case 'r': *o++ = '\r'; break;
        case 't': *o++ = '\t'; break;
        case 'u': {
            unsigned cp = 0;
            if (parse_unicode(jp, stop, &cp)) return -1;
            o = put_utf8(o, cp);
            break;
        }
        default: jp->p--; return jfail(jp, "unknown escape '\\%c' in a string", e >= 0x20 && e < 0x7F ? e : '?');
        }
    }
    *o = '\0';
    jp->p = stop + 1;
    return 0;
}

/* A number in JSON's own grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static int parse_number(jparser *jp, rv_json *out)
{
    const char *start = jp->p;
    if (*jp->p == '-') jp->p++;
    if (jp->p < jp->end && *jp->p == '0')
        jp->p++;
    else if (is_digit(jp))
        while (is_digit(jp)) jp->p++;
    else
        return jp->p >= jp->end ? jfail_end(jp, "a number") : jfail(jp, "a number needs digits");
    if (jp->p < jp->end && *jp->p == '.') {
        jp->p++;
        if (!is_digit(jp)) return jp->p >= jp->end ? jfail_end(jp, "a number") : jfail(jp, "digits must follow '.'");
        while (is_digit(jp)) jp->p++;
    }
    if (jp->p < jp->end && (*jp->p == 'e' || *jp->p == 'E')) {
        jp->p++;
        if (jp->p < jp->end && (*jp->p == '+' || *jp->p == '-')) jp->p++;
        if (!is_digit(jp))
            return jp->p >= jp->end ? jfail_end(jp, "a number") : jfail(jp, "digits must follow the exponent");
        while (is_digit(jp)) jp->p++;
    }
    char buf[64], *end;
    size_t len = (size_t)(jp->p - start);
    if (len >= sizeof buf) return jfail(jp, "a number with more than %d characters", (int)sizeof buf - 1);
    memcpy(buf, start, len);
    buf[len] = '\0';
    out->type = RV_JSON_NUMBER;
    out->number = strtod(buf, &end);
    if (end != buf + len) return jfail(jp, "the number '%s' could not be read", buf);
    if (!isfinite(out->number)) return jfail(jp, "the number '%s' is out of range", buf);
    return 0;
}

static int parse_word(jparser *jp, rv_json *out)
{
    static const struct {
        const char *word;
        rv_json_type type;
        double value;
    } words[] = {{"true", RV_JSON_BOOL, 1}, {"false", RV_JSON_BOOL, 0}, {"null", RV_JSON_NULL, 0}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t len = strlen(words[i].word);
        size_t left = (size_t)(jp->end - jp->p);
        if (strncmp(jp->p, words[i].word, left < len ? left : len) != 0) continue;
        if (left < len) {
            jp->p = jp->end;
            return jfail_end(jp, words[i].word);
        }
        jp->p += len;
        out->type = words[i].type;
        out->number = words[i].value;
        return 0;
    }
    return jfail(jp, "unexpected text (expected a value)");
}

/* A new zeroed child of parent, counted at once so that rv_json_free finds it. */
static rv_json *add_kid(jparser *jp, rv_json *parent)
{
    if (parent->nkids == parent->cap) {
        int cap = parent->cap ? 2 * parent->cap : 8;
        rv_json *kids = realloc(parent->kids, (size_t)cap * sizeof *kids);
        if (!kids) {
            jfail(jp, "out of memory");
            return NULL;
        }
        parent->kids = kids;
        parent->cap = cap;
    }
    rv_json *kid = &parent->kids[parent->nkids++];
    memset(kid, 0, sizeof *kid);
    return kid;
}

static int parse_value(jparser *jp, rv_json *out);

/* After an item or member of `open` (an "array" or "object"): ',' (more
 * follow) returns 1, the closing bracket 0. */
static int next_or_close(jparser *jp, char closer, const char *noun, const rv_json *open)
{
    char inside[16];
    snprintf(inside, sizeof inside, "an %s", noun);
    skip_space(jp);
    if (jp->p >= jp->end) return jfail_end(jp, inside);
    if (*jp->p == ',') {
        jp->p++;
        return 1;
    }
    if (*jp->p == closer) {
        jp->p++;
        return 0;
    }
    return jfail(jp, "expected ',' or '%c' in the %s that starts at line %d, column %d", closer, noun, open->line,
                 open->col);
}

static int parse_array(jparser *jp, rv_json *out)
{
    out->type = RV_JSON_ARRAY;
    jp->p++;
    skip_space(jp);
    if (jp->p < jp->end && *jp->p == ']') {
        jp->p++;
        return 0;
    }
    for (;;) {
        rv_json *kid = add_kid(jp, out);
        if (!kid || parse_value(jp, kid)) return -1;
        int more = next_or_close(jp, ']', "array", out);
        if (more <= 0) return more;
    }
}

static int parse_member(jparser *jp, rv_json *obj)
{
    skip_space(jp);
    if (jp->p >= jp->end) return jfail_end(jp, "an object");
    if (*jp->p != '"') return jfail(jp, "expected a key in double quotes");
    if (obj->nkids == RV_JSON_MAX_KEYS) return jfail(jp, "more than %d keys in one object", RV_JSON_MAX_KEYS);
    rv_json *kid = add_kid(jp, obj);
    if (!kid || parse_string(jp, &kid->key)) return -1;
    for (int i = 0; i < obj->nkids - 1; i++)
        if (!strcmp(obj->kids[i].key, kid->key))
            return jfail(jp, "the key \"%.60s\" appears twice in one object", kid->key);
    skip_space(jp);
    if (jp->p >= jp->end) return jfail_end(jp, "an object");
    if (*jp->p != ':') return jfail(jp, "expected ':' after the key \"%.60s\"", kid->key);
    jp->p++;
    return parse_value(jp, kid);
}

static int parse_object(jparser *jp, rv_json *out)
{
    out->type = RV_JSON_OBJECT;
    jp->p++;
    skip_space(jp);
    if (jp->p < jp->end && *jp->p == '}') {
        jp->p++;
        return 0;
    }
    for (;;) {
        if (parse_member(jp, out)) return -1;
        int more = next_or_close(jp, '}', "object", out);
        if (more <= 0) return more;
    }
}

static int parse_value(jparser *jp, rv_json *out)
{
    skip_space(jp);
    out->line = jp->line;
    out->col = column(jp);
    if (jp->p >= jp->end) return jfail_end(jp, "a value");
    char c = *jp->p;
    if (c == '{' || c == '[') {
        if (++jp->depth > RV_JSON_MAX_DEPTH) return jfail(jp, "nested more than %d deep", RV_JSON_MAX_DEPTH);
        int rc = c == '{' ? parse_object(jp, out) : parse_array(jp, out);
        jp->depth--;
        return rc;
    }
    if (c == '"') {
        out->type = RV_JSON_STRING;
        return parse_string(jp, &out->text);
    }
    if (c == '-' || (c >= '0' && c <= '9')) return parse_number(jp, out);
    if (c == 't' || c == 'f' || c == 'n') return parse_word(jp, out);
    if (c >= 0x20 && c < 0x7F) return jfail(jp, "unexpected '%c' (expected a value)", c);
    return jfail(jp, "unexpected byte 0x%02x (expected a value)", (unsigned char)c);
}

/* The whole text as one JSON value into *root (freed by the caller). */
int rv_json_parse(const char *text, size_t len, rv_json *root, char *err, size_t errlen)
{
    memset(root, 0, sizeof *root);
    jparser jp = {text, text + len, text, 1, 0, err, errlen};
    skip_space(&jp);
    if (jp.p == jp.end) {
        snprintf(err, errlen, _("the file is empty"));
        return -1;
    }
    if (parse_value(&jp, root)) return -1;
    skip_space(&jp);
    if (jp.p != jp.end) return jfail(&jp, "more text after the end of the JSON value");
    return 0;
}

/* Where a problem is, for messages: "runs[3]: " or "" at the top level. */

int rv_json_fail_at(const rv_json_place *at, const rv_json *node, const char *fmt, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, _(fmt), ap); /* marked: xgettext --keyword=rv_json_fail_at:3 */
    va_end(ap);
    if (node)
        snprintf(at->err, at->errlen, _("%s%s (line %d, column %d)"), at->where, msg, node->line, node->col);
    else
        snprintf(at->err, at->errlen, "%s%s", at->where, msg);
    return -1;
}

const char *rv_json_type_name(rv_json_type t)
{
    static const char *const names[] = {N_("null"),     N_("true or false"), N_("a number"),
                                        N_("a string"), N_("an array"),      N_("an object")};
    return _(names[t]);
}

/* The member key of obj, which must be of type want (or null when nullable):
 * *out is NULL for null. */
int rv_json_need(const rv_json_place *at, const rv_json *obj, const char *key, rv_json_type want, int nullable,
                 const rv_json **out)
{
    *out = NULL;
    for (int i = 0; i < obj->nkids; i++) {
        const rv_json *kid = &obj->kids[i];
        if (strcmp(kid->key, key)) continue;
        if (nullable && kid->type == RV_JSON_NULL) return 0;
        if (kid->type != want)
            return rv_json_fail_at(at, kid, "\"%s\" should be %s%s, not %s", key, rv_json_type_name(want),
                                   nullable ? _(" or null") : "", rv_json_type_name(kid->type));
        *out = kid;
        return 0;
    }
    return rv_json_fail_at(at, obj, "\"%s\" is missing", key);
}

int rv_json_text(const rv_json_place *at, const rv_json *obj, const char *key, char *dst, size_t cap)
{
    const rv_json *n;
    if (rv_json_need(at, obj, key, RV_JSON_STRING, 0, &n)) return -1;
    size_t len = strlen(n->text);
    if (len >= cap) return rv_json_fail_at(at, n, "\"%s\" is too long (%zu bytes; at most %zu)", key, len, cap - 1);
    memcpy(dst, n->text, len + 1);
    return 0;
}

int rv_json_number(const rv_json_place *at, const rv_json *obj, const char *key, int nullable, double *dst)
{
    const rv_json *n;
    if (rv_json_need(at, obj, key, RV_JSON_NUMBER, nullable, &n)) return -1;
    *dst = n ? n->number : NAN;
    return 0;
}

int rv_json_whole(const rv_json_place *at, const rv_json *obj, const char *key, uint64_t lo, uint64_t hi, uint64_t *dst)
{
    const rv_json *n;
    if (rv_json_need(at, obj, key, RV_JSON_NUMBER, 0, &n)) return -1;
    double x = n->number;
    if (x != floor(x) || x < (double)lo || x > (double)hi)
        return rv_json_fail_at(at, n, "\"%s\" should be a whole number from %llu to %llu", key, (unsigned long long)lo,
                               (unsigned long long)hi);
    *dst = (uint64_t)x;
    return 0;
}

int rv_json_int(const rv_json_place *at, const rv_json *obj, const char *key, int lo, int hi, int *dst)
{
    uint64_t x = 0;
    if (rv_json_whole(at, obj, key, (uint64_t)lo, (uint64_t)hi, &x)) return -1;
    *dst = (int)x;
    return 0;
}

int rv_json_bool(const rv_json_place *at, const rv_json *obj, const char *key, int *dst)
{
    const rv_json *n;
    if (rv_json_need(at, obj, key, RV_JSON_BOOL, 0, &n)) return -1;
    *dst = n->number != 0;
    return 0;
}

/* The file's bytes into a new NUL-terminated buffer. */
char *rv_json_read_file(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long size;
    if (!f) {
        snprintf(err, errlen, _("cannot open it: %s"), strerror(errno));
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
        snprintf(err, errlen, _("cannot read it: %s"), strerror(errno));
    } else if (size > RV_JSON_MAX_FILE) {
        snprintf(err, errlen, _("%ld bytes is too large for a results file"), size);
    } else if (!(buf = malloc((size_t)size + 1))) {
        snprintf(err, errlen, _("out of memory"));
    } else if (fread(buf, 1, (size_t)size, f) != (size_t)size) {
        snprintf(err, errlen, _("cannot read it: %s"),
                 ferror(f) ? strerror(errno) : _("it got shorter while being read"));
        free(buf);
        buf = NULL;
    } else {
        buf[size] = '\0';
        *len = (size_t)size;
    }
    fclose(f);
    return buf;
}