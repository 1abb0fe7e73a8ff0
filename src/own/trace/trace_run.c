/* trace_run.c — `reducevis trace`: compile, run under the tracer, disassemble,
 * time, build the trace.
 *
 * Everything happens in a fresh temporary folder.  The student's file is
 * copied there as student.cu (nvcc and the tools it runs never see its name,
 * whatever characters it holds; messages are given back under its real
 * name), beside the driver (src/tracer/driver.cu, embedded) that calls its
 * launch(); compile.c compiles them (the driver's object taken from the
 * build cache).  Each program it runs (nvcc, the student's, nvdisasm) runs
 * as program_run.c runs it: from an argv, under a time limit, in the
 * sandbox when asked.  What the runs leave in the folder is made into the
 * trace by run_folder.c. */
#define _XOPEN_SOURCE 700
#include "own/trace/trace_run.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "own/nvcc/cache_dir.h"
#include "own/nvcc/compile.h"
#include "own/nvcc/disasm.h"
#include "gpu/gpu.h"
#include "core/i18n.h"
#include "own/run/judged_run.h"
#include "own/run/program_run.h"
#include "own/sandbox/sandbox_folder.h"
#include "own/records/gpu_launches.h"
#include "own/trace/run_folder.h"
#include "own/trace/waves_cost.h"
#include "own/records/raw_file.h"
#include "own/records/waves_raw.h"
#include "core/clock.h"
#include "core/waves.h"

extern const char rv_tracer_driver_source[]; /* src/tracer/driver.cu, embedded */

/* The work folder: kept where asked, else a temporary one removed at the end. */
static int make_work(const rv_own_opts *o, char *work, size_t len)
{
    if (o->keep) {
        if (mkdir(o->keep, 0755) != 0 && errno != EEXIST) return -1;
        snprintf(work, len, "%s", o->keep);
        /* the sandbox binds it at its own path: an absolute one */
        if (o->sandbox && !realpath(o->keep, work)) return -1;
        return 0;
    }
    return rv_own_temp_dir("trace", work, len);
}

/* The base name of a path, for the trace (it keeps no folder of the student's). */
static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* What a trace does on a thread of its own while its file compiles: the
 * GPU looked for (the driver's start-up, a tenth of a second and more),
 * its name asked, the traced run's input summed, and the timed call to sum
 * again drawn and summed (each a tenth of a second of CPU at N = 2^25).
 * No GPU stops the compile at once.  A kept build's run (a class's check)
 * does the same while its traced run runs, which makes its input on the
 * GPU: the thread is joined when the run ends, and its word on no GPU is
 * said before the run's own. */
typedef struct early {
    const rv_own_opts *o;
    int stop, rc, started;
    pthread_t thread;
    char err[1024], device[RV_ORIGIN_LEN];
    double sums[2];     /* the input's sum, and of its magnitudes */
    rv_timed_spot spot; /* timed.h                                */
} early;

static int early_failed(early *e);
static int early_join(early *e, int rc, char *err, size_t errlen);

/* ---- the two stages ------------------------------------------------------
 *
 * The build stage copies the source into a folder and compiles it there (in
 * the sandbox when asked): CPU only, so a class compiles many at once.  The
 * run stage takes what a build left and does everything that needs the GPU:
 * the traced run, the listing of the machine code, the timed run, the trace.
 * The listing stays in the run stage: nvdisasm reads the module the traced
 * run dumped (module%u.cubin, the code the driver loaded, numbered as the
 * tracer saw it), which exists only after that run.
 *
 * Between the stages the folder is untrusted: the student's compile wrote in
 * it.  The run stage takes from it only the program, which runs only as the
 * options say (in the sandbox, for a class), and the stamp build.txt, read
 * as a few bytes of data; the source, the driver and everything else it
 * writes there are made anew (rv_own_create_new), and the source that messages and
 * the trace show is FILE's own, read again. */

#define STAMP_FORMAT "reducevis build 1\nsource %016llx\n"

static int sandbox_refused(const rv_own_opts *o, char *err, size_t errlen)
{
    char why[600];
    if (!o->sandbox || rv_sandbox_possible(why, sizeof why)) return 0;
    /* never unsandboxed instead */
    return rv_fail(err, errlen, RV_EXIT_RUNTIME,
                   _("--sandbox: no sandbox can be made here, so %s was neither compiled nor run: %s"), o->file, why);
}

