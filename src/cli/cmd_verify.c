/* cmd_verify.c — `reducevis verify`: the picture's predictions against the
 * hardware.  For every version and block size it runs the timed kernel once
 * under Nsight Compute (ncu) and compares the counters with what the trace
 * analysis predicts for the same launch:
 *   - shared-memory bank conflicts, loads and stores apart: the analysis
 *     counts, per block, the extra wavefronts of every request (degree - 1);
 *     all blocks of the first pass follow the same addresses when N fills
 *     them, so the launch's total is that times the grid (v8's final phase,
 *     which only its last block runs, counts once; v8's and v9's grid is
 *     the GPU's);
 *   - the same conflicts as the instructions' own wavefronts (the SASS-level
 *     counter: what each instruction's addresses cost, and nothing else);
 *   - shared-memory instructions (warp-level requests) and the lanes that
 *     execute them, loads and stores;
 *   - for a version over thread-block clusters, the loads of other blocks'
 *     shared memory (distributed shared memory), which ncu counts apart;
 *   - thread efficiency: executing lanes per warp instruction.  The trace
 *     sees only the traced statements, not the index arithmetic and loop
 *     control around them, so this one is an estimate and is labelled so.
 * Nothing is adjusted to agree: where the numbers differ, the table says so
 * and the ratio shows by how much.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/analysis.h"
#include "cli.h"
#include "core/i18n.h"
#include "core/opts.h"
#include "gpu/gpu.h"
#include "core/json.h"
#include "core/ncu_csv.h"
#include "model/verify_predict.h"
#include "core/versions.h"
#include "own/base/proc.h"

/* The counters, in the order the table prints them. */
typedef struct metric {
    const char *name;  /* ncu metric                                  */
    const char *label; /* for people                                  */
    int estimate;      /* 1: the trace cannot see every instruction   */
    int required;      /* 0: shown as n/a where this ncu lacks it     */
} metric;

enum {
    M_LD_CONFLICTS,
    M_ST_CONFLICTS,
    M_LD_WAVEFRONTS,
    M_ST_WAVEFRONTS,
    M_LD_INST,
    M_ST_INST,
    M_DSMEM_LD_INST,
    M_LANES_PER_INST,
    NCOUNTERS,
    /* derived from two counters: the conflicts the instructions' own addresses cause */
    M_LD_OWN_CONFLICTS = NCOUNTERS,
    M_ST_OWN_CONFLICTS,
    NMETRICS
};

