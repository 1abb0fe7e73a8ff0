/* run_folder.c — a traced run's folder made into a trace (run_folder.h):
 * run.txt, the raw records of each launch, the listing of its module, the
 * tracer's counts, the timed run's calls; also `trace --replay`. */
#define _XOPEN_SOURCE 700
#include "own/trace/run_folder.h"
#include "own/run/judged_run.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "own/records/build.h"
#include "core/i18n.h"
#include "own/records/waves_raw.h"
#include "own/nvcc/disasm.h"
#include "own/records/grid.h"
#include "own/run/program_run.h"
#include "own/records/raw_file.h"
#include "own/records/reads.h"
#include "own/records/sass.h"

/* The listing of raw's module, parsed for its launch. */
static int read_sass(const char *work, const rv_raw *raw, uint32_t first_module, const char *file, rv_sass *sass,
                     char *err, size_t errlen)
{
    char log[PATH_MAX + 16], src[PATH_MAX + 16], inner[300];
    rv_disasm_path(work, raw->h.module, first_module, log, sizeof log);
    snprintf(src, sizeof src, "%s/student.cu", work);
    char *text = rv_read_text(log, NULL);
    if (!text) return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("cannot read %s"), log);
    int rc = rv_sass_parse(text, raw->h.func_name, src, sass, inner, sizeof inner);
    free(text);
    if (rc) return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("%s: %s"), file, inner);
    return 0;
}

/* The raw files of a traced run, in launch order: raw-1.rvraw ... as
 * launches.txt lists them traced, or the one raw.rvraw of a folder kept
 * before every launch was traced.  *launches: the launches the run made. */
int rv_run_raw_files(const char *work, char files[][PATH_MAX + 32], int most, uint32_t *launches)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/launches.txt", work);
    char *text = rv_read_text(path, NULL);
    int n = 0;
    *launches = 0;
    if (!text) {
        /* this tracer lists the allocations of every run it is in: with
           them and no launches.txt, launch() started no kernel; without,
           the folder is from a tracer before launches (one raw.rvraw) */
        snprintf(path, sizeof path, "%s/allocs.txt", work);
        if (access(path, F_OK) == 0) return 0;
        snprintf(files[0], sizeof files[0], "%s/raw.rvraw", work);
        *launches = 1;
        return 1;
    }
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        unsigned k;
        char traced[32];
        if (sscanf(line, "launch %u call %*u grid %*u block %*u traced %31s", &k, traced) != 2) continue;
        if (k > *launches) *launches = k;
        if (strcmp(traced, "1") != 0 || n >= most) continue;
        snprintf(files[n++], sizeof files[0], "%s/raw-%u.rvraw", work, k);
    }
    free(text);
    return n;
}

/* The records could not be read: none written (the tool did not run), or
 * damaged. */
int rv_run_raw_failed(const char *path, const char *why, char *err, size_t errlen)
{
    if (access(path, F_OK) != 0)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME,
                       _("the tracer wrote no records (%s): is the Compute Sanitizer library the driver's version?"),
                       path);
    return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("the tracer's records %s are damaged: %s"), path, why);
}

int rv_run_info_write(const char *work, const rv_run_info *ri)
{
    char path[PATH_MAX + 16], data[64];
    snprintf(path, sizeof path, "%s/run.txt", work);
    rv_data_name(ri->data, data, sizeof data);
    FILE *f = rv_own_create_new(path);
    if (!f) return -1;
    fprintf(f, "file %s\ndevice %s\ndate %s\nn %llu\ndata %s\nblock %d\n", ri->file, ri->device, ri->date,
            (unsigned long long)ri->n, data, ri->block_size);
    if (ri->judged_set) {
        rv_data_name(ri->judged, data, sizeof data);
        fprintf(f, "judged %s\n", data);
    }
    if (ri->gpu_launches) fprintf(f, "gpu_launches 1\n");
    return fclose(f);
}

