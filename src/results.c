/* results.c — bench results: building them, the figures derived from the
 * times, the JSON file (writer and a strict reader) and the table for people.
 *
 * The reader works in two stages, each bounds-checked and stopping at the
 * first problem with a message that says where it is: a small JSON parser
 * turns the file into a tree of jnodes ("line 12, column 5: expected ','"),
 * then the tree is mapped onto rv_results, checking that every key we need
 * is there with the right type ("runs[3]: \"median_ms\" is missing").
 * Keys we do not know are ignored, so a newer writer may add some.
 */
#include "results.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "trace.h" /* RV_MAX_N */

#define RV_RESULTS_MAX_FILE   (64L << 20) /* far beyond any real results file   */
#define RV_RESULTS_MAX_DEPTH  16          /* the file nests 3 deep              */
#define RV_RESULTS_MAX_KEYS   1000        /* per object: duplicates are sought
                                             pairwise, so keep that cheap      */
#define RV_RESULTS_MAX_RUNS   10000       /* a sweep has 99; duplicates are sought pairwise */
#define RV_RESULTS_MAX_COUNT  1000000     /* --repeat and warm-up runs          */

struct rv_results {
    rv_results_meta meta;
    rv_result_run  *runs;
    uint64_t       *sizes;   /* distinct N, ascending; never more than runs */
    int             nruns, nsizes, cap;
};

