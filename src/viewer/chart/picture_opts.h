/* picture_opts.h — the options a picture command shares (`levels`, `waves`):
 * its size within bounds and its theme, each read into the caller's field
 * or refused through rv_opts_bad, so that every such command says the same. */
#ifndef RV_PICTURE_OPTS_H
#define RV_PICTURE_OPTS_H

#include "core/opts.h"

/* --size WxH, each side from min_w x min_h to max_side: 0, or
 * rv_opts_bad's status. */
int picture_opt_size(const rv_opts *p, const char *val, int min_w, int min_h, int max_side, int *w, int *h);
/* --theme light|dark into *theme (THEME_LIGHT, THEME_DARK): 0, or
 * rv_opts_bad's status. */
int picture_opt_theme(const rv_opts *p, const char *val, int *theme);

#endif
