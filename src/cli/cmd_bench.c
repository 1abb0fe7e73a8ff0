/* cmd_bench.c — `reducevis bench`: reads the options, makes sure there is a
 * GPU, and hands over to rv_gpu_bench (gpu_bench.cu), which measures, prints
 * the table and writes the JSON. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "core/i18n.h"
#include "gpu/gpu.h"
#include "core/results.h"
#include "core/versions.h"

#define RV_BENCH_DEFAULT_N      (1ull << 25)
#define RV_BENCH_DEFAULT_REPEAT 20
#define RV_BENCH_MAX_REPEAT     10000
#define RV_BENCH_RUN            (-1)   /* parse_bench: no exit yet, run the bench */

/* "v8 and v9 at 512, the sizes their tuning runs found fastest": the
 * versions with a tuned block size, from the table. */
static void tuned_sizes(char *buf, size_t len)
{
    const rv_version_info *tuned[RV_NUM_VERSIONS];
    int count = 0;
    for (int k = 0; k < RV_NUM_VERSIONS; k++)
        if (rv_version_at(k)->tuned_block) tuned[count++] = rv_version_at(k);
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < count && at < len; i++) {
        const char *sep = i == 0 ? "" : i + 1 == count ? " and " : ", ";
        at += (size_t)snprintf(buf + at, len - at, "%s%s", sep, tuned[i]->name);
        if (at < len && (i + 1 == count || tuned[i + 1]->tuned_block != tuned[i]->tuned_block))
            at += (size_t)snprintf(buf + at, len - at, " at %d", tuned[i]->tuned_block);
    }
    if (at < len) snprintf(buf + at, len - at, "%s",
                               count > 1 ? _(", the sizes their tuning found fastest") : _(", the size their tuning found fastest"));
}

static void bench_usage(void)
{
    char tuned[256];
    tuned_sizes(tuned, sizeof tuned);
    printf(_("usage: reducevis bench [--n N | --sweep] [--block-size B] [--repeat R] [--cold]\n"
           "                       [--data ones|index|mod10|random[:SEED]] [-o FILE.json]\n"
           "       reducevis bench --show FILE.json\n"
           "       reducevis bench --gpus G ...   (across GPUs: `reducevis bench --gpus 1 --help`)\n\n"
           "Times every version (`reducevis versions`) and CUB's cub::DeviceReduce::Sum on the GPU.\n"
           "Each time is the whole reduction down to one number (every pass), measured\n"
           "with CUDA events around each run.  The versions take turns: a few warm-up\n"
           "rounds, then R timed rounds of one run of every version each, so that a burst\n"
           "of noise falls on all of them; median, quartiles and extremes of the R runs.\n"
           "Beside it: bandwidth (N x 4 bytes / median time, 1 GB = 1e9 bytes) as a\n"
           "percentage of the device's theoretical peak and of a device-to-device copy\n"
           "measured in the same run, the speedup over the baseline and over the version\n"
           "each improves on, and a check of every sum: exactly the sum for integer data below\n"
           "2^24, else within the rounding bound of its addition tree around a double sum on\n"
           "the CPU.\n\n"
           "  --n N            elements, 1 .. 2^31 (default 2^25; 2^K accepted)\n"
           "  --sweep          time N = 2^20, 2^21 .. 2^30 instead; the array is allocated\n"
           "                   once at 2^30 (about 8 GiB of GPU memory with the copy test)\n"
           "  --block-size B   threads per block, a power of two 32..1024, for every version\n"
           "                   (a version that needs more runs at its least); without it\n"
           "                   256, and %s\n"
           "  --repeat R       timed runs per figure, 1 .. %d (default %d)\n"
           "  --cold           flush L2 before every timed run (write a buffer twice its size,\n"
           "                   as CUB's benchmarks do); without it L2 stays warm from the run\n"
           "                   before, and an array that fits in L2 is read from there\n"
           "  --data PATTERN   input values (default random:1)\n"
           "  -o FILE.json     also write every figure, the device and the options as JSON\n"
           "  --show FILE      print the table of a results file written earlier (no GPU needed),\n"
           "                   e.g. assets/results/nvidia-h200-sweep.json\n\n"
           "The table goes to stdout; a progress bar to stderr when it is a terminal.\n"
           "Exit status: 0 success, 1 usage error, 2 no GPU, a CUDA error, or a sum that\n"
           "does not match the CPU's (the table and the JSON are written first, marking\n"
           "it FAILED).\n"),
           tuned, RV_BENCH_MAX_REPEAT, RV_BENCH_DEFAULT_REPEAT);
}

