/* test_verify_predict.c — the trace analysis's whole-launch counts held to
 * counters Nsight Compute recorded on a GPU (FILE: a log of `ncu --csv` runs
 * of `reducevis profile-one`, sections "## ncu-VERSION-bBLOCK", the header
 * naming N as "N = 2^K"): for each section, the shared load and store
 * instructions and the loads of other blocks' shared memory (distributed
 * shared memory: v10's rank 0 reads three sums per cluster) must be what
 * rv_verify_predict says for the grid ncu saw. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/ncu_csv.h"
#include "model/verify_predict.h"
#include "model/model.h"

typedef struct section {
    char version[16];
    int block;
    double grid, ld, st, dsmem; /* -1: not in the log */
} section;

static int read_log(const char *path, uint64_t *n, section *s, int most)
{
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f) return 0;
    char line[4096];
    int count = -1, k = 0;
    rv_ncu_csv csv;
    rv_ncu_csv_begin(&csv);
    *n = 0;
    while (fgets(line, sizeof line, f)) {
        const char *pow = strstr(line, "N = 2^");
        if (line[0] == '#' && line[1] != '#' && pow && sscanf(pow, "N = 2^%d", &k) == 1) *n = 1ull << k;
        if (!strncmp(line, "## ncu-", 7) && count + 1 < most) {
            section *c = &s[++count];
            rv_ncu_csv_begin(&csv); /* each run's own header */
            memset(c, 0, sizeof *c);
            c->grid = c->ld = c->st = c->dsmem = -1;
            char *b = strstr(line + 7, "-b");
            if (b) {
                snprintf(c->version, sizeof c->version, "%.*s", (int)(b - (line + 7)), line + 7);
                c->block = atoi(b + 2);
            }
            continue;
        }
        const char *name;
        double x;
        if (count < 0 || !rv_ncu_csv_row(&csv, line, &name, &x)) continue;
        section *c = &s[count];
        if (!strcmp(name, "launch__grid_size")) c->grid = x;
        if (!strcmp(name, "smsp__sass_inst_executed_op_shared_ld.sum")) c->ld = x;
        if (!strcmp(name, "smsp__sass_inst_executed_op_shared_st.sum")) c->st = x;
        if (!strcmp(name, "smsp__sass_inst_executed_op_dshared_ld.sum")) c->dsmem = x;
    }
    fclose(f);
    return count + 1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_verify_predict NCU_LOG\n");
        return 2;
    }
    section s[16];
    uint64_t n;
    int count = read_log(argv[1], &n, s, 16), v10 = 0;
    CHECK(count > 0 && n > 0, "%s: no sections, or no N in its header", argv[1]);
    for (int i = 0; i < count; i++) {
        int v = rv_version_parse(s[i].version);
        CHECK(v >= 0 && s[i].grid > 0 && s[i].ld >= 0 && s[i].st >= 0 && s[i].dsmem >= 0,
              "section %d (%s, block %d): a version and every counter", i, s[i].version, s[i].block);
        if (v < 0 || s[i].grid <= 0) continue;
        char err[512];
        rv_prediction p;
        rv_config cfg = {v, s[i].block, n, 0, {RV_DATA_ONES, 0}, (uint32_t)s[i].grid};
        if (rv_config_check(&cfg, err, sizeof err)) { /* a grid too small to trace: said, not predicted */
            printf("SKIPPED: %s B=%d grid %.0f: %s\n", s[i].version, s[i].block, s[i].grid, err);
            continue;
        }
        int ok = rv_verify_predict(v, s[i].block, n, (uint32_t)s[i].grid, &p, err, sizeof err) == 0;
        CHECK(ok, "%s B=%d: %s", s[i].version, s[i].block, err);
        if (!ok) continue;
        printf("%s B=%d grid %.0f: shared loads %.0f/%.0f, stores %.0f/%.0f, other blocks' %.0f/%.0f (predicted/ncu)\n",
               s[i].version, s[i].block, s[i].grid, p.ld_inst, s[i].ld, p.st_inst, s[i].st, p.dsmem_ld_inst, s[i].dsmem);
        CHECK(p.ld_inst == s[i].ld, "%s B=%d: shared load instructions %.0f, ncu %.0f", s[i].version, s[i].block,
              p.ld_inst, s[i].ld);
        CHECK(p.st_inst == s[i].st, "%s B=%d: shared store instructions %.0f, ncu %.0f", s[i].version, s[i].block,
              p.st_inst, s[i].st);
        CHECK(p.dsmem_ld_inst == s[i].dsmem, "%s B=%d: loads of other blocks' shared memory %.0f, ncu %.0f",
              s[i].version, s[i].block, p.dsmem_ld_inst, s[i].dsmem);
        v10 += v == RV_V10 && s[i].dsmem > 0;
    }
    CHECK(v10 > 0, "the log has v10 reading other blocks' shared memory");
    return check_report();
}