/* The source: o->text, or FILE read; NUL-free and at most RV_OWN_MAX_SOURCE.
 * NULL with *rc and the message set. */
static char *read_source(const rv_own_opts *o, size_t *srclen, int *rc, char *err, size_t errlen)
{
    *srclen = o->text ? strlen(o->text) : 0;
    char *source = o->text ? malloc(*srclen + 1) : rv_read_text(o->file, srclen);
    if (o->text && source) memcpy(source, o->text, *srclen + 1);
    if (!source) {
        *rc = rv_fail(err, errlen, RV_EXIT_USAGE, _("cannot read %s: %s"), o->file, strerror(errno));
        return NULL;
    }
    if (*srclen > RV_OWN_MAX_SOURCE || strlen(source) != *srclen) {
        free(source);
        *rc = rv_fail(err, errlen, RV_EXIT_USAGE,
                      _("%s is not a CUDA source file (larger than %d KiB, or it holds NUL bytes)"), o->file,
                      RV_OWN_MAX_SOURCE / 1024);
        return NULL;
    }
    return source;
}

static int write_named(const char *work, const char *name, const char *text, size_t len, char *err, size_t errlen)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", work, name);
    return rv_own_write_file(path, text, len) ? rv_fail(err, errlen, RV_EXIT_RUNTIME, _("cannot write %s"), path) : 0;
}

static int build_stage(const rv_own_opts *o, const char *work, const char *source, size_t srclen, char *err,
                       size_t errlen)
{
    char path[PATH_MAX + 32], stamp[96];
    /* an earlier build's (a folder compiled again): a failed compile leaves none */
    static const char *const old[] = {"build.txt", "program"};
    for (size_t k = 0; k < sizeof old / sizeof old[0]; k++) {
        snprintf(path, sizeof path, "%s/%s", work, old[k]);
        remove(path);
    }
    int rc;
    if ((rc = write_named(work, "student.cu", source, srclen, err, errlen)) ||
        (rc = write_named(work, "driver.cu", rv_tracer_driver_source, strlen(rv_tracer_driver_source), err, errlen)) ||
        (rc = rv_own_nvcc(o, work, err, errlen)))
        return rc;
    snprintf(stamp, sizeof stamp, STAMP_FORMAT, (unsigned long long)rv_hash(0, source, srclen));
    return write_named(work, "build.txt", stamp, strlen(stamp), err, errlen);
}

/* Does the folder hold a build of this source?  Its stamp is read as data
 * (a regular file, a few bytes, no link followed), the program is a plain
 * file. */
static int check_stamp(const char *work, const char *file, const char *source, size_t srclen, char *err, size_t errlen)
{
    char path[PATH_MAX + 32], text[128] = "", want[96];
    struct stat st;
    snprintf(path, sizeof path, "%s/build.txt", work);
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    ssize_t got = fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? read(fd, text, sizeof text - 1) : -1;
    if (fd >= 0) close(fd);
    if (got <= 0)
        return rv_fail(err, errlen, RV_EXIT_USAGE,
                       _("%s holds no build (no build.txt): compile into it with --build-only first"), work);
    text[got] = 0;
    snprintf(want, sizeof want, STAMP_FORMAT, (unsigned long long)rv_hash(0, source, srclen));
    if (strcmp(text, want) != 0)
        return rv_fail(err, errlen, RV_EXIT_USAGE,
                       _("%s holds the build of another source than %s: compile it again with "
                         "--build-only"),
                       work, file);
    snprintf(path, sizeof path, "%s/program", work);
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return rv_fail(err, errlen, RV_EXIT_USAGE, _("%s holds no program: compile into it with --build-only first"),
                       work);
    return 0;
}

/* The run stage's own files, made anew; a kept folder's earlier results
 * gone.  run.txt is written once the early work has said the GPU's name
 * (after the traced run). */