/* The variants in their teaching order: "previous version" follows it. */
static const char *const variants[RV_RESULTS_NVARIANTS] = {"v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "cub"};

static int variant_index(const char *name)
{
    for (int k = 0; k < RV_RESULTS_NVARIANTS; k++)
        if (!strcmp(name, variants[k])) return k;
    return -1;
}

/* ==== building ============================================================ */

rv_results *rv_results_new(const rv_results_meta *meta)
{
    rv_results *r = calloc(1, sizeof *r);
    if (r) r->meta = *meta;
    return r;
}

void rv_results_free(rv_results *r)
{
    if (!r) return;
    free(r->runs);
    free(r->sizes);
    free(r);
}

static int grow(rv_results *r)
{
    int cap = r->cap ? 2 * r->cap : 16;
    rv_result_run *runs = realloc(r->runs, (size_t)cap * sizeof *runs);
    if (!runs) return -1;
    r->runs = runs;
    uint64_t *sizes = realloc(r->sizes, (size_t)cap * sizeof *sizes);
    if (!sizes) return -1;
    r->sizes = sizes;
    r->cap = cap;
    return 0;
}

/* Inserts n into the ascending list of distinct sizes. */
static void note_size(rv_results *r, uint64_t n)
{
    int i = 0;
    while (i < r->nsizes && r->sizes[i] < n) i++;
    if (i < r->nsizes && r->sizes[i] == n) return;
    memmove(r->sizes + i + 1, r->sizes + i, (size_t)(r->nsizes - i) * sizeof *r->sizes);
    r->sizes[i] = n;
    r->nsizes++;
}

int rv_results_add(rv_results *r, const rv_result_run *run)
{
    if (r->nruns == r->cap && grow(r)) return -1;
    r->runs[r->nruns++] = *run;
    note_size(r, run->n);
    return 0;
}

/* ==== derived figures ===================================================== */

/* a / b, or NAN when either is unknown or b is not positive. */
static double ratio(double a, double b)
{
    return (isfinite(a) && isfinite(b) && b > 0.0) ? a / b : NAN;
}

static const rv_result_run *find_variant(const rv_results *r, int k, uint64_t n)
{
    return (k >= 0 && k < RV_RESULTS_NVARIANTS) ? rv_results_find(r, variants[k], n) : NULL;
}

static void derive_run(const rv_results *r, rv_result_run *run)
{
    int k = variant_index(run->version);
    const rv_result_run *v0 = find_variant(r, 0, run->n), *prev = find_variant(r, k - 1, run->n);
    /* bytes / (ms * 1e-3 s) / 1e9 bytes per GB */
    run->gbps = ratio((double)run->n * sizeof(float), run->median_ms * 1e6);
    run->pct_theoretical = 100.0 * ratio(run->gbps, r->meta.theoretical_gbps);
    run->pct_copy = 100.0 * ratio(run->gbps, run->copy_gbps);
    run->speedup_v0 = v0 ? ratio(v0->median_ms, run->median_ms) : NAN;
    run->speedup_prev = prev ? ratio(prev->median_ms, run->median_ms) : NAN;
}

void rv_results_derive(rv_results *r)
{
    for (int i = 0; i < r->nruns; i++) derive_run(r, &r->runs[i]);
    r->meta.measured_copy_gbps = rv_results_copy_gbps(r, 0);
}

/* ==== accessors =========================================================== */

const rv_result_run *rv_results_find(const rv_results *r, const char *version, uint64_t n)
{
    if (n == 0) n = r->meta.n;
    for (int i = 0; i < r->nruns; i++)
        if (r->runs[i].n == n && !strcmp(r->runs[i].version, version)) return &r->runs[i];
    return NULL;
}

const rv_results_meta *rv_results_info(const rv_results *r) { return &r->meta; }
const char *rv_results_device(const rv_results *r) { return r->meta.device; }
const char *rv_results_date(const rv_results *r) { return r->meta.date; }
double rv_results_theoretical_gbps(const rv_results *r) { return r->meta.theoretical_gbps; }

double rv_results_copy_gbps(const rv_results *r, uint64_t n)
{
    if (n == 0) n = r->meta.n;
    for (int i = 0; i < r->nruns; i++)
        if (r->runs[i].n == n) return r->runs[i].copy_gbps;
    return NAN;
}

int rv_results_sizes(const rv_results *r, const uint64_t **sizes)
{
    *sizes = r->sizes;
    return r->nsizes;
}

int rv_results_count(const rv_results *r) { return r->nruns; }

const rv_result_run *rv_results_run(const rv_results *r, int i)
{
    return (i >= 0 && i < r->nruns) ? &r->runs[i] : NULL;
}

int rv_results_failures(const rv_results *r)
{
    int failed = 0;
    for (int i = 0; i < r->nruns; i++) failed += !r->runs[i].correct;
    return failed;
}

void rv_results_n_name(uint64_t n, char *buf, size_t len)
{
    if (n && !(n & (n - 1))) {
        int k = 0;
        while ((1ull << k) != n) k++;
        snprintf(buf, len, "2^%d", k);
    } else {
        snprintf(buf, len, "%llu", (unsigned long long)n);
    }
}

/* ==== writing the JSON ==================================================== */

/* A number with `digits` significant digits, or null when it is unknown. */
static void put_number(FILE *f, double x, int digits)
{
    if (isfinite(x)) fprintf(f, "%.*g", digits, x);
    else fputs("null", f);
}

static void put_text(FILE *f, const char *key, const char *value)
{
    fprintf(f, "  \"%s\": ", key);
    rv_json_string(f, value);
    fputs(",\n", f);
}

static void write_run(FILE *f, const rv_result_run *run)
{
    fputs("    {\"version\": ", f);
    rv_json_string(f, run->version);
    fprintf(f, ", \"n\": %llu, \"block_size\": ", (unsigned long long)run->n);
    if (run->block_size > 0) fprintf(f, "%d", run->block_size);
    else fputs("null", f);
    fputs(", \"median_ms\": ", f);          put_number(f, run->median_ms, 10);
    fputs(", \"min_ms\": ", f);             put_number(f, run->min_ms, 10);
    fputs(", \"gbps\": ", f);               put_number(f, run->gbps, 10);
    fputs(", \"pct_theoretical\": ", f);    put_number(f, run->pct_theoretical, 10);
    fputs(", \"pct_copy\": ", f);           put_number(f, run->pct_copy, 10);
    fputs(", \"measured_copy_gbps\": ", f); put_number(f, run->copy_gbps, 10);
    fputs(", \"speedup_v0\": ", f);         put_number(f, run->speedup_v0, 10);
    fputs(", \"speedup_prev\": ", f);       put_number(f, run->speedup_prev, 10);
    fputs(", \"gpu_sum\": ", f);            put_number(f, run->gpu_sum, 9);   /* a float: 9 digits are exact */
    fputs(", \"cpu_sum\": ", f);            put_number(f, run->cpu_sum, 17);  /* a double: 17 digits are exact */
    fprintf(f, ", \"correct\": %s}", run->correct ? "true" : "false");
}

void rv_results_write(const rv_results *r, FILE *f)
{
    const rv_results_meta *m = &r->meta;
    fputs("{\n", f);
    put_text(f, "format", RV_RESULTS_FORMAT);
    fprintf(f, "  \"format_version\": %d,\n", RV_RESULTS_VERSION);
    put_text(f, "device", m->device);
    put_text(f, "compute_capability", m->compute_capability);
    put_text(f, "driver_version", m->driver_version);
    put_text(f, "runtime_version", m->runtime_version);
    put_text(f, "date", m->date);
    fprintf(f, "  \"l2_cache_bytes\": %llu,\n", (unsigned long long)m->l2_bytes);
    fprintf(f, "  \"options\": {\"n\": %llu, \"sweep\": %s, \"block_size\": %d, \"repeat\": %d, \"warmup\": %d, \"data\": ",
            (unsigned long long)m->n, m->sweep ? "true" : "false", m->block_size, m->repeat, m->warmup);
    rv_json_string(f, m->data);
    fputs("},\n", f);
    put_text(f, "timing", RV_RESULTS_TIMING);
    put_text(f, "copy", RV_RESULTS_COPY);
    fputs("  \"theoretical_gbps\": ", f);
    put_number(f, m->theoretical_gbps, 10);
    fputs(",\n", f);
    put_text(f, "theoretical_source", m->theoretical_source);
    fputs("  \"measured_copy_gbps\": ", f);
    put_number(f, m->measured_copy_gbps, 10);
    fputs(",\n  \"runs\": [", f);
    for (int i = 0; i < r->nruns; i++) {
        fputs(i ? ",\n" : "\n", f);
        write_run(f, &r->runs[i]);
    }
    fputs("\n  ]\n}\n", f);
}

int rv_results_save(const rv_results *r, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    rv_results_write(r, f);
    int bad = ferror(f);
    if (fclose(f) || bad) {
        snprintf(err, errlen, "writing %s failed (disk full?)", path);
        return -1;
    }
    return 0;
}

/* ==== the table =========================================================== */

static void print_header(const rv_results *r, FILE *f)
{
    const rv_results_meta *m = &r->meta;
    fprintf(f, "reducevis bench on %s (compute capability %s), driver %s, runtime %s, %s\n", m->device,
            m->compute_capability, m->driver_version, m->runtime_version, m->date);
    fprintf(f, "data %s, block size %d", m->data, m->block_size);
    if (m->block_size < 64) fprintf(f, " (v4..v6 run at 64, the smallest they allow; CUB picks its own)");
    else fprintf(f, " (CUB picks its own)");
    fprintf(f, ", %d warm-up runs, then %d timed runs per figure\n", m->warmup, m->repeat);
    fprintf(f, "time:  the whole reduction down to one number (every pass), CUDA events;\n"
               "       median and minimum of the %d timed runs\n", m->repeat);
    fprintf(f, "GB/s:  N x 4 bytes / median time (1 GB = 1e9 bytes)\n");
    if (isfinite(m->theoretical_gbps))
        fprintf(f, "peak:  %.1f GB/s theoretical (%s)\n", m->theoretical_gbps, m->theoretical_source);
    else
        fprintf(f, "peak:  unknown (%s), so %% peak is not shown\n", m->theoretical_source);
    fprintf(f, "copy:  device-to-device cudaMemcpy of the N floats, read + write bytes, median of %d\n", m->repeat);
}

static void print_cell(FILE *f, double x, const char *fmt, int width)
{
    char buf[32];
    if (isfinite(x)) snprintf(buf, sizeof buf, fmt, x);
    else snprintf(buf, sizeof buf, "-");
    fprintf(f, " %*s", width, buf);
}

static void print_row(FILE *f, const rv_result_run *run)
{
    char block[16];
    if (run->block_size > 0) snprintf(block, sizeof block, "%d", run->block_size);
    else snprintf(block, sizeof block, "own");
    fprintf(f, "  %-7s %5s", run->version, block);
    print_cell(f, run->median_ms, "%.4f", 10);
    print_cell(f, run->min_ms, "%.4f", 10);
    print_cell(f, run->gbps, "%.1f", 9);
    print_cell(f, run->pct_theoretical, "%.1f%%", 7);
    print_cell(f, run->pct_copy, "%.1f%%", 7);
    print_cell(f, run->speedup_v0, "%.2fx", 8);
    print_cell(f, run->speedup_prev, "%.2fx", 8);
    fprintf(f, "  %s\n", run->correct ? "ok" : "FAILED");
}

static void print_size(const rv_results *r, uint64_t n, FILE *f)
{
    char name[32];
    rv_results_n_name(n, name, sizeof name);
    if (strchr(name, '^')) fprintf(f, "\nN = %s = %llu floats (%.1f MB), copy ", name, (unsigned long long)n, n * 4.0 / 1e6);
    else fprintf(f, "\nN = %s floats (%.1f MB), copy ", name, n * 4.0 / 1e6);
    double copy = rv_results_copy_gbps(r, n);
    if (isfinite(copy)) fprintf(f, "%.1f GB/s\n", copy);
    else fprintf(f, "not measured\n");
    /* Back-to-back runs then read the array from L2, not from memory. */
    if (n * sizeof(float) <= r->meta.l2_bytes)
        fprintf(f, "  (the array fits in the %.0f MiB L2 cache: repeated runs read it from there, so GB/s may\n"
                   "   exceed the memory's peak)\n", r->meta.l2_bytes / 1048576.0);
    fprintf(f, "  %-7s %5s %10s %10s %9s %7s %7s %8s %8s  %s\n", "version", "block", "median ms", "min ms",
            "GB/s", "% peak", "% copy", "vs v0", "vs prev", "sum check");
    for (int i = 0; i < r->nruns; i++)
        if (r->runs[i].n == n) print_row(f, &r->runs[i]);
}

static void print_failures(const rv_results *r, FILE *f)
{
    for (int i = 0; i < r->nruns; i++) {
        const rv_result_run *run = &r->runs[i];
        if (run->correct) continue;
        char name[32];
        rv_results_n_name(run->n, name, sizeof name);
        fprintf(f, "FAILED: %s at N = %s summed the array to %.9g on the GPU, but the CPU (double) gets %.17g\n",
                run->version, name, run->gpu_sum, run->cpu_sum);
    }
}

void rv_results_print_table(const rv_results *r, FILE *f)
{
    print_header(r, f);
    for (int i = 0; i < r->nsizes; i++) print_size(r, r->sizes[i], f);
    int failed = rv_results_failures(r);
    fprintf(f, "\n");
    if (failed) print_failures(r, f);
    else fprintf(f, "every sum matches the CPU's (double precision)\n");
}

/* ==== reading: JSON text -> tree ========================================== */

typedef enum jtype { J_NULL, J_BOOL, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT } jtype;

typedef struct jnode {
    jtype         type;
    int           line, col;   /* where the value starts                     */
    double        number;      /* J_NUMBER; J_BOOL: 0 or 1                   */
    char         *text;        /* J_STRING                                   */
    char         *key;         /* a member of an object: its key             */
    struct jnode *kids;        /* J_ARRAY items, J_OBJECT members            */
    int           nkids, cap;
} jnode;

typedef struct jparser {
    const char *p, *end;       /* what is left of the text                   */
    const char *line_start;
    int         line, depth;
    char       *err;
    size_t      errlen;
} jparser;

static void jnode_free(jnode *n)
{
    for (int i = 0; i < n->nkids; i++) jnode_free(&n->kids[i]);
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
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(jp->err, jp->errlen, "line %d, column %d: %s", jp->line, column(jp), msg);
    return -1;
}

/* The text stops where more was expected: the usual sign of a cut-off file. */
static int jfail_end(jparser *jp, const char *inside)
{
    snprintf(jp->err, jp->errlen, "line %d: the file ends inside %s: it is truncated", jp->line, inside);
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
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0) return -1;
        v = v * 16 + (unsigned)d;
    }
    *out = v;
    return 0;
}

