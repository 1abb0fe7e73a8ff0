/* main.c — `reducevis`: dispatches to its commands.  With no command it opens
 * the viewer on the bundled GPU-recorded trace (when built with SDL2);
 * `reducevis FILE.rvt` opens it on that trace, as `reducevis view FILE.rvt`. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/build_info.h"
#include "cli.h"
#include "core/datadir.h"
#include "core/i18n.h"
#ifdef RV_HAVE_VIEWER
#include "viewer/window/viewer.h"
#include "viewer/class/class_cmd.h"
#include "viewer/export/export_file.h"
#endif

#ifndef RV_HAVE_VIEWER
static int no_viewer(int argc, char **argv)
{
    /* --help answers (exit 0), so that the manual page of such a build is made
       too and says what this build lacks */
    int help = 0;
    for (int i = 1; i < argc; i++) help |= !strcmp(argv[i], "--help") || !strcmp(argv[i], "-h");
    fprintf(help ? stdout : stderr,
            _("reducevis %s: not in this build: it draws with SDL2 and SDL2_ttf, which were not\n"
              "found at build time; install libsdl2-dev and libsdl2-ttf-dev and rebuild, or use\n"
              "`reducevis inspect`\n"),
            argv[0]);
    return help ? RV_EXIT_OK : RV_EXIT_RUNTIME;
}
#define viewer_main no_viewer
#define export_main no_viewer
#define chart_main  no_viewer
#define levels_main no_viewer
#define waves_main  no_viewer
#define class_main  no_viewer
#endif

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"view", viewer_main, N_("open the viewer (the default with no command)")},
    {"versions", cmd_versions, N_("list the versions in teaching order")},
    {"simulate", cmd_simulate, N_("record a trace with the CPU model")},
    {"capture", cmd_capture, N_("record a trace on the GPU (traced unchanged, or through trace macros)")},
    {"inspect", cmd_inspect, N_("print what each step of a trace does (text or --json)")},
    {"bench", cmd_bench, N_("time every version and CUB on the GPU")},
    {"export", export_main, N_("write the viewer's frames as PNG files, no display needed")},
    {"chart", chart_main, N_("draw a sweep's GB/s against N as one PNG (every version, CUB, peak)")},
    {"levels", levels_main, N_("draw the whole reduction, lanes to GPUs, with measured times, as one PNG")},
    {"waves", waves_main, N_("draw a trace's waves run as one PNG: which SM ran each block, and when")},
    {"class", class_main, N_("serve a live lesson to the students' browsers; they answer, the teacher sees")},
    {"multi", cmd_multi, N_("the reduction across GPUs: one pass per GPU, then NCCL")},
    {"verify", cmd_verify, N_("predictions against Nsight Compute counters and racecheck, on a GPU")},
    {"record", cmd_record, N_("record this GPU in one command: traces, bench, sweep, verify")},
    {"trace", cmd_trace, N_("trace your own kernel, unchanged, on the GPU (Compute Sanitizer)")},
    {"prove", cmd_prove, N_("a shipped kernel traced unchanged, access by access against the model")},
    {"check", cmd_check, N_("judge your kernel by an exercise's rules (docs/exercises.md)")},
    {"profile-one", cmd_profile_one, NULL}, /* what verify runs under ncu */
};

static void usage(FILE *f)
{
    fprintf(f, "%s",
            _("usage: reducevis [COMMAND] [OPTIONS]\n\n"
              "A teaching visualizer for CUDA parallel reduction.\n\n"));
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (commands[i].summary) fprintf(f, "  %-10s %s\n", commands[i].name, _(commands[i].summary));
    fprintf(f, "  %-10s %s\n", "FILE.rvt", _("the viewer on that trace, as `reducevis view FILE.rvt`"));
    fprintf(f, "%s",
            _("\n  -V, --version  the program's version, git revision, and whether CUDA capture is built in\n"));
    fprintf(f, "%s",
            _("\n`reducevis COMMAND --help` describes each command.\n"
              "Exit status: 0 success, 1 usage error, 2 runtime error.\n"
              "The viewer, export, class and the pictures (chart, levels, waves) speak Chinese with --lang zh\n"
              "(or LANG=zh_CN.UTF-8).\n"));
}

