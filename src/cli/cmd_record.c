/* cmd_record.c — `reducevis record`: a whole recording of this machine's GPU
 * in one command (record.h holds the plan, the folder and the manifest).
 *
 * Each job runs as a child process, this very program with the job's
 * arguments (`reducevis capture ...`, `bench`, `verify`), its output going
 * to the job's log: a kernel that crashes, or a child the kernel's
 * out-of-memory killer ends, takes only its own job with it, and Ctrl-C
 * (SIGINT, also sent by `timeout -s INT`) reaches the child, which stops,
 * then this process, which marks the recording partial and leaves. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "gpu/gpu.h"
#include "core/i18n.h"
#include "core/opts.h"
#include "gpu/record.h"
#include "core/versions.h"
#include "own/base/proc.h"
#include "own/run/program_run.h"

static volatile sig_atomic_t interrupted;

static void on_signal(int sig) { interrupted = sig; }

enum { OPT_OUT = 1, OPT_QUICK, OPT_FORCE };

static const rv_opt record_opts[] = {
    {OPT_OUT, "out", 0, "DIR",
     N_("where to write (default $XDG_DATA_HOME/reducevis/DEVICE, else\n"
        "~/.local/share/reducevis/DEVICE, DEVICE named after the GPU)"),
     "@dir"},
    {OPT_QUICK, "quick", 0, NULL, N_("no sweep: a few seconds instead of a minute or more"), NULL},
    {OPT_FORCE, "force", 0, NULL, N_("replace a recording already in that folder"), NULL},
    {0},
};

static void record_notes(FILE *f)
{
    fprintf(f, "%s",
            _("The folder is laid out like the bundled assets/ (traces/, results/, logs/);\n"
              "recording.json says whether it is complete or partial and what is missing.\n"
              "Each file is written under a temporary name (.part) and renamed only when\n"
              "complete, so an interrupted recording (Ctrl-C) keeps what finished.\n"
              "Exit status: 0 complete, 1 usage error, 2 no GPU, a folder that already\n"
              "holds a recording, or a partial recording.\n"));
}

static const rv_command_opts record_cmd = {
    .cmd = "record",
    .about = N_("Records this machine's GPU in one command, for the viewer and the charts:\n"
                "every version's trace at the default configuration with two data patterns\n"
                "(ones, random:1), the bench at N = 2^25, the sweep N = 2^20 .. 2^30, and\n"
                "`verify` (predictions against Nsight Compute) when ncu is on the PATH."),
    .tables = {record_opts},
    .notes = record_notes,
};

/* Is `name` an executable file in a folder of $PATH? */
static int on_path(const char *name)
{
    const char *path = getenv("PATH");
    char buf[4096];
    while (path && *path) {
        const char *end = strchr(path, ':');
        size_t len = end ? (size_t)(end - path) : strlen(path);
        if (len > 0 && len + strlen(name) + 2 < sizeof buf) {
            snprintf(buf, sizeof buf, "%.*s/%s", (int)len, path, name);
            if (access(buf, X_OK) == 0) return 1;
        }
        path = end ? end + 1 : NULL;
    }
    return 0;
}

/* ==== the runner: this program again, as a child ========================= */

typedef struct child_runner {
    char self[4096];
} child_runner;

static int run_child(void *ctx, const rv_record_job *job, const char *tmp_path, const char *log_path, char *err,
                     size_t errlen)
{
    const child_runner *cr = ctx;
    char *argv[RV_RECORD_MAX_ARGS + 4];
    int argc = 0;
    argv[argc++] = (char *)cr->self;
    for (int i = 0; i < job->nargs; i++) argv[argc++] = (char *)job->args[i];
    argv[argc++] = "-o";
    argv[argc++] = (char *)tmp_path;
    argv[argc] = NULL;
    int log = open(log_path, O_WRONLY | O_CREAT | O_APPEND, 0666);
    if (log < 0) {
        snprintf(err, errlen, _("cannot write the log %s: %s"), log_path, strerror(errno));
        return -1;
    }
    dprintf(log, "\n$ reducevis");
    for (int i = 1; i < argc; i++) dprintf(log, " %s", argv[i]);
    dprintf(log, "\n");
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, _("cannot start a process: %s"), strerror(errno));
        close(log);
        return -1;
    }
    if (pid == 0) {
        dup2(log, STDOUT_FILENO);
        dup2(log, STDERR_FILENO);
        close(log);
        execv(cr->self, argv);
        fprintf(stderr, _("cannot run %s: %s\n"), cr->self, strerror(errno));
        _exit(127);
    }
    close(log);
    int status = 0, forwarded = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            snprintf(err, errlen, _("lost the process of %s: %s"), job->what, strerror(errno));
            return -1;
        }
        /* a signal sent to this process alone (timeout, kill): pass it on */
        if (interrupted && !forwarded) kill(pid, SIGINT), forwarded = 1;
    }
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        if (sig == SIGINT || sig == SIGTERM || interrupted) return RV_RECORD_INTERRUPTED;
        snprintf(err, errlen, _("%s was killed by signal %d%s; see %s"), job->what, sig,
                 sig == SIGKILL ? _(" (out of memory?)") : "", job->log);
        return -1;
    }
    if (interrupted) return RV_RECORD_INTERRUPTED;
    if (WEXITSTATUS(status) != 0) {
        snprintf(err, errlen, _("%s failed (exit status %d); see %s"), job->what, WEXITSTATUS(status), job->log);
        return -1;
    }
    return 0;
}

