/* test_verify_record.c — the recorded hardware cross-check (FILE, written by
 * `reducevis verify` on a GPU) against the bar: the trace analysis
 * predicts every shared-memory instruction and every conflict the
 * instructions' own addresses cause exactly; where the L1 counter differs,
 * loads stay within 5% or the reason is given; racecheck flags v4 and passes
 * v4s.  Also: the reader refuses broken files. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/verify_record.h"
#include "core/versions.h"

/* Whether version `name` is in the comma-separated list `pending`: versions
 * written after this GPU was last lent, so not yet recorded on it. */
static int pending_on_this_gpu(const char *pending, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = pending; p && *p; p += strcspn(p, ","), p += *p == ',')
        if (strcspn(p, ",") == len && !strncmp(p, name, len)) return 1;
    return 0;
}

static void test_recorded(const char *path, const char *pending)
{
    char err[512];
    rv_verify_record *cc = rv_verify_load(path, err, sizeof err);
    CHECK(cc != NULL, "%s", err);
    if (!cc) return;
    int exact = 0;
    for (int i = 0; i < cc->nrows; i++) {
        const rv_verify_row *r = &cc->rows[i];
        if (isnan(r->measured)) continue;
        int own = !strncmp(r->metric, "wavefronts - ", 13) || !strncmp(r->metric, "smsp__sass_", 11);
        if (own) {
            CHECK(r->measured == r->predicted, "%s B=%d %s: predicted %.0f, measured %.0f", r->version,
                  r->block_size, r->metric, r->predicted, r->measured);
            exact++;
        } else if (!strcmp(r->metric, RV_VERIFY_LD_CONFLICTS_L1) || !strcmp(r->metric, RV_VERIFY_ST_CONFLICTS_L1)) {
            int close = r->predicted > 0 && fabs(r->measured - r->predicted) <= 0.05 * r->predicted;
            CHECK(close || r->measured == r->predicted || r->note[0], "%s B=%d %s differs without a reason",
                  r->version, r->block_size, r->metric);
        }
    }
    /* every version of the table was profiled at the block sizes verify uses */
    int present = 0;
    for (int v = 0; v < RV_NUM_VERSIONS; v++) {
        int found = rv_verify_find(cc, rv_version_name(v), 256, RV_VERIFY_ST_CONFLICTS_OWN) != NULL;
        present += found;
        if (!found && pending_on_this_gpu(pending, rv_version_name(v))) {
            /* said, not passed over: test.sh prints every SKIPPED line */
            printf("SKIPPED: %s is not in %s yet: record it on that GPU (`reducevis record`) to check it\n",
                   rv_version_name(v), path);
            continue;
        }
        CHECK(!found || !pending_on_this_gpu(pending, rv_version_name(v)),
              "%s is recorded in %s: take it off the pending list in tests/CMakeLists.txt", rv_version_name(v), path);
        CHECK(found, "%s missing: run `reducevis verify` on a GPU to record it", rv_version_name(v));
    }
    CHECK(exact >= 6 * 3 * present - 6, "only %d exact rows", exact); /* v4..v6, v4s lack B=32 only */
    const rv_verify_race *v4 = rv_verify_race_of(cc, "v4"), *v4s = rv_verify_race_of(cc, "v4s");
    CHECK(v4 && v4->hazards > 0, "racecheck finds v4's warp-synchronous hazard");
    CHECK(v4s && v4s->hazards == 0 && v4s->errors == 0 && v4s->warnings == 0, "racecheck passes v4s");
    rv_verify_free(cc);
}

static void test_broken(void)
{
    static const char good[] =
        "{\"format\": \"reducevis-verify\", \"format_version\": 1, \"device\": \"X\", \"date\": \"2026-01-01T00:00:00Z\","
        " \"n\": 1024, \"rows\": [{\"version\": \"v1\", \"block_size\": 256, \"grid\": 4, \"metric\": \"m\","
        " \"predicted\": 2, \"measured\": null, \"note\": null}], \"racecheck\": []}";
    char err[512];
    rv_verify_record *cc = rv_verify_parse(good, strlen(good), err, sizeof err);
    CHECK(cc && cc->nrows == 1 && isnan(cc->rows[0].measured) && cc->rows[0].grid == 4, "%s", err);
    CHECK(cc && rv_verify_find(cc, "v1", 256, "m") && !rv_verify_find(cc, "v1", 128, "m"), "find");
    rv_verify_free(cc);
    for (size_t cut = 0; cut < sizeof good - 1; cut += 7) {
        cc = rv_verify_parse(good, cut, err, sizeof err);
        CHECK(cc == NULL, "a file cut at %zu was accepted", cut);
        rv_verify_free(cc);
    }
    cc = rv_verify_parse("{\"format\": \"other\"}", 19, err, sizeof err);
    CHECK(cc == NULL, "another format accepted");
    CHECK_CONTAINS(err, "not a reducevis verify file");
}

int main(int argc, char **argv)
{
    test_broken();
    if (argc > 1) test_recorded(argv[1], argc > 2 ? argv[2] : NULL);
    return check_report();
}
