/* view_args.c — the command line of `reducevis view`: its options as tables
 * (core/opts.h), which class takes too, and what each does to
 * viewer_options (app.h). */
#include "app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/args.h"
#include "core/assets.h"
#include "core/i18n.h"
#include "core/versions.h"

const rv_opt view_opts[] = {
    {VIEW_OPT_VERSION, "version", 0, "V",
     N_("a version's name (see `reducevis versions`); without FILE, the bundled\n"
        "GPU trace of V, else the CPU model"),
     "@version"},
    /* --kernel: the same as --version V (args.h says why) */
    {VIEW_OPT_VERSION, "kernel", 0, "V", NULL, "@version"},
    {VIEW_OPT_COMPARE, "compare", 0, "V2", N_("show V2 beside it, the two stepping together (also: key C)"),
     "@version"},
    {VIEW_OPT_BLOCK_SIZE, "block-size", 0, "B", N_("simulate with the CPU model at this block size"), NULL},
    {VIEW_OPT_DATA, "data", 0, "PATTERN", N_("ones, index, mod10, random[:SEED] (CPU model)"), RV_DATA_WORDS},
    {VIEW_OPT_FONT, "font", 0, "PATH",
     N_("a .ttf font instead of the system's DejaVu fonts (Chinese text\n"
        "still falls back to the CJK font fontconfig finds)"),
     "@file"},
    {VIEW_OPT_LANG, "lang", 0, "zh|en",
     N_("the interface's language (default: LANGUAGE, LC_ALL,\n"
        "LC_MESSAGES, LANG; also: key L)"),
     RV_LANG_WORDS},
    {VIEW_OPT_RESULTS, "results", 0, "FILE",
     N_("timed results from `reducevis bench -o FILE.json` (twice: a run at\n"
        "one N and a --sweep); default: the bundled results of the trace's GPU"),
     "@file"},
    {VIEW_OPT_DEVICE, "device", 0, "NAME",
     N_("whose recording: a slug (nvidia-h200), the GPU's name, or a part\n"
        "of one (h100); default: the first recorded, by name.  Recordings\n"
        "are the bundled assets/ and `reducevis record`'s (also: key D)"),
     NULL},
    {VIEW_OPT_SIZE, "size", 0, "WxH", N_("window size (default 1280x720)"), NULL},
    {VIEW_OPT_PREDICT, "predict", 0, "MODE",
     N_("start in predict mode: class (students answer, scored) or teacher\n"
        "(the answer shown by a key, no score); keys A and Shift+A"),
     PREDICT_MODE_WORDS},
    {0},
};

const rv_opt view_script_opts[] = {
    {VIEW_OPT_KEYS, "keys", 0, "LIST", N_("keys to apply first, e.g. right,right,t (for scripts)"), NULL},
    {VIEW_OPT_SHOT, "shot", 0, "FILE", N_("draw that frame off-screen into FILE (.png or .bmp) and exit"), "@file"},
    {VIEW_OPT_BESIDE_WAVES, "beside-waves", 0, "V",
     N_("W shows V's recorded grid of the trace's GPU (waves/DEVICE-V.rvt)\n"
        "beside the trace's own (the class's kernel window)"),
     "@version"},
    {0},
};

static void view_notes(FILE *f)
{
    fprintf(f, "%s",
            _("Keys: Right/Space step, Left back, Home/End, P play, +/- speed, digit D version vD,\n"
              "      [ ] previous/next version, C then a digit: compare with that version (C twice:\n"
              "      compare off; C then D: this version on the next recorded GPU beside it),\n"
              "      E save the frame as PNG, D next recorded device,\n"
              "      A predict mode (answer before the step is shown), Shift+A its teacher variant,\n"
              "      Z warps as rows or strip, W the waves picture (I/O zoom in/out on time,\n"
              "      comma/period earlier/later, R the whole run), T theme, F fullscreen,\n"
              "      L language (English/Chinese),\n"
              "      H or ? help, Q or Esc quit.\n"
              "      Click the timeline to jump; click a warp to draw its accesses; hover for values.\n"
              "Without a display, `reducevis export` writes the same frames as images.\n"));
    fprintf(f, "%s", rv_kernel_option_note());
    assets_print_places(f);
}

static const rv_command_opts view_cmd = {
    .cmd = "view",
    .words = "[FILE.rvt | --version V]",
    .about = N_("Replays one block of a parallel reduction step by step: warps, lanes,\n"
                "shared-memory banks, conflicts, divergence and wasted work.\n"
                "\n"
                "  FILE.rvt        a trace from `reducevis capture` or `reducevis simulate`"),
    .tables = {view_opts, view_script_opts},
    .notes = view_notes,
};