int rv_run_info_read(const char *work, rv_run_info *ri, char *err, size_t errlen)
{
    char path[PATH_MAX + 16], data[64] = "", inner[200];
    snprintf(path, sizeof path, "%s/run.txt", work);
    char *text = rv_read_text(path, NULL);
    if (!text) return rv_fail(err, errlen, RV_EXIT_USAGE, _("cannot read %s: %s"), path, strerror(errno));
    memset(ri, 0, sizeof *ri);
    int got = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        unsigned long long n;
        if (!strncmp(line, "file ", 5))
            got |= 1, snprintf(ri->file, sizeof ri->file, "%s", line + 5);
        else if (!strncmp(line, "device ", 7))
            got |= 2, snprintf(ri->device, sizeof ri->device, "%s", line + 7);
        else if (!strncmp(line, "date ", 5))
            got |= 4, snprintf(ri->date, sizeof ri->date, "%s", line + 5);
        else if (sscanf(line, "n %llu", &n) == 1)
            got |= 8, ri->n = n;
        else if (!strncmp(line, "data ", 5))
            got |= 16, snprintf(data, sizeof data, "%s", line + 5);
        else if (!strcmp(line, "gpu_launches 1"))
            ri->gpu_launches = 1;
        else if (!strncmp(line, "judged ", 7))
            ri->judged_set = rv_data_parse(line + 7, &ri->judged, inner, sizeof inner) == 0;
        else if (sscanf(line, "block %d", &ri->block_size) == 1 && (ri->block_size < 1 || ri->block_size > 1024))
            ri->block_size = 0; /* not a block size: as an older folder, none */
    }
    free(text);
    if (got != 31 || ri->n < 1 || rv_data_parse(data, &ri->data, inner, sizeof inner))
        return rv_fail(err, errlen, RV_EXIT_USAGE, _("%s does not say what was run (file, device, date, n and data)"),
                       path);
    return 0;
}

/* What the run says beside its records: the tracer's count of the input
 * elements read, and the timed run's calls, each checked (reads.h, timed.h);
 * the timed calls' inputs came from stream 1 of the run's data, or of the
 * judged data where the judge's runner made them (judged.txt). */
static void run_facts(const char *work, const rv_run_info *ri, uint32_t block1, const rv_timed_spot *spot,
                      rv_own_result *res)
{
    int rc = rv_reads_load(work, ri->n, &res->reads, res->reads_why, sizeof res->reads_why);
    res->reads_state = rc == 0 ? 1 : rc == 1 ? 0 : -1;
    rv_data timed = rv_data_derive(ri->judged_set ? ri->judged : ri->data, 1);
    res->judged_set = ri->judged_set, res->judged = ri->judged;
    uint64_t threads = ri->block_size > 0 ? (uint64_t)ri->block_size : block1;
    char judged[PATH_MAX + 32];
    snprintf(judged, sizeof judged, "%s/judged.txt", work);
    char said[700];
    int got = ri->judged_set && rv_read_regular(judged, said, sizeof said) == 0;
    int not_replayed = got && !strncmp(said, RV_OWN_UNREPLAYABLE_LINE, strlen(RV_OWN_UNREPLAYABLE_LINE)),
        faulted = got && !strncmp(said, RV_OWN_FAULTED_LINE, strlen(RV_OWN_FAULTED_LINE));
    if (not_replayed || faulted) { /* the runner's verdict, kept: said as the check said it */
        said[strcspn(said, "\n")] = 0;
        const char *key = said + strlen(faulted ? RV_OWN_FAULTED_LINE : RV_OWN_UNREPLAYABLE_LINE);
        rv_own_unreplayable_words(key, res->timed_why, sizeof res->timed_why);
        res->timed_state = faulted ? RV_OWN_CALL_FAULTED : RV_OWN_NOT_REPLAYED;
        return;
    }
    if (ri->judged_set)
        rc = rv_timed_load_file(judged, timed, ri->n, threads, &res->timed, res->timed_why, sizeof res->timed_why);
    else
        rc = rv_timed_load_spot(work, timed, ri->n, threads, spot, &res->timed, res->timed_why, sizeof res->timed_why);
    res->timed_state = rc == 0 ? 1 : rc == 1 ? 0 : -1;
}