static int prepare_run(const rv_own_opts *o, const char *work, const char *source, size_t srclen, rv_run_info *ri,
                       char *err, size_t errlen)
{
    int rc;
    *ri = (rv_run_info){.n = o->n, .data = o->data, .block_size = o->block_size};
    snprintf(ri->file, sizeof ri->file, "%s", base_name(o->file));
    time_t now = time(NULL);
    strftime(ri->date, sizeof ri->date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    rv_own_clear_results(work);
    if ((rc = write_named(work, "student.cu", source, srclen, err, errlen)) ||
        (rc = write_named(work, "driver.cu", rv_tracer_driver_source, strlen(rv_tracer_driver_source), err, errlen)))
        return rc;
    return 0;
}

/* The traced run and what its tool said; the listing of each module it
 * traced started (d: finish it). */
static int traced_run(const rv_own_opts *o, const char *work, const rv_own_tools *t, rv_own_result *res, rv_disasm *d,
                      char *err, size_t errlen)
{
    int rc = rv_own_run_program(o, work, t, &res->traced_run_s, err, errlen);
    if (rc) return rc; /* memcheck's word on a bad access added (program_run.h) */
    char *tool_err = rv_own_tool_error(work);
    if (tool_err) {
        /* a class sends such a check back to its queue once (sandbox_folder.h) */
        if (rv_own_tool_short_of_gpu_memory(work))
            rv_sandbox_tell_refused(-1, _("the GPU's memory was held by other programs: the tracer's buffers did "
                                          "not fit"));
        rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("the tracer could not record %s: %s"), o->file, tool_err);
        free(tool_err);
        return rc;
    }
    char files[RV_OWN_MAX_LAUNCHES][PATH_MAX + 32], inner[600];
    uint32_t launches, modules[RV_OWN_MAX_LAUNCHES];
    int nfiles = rv_run_raw_files(work, files, RV_OWN_MAX_LAUNCHES, &launches);
    if (nfiles == 0)
        return launches
                   ? rv_fail(err, errlen, RV_EXIT_RUNTIME,
                             _("%s: none of its %u launches was traced (block %u is outside "
                               "their grids, or --launch names none of them)"),
                             o->file, launches, o->block)
                   : rv_fail(err, errlen, RV_EXIT_NO_GPU_WORK,
                             _("%s: launch() started no kernel on the GPU: the sum must come from the GPU"), o->file);
    for (int f = 0; f < nfiles; f++) {
        rv_raw raw = {0};
        if (rv_raw_load(files[f], &raw, inner, sizeof inner)) return rv_run_raw_failed(files[f], inner, err, errlen);
        modules[f] = raw.h.module;
        rv_raw_free(&raw);
    }
    return rv_disasm_start(d, o, work, modules, nfiles, err, errlen);
}

/* The waves run, after the traced and timed runs (a run of its own, so
 * that each block's time is the kernel's), its launches kept in the trace,
 * then what its patch costs the whole reduction (waves_cost.h: in a check,
 * the judge's runner again under the patch, set against the judged calls)
 * kept with every launch it recorded: a picture then says how far its bars
 * are the kernel's own.  A cost that cannot be measured leaves the waves
 * as they are, and says why.  spot: the judged calls' spot call. */
static int waves_stage(const rv_own_opts *o, const char *work, const rv_own_tools *t, const rv_timed_spot *spot,
                       rv_own_result *res, char *err, size_t errlen)
{
    char inner[600];
    int rc = rv_own_waves_program(o, work, t, err, errlen);
    if (rc) return rc;
    if (rv_waves_attach(work, res->tr, 1, inner, sizeof inner))
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("the waves run of %s: %s"), o->file, inner);
    rv_own_waves_cost_keep(o, work, t, spot, res);
    return 0;
}

static void *run_beside(void *arg)
{
    const rv_own_opts *o = arg;
    o->beside(o->beside_arg);
    return NULL;
}

/* The judged calls, made by the judge's runner from what the traced run
 * recorded (judged_run.h): their results' text in *text, or why they could
 * not be replayed in why (a verdict: the calls rule fails with it).  0, or
 * 2 with the message. */
static int judge_stage(const rv_own_opts *o, const char *work, rv_run_info *ri, char **text, char *why, size_t whylen,
                       int *faulted, rv_own_result *res, char *err, size_t errlen)
{
    *why = 0;
    int rc = rv_own_judge_calls(o, work, rv_own_timed_data(o), text, &res->plain_run_s, err, errlen);
    *faulted = rc == RV_EXIT_FAULTED; /* a kernel's fault in a judged call: a verdict, as what is not replayed */
    if (rc == RV_EXIT_UNREPLAYABLE || rc == RV_EXIT_FAULTED) snprintf(why, whylen, "%s", err), rc = 0;
    /* the judged data said only now that its calls are over */
    ri->judged = o->judged, ri->judged_set = 1;
    if (!rc && rv_run_info_write(work, ri))
        rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("cannot write %s/run.txt"), work);
    return rc;
}

