/* args.c — what every command shares on its command line (args.h). */
#include "args.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "i18n.h"
#include "versions.h"

int rv_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "reducevis %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, _("\n(see `reducevis %s --help`)\n"), cmd);
    return RV_EXIT_USAGE;
}

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

int rv_parse_config_option(int argc, char **argv, int i, rv_config *cfg, const char *cmd)
{
    const char *opt = argv[i];
    /* --kernel: the same as --version V, a name that cannot be read as
     * `reducevis --version` (the program's version). */
    int known = !strcmp(opt, "--version") || !strcmp(opt, "--kernel") || !strcmp(opt, "--block-size") || !strcmp(opt, "--n") ||
                !strcmp(opt, "--block") || !strcmp(opt, "--data") || !strcmp(opt, "--grid");
    if (!known) return 0;
    if (i + 1 >= argc) {
        rv_usage_error(cmd, _("%s needs a value"), opt);
        return -1;
    }
    const char *val = argv[i + 1];
    uint64_t x;
    if (!strcmp(opt, "--version") || !strcmp(opt, "--kernel")) {
        if ((cfg->version = rv_version_parse(val)) < 0) {
            rv_usage_error(cmd, _("unknown version '%s' (expected one of %s; see `reducevis versions`)"), val, rv_version_list());
            return -1;
        }
    } else if (!strcmp(opt, "--block-size")) {
        if (rv_parse_u64(val, &x) || x == 0 || x > 1024 || (x & (x - 1))) {
            rv_usage_error(cmd, _("block size '%s' must be a power of two from 32 to 1024"), val);
            return -1;
        }
        cfg->block_size = (int)x;
    } else if (!strcmp(opt, "--n")) {
        if (rv_parse_u64(val, &x) || x == 0 || x > RV_MAX_N) {
            rv_usage_error(cmd, _("N '%s' must be a whole number from 1 to 2^31 (e.g. 1000003 or 2^25)"), val);
            return -1;
        }
        cfg->n = x;
    } else if (!strcmp(opt, "--block")) {
        if (rv_parse_u64(val, &x) || x > UINT32_MAX) {
            rv_usage_error(cmd, _("block '%s' must be a block index (0, 1, ...)"), val);
            return -1;
        }
        cfg->block = (uint32_t)x;
    } else if (!strcmp(opt, "--grid")) {
        if (rv_parse_u64(val, &x) || x == 0 || x > UINT32_MAX) {
            rv_usage_error(cmd, _("grid '%s' must be a number of blocks (1, 2, ...)"), val);
            return -1;
        }
        cfg->grid = (uint32_t)x;
    } else {
        char err[160];
        if (rv_data_parse(val, &cfg->data, err, sizeof err)) {
            rv_usage_error(cmd, "%s", err);
            return -1;
        }
    }
    return 2;
}

void rv_print_padded(const char *s, int cols)
{
    int used = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if ((*p & 0xC0) == 0x80)
            continue;                       /* continuation byte */
        used += *p >= 0xE3 && *p <= 0xEF ? 2 : 1;   /* U+3000.. in three bytes: wide */
    }
    fputs(s, stdout);
    for (; used < cols; used++)
        putchar(' ');
}

