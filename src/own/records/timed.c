/* timed.c — the timed run's results (timed.h) read back strictly and judged
 * again: its sums against sumcheck.h's bound, its inputs against the seeds
 * they were owed, its times recomputed, one reference summed again here. */
#define _GNU_SOURCE
#include "own/records/timed.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/i18n.h"
#include "own/base/proc.h"
#include "core/sumcheck.h"

#define MOST_MS   1e7                  /* no time of a sane run is larger   */
#define REF_AGAIN (1.0 / 1073741824.0) /* 2^-30: the two references' rounding */

static int sane_ms(double x) { return isfinite(x) && x >= 0 && x < MOST_MS; }

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof v[0], cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One call's line (after its first word) into c; 0, or -1 with why. */
static int parse_call(const char *line, rv_timed_call *c, char *err, size_t errlen)
{
    char kind[8], data[64], word[8];
    int k, end = -1;
    uint64_t addr;
    if (sscanf(line,
               "%7s %d data %63s in %" SCNu64 " sum %lf ref %lf abs %lf event_ms %lf wall_ms %lf host_ms %lf "
               "probe_ms %lf %7s%n",
               kind, &k, data, &addr, &c->sum, &c->ref, &c->abs_sum, &c->event_ms, &c->wall_ms, &c->host_ms,
               &c->probe_ms, word, &end) != 12 ||
        end < 0 || line[end])
        return rv_fail(err, errlen, RV_FAILED, _("a call's line is not what the driver writes: %.80s"), line);
    char why[200];
    if (rv_data_parse(data, &c->data, why, sizeof why))
        return rv_fail(err, errlen, RV_FAILED, _("a call's line names no data pattern: %.80s"), line);
    if (!isfinite(c->ref) || !isfinite(c->abs_sum) || c->abs_sum < 0 || !sane_ms(c->event_ms) || !sane_ms(c->wall_ms) ||
        !sane_ms(c->host_ms) || !isfinite(c->probe_ms) || fabs(c->probe_ms) >= MOST_MS ||
        (strcmp(word, "ok") && strcmp(word, "wrong")))
        return rv_fail(err, errlen, RV_FAILED, _("a call's numbers are not a run's: %.80s"), line);
    c->warmup = !strcmp(kind, "warmup");
    c->k = k;
    c->in_addr = addr;
    c->ok = !strcmp(word, "ok"); /* the driver's word; judged again below */
    return 0;
}

/* The header lines the driver writes besides the calls (and an older
 * driver's only lines): 1 known, 0 not. */
static int other_line(const char *line, rv_timed_run *run, double *ms, int *nms)
{
    static const char *const known[] = {"data ", "tolerance ", "latency_ms ", "sum ", "first_partials "};
    if (!strcmp(line, "held 0") || !strcmp(line, "held 1")) {
        run->held = line[5] == '1';
        return 1;
    }
    if (!strncmp(line, "buffers ", 8)) {
        char *end;
        long b = strtol(line + 8, &end, 10);
        run->buffers = !*end && b >= 1 && b <= 3 ? (int)b : -1;
        return 1;
    }
    if (!strncmp(line, "ms ", 3) || !strcmp(line, "ms")) { /* an older run's times */
        const char *q = line + 2;
        char *end;
        for (double v; *nms < RV_TIMED_MAX_CALLS && (v = strtod(q, &end), end != q); q = end)
            ms[(*nms)++] = sane_ms(v) ? v : -1;
        return 1;
    }
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (!strncmp(line, known[i], strlen(known[i]))) return 1;
    return 0;
}

/* Every line of text read into run (calls in order); older times in ms. */
static int read_lines(const char *text, rv_timed_run *run, double *ms, int *nms, char *err, size_t errlen)
{
    char line[512];
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (len >= sizeof line) return rv_fail(err, errlen, RV_FAILED, "%s", _("a line is too long for a timed run's"));
        memcpy(line, p, len);
        line[len] = 0;
        p += len + (nl != NULL);
        if (!len) continue;
        if (!strncmp(line, "warmup ", 7) || !strncmp(line, "timed ", 6)) {
            if (run->ncalls == RV_TIMED_MAX_CALLS)
                return rv_fail(err, errlen, RV_FAILED, "%s", _("more calls than a timed run makes"));
            if (parse_call(line, &run->calls[run->ncalls++], err, errlen)) return -1;
        } else if (!other_line(line, run, ms, nms)) {
            return rv_fail(err, errlen, RV_FAILED, _("a line a timed run does not write: %.80s"), line);
        }
    }
    return 0;
}

