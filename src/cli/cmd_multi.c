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
#include "gpu/multi.h"
#include "core/trace.h" /* RV_MAX_N */
#include "core/versions.h"

#define RV_MULTI_RUN          (-1)     /* the parsers: no exit yet, run */
#define RV_MULTI_DEFAULT_N    (1ull << 28)
#define RV_MULTI_MAX_REPEAT   10000
#define RV_MULTI_MAX_TIMEOUT  3600

static void multi_usage(void)
{
    printf(_("usage: reducevis multi [--gpus G] [--n N] [--data PATTERN] [--nccl allreduce|reduce]\n"
             "                       [--repeat R] [--timeout S]\n"
             "       reducevis multi --rank R --nranks P [--id-file FILE] [--device D] [OPTIONS]\n\n"
             "The reduction across GPUs: the array is split over the GPUs, each reduces its slice\n"
             "with the single-pass kernel (%s), then NCCL combines the partial sums: ncclAllReduce\n"
             "(every GPU holds the total) or ncclReduce (GPU 0 does).  Times with CUDA events and\n"
             "checks the sum against the CPU's (double precision).\n\n"
             "One process, one thread per GPU:\n"
             "  --gpus G         GPUs to use, 1 .. %d (default: all, up to %d); with fewer present\n"
             "                   it says so and uses those\n"
             "One process per GPU (the way jobs over several machines start):\n"
             "  --rank R         this process's rank, 0 .. P-1\n"
             "  --nranks P       processes in all, 2 .. %d\n"
             "  --id-file FILE   rank 0 writes NCCL's unique id there, the others wait for it (a\n"
             "                   folder every machine sees); or give every process the same id in\n"
             "                   %s (hex), or set NCCL_COMM_ID=HOST:PORT (rank 0's machine) for all\n"
             "  --device D       the GPU to use (default: rank modulo the GPUs present)\n"
             "Both:\n"
             "  --n N            elements in all, 1 .. G x 2^31 (default 2^28; 2^K accepted)\n"
             "  --data PATTERN   ones|index|mod10|random[:SEED] (default random:1)\n"
             "  --nccl C         allreduce (default) or reduce\n"
             "  --repeat R       timed runs after %d warm-ups, 1 .. %d (default 10)\n"
             "  --timeout S      seconds any wait on NCCL or another process may take (default %d);\n"
             "                   then NCCL is aborted and the command fails: never a hang\n\n"
             "NCCL is loaded at run time (libnccl.so.2, from `pip install %s`); NCCL_NVLS_ENABLE\n"
             "is set to 0 unless set already (NVLink multicast stays off).\n"
             "Exit status: 0 the sum is right, 1 usage error, 2 no GPU, no NCCL, an NCCL or CUDA\n"
             "error (NCCL's own message), a timeout, or a wrong sum.\n"),
           rv_version_name(rv_multi_version()), RV_MULTI_MAX_GPUS, RV_MULTI_MAX_GPUS, RV_MULTI_MAX_RANKS,
           RV_MULTI_ID_ENV, 3, RV_MULTI_MAX_REPEAT,
           RV_MULTI_TIMEOUT_S, RV_MULTI_PACKAGE);
}

/* A whole number from lo to hi into *out, or a usage error naming the option. */
static int whole(const char *cmd, const char *opt, const char *val, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (!val) return rv_usage_error(cmd, _("%s needs a value"), opt);
    if (rv_parse_u64(val, out) || *out < lo || *out > hi)
        return rv_usage_error(cmd, _("%s '%s' must be a whole number from %llu to %llu"), opt, val,
                              (unsigned long long)lo, (unsigned long long)hi);
    return 0;
}

/* The options `multi` and `bench --gpus` share.  Returns how many arguments
 * it used (0: not one of them), or -1 after a usage message. */
