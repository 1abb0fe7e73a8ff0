/* file_watch.c — whether a file changed on disk, by stat() (file_watch.h).
 * A look costs one stat() and nothing is kept open, so a viewer on a
 * class's submissions folder keeps no file from being replaced. */
#include "file_watch.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* The file as it is now into w's fields; 1 when they changed. */
static int take(file_watch *w)
{
    struct stat st;
    file_watch now = {.found = stat(w->path, &st) == 0};
    if (now.found) {
        now.dev = (unsigned long long)st.st_dev;
        now.ino = (unsigned long long)st.st_ino;
        now.size = (unsigned long long)st.st_size;
        now.mtime_s = (long long)st.st_mtim.tv_sec;
        now.mtime_ns = st.st_mtim.tv_nsec;
    }
    int changed = now.found != w->found || now.dev != w->dev || now.ino != w->ino || now.size != w->size ||
                  now.mtime_s != w->mtime_s || now.mtime_ns != w->mtime_ns;
    w->found = now.found;
    w->dev = now.dev;
    w->ino = now.ino;
    w->size = now.size;
    w->mtime_s = now.mtime_s;
    w->mtime_ns = now.mtime_ns;
    return changed;
}

void file_watch_start(file_watch *w, const char *path)
{
    memset(w, 0, sizeof *w);
    if (!path || !path[0] || strlen(path) >= sizeof w->path) return; /* too long to follow: shown, not followed */
    snprintf(w->path, sizeof w->path, "%s", path);
    w->on = 1;
    take(w);
}

int file_watch_look(file_watch *w)
{
    if (!w->on) return 0;
    w->since_ms = 0;
    return take(w);
}

int file_watch_tick(file_watch *w, unsigned ms)
{
    if (!w->on) return 0;
    w->since_ms = ms >= FILE_WATCH_MS - w->since_ms ? FILE_WATCH_MS : w->since_ms + ms;
    return w->since_ms >= FILE_WATCH_MS ? file_watch_look(w) : 0;
}
