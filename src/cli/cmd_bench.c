/* cmd_bench.c — `reducevis bench`: reads the options, makes sure there is a
 * GPU, and hands over to rv_gpu_bench (gpu_bench.cu), which measures, prints
 * the table and writes the JSON. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "core/i18n.h"
#include "core/opts.h"
#include "gpu/gpu.h"
#include "core/results.h"
#include "core/versions.h"

#define RV_BENCH_DEFAULT_N      (1ull << 25)
#define RV_BENCH_DEFAULT_REPEAT 20
#define RV_BENCH_MAX_REPEAT     10000
#define RV_BENCH_RUN            (-1) /* parse_bench: no exit yet, run the bench */

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
    if (at < len)
        snprintf(buf + at, len - at, "%s",
                 count > 1 ? _(", the sizes their tuning found fastest") : _(", the size their tuning found fastest"));
}

enum { OPT_SWEEP = 1, OPT_REPEAT, OPT_COLD, OPT_OUT, OPT_SHOW, OPT_GPUS };

static const rv_opt bench_opts[] = {
    {RV_CFG_N, "n", 0, "N", N_("elements, 1 .. 2^31 (default 2^25; 2^K accepted)"), NULL},
    {OPT_SWEEP, "sweep", 0, NULL,
     N_("time N = 2^20, 2^21 .. 2^30 instead; the array is allocated\n"
        "once at 2^30 (about 8 GiB of GPU memory with the copy test)"),
     NULL},
    {RV_CFG_BLOCK_SIZE, "block-size", 0, "B",
     N_("threads per block, a power of two 32..1024, for every version\n"
        "(a version that needs more runs at its least); without it\n"
        "256, and %s"),
     NULL},
    {OPT_REPEAT, "repeat", 0, "R", N_("timed runs per figure, 1 .. %d (default %d)"), NULL},
    {OPT_COLD, "cold", 0, NULL,
     N_("flush L2 before every timed run (write a buffer twice its size,\n"
        "as CUB's benchmarks do); without it L2 stays warm from the run\n"
        "before, and an array that fits in L2 is read from there"),
     NULL},
    {RV_CFG_DATA, "data", 0, "PATTERN", N_("input values (default random:1)"), RV_DATA_WORDS},
    {OPT_OUT, NULL, 'o', "FILE.json", N_("also write every figure, the device and the options as JSON"), "@file"},
    {OPT_SHOW, "show", 0, "FILE",
     N_("print the table of a results file written earlier (no GPU needed),\n"
        "e.g. assets/results/nvidia-h200-sweep.json"),
     "@file"},
    {OPT_GPUS, "gpus", 0, "G", N_("across GPUs: `reducevis bench --gpus 1 --help`"), NULL},
    {0},
};

static const char *bench_help_of(int id, const char *text, char *buf, size_t len)
{
    char tuned[256];
    switch (id) {
    case RV_CFG_BLOCK_SIZE:
        tuned_sizes(tuned, sizeof tuned);
        snprintf(buf, len, text, tuned);
        return buf;
    case OPT_REPEAT: snprintf(buf, len, text, RV_BENCH_MAX_REPEAT, RV_BENCH_DEFAULT_REPEAT); return buf;
    default: return text;
    }
}

static void bench_notes(FILE *f)
{
    fprintf(f, "%s",
            _("The table goes to stdout; a progress bar to stderr when it is a terminal.\n"
              "Exit status: 0 success, 1 usage error, 2 no GPU, a CUDA error, or a sum that\n"
              "does not match the CPU's (the table and the JSON are written first, marking\n"
              "it FAILED).\n"));
}

static const rv_command_opts bench_cmd = {
    .cmd = "bench",
    .words = "[--n N | --sweep]",
    .more = N_("--show FILE.json\n"
               "--gpus G ...   (across GPUs: `reducevis bench --gpus 1 --help`)"),
    .about = N_("Times every version (`reducevis versions`) and CUB's cub::DeviceReduce::Sum on the GPU.\n"
                "Each time is the whole reduction down to one number (every pass), measured\n"
                "with CUDA events around each run.  The versions take turns: a few warm-up\n"
                "rounds, then R timed rounds of one run of every version each, so that a burst\n"
                "of noise falls on all of them; median, quartiles and extremes of the R runs.\n"
                "A timed round is queued while the GPU waits, then let go, so that the host's\n"
                "time to queue a run (longer than a run at small N) is in no run's events.\n"
                "Beside it: bandwidth (N x 4 bytes / median time, 1 GB = 1e9 bytes) as a\n"
                "percentage of the device's theoretical peak and of a device-to-device copy\n"
                "measured in the same run, the speedup over the baseline and over the version\n"
                "each improves on, and a check of every sum: exactly the sum for integer data below\n"
                "2^24, else within the rounding bound of its addition tree around a double sum on\n"
                "the CPU."),
    .tables = {bench_opts},
    .notes = bench_notes,
    .help_of = bench_help_of,
};

/* Reads argv into opts.  Returns RV_BENCH_RUN when the bench should run,
 * else the exit status to leave with (0 after --help, 1 for a bad option);
 * *show is the file of --show. */
static int parse_bench(int argc, char **argv, rv_bench_opts *opts, const char **show)
{
    /* --n, --block-size and --data are read as simulate and capture read them. */
    rv_config cfg = rv_config_default();
    int have_n = 0, have_block = 0, others = 0;
    cfg.n = RV_BENCH_DEFAULT_N;
    cfg.data.kind = RV_DATA_RANDOM;
    cfg.data.seed = 1;
    opts->repeat = RV_BENCH_DEFAULT_REPEAT;
    rv_opts p;
    rv_opts_begin(&p, &bench_cmd, argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        uint64_t x;
        others += id != OPT_SHOW;
        if (rv_opts_ends(id)) return rv_opts_exit(id);
        switch (id) {
        case RV_OPT_WORD: return rv_usage_error("bench", _("unexpected argument '%s'"), p.value);
        case OPT_COLD: opts->cold = 1; break;
        case OPT_SWEEP: opts->sweep = 1; break;
        case OPT_OUT: opts->out_json = p.value; break;
        case OPT_SHOW:
            if (*show) return rv_usage_error("bench", _("--show takes one results file and nothing else"));
            *show = p.value;
            break;
        case OPT_REPEAT:
            if (rv_parse_u64(p.value, &x) || x < 1 || x > RV_BENCH_MAX_REPEAT)
                return rv_usage_error("bench", _("repeat '%s' must be a whole number from 1 to %d"), p.value,
                                      RV_BENCH_MAX_REPEAT);
            opts->repeat = (int)x;
            break;
        default:
            if (rv_config_apply(&p, &cfg)) return RV_EXIT_USAGE;
            have_n |= id == RV_CFG_N;
            have_block |= id == RV_CFG_BLOCK_SIZE;
        }
    }
    if (*show && others) return rv_usage_error("bench", _("--show takes one results file and nothing else"));
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
    const char *show = NULL;
    int status = parse_bench(argc, argv, &opts, &show);
    if (status != RV_BENCH_RUN) return status;
    if (show) return show_results(show);
    if (!rv_gpu_available(err, sizeof err)) {
        fprintf(stderr, _("reducevis bench: needs a CUDA GPU to time the kernels, and there is none: %s\n"), err);
        return RV_EXIT_RUNTIME;
    }
    if (rv_gpu_bench(&opts, err, sizeof err)) {
        rv_cmd_error("bench", err);
        return RV_EXIT_RUNTIME;
    }
    return RV_EXIT_OK;
}
