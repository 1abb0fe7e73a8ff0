/* program_run.c — a compiled program run in its work folder (program_run.h):
 * what running needs, its input, one run traced or timed, what a failed run
 * said.
 *
 * Every program runs from an argv, never through a shell, and under a time
 * limit after which it is killed with all it started: a kernel that hangs
 * takes its process, and the GPU, with it.  A run without the tracer (the
 * timed one) needs neither the tracer nor the Compute Sanitizer library. */
#define _XOPEN_SOURCE 700
#include "own/run/program_run.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/datadir.h"
#include "core/sumcheck.h"
#include "own/records/queue_shape.h"
#include "gpu/gpu.h"
#include "core/i18n.h"
#include "own/turns/gpu_turn.h"
#include "own/records/raw_file.h"
#include "own/records/timed.h"

/* The tracer's library and patches. */
static int find_tracer(rv_own_tools *t)
{
    static const char *const names[] = {"librvtracer.so", "rvtracer_patches.fatbin", "rvtracer_waves.fatbin"};
    char paths[3][PATH_MAX + 32];
    if (rv_own_find_beside(3, names, paths)) return -1;
    snprintf(t->lib, sizeof t->lib, "%s", paths[0]);
    snprintf(t->patches, sizeof t->patches, "%s", paths[1]);
    snprintf(t->waves, sizeof t->waves, "%s", paths[2]);
    return 0;
}

/* libsanitizer-public.so, which the tracer opens: RV_SANITIZER_LIB (the file
 * or its folder), the wheel the build used (from the build tree only), the
 * CUDA toolkit's compute-sanitizer folder ($CUDA_HOME, /usr/local/cuda,
 * Debian's nvidia-cuda-toolkit), or beside `compute-sanitizer` on PATH. */
static int find_sanitizer(char *lib, size_t len)
{
    char dirs[8][PATH_MAX] = {{0}}, cs[PATH_MAX], real[PATH_MAX];
    int n = 0;
    const char *env = getenv("RV_SANITIZER_LIB"), *home = getenv("CUDA_HOME");
    if (env && *env) {
        struct stat st;
        if (stat(env, &st) == 0 && S_ISREG(st.st_mode)) {
            snprintf(lib, len, "%s", env);
            return 0;
        }
        snprintf(dirs[n++], PATH_MAX, "%.4000s", env);
    }
    if (rv_in_build_tree()) {
        snprintf(dirs[n], PATH_MAX, "%.4000s", RV_SANITIZER_BUILD_LIB);
        char *slash = strrchr(dirs[n], '/');
        if (slash) *slash = 0, n++;
    }
    if (home && *home) snprintf(dirs[n++], PATH_MAX, "%.4000s/compute-sanitizer", home);
    snprintf(dirs[n++], PATH_MAX, "/usr/local/cuda/compute-sanitizer");
    snprintf(dirs[n++], PATH_MAX, "/usr/lib/nvidia-cuda-toolkit/compute-sanitizer");
    if (rv_find_program("compute-sanitizer", cs, sizeof cs) && realpath(cs, real)) {
        char *slash = strrchr(real, '/');
        if (slash) *slash = 0;
        snprintf(dirs[n++], PATH_MAX, "%.4000s", real);
    }
    for (int i = 0; i < n; i++) {
        snprintf(lib, len, "%.4000s/libsanitizer-public.so", dirs[i]);
        if (access(lib, R_OK) == 0) return 0;
    }
    return -1;
}

int rv_own_need_gpu(const rv_own_opts *o, char *err, size_t errlen)
{
    char gpu_err[600];
    /* RV_TRACE_WITHOUT_GPU=1 with --sandbox: the sandbox's tests, where no GPU
       is, compile and run the program all the same; its host code runs (static
       initializers first), then it stops at its first CUDA call */
    const char *no_gpu = getenv("RV_TRACE_WITHOUT_GPU");
    int go_on = o->sandbox && no_gpu && !strcmp(no_gpu, "1");
    if (!go_on && !rv_gpu_available(gpu_err, sizeof gpu_err))
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("no GPU to trace on: %s"), gpu_err);
    return 0;
}

