/* cmd_multi.c — the reduction across GPUs on the command line:
 *   reducevis multi ...          one reduction over G GPUs (threads), or this
 *                                process's part of one (--rank, --nranks)
 *   reducevis bench --gpus G ... times 1 .. G GPUs (cmd_bench.c hands over)
 * Reads and checks the options, then hands over to gpu_multi.cu. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/i18n.h"
#include "core/opts.h"
#include "gpu/multi.h"
#include "core/trace.h" /* RV_MAX_N */
#include "core/versions.h"

#define RV_MULTI_RUN         (-1) /* the parsers: no exit yet, run */
#define RV_MULTI_DEFAULT_N   (1ull << 28)
#define RV_MULTI_MAX_REPEAT  10000
#define RV_MULTI_MAX_TIMEOUT 3600
#define RV_MULTI_WARMUPS     3

enum {
    OPT_N = 1,
    OPT_DATA,
    OPT_NCCL,
    OPT_REPEAT,
    OPT_TIMEOUT,
    OPT_GPUS,
    OPT_RANK,
    OPT_NRANKS,
    OPT_ID_FILE,
    OPT_DEVICE,
    OPT_EXIT_EARLY,
    OPT_OUT,
    OPT_NOT_GPUS
};

/* multi: one process, one thread per GPU */
static const rv_opt multi_thread_opts[] = {
    {OPT_GPUS, "gpus", 0, "G",
     N_("GPUs to use, 1 .. %d (default: all, up to %d); with fewer present\n"
        "it says so and uses those"),
     NULL},
    {0},
};

/* multi: one process per GPU (the way jobs over several machines start) */
static const rv_opt multi_process_opts[] = {
    {OPT_RANK, "rank", 0, "R", N_("this process's rank, 0 .. P-1"), NULL},
    {OPT_NRANKS, "nranks", 0, "P", N_("processes in all, 2 .. %d"), NULL},
    {OPT_ID_FILE, "id-file", 0, "FILE",
     N_("rank 0 writes NCCL's unique id there, the others wait for it (a\n"
        "folder every machine sees); or give every process the same id in\n"
        "%s (hex), or set NCCL_COMM_ID=HOST:PORT (rank 0's machine) for all"),
     "@file"},
    {OPT_DEVICE, "device", 0, "D", N_("the GPU to use (default: rank modulo the GPUs present)"), NULL},
    /* the failure test's crashing process: not taught */
    {OPT_EXIT_EARLY, "exit-early", 0, NULL, NULL, NULL},
    {0},
};

/* multi: both ways */
static const rv_opt multi_both_opts[] = {
    {OPT_N, "n", 0, "N", N_("elements in all, 1 .. G x 2^31 (default 2^28; 2^K accepted)"), NULL},
    {OPT_DATA, "data", 0, "PATTERN", N_("ones|index|mod10|random[:SEED] (default random:1)"), RV_DATA_WORDS},
    {OPT_NCCL, "nccl", 0, "C", N_("allreduce (default) or reduce"), RV_NCCL_WORDS},
    {OPT_REPEAT, "repeat", 0, "R", N_("timed runs after %d warm-ups, 1 .. %d (default 10)"), NULL},
    {OPT_TIMEOUT, "timeout", 0, "S",
     N_("seconds any wait on NCCL or another process may take (default %d);\n"
        "then NCCL is aborted and the command fails: never a hang"),
     NULL},
    {0},
};

static const char *multi_help_of(int id, const char *text, char *buf, size_t len)
{
    switch (id) {
    case 0: snprintf(buf, len, text, rv_version_name(rv_multi_version())); break;
    case OPT_GPUS: snprintf(buf, len, text, RV_MULTI_MAX_GPUS, RV_MULTI_MAX_GPUS); break;
    case OPT_NRANKS: snprintf(buf, len, text, RV_MULTI_MAX_RANKS); break;
    case OPT_ID_FILE: snprintf(buf, len, text, RV_MULTI_ID_ENV); break;
    case OPT_REPEAT: snprintf(buf, len, text, RV_MULTI_WARMUPS, RV_MULTI_MAX_REPEAT); break;
    case OPT_TIMEOUT: snprintf(buf, len, text, RV_MULTI_TIMEOUT_S); break;
    default: return text;
    }
    return buf;
}

