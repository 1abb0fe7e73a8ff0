/* viewer.c — `reducevis view`: options, the window, the event loop.
 *
 * Order matters for the error messages: options first (exit 1), then fonts and
 * the trace (exit 2 naming the file), and only then the display, so that a
 * bad file is reported as such even on a machine without one.  The loop
 * sleeps in SDL_WaitEventTimeout while nothing plays, so an idle viewer in a
 * classroom costs no CPU.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>
#include <sys/stat.h>
#include "app.h"
#include "key_script.h"
#include "viewer/draw/draw.h"
#include "viewer.h"
#include "core/versions.h"
#include "core/i18n.h"

#define FRAME_MS 16

/* ---- soak mode (tests/soak) ------------------------------------------------
 * With RV_SOAK_FRAMES=N in the environment the window loop drives itself: one
 * key per frame through SDL's event queue, as a person's keys arrive: every
 * step of a version, then the next version (]), and after each
 * pass over all versions compare mode, theme, help and warp view in turn.
 * After N frames it quits and prints its resident memory after the warm-up
 * (SOAK_WARMUP passes: every mode once) and at the end, which the soak test
 * compares. */
#define SOAK_WARMUP 4
typedef struct soak {
    int frames, frame; /* frames to play, frames played                  */
    int version;       /* the version the current pass is on             */
    int seen, passes;  /* versions played in this pass; passes done      */
    int tries;         /* switch keys sent since the version's last step */
    long rss_warm;     /* KiB after the warm-up, 0 before                */
} soak;

static long rss_kib(void)
{
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
        fclose(f);
    }
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static void soak_key(SDL_Keycode key)
{
    SDL_Event e = {0};
    e.type = SDL_KEYDOWN;
    e.key.keysym.sym = key;
    SDL_PushEvent(&e);
}

/* Queues the key of the next frame; 1 when the soak is over. */
static int soak_next(soak *s, app *a)
{
    static const SDL_Keycode extras[] = {SDLK_t, SDLK_h, SDLK_z, SDLK_h};
    if (s->frame++ >= s->frames) {
        printf("soak: %d frames, %d passes over the versions; RSS %ld KiB after %d passes, %ld KiB at the end\n",
               s->frames, s->passes, s->rss_warm, SOAK_WARMUP, rss_kib());
        fflush(stdout);
        return 1;
    }
    int v = a->sc.tr->version;
    if (v != s->version) { /* a version switch took effect */
        s->version = v;
        s->seen++;
        s->tries = 0;
        soak_key(SDLK_HOME);
    } else if (app_positions(a) > 1 && (a->comparing ? a->row : a->step) < app_positions(a) - 1) {
        soak_key(SDLK_RIGHT);
    } else if (s->seen < RV_NUM_VERSIONS) {
        /* ] for the next version; after the last one, 0 */
        soak_key(s->tries++ % 2 ? SDLK_0 : SDLK_RIGHTBRACKET);
    } else {
        s->seen = 0;
        if (++s->passes == SOAK_WARMUP) s->rss_warm = rss_kib();
        if (s->passes % 2) { /* compare on with v2, or off */
            soak_key(SDLK_c);
            soak_key(a->comparing ? SDLK_c : SDLK_2);
        }
        soak_key(extras[s->passes % 4]);
    }
    return 0;
}

int viewer_asset_dirs(char bufs[ASSETS_MAX_DIRS][1024], const char *out[ASSETS_MAX_DIRS])
{
    return assets_default_dirs(bufs, out);
}

static const viewer_savers *savers; /* viewer_use_savers */

void viewer_use_savers(const viewer_savers *s) { savers = s; }

/* --shot: the frame after the scripted keys, drawn off-screen, saved as BMP
 * (or PNG, by the savers). */
static int save_shot(app *a, const viewer_options *o)
{
    char err[512];
    viewer_frame f = app_frame(a, o->width, o->height);
    SDL_Surface *s = viewer_render_to_surface(&f, o->font, err, sizeof err);
    if (!s) {
        rv_cmd_error("view", err);
        return 2;
    }
    int rc = 0;
    size_t n = strlen(o->shot);
    if (n > 4 && !strcmp(o->shot + n - 4, ".png")) {
        if (!savers) snprintf(err, sizeof err, _("cannot write %s: this program cannot save a frame as PNG"), o->shot);
        if (!savers || savers->write_png(s, o->shot, err, sizeof err) != 0) {
            rv_cmd_error("view", err);
            rc = 2;
        }
    } else if (SDL_SaveBMP(s, o->shot) != 0) {
        fprintf(stderr, _("reducevis view: cannot write %s: %s\n"), o->shot, SDL_GetError());
        rc = 2;
    }
    SDL_FreeSurface(s);
    return rc;
}