int rv_own_find_tracer(rv_own_tools *t, char *err, size_t errlen)
{
    if (find_tracer(t))
        return rv_fail(
            err, errlen, RV_EXIT_RUNTIME, "%s",
            _("the tracer (librvtracer.so, rvtracer_patches.fatbin and rvtracer_waves.fatbin) was not built: "
              "build reducevis with nvcc and the Compute Sanitizer headers (the CUDA "
              "toolkit's compute-sanitizer, or `pip install nvidia-cuda-sanitizer-api`)"));
    if (find_sanitizer(t->sanitizer, sizeof t->sanitizer))
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, "%s",
                       _("the Compute Sanitizer library (libsanitizer-public.so) was not found: install "
                         "the CUDA toolkit's compute-sanitizer (NVIDIA's cuda-sanitizer-api package) or "
                         "`pip install nvidia-cuda-sanitizer-api`, and name it with RV_SANITIZER_LIB"));
    return 0;
}

/* The sum of o's data, N floats, and of their magnitudes: the reference
 * the GPU's sum is judged by, of the very numbers the driver makes on the
 * GPU (data.h). */
void rv_own_input_sums(const rv_own_opts *o, double sums[2])
{
    enum { CHUNK = 4096 };
    float buf[CHUNK];
    double cpu = 0, mag = 0;
    for (uint64_t i = 0; i < o->n; i += CHUNK) {
        uint64_t c = o->n - i < CHUNK ? o->n - i : CHUNK;
        rv_data_fill(o->data, buf, i, c);
        for (uint64_t k = 0; k < c; k++) cpu += buf[k], mag += fabs(buf[k]);
    }
    sums[0] = cpu, sums[1] = mag;
}

void rv_own_clear_results(const char *work)
{
    char path[PATH_MAX + 32];
    /* input.bin too: an earlier version's runs read their input from it */
    static const char *const stale[] = {"traced.txt",  "timed.txt",          "raw.rvraw",      "tool-error.txt",
                                        "kernel.sass", "launches.txt",       "counts.txt",     "reads.txt",
                                        "allocs.txt",  "input.bin",          "mark-timed.txt", "queued.txt",
                                        "judged.txt",  "tool-gpu-memory.txt"};
    for (size_t k = 0; k < sizeof stale / sizeof stale[0]; k++) {
        snprintf(path, sizeof path, "%s/%s", work, stale[k]);
        remove(path);
    }
    for (int k = 0; k <= 64; k++) {
        snprintf(path, sizeof path, "%s/raw-%d.rvraw", work, k);
        remove(path);
        snprintf(path, sizeof path, "%s/kernel-m%d.sass", work, k);
        remove(path);
    }
}

rv_data rv_own_timed_data(const rv_own_opts *o)
{
    return rv_data_derive(o->judge ? o->judged : o->data, 1 + o->timed_stream);
}

#define ONE_QUEUE RV_OWN_ONE_QUEUE

/* How the program runs: under the tracer, traced (shared memory, one
 * block), its recording of what launch() queued only, or a waves run; or
 * timed, with no tracer (the student's own timed calls, or the waves run's
 * cost's untraced half) or under the waves run's patch (its patched half). */
enum { RUN_TRACED, RUN_RECORD, RUN_WAVES, RUN_TIMED, RUN_COST_PLAIN, RUN_COST_PATCHED };

/* turn: the driver's fd for its turns on a shared GPU (rv_turn_relay_env),
 * or NULL; out: the tracer's folder */
