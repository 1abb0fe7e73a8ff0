/* test_run_facts.c — what a run says beside its trace, read back trusting
 * nothing and judged: the tracer's count of the input elements read
 * (reads.txt, hand-written here: missing, corrupt, all read, none read, some
 * read twice) through the reader and the rule "reads" of every exercise;
 * and the timed run's checked calls (timed.txt, written here as the driver
 * writes it, for a small N whose sums are computed here): a right run, a
 * wrong sum, NaN, an input that was not the one owed, the same buffer twice,
 * a damaged line, a reference that is not its input's sum, an older run's
 * times, and the time of a call that left work running. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "core/analysis.h"
#include "core/exercises.h"
#include "core/rules.h"
#include "core/sumcheck.h"
#include "own/records/reads.h"
#include "own/records/timed.h"
#include "own/run/program_run.h"
#include "own/trace/trace_run.h"

#define N 1000

static char dir[] = "/tmp/rv-run-facts-XXXXXX";

static void write_file(const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (f) fputs(text, f), fclose(f);
}

/* The reads rule of exercise ex on a one-step own trace of N elements, with
 * the facts a run with this reads.txt gives (text NULL: none written). */
static rv_rule_result reads_rule(const char *text, int ex, int *state, char *why, size_t whylen)
{
    char path[256];
    snprintf(path, sizeof path, "%s/reads.txt", dir);
    unlink(path);
    if (text) write_file("reads.txt", text);
    rv_own_result run;
    memset(&run, 0, sizeof run);
    int rc = rv_reads_load(dir, N, &run.reads, run.reads_why, sizeof run.reads_why);
    run.reads_state = rc == 0 ? 1 : rc == 1 ? 0 : -1;
    *state = run.reads_state;
    snprintf(why, whylen, "%s", run.reads_why);
    rv_rules_facts f;
    rv_own_result_facts(&run, 0, &f);
    rv_trace *tr = rv_trace_new(32, 1);
    tr->version = RV_VERSION_OWN;
    tr->n = N;
    tr->grid = 1;
    rv_rules_result res;
    char err[200];
    rv_analysis *an = rv_analyze(tr, err, sizeof err);
    rv_rule_result r = {.rule = RV_RULE_COUNT};
    if (an) {
        rv_rules_judge(tr, an, rv_exercise_get(ex), 0, &f, &res);
        for (int i = 0; i < res.nrules; i++)
            if (res.rules[i].rule == RV_RULE_READS) r = res.rules[i];
    }
    rv_analysis_free(an);
    rv_trace_free(tr);
    return r;
}