/* The judged calls' facts in res, from the results as the runner gave them
 * (never as read back from the work folder, where a process the student's
 * program left behind could have rewritten them). */
static void judged_facts(const rv_own_opts *o, const char *text, const char *why, int faulted, const early *e,
                         rv_own_result *res)
{
    if (*why) {
        res->timed_state = faulted ? RV_OWN_CALL_FAULTED : RV_OWN_NOT_REPLAYED;
        snprintf(res->timed_why, sizeof res->timed_why, "%s", why);
    } else {
        int rc = rv_timed_parse_spot(text, rv_own_timed_data(o), o->n, (uint64_t)o->block_size, e ? &e->spot : NULL,
                                     &res->timed, res->timed_why, sizeof res->timed_why);
        res->timed_state = rc == 0 ? 1 : -1;
    }
    for (rv_trace *t = res->tr; t; t = t->next) t->own_ms = res->timed_state == 1 ? res->timed.median_ms : 0;
}

/* The traced run, then the timed run (the judge's runner's, with
 * o->judge) while nvdisasm lists the modules (disasm.c), then the trace
 * made of what they left, while the caller's work beside it runs
 * (rv_own_opts.beside).  e: the early work (the GPU's name, the input's
 * sums), joined here once the traced run has ended. */
static int run_stage(const rv_own_opts *o, const char *work, const rv_own_tools *t, const char *source, size_t srclen,
                     early *e, rv_own_result *res, char *err, size_t errlen)
{
    double t0 = rv_mono_s();
    rv_run_info ri;
    int rc = prepare_run(o, work, source, srclen, &ri, err, errlen), prepared = !rc;
    rv_disasm d = {0};
    int traced = prepared && !early_failed(e) && !(rc = traced_run(o, work, t, res, &d, err, errlen));
    rc = early_join(e, rc, err, errlen);
    /* run.txt also for a run that failed, as a kept folder shows it */
    snprintf(ri.device, sizeof ri.device, "%s", e->device);
    ri.gpu_launches = traced ? rv_run_launches_from_gpu(work) : 0;
    if (prepared && rv_run_info_write(work, &ri) && !rc)
        rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("cannot write %s/run.txt"), work);
    if (rc) {
        char ignored[1024];
        if (traced) rv_disasm_finish(&d, 0, ignored, sizeof ignored);
        return rc;
    }
    char *judged = NULL, unreplayable[600] = "";
    int faulted = 0;
    if (o->time_it && o->judge)
        rc = judge_stage(o, work, &ri, &judged, unreplayable, sizeof unreplayable, &faulted, res, err, errlen);
    else if (o->time_it)
        rc = rv_own_run_program(o, work, NULL, &res->plain_run_s, err, errlen);
    if (rc) {
        char ignored[1024];
        rv_disasm_finish(&d, 0, ignored, sizeof ignored);
        return rc;
    }
    pthread_t beside;
    int besides = 0;
    if (o->time_it && o->beside && !(besides = pthread_create(&beside, NULL, run_beside, (void *)o) == 0))
        o->beside(o->beside_arg); /* no thread: in turn */
    double traced_run_s = res->traced_run_s, plain_run_s = res->plain_run_s, t1 = 0, t2 = 0;
    if (!(rc = rv_disasm_finish(&d, 1, err, errlen))) {
        t1 = rv_mono_s();
        rc = rv_run_convert(work, &ri, source, e ? e->sums : NULL, e ? &e->spot : NULL, res, err, errlen);
        if (!rc && o->time_it && o->judge) judged_facts(o, judged, unreplayable, faulted, e, res);
        t2 = rv_mono_s();
    }
    free(judged);
    if (besides) pthread_join(beside, NULL);
    if (!rc && o->waves && (rc = waves_stage(o, work, t, e ? &e->spot : NULL, res, err, errlen))) {
        rv_trace_free(res->tr);
        res->tr = NULL;
    }
    if (rc) return rc;
    res->traced_run_s = traced_run_s;
    res->plain_run_s = plain_run_s;
    res->disasm_s = d.seconds;
    res->listed_in_build = d.n > 0 && d.nlisted == d.n;
    res->convert_s = t2 - t1;
    res->trace_s = rv_mono_s() - t0;
    return 0;
}

