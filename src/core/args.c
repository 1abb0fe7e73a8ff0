/* args.c — what every command shares on its command line (args.h). */
#include "args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "i18n.h"
#include "trace.h"
#include "versions.h"

int rv_parse_u64(const char *s, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+') return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno) return -1;
    if (*end == '^' && v == 2) { /* 2^K */
        const char *k = end + 1;
        if (*k < '0' || *k > '9') return -1;
        unsigned long long e = strtoull(k, &end, 10);
        if (*end || e > 62) return -1;
        *out = 1ull << e;
        return 0;
    }
    if (*end) return -1;
    *out = v;
    return 0;
}

const rv_opt rv_version_opts[] = {
    {RV_CFG_VERSION, "version", 0, "V", N_("a version's name (see `reducevis versions`)"), "@version"},
    /* --kernel: the same as --version V, a name that cannot be read as
     * `reducevis --version` (the program's version) */
    {RV_CFG_VERSION, "kernel", 0, "V", NULL, "@version"},
    {RV_CFG_GRID, "grid", 0, "G",
     N_("a version whose grid fills the GPU only: blocks in the grid,\n"
        "1 .. N / (4 x B) rounded up, to whole clusters for a version\n"
        "launched in clusters; by default\n"
        "capture fills the GPU it runs on and simulate assumes an H100/H200\n"
        "(132 SMs x 2048 threads); the other versions' grid follows from N"),
     NULL},
    {0},
};

const rv_opt rv_run_opts[] = {
    {RV_CFG_BLOCK_SIZE, "block-size", 0, "B",
     N_("threads per block, a power of two 32..1024 (default 256;\n"
        "a version whose last warp reads sdata[tid + 32] needs 64)"),
     NULL},
    {RV_CFG_N, "n", 0, "N", N_("elements in the array, 1 .. 2^31 (default 2^25; 2^K accepted)"), NULL},
    {RV_CFG_BLOCK, "block", 0, "K", N_("which block to trace (default 0)"), NULL},
    {RV_CFG_DATA, "data", 0, "PATTERN", N_("input values (default ones)"), RV_DATA_WORDS},
    {0},
};

int rv_config_apply(const rv_opts *p, rv_config *cfg)
{
    const char *val = p->value;
    uint64_t x;
    switch (p->opt->id) {
    case RV_CFG_VERSION:
        if ((cfg->version = rv_version_parse(val)) < 0)
            return rv_opts_bad(p, _("unknown version '%s' (expected one of %s; see `reducevis versions`)"), val,
                               rv_version_list());
        return 0;
    case RV_CFG_BLOCK_SIZE:
        if (rv_parse_u64(val, &x) || x == 0 || x > 1024 || (x & (x - 1)))
            return rv_opts_bad(p, _("block size '%s' must be a power of two from 32 to 1024"), val);
        cfg->block_size = (int)x;
        return 0;
    case RV_CFG_N:
        if (rv_parse_u64(val, &x) || x == 0 || x > RV_MAX_N)
            return rv_opts_bad(p, _("N '%s' must be a whole number from 1 to 2^31 (e.g. 1000003 or 2^25)"), val);
        cfg->n = x;
        return 0;
    case RV_CFG_BLOCK:
        if (rv_parse_u64(val, &x) || x > UINT32_MAX)
            return rv_opts_bad(p, _("block '%s' must be a block index (0, 1, ...)"), val);
        cfg->block = (uint32_t)x;
        return 0;
    case RV_CFG_GRID:
        if (rv_parse_u64(val, &x) || x == 0 || x > UINT32_MAX)
            return rv_opts_bad(p, _("grid '%s' must be a number of blocks (1, 2, ...)"), val);
        cfg->grid = (uint32_t)x;
        return 0;
    case RV_CFG_DATA: {
        char err[160];
        if (rv_data_parse(val, &cfg->data, err, sizeof err)) return rv_opts_bad(p, "%s", err);
        return 0;
    }
    default: return rv_opts_bad(p, _("unknown option '%s'"), p->word);
    }
}

void rv_print_padded(const char *s, int cols)
{
    int used = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if ((*p & 0xC0) == 0x80) continue;        /* continuation byte */
        used += *p >= 0xE3 && *p <= 0xEF ? 2 : 1; /* U+3000.. in three bytes: wide */
    }
    fputs(s, stdout);
    for (; used < cols; used++) putchar(' ');
}
