/* app.h — the viewer's state and what keys and the mouse do to it.
 *
 * The state (scene, current step, play/pause, theme, overlays, hover) and its
 * transitions live here, apart from the window: the tests drive an app with
 * scripted SDL events and draw its frames off-screen, exactly as the window
 * loop in viewer.c does.
 */
#ifndef VIEWER_APP_H
#define VIEWER_APP_H

#include <stddef.h>
#include <SDL.h>
#include "scene.h"
#include "viewer.h"

#define APP_TOAST_MS 4000

typedef struct viewer_options {
    const char *file;        /* trace to open, or NULL                       */
    int version;             /* --version, -1 if not given                    */
    int block_size;          /* --block-size, 0 if not given                  */
    const char *data;        /* --data, NULL if not given                     */
    const char *font;        /* --font                                        */
    const char *results;     /* --results                                     */
    int width, height;       /* --size                                        */
    const char *keys;        /* --keys: scripted keys before the first frame  */
    const char *shot;        /* --shot: save that frame (BMP) and exit        */
} viewer_options;

typedef struct app {
    scene sc;
    int step;
    int playing;
    int speed;               /* index into the speed table                    */
    unsigned play_ms;        /* time since the last automatic step            */
    int theme;
    int help;
    int fullscreen;
    int warps_view;          /* 0 auto, 1 a row per warp, 2 one strip (Z)     */
    int quit;
    int hover, mouse_x, mouse_y;
    int focus;               /* warp + 1, 0 = automatic                       */
    char toast[320];
    unsigned toast_ms;       /* how long the toast still shows                */
    const char *results_path;
    int width, height;       /* size of the last frame, for hit tests         */
} app;

/* Parses argv (argv[0] == "view").  0: run; 1: --help was asked (usage
 * printed); -1: usage error described in err. */
int app_parse_args(int argc, char **argv, viewer_options *o, char *err, size_t errlen);
void app_usage(FILE *out);

/* Opens what the options ask for: a file, the bundled GPU trace (looked for
 * in asset_dirs, in order), or the CPU model.  0, or -1 with err. */
int app_open(app *a, const viewer_options *o, const char *const *asset_dirs, int ndirs,
             char *err, size_t errlen);
void app_close(app *a);

/* Key, mouse and window events; key by SDL keycode. */
void app_event(app *a, const SDL_Event *e);
void app_key(app *a, SDL_Keycode key, Uint16 mod);
/* Advances playback and the toast by ms milliseconds; 1 if the frame changed. */
int app_tick(app *a, unsigned ms);
/* Steps per second at the current speed. */
double app_speed(const app *a);

/* The frame to draw at this size (also remembered for mouse hit tests). */
viewer_frame app_frame(app *a, int w, int h);

/* Applies a script such as "right,right,t,3" (names: right left space home
 * end p t f h ? q esc plus minus 0..7).  0, or -1 naming an unknown key. */
int app_run_keys(app *a, const char *script, char *err, size_t errlen);

#endif
