#define _GNU_SOURCE
/* test_waves_cost.c — a check's waves cost measured by the judge's runner
 * (src/own/trace/waves_cost.h), no GPU: a fake runner stands in for rvjudge
 * (this program again, run by the name rvjudge from RV_TRACER_DIR), serves
 * the line as the runner does (a turn alone, each call's data, the results)
 * and notes its command line and environment.  With a class's gate (the
 * node's lock files) as without one, the check's cost is the runner's: its
 * second run gets the waves run's patch injected (RV_TRACER_WAVES=all, the
 * tracer, the waves patches, the tool's folder WORK/waves-cost, one queue)
 * on the judged calls' recording, and the medians (the judged calls', the
 * patched ones') land on every launch recorded by the patch, none stamped;
 * judged.txt is left as the judged calls wrote it.  A patched run that sums
 * wrong, times fewer calls, fails or whose tool failed, or judged calls
 * with no times, leave the waves unmeasured with why.  With the gate and no
 * judged calls, the student's own program is never timed. */
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "core/data.h"
#include "core/trace.h"
#include "core/waves.h"
#include "own/base/proc.h"
#include "own/run/judged_run.h"
#include "own/run/program_run.h"
#include "own/trace/waves_cost.h"
#include "own/turns/gpu_turn.h"

#define PLAIN_MS   1.0 /* the fake runner's calls, untraced */
#define PATCHED_MS 1.5 /* ... and under the patch            */

extern char **environ;

/* ---- the fake runner --------------------------------------------------- */

static int say(const char *s, size_t len) { return write(4, s, len) == (ssize_t)len ? 0 : -1; }

/* Its command line and the environment the runs are told by, into
 * $FAKE_RUNNER_DUMP/plain.txt or patched.txt. */
static void note(int argc, char **argv, int patched)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/%s.txt", getenv("FAKE_RUNNER_DUMP"), patched ? "patched" : "plain");
    FILE *f = fopen(path, "w");
    if (!f) return;
    for (int i = 0; i < argc; i++) fprintf(f, "argv %d %s\n", i, argv[i]);
    for (char **e = environ; *e; e++)
        if (!strncmp(*e, "CUDA_", 5) || !strncmp(*e, "RV_TRACER_", 10) || !strncmp(*e, "RV_GPU_", 7))
            fprintf(f, "env %s\n", *e);
    fclose(f);
}

/* One call's line: its data asked for over the line, its sums made here. */
static int one_call(FILE *r, int c, uint64_t n, int patched, const char *mode)
{
    char name[96];
    size_t len = 0;
    rv_data d;
    char why[200];
    if (say("c", 1)) return -1;
    while (len + 1 < sizeof name && read(4, name + len, 1) == 1 && name[len] != '\n') len++;
    name[len] = 0;
    if (rv_data_parse(name, &d, why, sizeof why)) return -1;
    double ref = 0, mag = 0, ms = patched ? PATCHED_MS : PLAIN_MS;
    for (uint64_t i = 0; i < n; i++) ref += rv_data_value(d, i), mag += fabs(rv_data_value(d, i));
    int wrong = mode && !strcmp(mode, "wrong");
    fprintf(r,
            "%s %d data %s in %d sum %.17g ref %.17g abs %.17g event_ms %.6f wall_ms %.6f host_ms 0.01 probe_ms 0 "
            "%s\n",
            c <= 3 ? "warmup" : "timed", c <= 3 ? c : c - 3, name, c % 2 ? 4096 : 8192, wrong ? ref + mag : ref, ref,
            mag, ms, ms, wrong ? "wrong" : "ok");
    return 0;
}

/* rvjudge QUEUED MODULES N BLOCK TOLERANCE [held], fd 4 its line: only the
 * patched run (RV_TRACER_WAVES=all) does what FAKE_RUNNER_MODE says. */