static char *put_utf8(char *o, unsigned cp)
{
    if (cp < 0x80) { *o++ = (char)cp; }
    else if (cp < 0x800) { *o++ = (char)(0xC0 | cp >> 6); *o++ = (char)(0x80 | (cp & 0x3F)); }
    else if (cp < 0x10000) { *o++ = (char)(0xE0 | cp >> 12); *o++ = (char)(0x80 | (cp >> 6 & 0x3F)); *o++ = (char)(0x80 | (cp & 0x3F)); }
    else { *o++ = (char)(0xF0 | cp >> 18); *o++ = (char)(0x80 | (cp >> 12 & 0x3F)); *o++ = (char)(0x80 | (cp >> 6 & 0x3F)); *o++ = (char)(0x80 | (cp & 0x3F)); }
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
        if (stop - jp->p < 6 || jp->p[0] != '\\' || jp->p[1] != 'u' || hex4(jp->p + 2, &lo) || lo < 0xDC00 || lo > 0xDFFF)
            return jfail(jp, "a \\u escape holds half of a UTF-16 pair alone");
        jp->p += 6;
        *cp = 0x10000 + ((*cp - 0xD800) << 10) + (lo - 0xDC00);
    }
    if (*cp == 0) return jfail(jp, "\\u0000 is not allowed in a string");
    return 0;
}