int rv_run_convert(const char *work, const rv_run_info *ri, const char *source, const double *sums,
                   const rv_timed_spot *spot, rv_own_result *res, char *err, size_t errlen)
{
    char path[PATH_MAX + 32], inner[600], files[RV_OWN_MAX_LAUNCHES][PATH_MAX + 32];
    int rc = 0;
    rv_own_meta meta;
    snprintf(path, sizeof path, "%s/traced.txt", work);
    char *text = rv_read_text(path, NULL);
    if (!text || rv_own_meta_parse(text, &meta, inner, sizeof inner)) {
        free(text);
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("the traced program left no result (%s)"), path);
    }
    free(text);
    uint32_t launches;
    int nfiles = rv_run_raw_files(work, files, RV_OWN_MAX_LAUNCHES, &launches);
    if (nfiles == 0)
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("no launch of %s was traced (%s holds no records)"), ri->file,
                       work);
    rv_own_grid_run grid;
    if (rv_own_grid_load(work, &grid, inner, sizeof inner))
        return rv_fail(err, errlen, RV_EXIT_RUNTIME, _("the tracer's counts of %s cannot be read: %s"), ri->file,
                       inner);
    rv_trace **tail = &res->tr;
    uint32_t first_module = 0, grid1 = 0, block1 = 0;
    for (int f = 0; f < nfiles && !rc; f++) {
        rv_raw raw = {0};
        rv_sass sass = {0};
        if (rv_raw_load(files[f], &raw, inner, sizeof inner)) {
            rc = rv_run_raw_failed(files[f], inner, err, errlen);
            break;
        }
        if (f == 0) {
            first_module = raw.h.module;
            grid1 = raw.h.grid;
            block1 = raw.h.block_size;
        }
        const rv_own_arrays *arrays =
            raw.h.call <= (uint32_t)meta.ncalls ? &meta.calls[raw.h.call - 1] : &meta.calls[0];
        if (!(rc = read_sass(work, &raw, first_module, ri->file, &sass, err, errlen))) {
            rv_own_input bin = {&raw,     &sass,  &meta,      arrays,   launches, &grid,
                                ri->file, source, ri->device, ri->date, ri->n,    ri->data};
            *tail = rv_own_build(&bin, inner, sizeof inner);
            if (!*tail) /* which launch said whole before what went wrong in it */
                rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("launch %u: %s"), raw.h.launch, inner);
            else
                tail = &(*tail)->next;
        }
        rv_raw_free(&raw);
        rv_sass_free(&sass);
    }
    rv_own_grid_free(&grid);
    if (rc) goto out;
    double cpu = sums ? sums[0] : 0, mag = sums ? sums[1] : 0;
    for (uint64_t i = 0; !sums && i < ri->n; i++) {
        double v = rv_data_value(ri->data, i);
        cpu += v;
        mag += fabs(v);
    }
    res->verdict = rv_sum_judge_abs(ri->data, ri->n, (uint64_t)grid1 * block1, meta.sum, cpu, mag);
    res->traced_ms = meta.traced_ms;
    res->asked_block = ri->block_size;
    for (rv_trace *t = res->tr; t; t = t->next) {
        t->own_sum = meta.sum;
        if (!res->verdict.ok) t->own_flags |= RV_OWN_SUM_WRONG;
        if (ri->gpu_launches) t->own_flags |= RV_OWN_GPU_LAUNCHES;
    }
    run_facts(work, ri, block1, spot, res);
    double ms = res->timed_state == 1 ? res->timed.median_ms : 0;
    for (rv_trace *t = res->tr; t; t = t->next) t->own_ms = ms;
out:
    if (rc && res->tr) {
        rv_trace_free(res->tr);
        res->tr = NULL;
    }
    return rc;
}

int rv_own_replay(const char *dir, rv_own_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    rv_run_info ri;
    if (rv_run_info_read(dir, &ri, err, errlen)) return 1;
    char path[PATH_MAX + 16], first[1][PATH_MAX + 32];
    uint32_t launches;
    /* as the traced run tells it (traced_run): no launch at all */
    if (rv_run_raw_files(dir, first, 1, &launches) == 0 && launches == 0)
        return rv_fail(err, errlen, RV_EXIT_NO_GPU_WORK,
                       _("%s: launch() started no kernel on the GPU: the sum must come from the GPU"), ri.file);
    snprintf(path, sizeof path, "%s/student.cu", dir);
    char *source = rv_read_text(path, NULL);
    if (!source) return rv_fail(err, errlen, RV_EXIT_USAGE, _("cannot read %s: %s"), path, strerror(errno));
    int rc = rv_run_convert(dir, &ri, source, NULL, NULL, res, err, errlen);
    free(source);
    /* the waves run, where the kept folder has one (trace --waves) */
    char inner[600];
    if (!rc && rv_waves_attach(dir, res->tr, 0, inner, sizeof inner)) {
        rc = rv_fail(err, errlen, RV_EXIT_RUNTIME, _("the waves run of %s: %s"), ri.file, inner);
        rv_trace_free(res->tr);
        res->tr = NULL;
    }
    return rc;
}