static void multi_notes(FILE *f)
{
    fprintf(f,
            _("NCCL is loaded at run time (libnccl.so.2, from `pip install %s`); NCCL_NVLS_ENABLE\n"
              "is set to 0 unless set already (NVLink multicast stays off).\n"
              "Exit status: 0 the sum is right, 1 usage error, 2 no GPU, no NCCL, an NCCL or CUDA\n"
              "error (NCCL's own message), a timeout, or a wrong sum.\n"),
            RV_MULTI_PACKAGE);
}

static const rv_command_opts multi_cmd = {
    .cmd = "multi",
    .usage = N_("usage: reducevis multi [--gpus G] [--n N] [--data PATTERN] [--nccl allreduce|reduce]\n"
                "                       [--repeat R] [--timeout S]\n"
                "       reducevis multi --rank R --nranks P [--id-file FILE] [--device D] [OPTIONS]"),
    .about = N_("The reduction across GPUs: the array is split over the GPUs, each reduces its slice\n"
                "with the single-pass kernel (%s), then NCCL combines the partial sums: ncclAllReduce\n"
                "(every GPU holds the total) or ncclReduce (GPU 0 does).  Times with CUDA events and\n"
                "checks the sum against the CPU's (double precision).\n"
                "\n"
                "One process, one thread per GPU: --gpus.\n"
                "One process per GPU (the way jobs over several machines start): --rank, --nranks,\n"
                "--id-file, --device.  Both: the other options."),
    .tables = {multi_thread_opts, multi_process_opts, multi_both_opts},
    .notes = multi_notes,
    .help_of = multi_help_of,
};

/* A whole number from lo to hi into *out, or a usage error naming the option. */
static int whole(const rv_opts *p, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (rv_parse_u64(p->value, out) || *out < lo || *out > hi)
        return rv_opts_bad(p, _("%s '%s' must be a whole number from %llu to %llu"), p->word, p->value,
                           (unsigned long long)lo, (unsigned long long)hi);
    return 0;
}

/* The options `multi` and `bench --gpus` share (--n, --data, --nccl,
 * --repeat, --timeout), read by rv_opts_next: 0, or non-zero with the
 * message printed. */
static int shared_option(const rv_opts *p, uint64_t *n, rv_data *data, int *repeat, double *timeout_s,
                         const char **nccl, int both_ok)
{
    uint64_t x;
    char err[160];
    switch (p->opt->id) {
    case OPT_N: return whole(p, 1, (uint64_t)RV_MAX_N * RV_MULTI_MAX_RANKS, n);
    case OPT_REPEAT:
        if (whole(p, 1, RV_MULTI_MAX_REPEAT, &x)) return RV_EXIT_USAGE;
        *repeat = (int)x;
        return 0;
    case OPT_TIMEOUT:
        if (whole(p, 1, RV_MULTI_MAX_TIMEOUT, &x)) return RV_EXIT_USAGE;
        *timeout_s = (double)x;
        return 0;
    case OPT_DATA:
        if (rv_data_parse(p->value, data, err, sizeof err)) return rv_opts_bad(p, "%s", err);
        return 0;
    case OPT_NCCL:
        if (!rv_multi_nccl_name_ok(p->value, both_ok))
            return rv_opts_bad(p,
                               both_ok ? _("--nccl '%s' must be allreduce, reduce or both")
                                       : _("--nccl '%s' must be allreduce or reduce"),
                               p->value);
        *nccl = p->value;
        return 0;
    default: return rv_opts_bad(p, _("unknown option '%s'"), p->word);
    }
}