static const metric metrics[NMETRICS] = {
    {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", "bank conflicts, loads (L1)", 0, 1},
    {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", "bank conflicts, stores (L1)", 0, 1},
    {"smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "wavefronts, loads", 0, 0},
    {"smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum", "wavefronts, stores", 0, 0},
    {"smsp__sass_inst_executed_op_shared_ld.sum", "shared load instructions", 0, 0},
    {"smsp__sass_inst_executed_op_shared_st.sum", "shared store instructions", 0, 0},
    {"smsp__sass_inst_executed_op_dshared_ld.sum", "other blocks' shared loads", 0, 0},
    {"smsp__thread_inst_executed_per_inst_executed.ratio", "lanes per warp instruction", 1, 1},
    {"wavefronts - instructions, loads", "bank conflicts, loads (own)", 0, 0},
    {"wavefronts - instructions, stores", "bank conflicts, stores (own)", 0, 0},
};

/* Why a measurement may differ from its prediction, for the table's notes. */
static const char *why_differs(int k, const double *predicted, const double *measured)
{
    if (predicted[k] == measured[k]) return NULL;
    switch (k) {
    case M_LD_CONFLICTS:
    case M_ST_CONFLICTS: {
        int own = k == M_LD_CONFLICTS ? M_LD_OWN_CONFLICTS : M_ST_OWN_CONFLICTS;
        if (predicted[own] == measured[own])
            return "the L1 data-bank counter also counts collisions with other traffic through the same banks "
                   "(other warps' global loads fill L1 there); the conflicts the instructions' own addresses "
                   "cause (wavefronts - instructions) equal the prediction";
        return "differs from the prediction, also in the instructions' own wavefronts: compare with cuobjdump -sass";
    }
    case M_LANES_PER_INST:
        return "estimate: the counter averages over every instruction (index arithmetic, loop control and "
               "barriers run with all lanes); the trace sees only the traced statements";
    default: return "differs from the prediction: compare with cuobjdump -sass";
    }
}

typedef struct row {
    int version, block_size;
    double predicted[NMETRICS], measured[NMETRICS];
} row;

/* Whether metric k is measured for version v: distributed shared memory
 * only where the version has clusters (ncu of a GPU before Hopper has no
 * such counter). */
static int applies(int k, int v) { return k != M_DSMEM_LD_INST || rv_version_cluster(v) > 1; }

/* The analysis's figures for one whole first-pass launch. */
static int predict(int v, int B, uint64_t n, double out[NMETRICS], char *err, size_t errlen)
{
    rv_prediction p;
    if (rv_verify_predict(v, B, n, rv_gpu_grid(v, B, n), &p, err, errlen)) return -1;
    out[M_LD_WAVEFRONTS] = p.ld_wavefronts;
    out[M_ST_WAVEFRONTS] = p.st_wavefronts;
    out[M_LD_INST] = p.ld_inst;
    out[M_ST_INST] = p.st_inst;
    out[M_DSMEM_LD_INST] = p.dsmem_ld_inst;
    out[M_LANES_PER_INST] = p.lanes_per_inst;
    /* a conflict is a wavefront beyond the first of a request */
    out[M_LD_CONFLICTS] = out[M_LD_OWN_CONFLICTS] = p.ld_wavefronts - p.ld_inst;
    out[M_ST_CONFLICTS] = out[M_ST_OWN_CONFLICTS] = p.st_wavefronts - p.st_inst;
    return 0;
}

/* `reducevis profile-one` of version v, B, n, after the tool's own words
 * (ncu's or compute-sanitizer's), into argv (at most 24 words): no shell,
 * so no path is quoted. */
static void profile_one_argv(char **argv, int k, const char *self, int v, char *B, char *n)
{
    const char *tail[] = {self, "profile-one", "--version", rv_version_name(v), "--block-size", B, "--n", n, NULL};
    for (int j = 0; j < 9; j++) argv[k + j] = (char *)tail[j];
}

/* The next line of text (NUL-terminated in place), or NULL at its end. */
static char *next_line(char **at)
{
    if (!*at || !**at) return NULL;
    char *line = *at, *end = strchr(line, '\n');
    if (end)
        *end = '\0', *at = end + 1;
    else
        *at = line + strlen(line);
    return line;
}

/* Runs ncu on `reducevis profile-one` and reads the counters of the first
 * kernel launch (the first pass) from its CSV output. */
static int measure(const char *ncu, const char *self, int v, int B, uint64_t n, double out[NMETRICS], char *err,
                   size_t errlen)
{
    char list[4096] = "", bs[16], ns[24];
    size_t len = 0;
    for (int k = 0; k < NCOUNTERS; k++)
        if (applies(k, v))
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", len ? "," : "", metrics[k].name);
    snprintf(bs, sizeof bs, "%d", B);
    snprintf(ns, sizeof ns, "%" PRIu64, n);
    char *argv[24] = {(char *)ncu, "--csv", "--launch-count", "1", "--metrics", list};
    profile_one_argv(argv, 6, self, v, bs, ns);
    rv_proc_result res;
    char *text = rv_proc_output(argv, 1800.0, &res);
    if (!text) {
        snprintf(err, errlen, _("cannot run %s"), ncu);
        return -1;
    }
    for (int k = 0; k < NMETRICS; k++) out[k] = -1;
    char last[512] = "", *at = text, *line;
    rv_ncu_csv csv;
    rv_ncu_csv_begin(&csv);
    while ((line = next_line(&at))) {
        const char *name;
        double value;
        if (line[0] != '"' && strlen(line) > 2) snprintf(last, sizeof last, "%.500s", line); /* for the error message */
        if (!rv_ncu_csv_row(&csv, line, &name, &value)) continue;
        for (int k = 0; k < NCOUNTERS; k++)
            if (!strcmp(name, metrics[k].name)) out[k] = value;
    }
    free(text);
    int rc = res.end == RV_PROC_EXITED ? res.status : -1;
    for (int k = 0; k < NCOUNTERS; k++) {
        if (out[k] >= 0) continue;
        if (metrics[k].required) {
            snprintf(err, errlen, _("ncu gave no value for %s (exit %d; last line: %s)"), metrics[k].name, rc, last);
            return -1;
        }
        out[k] = NAN; /* this ncu does not offer it: shown as n/a */
    }
    out[M_LD_OWN_CONFLICTS] = out[M_LD_WAVEFRONTS] - out[M_LD_INST]; /* NaN stays NaN */
    out[M_ST_OWN_CONFLICTS] = out[M_ST_WAVEFRONTS] - out[M_ST_INST];
    return 0;
}

/* compute-sanitizer racecheck on one version: the hazards it reports. */
typedef struct race {
    int version;
    long hazards, errors, warnings;
    char summary[160];
} race;

static int racecheck(const char *self, int v, race *out, char *err, size_t errlen)
{
    char *argv[24] = {"compute-sanitizer", "--tool", "racecheck"};
    profile_one_argv(argv, 3, self, v, "256", "65536");
    rv_proc_result res;
    char *text = rv_proc_output(argv, 1800.0, &res);
    if (!text) {
        snprintf(err, errlen, _("cannot run compute-sanitizer"));
        return -1;
    }
    memset(out, 0, sizeof *out);
    out->version = v;
    int seen = 0;
    char *at = text, *line;
    while ((line = next_line(&at))) {
        const char *h = strstr(line, " hazards]");
        if (h) { /* "... [8192 hazards]" */
            const char *b = h;
            while (b > line && b[-1] != '[') b--;
            out->hazards += strtol(b, NULL, 10);
        }
        const char *sum = strstr(line, "RACECHECK SUMMARY:");
        if (sum) {
            seen = 1;
            snprintf(out->summary, sizeof out->summary, "%s", sum);
            const char *e = strstr(sum, "(");
            if (e) sscanf(e, "(%ld errors, %ld warnings", &out->errors, &out->warnings);
        }
    }
    free(text);
    if (!seen) {
        snprintf(err, errlen, _("compute-sanitizer printed no RACECHECK SUMMARY for %s"), rv_version_name(v));
        return -1;
    }
    return 0;
}

static double ratio_of(double measured, double predicted)
{
    return predicted != 0 ? measured / predicted : (measured == 0 ? 1.0 : -1.0);
}

static void print_table(const row *rows, int nrows, const char *device)
{
    printf(_("\nPredicted by the trace analysis vs measured by Nsight Compute on %s (first pass, whole grid)\n"),
           device);
    printf("%-5s %5s  %-28s %14s %14s %8s\n", "vers", "block", "metric", "predicted", "measured", "ratio");
    for (int r = 0; r < nrows; r++)
        for (int k = 0; k < NMETRICS; k++) {
            if (!applies(k, rows[r].version)) continue;
            double q = ratio_of(rows[r].measured[k], rows[r].predicted[k]);
            printf("%-5s %5d  %-28s %14.2f ", rv_version_name(rows[r].version), rows[r].block_size, metrics[k].label,
                   rows[r].predicted[k]);
            if (isnan(rows[r].measured[k]))
                printf("%14s %8s", "n/a", "-");
            else if (q < 0)
                printf("%14.2f %8s", rows[r].measured[k], "-");
            else
                printf("%14.2f %8.3f", rows[r].measured[k], q);
            printf("%s\n", metrics[k].estimate ? "  (estimate)" : "");
        }
    printf(_("\nNotes where a measurement differs from its prediction:\n"));
    for (int k = 0; k < NMETRICS; k++)
        for (int r = 0; r < nrows; r++) {
            const char *why = why_differs(k, rows[r].predicted, rows[r].measured);
            if (why && !isnan(rows[r].measured[k])) {
                printf("  %s: %s\n", metrics[k].label, why);
                break;
            }
        }
}

static int write_json(const char *path, const row *rows, int nrows, const race *races, int nraces, const char *device,
                      uint64_t n, char *err, size_t errlen)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, _("cannot write %s"), path);
        return -1;
    }
    char date[32];
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    fprintf(f, "{\n  \"format\": \"reducevis-verify\",\n  \"format_version\": 1,\n  \"device\": ");
    rv_json_string(f, device);
    fprintf(f, ",\n  \"date\": \"%s\",\n  \"n\": %" PRIu64 ",\n", date, n);
    fprintf(f, "  \"scope\": \"first pass of the timed build, whole grid; predicted = per-block analysis x grid\",\n");
    fprintf(f, "  \"metrics\": [");
    for (int k = 0; k < NMETRICS; k++) {
        fprintf(f, "%s\n    {\"name\": \"%s\", \"label\": \"%s\", \"estimate\": %s, \"counter\": %s}", k ? "," : "",
                metrics[k].name, metrics[k].label, metrics[k].estimate ? "true" : "false",
                k < NCOUNTERS ? "true" : "false");
    }
    fprintf(f, "\n  ],\n  \"rows\": [");
    int first = 1;
    for (int r = 0; r < nrows; r++)
        for (int k = 0; k < NMETRICS; k++) {
            if (!applies(k, rows[r].version)) continue;
            fprintf(f,
                    "%s\n    {\"version\": \"%s\", \"block_size\": %d, \"grid\": %" PRIu64 ", \"metric\": \"%s\", "
                    "\"predicted\": %.10g, \"measured\": ",
                    first ? "" : ",", rv_version_name(rows[r].version), rows[r].block_size,
                    (uint64_t)rv_gpu_grid(rows[r].version, rows[r].block_size, n), metrics[k].name,
                    rows[r].predicted[k]);
            if (isnan(rows[r].measured[k]))
                fprintf(f, "null");
            else
                fprintf(f, "%.10g", rows[r].measured[k]);
            const char *why = why_differs(k, rows[r].predicted, rows[r].measured);
            fprintf(f, ", \"note\": ");
            if (why && !isnan(rows[r].measured[k]))
                rv_json_string(f, why);
            else
                fprintf(f, "null");
            fprintf(f, "}");
            first = 0;
        }
    fprintf(f, "\n  ],\n  \"racecheck\": [");
    for (int i = 0; i < nraces; i++) {
        fprintf(f, "%s\n    {\"version\": \"%s\", \"hazards\": %ld, \"errors\": %ld, \"warnings\": %ld, \"summary\": ",
                i ? "," : "", rv_version_name(races[i].version), races[i].hazards, races[i].errors, races[i].warnings);
        rv_json_string(f, races[i].summary);
        fprintf(f, "}");
    }
    fprintf(f, "\n  ]\n}\n");
    if (fclose(f)) {
        snprintf(err, errlen, _("cannot write %s"), path);
        return -1;
    }
    return 0;
}