static int shared_option(const char *cmd, int argc, char **argv, int i, uint64_t *n, rv_data *data, int *repeat,
                         double *timeout_s, const char **nccl, int both_ok)
{
    const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
    uint64_t x;
    if (!strcmp(a, "--n")) {
        if (whole(cmd, a, val, 1, (uint64_t)RV_MAX_N * RV_MULTI_MAX_RANKS, n)) return -1;
    } else if (!strcmp(a, "--repeat")) {
        if (whole(cmd, a, val, 1, RV_MULTI_MAX_REPEAT, &x)) return -1;
        *repeat = (int)x;
    } else if (!strcmp(a, "--timeout")) {
        if (whole(cmd, a, val, 1, RV_MULTI_MAX_TIMEOUT, &x)) return -1;
        *timeout_s = (double)x;
    } else if (!strcmp(a, "--data")) {
        char err[160];
        if (!val) return rv_usage_error(cmd, _("%s needs a value"), a), -1;
        if (rv_data_parse(val, data, err, sizeof err)) return rv_usage_error(cmd, "%s", err), -1;
    } else if (!strcmp(a, "--nccl")) {
        if (!val) return rv_usage_error(cmd, _("%s needs a value"), a), -1;
        if (!rv_multi_nccl_name_ok(val, both_ok))
            return rv_usage_error(cmd, both_ok ? _("--nccl '%s' must be allreduce, reduce or both")
                                               : _("--nccl '%s' must be allreduce or reduce"), val), -1;
        *nccl = val;
    } else {
        return 0;
    }
    return 2;
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
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        int used = shared_option("multi", argc, argv, i, &o->n, &o->data, &o->repeat, &o->timeout_s, &o->nccl, 0);
        if (used < 0) return RV_EXIT_USAGE;
        if (used) {
            i += used - 1;
            continue;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            multi_usage();
            return RV_EXIT_OK;
        } else if (!strcmp(a, "--gpus")) {
            if (whole("multi", a, val, 1, RV_MULTI_MAX_GPUS, &x)) return RV_EXIT_USAGE;
            o->gpus = (int)x;
            have_gpus = 1;
        } else if (!strcmp(a, "--rank")) {
            if (whole("multi", a, val, 0, RV_MULTI_MAX_RANKS - 1, &x)) return RV_EXIT_USAGE;
            o->rank = (int)x;
        } else if (!strcmp(a, "--nranks")) {
            if (whole("multi", a, val, 2, RV_MULTI_MAX_RANKS, &x)) return RV_EXIT_USAGE;
            o->nranks = (int)x;
        } else if (!strcmp(a, "--device")) {
            if (whole("multi", a, val, 0, 1023, &x)) return RV_EXIT_USAGE;
            o->device = (int)x;
        } else if (!strcmp(a, "--id-file")) {
            if (!val || !*val) return rv_usage_error("multi", _("--id-file needs a file name"));
            o->id_file = val;
        } else if (!strcmp(a, "--exit-early")) { /* the failure test's crashing process */
            o->exit_early = 1;
            continue;
        } else {
            return rv_usage_error("multi", _("unknown option '%s'"), a);
        }
        i++;
    }
    int process_mode = o->rank >= 0 || o->nranks || o->id_file || o->device >= 0;
    if (process_mode && have_gpus)
        return rv_usage_error("multi", _("--gpus (threads) and --rank/--nranks (one process per GPU) do not go together"));
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
        fprintf(stderr, "reducevis multi: %s\n", err);
        /* After a failure NCCL may still hold threads waiting on peers that
         * are gone; leave without running exit handlers that could wait on them. */
        fflush(stdout);
        fflush(stderr);
        _Exit(RV_EXIT_RUNTIME);
    }
    return RV_EXIT_OK;
}

/* ---- bench --gpus ---------------------------------------------------------- */

int rv_bench_wants_gpus(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--gpus")) return 1;
    return 0;
}

static void bench_gpus_usage(void)
{
    printf(_("usage: reducevis bench --gpus G [--n N] [--data PATTERN] [--nccl allreduce|reduce|both]\n"
             "                       [--repeat R] [--timeout S] [-o FILE.json]\n\n"
             "Times the reduction across 1, 2 .. G GPUs of this machine (one thread per GPU): each GPU\n"
             "reduces its slice with %s's kernel, then NCCL combines the G partial sums.  Without --n,\n"
             "N = 2^%d .. 2^%d as memory allows; an N whose slices would exceed the kernel's 2^31\n"
             "elements is skipped at that G, saying so (2^32 needs two GPUs).  Per run: the slowest\n"
             "GPU's whole time (median, minimum of R), its kernel, the NCCL step alone, GB/s of all\n"
             "GPUs together, and the speed-up over one GPU in the same run; every sum is checked\n"
             "against the CPU's.  The JSON gains \"gpus\" per run (`bench --show` prints it).\n\n"
             "  --gpus G         1 .. %d; fewer GPUs present: it says so and times those\n"
             "  --n N            one N instead, 1 .. G x 2^31\n"
             "  --nccl C         allreduce, reduce, or both (default) for G >= 2\n"
             "  --repeat R       timed runs per figure (default 20)\n"
             "  --timeout S      seconds any wait on NCCL may take (default %d)\n"
             "  --data PATTERN   input values (default random:1)\n"
             "  -o FILE.json     write the results\n"),
           rv_version_name(rv_multi_version()), RV_MULTI_SWEEP_FIRST, RV_MULTI_SWEEP_LAST, RV_MULTI_MAX_GPUS,
           RV_MULTI_TIMEOUT_S);
}

static int parse_bench_gpus(int argc, char **argv, rv_multi_bench_opts *o)
{
    uint64_t x;
    memset(o, 0, sizeof *o);
    o->data.kind = RV_DATA_RANDOM;
    o->data.seed = 1;
    o->repeat = 20;
    o->nccl = "both";
    o->timeout_s = RV_MULTI_TIMEOUT_S;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        int used = shared_option("bench", argc, argv, i, &o->n, &o->data, &o->repeat, &o->timeout_s, &o->nccl, 1);
        if (used < 0) return RV_EXIT_USAGE;
        if (used) {
            i += used - 1;
            continue;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            bench_gpus_usage();
            return RV_EXIT_OK;
        } else if (!strcmp(a, "--gpus")) {
            if (whole("bench", a, val, 1, RV_MULTI_MAX_GPUS, &x)) return RV_EXIT_USAGE;
            o->gpus = (int)x;
        } else if (!strcmp(a, "-o")) {
            if (!val) return rv_usage_error("bench", _("-o needs a file name"));
            o->out_json = val;
        } else if (!strcmp(a, "--sweep") || !strcmp(a, "--block-size")) {
            return rv_usage_error("bench", _("%s does not go with --gpus (which sweeps 2^%d .. 2^%d at %s's own block size)"),
                                  a, RV_MULTI_SWEEP_FIRST, RV_MULTI_SWEEP_LAST, rv_version_name(rv_multi_version()));
        } else {
            return rv_usage_error("bench", _("unknown option '%s'"), a);
        }
        i++;
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
