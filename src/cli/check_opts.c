/* check_opts.c — `reducevis check`'s option table (check_opts.h).  A row is
 * an option and the usage's lines that take it: a .cu file traced, a trace
 * judged, a kept run judged again, the build cache filled.  The usage is
 * printed from these lines, and the options of tracing a file alone are
 * the ones the .cu file's line takes and a trace's does not. */
#include "check_opts.h"

#include <string.h>

#include "core/args.h"
#include "core/data.h"
#include "core/exercises.h"
#include "core/i18n.h"
#include "core/rules.h"
#include "core/versions.h"

/* The usage's lines, in the order --help prints them. */
enum { LINE_FILE, LINE_TRACE, LINE_REPLAY, LINE_WAVES, LINE_PREPARE, NLINES };

/* what starts each line before its options */
static const char *const line_words[NLINES] = {"FILE.cu", "", "", "FILE.cu", ""};

#define ON(line)        (1u << (line))
#define NEEDED          (1u << NLINES) /* given on each of its lines: shown bare, not in [brackets] */
/* given on the waves line, where it names what is run (--built) */
#define NEEDED_ON_WAVES (1u << (NLINES + 1))
/* tracing a file takes it: the .cu file's line */
#define TRACING         ON(LINE_FILE)
/* every judging takes it: a file traced, a trace, a kept run */
#define JUDGING         (ON(LINE_FILE) | ON(LINE_TRACE) | ON(LINE_REPLAY))
/* the waves run alone, added to the trace of a run kept: running takes it */
#define RUNNING         (ON(LINE_FILE) | ON(LINE_WAVES))

typedef struct check_row {
    rv_opt opt;
    unsigned lines; /* the usage's lines that take it, NEEDED where it must be given */
} check_row;

