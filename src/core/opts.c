/* opts.c — a command's option table parsed with getopt_long, printed as its
 * --help and listed for the shell (opts.h). */
#include "opts.h"

#include <ctype.h>
#include <stdarg.h>
#include <string.h>

#include "i18n.h"

enum { LONG_BASE = 0x1000, HELP_ID = 0x0fff, LIST_ID = 0x0ffe };

void rv_opts_begin(rv_opts *p, const rv_command_opts *c, int argc, char **argv)
{
    memset(p, 0, sizeof *p);
    p->c = c;
    p->argc = argc;
    p->argv = argv;
    /* "-": words that are no option come back in order (a file may stand
     * anywhere); ":": a missing value is told apart from an unknown option */
    char *s = p->shorts;
    *s++ = '-';
    *s++ = ':';
    *s++ = 'h';
    int nl = 0;
    for (int t = 0; t < RV_OPTS_MAX_TABLES && c->tables[t]; t++)
        for (const rv_opt *o = c->tables[t]; o->id && p->nopts < RV_OPTS_MAX; o++) {
            int k = p->nopts++;
            p->flat[k] = o;
            if (o->name)
                p->longs[nl++] =
                    (struct option){o->name, o->value ? required_argument : no_argument, NULL, LONG_BASE + k};
            if (o->letter) {
                *s++ = o->letter;
                if (o->value) *s++ = ':';
            }
        }
    *s = 0;
    p->longs[nl++] = (struct option){"help", no_argument, NULL, HELP_ID};
    p->longs[nl++] = (struct option){"options", no_argument, NULL, LIST_ID};
    p->longs[nl] = (struct option){0};
    optind = 0; /* glibc: start afresh, whatever an earlier parse left */
    opterr = 0; /* the errors are ours, in the one form */
}

static const rv_opt *by_letter(const rv_opts *p, int letter)
{
    for (int k = 0; k < p->nopts; k++)
        if (p->flat[k]->letter == letter) return p->flat[k];
    return NULL;
}

static const rv_opt *by_code(const rv_opts *p, int code)
{
    if (code >= LONG_BASE && code < LONG_BASE + p->nopts) return p->flat[code - LONG_BASE];
    return code > 0 && code < 128 ? by_letter(p, code) : NULL;
}

/* The option just read as it was written ("--n", "-o"), without a value
 * that came with it ("--n=5", "-o5") or after it ("--n 5"). */
static void last_word(const rv_opts *p, const rv_opt *o, char *buf, size_t len)
{
    int i = optind - 1;
    if (optarg && i > 0 && optarg == p->argv[i]) i--; /* the value was a word of its own */
    const char *w = i > 0 && i < p->argc ? p->argv[i] : "";
    if (strncmp(w, "--", 2) && o && o->letter) {
        snprintf(buf, len, "-%c", o->letter);
        return;
    }
    size_t n = strcspn(w, "=");
    snprintf(buf, len, "%.*s", (int)(n < len ? n : len - 1), w);
}

int rv_usage_error(const char *cmd, const char *fmt, ...)
{
    char msg[8192]; /* room for a path or two */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    rv_cmd_error(cmd, msg); /* the one form of every command's failure */
    fprintf(stderr, _("(see `reducevis %s --help`)\n"), cmd);
    return RV_EXIT_USAGE;
}

static int vbad(const rv_opts *p, const char *fmt, va_list ap)
{
    char msg[1200];
    vsnprintf(msg, sizeof msg, fmt, ap);
    return rv_usage_error(p->c->cmd, "%s", msg);
}

int rv_opts_bad(const rv_opts *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vbad(p, fmt, ap);
    va_end(ap);
    return rc;
}

/* A usage error the parser itself finds: RV_OPT_BAD for rv_opts_next. */
static int fail(const rv_opts *p, const char *fmt, ...)
{
    if (p->quiet) return RV_OPT_BAD;
    va_list ap;
    va_start(ap, fmt);
    vbad(p, fmt, ap);
    va_end(ap);
    return RV_OPT_BAD;
}