/* NULL when path is a folder, else why not. */
static const char *not_a_folder(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) return strerror(errno);
    return S_ISDIR(st.st_mode) ? NULL : _("not a folder");
}

int rv_own_compile(const rv_own_opts *o, const char *dir, char *err, size_t errlen)
{
    int rc = sandbox_refused(o, err, errlen);
    size_t srclen = 0;
    char *source = rc ? NULL : read_source(o, &srclen, &rc, err, errlen), work[PATH_MAX];
    if (!source) return rc;
    rv_own_opts k = *o;
    k.keep = dir;
    const char *why = make_work(&k, work, sizeof work) ? strerror(errno) : not_a_folder(work);
    if (why)
        rc = rv_fail(err, errlen, RV_EXIT_USAGE, _("cannot make the folder %s to compile into: %s"), dir, why);
    else
        rc = build_stage(o, work, source, srclen, err, errlen);
    free(source);
    return rc;
}

/* The folder dir as the run stage takes it: its absolute path (the sandbox
 * binds it at its own path) into work, checked to hold the build of FILE's
 * source; that source into *source (NULL: not wanted).  0, or the exit
 * status with the message. */
static int open_built(const rv_own_opts *o, const char *dir, char *work, char **source, size_t *srclen, char *err,
                      size_t errlen)
{
    int rc = sandbox_refused(o, err, errlen);
    if (rc) return rc;
    const char *why = realpath(dir, work) ? not_a_folder(work) : strerror(errno);
    if (why) return rv_fail(err, errlen, RV_EXIT_USAGE, _("%s is not a folder a build was kept in: %s"), dir, why);
    size_t len;
    char *text = read_source(o, &len, &rc, err, errlen);
    if (text && (rc = check_stamp(work, o->file, text, len, err, errlen))) {
        free(text);
        text = NULL;
    }
    if (source)
        *source = text, *srclen = len;
    else
        free(text);
    return rc;
}

static void *early_work(void *arg)
{
    early *e = arg;
    if (!(e->rc = rv_own_need_gpu(e->o, e->err, sizeof e->err))) {
        rv_gpu_device_name(e->device, sizeof e->device);
        rv_own_input_sums(e->o, e->sums);
        /* the timed calls' inputs: stream 1 of the data (or of the judged
           data), as run_facts reads them */
        if (e->o->time_it) e->spot = rv_timed_spot_ahead(rv_own_timed_data(e->o), e->o->n);
    }
    if (e->rc) __atomic_store_n(&e->stop, 1, __ATOMIC_RELAXED);
    return NULL;
}

/* early_work started on its thread (or done, where no thread starts). */
static void early_start(early *e, const rv_own_opts *o)
{
    *e = (early){.o = o, .spot = {.call = -1}};
    e->started = pthread_create(&e->thread, NULL, early_work, e) == 0;
    if (!e->started) early_work(e); /* no thread: in turn */
}

/* Whether early_work has failed already: read as the thread's stop flag
 * (e->rc is the thread's own until it is joined). */
static int early_failed(early *e) { return __atomic_load_n(&e->stop, __ATOMIC_RELAXED); }

/* early_work ended: rc, the caller's result, unless early_work failed
 * (no GPU is said before anything else).  Again after the first: rc. */
static int early_join(early *e, int rc, char *err, size_t errlen)
{
    if (e->started) pthread_join(e->thread, NULL);
    e->started = 0;
    return e->rc ? rv_fail(err, errlen, e->rc, "%s", e->err) : rc;
}

/* The compile, and beside it what the run will need (early): 0, or the
 * exit status with why. */
static int build_beside(const rv_own_opts *o, const char *work, const char *source, size_t srclen, early *e, char *err,
                        size_t errlen)
{
    early_start(e, o);
    rv_own_opts k = *o;
    k.stop_compile = &e->stop;
    return early_join(e, early_failed(e) ? 0 : build_stage(&k, work, source, srclen, err, errlen), err, errlen);
}