static int fake_runner(int argc, char **argv)
{
    const char *w = getenv("RV_TRACER_WAVES"), *mode = getenv("FAKE_RUNNER_MODE");
    int patched = w && !strcmp(w, "all");
    if (!patched) mode = NULL;
    note(argc, argv, patched);
    if (argc < 6) return 1;
    if (mode && !strcmp(mode, "fail")) {
        fprintf(stderr, "the fake runner's CUDA failed\n");
        return 3;
    }
    if (mode && !strcmp(mode, "tool")) { /* the tool's word, where the tool writes it */
        char path[PATH_MAX + 32];
        snprintf(path, sizeof path, "%s/tool-error.txt", getenv("RV_TRACER_OUT"));
        FILE *f = fopen(path, "w");
        if (f) fputs("the patches would not load", f), fclose(f);
    }
    char g = 0, *text = NULL;
    size_t len = 0;
    if (say("r", 1) || read(4, &g, 1) != 1 || g != 'g') return 3; /* the GPU alone */
    FILE *r = open_memstream(&text, &len);
    fprintf(r, "data judged\ntolerance %s\nbuffers 2\n", argv[5]);
    int calls = mode && !strcmp(mode, "short") ? 22 : 23;
    for (int c = 1; c <= calls; c++)
        if (one_call(r, c, strtoull(argv[3], NULL, 10), patched, mode)) return 3;
    fprintf(r, "held 0\nlatency_ms 0\n");
    fclose(r);
    char head[32];
    int hl = snprintf(head, sizeof head, "R%zu\n", len);
    if (say(head, (size_t)hl) || say(text, len) || say("e", 1)) return 3;
    free(text);
    return 0;
}

/* ---- the tests ---------------------------------------------------------- */

static char tmp[] = "/tmp/rv-waves-cost-XXXXXX";
static char work[PATH_MAX], dump[PATH_MAX];

/* The dump of the last plain or patched run ("" none), whole. */
static char *dumped(const char *which)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/%s.txt", dump, which);
    char *text = rv_read_text(path, NULL);
    return text ? text : strdup("");
}

static void forget_dumps(void)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/patched.txt", dump), remove(path);
    snprintf(path, sizeof path, "%s/plain.txt", dump), remove(path);
}

/* A run of one launch recorded by the patch and one stamped, not measured. */
static rv_trace *fresh_trace(void)
{
    rv_trace *tr = calloc(1, sizeof *tr);
    tr->waves = rv_waves_new(0);
    tr->waves->how = RV_WAVES_BY_PATCH;
    tr->waves->next = rv_waves_new(0);
    tr->waves->next->how = RV_WAVES_BY_STAMPS;
    return tr;
}

static void free_trace(rv_trace *tr)
{
    rv_waves_free(tr->waves);
    free(tr);
}

/* The judged calls made by the (fake) runner as a check makes them, read
 * into res as judged_facts reads them. */
static void judged_calls(const rv_own_opts *o, rv_own_result *res)
{
    char err[1024], *text = NULL;
    double seconds;
    int rc = rv_own_judge_calls(o, work, rv_own_timed_data(o), &text, &seconds, err, sizeof err);
    CHECK(rc == 0, "the judged calls: %s", err);
    rc = rc ? -1
            : rv_timed_parse_spot(text, rv_own_timed_data(o), o->n, (uint64_t)o->block_size, NULL, &res->timed, err,
                                  sizeof err);
    CHECK(rc == 0, "the judged calls' results: %s", err);
    res->timed_state = rc == 0 ? 1 : -1;
    free(text);
}

/* The cost measured (mode: FAKE_RUNNER_MODE, NULL none) into a fresh trace. */
static rv_own_result *measure(const rv_own_opts *o, const rv_own_tools *t, const char *mode, int judged_state)
{
    rv_own_result *res = calloc(1, sizeof *res);
    forget_dumps();
    judged_calls(o, res);
    if (judged_state != 1) res->timed_state = judged_state;
    res->tr = fresh_trace();
    if (mode)
        setenv("FAKE_RUNNER_MODE", mode, 1);
    else
        unsetenv("FAKE_RUNNER_MODE");
    rv_own_waves_cost_keep(o, work, t, NULL, res);
    return res;
}

