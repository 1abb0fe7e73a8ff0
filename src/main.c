/* main.c — `reducevis`: dispatches to its commands.  With no command it opens
 * the viewer on the bundled GPU-recorded trace (when built with SDL2). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#ifdef RV_HAVE_VIEWER
#include "viewer.h"
#endif

#ifndef RV_HAVE_VIEWER
static int no_viewer(int argc, char **argv)
{
    (void)argc; (void)argv;
    fprintf(stderr, "reducevis: this build has no viewer (SDL2 and SDL2_ttf were not found at build time);\n"
                    "install libsdl2-dev and libsdl2-ttf-dev and rebuild, or use `reducevis inspect`\n");
    return RV_EXIT_RUNTIME;
}
#define viewer_main no_viewer
#define export_main no_viewer
#define chart_main no_viewer
#define levels_main no_viewer
#endif

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"view",     viewer_main,  "open the viewer (the default with no command)"},
    {"versions", cmd_versions, "list the versions in teaching order"},
    {"simulate", cmd_simulate, "record a trace with the CPU model"},
    {"capture",  cmd_capture,  "record a trace on the GPU (instrumented build)"},
    {"inspect",  cmd_inspect,  "print what each step of a trace does (text or --json)"},
    {"bench",    cmd_bench,    "time every version and CUB on the GPU"},
    {"export",   export_main,  "write the viewer's frames as PNG files, no display needed"},
    {"chart",    chart_main,   "draw a sweep's GB/s against N as one PNG (every version, CUB, peak)"},
    {"levels",   levels_main,  "draw the whole reduction, lanes to GPUs, with measured times, as one PNG"},
    {"multi",    cmd_multi,    "the reduction across GPUs: one pass per GPU, then NCCL"},
    {"verify",   cmd_verify,   "predictions against Nsight Compute counters and racecheck, on a GPU"},
    {"record",   cmd_record,   "record this GPU in one command: traces, bench, sweep, verify"},
    {"profile-one", cmd_profile_one, NULL}, /* what verify runs under ncu */
};

static void usage(FILE *f)
{
    fprintf(f, "usage: reducevis [COMMAND] [OPTIONS]\n\n"
               "A teaching visualizer for CUDA parallel reduction.\n\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (commands[i].summary) fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\n`reducevis COMMAND --help` describes each command.\n"
               "Exit status: 0 success, 1 usage error, 2 runtime error.\n");
}

int main(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-') {
        if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
            usage(stdout);
            return RV_EXIT_OK;
        }
        /* no command: the viewer, with whatever options were given */
        char *view_argv[64] = {"view"};
        int n = 1;
        for (int i = 1; i < argc && n < 63; i++) view_argv[n++] = argv[i];
        return viewer_main(n, view_argv);
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "reducevis: unknown command '%s'\n\n", argv[1]);
    usage(stderr);
    return RV_EXIT_USAGE;
}