enum { OPT_BLOCK_SIZES = 1, OPT_N, OPT_NCU, OPT_OUT };

/* the about text tells what they do, as it always has: no line of their own */
static const rv_opt verify_opts[] = {
    {OPT_BLOCK_SIZES, "block-sizes", 0, "SIZES", NULL, NULL},
    {OPT_N, "n", 0, "N", NULL, NULL},
    {OPT_NCU, "ncu", 0, "PATH", NULL, "@file"},
    {OPT_OUT, NULL, 'o', "FILE.json", NULL, "@file"},
    {0},
};

static const rv_command_opts verify_cmd = {
    .cmd = "verify",
    .usage = N_("usage: reducevis verify [--block-sizes 128,256,512] [--n N] [--ncu PATH] [-o FILE.json]"),
    .about = N_("On a GPU with Nsight Compute: for every version and block size, runs the first pass\n"
                "of the timed kernel under ncu and prints the trace analysis's predictions beside the\n"
                "hardware counters (bank conflicts of loads and stores, shared-memory instructions,\n"
                "lanes per warp instruction), then runs compute-sanitizer racecheck on the versions\n"
                "with a warp-synchronous phase of their own (the race hazard and its fix).\n"
                "-o writes the table as JSON (device, date, metric names).  N defaults to 2^24."),
    .tables = {verify_opts},
};

