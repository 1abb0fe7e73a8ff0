/* picture_opts.c — a picture command's --size and --theme (picture_opts.h). */
#include "picture_opts.h"

#include <stdio.h>
#include <string.h>
#include "core/i18n.h"
#include "viewer/draw/theme.h"

int picture_opt_size(const rv_opts *p, const char *val, int min_w, int min_h, int max_side, int *w, int *h)
{
    char tail;
    if (sscanf(val, "%dx%d%c", w, h, &tail) != 2 || *w < min_w || *h < min_h || *w > max_side || *h > max_side)
        return rv_opts_bad(p, _("--size '%s': expected WxH from %dx%d to %dx%d"), val, min_w, min_h, max_side,
                           max_side);
    return 0;
}

int picture_opt_theme(const rv_opts *p, const char *val, int *theme)
{
    if (strcmp(val, "light") && strcmp(val, "dark"))
        return rv_opts_bad(p, _("--theme '%s': expected light or dark"), val);
    *theme = !strcmp(val, "light") ? THEME_LIGHT : THEME_DARK;
    return 0;
}