static void test_reads(void)
{
    int state;
    char why[256];
    rv_rule_result r = reads_rule(NULL, 1, &state, why, sizeof why);
    CHECK(state == 0 && r.rule == RV_RULE_READS && !r.judged && r.ok, "no reads.txt: the rule is not judged");
    r = reads_rule("reads n 1000 read 1000 unread 0 first_unread -1 more_than_once 0 most 1\n", 2, &state, why,
                   sizeof why);
    CHECK(state == 1 && r.judged && r.ok && r.got == N && r.limit == N && r.extra == 0, "all read: holds");
    r = reads_rule("reads n 1000 read 0 unread 1000 first_unread 0 more_than_once 0 most 0\n", 3, &state, why,
                   sizeof why);
    CHECK(state == 1 && r.judged && !r.ok && r.got == 0 && r.index == 0, "none read: fails at element 0");
    r = reads_rule("reads n 1000 read 999 unread 1 first_unread 998 more_than_once 0 most 1", 4, &state, why,
                   sizeof why);
    CHECK(!r.ok && r.got == 999 && r.index == 998, "one never read: fails at it (no newline at the end is fine)");
    r = reads_rule("reads n 1000 read 1000 unread 0 first_unread -1 more_than_once 24 most 2\n", 5, &state, why,
                   sizeof why);
    CHECK(r.judged && r.ok && r.extra == 24 && r.count == 2, "24 read twice: said, not failed");
    static const char *const corrupt[] = {
        "hello\n",
        "reads n 1000 read 1000 unread 0 first_unread -1 more_than_once 0\n",              /* a key missing */
        "reads n 1000 read 1000 unread 0 first_unread -1 more_than_once 0 most 1 x 2\n",   /* one too many */
        "reads n 1000 read +1000 unread 0 first_unread -1 more_than_once 0 most 1\n",      /* a sign */
        "reads n 1000 read 99999999999999999999 unread 0 first_unread -1 more_than_once 0 most 1\n",
        "reads n 1000 read 1e3 unread 0 first_unread -1 more_than_once 0 most 1\n",
        "reads n 999 read 999 unread 0 first_unread -1 more_than_once 0 most 1\n",         /* another N */
        "reads n 1000 read 1000 unread 5 first_unread -1 more_than_once 0 most 1\n",       /* 1005 */
        "reads n 1000 read 990 unread 10 first_unread -1 more_than_once 0 most 1\n",       /* unread, none first */
        "reads n 1000 read 1000 unread 0 first_unread 3 more_than_once 0 most 1\n",
        "reads n 1000 read 990 unread 10 first_unread 1000 more_than_once 0 most 1\n",     /* past the end */
        "reads n 1000 read 1000 unread 0 first_unread -1 more_than_once 1001 most 2\n",
        "reads n 1000 read 1000 unread 0 first_unread -1 more_than_once 5 most 1\n",
        "reads n 1000 read 1000 unread 0 first_unread -1 more_than_once 0 most 0\n",
        "reads n 1000 read 1000 unread 0 first_unread -2 more_than_once 0 most 1\n",
        "reads n 1000 read 1000 unread 0 first_unread -1 more_than_once 0 most 1\nreads n 1\n",
    };
    for (size_t i = 0; i < sizeof corrupt / sizeof corrupt[0]; i++) {
        r = reads_rule(corrupt[i], 1, &state, why, sizeof why);
        CHECK(state == -1 && r.judged && !r.ok && r.got == -1 && why[0], "corrupt %zu fails, saying why: %s", i, why);
    }
    char path[256];
    snprintf(path, sizeof path, "%s/reads.txt", dir);
    unlink(path);
    CHECK(symlink("/etc/passwd", path) == 0, "a link where reads.txt goes");
    rv_reads rd;
    CHECK(rv_reads_load(dir, N, &rd, why, sizeof why) == -1, "a link is not followed: %s", why);
    unlink(path);
}

/* A timed run as the driver writes it, for n elements of stream c of base;
 * wrong_at: the call whose sum is off by `off` (and said wrong). */
static char *timed_text_n(rv_data base, uint64_t n, int wrong_at, double off, int same_buffer)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    char name[64];
    rv_data_name(base, name, sizeof name);
    fprintf(f, "data %s\ntolerance %.17g\nbuffers 3\n", name, rv_sum_call_tolerance(base, n, 256));
    for (int c = 1; c <= 23; c++) {
        rv_data d = rv_data_derive(base, (uint64_t)c);
        double ref = 0, mag = 0;
        float sum = 0;
        for (uint64_t i = 0; i < n; i++) {
            float v = rv_data_value(d, i);
            ref += v, mag += fabs(v), sum += v;
        }
        if (n > N) sum = (float)ref;   /* a float chain that long is off: a tree's sum */
        rv_data_name(d, name, sizeof name);
        double s = c == wrong_at ? sum + off : sum;
        unsigned long long addr = same_buffer ? 4096 : 4096 + (unsigned long long)((c - 1) % 3) * 8192;
        fprintf(f, "%s %d data %s in %llu sum %.9g ref %.17g abs %.17g event_ms %.6f wall_ms %.6f host_ms 0.004 "
                   "probe_ms 0.010 %s\n", c <= 3 ? "warmup" : "timed", c <= 3 ? c : c - 3, name, addr, s, ref, mag,
                0.040 + c * 0.0001, c == 10 ? 0.5 : 0.052, c == wrong_at ? "wrong" : "ok");
    }
    fputs("held 1\nlatency_ms 0.010\nsum 1\nfirst_partials 4\nms 1 2 3\n", f);
    fclose(f);
    return text;
}

static char *timed_text(rv_data base, int wrong_at, double off, int same_buffer)
{
    return timed_text_n(base, N, wrong_at, off, same_buffer);
}

static int parse(const char *text, rv_data base, rv_timed_run *run, char *err, size_t errlen)
{
    return rv_timed_parse(text, base, N, 256, 5, run, err, errlen);
}

