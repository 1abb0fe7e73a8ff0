/* test_opts.c — one option table (core/opts.h) read the ways a user writes
 * options: --opt value, --opt=value, -o value, -ovalue, `--` ending them,
 * words anywhere; the one form of its errors; --help printed from it, and
 * a usage made from it. */
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "core/opts.h"

enum { OPT_OUT = 'o', OPT_COUNT = 1, OPT_QUIET, OPT_HIDDEN, OPT_REFUSED };

static const rv_opt own[] = {
    {OPT_OUT, "out", 'o', "FILE", "where to write\nsecond line", "@file"},
    {OPT_COUNT, "count", 0, "N", "how many", NULL},
    {OPT_QUIET, "quiet", 'q', NULL, "say less", NULL},
    {OPT_HIDDEN, "old-name", 0, "N", NULL, NULL},
    {OPT_REFUSED, "grid", 0, "G", NULL, RV_OPT_REFUSED},
    {0},
};
static const rv_opt shared[] = {
    {100, "shared", 0, "S", "from another table", "a b"},
    {0},
};
static const rv_command_opts cmd = {
    .cmd = "demo",
    .usage = "usage: reducevis demo [options] FILE",
    .about = "About it.",
    .tables = {own, shared},
};

/* A command whose usage is made from its tables: its words first, then
 * each taught option in the tables' order that words, tail and its other
 * ways do not name, then the tail; then its other ways. */
static const rv_opt drawn[] = {
    {OPT_COUNT, "count", 0, "N", "how many", NULL}, /* the words name it */
    {OPT_QUIET, "quiet", 'q', NULL, "say less", NULL},
    {OPT_HIDDEN, "old-name", 0, "N", NULL, NULL},
    {OPT_REFUSED, "grid", 0, "G", NULL, RV_OPT_REFUSED},
    {101, "theme", 0, "T", "light or dark", "light dark"},
    {OPT_OUT, NULL, 'o', "FILE", "where to write", "@file"},
    {102, "again", 0, "DIR", "the other way", "@dir"}, /* its other way names it */
    {0},
};
static const rv_command_opts drawn_cmd = {
    .cmd = "drawn",
    .words = "[FILE | --count N]",
    .tail = "-o FILE",
    .more = "--again DIR -o FILE",
    .tables = {drawn, shared},
};
static void drawn_help(void)
{
    rv_opts_help(&drawn_cmd, stdout);
}

/* What parsing these words gives, as one line: "id=value " per option,
 * "w=word " per word; stops at an error ("BAD") or help ("HELP"). */
static const char *parse(char *line)
{
    static char out[512];
    char *words[32] = {"demo"};
    int argc = 1;
    for (char *w = strtok(line, " "); w && argc < 31; w = strtok(NULL, " ")) words[argc++] = w;
    out[0] = 0;
    rv_opts p;
    rv_opts_begin(&p, &cmd, argc, words);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        size_t n = strlen(out);
        if (id == RV_OPT_BAD) return strcat(out, "BAD");
        if (id == RV_OPT_HELP || id == RV_OPT_LIST) return strcat(out, "HELP");
        if (id == RV_OPT_WORD) snprintf(out + n, sizeof out - n, "w=%s ", p.value);
        else snprintf(out + n, sizeof out - n, "%d=%s(%s) ", id, p.value ? p.value : "", p.word);
    }
    return out;
}

#define EXPECT(words, want)                                                  \
    do {                                                                     \
        char buf[256];                                                       \
        snprintf(buf, sizeof buf, "%s", words);                              \
        const char *got = parse(buf);                                        \
        CHECK(!strcmp(got, want), "'%s': got '%s', want '%s'", words, got, want); \
    } while (0)

/* What a function printed to stdout or stderr (fd), as a string. */
static char *captured(int fd, void (*fn)(void))
{
    static char buf[4096];
    fflush(NULL);
    FILE *tmp = tmpfile();
    int saved = dup(fd);
    dup2(fileno(tmp), fd);
    fn();
    fflush(NULL);
    dup2(saved, fd);
    close(saved);
    rewind(tmp);
    size_t n = fread(buf, 1, sizeof buf - 1, tmp);
    buf[n] = 0;
    fclose(tmp);
    return buf;
}

static void bad_value(void)
{
    char w[] = "--count";
    parse(w);
}
static void unknown(void)
{
    char w[] = "--bogus=3";
    parse(w);
}
static void switch_valued(void)
{
    char w[] = "--quiet=1";
    parse(w);
}
static void help(void)
{
    rv_opts_help(&cmd, stdout);
}
static void list(void)
{
    rv_opts_list(&cmd, stdout);
}
/* a usage made from the table, folded under its first option */
static void usage(void)
{
    char w[200];
    int col = 11; /* "usage: demo" */
    fputs("usage: demo", stdout);
    for (const rv_opt *o = own; o->id; o++) {
        rv_opts_usage_label(o, o->id == OPT_OUT, w, sizeof w);
        rv_opts_usage_word(stdout, w, &col, 12);
    }
    for (int k = 0; k < 12; k++) rv_opts_usage_word(stdout, "[--a-long-switch]", &col, 12);
}