int rv_opts_next(rv_opts *p)
{
    p->value = NULL;
    p->word[0] = 0;
    p->opt = NULL;
    if (p->ended) {
        if (optind >= p->argc) return RV_OPT_DONE;
        p->value = p->argv[optind++];
        return RV_OPT_WORD;
    }
    int code = getopt_long(p->argc, p->argv, p->shorts, p->longs, NULL);
    char word[200];
    switch (code) {
    case -1:
        /* `--`: every word after it is a word, even one that starts with - */
        p->ended = 1;
        return rv_opts_next(p);
    case 1: p->value = optarg; return RV_OPT_WORD;
    case 'h':
    case HELP_ID:
        if (!p->quiet) rv_opts_help(p->c, stdout);
        return RV_OPT_HELP;
    case LIST_ID:
        if (!p->quiet) rv_opts_list(p->c, stdout);
        return RV_OPT_LIST;
    case ':': {
        const rv_opt *o = p->opt = by_code(p, optopt);
        optarg = NULL;
        last_word(p, o, word, sizeof word);
        return fail(p, _("%s needs a value (%s)"), word, o && o->value ? o->value : "?");
    }
    case '?': {
        const rv_opt *o = by_code(p, optopt);
        optarg = NULL;
        last_word(p, NULL, word, sizeof word);
        if (o && o->name && !strncmp(word, "--", 2)) return fail(p, _("%s takes no value"), word);
        if (optopt > 0 && optopt < 128 && strncmp(word, "--", 2)) return fail(p, _("unknown option '-%c'"), optopt);
        return fail(p, _("unknown option '%s'"), word);
    }
    default:
        p->opt = by_code(p, code);
        if (!p->opt) return fail(p, _("unknown option '%s'"), p->argv[optind - 1]);
        p->value = p->opt->value ? optarg : NULL;
        last_word(p, p->opt, p->word, sizeof p->word);
        return p->opt->id;
    }
}

/* "--name VALUE", "-o, --out DIR", "-o FILE" */
static int label(const rv_opt *o, char *buf, size_t len)
{
    int n;
    if (o->name && o->letter)
        n = snprintf(buf, len, "-%c, --%s", o->letter, o->name);
    else if (o->name)
        n = snprintf(buf, len, "--%s", o->name);
    else
        n = snprintf(buf, len, "-%c", o->letter);
    if (o->value) n += snprintf(buf + n, len - (size_t)n, " %s", o->value);
    return n;
}

int rv_opts_given(const rv_command_opts *c, int argc, char **argv, int id)
{
    rv_opts p;
    rv_opts_begin(&p, c, argc, argv);
    p.quiet = 1;
    for (int got; (got = rv_opts_next(&p)) != RV_OPT_DONE;)
        if (got == id || (got == RV_OPT_BAD && p.opt && p.opt->id == id)) return 1;
    return 0;
}

void rv_opts_usage_label(const rv_opt *o, int needed, char *buf, size_t len)
{
    char word[160], value[100];
    /* "T" of "light dark": the words say more than the letter */
    int choices =
        o->value && o->value[0] >= 'A' && o->value[0] <= 'Z' && !o->value[1] && o->complete && o->complete[0] != '@';
    snprintf(value, sizeof value, "%s", choices ? o->complete : o->value ? o->value : "");
    if (choices)
        for (char *c = value; (c = strchr(c, ' ')) != NULL;) *c = '|';
    if (o->name)
        snprintf(word, sizeof word, "--%s%s%s", o->name, o->value ? " " : "", value);
    else
        snprintf(word, sizeof word, "-%c%s%s", o->letter, o->value ? " " : "", value);
    snprintf(buf, len, needed ? "%s" : "[%s]", word);
}

void rv_opts_usage_word(FILE *f, const char *word, int *col, int indent)
{
    enum { WIDTH = 100 }; /* as wide as the usages typed by hand */
    int n = (int)strlen(word);
    if (*col > indent && *col + 1 + n > WIDTH) {
        fprintf(f, "\n%*s%s", indent, "", word);
        *col = indent + n;
    } else {
        fprintf(f, " %s", word);
        *col += 1 + n;
    }
}

/* Whether text names option word ("--device", "-o") as a word of its own. */
static int names(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *at = text; at && (at = strstr(at, word)) != NULL; at += n)
        if ((at == text || strchr(" [(|\n", at[-1])) && !isalnum((unsigned char)at[n]) && at[n] != '-') return 1;
    return 0;
}