/* A string literal at jp->p into a new NUL-terminated *out (freed by the caller). */
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
            unsigned cp;
            if (parse_unicode(jp, stop, &cp)) return -1;
            o = put_utf8(o, cp);
            break;
        }
        default:
            jp->p--;
            return jfail(jp, "unknown escape '\\%c' in a string", e >= 0x20 && e < 0x7F ? e : '?');
        }
    }
    *o = '\0';
    jp->p = stop + 1;
    return 0;
}

/* A number in JSON's own grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static int parse_number(jparser *jp, jnode *out)
{
    const char *start = jp->p;
    if (*jp->p == '-') jp->p++;
    if (jp->p < jp->end && *jp->p == '0') jp->p++;
    else if (is_digit(jp)) while (is_digit(jp)) jp->p++;
    else return jp->p >= jp->end ? jfail_end(jp, "a number") : jfail(jp, "a number needs digits");
    if (jp->p < jp->end && *jp->p == '.') {
        jp->p++;
        if (!is_digit(jp)) return jp->p >= jp->end ? jfail_end(jp, "a number") : jfail(jp, "digits must follow '.'");
        while (is_digit(jp)) jp->p++;
    }
    if (jp->p < jp->end && (*jp->p == 'e' || *jp->p == 'E')) {
        jp->p++;
        if (jp->p < jp->end && (*jp->p == '+' || *jp->p == '-')) jp->p++;
        if (!is_digit(jp)) return jp->p >= jp->end ? jfail_end(jp, "a number") : jfail(jp, "digits must follow the exponent");
        while (is_digit(jp)) jp->p++;
    }
    char buf[64], *end;
    size_t len = (size_t)(jp->p - start);
    if (len >= sizeof buf) return jfail(jp, "a number with more than %d characters", (int)sizeof buf - 1);
    memcpy(buf, start, len);
    buf[len] = '\0';
    out->type = J_NUMBER;
    out->number = strtod(buf, &end);
    if (end != buf + len) return jfail(jp, "the number '%s' could not be read", buf);
    if (!isfinite(out->number)) return jfail(jp, "the number '%s' is out of range", buf);
    return 0;
}

static int parse_word(jparser *jp, jnode *out)
{
    static const struct { const char *word; jtype type; double value; } words[] = {
        {"true", J_BOOL, 1}, {"false", J_BOOL, 0}, {"null", J_NULL, 0}};
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

/* A new zeroed child of parent, counted at once so that jnode_free finds it. */
static jnode *add_kid(jparser *jp, jnode *parent)
{
    if (parent->nkids == parent->cap) {
        int cap = parent->cap ? 2 * parent->cap : 8;
        jnode *kids = realloc(parent->kids, (size_t)cap * sizeof *kids);
        if (!kids) {
            jfail(jp, "out of memory");
            return NULL;
        }
        parent->kids = kids;
        parent->cap = cap;
    }
    jnode *kid = &parent->kids[parent->nkids++];
    memset(kid, 0, sizeof *kid);
    return kid;
}