/* E: the frame as the teacher sees it (no toast, no tooltip), as a PNG in
 * the working directory; where it went is said in the footer and on stdout. */
static void save_frame(app *a, const viewer_options *o, SDL_Window *win, SDL_Renderer *r)
{
    int w, h;
    if (SDL_GetRendererOutputSize(r, &w, &h) != 0) SDL_GetWindowSize(win, &w, &h);
    viewer_frame f = app_frame(a, w, h);
    f.toast = NULL;
    f.hover = 0;
    char path[1200], err[1024], msg[2400], cwd[1024];
    if (!savers) snprintf(err, sizeof err, "%s", _("this program cannot save a frame as PNG"));
    if (!savers || savers->save_frame(&f, o->font, ".", path, sizeof path, err, sizeof err) != 0) {
        snprintf(msg, sizeof msg, _("not saved: %s"), err);
        rv_cmd_error("view", msg);
    } else {
        const char *name = path[0] == '.' && path[1] == '/' ? path + 2 : path;
        if (getcwd(cwd, sizeof cwd))
            snprintf(msg, sizeof msg, _("saved %s/%s"), cwd, name);
        else
            snprintf(msg, sizeof msg, _("saved %s"), name);
        printf("reducevis view: %s\n", msg);
        fflush(stdout);
    }
    app_toast(a, msg);
}

/* Mouse coordinates are in window points; the frame is in pixels. */
static void to_pixels(SDL_Event *e, SDL_Window *win, SDL_Renderer *r)
{
    int ww, wh, pw, ph;
    SDL_GetWindowSize(win, &ww, &wh);
    if (SDL_GetRendererOutputSize(r, &pw, &ph) != 0 || ww <= 0 || wh <= 0 || pw == ww) return;
    if (e->type == SDL_MOUSEMOTION) {
        e->motion.x = e->motion.x * pw / ww;
        e->motion.y = e->motion.y * ph / wh;
    } else if (e->type == SDL_MOUSEBUTTONDOWN) {
        e->button.x = e->button.x * pw / ww;
        e->button.y = e->button.y * ph / wh;
    }
}

/* Draws the app's frame at the window's size and shows it. */
static void present(app *a, SDL_Window *win, SDL_Renderer *r, text_cache *tc, int software)
{
    int w, h;
    if (SDL_GetRendererOutputSize(r, &w, &h) != 0) {
        SDL_Log("viewer: SDL_GetRendererOutputSize failed: %s", SDL_GetError());
        SDL_GetWindowSize(win, &w, &h);
    }
    viewer_frame f = app_frame(a, w, h);
    /* SDL's software renderer draws into the window's surface: fills
     * and text may write it directly, as off-screen (draw_prim.c). */
    SDL_Surface *ws = software ? SDL_GetWindowSurface(win) : NULL;
    prim_direct(r, ws && ws->w == w && ws->h == h ? ws : NULL);
    text_cache_direct(tc, ws && ws->w == w && ws->h == h ? ws : NULL);
    draw_frame(r, tc, &f);
    SDL_RenderPresent(r);
}

