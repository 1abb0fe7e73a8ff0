/* view_args.c — the command line of `reducevis view`: its usage text and
 * the parsing of its options into viewer_options (app.h). */
#include "app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/assets.h"
#include "core/i18n.h"
#include "core/versions.h"

void app_usage(FILE *out)
{
    fprintf(out,
        _("usage: reducevis view [FILE.rvt | --version V] [--compare V2] [--block-size B]\n"
        "                      [--data PATTERN] [--font PATH] [--results FILE.json] [--size WxH]\n"
        "                      [--device NAME]\n"
        "\n"
        "Replays one block of a parallel reduction step by step: warps, lanes,\n"
        "shared-memory banks, conflicts, divergence and wasted work.\n"
        "\n"
        "  FILE.rvt           a trace from `reducevis capture` or `reducevis simulate`\n"
        "  --version V        a version's name (see `reducevis versions`); without FILE, the bundled\n"
        "                     GPU trace of V, else the CPU model\n"
        "  --compare V2       show V2 beside it, the two stepping together (also: key C)\n"
        "  --block-size B     simulate with the CPU model at this block size\n"
        "  --data PATTERN     ones, index, mod10, random[:SEED] (CPU model)\n"
        "  --font PATH        a .ttf font instead of the system's DejaVu fonts (Chinese text\n"
        "                     still falls back to the CJK font fontconfig finds)\n"
        "  --lang zh|en       the interface's language (default: LANGUAGE, LC_ALL,\n"
        "                     LC_MESSAGES, LANG; also: key L)\n"
        "  --results FILE     timed results from `reducevis bench -o FILE.json` (twice: a run at\n"
        "                     one N and a --sweep); default: the bundled results of the trace's GPU\n"
        "  --device NAME      whose recording: a slug (nvidia-h200), the GPU's name, or a part\n"
        "                     of one (h100); default: the first recorded, by name.  Recordings\n"
        "                     are the bundled assets/ and `reducevis record`'s (also: key D)\n"
        "  --size WxH         window size (default 1280x720)\n"
        "  --predict MODE     start in predict mode: class (students answer, scored) or teacher\n"
        "                     (the answer shown by a key, no score); keys A and Shift+A\n"
        "  --keys LIST        keys to apply first, e.g. right,right,t (for scripts)\n"
        "  --shot FILE        draw that frame off-screen into FILE (.png or .bmp) and exit\n"
        "\n"
        "Keys: Right/Space step, Left back, Home/End, P play, +/- speed, digit D version vD,\n"
        "      [ ] previous/next version, C then a digit: compare with that version (C twice:\n"
        "      compare off; C then D: this version on the next recorded GPU beside it),\n"
        "      E save the frame as PNG, D next recorded device,\n"
        "      A predict mode (answer before the step is shown), Shift+A its teacher variant,\n"
        "      Z warps as rows or strip, T theme, F fullscreen, L language (English/Chinese),\n"
        "      H or ? help, Q or Esc quit.\n"
        "      Click the timeline to jump; click a warp to draw its accesses; hover for values.\n"
        "Without a display, `reducevis export` writes the same frames as images.\n"));
    fprintf(out, "%s", rv_kernel_option_note());
    assets_print_places(out);
}

static int parse_int(const char *s, int *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < -1000000 || v > 1000000)
        return -1;
    *out = (int)v;
    return 0;
}

int app_parse_args(int argc, char **argv, viewer_options *o, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->version = -1;
    o->width = 1280;
    o->height = 720;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = 1;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            app_usage(stdout);
            return 1;
        } else if (!strcmp(a, "--version") || !strcmp(a, "--kernel")) {
            if (val && (o->version = rv_version_parse(val)) < 0) {
                snprintf(err, errlen, _("%s: unknown version '%s' (see `reducevis versions`)"), a, val);
                return -1;
            }
        } else if (!strcmp(a, "--compare")) {
            if (val && (o->compare = rv_version_parse(val) + 1) <= 0) {
                snprintf(err, errlen, _("--compare: unknown version '%s' (see `reducevis versions`)"), val);
                return -1;
            }
        } else if (!strcmp(a, "--block-size")) {
            if (val && (parse_int(val, &o->block_size) != 0 || o->block_size < 32 || o->block_size > 1024 ||
                        (o->block_size & (o->block_size - 1)) != 0)) {
                snprintf(err, errlen, _("--block-size: '%s' must be a power of two from 32 to 1024"), val);
                return -1;
            }
        } else if (!strcmp(a, "--data")) {
            rv_data d;
            if (val && rv_data_parse(val, &d, err, errlen) != 0) return -1; /* names the pattern */
            o->data = val;
        } else if (!strcmp(a, "--lang")) {
            /* applied by main before anything printed; checked there too */
            if (val && !i18n_lang_valid(val)) {
                snprintf(err, errlen, _("--lang must be zh (Chinese) or en (English), got '%s'"), val);
                return -1;
            }
        } else if (!strncmp(a, "--lang=", 7)) {
            takes = 0;
        } else if (!strcmp(a, "--font")) {
            o->font = val;
        } else if (!strcmp(a, "--results")) {
            if (val && o->results[1]) {
                snprintf(err, errlen, _("--results: at most twice (a run at one N and a sweep)"));
                return -1;
            }
            o->results[o->results[0] ? 1 : 0] = val;
        } else if (!strcmp(a, "--predict")) {
            if (val && strcmp(val, "class") && strcmp(val, "teacher")) {
                snprintf(err, errlen, _("--predict: expected class or teacher, got '%s'"), val);
                return -1;
            }
            o->predict = val && !strcmp(val, "teacher") ? PREDICT_TEACHER : PREDICT_CLASS;
        } else if (!strcmp(a, "--device")) {
            o->device = val;
        } else if (!strcmp(a, "--keys")) {
            o->keys = val;
        } else if (!strcmp(a, "--shot")) {
            o->shot = val;
        } else if (!strcmp(a, "--size")) {
            if (val && (sscanf(val, "%dx%d", &o->width, &o->height) != 2 || o->width < 320
                        || o->height < 240 || o->width > 16384 || o->height > 16384)) {
                snprintf(err, errlen, _("--size: expected WxH of at least 320x240, got '%s'"), val);
                return -1;
            }
        } else if (a[0] == '-' && a[1]) {
            snprintf(err, errlen, _("unknown option '%s'"), a);
            return -1;
        } else {
            takes = 0;
            if (o->file) {
                snprintf(err, errlen, _("only one trace file, got '%s' and '%s'"), o->file, a);
                return -1;
            }
            o->file = a;
        }
        if (takes) {
            if (!val) {
                snprintf(err, errlen, _("%s needs a value"), a);
                return -1;
            }
            i++;
        }
    }
    if (o->file && (o->version >= 0 || o->block_size || o->data)) {
        snprintf(err, errlen, _("give a trace file or --version/--block-size/--data, not both"));
        return -1;
    }
    return 0;
}