static int parse_multi(int argc, char **argv, rv_multi_opts *o)
{
    uint64_t x;
    int have_gpus = 0;
    memset(o, 0, sizeof *o);
    o->n = RV_MULTI_DEFAULT_N;
    o->data.kind = RV_DATA_RANDOM;
    o->data.seed = 1;
    o->rank = o->device = -1;
    o->nccl = "allreduce";
    o->repeat = 10;
    o->timeout_s = RV_MULTI_TIMEOUT_S;
    rv_opts p;
    rv_opts_begin(&p, &multi_cmd, argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        if (rv_opts_ends(id)) return rv_opts_exit(id);
        switch (id) {
        case RV_OPT_WORD: return rv_usage_error("multi", _("unexpected argument '%s'"), p.value);
        case OPT_GPUS:
            if (whole(&p, 1, RV_MULTI_MAX_GPUS, &x)) return RV_EXIT_USAGE;
            o->gpus = (int)x;
            have_gpus = 1;
            break;
        case OPT_RANK:
            if (whole(&p, 0, RV_MULTI_MAX_RANKS - 1, &x)) return RV_EXIT_USAGE;
            o->rank = (int)x;
            break;
        case OPT_NRANKS:
            if (whole(&p, 2, RV_MULTI_MAX_RANKS, &x)) return RV_EXIT_USAGE;
            o->nranks = (int)x;
            break;
        case OPT_DEVICE:
            if (whole(&p, 0, 1023, &x)) return RV_EXIT_USAGE;
            o->device = (int)x;
            break;
        case OPT_ID_FILE:
            if (!*p.value) return rv_usage_error("multi", _("--id-file needs a file name"));
            o->id_file = p.value;
            break;
        case OPT_EXIT_EARLY: o->exit_early = 1; break;
        default:
            if (shared_option(&p, &o->n, &o->data, &o->repeat, &o->timeout_s, &o->nccl, 0)) return RV_EXIT_USAGE;
        }
    }
    int process_mode = o->rank >= 0 || o->nranks || o->id_file || o->device >= 0;
    if (process_mode && have_gpus)
        return rv_usage_error("multi",
                              _("--gpus (threads) and --rank/--nranks (one process per GPU) do not go together"));
    if (process_mode && (o->rank < 0 || !o->nranks))
        return rv_usage_error("multi", _("one process per GPU needs both --rank R and --nranks P"));
    if (process_mode && o->rank >= o->nranks)
        return rv_usage_error("multi", _("--rank %d must be below --nranks %d"), o->rank, o->nranks);
    if (o->exit_early && !process_mode)
        return rv_usage_error("multi", _("--exit-early is for one process of several (--rank, --nranks)"));
    {
        char why[300];
        int parts = process_mode ? o->nranks : (o->gpus ? o->gpus : 1);
        if (rv_multi_check_split(o->n, parts, why, sizeof why)) return rv_usage_error("multi", "%s", why);
    }
    return RV_MULTI_RUN;
}

int cmd_multi(int argc, char **argv)
{
    rv_multi_opts o;
    char err[1024];
    int status = parse_multi(argc, argv, &o);
    if (status != RV_MULTI_RUN) return status;
    if (rv_multi_run(&o, err, sizeof err)) {
        rv_cmd_error("multi", err);
        /* After a failure NCCL may still hold threads waiting on peers that
         * are gone; leave without running exit handlers that could wait on them. */
        fflush(stdout);
        fflush(stderr);
        _Exit(RV_EXIT_RUNTIME);
    }
    return RV_EXIT_OK;
}

/* ---- bench --gpus ---------------------------------------------------------- */

static const rv_opt bench_gpus_opts[] = {
    {OPT_GPUS, "gpus", 0, "G", N_("1 .. %d; fewer GPUs present: it says so and times those"), NULL},
    {OPT_N, "n", 0, "N", N_("one N instead, 1 .. G x 2^31"), NULL},
    {OPT_NCCL, "nccl", 0, "C", N_("allreduce, reduce, or both (default) for G >= 2"), RV_NCCL_BENCH_WORDS},
    {OPT_REPEAT, "repeat", 0, "R", N_("timed runs per figure (default 20)"), NULL},
    {OPT_TIMEOUT, "timeout", 0, "S", N_("seconds any wait on NCCL may take (default %d)"), NULL},
    {OPT_DATA, "data", 0, "PATTERN", N_("input values (default random:1)"), RV_DATA_WORDS},
    {OPT_OUT, NULL, 'o', "FILE.json", N_("write the results"), "@file"},
    /* bench's, named so that the message says why rather than "unknown option" */
    {OPT_NOT_GPUS, "sweep", 0, NULL, NULL, NULL},
    {OPT_NOT_GPUS, "block-size", 0, "B", NULL, NULL},
    {0},
};