static int parse_value(jparser *jp, jnode *out);

/* After an item or member of `open` (an "array" or "object"): ',' (more
 * follow) returns 1, the closing bracket 0. */
static int next_or_close(jparser *jp, char closer, const char *noun, const jnode *open)
{
    char inside[16];
    snprintf(inside, sizeof inside, "an %s", noun);
    skip_space(jp);
    if (jp->p >= jp->end) return jfail_end(jp, inside);
    if (*jp->p == ',') { jp->p++; return 1; }
    if (*jp->p == closer) { jp->p++; return 0; }
    return jfail(jp, "expected ',' or '%c' in the %s that starts at line %d, column %d", closer, noun, open->line,
                 open->col);
}

static int parse_array(jparser *jp, jnode *out)
{
    out->type = J_ARRAY;
    jp->p++;
    skip_space(jp);
    if (jp->p < jp->end && *jp->p == ']') { jp->p++; return 0; }
    for (;;) {
        jnode *kid = add_kid(jp, out);
        if (!kid || parse_value(jp, kid)) return -1;
        int more = next_or_close(jp, ']', "array", out);
        if (more <= 0) return more;
    }
}

static int parse_member(jparser *jp, jnode *obj)
{
    skip_space(jp);
    if (jp->p >= jp->end) return jfail_end(jp, "an object");
    if (*jp->p != '"') return jfail(jp, "expected a key in double quotes");
    if (obj->nkids == RV_RESULTS_MAX_KEYS) return jfail(jp, "more than %d keys in one object", RV_RESULTS_MAX_KEYS);
    jnode *kid = add_kid(jp, obj);
    if (!kid || parse_string(jp, &kid->key)) return -1;
    for (int i = 0; i < obj->nkids - 1; i++)
        if (!strcmp(obj->kids[i].key, kid->key)) return jfail(jp, "the key \"%.60s\" appears twice in one object", kid->key);
    skip_space(jp);
    if (jp->p >= jp->end) return jfail_end(jp, "an object");
    if (*jp->p != ':') return jfail(jp, "expected ':' after the key \"%.60s\"", kid->key);
    jp->p++;
    return parse_value(jp, kid);
}

