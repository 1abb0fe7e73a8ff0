/* export_file.c — one frame as a file: its name, a PNG of it, a frame of
 * an animated GIF, and the viewer's E key (draw off-screen, save).  Below
 * both the viewer and `reducevis export`, so neither calls the other.
 */
#include "export_file.h"

#include <string.h>
#include <sys/stat.h>
#include "png_write.h"
#include "viewer/scene/story.h"
#include "core/i18n.h"
#include "core/versions.h"

void export_trace_stem(const rv_trace *tr, char *buf, size_t len)
{
    if (!len) return;
    if (!rv_trace_is_own(tr)) {
        snprintf(buf, len, "%s", rv_version_name(tr->version));
        return;
    }
    const char *name = rv_trace_name(tr), *dot = strrchr(name, '.');
    size_t n = dot && dot != name ? (size_t)(dot - name) : strlen(name), k = 0;
    for (; k < n && k < 40 && k + 1 < len; k++) {
        char c = name[k];
        buf[k] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ? c : '_';
    }
    buf[k] = '\0';
    if (!k) snprintf(buf, len, "own");
}

void export_quiz_frame_name(const rv_trace *a, int pos, int total, int answer, char *buf, size_t len)
{
    char plain[160];
    export_frame_name(a, NULL, pos, total, plain, sizeof plain);
    snprintf(buf, len, "%.*s%s", (int)(strlen(plain) - 4), plain, answer ? "b-answer.png" : "a-question.png");
}

void export_frame_name(const rv_trace *a, const rv_trace *b, int pos, int total, char *buf, size_t len)
{
    int digits = 2;
    for (int t = total; t >= 100 && digits < 6; t /= 10) digits++;
    pos %= 1000000;
    char sa[48], sb[48];
    export_trace_stem(a, sa, sizeof sa);
    if (b) {
        export_trace_stem(b, sb, sizeof sb);
        snprintf(buf, len, "%s-vs-%s-step%0*d.png", sa, sb, digits, pos);
    } else {
        snprintf(buf, len, "%s-step%0*d.png", sa, digits, pos);
    }
}

void export_waves_frame_name(const rv_trace *a, const rv_trace *b, char *buf, size_t len)
{
    char sa[48], sb[48];
    export_trace_stem(a, sa, sizeof sa);
    if (b) {
        export_trace_stem(b, sb, sizeof sb);
        snprintf(buf, len, "%s-vs-%s-waves.png", sa, sb);
    } else {
        snprintf(buf, len, "%s-waves.png", sa);
    }
}

/* Digits that number 1 .. n, at least `least`. */
static int digits_for(int n, int least)
{
    int d = 1;
    for (int t = n; t >= 10 && d < 6; t /= 10) d++;
    return d > least ? d : least;
}

void export_story_frame_name(const story *st, int pos, int answer, char *buf, size_t len)
{
    int step, k = story_locate(st, pos, &step);
    if (st->nlaunch <= 1) {
        if (answer < 0)
            export_frame_name(st->tr[0], NULL, pos + 1, story_total(st), buf, len);
        else
            export_quiz_frame_name(st->tr[0], pos + 1, story_total(st), answer, buf, len);
        return;
    }
    int most = 0, last = 0;
    for (int j = 0; j < st->nlaunch; j++) {
        most = st->tr[j]->nsteps > most ? st->tr[j]->nsteps : most;
        last = story_launch_number(st, j) > last ? story_launch_number(st, j) : last;
    }
    char stem[48];
    export_trace_stem(st->tr[0], stem, sizeof stem);
    snprintf(buf, len, "%s-launch%0*d-step%0*d%s", stem, digits_for(last, 1), story_launch_number(st, k) % 1000000,
             digits_for(most, 2), (step + 1) % 1000000,
             answer < 0 ? ".png"
             : answer   ? "b-answer.png"
                        : "a-question.png");
}

int export_write_png(SDL_Surface *s, const char *path, char *err, size_t errlen)
{
    if (s->format->format != SDL_PIXELFORMAT_ARGB8888) {
        snprintf(err, errlen, _("cannot write %s: unexpected pixel format"), path);
        return -1;
    }
    if (SDL_MUSTLOCK(s)) SDL_LockSurface(s);
    int rc = png_write_argb(path, s->pixels, s->w, s->h, s->pitch, PNG_WRITE_LEVEL, err, errlen);
    if (SDL_MUSTLOCK(s)) SDL_UnlockSurface(s);
    return rc;
}

int export_add_gif_frame(gif_writer *g, SDL_Surface *s, int delay_cs, char *err, size_t errlen)
{
    if (s->format->format != SDL_PIXELFORMAT_ARGB8888) {
        snprintf(err, errlen, _("cannot add a GIF frame: unexpected pixel format"));
        return -1;
    }
    if (SDL_MUSTLOCK(s)) SDL_LockSurface(s);
    int rc = gif_write_frame(g, s->pixels, s->pitch, delay_cs, err, errlen);
    if (SDL_MUSTLOCK(s)) SDL_UnlockSurface(s);
    return rc;
}

int export_save_frame(const viewer_frame *f, const char *font, const char *dir, char *path, size_t plen, char *err,
                      size_t errlen)
{
    int pos = f->tr2 ? f->row + 1 : f->step + 1, total = f->tr2 ? f->nrows : f->tr->nsteps;
    char name[160], base[160];
    if (f->waves == VIEW_WAVES_ALONE) /* the grid alone (W), named as export names it: no step's */
        export_waves_frame_name(f->tr, f->tr2, name, sizeof name);
    else if (f->story && !f->tr2) /* named as export names it: the launch too, in a run of several */
        export_story_frame_name(f->story, f->pos, -1, name, sizeof name);
    else
        export_frame_name(f->tr, f->tr2, pos, total, name, sizeof name);
    snprintf(base, sizeof base, "%.*s", (int)(strlen(name) - 4), name);
    struct stat st;
    snprintf(path, plen, "%s/%s", dir, name);
    for (int k = 2; stat(path, &st) == 0 && k < 1000; k++) snprintf(path, plen, "%s/%s-%d.png", dir, base, k);
    SDL_Surface *s = viewer_render_to_surface(f, font, err, errlen);
    if (!s) return -1;
    int rc = export_write_png(s, path, err, errlen);
    SDL_FreeSurface(s);
    return rc;
}

const viewer_savers export_savers = {export_save_frame, export_write_png};