int rv_own_run_built(const rv_own_opts *o, const char *dir, rv_own_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    char work[PATH_MAX], *source;
    size_t srclen = 0;
    rv_own_tools t;
    int rc = open_built(o, dir, work, &source, &srclen, err, errlen);
    if (rc) return rc;
    early e;
    if (!(rc = rv_own_find_tracer(&t, err, errlen))) {
        /* nothing ran while it compiled: the early work beside the traced
           run, joined by run_stage once the run ends */
        early_start(&e, o);
        rc = run_stage(o, work, &t, source, srclen, &e, res, err, errlen);
    }
    free(source);
    if (rc && res->tr) {
        rv_trace_free(res->tr);
        res->tr = NULL;
    }
    return rc;
}

/* Whether tr is the trace of the run kept in work: a student's kernel of
 * the same source, N and data as run.txt says.  0, or 1 with why. */
static int same_run(const rv_trace *tr, const char *trace, const char *work, const rv_run_info *ri, const char *source,
                    char *err, size_t errlen)
{
    if (!rv_trace_is_own(tr))
        return rv_fail(err, errlen, RV_EXIT_USAGE, _("%s is not a trace of a student's kernel (check's --save-trace)"),
                       trace);
    if (strcmp(tr->own_source, source) != 0 || tr->n != ri->n || tr->data.kind != ri->data.kind ||
        tr->data.seed != ri->data.seed)
        return rv_fail(err, errlen, RV_EXIT_USAGE,
                       _("%s is not the trace of the run kept in %s (another source, N or data): give the "
                         "trace that check saved from it"),
                       trace, work);
    return 0;
}

/* The judged calls again, untouched, for the waves run's cost to be set
 * against (waves_cost.h) in this run: their times in res->timed, read as
 * the check reads its own (judged_facts), but kept out of the trace, whose
 * time stays the verdict's.  A call the runner cannot replay, or one that
 * faults, leaves the cost unmeasured, not the waves.  0, or 2 with why. */
static int judged_again(const rv_own_opts *o, const char *work, rv_own_result *res, char *err, size_t errlen)
{
    char *text = NULL;
    int rc = rv_own_judge_calls(o, work, rv_own_timed_data(o), &text, &res->plain_run_s, err, errlen);
    if (rc == RV_EXIT_UNREPLAYABLE || rc == RV_EXIT_FAULTED)
        rc = 0; /* timed_state 0: by_runner says there are no times */
    else if (!rc)
        res->timed_state = rv_timed_parse_spot(text, rv_own_timed_data(o), o->n, (uint64_t)o->block_size, NULL,
                                               &res->timed, res->timed_why, sizeof res->timed_why) == 0
                               ? 1
                               : -1;
    free(text);
    return rc;
}

int rv_own_waves_built(const rv_own_opts *o, const char *dir, const char *trace, rv_own_result *res, char *err,
                       size_t errlen)
{
    char work[PATH_MAX], *source = NULL;
    size_t srclen = 0;
    rv_run_info ri;
    rv_own_tools t;
    int rc = open_built(o, dir, work, &source, &srclen, err, errlen);
    if (!rc) rc = rv_run_info_read(work, &ri, err, errlen);
    if (!rc) rc = same_run(res->tr, trace, work, &ri, source, err, errlen);
    free(source);
    if (rc) return rc;
    /* the program run as the kept run ran it; the judged calls on their
       data again, where that run made them (else the cost is the program's
       own two timed runs: waves_cost.h) */
    rv_own_opts k = *o;
    k.n = ri.n, k.data = ri.data, k.block_size = ri.block_size ? ri.block_size : res->tr->block_size;
    k.judge = ri.judged_set, k.judged = ri.judged, k.time_it = 1, k.waves = 1;
    if ((rc = rv_own_find_tracer(&t, err, errlen)) || (rc = rv_own_need_gpu(&k, err, errlen)) ||
        (k.judge && (rc = judged_again(&k, work, res, err, errlen))))
        return rc;
    return waves_stage(&k, work, &t, NULL, res, err, errlen);
}