static void tracer_env_of(const rv_own_opts *o, const char *out, const rv_own_tools *t, rv_own_tracer_env *e,
                          const char *turn, int mode)
{
    int record_only = mode == RUN_RECORD;
    const char *slash = strrchr(t->sanitizer, '/'), *ld = getenv("LD_LIBRARY_PATH");
    snprintf(e->san_dir, sizeof e->san_dir, "%.*s", slash ? (int)(slash - t->sanitizer) : 0, t->sanitizer);
    snprintf(e->inj, sizeof e->inj, "CUDA_INJECTION64_PATH=%s", t->lib);
    snprintf(e->san, sizeof e->san, "RV_TRACER_SANITIZER=%s", t->sanitizer);
    /* the library's own companions lie beside it */
    snprintf(e->ld, sizeof e->ld, "LD_LIBRARY_PATH=%s%s%s", e->san_dir, ld && *ld ? ":" : "", ld && *ld ? ld : "");
    snprintf(e->out, sizeof e->out, "RV_TRACER_OUT=%s", out);
    int waves = mode == RUN_WAVES || mode == RUN_COST_PATCHED;
    snprintf(e->pat, sizeof e->pat, "RV_TRACER_PATCHES=%s", waves ? t->waves : t->patches);
    snprintf(e->blk, sizeof e->blk, "RV_TRACER_BLOCK=%u", o->block);
    snprintf(e->launch, sizeof e->launch, "RV_TRACER_LAUNCH=%u", o->launch);
    /* record_only: what launch() queued, nothing patched (judged_run.h); a
       waves run: block entry and exit patched alone (src/tracer/waves.h),
       every launch of a timed run's ("all") stamped, none read back */
    char *env[] = {e->inj,
                   e->out,
                   e->pat,
                   e->blk,
                   e->launch,
                   e->san,
                   e->ld,
                   "CUDA_MODULE_LOADING=EAGER",
                   ONE_QUEUE,
                   record_only                ? "RV_TRACER_NOPATCH=1"
                   : mode == RUN_WAVES        ? "RV_TRACER_WAVES=1"
                   : mode == RUN_COST_PATCHED ? "RV_TRACER_WAVES=all"
                                              : (char *)turn,
                   mode != RUN_TRACED ? (char *)turn : NULL,
                   NULL};
    memcpy(e->env, env, sizeof env);
    const char *show[] = {t->lib, waves ? t->waves : t->patches, e->san_dir, NULL};
    memcpy(e->show, show, sizeof show);
}

void rv_own_patched_env(const rv_own_opts *o, const char *out, const rv_own_tools *t, rv_own_tracer_env *e)
{
    tracer_env_of(o, out, t, e, NULL, RUN_COST_PATCHED); /* no fd named: the runner names its own line */
}

/* One run: traced (on o's data), recorded (on ones, nothing patched), a
 * waves run (on o's data, into WORK/waves), timed (into WORK), or one half
 * of the waves run's cost, timed (into WORK/waves-cost: plain.txt, and
 * patched.txt under the waves run's patch); each makes its input on the
 * GPU.  t: the tracer's files, for the runs under it. */