static int parse_object(jparser *jp, jnode *out)
{
    out->type = J_OBJECT;
    jp->p++;
    skip_space(jp);
    if (jp->p < jp->end && *jp->p == '}') { jp->p++; return 0; }
    for (;;) {
        if (parse_member(jp, out)) return -1;
        int more = next_or_close(jp, '}', "object", out);
        if (more <= 0) return more;
    }
}

static int parse_value(jparser *jp, jnode *out)
{
    skip_space(jp);
    out->line = jp->line;
    out->col = column(jp);
    if (jp->p >= jp->end) return jfail_end(jp, "a value");
    char c = *jp->p;
    if (c == '{' || c == '[') {
        if (++jp->depth > RV_RESULTS_MAX_DEPTH) return jfail(jp, "nested more than %d deep", RV_RESULTS_MAX_DEPTH);
        int rc = c == '{' ? parse_object(jp, out) : parse_array(jp, out);
        jp->depth--;
        return rc;
    }
    if (c == '"') {
        out->type = J_STRING;
        return parse_string(jp, &out->text);
    }
    if (c == '-' || (c >= '0' && c <= '9')) return parse_number(jp, out);
    if (c == 't' || c == 'f' || c == 'n') return parse_word(jp, out);
    if (c >= 0x20 && c < 0x7F) return jfail(jp, "unexpected '%c' (expected a value)", c);
    return jfail(jp, "unexpected byte 0x%02x (expected a value)", (unsigned char)c);
}

/* The whole text as one JSON value into *root (freed by the caller). */
static int parse_text(const char *text, size_t len, jnode *root, char *err, size_t errlen)
{
    jparser jp = {text, text + len, text, 1, 0, err, errlen};
    skip_space(&jp);
    if (jp.p == jp.end) {
        snprintf(err, errlen, "the file is empty");
        return -1;
    }
    if (parse_value(&jp, root)) return -1;
    skip_space(&jp);
    if (jp.p != jp.end) return jfail(&jp, "more text after the end of the JSON value");
    return 0;
}

/* ==== reading: tree -> rv_results ========================================= */

/* Where a problem is, for messages: "runs[3]: " or "" at the top level. */
typedef struct place {
    const char *where;
    char       *err;
    size_t      errlen;
} place;

static int sfail(const place *at, const jnode *node, const char *fmt, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (node) snprintf(at->err, at->errlen, "%s%s (line %d, column %d)", at->where, msg, node->line, node->col);
    else snprintf(at->err, at->errlen, "%s%s", at->where, msg);
    return -1;
}

static const char *type_name(jtype t)
{
    static const char *const names[] = {"null", "true or false", "a number", "a string", "an array", "an object"};
    return names[t];
}

/* The member key of obj, which must be of type want (or null when nullable):
 * *out is NULL for null. */
static int need(const place *at, const jnode *obj, const char *key, jtype want, int nullable, const jnode **out)
{
    *out = NULL;
    for (int i = 0; i < obj->nkids; i++) {
        const jnode *kid = &obj->kids[i];
        if (strcmp(kid->key, key)) continue;
        if (nullable && kid->type == J_NULL) return 0;
        if (kid->type != want)
            return sfail(at, kid, "\"%s\" should be %s%s, not %s", key, type_name(want), nullable ? " or null" : "",
                         type_name(kid->type));
        *out = kid;
        return 0;
    }
    return sfail(at, obj, "\"%s\" is missing", key);
}

static int read_text(const place *at, const jnode *obj, const char *key, char *dst, size_t cap)
{
    const jnode *n;
    if (need(at, obj, key, J_STRING, 0, &n)) return -1;
    size_t len = strlen(n->text);
    if (len >= cap) return sfail(at, n, "\"%s\" is too long (%zu bytes; at most %zu)", key, len, cap - 1);
    memcpy(dst, n->text, len + 1);
    return 0;
}

static int read_number(const place *at, const jnode *obj, const char *key, int nullable, double *dst)
{
    const jnode *n;
    if (need(at, obj, key, J_NUMBER, nullable, &n)) return -1;
    *dst = n ? n->number : NAN;
    return 0;
}

/* A non-negative number (a time). */
static int read_time(const place *at, const jnode *obj, const char *key, double *dst)
{
    if (read_number(at, obj, key, 0, dst)) return -1;
    if (*dst < 0) return sfail(at, NULL, "\"%s\" is negative", key);
    return 0;
}