/* ==== can this build run on this GPU? ===================================== */

/* Runs the first version of the table over 4096 ones in a child (`reducevis
 * profile-one`), so that this process holds no GPU memory while the jobs run.
 * A GPU whose compute capability the build has no code for fails here, once,
 * with the CMake option to name, instead of in every job.  0, or -1 with why. */
static int probe_gpu(const char *self, char *err, size_t errlen)
{
    char *argv[] = {(char *)self, "profile-one", "--version", (char *)rv_version(0)->name, "--n", "4096",
                    "--data",     "ones",        NULL};
    rv_proc_result res;
    char *text = rv_proc_output(argv, 300.0, &res);
    if (!text) {
        snprintf(err, errlen, _("cannot start %s: %s"), self, strerror(res.status));
        return -1;
    }
    char want[64], out[2048];
    snprintf(want, sizeof want, "%s: sum 4096\n", rv_version(0)->name);
    int ok = res.end == RV_PROC_EXITED && res.status == 0 && strstr(text, want);
    snprintf(out, sizeof out, "%.*s", (int)strcspn(text, "\n"), text);
    free(text);
    if (ok) return 0;
    if (strstr(out, "NoKernelImage") || strstr(out, "no kernel image") || strstr(out, "InvalidPtx"))
        snprintf(err, errlen,
                 _("this build has no code for this GPU's compute capability (%s); rebuild with "
                   "-DCMAKE_CUDA_ARCHITECTURES=native, or the GPU's number such as 90 for 9.0"),
                 out);
    else
        snprintf(err, errlen, _("a first run on the GPU (the sum of 4096 ones) did not give 4096: %s"), out);
    return -1;
}

/* A kernel without trace macros is captured through the Compute Sanitizer
 * tracer, which needs nvcc, nvdisasm and the sanitizer library beside the
 * GPU: one small capture of the first such version, in a child, says at once
 * what is missing instead of in every job.  0 (also when every version has
 * its macros), or -1 with why. */
static int probe_tracer(const char *self, char *err, size_t errlen)
{
    const rv_version_info *vi = NULL;
    for (int k = 0; rv_version_at(k) && !vi; k++)
        if (!rv_gpu_instrumented(rv_version_at(k)->id)) vi = rv_version_at(k);
    if (!vi) return 0;
    char tmp[] = "/tmp/reducevis-probe-XXXXXX";
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errlen, _("cannot make a temporary file: %s"), strerror(errno));
        return -1;
    }
    close(fd);
    char *argv[] = {(char *)self, "capture", "--version", (char *)vi->name, "--n", "4096", "--data", "ones",
                    "-o",         tmp,       NULL};
    rv_proc_result res;
    char *out = rv_proc_output(argv, 300.0, &res);
    remove(tmp);
    if (out && res.end == RV_PROC_EXITED && res.status == 0) {
        free(out);
        return 0;
    }
    const char *line = out ? strstr(out, "reducevis capture: ") : NULL;
    line = line ? line + strlen("reducevis capture: ") : out ? out : strerror(res.status);
    char first[1024];
    snprintf(first, sizeof first, "%.*s", (int)strcspn(line, "\n"), line);
    snprintf(err, errlen,
             _("%s's kernel has no trace macros and is captured through the Compute Sanitizer "
               "tracer (docs/kernels.md), and a first capture failed: %s"),
             vi->name, first);
    free(out);
    return -1;
}

/* ==== progress ============================================================ */

static void fmt_time(double s, char *buf, size_t len)
{
    if (s < 60)
        snprintf(buf, len, "%.0fs", s);
    else
        snprintf(buf, len, "%dm%02ds", (int)(s / 60), (int)s % 60);
}