static int run_window(app *a, const viewer_options *o, font_set *fonts)
{
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr,
                _("reducevis view: no display (SDL_Init: %s).\n"
                  "  Without a display, `reducevis export` writes the same frames as images.\n"),
                SDL_GetError());
        return 2;
    }
    /* Without an X11 or Wayland display SDL 2.26 falls back to its offscreen
     * driver: a window nobody sees.  Use it only when asked for by name. */
    const char *driver = SDL_GetCurrentVideoDriver(), *asked = SDL_getenv("SDL_VIDEODRIVER");
    if (driver && (!strcmp(driver, "offscreen") || !strcmp(driver, "dummy")) && !(asked && *asked)) {
        fprintf(stderr, _("reducevis view: no display (no X11 or Wayland display was found).\n"
                          "  Without a display, `reducevis export` writes the same frames as images.\n"));
        SDL_Quit();
        return 2;
    }
    int rc = 2;
    SDL_Renderer *r = NULL;
    text_cache *tc = NULL;
    SDL_Window *win = SDL_CreateWindow("reducevis", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, o->width, o->height,
                                       SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!win) {
        fprintf(stderr,
                _("reducevis view: cannot open a window: %s\n"
                  "  Without a display, `reducevis export` writes the same frames as images.\n"),
                SDL_GetError());
        goto out;
    }
    SDL_SetWindowMinimumSize(win, 640, 360);
    r = SDL_CreateRenderer(win, -1, SDL_RENDERER_PRESENTVSYNC);
    if (!r) {
        SDL_Log("viewer: SDL_CreateRenderer failed (%s); trying the software renderer", SDL_GetError());
        r = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE);
    }
    if (!r) {
        fprintf(stderr, _("reducevis view: cannot create a renderer: %s\n"), SDL_GetError());
        goto out;
    }
    tc = text_cache_new(r, fonts);
    if (!tc) {
        fprintf(stderr, _("reducevis view: out of memory\n"));
        goto out;
    }
    int fullscreen = 0;
    Uint32 last = SDL_GetTicks();
    SDL_RendererInfo info;
    int software = SDL_GetRendererInfo(r, &info) == 0 && (info.flags & SDL_RENDERER_SOFTWARE);
    const char *soak_env = getenv("RV_SOAK_FRAMES");
    soak sk = {.frames = soak_env ? atoi(soak_env) : 0, .version = a->sc.tr->version};
    while (!a->quit) {
        SDL_Event e;
        /* a live class's window looks at the room ten times a second */
        int timeout = a->playing || a->toast_ms ? FRAME_MS : a->room ? 100 : 500;
        if (sk.frames > 0 && soak_next(&sk, a)) break;
        if (SDL_WaitEventTimeout(&e, timeout)) {
            to_pixels(&e, win, r);
            app_event(a, &e);
            while (SDL_PollEvent(&e)) app_event(a, &e);
        }
        if (a->save_requested) {
            save_frame(a, o, win, r);
            a->save_requested = 0;
        }
        Uint32 now = SDL_GetTicks();
        app_tick(a, now - last);
        last = now;
        if (a->fullscreen != fullscreen) {
            if (SDL_SetWindowFullscreen(win, a->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0) != 0)
                SDL_Log("viewer: SDL_SetWindowFullscreen failed: %s", SDL_GetError());
            fullscreen = a->fullscreen;
        }
        present(a, win, r, tc, software);
    }
    rc = 0;
out:
    text_cache_free(tc);
    if (r) SDL_DestroyRenderer(r);
    if (win) SDL_DestroyWindow(win);
    SDL_Quit();
    return rc;
}

int viewer_window(app *a, const viewer_options *o)
{
    char err[1024];
    font_set *fonts = font_set_open(o->font, err, sizeof err);
    if (!fonts) {
        fprintf(stderr, "reducevis: %s\n", err);
        return 2;
    }
    font_set_check_language(fonts);
    a->no_cjk_font = !font_set_cjk_path(fonts)[0];
    int rc = run_window(a, o, fonts);
    font_set_free(fonts);
    return rc;
}

int viewer_main(int argc, char **argv)
{
    viewer_options o;
    char err[1024] = "";
    int pr = app_parse_args(argc, argv, &o, err, sizeof err);
    if (pr == 1) return 0;
    if (pr < 0) return 1; /* said why */
    font_set *fonts = font_set_open(o.font, err, sizeof err);
    if (!fonts) {
        rv_cmd_error("view", err);
        return 2;
    }
    font_set_check_language(fonts);
    char bufs[ASSETS_MAX_DIRS][1024];
    const char *dirs[ASSETS_MAX_DIRS];
    int ndirs = viewer_asset_dirs(bufs, dirs);
    app a;
    if (app_open(&a, &o, dirs, ndirs, err, sizeof err) != 0) {
        rv_cmd_error("view", err);
        app_close(&a);
        font_set_free(fonts);
        return 2;
    }
    a.no_cjk_font = !font_set_cjk_path(fonts)[0];
    int rc = 0;
    if (o.keys && app_run_keys(&a, o.keys, err, sizeof err) != 0) {
        rv_cmd_error("view", err);
        rc = 1;
    } else if (o.shot) {
        rc = save_shot(&a, &o);
    } else if (!a.quit) {
        rc = run_window(&a, &o, fonts);
    }
    app_close(&a);
    font_set_free(fonts);
    return rc;
}
