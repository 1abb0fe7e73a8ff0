/* nvcc_plan.c — `nvcc -dryrun`'s output read into a plan (nvcc_plan.h).
 *
 * nvcc runs each step through /bin/sh, so its lines are shell words: plain
 * words, "double-quoted" ones with \" inside, and $VARS from its own NAME=
 * lines ("$CICC_PATH/cicc").  This reader takes that much of the shell and
 * no more: a single quote, a backquote, a backslash outside quotes, a glob
 * or redirection character, a $VAR it was not told, is refused, and the
 * compile goes to plain nvcc.  nvcc's quoting is not exact (a file name
 * holding " or $ is printed half-escaped), which is why nvcc_split.c also
 * refuses such names before it asks.
 *
 * The shape it takes is the one of a single .cu file, from nvcc 12 and 13:
 *   host:   CC -E (no __CUDA_ARCH__)      -> FILE.cpp4.ii
 *           cudafe++ ... --gen_module_id_file --module_id_file_name ID
 *   device: CC -E -D__CUDA_ARCH__=...     -> FILE.cpp1.ii    (per arch)
 *           cicc ... --module_id_file_name ID                 (per arch)
 *           ptxas, fatbinary, rm
 *   after:  CC -c FILE.cudafe1.cpp, then whatever nvcc links with
 *           (nvlink, fatbinary, rm, CC)
 * The device lane only needs the module id from the host's: the caller
 * writes it first, so both run at once.  A device step that names a file
 * the host lane makes is refused: it would have to wait. */
#define _GNU_SOURCE
#include "own/nvcc/nvcc_plan.h"
#include "own/base/proc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- words ---------------------------------------------------------------- */

/* A growing string. */
typedef struct word {
    char *s;
    size_t n, cap;
} word;

static int put(word *w, const char *s, size_t n)
{
    if (w->n + n + 1 > w->cap) {
        size_t cap = (w->n + n + 1) * 2;
        char *s2 = realloc(w->s, cap);
        if (!s2) return -1;
        w->s = s2, w->cap = cap;
    }
    memcpy(w->s + w->n, s, n);
    w->s[w->n += n] = 0;
    return 0;
}