static void test_timed(void)
{
    rv_data base = rv_data_derive((rv_data){RV_DATA_SIGNED, 77}, 1);
    static rv_timed_run run;
    char err[300], call[256];
    char *t = timed_text(base, 0, 0, 0);
    CHECK(parse(t, base, &run, err, sizeof err) == 0 && run.checked && run.ncalls == 23 && run.nwarm == 3 &&
          run.ntimed == 20 && run.nwrong == 0 && run.first_wrong == -1, "a right run: 23 calls checked (%s)", err);
    CHECK(fabs(run.latency_ms - 0.010) < 1e-12, "the latency is the probes' median");
    CHECK(run.held, "the driver's held line read");
    char *held = strstr(t, "held 1");
    held[5] = '0';
    CHECK(parse(t, base, &run, err, sizeof err) == 0 && !run.held, "held 0: not held");
    held[5] = '2';
    CHECK(parse(t, base, &run, err, sizeof err) == -1, "a held line the driver does not write is refused");
    held[5] = '1';
    CHECK(parse(t, base, &run, err, sizeof err) == 0 && run.held, "held 1 again");
    CHECK(fabs(run.calls[9].ms - (0.5 - 0.010)) < 1e-9 && run.outside == 1,
          "call 10 left work running: its time is the wall clock's less the latency (%.4f), said once",
          run.calls[9].ms);
    CHECK(fabs(run.calls[3].ms - 0.0420) < 1e-9, "another call: the events' time (%.4f)", run.calls[3].ms);
    CHECK(run.median_ms > 0.04 && run.median_ms < 0.05, "the median of the 20 timed calls, recomputed, not the "
          "file's ms line (%.4f)", run.median_ms);
    free(t);
    t = timed_text(base, 8, 5.0, 0);
    CHECK(parse(t, base, &run, err, sizeof err) == 0 && run.nwrong == 1 && run.first_wrong == 7, "a wrong sum");
    rv_timed_describe(&run, run.first_wrong, call, sizeof call);
    CHECK(strstr(call, "call 5 of 20: sum") && strstr(call, "wrong"), "named as its call: %s", call);
    free(t);
    t = timed_text(base, 2, NAN, 0);
    CHECK(parse(t, base, &run, err, sizeof err) == 0 && run.nwrong == 1 && run.calls[1].warmup, "NaN never passes");
    rv_timed_describe(&run, 1, call, sizeof call);
    CHECK(strstr(call, "warm-up 2 of 3") && strstr(call, "not a number"), "a warm-up named as one: %s", call);
    free(t);
    /* a sum off by less than the bound, but the driver said wrong: wrong */
    t = timed_text(base, 4, 0, 0);
    CHECK(parse(t, base, &run, err, sizeof err) == 0 && run.nwrong == 1, "the driver's 'wrong' stands");
    free(t);
    t = timed_text(base, 0, 0, 1);
    CHECK(parse(t, base, &run, err, sizeof err) == -1 && strstr(err, "same buffer"), "one buffer twice: %s", err);
    free(t);
    t = timed_text(base, 0, 0, 0);
    CHECK(parse(t, rv_data_derive(base, 9), &run, err, sizeof err) == -1 && strstr(err, "owed"),
          "inputs of another stream than the one owed: %s", err);
    char *bad = strstr(t, "ref ");
    bad[4] = bad[4] == '9' ? '8' : '9';   /* a reference changed: the spot check (call 6) or the sum's */
    int rc = rv_timed_parse(t, base, N, 256, 0, &run, err, sizeof err);   /* call 1 summed again */
    CHECK(rc == -1 && strstr(err, "not its input's sum"), "a reference that is not its input's sum: %s", err);
    free(t);
    /* the spot summed ahead (a trace does it while compiling): the same sums as
       the call's own, and a spot whose sums were not its input's is caught */
    t = timed_text(base, 0, 0, 0);
    char dir[] = "/tmp/rv-timed-XXXXXX", path[64];
    CHECK(mkdtemp(dir) != NULL, "a folder for timed.txt");
    snprintf(path, sizeof path, "%s/timed.txt", dir);
    FILE *f = fopen(path, "w");
    CHECK(f && fputs(t, f) >= 0 && fclose(f) == 0, "timed.txt written");
    rv_timed_spot ahead = {.call = -1};
    for (int k = 0; k < 200 && (ahead.call < 0 || ahead.call >= 23); k++) ahead = rv_timed_spot_ahead(base, N);
    rv_data spot_data = rv_data_derive(base, (uint64_t)ahead.call + 1);
    double ref = 0;
    for (uint64_t i = 0; i < N; i++) ref += rv_data_value(spot_data, i);
    CHECK(ahead.summed && fabs(ahead.ref - ref) < 1e-9 * (1 + fabs(ahead.mag)), "call %d summed ahead: %.17g, summed "
          "here %.17g", ahead.call + 1, ahead.ref, ref);
    CHECK(rv_timed_load_spot(dir, base, N, 256, &ahead, &run, err, sizeof err) == 0 && run.checked,
          "a right run read with the spot summed ahead (%s)", err);
    ahead.ref += 1.0;
    CHECK(rv_timed_load_spot(dir, base, N, 256, &ahead, &run, err, sizeof err) == -1 &&
          strstr(err, "not its input's sum"), "the sums made ahead are the ones held to: %s", err);
    remove(path);
    rmdir(dir);
    free(t);
    CHECK(parse("timed 1 data signed:1 in 5 sum x\n", base, &run, err, sizeof err) == -1, "a damaged line: %s", err);
    CHECK(parse("hello world\n", base, &run, err, sizeof err) == -1, "a line a timed run does not write: %s", err);
    CHECK(parse("sum 5\nfirst_partials 3\nms 0.5 0.25 0.75\n", base, &run, err, sizeof err) == 0 && !run.checked &&
          run.median_ms == 0.5, "an older run: its times alone, nothing checked");
    CHECK(parse("sum 5\nms nan 1\n", base, &run, err, sizeof err) == -1, "an older run's times are still sane");
}