static int run_program(const rv_own_opts *o, const char *work, const rv_own_tools *t, int how, double *seconds,
                       char *err, size_t errlen)
{
    int record_only = how == RUN_RECORD, timed = how >= RUN_TIMED;
    if (how == RUN_TIMED || how == RUN_COST_PLAIN) t = NULL; /* no tracer */
    static const char *const modes[] = {"traced", "recorded", "waves", "timed", "cost-plain", "cost-patched"};
    const char *mode = modes[how];
    char prog[PATH_MAX + 16], in[PATH_MAX + 16], result[PATH_MAX + 48], log[PATH_MAX + 16], src[PATH_MAX + 16];
    char nbuf[32], bbuf[16], tol[40], out[PATH_MAX + 16];
    snprintf(prog, sizeof prog, "%s/program", work);
    snprintf(out, sizeof out, how == RUN_WAVES ? "%s/waves" : how > RUN_TIMED ? "%s/waves-cost" : "%s", work);
    snprintf(result, sizeof result, "%s/%s.txt", out,
             how == RUN_COST_PLAIN     ? "plain"
             : how == RUN_COST_PATCHED ? "patched"
             : timed                   ? "timed"
                                       : "traced");
    snprintf(log, sizeof log, "%s/%s.log", work, mode);
    snprintf(src, sizeof src, "%s/student.cu", work);
    snprintf(nbuf, sizeof nbuf, "%llu", (unsigned long long)o->n);
    snprintf(bbuf, sizeof bbuf, "%d", o->block_size);
    /* what the driver makes the input of on the GPU: traced, o's data;
       timed, the stream each call's input comes from (with the bound its
       sums are held to) */
    if (record_only)
        snprintf(in, sizeof in, "ones");
    else
        rv_data_name(timed ? rv_own_timed_data(o) : o->data, in, sizeof in);
    snprintf(tol, sizeof tol, "%.17g", rv_sum_call_tolerance(rv_own_timed_data(o), o->n, (uint64_t)o->block_size));
    /* timed: held where the traced run's recording allows (queue_shape.h), as the judged calls are */
    char *argv[] = {prog,
                    record_only ? "record"
                    : timed     ? "time"
                                : "trace",
                    in,
                    nbuf,
                    bbuf,
                    result,
                    timed ? tol : NULL,
                    !timed                       ? NULL
                    : rv_queue_holdable_in(work) ? "held"
                                                 : "unheld",
                    NULL};
    /* on a shared GPU (gpu_turn.h): traced beside others, timed alone, the
       driver asking for its turns over fd 4 */
    rv_own_tracer_env e;
    rv_turn_relay relay;
    char *timed_env[] = {NULL, NULL, NULL};
    if (rv_turn_relay_start(&relay, err, errlen)) return 2;
    /* traced: a shared turn from its start until its tracer has fd 4, so
       that nothing it runs before then, or while keeping the tracer out,
       runs beside a timed run (the tracer's turns go on from there) */
    if (!timed && rv_turn_relay_hold_start(&relay)) {
        rv_turn_relay_end(&relay);
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("%s: the class's GPU gate did not answer for its traced run"),
                       o->file);
    }
    if (t) tracer_env_of(o, out, t, &e, rv_turn_relay_env(&relay), how);
    /* the cost's untraced half on one hardware queue, as the patched half
       runs under the tracer's environment */
    int nenv = 0;
    if (rv_turn_relay_env(&relay)) timed_env[nenv++] = (char *)rv_turn_relay_env(&relay);
    if (how == RUN_COST_PLAIN) timed_env[nenv++] = ONE_QUEUE;
    rv_proc_result r = rv_own_run_ctl(o, work, RV_SANDBOX_RUN, t ? e.show : NULL, argv, t ? e.env : timed_env, log,
                                      o->timeout_s, &relay.ctl);
    rv_turn_relay_end(&relay);
    *seconds = r.seconds - relay.paused_ms * 1e-3; /* its waits for the GPU are not its time */
    if (r.end == RV_PROC_EXITED && r.status == 0) return 0;
    char tail[4000];
    rv_own_log_tail(log, src, o->file, tail, sizeof tail);
    if (relay.time_up)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME,
                       _("%s: its %s run kept its turn on the class's GPU for over %.0f s while a timed run "
                         "waited for the GPU, and was stopped. A traced run shares the GPU only while its "
                         "GPU work runs (its kernels, copies and memsets, and its start until CUDA loads the "
                         "tracer), a second or two; work that goes on for seconds holds up every check of the "
                         "class%s%s"),
                       o->file, timed ? _("timed") : _("traced"), RV_TURN_SHARED_LIMIT_S, *tail ? "\n" : "", tail);
    if (relay.host_stopped)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME,
                       _("%s: its launch() ran %.0f s on the host alone, with no kernel, copy or memset of its own "
                         "on the GPU, and was stopped. On a class's shared machine a launch() queues the "
                         "reduction's kernels and waits for them, some milliseconds between them; host code "
                         "that forks, spins or sleeps there holds up every check of the class%s%s"),
                       o->file, RV_TURN_HOST_STOP_S, *tail ? "\n" : "", tail);
    if (relay.outside_stopped)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME,
                       _("%s: its program kept the GPU busy outside launch() for %.0f s (copies, memsets or kernels "
                         "queued after launch() returned, from a thread of its own or at exit), and was stopped. "
                         "On a class's shared GPU that work slows every check beside it; a reduction's work is "
                         "queued inside launch()%s%s"),
                       o->file, RV_TURN_OUTSIDE_STOP_S, *tail ? "\n" : "", tail);
    if (timed && relay.overtime)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME,
                       _("%s: its timed calls kept the GPU to themselves for over %.0f s and were stopped: on a "
                         "class's GPU the timed calls take it alone, and the others wait for them%s%s"),
                       o->file, RV_TURN_ALONE_LIMIT_S, *tail ? "\n" : "", tail);
    if (r.end == RV_PROC_TIMED_OUT)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME,
                       _("%s: the kernel did not finish within %.0f s and was stopped (%s run). A __syncthreads() "
                         "that not every thread of the block reaches, or a loop that never ends, makes a block "
                         "wait forever. The GPU is free again.%s%s"),
                       o->file, o->timeout_s, timed ? _("timed") : _("traced"), *tail ? "\n" : "", tail);
    if (r.end == RV_PROC_SIGNALED)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("%s: the program died on signal %d:\n%s"), o->file, r.status,
                       tail);
    return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("%s: the kernel failed:\n%s"), o->file, tail);
}