static int read_whole(const place *at, const jnode *obj, const char *key, uint64_t lo, uint64_t hi, uint64_t *dst)
{
    const jnode *n;
    if (need(at, obj, key, J_NUMBER, 0, &n)) return -1;
    double x = n->number;
    if (x != floor(x) || x < (double)lo || x > (double)hi)
        return sfail(at, n, "\"%s\" should be a whole number from %llu to %llu", key, (unsigned long long)lo,
                     (unsigned long long)hi);
    *dst = (uint64_t)x;
    return 0;
}

static int read_int(const place *at, const jnode *obj, const char *key, int lo, int hi, int *dst)
{
    uint64_t x;
    if (read_whole(at, obj, key, (uint64_t)lo, (uint64_t)hi, &x)) return -1;
    *dst = (int)x;
    return 0;
}

static int read_bool(const place *at, const jnode *obj, const char *key, int *dst)
{
    const jnode *n;
    if (need(at, obj, key, J_BOOL, 0, &n)) return -1;
    *dst = n->number != 0;
    return 0;
}

/* "YYYY-MM-DDTHH:MM:SSZ" */
static int is_iso_date(const char *s)
{
    static const char shape[] = "dddd-dd-ddTdd:dd:ddZ";
    for (size_t i = 0; i < sizeof shape; i++) {
        if (shape[i] == 'd' ? (s[i] < '0' || s[i] > '9') : s[i] != shape[i]) return 0;
    }
    return 1;
}

static int read_format(const place *at, const jnode *root)
{
    const jnode *n;
    if (root->type != J_OBJECT) return sfail(at, NULL, "this is not a reducevis bench results file (it holds %s, not an object)", type_name(root->type));
    if (need(at, root, "format", J_STRING, 0, &n)) return sfail(at, NULL, "this is not a reducevis bench results file (no \"format\": \"%s\")", RV_RESULTS_FORMAT);
    if (strcmp(n->text, RV_RESULTS_FORMAT)) return sfail(at, n, "this is not a reducevis bench results file (\"format\" is \"%.60s\")", n->text);
    int version;
    if (read_int(at, root, "format_version", 1, 1000000, &version)) return -1;
    if (version != RV_RESULTS_VERSION)
        return sfail(at, NULL, "format_version %d is not supported (this reducevis reads version %d)", version, RV_RESULTS_VERSION);
    return 0;
}

static int read_options(const place *top, const jnode *root, rv_results_meta *m)
{
    const jnode *o;
    if (need(top, root, "options", J_OBJECT, 0, &o)) return -1;
    place at = {"options: ", top->err, top->errlen};
    if (read_whole(&at, o, "n", 1, RV_MAX_N, &m->n) || read_bool(&at, o, "sweep", &m->sweep) ||
        read_int(&at, o, "block_size", 1, 1024, &m->block_size) ||
        read_int(&at, o, "repeat", 1, RV_RESULTS_MAX_COUNT, &m->repeat) ||
        read_int(&at, o, "warmup", 0, RV_RESULTS_MAX_COUNT, &m->warmup) ||
        read_text(&at, o, "data", m->data, sizeof m->data))
        return -1;
    return 0;
}

static int read_meta(const place *at, const jnode *root, rv_results_meta *m)
{
    char timing[128];
    if (read_format(at, root) || read_text(at, root, "device", m->device, sizeof m->device) ||
        read_text(at, root, "compute_capability", m->compute_capability, sizeof m->compute_capability) ||
        read_text(at, root, "driver_version", m->driver_version, sizeof m->driver_version) ||
        read_text(at, root, "runtime_version", m->runtime_version, sizeof m->runtime_version) ||
        read_text(at, root, "date", m->date, sizeof m->date) ||
        read_whole(at, root, "l2_cache_bytes", 0, UINT64_C(1) << 40, &m->l2_bytes) || read_options(at, root, m) ||
        read_text(at, root, "timing", timing, sizeof timing) ||
        read_number(at, root, "theoretical_gbps", 1, &m->theoretical_gbps) ||
        read_text(at, root, "theoretical_source", m->theoretical_source, sizeof m->theoretical_source) ||
        read_number(at, root, "measured_copy_gbps", 1, &m->measured_copy_gbps))
        return -1;
    if (!is_iso_date(m->date)) return sfail(at, NULL, "\"date\" should look like 2025-01-31T12:34:56Z, not \"%s\"", m->date);
    return 0;
}