/* The calls' order, inputs and buffers are what the driver does: warm-ups
 * 1.., then timed calls 1..; call c's input is stream c of want; a call
 * never takes the buffer the call before took (when there are several). */
static int check_calls(rv_timed_run *run, rv_data want, char *err, size_t errlen)
{
    if (run->buffers < 1)
        return rv_fail(err, errlen, RV_FAILED, "%s", _("the timed run does not say its input buffers"));
    for (int i = 0; i < run->ncalls; i++) {
        rv_timed_call *c = &run->calls[i];
        int expect_k = c->warmup ? run->nwarm + 1 : run->ntimed + 1;
        if (c->k != expect_k || (c->warmup && run->ntimed))
            return rv_fail(err, errlen, RV_FAILED, _("call %d of the timed run is out of order"), i + 1);
        *(c->warmup ? &run->nwarm : &run->ntimed) += 1;
        rv_data owed = rv_data_derive(want, (uint64_t)i + 1);
        if (c->data.kind != owed.kind || c->data.seed != owed.seed)
            return rv_fail(err, errlen, RV_FAILED, _("call %d of the timed run did not get the input it was owed"),
                           i + 1);
        if (i && run->buffers > 1 && c->in_addr == run->calls[i - 1].in_addr)
            return rv_fail(err, errlen, RV_FAILED, _("calls %d and %d of the timed run read the same buffer"), i,
                           i + 1);
    }
    if (!run->ntimed) return rv_fail(err, errlen, RV_FAILED, "%s", _("the timed run timed no call"));
    return 0;
}

/* Each call's sum judged here, each time recomputed, the medians. */
static void judge_calls(rv_timed_run *run, rv_data want, uint64_t n, uint64_t threads)
{
    double probes[RV_TIMED_MAX_CALLS], ms[RV_TIMED_MAX_CALLS], host[RV_TIMED_MAX_CALLS];
    double tol = rv_sum_call_tolerance(want, n, threads);
    for (int i = 0; i < run->ncalls; i++) probes[i] = run->calls[i].probe_ms;
    run->latency_ms = median(probes, run->ncalls);
    run->first_wrong = -1;
    int t = 0;
    for (int i = 0; i < run->ncalls; i++) {
        rv_timed_call *c = &run->calls[i];
        c->bound = tol * c->abs_sum;
        c->ok = c->ok && isfinite(c->sum) && fabs(c->sum - c->ref) <= c->bound;
        if (!c->ok && !run->nwrong++) run->first_wrong = i;
        double wall = c->wall_ms - run->latency_ms;
        c->ms = wall > c->event_ms ? wall : c->event_ms;
        if (c->warmup) continue;
        run->outside += wall > 1.5 * c->event_ms + 0.01; /* work well past launch()'s stream */
        ms[t] = c->ms;
        host[t++] = c->host_ms;
    }
    run->median_ms = median(ms, t);
    run->host_median_ms = median(host, t);
}

/* The sum of d's first n elements and of their magnitudes, in blocks
 * (little rounding of its own). */
static void input_sums(rv_data d, uint64_t n, double *ref, double *mag)
{
    *ref = *mag = 0;
    for (uint64_t i = 0; i < n; i += 4096) {
        double r = 0, m = 0;
        for (uint64_t j = i; j < n && j < i + 4096; j++) {
            double v = rv_data_value(d, j);
            r += v;
            m += fabs(v);
        }
        *ref += r;
        *mag += m;
    }
}

/* One call's reference summed again here (or ahead, spot->summed): the
 * driver's own must match.  check_calls has held the call's input to the
 * stream it was owed, the one summed ahead. */
static int spot_check(const rv_timed_run *run, const rv_timed_spot *spot, uint64_t n, char *err, size_t errlen)
{
    if (spot->call < 0 || spot->call >= run->ncalls) return 0;
    const rv_timed_call *c = &run->calls[spot->call];
    double ref = spot->ref, mag = spot->mag;
    if (!spot->summed) input_sums(c->data, n, &ref, &mag);
    double slack = REF_AGAIN * mag + 1e-9;
    if (fabs(ref - c->ref) <= slack && fabs(mag - c->abs_sum) <= slack) return 0;
    return rv_fail(err, errlen, RV_FAILED,
                   _("call %d of the timed run: its reference %.17g is not its input's sum (%.17g here)"),
                   spot->call + 1, c->ref, ref);
}

