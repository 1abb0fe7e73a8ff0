/* sass.c — reads nvdisasm's listing of the traced kernel: offsets, source
 * lines (the `//## File "...", line N inlined at ...` comments -gi prints
 * before an instruction) and shuffles' operands. */
#include "own/records/sass.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/i18n.h"

/* The first `File "F", line N` of a comment (or of its `inlined at` chain)
 * whose F names `file`, in any folder (the listing keeps the folder of the
 * machine that compiled it); 0 when there is none. */
static uint32_t line_in_file(const char *s, const char *eol, const char *file)
{
    const char *slash = strrchr(file, '/');
    if (slash) file = slash + 1;
    size_t flen = strlen(file);
    for (const char *p = s; p && p < eol;) {
        const char *q = strstr(p, "\"");
        if (!q || q >= eol) break;
        const char *end = memchr(q + 1, '"', (size_t)(eol - q - 1));
        if (!end) break;
        const char *ln = strstr(end, "line ");
        if (!ln || ln >= eol) break;
        size_t len = (size_t)(end - q - 1);
        if (len >= flen && !memcmp(end - flen, file, flen) && (len == flen || end[-(long)flen - 1] == '/'))
            return (uint32_t)strtoul(ln + 5, NULL, 10);
        p = ln + 5;
    }
    return 0;
}

/* A shuffle's kind and immediate lane operand: SHFL.DOWN PT, R7, R2, 0x10, 0x1f */
static void parse_shfl(const char *op, const char *eol, rv_sass_insn *in)
{
    static const struct {
        const char *name;
        rv_shfl_mode mode;
    } kinds[] = {
        {"SHFL.DOWN", RV_SHFL_DOWN}, {"SHFL.UP", RV_SHFL_UP}, {"SHFL.BFLY", RV_SHFL_BFLY}, {"SHFL.IDX", RV_SHFL_IDX}};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        size_t n = strlen(kinds[k].name);
        if (strncmp(op, kinds[k].name, n) != 0) continue;
        in->shfl = (uint8_t)kinds[k].mode;
        in->shfl_arg = -1;
        /* operands: predicate, destination, source, lane, clamp */
        const char *p = op;
        for (int comma = 0; comma < 3 && p && p < eol; comma++)
            p = memchr(p, ',', (size_t)(eol - p)), p = p ? p + 1 : NULL;
        while (p && p < eol && *p == ' ') p++;
        if (p && p + 2 < eol && p[0] == '0' && p[1] == 'x')
            in->shfl_arg = (int32_t)strtol(p, NULL, 16);
        else if (p && p < eol && *p >= '0' && *p <= '9')
            in->shfl_arg = (int32_t)strtol(p, NULL, 10);
        return;
    }
}

/* ATOMS.CAS, ATOMS.CAST.SPIN, ATOM.E.CAS, ATOMG.E.CAS.STRONG.GPU ... */
static uint8_t is_cas(const char *op, const char *eol)
{
    if (strncmp(op, "ATOM", 4) != 0) return 0;
    for (const char *p = op; p + 4 <= eol && *p != ' '; p++)
        if (!strncmp(p, ".CAS", 4)) return 1;
    return 0;
}

int rv_sass_parse(const char *text, const char *func, const char *file, rv_sass *out, char *err, size_t errlen)
{
    char head[600];
    snprintf(head, sizeof head, ".text.%s:", func);
    const char *p = strstr(text, head);
    out->insn = NULL;
    out->n = 0;
    if (!p) {
        snprintf(err, errlen, _("the kernel %s is not in the disassembly"), func);
        return -1;
    }
    size_t cap = 256;
    out->insn = malloc(cap * sizeof *out->insn);
    if (!out->insn) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    uint32_t line = 0, group = 0; /* group: the line the current comments name */
    int in_group = 0;
    for (p = strchr(p, '\n'); p && *p;) {
        p++;
        const char *eol = strchr(p, '\n');
        if (!eol) eol = p + strlen(p);
        const char *s = p;
        while (s < eol && (*s == ' ' || *s == '\t')) s++;
        if (!strncmp(s, "//--", 4) || !strncmp(s, ".section", 8)) break; /* the next function */
        if (!strncmp(s, "//## File", 9)) {
            if (!in_group) {
                group = 0;
                in_group = 1;
            }
            if (!group) group = line_in_file(s, eol, file);
        } else if (!strncmp(s, "/*", 2) && s + 2 < eol && strchr("0123456789abcdef", s[2])) {
            if (in_group && group) line = group;
            in_group = 0;
            if (out->n == cap) {
                rv_sass_insn *g = realloc(out->insn, (cap *= 2) * sizeof *g);
                if (!g) {
                    snprintf(err, errlen, "out of memory");
                    return -1;
                }
                out->insn = g;
            }
            rv_sass_insn *in = &out->insn[out->n++];
            memset(in, 0, sizeof *in);
            in->offset = (uint32_t)strtoul(s + 2, NULL, 16);
            in->line = line;
            const char *op = strstr(s, "*/");
            op = op ? op + 2 : eol;
            while (op < eol && (*op == ' ' || *op == '\t')) op++;
            if (*op == '@') {
                while (op < eol && *op != ' ') op++;
                while (op < eol && *op == ' ') op++;
            }
            parse_shfl(op, eol, in);
            in->cas = is_cas(op, eol);
        }
        p = eol;
    }
    if (!out->n) {
        snprintf(err, errlen, _("the disassembly of %s holds no instruction"), func);
        return -1;
    }
    return 0;
}

const rv_sass_insn *rv_sass_at(const rv_sass *s, uint32_t offset)
{
    size_t lo = 0, hi = s->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (s->insn[mid].offset < offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < s->n && s->insn[lo].offset == offset ? &s->insn[lo] : NULL;
}

void rv_sass_free(rv_sass *s)
{
    free(s->insn);
    s->insn = NULL;
    s->n = 0;
}