static const check_row rows[] = {
    {{OPT_EXERCISE, "exercise", 0, "N", N_("1 .. %d (docs/exercises.md)"), NULL}, JUDGING | NEEDED},
    {{OPT_TRACE, "trace", 0, "FILE.rvt", N_("judge this own trace instead of tracing a file"), "@file"},
     ON(LINE_TRACE) | NEEDED},
    {{OPT_REPLAY, "replay", 0, "DIR",
      N_("judge again the run a check kept in DIR (--keep), without a GPU: the same\n"
         "rules, words and exit status, never a verified verdict"),
      "@dir"},
     ON(LINE_REPLAY) | NEEDED},
    {{OPT_WAVES_INTO, "waves-into", 0, "FILE.rvt",
      N_("judge nothing: the waves run alone (docs/waves.md) of what --built DIR\n"
         "kept, and its cost, added to FILE.rvt, the trace check saved from that\n"
         "run (rewritten whole; --save-trace writes elsewhere).  A class started\n"
         "with --waves records its grids so, after the verdicts"),
      "@file"},
     ON(LINE_WAVES) | NEEDED},
    {{RV_CFG_BLOCK_SIZE, "block-size", 0, "B",
      N_("threads per block launch() is asked for: 32..1024, a power of two (256)"), NULL},
     TRACING},
    {{RV_CFG_N, "n", 0, "N", N_("elements to reduce, 1 .. 2^31 (default 2^25; exercise 5 compares at this N)"), NULL},
     TRACING},
    {{RV_CFG_DATA, "data", 0, "PATTERN",
      N_("input values: ones, index, mod10, random[:SEED] or signed[:SEED] (default\n"
         "signed:SEED with a seed drawn for this check and said with the verdict; data\n"
         "given here makes a verdict not verified)"),
      RV_DATA_WORDS},
     TRACING},
    {{TRACING_OPT_TIMEOUT, "timeout", 0, "S", N_("stop a run of the kernel that takes longer (default 30 s)"), NULL},
     RUNNING},
    {{TRACING_OPT_NO_TIME, "no-time", 0, NULL, N_("skip the timed runs (no speed is said, exercise 5 fails)"), NULL},
     TRACING},
    {{TRACING_OPT_WAVES, "waves", 0, NULL,
      N_("also a waves run (docs/waves.md), kept in --save-trace's trace: one more run\n"
         "of the program, and the judged calls again under its patch for its cost, so\n"
         "a class's checks leave it off unless started with --waves"),
      NULL},
     TRACING},
    {{TRACING_OPT_KEEP, "keep", 0, "DIR", N_("keep the work (raw records, machine code, logs) in DIR"), "@dir"},
     TRACING},
    {{TRACING_OPT_SANDBOX, "sandbox", 0, NULL,
      N_("compile and run FILE.cu only inside a sandbox, as `reducevis trace --sandbox`\n"
         "does; refused where none can be made"),
      NULL},
     RUNNING | ON(LINE_PREPARE)},
    {{OPT_BUILD_ONLY, "build-only", 0, "DIR",
      N_("compile FILE.cu into DIR and stop (no GPU needed): exit 0, or nvcc's\n"
         "messages and 2"),
      "@dir"},
     TRACING},
    {{OPT_BUILT, "built", 0, "DIR",
      N_("judge what --build-only left in DIR for the same FILE.cu; nothing is\n"
         "compiled, and the work is kept in DIR"),
      "@dir"},
     RUNNING | NEEDED_ON_WAVES},
    {{OPT_BUILD_CACHE, "build-cache", 0, "DIR",
      N_("where the version to beat's build and the driver's object are kept,\n"
         "compiled once (default: $XDG_CACHE_HOME/reducevis/builds, or\n"
         "~/.cache/reducevis/builds)"),
      "@dir"},
     TRACING},
    {{OPT_PREPARE_CACHE, "prepare-cache", 0, "DIR",
      N_("compile the version to beat into the build cache DIR and stop (no GPU\n"
         "needed), so that the first check there does not wait for it"),
      "@dir"},
     ON(LINE_PREPARE) | NEEDED},
    {{OPT_SAVE_TRACE, "save-trace", 0, "FILE.rvt",
      N_("write the trace judged to FILE.rvt (for `reducevis view` or `export`)"), "@file"},
     JUDGING | ON(LINE_WAVES)},
    {{OPT_SUMMARY, "summary", 0, "FILE.json",
      N_("write the verdict, each rule, the speed and where the time went\n"
         "(seconds) to FILE.json; also when nothing was judged (\"reason\":\n"
         "\"compile\", \"run\" or \"load\")"),
      "@file"},
     JUDGING},
    {{OPT_GPU_GATE, "gpu-gate-fd", 0, "FD",
      N_("a class's connection to its GPU's gate (src/own/turns/gpu_turn.h): the runs\n"
         "share the GPU with other checks, the timed calls take it alone"),
      NULL},
     RUNNING},
    {{OPT_GPU_LOCK, "gpu-lock", 0, "DIR",
      N_("keep the GPU's turns with every check on this node through lock files in\n"
         "DIR (src/own/turns/gpu_lock.h): a Slurm step that a class's gate cannot reach"),
      "@dir"},
     RUNNING},
    {{OPT_MARK_REUSE, "mark-reuse", 0, "FILE",
      N_("the version to beat's time on this GPU, shared by a class's checks:\n"
         "taken from FILE where another check timed it at this N and block\n"
         "size in the last minute (the verdict says when), else timed here\n"
         "and kept there"),
      "@file"},
     TRACING},
    /* named so that the message says why, rather than "unknown option";
       on no line of the usage */
    {{OPT_NOT_OURS, "version", 0, "V", NULL, RV_OPT_REFUSED}, 0},
    {{OPT_NOT_OURS, "grid", 0, "G", NULL, RV_OPT_REFUSED}, 0},
    {{OPT_NOT_OURS, "block", 0, "K", NULL, RV_OPT_REFUSED}, 0},
};

#define NROWS (sizeof rows / sizeof *rows)