static int read_run(const place *at, const jnode *o, rv_result_run *run)
{
    const jnode *block;
    uint64_t block_size = 0;
    memset(run, 0, sizeof *run);
    if (o->type != J_OBJECT) return sfail(at, o, "a run should be an object, not %s", type_name(o->type));
    if (read_text(at, o, "version", run->version, sizeof run->version)) return -1;
    if (variant_index(run->version) < 0)
        return sfail(at, NULL, "unknown version \"%s\" (expected v0 .. v7 or cub)", run->version);
    if (need(at, o, "block_size", J_NUMBER, 1, &block) ||
        (block && read_whole(at, o, "block_size", 1, 1024, &block_size)))
        return -1;
    run->block_size = (int)block_size;
    if (read_whole(at, o, "n", 1, RV_MAX_N, &run->n) || read_time(at, o, "median_ms", &run->median_ms) ||
        read_time(at, o, "min_ms", &run->min_ms) || read_number(at, o, "gbps", 1, &run->gbps) ||
        read_number(at, o, "pct_theoretical", 1, &run->pct_theoretical) ||
        read_number(at, o, "pct_copy", 1, &run->pct_copy) ||
        read_number(at, o, "measured_copy_gbps", 1, &run->copy_gbps) ||
        read_number(at, o, "speedup_v0", 1, &run->speedup_v0) ||
        read_number(at, o, "speedup_prev", 1, &run->speedup_prev) ||
        read_number(at, o, "gpu_sum", 1, &run->gpu_sum) || read_number(at, o, "cpu_sum", 1, &run->cpu_sum) ||
        read_bool(at, o, "correct", &run->correct))
        return -1;
    return 0;
}

static int read_runs(const place *top, const jnode *root, rv_results *r)
{
    const jnode *runs;
    if (need(top, root, "runs", J_ARRAY, 0, &runs)) return -1;
    if (runs->nkids > RV_RESULTS_MAX_RUNS) return sfail(top, runs, "more than %d runs", RV_RESULTS_MAX_RUNS);
    for (int i = 0; i < runs->nkids; i++) {
        char where[32];
        snprintf(where, sizeof where, "runs[%d]: ", i);
        place at = {where, top->err, top->errlen};
        rv_result_run run;
        if (read_run(&at, &runs->kids[i], &run)) return -1;
        if (rv_results_find(r, run.version, run.n)) {
            char name[32];
            rv_results_n_name(run.n, name, sizeof name);
            return sfail(&at, &runs->kids[i], "a second run of %s at N = %s", run.version, name);
        }
        if (rv_results_add(r, &run)) return sfail(&at, NULL, "out of memory");
    }
    return 0;
}

/* The file's bytes into a new NUL-terminated buffer. */
static char *read_file(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long size;
    if (!f) {
        snprintf(err, errlen, "cannot open it: %s", strerror(errno));
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
        snprintf(err, errlen, "cannot read it: %s", strerror(errno));
    } else if (size > RV_RESULTS_MAX_FILE) {
        snprintf(err, errlen, "%ld bytes is too large for a results file", size);
    } else if (!(buf = malloc((size_t)size + 1))) {
        snprintf(err, errlen, "out of memory");
    } else if (fread(buf, 1, (size_t)size, f) != (size_t)size) {
        snprintf(err, errlen, "cannot read it: %s", ferror(f) ? strerror(errno) : "it got shorter while being read");
        free(buf);
        buf = NULL;
    } else {
        buf[size] = '\0';
        *len = (size_t)size;
    }
    fclose(f);
    return buf;
}

/* The tree onto a new rv_results; NULL with the reason in why. */
static rv_results *from_tree(const jnode *root, char *why, size_t whylen)
{
    place top = {"", why, whylen};
    rv_results_meta meta;
    rv_results *r;
    memset(&meta, 0, sizeof meta);
    if (read_meta(&top, root, &meta)) return NULL;
    if (!(r = rv_results_new(&meta))) {
        snprintf(why, whylen, "out of memory");
        return NULL;
    }
    if (read_runs(&top, root, r)) {
        rv_results_free(r);
        return NULL;
    }
    return r;
}

rv_results *rv_results_parse(const char *text, size_t len, const char *name, char *err, size_t errlen)
{
    char why[400] = "";
    jnode root;
    rv_results *r = NULL;
    memset(&root, 0, sizeof root);
    if (!parse_text(text, len, &root, why, sizeof why)) r = from_tree(&root, why, sizeof why);
    jnode_free(&root);
    if (!r) snprintf(err, errlen, "%s: %s", name, why);
    return r;
}

rv_results *rv_results_load(const char *path, char *err, size_t errlen)
{
    char why[400] = "";
    size_t len = 0;
    char *text = read_file(path, &len, why, sizeof why);
    rv_results *r = NULL;
    if (text) r = rv_results_parse(text, len, path, err, errlen);
    else snprintf(err, errlen, "%s: %s", path, why);
    free(text);
    return r;
}