/* A bar on a terminal, redrawn in place; a line per job otherwise (logs). */
static void show_progress(void *ctx, const rv_recording *rec, int job, double spent, double left)
{
    int tty = *(const int *)ctx;
    static const char bar[] = "##############################";
    const int width = (int)sizeof bar - 1;
    int filled = rec->njobs ? job * width / rec->njobs : width;
    char spent_s[16], left_s[16];
    fmt_time(spent, spent_s, sizeof spent_s);
    fmt_time(left, left_s, sizeof left_s);
    if (job >= rec->njobs) {
        if (tty) fprintf(stderr, "\r%*s\r", 100, "");
        return;
    }
    if (tty) {
        fputc('\r', stderr); /* outside the message: a translation keeps the line's return */
        fprintf(stderr, _("  record [%.*s%*s] %2d/%d  %-34.34s  %s, about %s left "), filled, bar, width - filled, "",
                job + 1, rec->njobs, rec->jobs[job].what, spent_s, left_s);
    } else
        fprintf(stderr, _("  [%d/%d] %s (%s so far, about %s left)\n"), job + 1, rec->njobs, rec->jobs[job].what,
                spent_s, left_s);
    fflush(stderr);
}

/* ==== the command ========================================================= */

static void print_summary(const rv_recording *rec, int rc, int in_data_home)
{
    printf(_("\nrecording of %s in %s: %s\n"), rec->device, rec->dir,
           rc == 0 ? _("complete") : _("PARTIAL (recording.json lists what is missing)"));
    for (int i = 0; i < rec->njobs; i++) {
        const rv_record_job *j = &rec->jobs[i];
        if (j->state == RV_JOB_DONE)
            printf("  %-8s %-36s %s (%.1f s)\n", _("done"), j->what, j->path, j->seconds);
        else
            printf("  %-8s %-36s %s\n", _(rv_record_state_name(j->state)), j->what, j->why);
    }
    if (rc != 0 || rec->njobs == 0) return;
    if (in_data_home)
        printf(_("\nopen it with: reducevis --device %s   (D in the viewer cycles the recorded GPUs)\n"), rec->slug);
    else /* outside the data folder the viewer does not look: name the files */
        printf(_("\nopen it with: reducevis %s/%s --results %s/results/%s.json\n"), rec->dir, rec->jobs[0].path,
               rec->dir, rec->slug);
}

int cmd_record(int argc, char **argv)
{
    const char *out = NULL;
    int quick = 0, force = 0;
    rv_opts p;
    rv_opts_begin(&p, &record_cmd, argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        if (rv_opts_ends(id)) return rv_opts_exit(id);
        switch (id) {
        case RV_OPT_WORD: return rv_usage_error("record", _("unexpected argument '%s'"), p.value);
        case OPT_OUT:
            if (!*p.value) return rv_usage_error("record", _("--out needs a folder"));
            out = p.value;
            break;
        case OPT_QUICK: quick = 1; break;
        case OPT_FORCE: force = 1; break;
        }
    }
    char err[1600], device[256], slug[128], dir[1024];
    if (!rv_gpu_available(err, sizeof err)) {
        fprintf(stderr, _("reducevis record: needs a CUDA GPU to record, and there is none: %s\n"), err);
        return RV_EXIT_RUNTIME;
    }
    child_runner cr;
    ssize_t got = readlink("/proc/self/exe", cr.self, sizeof cr.self - 1);
    if (got <= 0) {
        fprintf(stderr, _("reducevis record: cannot find this program's own file (/proc/self/exe)\n"));
        return RV_EXIT_RUNTIME;
    }
    cr.self[got] = '\0';
    if (probe_gpu(cr.self, err, sizeof err) || probe_tracer(cr.self, err, sizeof err)) {
        rv_cmd_error("record", err);
        return RV_EXIT_RUNTIME;
    }
    rv_gpu_device_name(device, sizeof device);
    rv_record_slug(device, slug, sizeof slug);
    if (out)
        snprintf(dir, sizeof dir, "%s", out);
    else if (rv_record_default_dir(slug, dir, sizeof dir, err, sizeof err)) {
        rv_cmd_error("record", err);
        return RV_EXIT_RUNTIME;
    }
    static rv_recording rec; /* large: not on the stack */
    rv_record_plan(&rec, device, dir, quick, on_path("ncu"));
    rv_own_tools tools;
    char no_tracer[600];
    rv_record_plan_waves(&rec, rv_own_find_tracer(&tools, no_tracer, sizeof no_tracer) == 0, no_tracer);
    if (rv_record_prepare(&rec, force, err, sizeof err)) {
        rv_cmd_error("record", err);
        return RV_EXIT_RUNTIME;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal; /* no SA_RESTART: waitpid returns, and the child is told */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    printf(_("recording %s into %s (%d jobs%s)\n"), device, dir, rec.njobs, quick ? _(", quick: no sweep") : "");
    fflush(stdout);
    int tty = isatty(STDERR_FILENO);
    int rc = rv_record_run(&rec, run_child, &cr, show_progress, &tty, &interrupted, err, sizeof err);
    if (rc < 0) {
        rv_cmd_error("record", err);
        return RV_EXIT_RUNTIME;
    }
    print_summary(&rec, rc, out == NULL);
    if (interrupted) fprintf(stderr, _("reducevis record: interrupted; what finished is kept, marked partial\n"));
    return rc == 0 ? RV_EXIT_OK : RV_EXIT_RUNTIME;
}
