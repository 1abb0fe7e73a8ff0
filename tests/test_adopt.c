/* test_adopt.c — capture of a kernel without trace macros, from the
 * recordings: each shipped kernel traced unchanged on a GPU (assets/traces/
 * own/DEVICE-own-V-b256-random1.rvt) is adopted as its version's trace
 * exactly when its kernel file carries no trace macros, and the adopted trace
 * equals the bundled capture of the same run (assets/traces/DEVICE-V-b256-
 * random1.rvt) event for event.  A kernel that keeps its macros is refused
 * with the difference that keeps them.  A recording changed in one value,
 * one read, one line or its sum is refused, naming what differs.  The
 * adopted traces, and no others, say they were traced unchanged.
 * Usage: test_adopt ASSETS/traces */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "model/model.h"
#include "model/trace_read.h"
#include "own/records/adopt.h"
#include "core/trace.h"
#include "core/versions.h"

/* The version whose kernel file an own trace came from, or -1. */
static int version_of(const rv_trace *tr)
{
    for (int k = 0; rv_version_at(k); k++)
        if (tr->own_name && !strcmp(rv_version_at(k)->file, tr->own_name)) return rv_version_at(k)->id;
    return -1;
}

/* Adopting a changed copy of an adoptable recording must fail, naming why. */
static void refused_when_changed(const char *path, int v)
{
    char err[600];
    struct { const char *what, *said; } cases[] = {
        {"value", "value"}, {"read", "reads"}, {"line", "executed or source line"}, {"sum", "wrong sum"}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        rv_trace *tr = rv_trace_load(path, err, sizeof err);
        if (!tr) return;
        rv_event *e = NULL; /* the first tree level's thread 0: it reads two words */
        for (int s = 1; s < tr->nsteps && !e; s++)
            if (rv_trace_event(tr, s, 0)->line && rv_trace_event(tr, s, 0)->nreads >= 2) e = rv_trace_event(tr, s, 0);
        CHECK(e != NULL, "%s: a step where thread 0 reads two words", path);
        if (!e) { rv_trace_free(tr); return; }
        if (!strcmp(cases[c].what, "value")) e->value += 1.0f;
        if (!strcmp(cases[c].what, "read")) e->nreads--;
        if (!strcmp(cases[c].what, "line")) e->line++;
        if (!strcmp(cases[c].what, "sum")) tr->own_flags |= RV_OWN_SUM_WRONG;
        rv_trace *a = rv_own_adopt(tr, v, err, sizeof err);
        CHECK(a == NULL && strstr(err, cases[c].said), "%s with one %s changed: adopted, or not for that reason (%s)",
              path, cases[c].what, a ? "adopted" : err);
        rv_trace_free(a);
        rv_trace_free(tr);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_adopt ASSETS/traces\n");
        return 2;
    }
    char dir[4096], path[8300], bundled[8300], err[600], msg[600];
    snprintf(dir, sizeof dir, "%s/own", argv[1]);
    DIR *d = opendir(dir);
    CHECK(d != NULL, "cannot open %s", dir);
    int adopted = 0, kept = 0, changed_tried = 0;
    for (struct dirent *de; d && (de = readdir(d));) {
        const char *at = strstr(de->d_name, "-own-v");
        if (!at || !strstr(de->d_name, "-random1.rvt")) continue;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        /* the bundled capture of the same run: the name without "-own" */
        snprintf(bundled, sizeof bundled, "%s/%.*s%s", argv[1], (int)(at - de->d_name), de->d_name, at + 4);
        rv_trace *own = rv_trace_load(path, err, sizeof err);
        CHECK(own != NULL, "%s: %s", path, err);
        if (!own) continue;
        int v = version_of(own);
        CHECK(v >= 0, "%s: traced from %s, no shipped kernel", path, own->own_name ? own->own_name : "?");
        if (v < 0) { rv_trace_free(own); continue; }
        rv_trace *a = rv_own_adopt(own, v, err, sizeof err);
        if (rv_version_has_macros(v)) {
            kept++;
            CHECK(a == NULL && strstr(err, rv_version_name(v)),
                  "%s: %s keeps its trace macros, but the tracer's trace was adopted", path, rv_version_name(v));
            if (!a) printf("%s keeps its macros: %s\n", rv_version_name(v), err);
            rv_trace *cap = rv_trace_load(bundled, err, sizeof err);
            CHECK(cap && !rv_trace_unchanged(cap), "%s, captured through its macros, says it was traced unchanged",
                  bundled);
            rv_trace_free(cap);
        } else {
            adopted++;
            CHECK(a != NULL, "%s: %s has no trace macros, but: %s", path, rv_version_name(v), err);
            rv_trace *cap = rv_trace_load(bundled, err, sizeof err);
            CHECK(cap != NULL, "the bundled capture %s: %s", bundled, err);
            if (a && cap) {
                CHECK(rv_trace_compare(a, cap, msg, sizeof msg) == 0, "%s adopted vs %s: %s", path, bundled, msg);
                CHECK(a->version == v && a->origin_kind == RV_ORIGIN_GPU && !a->own_name &&
                          a->source_hash == rv_version_source_hash(v) && !strcmp(a->origin, own->origin),
                      "%s: adopted as %s from %s, an ordinary GPU trace of the kernel as it is now", path,
                      rv_version_name(v), own->origin);
            }
            if (cap) {
                CHECK(rv_trace_unchanged(cap), "%s does not say it was traced unchanged", bundled);
                cap->source_hash ^= 1; /* recorded from another text of the kernel: no longer known */
                CHECK(!rv_trace_unchanged(cap), "%s from another source says it was traced unchanged", bundled);
                rv_config c = {v, cap->block_size, cap->n, cap->traced_block, cap->data, cap->grid};
                rv_trace *cpu = rv_model_run(&c, err, sizeof err);
                CHECK(cpu && !rv_trace_unchanged(cpu), "the CPU model's trace of %s says it was traced", bundled);
                rv_trace_free(cpu);
            }
            rv_trace_free(cap);
            if (!changed_tried++) refused_when_changed(path, v);
        }
        rv_trace_free(a);
        rv_trace_free(own);
    }
    if (d) closedir(d);
    CHECK(adopted > 0 && kept > 0, "recordings of both kinds: %d adopted, %d keeping their macros", adopted, kept);
    rv_trace own = {.version = RV_VERSION_OWN};
    CHECK(rv_own_adopt(&own, RV_VERSION_OWN, err, sizeof err) == NULL, "a student's kernel is adopted as no version");
    printf("%d recordings adopted and equal to their bundled captures, %d refused (their kernels keep macros)\n",
           adopted, kept);
    return check_report();
}
