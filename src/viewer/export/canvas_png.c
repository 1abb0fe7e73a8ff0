/* canvas_png.c — what the export's canvas shows, as an indexed PNG in
 * memory (canvas_png.h), for the lesson page's frames: the steps'
 * (html_export.c) and the waves' (html_waves.c). */
#include "canvas_png.h"

#include <stdio.h>

#include "core/i18n.h"
#include "png_indexed.h"

int canvas_png(viewer_canvas *c, unsigned char **png, size_t *len, char *err, size_t errlen)
{
    SDL_Surface *s = viewer_canvas_surface(c);
    if (s->format->format != SDL_PIXELFORMAT_ARGB8888) {
        snprintf(err, errlen, "%s", _("drawing failed: unexpected pixel format"));
        return -1;
    }
    if (SDL_MUSTLOCK(s)) SDL_LockSurface(s);
    char why[200];
    int rc = png_indexed_encode(s->pixels, s->w, s->h, s->pitch, png, len, why, sizeof why);
    if (SDL_MUSTLOCK(s)) SDL_UnlockSurface(s);
    if (rc != 0) snprintf(err, errlen, _("cannot encode a frame: %s"), why);
    return rc;
}