/* test_run_facts timed DIR DATA N CALL [STREAM FILE]: writes DIR/timed.txt
 * (or DIR/FILE) as the driver would for a run of N elements of DATA (its
 * timed calls on stream 1 of it, or STREAM: 2 is the version to beat's in a
 * check), call CALL (1..23) off by 10^6 and said wrong, for the commands'
 * tests. */
/* The tracer's word that the GPU had no memory for its buffers: a regular
 * file of the run's folder, and nothing else (a link is no word). */
static void test_tool_gpu_memory(void)
{
    char d[] = "/tmp/test_run_facts_gpu.XXXXXX", path[256];
    CHECK(mkdtemp(d) != NULL, "a folder");
    CHECK(!rv_own_tool_short_of_gpu_memory(d), "no word: not short of GPU memory");
    snprintf(path, sizeof path, "%s/tool-gpu-memory.txt", d);
    CHECK(symlink("/etc/hostname", path) == 0 && !rv_own_tool_short_of_gpu_memory(d), "a link is not the word");
    unlink(path);
    FILE *f = fopen(path, "w");
    if (f) fputs("201326592\n", f), fclose(f);
    CHECK(rv_own_tool_short_of_gpu_memory(d), "the tracer's word read");
    rv_own_clear_results(d);
    CHECK(!rv_own_tool_short_of_gpu_memory(d), "cleared with the run's other results");
    rmdir(d);
}

int main(int argc, char **argv)
{
    if ((argc == 6 || argc == 8) && !strcmp(argv[1], "timed")) {
        rv_data d;
        char err[200], path[4200];
        if (rv_data_parse(argv[3], &d, err, sizeof err)) return 1;
        uint64_t stream = argc == 8 ? strtoull(argv[6], NULL, 10) : 1;
        char *t = timed_text_n(rv_data_derive(d, stream), strtoull(argv[4], NULL, 10), atoi(argv[5]), 1e6, 0);
        snprintf(path, sizeof path, "%s/%s", argv[2], argc == 8 ? argv[7] : "timed.txt");
        FILE *f = fopen(path, "w");
        if (!f || fputs(t, f) < 0 || fclose(f)) return 1;
        free(t);
        return 0;
    }
    if (!mkdtemp(dir)) return 1;
    test_reads();
    test_timed();
    test_tool_gpu_memory();
    char path[256];
    snprintf(path, sizeof path, "%s/reads.txt", dir);
    unlink(path);
    rmdir(dir);
    return check_report();
}
