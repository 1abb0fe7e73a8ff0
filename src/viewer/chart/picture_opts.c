/* picture_opts.c — a picture command's shared options: -o, --font, --size,
 * --theme, --lang (picture_opts.h). */
#include "picture_opts.h"

#include <stdio.h>
#include <string.h>

#include "viewer/draw/theme.h"

picture_opts picture_opts_default(void) { return (picture_opts){.width = 1920, .height = 1080, .theme = THEME_LIGHT}; }

/* --size WxH within lim: 0, or rv_opts_bad's status. */
static int opt_size(const rv_opts *p, const char *val, const picture_limits *lim, int *w, int *h)
{
    char tail;
    if (sscanf(val, "%dx%d%c", w, h, &tail) != 2 || *w < lim->min_w || *h < lim->min_h || *w > lim->max_side ||
        *h > lim->max_side)
        return rv_opts_bad(p, _("--size '%s': expected WxH from %dx%d to %dx%d"), val, lim->min_w, lim->min_h,
                           lim->max_side, lim->max_side);
    return 0;
}

/* --theme light|dark into *theme: 0, or rv_opts_bad's status. */
static int opt_theme(const rv_opts *p, const char *val, int *theme)
{
    if (strcmp(val, "light") && strcmp(val, "dark"))
        return rv_opts_bad(p, _("--theme '%s': expected light or dark"), val);
    *theme = !strcmp(val, "light") ? THEME_LIGHT : THEME_DARK;
    return 0;
}

/* One option or word: 0, or rv_opts_bad's status. */
static int take(const rv_opts *p, int id, const picture_limits *lim, picture_opts *pic, picture_own_fn own, void *arg)
{
    const char *val = p->value;
    switch (id) {
    case PICTURE_OPT_SIZE: return opt_size(p, val, lim, &pic->width, &pic->height);
    case PICTURE_OPT_THEME: return opt_theme(p, val, &pic->theme);
    case PICTURE_OPT_FONT: pic->font = val; return 0;
    case PICTURE_OPT_OUT: pic->out = val; return 0;
    case PICTURE_OPT_LANG: return 0; /* applied by main before anything is said */
    default: return own(p, id, val, arg);
    }
}

int picture_parse(const rv_command_opts *c, const picture_limits *lim, int argc, char **argv, picture_opts *pic,
                  picture_own_fn own, void *arg)
{
    rv_opts p;
    rv_opts_begin(&p, c, argc, argv);
    for (int id; (id = rv_opts_next(&p)) != RV_OPT_DONE;) {
        if (id == RV_OPT_HELP || id == RV_OPT_LIST) return PICTURE_ANSWERED;
        if (id == RV_OPT_BAD || take(&p, id, lim, pic, own, arg)) return RV_EXIT_USAGE;
    }
    return 0;
}

int picture_opts_done(const char *cmd, const picture_opts *pic)
{
    if (!pic->out) return rv_usage_error(cmd, "%s", _("-o FILE.png is required (the picture to write)"));
    return 0;
}

const char *picture_help_of(int id, const char *text, char *buf, size_t len, const picture_limits *lim)
{
    if (id != PICTURE_OPT_SIZE) return text;
    snprintf(buf, len, text, lim->min_w, lim->min_h, lim->max_side, lim->max_side);
    return buf;
}

const char *picture_theme_name(const picture_opts *pic) { return pic->theme == THEME_LIGHT ? "light" : "dark"; }