/* Reads argv into opts.  Returns RV_BENCH_RUN when the bench should run,
 * else the exit status to leave with (0 after --help, 1 for a bad option). */
static int parse_bench(int argc, char **argv, rv_bench_opts *opts)
{
    /* --n, --block-size and --data go through the parser simulate and capture use. */
    rv_config cfg = rv_config_default();
    int have_n = 0, have_block = 0;
    cfg.n = RV_BENCH_DEFAULT_N;
    cfg.data.kind = RV_DATA_RANDOM;
    cfg.data.seed = 1;
    opts->repeat = RV_BENCH_DEFAULT_REPEAT;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        uint64_t x;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            bench_usage();
            return RV_EXIT_OK;
        } else if (!strcmp(a, "--cold")) {
            opts->cold = 1;
        } else if (!strcmp(a, "--sweep")) {
            opts->sweep = 1;
        } else if (!strcmp(a, "-o")) {
            if (i + 1 >= argc) return rv_usage_error("bench", _("-o needs a file name"));
            opts->out_json = argv[++i];
        } else if (!strcmp(a, "--repeat")) {
            if (i + 1 >= argc) return rv_usage_error("bench", _("--repeat needs a value"));
            const char *val = argv[++i];
            if (rv_parse_u64(val, &x) || x < 1 || x > RV_BENCH_MAX_REPEAT)
                return rv_usage_error("bench", _("repeat '%s' must be a whole number from 1 to %d"), val, RV_BENCH_MAX_REPEAT);
            opts->repeat = (int)x;
        } else if (!strcmp(a, "--n") || !strcmp(a, "--block-size") || !strcmp(a, "--data")) {
            int used = rv_parse_config_option(argc, argv, i, &cfg, "bench");
            if (used < 0) return RV_EXIT_USAGE; /* the message is out */
            have_n |= !strcmp(a, "--n");
            have_block |= !strcmp(a, "--block-size");
            i += used - 1;
        } else {
            return rv_usage_error("bench", _("unknown option '%s'"), a);
        }
    }
    /* The shared parser lets 1..16 through; no version runs below a warp. */
    if (cfg.block_size < 32)
        return rv_usage_error("bench", _("block size '%d' must be a power of two from 32 to 1024"), cfg.block_size);
    if (have_n && opts->sweep)
        return rv_usage_error("bench", _("--n and --sweep do not go together (--sweep times N = 2^20 .. 2^30)"));
    opts->n = cfg.n;
    opts->block_size = cfg.block_size;
    opts->block_given = have_block;
    opts->data = cfg.data;
    return RV_BENCH_RUN;
}

/* `bench --show FILE`: a results file's table, as the run that wrote it printed it. */
static int show_results(const char *path)
{
    char err[512];
    rv_results *r = rv_results_load(path, err, sizeof err);
    if (!r) {
        fprintf(stderr, "reducevis bench --show: %s\n", err);
        return RV_EXIT_RUNTIME;
    }
    rv_results_print_table(r, stdout);
    rv_results_free(r);
    return RV_EXIT_OK;
}

int cmd_bench(int argc, char **argv)
{
    rv_bench_opts opts;
    char err[512];
    memset(&opts, 0, sizeof opts);
    if (rv_bench_wants_gpus(argc, argv)) return cmd_bench_gpus(argc, argv); /* across GPUs: cmd_multi.c */
    if (argc >= 2 && !strcmp(argv[1], "--show")) {
        if (argc != 3) return rv_usage_error("bench", _("--show takes one results file and nothing else"));
        return show_results(argv[2]);
    }
    int status = parse_bench(argc, argv, &opts);
    if (status != RV_BENCH_RUN) return status;
    if (!rv_gpu_available(err, sizeof err)) {
        fprintf(stderr, _("reducevis bench: needs a CUDA GPU to time the kernels, and there is none: %s\n"), err);
        return RV_EXIT_RUNTIME;
    }
    if (rv_gpu_bench(&opts, err, sizeof err)) {
        fprintf(stderr, "reducevis bench: %s\n", err);
        return RV_EXIT_RUNTIME;
    }
    return RV_EXIT_OK;
}