static void done(rv_own_result *res)
{
    free_trace(res->tr);
    free(res);
}

/* The patched run's command: the judged calls' own, with the waves run's
 * patch injected; the plain run's without it. */
static void check_command(const rv_own_tools *t, const char *tag)
{
    char *patched = dumped("patched"), *plain = dumped("plain"), want[2 * PATH_MAX + 64];
    snprintf(want, sizeof want, "argv 1 %s/queued.txt\nargv 2 %s\n", work, work);
    CHECK(strstr(patched, want) != NULL, "%s: the patched runner replays the judged calls' recording:\n%s", tag,
          patched);
    static const char *const env[] = {"env RV_TRACER_WAVES=all\n", "env CUDA_DEVICE_MAX_CONNECTIONS=1\n"};
    for (size_t k = 0; k < sizeof env / sizeof env[0]; k++)
        CHECK(strstr(patched, env[k]) != NULL, "%s: the patched runner is told %s", tag, env[k]);
    snprintf(want, sizeof want, "env CUDA_INJECTION64_PATH=%s\n", t->lib);
    CHECK(strstr(patched, want) != NULL, "%s: the tracer injected into the patched runner:\n%s", tag, patched);
    snprintf(want, sizeof want, "env RV_TRACER_PATCHES=%s\n", t->waves);
    CHECK(strstr(patched, want) != NULL, "%s: the waves run's patches, none other:\n%s", tag, patched);
    snprintf(want, sizeof want, "env RV_TRACER_OUT=%s/waves-cost\n", work);
    CHECK(strstr(patched, want) != NULL, "%s: the tool's files apart from the judged calls':\n%s", tag, patched);
    CHECK(*plain && !strstr(plain, "CUDA_INJECTION64_PATH") && !strstr(plain, "RV_TRACER_WAVES"),
          "%s: the judged calls run with no tracer:\n%s", tag, plain);
    free(patched);
    free(plain);
}

/* Measured: the judged calls' median untraced, the patched one's under the
 * patch, on the patch's launch only; judged.txt still the judged calls'. */
static void check_measured(const rv_own_result *res, const rv_own_tools *t, const char *tag)
{
    const rv_waves *w = res->tr->waves;
    CHECK(!res->waves_cost_why[0], "%s: measured, not: %s", tag, res->waves_cost_why);
    CHECK(w->repeats == 20 && w->plain_ns == (uint64_t)llround(PLAIN_MS * 1e6) &&
              w->waves_ns == (uint64_t)llround(PATCHED_MS * 1e6),
          "%s: %u repeats, %llu ns untraced, %llu ns patched", tag, w->repeats, (unsigned long long)w->plain_ns,
          (unsigned long long)w->waves_ns);
    CHECK(!w->next->repeats && !w->next->plain_ns && !w->next->waves_ns, "%s: a stamped launch is not the patch's",
          tag);
    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/judged.txt", work);
    char *judged = rv_read_text(path, NULL);
    CHECK(judged && strstr(judged, "event_ms 1.000000") && !strstr(judged, "event_ms 1.500000"),
          "%s: judged.txt is the judged calls'", tag);
    free(judged);
    check_command(t, tag);
}

/* Not measured: why says `part`, the waves as they were. */
static void check_unmeasured(const rv_own_result *res, const char *part, const char *tag)
{
    const rv_waves *w = res->tr->waves;
    CHECK(strstr(res->waves_cost_why, part) != NULL, "%s: why not measured says \"%s\": \"%s\"", tag, part,
          res->waves_cost_why);
    CHECK(!w->repeats && !w->plain_ns && !w->waves_ns, "%s: the waves left as they were", tag);
}

