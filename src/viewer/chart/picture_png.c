/* picture_png.c — a picture command's picture painted off-screen (SDL's
 * software renderer, no display needed) and written as a PNG
 * (picture_opts.h). */
#include <stdio.h>
#include <stdlib.h>

#include "picture_opts.h"
#include "viewer/export/export_file.h"

int picture_png(const picture_opts *pic, viewer_paint_fn paint, const void *arg, char *err, size_t errlen)
{
    if (!getenv("SDL_VIDEODRIVER") || !getenv("SDL_VIDEODRIVER")[0]) SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
    viewer_canvas *c = viewer_canvas_new(pic->font, err, errlen);
    if (!c) return -1;
    int rc = viewer_canvas_paint(c, pic->width, pic->height, paint, arg);
    if (rc != 0)
        snprintf(err, errlen, _("drawing failed: %s"), SDL_GetError());
    else
        rc = export_write_png(viewer_canvas_surface(c), pic->out, err, errlen);
    viewer_canvas_free(c);
    return rc;
}