/* `reducevis --version`: what a bug report needs to say which build it is. */
static void print_version(void)
{
    printf("reducevis %s\n", rv_build_version);
    printf(_("git revision: %s\n"), rv_build_revision);
    if (rv_build_cuda)
        printf(_("CUDA capture and bench: built in (CUDA runtime %s, linked statically)\n"), rv_build_cuda_runtime);
    else
        printf("%s", _("CUDA capture and bench: not built in (nvcc was not found at build time)\n"));
#ifdef RV_HAVE_VIEWER
    printf("%s", _("viewer: built in (SDL2)\n"));
#else
    printf("%s", _("viewer: not built in (SDL2 and SDL2_ttf were not found at build time)\n"));
#endif
}

/* Whether the first word names a trace file (FILE.rvt) rather than a
 * command: `reducevis my.rvt` is `reducevis view my.rvt`, as the docs and
 * `reducevis trace` say.  By its ending, whether or not the file exists, so
 * that a missing or broken one gets the viewer's message naming it rather
 * than "unknown command". */
static int names_trace(const char *arg)
{
    size_t n = strlen(arg);
    return n > 4 && arg[0] != '-' && !strcasecmp(arg + n - 4, ".rvt");
}

/* 1 when the words ask for the program's version: -V, or --version with no
 * kernel version after it (`reducevis --version v3` opens the viewer on v3). */
static int asks_version(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "-V") || (!strcmp(argv[i], "--version") && (i + 1 >= argc || argv[i + 1][0] == '-')))
            return 1;
    return 0;
}

/* The language: --lang of view, export, class and the pictures (chart,
 * levels, waves; or of the viewer with no command), else the environment.  Set before anything prints, so that
 * `view --help --lang zh` answers in Chinese.  0, or the exit status of a
 * bad --lang. */
static int set_language(int argc, char **argv)
{
    const char *cmd = argc >= 2 && argv[1][0] != '-' && !names_trace(argv[1]) ? argv[1] : "view";
    int takes_lang = !strcmp(cmd, "view") || !strcmp(cmd, "export") || !strcmp(cmd, "chart") || !strcmp(cmd, "class") ||
                     !strcmp(cmd, "waves") || !strcmp(cmd, "levels");
    int bad = 0;
    const char *lang = takes_lang ? i18n_lang_arg(argc, argv, &bad) : NULL;
    char msg[1400];
    char locale[1024];
    rv_locale_dir(locale, sizeof locale);
    int rc = i18n_init(lang && i18n_lang_valid(lang) ? lang : NULL, locale, msg, sizeof msg);
    if (bad || (lang && !i18n_lang_valid(lang)))
        return rv_usage_error(cmd, _("--lang must be zh (Chinese) or en (English), got '%s'"), bad ? "" : lang);
    if (rc != 0) fprintf(stderr, "reducevis: %s\n", msg);
    return 0;
}

/* The viewer with the words after the program's name as its own
 * (`reducevis [OPTIONS]`, `reducevis FILE.rvt [OPTIONS]`). */
static int view_with(int argc, char **argv)
{
    char *view_argv[64] = {"view"};
    int n = 1;
    for (int i = 1; i < argc && n < 63; i++) view_argv[n++] = argv[i];
    return viewer_main(n, view_argv);
}

int main(int argc, char **argv)
{
#ifdef RV_HAVE_VIEWER
    viewer_use_savers(&export_savers); /* the window's E key and --shot save through the exporter */
#endif
    int lrc = set_language(argc, argv);
    if (lrc) return lrc;
    if (argc < 2 || argv[1][0] == '-') {
        if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
            usage(stdout);
            return RV_EXIT_OK;
        }
        if (asks_version(argc, argv)) {
            print_version();
            return RV_EXIT_OK;
        }
        /* no command: the viewer, with whatever options were given */
        return view_with(argc, argv);
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 1, argv + 1);
    if (names_trace(argv[1])) /* `reducevis FILE.rvt [OPTIONS]`: the viewer on that file */
        return view_with(argc, argv);
    fprintf(stderr, _("reducevis: unknown command '%s'\n\n"), argv[1]);
    usage(stderr);
    return RV_EXIT_USAGE;
}
