/* check_report.c — check's speed, its judged trace and its summary file
 * (check_report.h).  Both files are written to a temporary name beside
 * the final one and renamed, as `trace` writes its traces: whoever reads
 * them (the class's worker) never sees half of one. */
#define _GNU_SOURCE
#include "check_report.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/i18n.h"
#include "core/json.h"
#include "core/versions.h"

check_speed check_speed_of(const rv_trace *tr, double mark_ms)
{
    check_speed s = {0};
    if (tr->version != RV_VERSION_OWN || tr->own_ms <= 0) return s;
    double bytes = (double)tr->n * sizeof(float);
    s.ms = tr->own_ms;
    s.gbps = bytes / (s.ms * 1e6);
    if (mark_ms > 0) {
        s.mark_ms = mark_ms;
        s.mark_gbps = bytes / (mark_ms * 1e6);
        s.percent = 100.0 * mark_ms / s.ms;
    }
    return s;
}

static const char *rule_name(rv_rule r)
{
    static const char *const names[RV_RULE_COUNT] = {
        "own",       "sum",    "calls",     "reads", "whole", "converged", "conflict_free", "two_per_thread",
        "half_grid", "synced", "warp_tail", "timed", "fast"};
    return r >= 0 && r < RV_RULE_COUNT ? names[r] : "?";
}

/* ,"seconds":{"compile":X,...}: null for a stage not run (a wait none
 * waited); then ,"serialised":[...], the stages one check at a time */
static void seconds_json(FILE *f, const check_seconds *t)
{
    const struct {
        const char *key;
        double s;
    } stage[] = {{"compile", t->compile},         {"traced_run", t->traced_run}, {"disassembly", t->disassembly},
                 {"timed_run", t->timed_run},     {"trace", t->trace},           {"mark", t->mark},
                 {"wait_shared", t->wait_shared}, {"wait_alone", t->wait_alone}, {"whole", t->whole}};
    static const char *const serialised[] = CHECK_SERIALISED;
    fputs(",\"seconds\":{", f);
    for (size_t i = 0; i < sizeof stage / sizeof stage[0]; i++) {
        fprintf(f, "%s\"%s\":", i ? "," : "", stage[i].key);
        if (stage[i].s > 0)
            fprintf(f, "%.3f", stage[i].s);
        else
            fputs("null", f);
    }
    fputs("},\"serialised\":[", f);
    for (size_t i = 0; i < sizeof serialised / sizeof serialised[0]; i++)
        fprintf(f, "%s\"%s\"", i ? "," : "", serialised[i]);
    fputc(']', f);
}

static void summary_json(FILE *f, const void *arg)
{
    const check_summary *s = arg;
    int judged = !s->reason && s->res;
    fprintf(f, "{\"exercise\":%d,\"pass\":%s,\"verified\":%s,\"reason\":", s->exercise,
            judged && s->res->pass ? "true" : "false", judged && s->verified ? "true" : "false");
    if (s->reason)
        rv_json_string(f, s->reason);
    else
        fputs("null", f);
    fputs(",\"data\":", f);
    if (judged && s->data[0])
        rv_json_string(f, s->data);
    else
        fputs("null", f);
    fputs(",\"rules\":[", f);
    for (int i = 0; judged && i < s->res->nrules; i++) {
        const rv_rule_result *r = &s->res->rules[i];
        fprintf(f, "%s{\"name\":\"%s\",\"ok\":%s}", i ? "," : "", rule_name(r->rule),
                !r->judged ? "null"
                : r->ok    ? "true"
                           : "false");
    }
    fputc(']', f);
    rv_json_measure(f, "ms", s->speed.ms);
    rv_json_measure(f, "gbps", s->speed.gbps);
    fputs(",\"mark\":", f);
    rv_json_string(f, rv_version_name(rv_rules_mark_version()));
    rv_json_measure(f, "mark_ms", s->speed.mark_ms);
    rv_json_measure(f, "mark_gbps", s->speed.mark_gbps);
    rv_json_measure(f, "percent_of_mark", s->speed.percent);
    seconds_json(f, &s->seconds);
    fputs(",\"gpu\":", f);
    if (s->gpu[0])
        rv_json_string(f, s->gpu);
    else
        fputs("null", f);
    fputs("}\n", f);
}

void check_gpu_name(char *out, size_t len)
{
    char models[16][RV_GPU_MODEL_LEN];
    int n = rv_gpu_list(models, 16), same = n > 0;
    for (int i = 1; i < n; i++) same = same && !strcmp(models[i], models[0]);
    out[0] = 0;
    if (same) { /* one model on this machine: whichever CUDA picks */
        snprintf(out, len, "%s", models[0]);
        return;
    }
    const char *visible = getenv("CUDA_VISIBLE_DEVICES"), *order = getenv("CUDA_DEVICE_ORDER");
    char *end;
    long k = visible && *visible >= '0' && *visible <= '9' ? strtol(visible, &end, 10) : -1;
    if (k >= 0 && k < n && (*end == 0 || *end == ',') && order && !strcmp(order, "PCI_BUS_ID"))
        snprintf(out, len, "%s", models[k]);
}

/* write(f, arg) into path.part, then renamed to path. */
static int write_whole(const char *path, void (*write)(FILE *, const void *), const void *arg, char *err, size_t errlen)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.part", path);
    FILE *f = fopen(tmp, "w");
    if (f) {
        write(f, arg);
        int ok = !ferror(f);
        if (fclose(f) == 0 && ok && rename(tmp, path) == 0) return 0;
    }
    snprintf(err, errlen, _("cannot write %s: %s"), path, strerror(errno));
    remove(tmp);
    return -1;
}

int check_summary_write(const char *path, const check_summary *s, char *err, size_t errlen)
{
    return write_whole(path, summary_json, s, err, errlen);
}

int check_trace_write(const char *path, const rv_trace *tr, char *err, size_t errlen)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.part", path);
    if (rv_trace_save(tr, tmp, err, errlen) == 0) {
        if (rename(tmp, path) == 0) return 0;
        snprintf(err, errlen, _("cannot write %s: %s"), path, strerror(errno));
    }
    remove(tmp);
    return -1;
}

int check_target_ok(const char *path, char *err, size_t errlen)
{
    char copy[4200];
    struct stat st;
    snprintf(copy, sizeof copy, "%s", path);
    const char *dir = dirname(copy);
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, _("cannot write %s: it is a folder"), path);
        return -1;
    }
    if (access(dir, W_OK) != 0) {
        snprintf(err, errlen, _("cannot write %s: %s: %s"), path, dir, strerror(errno));
        return -1;
    }
    return 0;
}