/* A traced run's log ends in a bad memory access (the CUDA error the
 * driver printed: an illegal or misaligned address, an index out of range),
 * where memcheck can say which line made it.  The program's log is read,
 * not the message made of it, which also names the student's file. */
static int log_says_bad_access(const char *work)
{
    char log[PATH_MAX + 16];
    snprintf(log, sizeof log, "%s/traced.log", work);
    char *text = rv_read_text(log, NULL);
    if (!text) return 0;
    size_t len = strlen(text), most = 3000; /* the end a failure's message shows */
    const char *end = len > most ? text + len - most : text;
    int bad = strstr(end, "illegal") || strstr(end, "misaligned") || strstr(end, "out of range");
    free(text);
    return bad;
}

int rv_own_run_program(const rv_own_opts *o, const char *work, const rv_own_tools *t, double *seconds, char *err,
                       size_t errlen)
{
    int rc = run_program(o, work, t, t ? RUN_TRACED : RUN_TIMED, seconds, err, errlen);
    if (rc && t && log_says_bad_access(work)) rv_own_where_it_failed(o, work, err, errlen);
    return rc;
}

int rv_own_record_program(const rv_own_opts *o, const char *work, const rv_own_tools *t, char *err, size_t errlen)
{
    double seconds;
    return run_program(o, work, t, RUN_RECORD, &seconds, err, errlen);
}

char *rv_own_tool_error(const char *dir)
{
    char path[PATH_MAX + 48];
    snprintf(path, sizeof path, "%s/tool-error.txt", dir);
    return rv_read_text(path, NULL);
}

int rv_own_tool_short_of_gpu_memory(const char *dir)
{
    char path[PATH_MAX + 48];
    struct stat st;
    snprintf(path, sizeof path, "%s/tool-gpu-memory.txt", dir);
    return lstat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int rv_own_waves_program(const rv_own_opts *o, const char *work, const rv_own_tools *t, char *err, size_t errlen)
{
    char dir[PATH_MAX + 16];
    double seconds;
    snprintf(dir, sizeof dir, "%s/waves", work);
    /* made anew: nothing an earlier run (or the program) left is read */
    if (rv_remove_tree(dir) || mkdir(dir, 0700) != 0)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("cannot make %s: %s"), dir, strerror(errno));
    int rc = run_program(o, work, t, RUN_WAVES, &seconds, err, errlen);
    if (rc) return rc;
    char *tool_err = rv_own_tool_error(dir);
    if (tool_err) {
        rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("the waves run of %s failed: %s"), o->file, tool_err);
        free(tool_err);
    }
    return rc;
}

int rv_own_cost_calls(const rv_timed_run *run, const char *what, double *ms, int *calls, char *err, size_t errlen)
{
    if (run->nwrong || run->ntimed < 1 || !(run->median_ms > 0))
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("%s: %d of its %d timed calls summed wrong"), what, run->nwrong,
                       run->ntimed);
    *ms = run->median_ms, *calls = run->ntimed;
    return 0;
}

/* The median of one of the cost's timed runs (WORK/waves-cost/NAME.txt),
 * read and judged as the student's own timed run: 0, or 2 with why. */
static int cost_median(const rv_own_opts *o, const char *work, const char *name, double *ms, int *calls, char *err,
                       size_t errlen)
{
    char path[PATH_MAX + 48], why[400];
    snprintf(path, sizeof path, "%s/waves-cost/%s.txt", work, name);
    rv_timed_run *run = malloc(sizeof *run);
    int rc = !run ? rv_fail(err, errlen, RV_EXIT_RUNTIME, "%s", _("out of memory"))
             : rv_timed_load_file(path, rv_own_timed_data(o), o->n, (uint64_t)o->block_size, run, why, sizeof why)
                 ? rv_fail(err, errlen, RV_EXIT_RUNTIME, "%s: %s", path, why)
                 : rv_own_cost_calls(run, path, ms, calls, err, errlen);
    free(run);
    return rc;
}