/* "128,256,512" into sizes: 0, or a usage error. */
static int block_sizes(const rv_opts *p, int *sizes, int *nsizes)
{
    *nsizes = 0;
    for (const char *at = p->value; *at && *nsizes < 8;) {
        char *end;
        long b = strtol(at, &end, 10);
        if (end == at || b < 32 || b > 1024 || (b & (b - 1)))
            return rv_opts_bad(p, _("block sizes '%s' must be powers of two from 32 to 1024, comma-separated"),
                               p->value);
        sizes[(*nsizes)++] = (int)b;
        at = *end == ',' ? end + 1 : end;
    }
    if (!*nsizes)
        return rv_opts_bad(p, _("block sizes '%s' must be powers of two from 32 to 1024, comma-separated"), p->value);
    return 0;
}

int cmd_verify(int argc, char **argv)
{
    int sizes[8] = {128, 256, 512}, nsizes = 3;
    uint64_t n = 1ull << 24;
    const char *ncu = "ncu", *out = NULL;
    rv_opts p;
    rv_opts_begin(&p, &verify_cmd, argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        if (rv_opts_ends(id)) return rv_opts_exit(id);
        switch (id) {
        case RV_OPT_WORD: return rv_usage_error("verify", _("unexpected argument '%s'"), p.value);
        case OPT_N:
            if (rv_parse_u64(p.value, &n) || n == 0 || n > RV_MAX_N)
                return rv_usage_error("verify", _("N '%s' must be a whole number from 1 to 2^31"), p.value);
            break;
        case OPT_NCU: ncu = p.value; break;
        case OPT_OUT: out = p.value; break;
        case OPT_BLOCK_SIZES:
            if (block_sizes(&p, sizes, &nsizes)) return RV_EXIT_USAGE;
            break;
        }
    }
    char err[512], device[256];
    if (!rv_gpu_available(err, sizeof err)) {
        fprintf(stderr, _("reducevis verify: needs a CUDA GPU and Nsight Compute: %s\n"), err);
        return RV_EXIT_RUNTIME;
    }
    char self[4096];
    ssize_t got = readlink("/proc/self/exe", self, sizeof self - 1);
    if (got <= 0) {
        fprintf(stderr, _("reducevis verify: cannot find its own executable\n"));
        return RV_EXIT_RUNTIME;
    }
    self[got] = '\0';
    rv_gpu_device_name(device, sizeof device);
    row rows[RV_NUM_VERSIONS * 8];
    int nrows = 0, failed = 0;
    for (int o = 0; o < RV_NUM_VERSIONS; o++)
        for (int k = 0, v = rv_version_at(o)->id; k < nsizes; k++) {
            if (rv_version_check_block(v, sizes[k])) continue;
            if (!rv_gpu_runs_version(v, err, sizeof err)) { /* v10 before Hopper: said once, not failed */
                if (k == 0) fprintf(stderr, _("verify: %s left out on this GPU: %s\n"), rv_version_name(v), err);
                continue;
            }
            row *r = &rows[nrows];
            r->version = v;
            r->block_size = sizes[k];
            fprintf(stderr, _("verify: %s at block size %d ...\n"), rv_version_name(v), sizes[k]);
            if (predict(v, sizes[k], n, r->predicted, err, sizeof err) ||
                measure(ncu, self, v, sizes[k], n, r->measured, err, sizeof err)) {
                fprintf(stderr, _("reducevis verify: %s at block size %d: %s\n"), rv_version_name(v), sizes[k], err);
                failed = 1;
                continue;
            }
            nrows++;
        }
    print_table(rows, nrows, device);
    /* racecheck for the versions whose warp phase the table gives a verdict
     * on of their own (a hazard, or its fix), in teaching order */
    race races[RV_NUM_VERSIONS];
    int nraces = 0;
    for (int k = 0; k < RV_NUM_VERSIONS; k++) {
        const rv_version_info *vi = rv_version_at(k);
        if (vi->race != RV_RACE_HAZARD && vi->race != RV_RACE_CLEAN) continue;
        if (racecheck(self, vi->id, &races[nraces], err, sizeof err)) {
            fprintf(stderr, _("reducevis verify: racecheck: %s\n"), err);
            failed = 1;
            continue;
        }
        printf(_("racecheck %-4s %ld hazards (%s)\n"), vi->name, races[nraces].hazards, races[nraces].summary);
        nraces++;
    }
    if (out && write_json(out, rows, nrows, races, nraces, device, n, err, sizeof err)) {
        rv_cmd_error("verify", err);
        return RV_EXIT_RUNTIME;
    }
    return failed ? RV_EXIT_RUNTIME : RV_EXIT_OK;
}