static int name_start(int c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
static int name_char(int c) { return name_start(c) || (c >= '0' && c <= '9'); }

/* Characters a word may hold unquoted: no glob, redirection, tilde,
 * comment, or anything else a shell would read. */
static int plain_char(int c) { return name_char(c) || (c && strchr("./+=,:@%-", c)); }

const char *rv_nvcc_plan_env(const rv_nvcc_plan *p, const char *name)
{
    size_t n = strlen(name);
    for (int i = p->nenv - 1; i >= 0; i--)
        if (!strncmp(p->env[i], name, n) && p->env[i][n] == '=') return p->env[i] + n + 1;
    return NULL;
}

/* $NAME or ${NAME} at *s, its value appended: 0, or -1.  Unquoted, a value
 * the shell would split or glob is refused. */
static int expand(const rv_nvcc_plan *p, const char **s, int quoted, word *w, char *why, size_t len)
{
    const char *q = *s + 1;
    int braced = *q == '{';
    q += braced;
    if (!name_start((unsigned char)*q)) return rv_fail(why, len, RV_FAILED, "a $ that names no variable");
    const char *start = q;
    while (name_char((unsigned char)*q)) q++;
    if (braced && *q++ != '}') return rv_fail(why, len, RV_FAILED, "a ${ without its }");
    char name[128];
    size_t n = (size_t)((braced ? q - 1 : q) - start);
    if (n >= sizeof name) return rv_fail(why, len, RV_FAILED, "a variable's name too long");
    memcpy(name, start, n);
    name[n] = 0;
    const char *v = rv_nvcc_plan_env(p, name);
    if (!v) return rv_fail(why, len, RV_FAILED, "$%s, which nvcc's plan does not set", name);
    for (const char *c = v; !quoted && *c; c++)
        if (!plain_char((unsigned char)*c))
            return rv_fail(why, len, RV_FAILED, "$%s unquoted, of a value a shell would split", name);
    *s = q;
    return put(w, v, strlen(v)) ? rv_fail(why, len, RV_FAILED, "out of memory") : 0;
}

/* One "..." part at *s (past its opening quote), appended: 0, or -1. */
static int quoted_part(const rv_nvcc_plan *p, const char **s, word *w, char *why, size_t len)
{
    const char *c = *s;
    for (;;) {
        if (!*c) return rv_fail(why, len, RV_FAILED, "a quote that does not end on its line");
        if (*c == '"') break;
        if (*c == '`') return rv_fail(why, len, RV_FAILED, "a backquote");
        if (*c == '$') {
            if (expand(p, &c, 1, w, why, len)) return -1;
            continue;
        }
        if (*c == '\\') {
            if (!c[1] || !strchr("\"\\$", c[1]))
                return rv_fail(why, len, RV_FAILED, "a backslash the shell would keep");
            c++;
        }
        if (put(w, c, 1)) return rv_fail(why, len, RV_FAILED, "out of memory");
        c++;
    }
    *s = c + 1;
    return 0;
}

/* The words of a command line, into a NULL-ended malloc'd argv: 0, or -1. */
static int split_words(const rv_nvcc_plan *p, const char *line, rv_plan_step *st, char *why, size_t len)
{
    char *args[RV_PLAN_MAX_ARGS];
    int n = 0, rc = 0;
    const char *c = line;
    while (rc == 0) {
        while (*c == ' ' || *c == '\t') c++;
        if (!*c) break;
        word w = {0};
        rc = put(&w, "", 0);
        while (rc == 0 && *c && *c != ' ' && *c != '\t') {
            if (*c == '"')
                c++, rc = quoted_part(p, &c, &w, why, len);
            else if (*c == '$')
                rc = expand(p, &c, 0, &w, why, len);
            else if (plain_char((unsigned char)*c))
                rc = put(&w, c++, 1);
            else
                rc = rv_fail(why, len, RV_FAILED, "a character the shell would read ('%c')", *c);
        }
        if (rc == 0 && n + 1 >= RV_PLAN_MAX_ARGS) rc = rv_fail(why, len, RV_FAILED, "a command of too many words");
        if (rc == 0)
            args[n++] = w.s;
        else
            free(w.s);
    }
    if (rc == 0 && n == 0) rc = rv_fail(why, len, RV_FAILED, "an empty command");
    if (rc == 0 && !(st->argv = malloc(sizeof(char *) * (size_t)(n + 1))))
        rc = rv_fail(why, len, RV_FAILED, "out of memory");
    if (rc) {
        for (int i = 0; i < n; i++) free(args[i]);
        return -1;
    }
    memcpy(st->argv, args, sizeof(char *) * (size_t)n);
    st->argv[n] = NULL;
    st->argc = n;
    return 0;
}

/* ---- the steps ------------------------------------------------------------ */

/* The tool a program name stands for: 0, or -1 for one not known. */
static int tool_of(const char *prog, rv_plan_tool *t)
{
    const char *base = strrchr(prog, '/');
    base = base ? base + 1 : prog;
    static const struct {
        const char *name;
        rv_plan_tool tool;
    } known[] = {
        {"cudafe++", RV_TOOL_CUDAFE}, {"cicc", RV_TOOL_CICC},
        {"ptxas", RV_TOOL_PTXAS},     {"fatbinary", RV_TOOL_FATBINARY},
        {"nvlink", RV_TOOL_NVLINK},   {"rm", RV_TOOL_RM},
        {"gcc", RV_TOOL_CC},          {"g++", RV_TOOL_CC},
        {"cc", RV_TOOL_CC},           {"c++", RV_TOOL_CC},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        size_t n = strlen(known[i].name);
        if (strncmp(base, known[i].name, n)) continue;
        /* gcc-12, g++-13: a host compiler of a version named */
        const char *v = base + n;
        if (*v == '-' && known[i].tool == RV_TOOL_CC) {
            v++;
            while (*v >= '0' && *v <= '9') v++;
            if (v == base + n + 1) continue;
        }
        if (*v) continue;
        *t = known[i].tool;
        return 0;
    }
    return -1;
}

/* The word after `opt` in the step (opt VALUE), or NULL. */
static const char *option(const rv_plan_step *st, const char *opt)
{
    for (int i = 1; i + 1 < st->argc; i++)
        if (!strcmp(st->argv[i], opt)) return st->argv[i + 1];
    return NULL;
}

static int has(const rv_plan_step *st, const char *word)
{
    for (int i = 1; i < st->argc; i++)
        if (!strcmp(st->argv[i], word)) return 1;
    return 0;
}

static int has_prefix(const rv_plan_step *st, const char *prefix)
{
    for (int i = 1; i < st->argc; i++)
        if (!strncmp(st->argv[i], prefix, strlen(prefix))) return 1;
    return 0;
}

/* Whether any word of the step holds `part`. */
static int mentions(const rv_plan_step *st, const char *part)
{
    for (int i = 0; i < st->argc; i++)
        if (strstr(st->argv[i], part)) return 1;
    return 0;
}

/* cudafe++'s argv without --gen_module_id_file: it then reads the id from
 * its --module_id_file_name, which the caller writes. */
static void drop_word(rv_plan_step *st, const char *word)
{
    for (int i = 1; i < st->argc; i++) {
        if (strcmp(st->argv[i], word)) continue;
        free(st->argv[i]);
        memmove(st->argv + i, st->argv + i + 1, sizeof(char *) * (size_t)(st->argc - i));
        st->argc--;
        return;
    }
}

/* Sorts the steps into lanes and checks the shape (the file's top comment):
 * 0, or -1 with why. */
static int shape(rv_nvcc_plan *p, char *why, size_t len)
{
    rv_plan_step *s = p->step;
    if (p->nsteps < 4) return rv_fail(why, len, RV_FAILED, "a plan of %d steps", p->nsteps);
    if (s[0].tool != RV_TOOL_CC || !has(&s[0], "-E") || has_prefix(&s[0], "-D__CUDA_ARCH__="))
        return rv_fail(why, len, RV_FAILED, "a first step that is not the host's preprocessing");
    const char *ii = option(&s[0], "-o"), *cpp = option(&s[1], "--gen_c_file_name");
    p->module_id_file = option(&s[1], "--module_id_file_name");
    p->source_name = option(&s[1], "--orig_src_file_name");
    p->source_path = option(&s[1], "--orig_src_path_name");
    if (s[1].tool != RV_TOOL_CUDAFE || !has(&s[1], "--gen_module_id_file") || !ii || !cpp || !p->module_id_file ||
        !p->source_name || !p->source_path)
        return rv_fail(why, len, RV_FAILED, "a second step that is not cudafe++ making the module id");
    s[0].lane = s[1].lane = RV_LANE_HOST;
    int i = 2, ciccs = 0;
    for (; i < p->nsteps; i++) {
        rv_plan_step *st = &s[i];
        if (st->tool == RV_TOOL_CC && has(st, "-c") && mentions(st, cpp)) break; /* the host's compile */
        st->lane = RV_LANE_DEVICE;
        if (st->tool == RV_TOOL_CC && (!has(st, "-E") || !has_prefix(st, "-D__CUDA_ARCH__=")))
            return rv_fail(why, len, RV_FAILED,
                           "a host compiler step among the device's that is not its preprocessing");
        if (st->tool == RV_TOOL_CICC) {
            const char *id = option(st, "--module_id_file_name");
            if (!id || strcmp(id, p->module_id_file))
                return rv_fail(why, len, RV_FAILED, "a cicc that reads another module id");
            ciccs++;
        }
        if (st->tool == RV_TOOL_CUDAFE || st->tool == RV_TOOL_NVLINK ||
            (st->tool == RV_TOOL_FATBINARY && has(st, "-link")))
            return rv_fail(why, len, RV_FAILED, "a step among the device's that is not one of its own (%s)",
                           st->argv[0]);
        if (st->tool == RV_TOOL_RM && st->argc != 2)
            return rv_fail(why, len, RV_FAILED, "an rm of other than one file");
        if (mentions(st, ii) || mentions(st, cpp))
            return rv_fail(why, len, RV_FAILED, "a device step that reads what the host's steps make");
    }
    if (ciccs == 0 || i == p->nsteps)
        return rv_fail(why, len, RV_FAILED, "no cicc, or no host compile after the device's steps");
    for (; i < p->nsteps; i++) {
        rv_plan_step *st = &s[i];
        st->lane = RV_LANE_AFTER;
        if (st->tool == RV_TOOL_CUDAFE || st->tool == RV_TOOL_CICC || (st->tool == RV_TOOL_CC && has(st, "-E")))
            return rv_fail(why, len, RV_FAILED, "a second source file's steps after the first one's");
        if (st->tool == RV_TOOL_RM && st->argc != 2)
            return rv_fail(why, len, RV_FAILED, "an rm of other than one file");
    }
    drop_word(&s[1], "--gen_module_id_file");
    return 0;
}

/* ---- the plan ------------------------------------------------------------- */

/* A NAME=value line: 1 (kept), 0 (not one), -1 (no room). */
static int env_line(rv_nvcc_plan *p, const char *line)
{
    if (!name_start((unsigned char)*line)) return 0;
    const char *c = line;
    while (name_char((unsigned char)*c)) c++;
    if (*c != '=') return 0;
    if (p->nenv >= RV_PLAN_MAX_ENV || !(p->env[p->nenv] = strdup(line))) return -1;
    p->nenv++;
    return 1;
}

/* A line of nvcc's own kept in p->said: 0, or -1. */
static int keep_said(rv_nvcc_plan *p, const char *line)
{
    size_t had = p->said ? strlen(p->said) : 0, n = strlen(line);
    char *s = realloc(p->said, had + n + 2);
    if (!s) return -1;
    memcpy(s + had, line, n);
    memcpy(s + had + n, "\n", 2);
    p->said = s;
    return 0;
}

int rv_nvcc_plan_read(const char *text, rv_nvcc_plan *p, char *why, size_t whylen)
{
    memset(p, 0, sizeof *p);
    const char *c = text;
    char line[65536];
    while (*c) {
        const char *nl = strchr(c, '\n');
        size_t n = nl ? (size_t)(nl - c) : strlen(c);
        if (n >= sizeof line) return rv_fail(why, whylen, RV_FAILED, "a line of nvcc's plan too long");
        memcpy(line, c, n);
        line[n] = 0;
        c += n + (nl != NULL);
        if (n && line[n - 1] == '\r') line[--n] = 0;
        if (!n) continue;
        if (!strncmp(line, "nvcc warning : ", 15) && p->nsteps == 0) { /* -arch=native without a GPU ... */
            if (keep_said(p, line)) return rv_fail(why, whylen, RV_FAILED, "out of memory");
            continue;
        }
        if (strncmp(line, "#$ ", 3))
            return rv_fail(why, whylen, RV_FAILED, "nvcc said something of its own: %.200s", line);
        int env = env_line(p, line + 3);
        if (env < 0) return rv_fail(why, whylen, RV_FAILED, "too many variables in nvcc's plan");
        if (env) continue;
        if (p->nsteps >= RV_PLAN_MAX_STEPS) return rv_fail(why, whylen, RV_FAILED, "too many steps in nvcc's plan");
        rv_plan_step *st = &p->step[p->nsteps];
        if (split_words(p, line + 3, st, why, whylen)) return -1;
        p->nsteps++;
        if (tool_of(st->argv[0], &st->tool))
            return rv_fail(why, whylen, RV_FAILED, "a program this split does not know: %.200s", st->argv[0]);
    }
    return shape(p, why, whylen);
}

void rv_nvcc_plan_free(rv_nvcc_plan *p)
{
    for (int i = 0; i < p->nenv; i++) free(p->env[i]);
    free(p->said);
    for (int i = 0; i < p->nsteps; i++) {
        for (int k = 0; p->step[i].argv && k < p->step[i].argc; k++) free(p->step[i].argv[k]);
        free(p->step[i].argv);
    }
    memset(p, 0, sizeof *p);
}

/* ---- the module id -------------------------------------------------------- */

uint32_t rv_nvcc_crc32(uint32_t crc, const void *data, size_t len)
{
    const unsigned char *b = data;
    uint32_t c = ~crc;
    for (size_t i = 0; i < len; i++) {
        c ^= b[i];
        for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
    }
    return ~c;
}

int rv_nvcc_module_id(const char *name, const char *path, uint32_t sum, char *out, size_t outlen)
{
    char base[256];
    const char *slash = strrchr(name, '/');
    snprintf(base, sizeof base, "%s", slash ? slash + 1 : name);
    for (char *b = base; *b; b++)
        if (!name_char((unsigned char)*b)) *b = '_';
    int n = snprintf(out, outlen, "_%08x_%zu_%s_%08x", (unsigned)rv_nvcc_crc32(0, path, strlen(path)), strlen(base),
                     base, (unsigned)sum);
    return n < 0 || (size_t)n >= outlen ? -1 : 0;
}