/* The rows' options as opts.h reads a table, the last of id 0. */
static rv_opt table[NROWS + 1];

static const char *check_help_of(int id, const char *text, char *buf, size_t len)
{
    if (id == 0)
        snprintf(buf, len, text, rv_version_name(rv_rules_mark_version()));
    else if (id == OPT_EXERCISE)
        snprintf(buf, len, text, RV_NUM_EXERCISES);
    else
        return text;
    return buf;
}

/* Which of a line's options usage_options prints: the needed ones that
 * make the line (taken by no other), the needed ones it shares, the rest. */
enum { OWN_NEEDED, SHARED_NEEDED, OPTIONAL };

static int usage_kind(unsigned lines, int line)
{
    if (line == LINE_WAVES && (lines & NEEDED_ON_WAVES)) return SHARED_NEEDED;
    if (!(lines & NEEDED)) return OPTIONAL;
    return (lines & ~NEEDED) == ON(line) ? OWN_NEEDED : SHARED_NEEDED;
}

/* The options of one kind that a line of the usage takes, at column *col. */
static void usage_options(FILE *f, int line, int kind, int *col, int indent)
{
    char word[200];
    for (size_t k = 0; k < NROWS; k++) {
        if (!(rows[k].lines & ON(line)) || usage_kind(rows[k].lines, line) != kind) continue;
        rv_opts_usage_label(&rows[k].opt, kind != OPTIONAL, word, sizeof word);
        rv_opts_usage_word(f, word, col, indent);
    }
}

/* The usage: each line's words, its needed options, then the others. */
static void check_usage(FILE *f)
{
    const int indent = (int)strlen("usage: reducevis check ");
    for (int line = 0; line < NLINES; line++) {
        fputs(line == 0 ? _("usage: reducevis check") : "\n       reducevis check", f);
        int col = indent - 1;
        if (line_words[line][0]) rv_opts_usage_word(f, line_words[line], &col, indent);
        for (int kind = OWN_NEEDED; kind <= OPTIONAL; kind++) usage_options(f, line, kind, &col, indent);
    }
    fputc('\n', f);
}

static void check_notes(FILE *f)
{
    fprintf(f, "%s",
            _("Exit status: 0 every rule holds, 1 a rule is broken (or a usage error), 2 nothing to\n"
              "judge: no GPU, nvcc or tracer, a file that does not compile, a kernel that failed or hung,\n"
              "a trace that does not load.\n"));
}

static const rv_command_opts check_cmd = {
    .cmd = "check",
    .usage_of = check_usage,
    .about = N_("Judges your kernel by the rules of exercise N of docs/exercises.md: FILE.cu is traced on\n"
                "the GPU and timed, as `reducevis trace` does, and each rule gets one line saying whether it\n"
                "holds and why, with the step, warp, line and numbers from the trace.  With --trace, a trace\n"
                "that `reducevis trace` wrote earlier is judged instead (no GPU needed).  The speed line says\n"
                "the kernel's time and GB/s against the version to beat (%s), timed in the same run.\n\n"
                "The data are drawn for each check (signed:SEED, said with the verdict; --data repeats them):\n"
                "the traced run, each of the 23 timed calls and the version to beat get inputs of their own,\n"
                "made on the GPU, and every timed call's sum is checked."),
    .tables = {table},
    .notes = check_notes,
    .help_of = check_help_of,
};

const rv_command_opts *check_command(void)
{
    for (size_t k = 0; k < NROWS; k++) table[k] = rows[k].opt;
    return &check_cmd;
}

int check_tracing_only(const rv_opt *o)
{
    size_t k = (size_t)(o - table); /* o is a row of table: rv_opts_next gives no other */
    return k < NROWS && (rows[k].lines & JUDGING) == TRACING;
}

int check_on_waves_line(const rv_opt *o)
{
    size_t k = (size_t)(o - table);
    return k < NROWS && (rows[k].lines & ON(LINE_WAVES));
}
