/* judged_run.c — the judged calls made by the judge's runner
 * (judged_run.h): the runner started in the work folder, its line served
 * (each call's data when it asks, its results when it ends, or what it
 * could not replay: with the student's line named, unreplayable.h); and the
 * same calls again under the waves run's patch, for its cost. */
#define _GNU_SOURCE
#include "own/run/judged_run.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/i18n.h"
#include "core/sumcheck.h"
#include "own/turns/gpu_turn.h"
#include "own/run/program_run.h"
#include "own/run/unreplayable.h"
#include "own/records/queue_shape.h"
#include "own/records/timed.h"

#define RESULTS_MAX (256 * 1024) /* 23 lines and a few more: far less */

/* What the line carried. */
typedef struct line_state {
    rv_data want;
    int calls;     /* data handed out                         */
    char *results; /* 'R': the results                       */
    size_t len;
    char why[600]; /* 'U': what cannot be replayed           */
    int unreplayable, garbled;
} line_state;

static int read_all(int fd, char *buf, size_t n)
{
    for (size_t got = 0; got < n;) {
        ssize_t k = read(fd, buf + got, n - got);
        if (k <= 0) return -1;
        got += (size_t)k;
    }
    return 0;
}

/* A line of at most len - 1 bytes, its newline dropped: 0, or -1. */
static int read_line(int fd, char *buf, size_t len)
{
    size_t k = 0;
    for (;;) {
        char c;
        if (read(fd, &c, 1) != 1) return -1;
        if (c == '\n') break;
        if (k + 1 < len) buf[k++] = c;
    }
    buf[k] = 0;
    return 0;
}

static int on_word(void *arg, int fd, char c)
{
    line_state *l = arg;
    if (c == 'c') { /* the next call's data: stream c of want */
        if (l->calls >= RV_TIMED_MAX_CALLS) return -1;
        char name[96];
        rv_data_name(rv_data_derive(l->want, (uint64_t)++l->calls), name, sizeof name - 1);
        strcat(name, "\n");
        return write(fd, name, strlen(name)) == (ssize_t)strlen(name) ? 0 : -1;
    }
    if (c == 'U') {
        l->unreplayable = read_line(fd, l->why, sizeof l->why) == 0;
        return -1;
    }
    if (c == 'R') {
        char head[24];
        char *end;
        if (read_line(fd, head, sizeof head)) return -1;
        unsigned long long n = strtoull(head, &end, 10);
        if (*end || !*head || n > RESULTS_MAX || !(l->results = malloc(n + 1)) || read_all(fd, l->results, n)) {
            l->garbled = 1;
            return -1;
        }
        l->results[n] = 0;
        l->len = n;
        return 0;
    }
    return 0; /* anything else is passed over */
}

/* The runner on WORK's recording, its line served into l until it ends, its
 * output into log; with t, the waves run's patch injected, the tool's files
 * into WORK/waves-cost (rv_own_patched_env).  *r: how it ended; *relay: its
 * turns (ended); *seconds: its wall time less its waits for the GPU.  0, or
 * 2 with why it did not start. */
static int run_runner(const rv_own_opts *o, const char *work, const rv_own_tools *t, const char *log, line_state *l,
                      rv_proc_result *r, rv_turn_relay *relay, double *seconds, char *err, size_t errlen)
{
    static const char *const names[] = {"rvjudge"};
    char runner[1][PATH_MAX + 32], queued[PATH_MAX + 32], nbuf[32], bbuf[16], tol[40], out[PATH_MAX + 16];
    if (rv_own_find_beside(1, names, runner))
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, "%s",
                       _("the judge's runner (rvjudge) is not installed beside the tracer: set RV_TRACER_DIR"));
    snprintf(queued, sizeof queued, "%s/queued.txt", work);
    snprintf(nbuf, sizeof nbuf, "%llu", (unsigned long long)o->n);
    snprintf(bbuf, sizeof bbuf, "%d", o->block_size);
    snprintf(tol, sizeof tol, "%.17g", rv_sum_call_tolerance(l->want, o->n, (uint64_t)o->block_size));
    /* held where the recording allows (queue_shape.h), as the student's own timed run is */
    char *argv[] = {runner[0], queued, (char *)work, nbuf, bbuf, tol, rv_queue_holdable_in(work) ? "held" : "unheld",
                    NULL};
    /* the hardware queues the traced run had (program_run.h); under the
       patch, as the patch's timed run of the student's program has it */
    char *env[] = {RV_OWN_ONE_QUEUE, NULL};
    const char *show[RV_SANDBOX_MAX_SHOW] = {runner[0]};
    rv_own_tracer_env e;
    if (t) {
        snprintf(out, sizeof out, "%s/waves-cost", work);
        rv_own_patched_env(o, out, t, &e);
        for (int k = 0; e.show[k]; k++) show[1 + k] = e.show[k];
    }
    if (rv_turn_relay_start_line(relay, on_word, l, err, errlen)) return 2;
    *r = rv_own_run_ctl(o, work, RV_SANDBOX_RUN, show, argv, t ? e.env : env, log, o->timeout_s, &relay->ctl);
    rv_turn_relay_end(relay);
    *seconds = r->seconds - relay->paused_ms * 1e-3;
    return 0;
}

