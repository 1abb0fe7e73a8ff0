/* png_none.c — the PNG writer of a build without libpng: says what is missing. */
#include <stdio.h>
#include "png_indexed.h"
#include "png_write.h"
#include "core/i18n.h"

int png_write_argb(const char *path, const void *pixels, int w, int h, int pitch, int level, char *err, size_t errlen)
{
    (void)pixels;
    (void)w;
    (void)h;
    (void)pitch;
    (void)level;
    snprintf(err, errlen,
             _("cannot write %s: this build has no PNG support "
               "(install libpng-dev and rebuild)"),
             path);
    return -1;
}

int png_indexed_encode(const void *pixels, int w, int h, int pitch, unsigned char **out, size_t *outlen, char *err,
                       size_t errlen)
{
    (void)pixels;
    (void)w;
    (void)h;
    (void)pitch;
    *out = NULL;
    *outlen = 0;
    snprintf(err, errlen, "%s", _("this build has no PNG support (install libpng-dev and rebuild)"));
    return -1;
}