/* Whether the usage's words, tail or other ways name option o already. */
static int named(const rv_command_opts *c, const rv_opt *o)
{
    char lng[80] = "", shrt[4] = "";
    if (o->name) snprintf(lng, sizeof lng, "--%s", o->name);
    if (o->letter) snprintf(shrt, sizeof shrt, "-%c", o->letter);
    const char *own[] = {c->words, c->tail};
    for (int k = 0; k < 2; k++)
        if (own[k] && ((lng[0] && names(own[k], lng)) || (shrt[0] && names(own[k], shrt)))) return 1;
    /* an -o that another way needs is still an option of the first */
    return c->more && lng[0] && names(c->more, lng);
}

/* The usage made from the tables (rv_command_opts says how), folded as
 * the usages typed by hand are, under the first word after the command. */
static void usage_of_tables(const rv_command_opts *c, FILE *f)
{
    fprintf(f, _("usage: reducevis %s"), c->cmd);
    const int indent = (int)(strlen("usage: reducevis ") + strlen(c->cmd)) + 1;
    int col = indent - 1;
    char word[200];
    if (c->words) rv_opts_usage_word(f, c->words, &col, indent);
    for (int t = 0; t < RV_OPTS_MAX_TABLES && c->tables[t]; t++)
        for (const rv_opt *o = c->tables[t]; o->id; o++) {
            if (!o->help || (o->complete && !strcmp(o->complete, RV_OPT_REFUSED)) || named(c, o)) continue;
            rv_opts_usage_label(o, 0, word, sizeof word);
            rv_opts_usage_word(f, word, &col, indent);
        }
    if (c->tail) rv_opts_usage_word(f, c->tail, &col, indent);
    for (const char *m = c->more ? _(c->more) : NULL; m && *m;) {
        size_t n = strcspn(m, "\n");
        fprintf(f, "\n       reducevis %s %.*s", c->cmd, (int)n, m);
        m += n + (m[n] != 0);
    }
    fputc('\n', f);
}

void rv_opts_help(const rv_command_opts *c, FILE *f)
{
    if (c->usage_of)
        c->usage_of(f);
    else if (c->usage)
        fprintf(f, "%s\n", _(c->usage));
    else
        usage_of_tables(c, f);
    char filled[1200];
    if (c->about) fprintf(f, "\n%s\n", c->help_of ? c->help_of(0, _(c->about), filled, sizeof filled) : _(c->about));
    /* the help starts where the longest usual label ends; a longer label
     * puts its help on the next line */
    enum { WIDEST = 20 };
    int col = 0;
    char buf[160];
    for (int t = 0; t < RV_OPTS_MAX_TABLES && c->tables[t]; t++)
        for (const rv_opt *o = c->tables[t]; o->id; o++) {
            int n = label(o, buf, sizeof buf);
            if (o->help && n <= WIDEST && n > col) col = n;
        }
    col += 4;
    int first = 1;
    for (int t = 0; t < RV_OPTS_MAX_TABLES && c->tables[t]; t++)
        for (const rv_opt *o = c->tables[t]; o->id; o++) {
            if (!o->help) continue; /* one kept for old scripts, not taught */
            if (first) fputc('\n', f);
            first = 0;
            int n = label(o, buf, sizeof buf) + 2;
            fprintf(f, "  %s", buf);
            const char *h = c->help_of ? c->help_of(o->id, _(o->help), filled, sizeof filled) : _(o->help);
            if (n >= col) {
                fputc('\n', f);
                n = 0;
            }
            for (;;) {
                size_t len = strcspn(h, "\n");
                fprintf(f, "%*s%.*s\n", col - n, "", (int)len, h);
                n = 0;
                if (!h[len]) break;
                h += len + 1;
            }
        }
    if (c->notes) {
        fputc('\n', f);
        c->notes(f);
    }
}

void rv_opts_list(const rv_command_opts *c, FILE *f)
{
    char buf[160];
    for (int t = 0; t < RV_OPTS_MAX_TABLES && c->tables[t]; t++)
        for (const rv_opt *o = c->tables[t]; o->id; o++) {
            if (o->complete && !strcmp(o->complete, RV_OPT_REFUSED)) continue;
            if (o->name)
                snprintf(buf, sizeof buf, "--%s", o->name);
            else
                snprintf(buf, sizeof buf, "-%c", o->letter);
            fprintf(f, "%s", buf);
            if (o->name && o->letter) fprintf(f, " -%c", o->letter);
            fprintf(f, "\t%s\n", o->value ? (o->complete ? o->complete : "@any") : "");
        }
    fprintf(f, "--help\t\n");
}