/* The timed run's median in *ms, every call's sum right: 0, or 2 with why. */
static int timed_median(const rv_own_opts *o, const char *work, double *ms, char *err, size_t errlen)
{
    rv_timed_run *run = malloc(sizeof *run);
    char why[512], call[256];
    if (!run) return rv_fail(err, errlen, RV_EXIT_RUNTIME, "%s", _("out of memory"));
    int rc = rv_timed_load(work, rv_own_timed_data(o), o->n, (uint64_t)o->block_size, run, why, sizeof why);
    if (rc == 1)
        rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("the timed run left no times (%s/timed.txt)"), work);
    else if (rc)
        rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("the timed run's results cannot be trusted: %s"), why);
    else if (run->nwrong) {
        rv_timed_describe(run, run->first_wrong, call, sizeof call);
        rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("%s's sum was wrong in the timed run: %s"), o->file, call);
    } else {
        *ms = run->median_ms;
    }
    free(run);
    return rc;
}

/* The version to beat judged as the student's calls are: its launch()
 * recorded (unless build_cache.c put a recording kept from an earlier check
 * in the work folder), then replayed by the judge's runner; the median in
 * *ms. */
static int judge_built(const rv_own_opts *o, const char *work, double *ms, char *err, size_t errlen)
{
    rv_own_tools t;
    char *text = NULL;
    double seconds;
    char queued[PATH_MAX + 16];
    snprintf(queued, sizeof queued, "%s/queued.txt", work);
    int kept = access(queued, R_OK) == 0, rc;
    if ((rc = rv_own_find_tracer(&t, err, errlen)) || (rc = rv_own_need_gpu(o, err, errlen)) ||
        (!kept && (rv_own_clear_results(work), 0)) ||
        (!kept && (rc = rv_own_record_program(o, work, &t, err, errlen))) ||
        (rc = rv_own_judge_calls(o, work, rv_own_timed_data(o), &text, &seconds, err, errlen)))
        return rc == RV_EXIT_UNREPLAYABLE || rc == RV_EXIT_FAULTED ? 2 : rc;
    rv_timed_run *run = malloc(sizeof *run);
    char why[512], call[256];
    if (!run)
        rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, "%s", _("out of memory"));
    else if (rv_timed_parse_spot(text, rv_own_timed_data(o), o->n, (uint64_t)o->block_size, NULL, run, why, sizeof why))
        rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("the judged calls' results cannot be read: %s"), why);
    else if (run->nwrong) {
        rv_timed_describe(run, run->first_wrong, call, sizeof call);
        rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("%s's sum was wrong in the judged calls: %s"), o->file, call);
    } else {
        *ms = run->median_ms;
    }
    free(run);
    free(text);
    return rc;
}

int rv_own_time_built(const rv_own_opts *o, const char *dir, double *ms, char *err, size_t errlen)
{
    char work[PATH_MAX];
    double seconds;
    int rc = open_built(o, dir, work, NULL, NULL, err, errlen);
    *ms = 0;
    if (!rc && o->judge) return judge_built(o, work, ms, err, errlen);
    /* untraced: the tracer and its library are not needed, the GPU is */
    if (!rc && !(rc = rv_own_need_gpu(o, err, errlen)) && (rv_own_clear_results(work), 1) &&
        !(rc = rv_own_run_program(o, work, NULL, &seconds, err, errlen)))
        rc = timed_median(o, work, ms, err, errlen);
    return rc;
}

int rv_own_trace(const rv_own_opts *o, rv_own_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    double t0 = rv_mono_s();
    char work[PATH_MAX];
    rv_own_tools t;
    size_t srclen = 0;
    int rc = sandbox_refused(o, err, errlen);
    char *source = rc ? NULL : read_source(o, &srclen, &rc, err, errlen);
    if (!source) return rc;
    /* what running needs is looked for before the compile, the GPU beside
       it: no GPU is said at once */
    if ((rc = rv_own_find_tracer(&t, err, errlen))) {
        free(source);
        return rc;
    }
    if (make_work(o, work, sizeof work)) {
        free(source);
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("cannot make a work folder: %s"), strerror(errno));
    }
    early e;
    rc = build_beside(o, work, source, srclen, &e, err, errlen);
    double compile_s = rv_mono_s() - t0;
    if (!rc && !(rc = run_stage(o, work, &t, source, srclen, &e, res, err, errlen))) {
        res->compile_s = compile_s;
        res->trace_s = rv_mono_s() - t0;
    }
    free(source);
    if (!o->keep) rv_remove_tree(work);
    return rc;
}