int rv_own_waves_cost(const rv_own_opts *o, const char *work, const rv_own_tools *t, double *plain_ms,
                      double *patched_ms, int *calls, char *err, size_t errlen)
{
    char dir[PATH_MAX + 16];
    double seconds;
    int plain_calls = 0;
    snprintf(dir, sizeof dir, "%s/waves-cost", work);
    if (rv_remove_tree(dir) || mkdir(dir, 0700) != 0)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("cannot make %s: %s"), dir, strerror(errno));
    int rc = run_program(o, work, t, RUN_COST_PLAIN, &seconds, err, errlen);
    if (!rc) rc = run_program(o, work, t, RUN_COST_PATCHED, &seconds, err, errlen);
    char *tool_err = rc ? NULL : rv_own_tool_error(dir);
    if (tool_err) {
        rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("the patched timed run of %s failed: %s"), o->file, tool_err);
        free(tool_err);
    }
    if (!rc) rc = cost_median(o, work, "plain", plain_ms, &plain_calls, err, errlen);
    if (!rc) rc = cost_median(o, work, "patched", patched_ms, calls, err, errlen);
    if (!rc && plain_calls != *calls)
        rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("its two timed runs made %d and %d timed calls"), plain_calls,
                     *calls);
    return rc;
}

void rv_own_where_it_failed(const rv_own_opts *o, const char *work, char *err, size_t errlen)
{
    char cs[PATH_MAX], prog[PATH_MAX + 16], in[PATH_MAX + 16], result[PATH_MAX + 16], log[PATH_MAX + 16],
        src[PATH_MAX + 16], nbuf[32], bbuf[16];
    if (!rv_find_program("compute-sanitizer", cs, sizeof cs)) return;
    snprintf(prog, sizeof prog, "%s/program", work);
    rv_data_name(o->data, in, sizeof in);
    snprintf(result, sizeof result, "%s/memcheck.txt", work);
    snprintf(log, sizeof log, "%s/memcheck.log", work);
    snprintf(src, sizeof src, "%s/student.cu", work);
    snprintf(nbuf, sizeof nbuf, "%llu", (unsigned long long)o->n);
    snprintf(bbuf, sizeof bbuf, "%d", o->block_size);
    char *argv[] = {cs,   "--tool", "memcheck", "--show-backtrace", "no", "--print-limit", "4", prog, "trace", in, nbuf,
                    bbuf, result,   NULL};
    char *env[] = {ONE_QUEUE, NULL};
    /* a shared turn for the whole run, asked here (memcheck's run asks none);
       held through a relay, so that the gate's 'T' stops the run as it stops
       a traced run that keeps a turn alone waiting (gpu_turn.h) */
    rv_turn_relay relay;
    char why[200];
    if (rv_turn_relay_start(&relay, why, sizeof why)) return;
    if (rv_turn_relay_hold_shared(&relay) == 0)
        rv_own_run_ctl(o, work, RV_SANDBOX_RUN, NULL, argv, env, log, o->timeout_s + 30, &relay.ctl);
    rv_turn_relay_end(&relay);
    char *text = rv_read_text(log, NULL);
    if (!text) return;
    const char *hit = strstr(text, "Invalid ");
    if (hit) {
        /* the first report only: "Invalid __global__ read ... / at f+0x.. in
         * FILE:LINE / by thread (x) in block (y) / Access to ...", each line
         * behind memcheck's "=========" prefix, a bare prefix after it */
        char line[1200], named[1400], once[1400];
        size_t k = 0;
        for (const char *p = hit; *p && k + 1 < sizeof line; p++) {
            line[k++] = *p;
            if (*p != '\n') continue;
            while (p[1] == '=') p++;
            while (p[1] == ' ') p++;
            if (p[1] == '\n' || !p[1]) break;
        }
        line[k] = 0;
        rv_own_replace_all(line, src, o->file, once, sizeof once);
        rv_own_replace_all(once, "student.cu", o->file, named, sizeof named);
        size_t used = strlen(err);
        snprintf(err + used, errlen - used, _("\ncompute-sanitizer memcheck says:\n%s"), named);
    }
    free(text);
}