static int parse_spot(const char *text, rv_data want, uint64_t n, uint64_t threads, const rv_timed_spot *spot,
                      rv_timed_run *run, char *err, size_t errlen)
{
    double ms[RV_TIMED_MAX_CALLS];
    int nms = 0;
    memset(run, 0, sizeof *run);
    run->first_wrong = -1;
    run->data = want;
    int rc = read_lines(text, run, ms, &nms, err, errlen);
    if (!rc && !run->ncalls) { /* an older driver: its times alone */
        for (int i = 0; i < nms; i++)
            if (ms[i] < 0) rc = rv_fail(err, errlen, RV_FAILED, "%s", _("the timed run's times are not a run's"));
        if (!rc && !nms) rc = rv_fail(err, errlen, RV_FAILED, "%s", _("the timed run left no times"));
        if (!rc) run->median_ms = median(ms, nms);
    } else if (!rc && !(rc = check_calls(run, want, err, errlen))) {
        judge_calls(run, want, n, threads);
        run->checked = 1;
        rc = spot_check(run, spot, n, err, errlen);
    }
    if (rc) memset(run, 0, sizeof *run);
    return rc;
}

int rv_timed_parse(const char *text, rv_data want, uint64_t n, uint64_t threads, int spot, rv_timed_run *run, char *err,
                   size_t errlen)
{
    rv_timed_spot s = {.call = spot};
    return parse_spot(text, want, n, threads, &s, run, err, errlen);
}

/* The spot call drawn: unknown to the program until its run is read. */
static int draw_spot(void)
{
    uint64_t r = 0;
    return rv_data_fresh_seed(&r) == 0 ? (int)(r % 23) : -1; /* 23 calls; past the end: none */
}

rv_timed_spot rv_timed_spot_ahead(rv_data want, uint64_t n)
{
    rv_timed_spot s = {.call = draw_spot(), .summed = 1};
    if (s.call >= 0) input_sums(rv_data_derive(want, (uint64_t)s.call + 1), n, &s.ref, &s.mag);
    return s;
}

static int load_file_spot(const char *path, rv_data want, uint64_t n, uint64_t threads, const rv_timed_spot *spot,
                          rv_timed_run *run, char *err, size_t errlen)
{
    char text[64 * 1024];
    memset(run, 0, sizeof *run);
    int rc = rv_read_regular(path, text, sizeof text);
    if (rc == 1) return 1;
    if (rc == -1)
        return rv_fail(err, errlen, RV_FAILED, _("%s is not a timed run's results (a file of at most 64 KiB)"), path);
    if (rc == -2) return rv_fail(err, errlen, RV_FAILED, _("%s is not text"), path);
    return rv_timed_parse_spot(text, want, n, threads, spot, run, err, errlen);
}

int rv_timed_parse_spot(const char *text, rv_data want, uint64_t n, uint64_t threads, const rv_timed_spot *spot,
                        rv_timed_run *run, char *err, size_t errlen)
{
    rv_timed_spot drawn = {.call = -1};
    if (!spot) drawn.call = draw_spot(), spot = &drawn;
    return parse_spot(text, want, n, threads, spot, run, err, errlen);
}

int rv_timed_load_spot(const char *work, rv_data want, uint64_t n, uint64_t threads, const rv_timed_spot *spot,
                       rv_timed_run *run, char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/timed.txt", work);
    return load_file_spot(path, want, n, threads, spot, run, err, errlen);
}

int rv_timed_load(const char *work, rv_data want, uint64_t n, uint64_t threads, rv_timed_run *run, char *err,
                  size_t errlen)
{
    return rv_timed_load_spot(work, want, n, threads, NULL, run, err, errlen);
}

int rv_timed_load_file(const char *path, rv_data want, uint64_t n, uint64_t threads, rv_timed_run *run, char *err,
                       size_t errlen)
{
    return load_file_spot(path, want, n, threads, NULL, run, err, errlen);
}

void rv_timed_describe(const rv_timed_run *run, int i, char *buf, size_t len)
{
    const rv_timed_call *c = &run->calls[i];
    int of = c->warmup ? run->nwarm : run->ntimed;
    char what[96];
    if (!isfinite(c->sum))
        snprintf(what, sizeof what, "%s", _("not a number"));
    else
        snprintf(what, sizeof what, "%s", c->ok ? _("right") : _("wrong"));
    if (c->bound == 0)
        snprintf(buf, len,
                 c->warmup ? _("warm-up %d of %d: sum %.9g, expected exactly %.9g: %s")
                           : _("call %d of %d: sum %.9g, expected exactly %.9g: %s"),
                 c->k, of, c->sum, c->ref, what);
    else
        snprintf(buf, len,
                 c->warmup ? _("warm-up %d of %d: sum %.9g, expected %.9g ± %.2g: %s")
                           : _("call %d of %d: sum %.9g, expected %.9g ± %.2g: %s"),
                 c->k, of, c->sum, c->ref, c->bound, what);
}