/* `reducevis profile-one`: one whole reduction of the timed build, nothing
 * else, so that ncu's first kernel launch is the first pass of this version. */
static const rv_command_opts profile_one_cmd = {
    .cmd = "profile-one",
    .words = "--version V",
    .about = "One whole reduction of the timed build, nothing else: what verify runs under ncu.",
    .tables = {rv_version_opts, rv_run_opts},
};

int cmd_profile_one(int argc, char **argv)
{
    rv_config cfg = rv_config_default();
    rv_opts p;
    rv_opts_begin(&p, &profile_one_cmd, argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        if (rv_opts_ends(id)) return rv_opts_exit(id);
        if (id == RV_OPT_WORD) return rv_usage_error("profile-one", "unexpected argument '%s'", p.value);
        if (rv_config_apply(&p, &cfg)) return RV_EXIT_USAGE;
    }
    char err[512];
    double sum;
    if (rv_config_check(&cfg, err, sizeof err)) return rv_usage_error("profile-one", "%s", err);
    if (rv_gpu_sum(cfg.version, cfg.block_size, cfg.n, cfg.data, &sum, err, sizeof err)) {
        rv_cmd_error("profile-one", err);
        return RV_EXIT_RUNTIME;
    }
    printf("%s: sum %.9g\n", rv_version_name(cfg.version), sum);
    return RV_EXIT_OK;
}