int rv_own_judge_calls(const rv_own_opts *o, const char *work, rv_data want, char **results, double *seconds, char *err,
                       size_t errlen)
{
    char log[PATH_MAX + 32];
    *results = NULL;
    *seconds = 0;
    snprintf(log, sizeof log, "%s/judged.log", work);
    line_state l = {.want = want};
    rv_turn_relay relay;
    rv_proc_result r;
    if (run_runner(o, work, NULL, log, &l, &r, &relay, seconds, err, errlen)) return 2;
    char tail[4000], src[PATH_MAX + 32];
    snprintf(src, sizeof src, "%s/student.cu", work);
    rv_own_log_tail(log, src, o->file, tail, sizeof tail);
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/judged.txt", work);
    if (l.unreplayable) { /* kept as the results would be, for --replay, the student's line named */
        char said[700], line[800], program[PATH_MAX + 32];
        int fault = !strncmp(l.why, "fault\t", 6); /* a kernel's fault in a judged call */
        snprintf(program, sizeof program, "%s/program", work);
        /* addr2line reads the student's build as its other tools do: in the sandbox when the check has one */
        rv_own_unreplayable_line(l.why, program, o->sandbox ? rv_host_line_sandboxed : NULL, NULL, said, sizeof said);
        int len = snprintf(line, sizeof line, "%s%s\n", fault ? RV_OWN_FAULTED_LINE : RV_OWN_UNREPLAYABLE_LINE, said);
        rv_own_write_file(path, line, (size_t)len);
        free(l.results);
        rv_own_unreplayable_words(said, line, sizeof line);
        return rv_fail(err, errlen, fault ? RV_EXIT_FAULTED : RV_EXIT_UNREPLAYABLE, "%s", line);
    }
    if (r.end == RV_PROC_EXITED && r.status == 0 && l.results) {
        rv_own_write_file(path, l.results, l.len); /* a copy for --keep and --replay; the text is what counts */
        *results = l.results;
        return 0;
    }
    free(l.results);
    if (relay.overtime)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME,
                       _("%s: its judged calls kept the GPU to themselves for over %.0f s and were stopped"), o->file,
                       RV_TURN_ALONE_LIMIT_S);
    if (r.end == RV_PROC_TIMED_OUT)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME,
                       _("%s: the kernel did not finish within %.0f s in the judged calls and was stopped. The "
                         "GPU is free again."),
                       o->file, o->timeout_s);
    if (l.garbled)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, "%s", _("the judge's runner sent results that cannot be read"));
    return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("%s: the judged calls failed:\n%s"), o->file,
                   *tail ? tail : _("(the runner said nothing)"));
}

/* Why the runner under the patch gave no results (l, r, relay: how it
 * ended; log: its output).  It replayed the recording before, so what it
 * could not replay now, a fault among them, is a failure here too. */
static int patched_failed(const rv_own_opts *o, const char *work, const char *log, const line_state *l,
                          const rv_proc_result *r, const rv_turn_relay *relay, char *err, size_t errlen)
{
    char tail[4000], src[PATH_MAX + 32];
    snprintf(src, sizeof src, "%s/student.cu", work);
    rv_own_log_tail(log, src, o->file, tail, sizeof tail);
    if (l->unreplayable)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("under the patch the judge's runner stopped at %s"), l->why);
    if (relay->overtime)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME,
                       _("its calls under the patch kept the GPU to themselves for over %.0f s and were stopped"),
                       RV_TURN_ALONE_LIMIT_S);
    if (r->end == RV_PROC_TIMED_OUT)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME,
                       _("its calls under the patch did not finish within %.0f s and were stopped"), o->timeout_s);
    if (l->garbled)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, "%s", _("the judge's runner sent results that cannot be read"));
    return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("its calls under the patch failed:\n%s"),
                   *tail ? tail : _("(the runner said nothing)"));
}

int rv_own_judge_calls_patched(const rv_own_opts *o, const char *work, rv_data want, const rv_own_tools *t,
                               char **results, char *err, size_t errlen)
{
    char dir[PATH_MAX + 16], log[PATH_MAX + 32];
    double seconds;
    *results = NULL;
    snprintf(dir, sizeof dir, "%s/waves-cost", work);
    /* made anew: nothing an earlier run (or the program) left is read */
    if (rv_remove_tree(dir) || mkdir(dir, 0700) != 0)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("cannot make %s: %s"), dir, strerror(errno));
    snprintf(log, sizeof log, "%s/judged.log", dir);
    line_state l = {.want = want};
    rv_turn_relay relay;
    rv_proc_result r;
    if (run_runner(o, work, t, log, &l, &r, &relay, &seconds, err, errlen)) return 2;
    if (l.unreplayable || r.end != RV_PROC_EXITED || r.status != 0 || !l.results) {
        free(l.results);
        return patched_failed(o, work, log, &l, &r, &relay, err, errlen);
    }
    char *tool_err = rv_own_tool_error(dir);
    if (tool_err) {
        int rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("the patched timed run of %s failed: %s"), o->file, tool_err);
        free(tool_err);
        free(l.results);
        return rc;
    }
    *results = l.results;
    return 0;
}