static void setup(rv_own_opts *o, rv_own_tools *t)
{
    char self[PATH_MAX], dir[PATH_MAX + 16], link[PATH_MAX + 32];
    CHECK(mkdtemp(tmp) != NULL, "a temporary folder");
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    self[len > 0 ? len : 0] = 0;
    snprintf(dir, sizeof dir, "%s/tracer", tmp), mkdir(dir, 0700);
    snprintf(link, sizeof link, "%s/rvjudge", dir);
    CHECK(symlink(self, link) == 0, "the fake runner in place");
    setenv("RV_TRACER_DIR", dir, 1);
    snprintf(work, sizeof work, "%s/work", tmp), mkdir(work, 0700);
    snprintf(dump, sizeof dump, "%s/dump", tmp), mkdir(dump, 0700);
    setenv("FAKE_RUNNER_DUMP", dump, 1);
    snprintf(link, sizeof link, "%s/queued.txt", work);
    FILE *f = fopen(link, "w");
    if (f) fputs("queued 1\n", f), fclose(f);
    *o = (rv_own_opts){.file = "student.cu",
                       .block_size = 256,
                       .n = 4096,
                       .data = {RV_DATA_SIGNED, 7},
                       .judged = {RV_DATA_SIGNED, 1234},
                       .judge = 1,
                       .time_it = 1,
                       .waves = 1,
                       .timeout_s = 30};
    /* nothing is loaded from them: the fake runner is no CUDA program */
    *t = (rv_own_tools){.lib = "/nonexistent/librvtracer.so",
                        .patches = "/nonexistent/rvtracer_patches.fatbin",
                        .waves = "/nonexistent/rvtracer_waves.fatbin",
                        .sanitizer = "/nonexistent/compute-sanitizer/libsanitizer-public.so"};
}

int main(int argc, char **argv)
{
    const char *base = strrchr(argv[0], '/');
    if (!strcmp(base ? base + 1 : argv[0], "rvjudge")) return fake_runner(argc, argv);
    rv_own_opts o;
    rv_own_tools t;
    setup(&o, &t);

    /* outside a class: a check's cost is the runner's too */
    rv_own_result *res = measure(&o, &t, NULL, 1);
    check_measured(res, &t, "no gate");
    done(res);

    /* a class's GPU: the node's lock files are its gate */
    char locks[PATH_MAX + 16], err[512];
    snprintf(locks, sizeof locks, "%s/locks", tmp), mkdir(locks, 0700);
    CHECK(rv_turn_use_lock(locks, err, sizeof err) == 0 && rv_turn_have_gate(), "a gate: %s", err);
    res = measure(&o, &t, NULL, 1);
    check_measured(res, &t, "a class's gate");
    done(res);

    /* the fake runner's way of failing under the patch, and what must be said */
    static const struct {
        const char *mode, *said, *what;
    } fails[] = {
        {"wrong", "summed wrong", "patched sums wrong"},
        {"short", "made 20 and 19 timed calls", "fewer patched calls"},
        {"fail", "the fake runner's CUDA failed", "the patched runner failed"},
        {"tool", "the patches would not load", "the tool failed"},
    };
    for (size_t k = 0; k < sizeof fails / sizeof fails[0]; k++) {
        res = measure(&o, &t, fails[k].mode, 1);
        check_unmeasured(res, fails[k].said, fails[k].what);
        done(res);
    }

    res = measure(&o, &t, NULL, RV_OWN_NOT_REPLAYED);
    check_unmeasured(res, "no times", "judged calls not replayed");
    char *patched = dumped("patched");
    CHECK(!*patched, "no patched run without judged calls to set it against");
    free(patched);
    done(res);

    /* with the gate and no judged calls (--no-time), nothing is timed */
    o.time_it = 0;
    res = calloc(1, sizeof *res);
    res->tr = fresh_trace();
    forget_dumps();
    rv_own_waves_cost_keep(&o, work, &t, NULL, res);
    check_unmeasured(res, "not on a class's shared GPU", "a gate, no judged calls");
    patched = dumped("patched");
    CHECK(!*patched, "nothing run");
    free(patched);
    done(res);

    rv_remove_tree(tmp);
    return check_report();
}
