/* gif_none.c — the GIF writer of a build without giflib: says what is missing. */
#include <stdio.h>
#include "gif_write.h"
#include "core/i18n.h"

gif_writer *gif_write_open(const char *path, int w, int h, char *err, size_t errlen)
{
    (void)w;
    (void)h;
    snprintf(err, errlen,
             _("cannot write %s: this build has no GIF support "
               "(install libgif-dev and rebuild)"),
             path);
    return NULL;
}

int gif_write_frame(gif_writer *g, const void *pixels, int pitch, int delay_cs, char *err, size_t errlen)
{
    (void)g;
    (void)pixels;
    (void)pitch;
    (void)delay_cs;
    snprintf(err, errlen, _("this build has no GIF support (install libgif-dev and rebuild)"));
    return -1;
}

int gif_write_close(gif_writer *g, int keep, char *err, size_t errlen)
{
    (void)g;
    (void)keep;
    (void)err;
    (void)errlen;
    return 0;
}