void app_options_default(viewer_options *o)
{
    memset(o, 0, sizeof *o);
    o->version = -1;
    o->width = 1280;
    o->height = 720;
}

static int parse_int(const char *s, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < -1000000 || v > 1000000) return -1;
    *out = (int)v;
    return 0;
}

int app_option_apply(const rv_opts *p, int id, viewer_options *o)
{
    const char *val = p->value;
    switch (id) {
    case RV_OPT_WORD:
        if (o->file) return rv_opts_bad(p, _("only one trace file, got '%s' and '%s'"), o->file, val);
        o->file = val;
        return 0;
    case VIEW_OPT_VERSION:
        if ((o->version = rv_version_parse(val)) < 0)
            return rv_opts_bad(p, _("%s: unknown version '%s' (see `reducevis versions`)"), p->word, val);
        return 0;
    case VIEW_OPT_COMPARE:
        if ((o->compare = rv_version_parse(val) + 1) <= 0)
            return rv_opts_bad(p, _("--compare: unknown version '%s' (see `reducevis versions`)"), val);
        return 0;
    case VIEW_OPT_BLOCK_SIZE:
        if (parse_int(val, &o->block_size) != 0 || o->block_size < 32 || o->block_size > 1024 ||
            (o->block_size & (o->block_size - 1)) != 0)
            return rv_opts_bad(p, _("--block-size: '%s' must be a power of two from 32 to 1024"), val);
        return 0;
    case VIEW_OPT_DATA: {
        rv_data d;
        char err[300];
        if (rv_data_parse(val, &d, err, sizeof err) != 0) return rv_opts_bad(p, "%s", err); /* names the pattern */
        o->data = val;
        return 0;
    }
    case VIEW_OPT_LANG:
        /* applied by main before anything printed; checked there too */
        if (!i18n_lang_valid(val))
            return rv_opts_bad(p, _("--lang must be zh (Chinese) or en (English), got '%s'"), val);
        return 0;
    case VIEW_OPT_FONT: o->font = val; return 0;
    case VIEW_OPT_RESULTS:
        if (o->results[1]) return rv_opts_bad(p, "%s", _("--results: at most twice (a run at one N and a sweep)"));
        o->results[o->results[0] ? 1 : 0] = val;
        return 0;
    case VIEW_OPT_PREDICT:
        if (strcmp(val, "class") && strcmp(val, "teacher"))
            return rv_opts_bad(p, _("--predict: expected class or teacher, got '%s'"), val);
        o->predict = !strcmp(val, "teacher") ? PREDICT_TEACHER : PREDICT_CLASS;
        return 0;
    case VIEW_OPT_DEVICE: o->device = val; return 0;
    case VIEW_OPT_KEYS: o->keys = val; return 0;
    case VIEW_OPT_SHOT: o->shot = val; return 0;
    case VIEW_OPT_BESIDE_WAVES:
        if ((o->beside_waves = rv_version_parse(val) + 1) <= 0)
            return rv_opts_bad(p, _("--beside-waves: unknown version '%s' (see `reducevis versions`)"), val);
        return 0;
    case VIEW_OPT_SIZE:
        if (sscanf(val, "%dx%d", &o->width, &o->height) != 2 || o->width < 320 || o->height < 240 || o->width > 16384 ||
            o->height > 16384)
            return rv_opts_bad(p, _("--size: expected WxH of at least 320x240, got '%s'"), val);
        return 0;
    default: return rv_opts_bad(p, _("unknown option '%s'"), p->word);
    }
}

int app_options_check(const char *cmd, const viewer_options *o)
{
    if (o->file && (o->version >= 0 || o->block_size || o->data))
        return rv_usage_error(cmd, "%s", _("give a trace file or --version/--block-size/--data, not both"));
    return 0;
}

int app_parse_args(int argc, char **argv, viewer_options *o, char *err, size_t errlen)
{
    if (errlen) err[0] = '\0';
    app_options_default(o);
    rv_opts p;
    rv_opts_begin(&p, &view_cmd, argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        if (id == RV_OPT_HELP || id == RV_OPT_LIST) return 1;
        if (id == RV_OPT_BAD || app_option_apply(&p, id, o)) return -1;
    }
    return app_options_check("view", o) ? -1 : 0;
}