int main(void)
{
    EXPECT("--count 5", "1=5(--count) ");
    EXPECT("--count=5", "1=5(--count) ");
    EXPECT("-o x.rvt", "111=x.rvt(-o) ");
    EXPECT("-ox.rvt", "111=x.rvt(-o) ");
    EXPECT("--out=x.rvt", "111=x.rvt(--out) ");
    EXPECT("--cou 7", "1=7(--cou) ");                 /* a unique abbreviation, as getopt_long reads it */
    EXPECT("a.cu --quiet b.cu", "w=a.cu 2=(--quiet) w=b.cu ");   /* words stay in their order */
    EXPECT("-q -- --count -o", "2=(-q) w=--count w=-o ");       /* `--` ends the options */
    EXPECT("--shared a", "100=a(--shared) ");         /* a second table */
    EXPECT("--old-name 3", "3=3(--old-name) ");       /* not in --help, still read */
    EXPECT("--count -1", "1=-1(--count) ");           /* a value may start with - */
    EXPECT("--count", "BAD");
    EXPECT("--bogus", "BAD");
    EXPECT("-x", "BAD");
    EXPECT("--quiet=1", "BAD");
    EXPECT("--help", "HELP");
    EXPECT("--count 2 -h", "1=2(--count) HELP");
    /* the same words parse the same a second time: no state is left over */
    EXPECT("-q --count=9", "2=(-q) 1=9(--count) ");
    EXPECT("-q --count=9", "2=(-q) 1=9(--count) ");

    /* the errors' one form: the command, the option as written, --help */
    const char *e = captured(2, bad_value);
    CHECK_CONTAINS(e, "reducevis demo: --count needs a value (N)");
    CHECK_CONTAINS(e, "(see `reducevis demo --help`)");
    CHECK_CONTAINS(captured(2, unknown), "reducevis demo: unknown option '--bogus'");
    CHECK_CONTAINS(captured(2, switch_valued), "reducevis demo: --quiet takes no value");

    /* --help from the same table: every taught option, its lines aligned,
     * the hidden one left out */
    const char *h = captured(1, help);
    CHECK_CONTAINS(h, "usage: reducevis demo [options] FILE\n\nAbout it.\n\n");
    CHECK_CONTAINS(h, "  -o, --out FILE  where to write\n                  second line\n");
    CHECK_CONTAINS(h, "  --count N       how many\n");
    CHECK_CONTAINS(h, "  -q, --quiet     say less\n");
    CHECK_CONTAINS(h, "  --shared S      from another table\n");
    CHECK(!strstr(h, "old-name"), "the hidden option is in --help:\n%s", h);

    /* a usage from the table: needed options bare, the others in brackets,
     * a line folded before it would pass 100 columns, under the first word */
    const char *u = captured(1, usage);
    CHECK_CONTAINS(u, "usage: demo --out FILE [--count N] [--quiet] [--old-name N] [--grid G] [--a-long-switch]");
    CHECK_CONTAINS(u, "[--a-long-switch]\n            [--a-long-switch]");
    for (const char *line = u; *line;) {
        size_t n = strcspn(line, "\n");
        CHECK(n <= 100, "a usage line of %zu columns:\n%s", n, u);
        line += n + (line[n] != 0);
    }

    /* a usage made from the tables by --help itself: the words, the options
     * in order (a value of one letter said as its choices), none that is
     * hidden, refused or named by the words, the tail or the other ways,
     * the tail; then the other ways, a line each */
    const char *d = captured(1, drawn_help);
    CHECK_CONTAINS(d, "usage: reducevis drawn [FILE | --count N] [--quiet] [--theme light|dark] [--shared a|b] -o FILE\n"
                      "       reducevis drawn --again DIR -o FILE\n\n");
    CHECK_CONTAINS(d, "  --theme T    light or dark\n");

    /* the shell's list: every option with what follows it, the hidden alias
     * too, never one that is named only to be refused */
    const char *l = captured(1, list);
    CHECK_CONTAINS(l, "--out -o\t@file\n");
    CHECK_CONTAINS(l, "--quiet -q\t\n");
    CHECK_CONTAINS(l, "--count\t@any\n");
    CHECK_CONTAINS(l, "--shared\ta b\n");
    CHECK_CONTAINS(l, "--old-name\t@any\n");
    CHECK(!strstr(l, "--grid"), "a refused option is offered:\n%s", l);
    EXPECT("--grid 3", "4=3(--grid) ");   /* still read, for its reason */

    /* whether an option is given, read as the parser reads it, silently */
    {
        char *a[] = {"demo", "-q", "--co=2", NULL}, *b[] = {"demo", "-o", "--count", NULL},
             *m[] = {"demo", "--bogus", "--count", NULL};
        CHECK(rv_opts_given(&cmd, 3, a, OPT_COUNT), "--co=2 gives --count");
        CHECK(!rv_opts_given(&cmd, 3, b, OPT_COUNT), "-o --count: the word is -o's value");
        CHECK(rv_opts_given(&cmd, 3, m, OPT_COUNT), "--count with its value missing counts");
        CHECK(!rv_opts_given(&cmd, 3, a, OPT_HIDDEN), "--old-name is not given");
    }
    return check_report();
}