static const char *bench_gpus_help_of(int id, const char *text, char *buf, size_t len)
{
    switch (id) {
    case 0:
        snprintf(buf, len, text, rv_version_name(rv_multi_version()), RV_MULTI_SWEEP_FIRST, RV_MULTI_SWEEP_LAST);
        break;
    case OPT_GPUS: snprintf(buf, len, text, RV_MULTI_MAX_GPUS); break;
    case OPT_TIMEOUT: snprintf(buf, len, text, RV_MULTI_TIMEOUT_S); break;
    default: return text;
    }
    return buf;
}

static const rv_command_opts bench_gpus_cmd = {
    .cmd = "bench",
    .usage = N_("usage: reducevis bench --gpus G [--n N] [--data PATTERN] [--nccl allreduce|reduce|both]\n"
                "                       [--repeat R] [--timeout S] [-o FILE.json]"),
    .about = N_("Times the reduction across 1, 2 .. G GPUs of this machine (one thread per GPU): each GPU\n"
                "reduces its slice with %s's kernel, then NCCL combines the G partial sums.  Without --n,\n"
                "N = 2^%d .. 2^%d as memory allows; an N whose slices would exceed the kernel's 2^31\n"
                "elements is skipped at that G, saying so (2^32 needs two GPUs).  Per run: the slowest\n"
                "GPU's whole time (median, minimum of R), its kernel, the NCCL step alone, GB/s of all\n"
                "GPUs together, and the speed-up over one GPU in the same run; every sum is checked\n"
                "against the CPU's.  The JSON gains \"gpus\" per run (`bench --show` prints it)."),
    .tables = {bench_gpus_opts},
    .help_of = bench_gpus_help_of,
};

/* Is --gpus among bench's options (`--gpus 2`, `--gpus=2`, `--gp 2`, not
 * the file of `-o --gpus`)?  argv is read through getopt_long with bench
 * --gpus's table, as rv_opts_next reads it but saying nothing: a mistake is
 * told by the parser of the command it turns out to be. */
int rv_bench_wants_gpus(int argc, char **argv) { return rv_opts_given(&bench_gpus_cmd, argc, argv, OPT_GPUS); }

static int parse_bench_gpus(int argc, char **argv, rv_multi_bench_opts *o)
{
    uint64_t x;
    memset(o, 0, sizeof *o);
    o->data.kind = RV_DATA_RANDOM;
    o->data.seed = 1;
    o->repeat = 20;
    o->nccl = "both";
    o->timeout_s = RV_MULTI_TIMEOUT_S;
    rv_opts p;
    rv_opts_begin(&p, &bench_gpus_cmd, argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        if (rv_opts_ends(id)) return rv_opts_exit(id);
        switch (id) {
        case RV_OPT_WORD: return rv_usage_error("bench", _("unexpected argument '%s'"), p.value);
        case OPT_GPUS:
            if (whole(&p, 1, RV_MULTI_MAX_GPUS, &x)) return RV_EXIT_USAGE;
            o->gpus = (int)x;
            break;
        case OPT_OUT: o->out_json = p.value; break;
        case OPT_NOT_GPUS:
            return rv_usage_error(
                "bench", _("%s does not go with --gpus (which sweeps 2^%d .. 2^%d at %s's own block size)"), p.word,
                RV_MULTI_SWEEP_FIRST, RV_MULTI_SWEEP_LAST, rv_version_name(rv_multi_version()));
        default:
            if (shared_option(&p, &o->n, &o->data, &o->repeat, &o->timeout_s, &o->nccl, 1)) return RV_EXIT_USAGE;
        }
    }
    if (o->n) {
        char why[300];
        if (rv_multi_check_split(o->n, o->gpus, why, sizeof why)) return rv_usage_error("bench", "%s", why);
    }
    return RV_MULTI_RUN;
}

int cmd_bench_gpus(int argc, char **argv)
{
    rv_multi_bench_opts o;
    char err[1024];
    int status = parse_bench_gpus(argc, argv, &o);
    if (status != RV_MULTI_RUN) return status;
    if (rv_multi_bench(&o, err, sizeof err)) {
        fprintf(stderr, "reducevis bench --gpus: %s\n", err);
        fflush(stdout);
        fflush(stderr);
        _Exit(RV_EXIT_RUNTIME);
    }
    return RV_EXIT_OK;
}
