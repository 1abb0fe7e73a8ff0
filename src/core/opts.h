/* opts.h — a command's options as one table.  The same table is parsed
 * (through glibc's getopt_long: `--opt value`, `--opt=value`, `-o value`,
 * and `--` ends the options), printed as the command's --help, and listed
 * for the shell completion (`reducevis COMMAND --options`); the manual page
 * is made from --help, so it follows too; and so does the usage, where
 * the command types none by hand (rv_command_opts: words, tail, more; or
 * its own usage_of, with rv_opts_usage_word).  Every usage error has one form:
 * "reducevis COMMAND: message" and a pointer to --help, exit status 1. */
#ifndef RV_OPTS_H
#define RV_OPTS_H

#include <getopt.h>
#include <stdio.h>

#include "core/status.h" /* the exit statuses of every command */

typedef struct rv_opt {
    int id;               /* what rv_opts_next returns for it, above 0     */
    const char *name;     /* the long name without "--"; NULL: a letter only */
    char letter;          /* the short name (-o), or 0                      */
    const char *value;    /* the value's name ("N", "FILE.rvt"); NULL: a switch */
    const char *help;     /* N_(): what it does; each "\n" starts a line of its own */
    const char *complete; /* what the shell offers after it: "@file", "@dir",
                             "@version", or words ("zh en"); NULL: nothing;
                             RV_OPT_REFUSED: an option named only to be
                             refused with a reason, never offered          */
} rv_opt;

#define RV_OPT_REFUSED "@refused"

#define RV_OPTS_MAX_TABLES 3
#define RV_OPTS_MAX        64

typedef struct rv_command_opts {
    const char *cmd;   /* "simulate": named in messages               */
    const char *usage; /* N_(): the synopsis typed by hand, "usage: reducevis
                                                simulate ..."; lines may follow.  NULL: made from
                                                the tables, after words                        */
    /* A usage made from the tables (usage NULL): "usage: reducevis CMD",
     * words, every option --help teaches that words and tail do not name
     * (in [brackets]; a value of one capital letter whose completion is
     * words said as them: "--theme light|dark"), tail; then a line
     * "reducevis CMD ..." for each line of more, its other ways, whose
     * options (by their long name) are not listed on the first line.  The
     * options must be given are named in words or tail (bare). */
    const char *words;                        /* "FILE.rvt", "[GPUS.json]", "--version V", or NULL */
    const char *tail;                         /* "-o FILE.png", or NULL                            */
    const char *more;                         /* N_(): "--show FILE.json\n--gpus G ...", or NULL    */
    void (*usage_of)(FILE *f);                /* prints the synopsis made from the table
                                                another way (rv_opts_usage_word), or NULL */
    const char *about;                        /* N_(): what the command does, or NULL          */
    const rv_opt *tables[RV_OPTS_MAX_TABLES]; /* its own options, then shared ones;
                                                each ends with an entry of id 0 */
    void (*notes)(FILE *f);                   /* prints what follows the options, or NULL   */
    /* A text of the help, translated, with what only the program knows
     * filled in (a default, a limit) into buf: an option's (id), or the
     * about text (id 0).  NULL: the texts as they are. */
    const char *(*help_of)(int id, const char *text, char *buf, size_t len);
} rv_command_opts;

/* What rv_opts_next returns besides an option's id. */
enum {
    RV_OPT_DONE = 0,  /* no more words                                     */
    RV_OPT_WORD = -1, /* a word that is no option (a file): in p->value     */
    RV_OPT_HELP = -2, /* --help or -h: the help is printed; exit 0          */
    RV_OPT_LIST = -3, /* --options: the options are listed for the shell    */
    RV_OPT_BAD = -4,  /* a usage error, already printed; exit 1             */
};

typedef struct rv_opts {
    const rv_command_opts *c;
    int argc;
    char **argv;
    const char *value; /* the option's value, or the word          */
    char word[64];     /* the option as given ("--n", "-o")         */
    const rv_opt *opt; /* the option's entry                       */
    int ended;         /* `--` was met: the rest are words          */
    int quiet;         /* rv_opts_given's scan: nothing printed      */
    int nopts;
    const rv_opt *flat[RV_OPTS_MAX];
    struct option longs[RV_OPTS_MAX + 3];
    char shorts[2 * RV_OPTS_MAX + 8];
} rv_opts;

/* Starts parsing argv[1..argc) (argv[0] is the command's name). */
void rv_opts_begin(rv_opts *p, const rv_command_opts *c, int argc, char **argv);
/* The next option's id, or one of RV_OPT_*. */
int rv_opts_next(rv_opts *p);
/* Whether argv gives the option of that id, read as rv_opts_next reads
 * it (--gpus 2, --gpus=2, --gp 2; a --gpus with its value missing counts),
 * printing nothing: for a command whose options decide which parser reads
 * them (bench and bench --gpus). */
int rv_opts_given(const rv_command_opts *c, int argc, char **argv, int id);

/* Prints "reducevis CMD: message" and a pointer to CMD's --help on stderr;
 * returns RV_EXIT_USAGE.  For an error found before or besides a table. */
int rv_usage_error(const char *cmd, const char *fmt, ...);

/* A usage error of the command: "reducevis CMD: message" and a pointer to
 * its --help on stderr.  Returns RV_EXIT_USAGE (1), so that a command may
 * `return rv_opts_bad(...)`. */
int rv_opts_bad(const rv_opts *p, const char *fmt, ...);

/* For a command's loop over rv_opts_next: whether id ends the command at
 * once (--help, --options, a usage error already said), and the status it
 * ends with (RV_EXIT_OK, RV_EXIT_USAGE). */
static inline int rv_opts_ends(int id) { return id == RV_OPT_HELP || id == RV_OPT_LIST || id == RV_OPT_BAD; }
static inline int rv_opts_exit(int id) { return id == RV_OPT_BAD ? RV_EXIT_USAGE : RV_EXIT_OK; }

/* For a usage made from a table: the word "--name VALUE" of option o (or
 * "-o VALUE" where it has a letter only; a VALUE of one capital letter
 * whose completion is words as "a|b"), in [brackets] unless needed. */
void rv_opts_usage_label(const rv_opt *o, int needed, char *buf, size_t len);
/* A word of a usage line printed at column *col, after a space, or at the
 * start of a line of its own, indent columns in, where it would pass the
 * usage's width. */
void rv_opts_usage_word(FILE *f, const char *word, int *col, int indent);

/* The command's --help: usage, about, the options, the notes. */
void rv_opts_help(const rv_command_opts *c, FILE *f);
/* For the shell completion: one line per option, "--name VALUE COMPLETE...". */
void rv_opts_list(const rv_command_opts *c, FILE *f);

#endif
