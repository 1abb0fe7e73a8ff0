/* results_read.c — a results file read back (rv_results_parse): every
 * field checked, a missing or wrong one named with where it is. */
#include "results.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "i18n.h"
#include "json.h"
#include "versions.h"
#include "trace.h" /* RV_MAX_N */
#include "results_private.h"

/* A non-negative number (a time). */
static int read_time(const rv_json_place *at, const rv_json *obj, const char *key, double *dst)
{
    if (rv_json_number(at, obj, key, 0, dst)) return -1;
    if (*dst < 0) return rv_json_fail_at(at, NULL, "\"%s\" is negative", key);
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

static int read_format(const rv_json_place *at, const rv_json *root)
{
    const rv_json *n;
    if (root->type != RV_JSON_OBJECT)
        return rv_json_fail_at(at, NULL, "this is not a reducevis bench results file (it holds %s, not an object)",
                               rv_json_type_name(root->type));
    if (rv_json_need(at, root, "format", RV_JSON_STRING, 0, &n))
        return rv_json_fail_at(at, NULL, "this is not a reducevis bench results file (no \"format\": \"%s\")",
                               RV_RESULTS_FORMAT);
    if (strcmp(n->text, RV_RESULTS_FORMAT))
        return rv_json_fail_at(at, n, "this is not a reducevis bench results file (\"format\" is \"%.60s\")", n->text);
    int version;
    if (rv_json_int(at, root, "format_version", 1, 1000000, &version)) return -1;
    if (version != RV_RESULTS_VERSION)
        return rv_json_fail_at(at, NULL, "format_version %d is not supported (this reducevis reads version %d)",
                               version, RV_RESULTS_VERSION);
    return 0;
}

/* Is key a member of obj?  (Keys a newer writer added are optional.) */
static int has_key(const rv_json *obj, const char *key)
{
    for (int i = 0; i < obj->nkids; i++)
        if (!strcmp(obj->kids[i].key, key)) return 1;
    return 0;
}

/* A time kept only by newer writers: NAN when absent or null. */
static int read_optional_time(const rv_json_place *at, const rv_json *obj, const char *key, double *dst)
{
    *dst = NAN;
    if (!has_key(obj, key)) return 0;
    if (rv_json_number(at, obj, key, 1, dst)) return -1;
    if (*dst < 0) return rv_json_fail_at(at, NULL, "\"%s\" is negative", key);
    return 0;
}

/* A flag kept only by newer writers: 0 when absent. */
static int read_optional_bool(const rv_json_place *at, const rv_json *obj, const char *key, int *dst)
{
    *dst = 0;
    return has_key(obj, key) ? rv_json_bool(at, obj, key, dst) : 0;
}

static int read_options(const rv_json_place *top, const rv_json *root, rv_results_meta *m)
{
    const rv_json *o;
    if (rv_json_need(top, root, "options", RV_JSON_OBJECT, 0, &o)) return -1;
    rv_json_place at = {"options: ", top->err, top->errlen};
    /* "gpus" first: across G GPUs N may reach G x 2^31 */
    if (has_key(o, "gpus") && rv_json_int(&at, o, "gpus", 1, RV_RESULTS_MAX_GPUS, &m->gpus)) return -1;
    if (rv_json_whole(&at, o, "n", 1, (uint64_t)RV_MAX_N * (m->gpus > 1 ? m->gpus : 1), &m->n) ||
        rv_json_bool(&at, o, "sweep", &m->sweep) || rv_json_int(&at, o, "block_size", 1, 1024, &m->block_size) ||
        rv_json_int(&at, o, "repeat", 1, RV_RESULTS_MAX_COUNT, &m->repeat) ||
        rv_json_int(&at, o, "warmup", 0, RV_RESULTS_MAX_COUNT, &m->warmup) ||
        rv_json_text(&at, o, "data", m->data, sizeof m->data) || read_optional_bool(&at, o, "cold", &m->cold) ||
        read_optional_bool(&at, o, "interleaved", &m->interleaved) || read_optional_bool(&at, o, "held", &m->held))
        return -1;
    return 0;
}

static int read_meta(const rv_json_place *at, const rv_json *root, rv_results_meta *m)
{
    char timing[128];
    if (read_format(at, root) || rv_json_text(at, root, "device", m->device, sizeof m->device) ||
        rv_json_text(at, root, "compute_capability", m->compute_capability, sizeof m->compute_capability) ||
        rv_json_text(at, root, "driver_version", m->driver_version, sizeof m->driver_version) ||
        rv_json_text(at, root, "runtime_version", m->runtime_version, sizeof m->runtime_version) ||
        rv_json_text(at, root, "date", m->date, sizeof m->date) ||
        rv_json_whole(at, root, "l2_cache_bytes", 0, UINT64_C(1) << 40, &m->l2_bytes) || read_options(at, root, m) ||
        rv_json_text(at, root, "timing", timing, sizeof timing) ||
        rv_json_number(at, root, "theoretical_gbps", 1, &m->theoretical_gbps) ||
        rv_json_text(at, root, "theoretical_source", m->theoretical_source, sizeof m->theoretical_source) ||
        rv_json_number(at, root, "measured_copy_gbps", 1, &m->measured_copy_gbps))
        return -1;
    if (!is_iso_date(m->date))
        return rv_json_fail_at(at, NULL, "\"date\" should look like 2025-01-31T12:34:56Z, not \"%s\"", m->date);
    return 0;
}

/* A run across GPUs: the collective and the times of its two steps (optional keys). */
static int read_multi(const rv_json_place *at, const rv_json *o, rv_result_run *run)
{
    const rv_json *nccl = NULL;
    if (has_key(o, "nccl") && rv_json_need(at, o, "nccl", RV_JSON_STRING, 1, &nccl)) return -1;
    if (nccl) {
        if (strcmp(nccl->text, "allreduce") && strcmp(nccl->text, "reduce"))
            return rv_json_fail_at(at, nccl, "unknown NCCL collective \"%.40s\" (expected allreduce or reduce)",
                                   nccl->text);
        snprintf(run->nccl, sizeof run->nccl, "%s", nccl->text);
    }
    if (run->gpus > 1 && !nccl)
        return rv_json_fail_at(at, NULL, "a run on %d GPUs names no \"nccl\" collective", run->gpus);
    if ((has_key(o, "kernel_ms") && rv_json_number(at, o, "kernel_ms", 1, &run->kernel_ms)) ||
        (has_key(o, "nccl_ms") && rv_json_number(at, o, "nccl_ms", 1, &run->nccl_ms)) ||
        (has_key(o, "speedup_1gpu") && rv_json_number(at, o, "speedup_1gpu", 1, &run->speedup_1gpu)))
        return -1;
    if (run->kernel_ms < 0 || run->nccl_ms < 0) return rv_json_fail_at(at, NULL, "a step's time is negative");
    return 0;
}

static int read_run(const rv_json_place *at, const rv_json *o, rv_result_run *run)
{
    const rv_json *block;
    uint64_t block_size = 0;
    memset(run, 0, sizeof *run);
    if (o->type != RV_JSON_OBJECT)
        return rv_json_fail_at(at, o, "a run should be an object, not %s", rv_json_type_name(o->type));
    if (rv_json_text(at, o, "version", run->version, sizeof run->version)) return -1;
    if (rv_results_variant_index(run->version) < 0)
        return rv_json_fail_at(at, NULL, "unknown version \"%s\" (expected one of %s, or cub)", run->version,
                               rv_version_list());
    if (rv_json_need(at, o, "block_size", RV_JSON_NUMBER, 1, &block) ||
        (block && rv_json_whole(at, o, "block_size", 1, 1024, &block_size)))
        return -1;
    run->block_size = (int)block_size;
    run->gpus = 1; /* a file from before `--gpus`: one GPU */
    run->kernel_ms = run->nccl_ms = run->speedup_1gpu = NAN;
    if (has_key(o, "gpus") && rv_json_int(at, o, "gpus", 1, RV_RESULTS_MAX_GPUS, &run->gpus)) return -1;
    if (read_multi(at, o, run)) return -1;
    /* each GPU's slice is at most 2^31 (the kernels' unsigned n) */
    if (rv_json_whole(at, o, "n", 1, (uint64_t)RV_MAX_N * run->gpus, &run->n) ||
        read_time(at, o, "median_ms", &run->median_ms) || read_time(at, o, "min_ms", &run->min_ms) ||
        read_optional_time(at, o, "q1_ms", &run->q1_ms) || read_optional_time(at, o, "q3_ms", &run->q3_ms) ||
        read_optional_time(at, o, "max_ms", &run->max_ms) || rv_json_number(at, o, "gbps", 1, &run->gbps) ||
        rv_json_number(at, o, "pct_theoretical", 1, &run->pct_theoretical) ||
        rv_json_number(at, o, "pct_copy", 1, &run->pct_copy) ||
        rv_json_number(at, o, "measured_copy_gbps", 1, &run->copy_gbps) ||
        rv_json_number(at, o, "speedup_v0", 1, &run->speedup_v0) ||
        rv_json_number(at, o, "speedup_prev", 1, &run->speedup_prev) ||
        rv_json_number(at, o, "gpu_sum", 1, &run->gpu_sum) || rv_json_number(at, o, "cpu_sum", 1, &run->cpu_sum) ||
        rv_json_bool(at, o, "correct", &run->correct))
        return -1;
    return 0;
}

static int read_runs(const rv_json_place *top, const rv_json *root, rv_results *r)
{
    const rv_json *runs;
    if (rv_json_need(top, root, "runs", RV_JSON_ARRAY, 0, &runs)) return -1;
    if (runs->nkids > RV_RESULTS_MAX_RUNS) return rv_json_fail_at(top, runs, "more than %d runs", RV_RESULTS_MAX_RUNS);
    for (int i = 0; i < runs->nkids; i++) {
        char where[32];
        snprintf(where, sizeof where, "runs[%d]: ", i);
        rv_json_place at = {where, top->err, top->errlen};
        rv_result_run run;
        if (read_run(&at, &runs->kids[i], &run)) return -1;
        if (rv_results_find_gpus(r, run.version, run.n, run.gpus, run.nccl)) {
            char name[32];
            rv_results_n_name(run.n, name, sizeof name);
            return rv_json_fail_at(&at, &runs->kids[i], "a second run of %s at N = %s on %d GPU%s", run.version, name,
                                   run.gpus, run.gpus > 1 ? "s" : "");
        }
        if (rv_results_add(r, &run)) return rv_json_fail_at(&at, NULL, "out of memory");
    }
    return 0;
}

/* The tree onto a new rv_results; NULL with the reason in why. */
static rv_results *from_tree(const rv_json *root, char *why, size_t whylen)
{
    rv_json_place top = {"", why, whylen};
    rv_results_meta meta;
    rv_results *r;
    memset(&meta, 0, sizeof meta);
    if (read_meta(&top, root, &meta)) return NULL;
    if (!(r = rv_results_new(&meta))) {
        snprintf(why, whylen, _("out of memory"));
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
    rv_json root;
    rv_results *r = NULL;
    memset(&root, 0, sizeof root);
    if (!rv_json_parse(text, len, &root, why, sizeof why)) r = from_tree(&root, why, sizeof why);
    rv_json_free(&root);
    if (!r) snprintf(err, errlen, "%s: %s", name, why);
    return r;
}

rv_results *rv_results_load(const char *path, char *err, size_t errlen)
{
    char why[400] = "";
    size_t len = 0;
    char *text = rv_json_read_file(path, &len, why, sizeof why);
    rv_results *r = NULL;
    if (text)
        r = rv_results_parse(text, len, path, err, errlen);
    else
        snprintf(err, errlen, "%s: %s", path, why);
    free(text);
    return r;
}
