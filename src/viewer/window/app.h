/* app.h — the viewer's state, and what changes it.
 *
 * The state (the shown trace, current step, play/pause, theme, overlays, hover) and its
 * transitions live here, apart from the window: the tests drive an app with
 * scripted SDL events and draw its frames off-screen, exactly as the window
 * loop in viewer.c does.  Keys and clicks become actions (app_action.h,
 * read in action.c), which app_apply does; the frame is read from the
 * state (app_view.c).
 */
#ifndef VIEWER_APP_H
#define VIEWER_APP_H

#include <stddef.h>
#include <SDL.h>
#include "app_action.h"
#include "viewer/scene/compare.h"
#include "core/predict.h"
#include "shown.h"
#include "waves_rec.h"
#include "file_watch.h"
#include "viewer.h"

#define APP_TOAST_MS       4000
#define APP_NSPEEDS        6  /* playback speeds (app_view.c's table)          */
#define APP_SPEED_DEFAULT  2  /* one step a second                              */
#define APP_WAVES_ZOOM_MAX 12 /* W's zoom: down to 1/4096 of a run (v0's 1.2 ms: 0.3 us) */

typedef struct viewer_options {
    const char *file;       /* trace to open, or NULL                       */
    int version;            /* --version, -1 if not given                    */
    int block_size;         /* --block-size, 0 if not given                  */
    const char *data;       /* --data, NULL if not given                     */
    const char *font;       /* --font                                        */
    const char *results[2]; /* --results, up to twice (a run and a sweep)     */
    int width, height;      /* --size                                        */
    const char *keys;       /* --keys: scripted keys before the first frame  */
    const char *shot;       /* --shot: save that frame (BMP, or PNG by name) and exit */
    int compare;            /* --compare V2 as V2 + 1; 0: not given          */
    int predict;            /* --predict: predict_mode to start in            */
    const char *device;     /* --device NAME: whose recording; NULL: the first by name */
    int beside_waves;       /* --beside-waves V as V + 1: W shows V's recorded grid beside
                               the trace's (the class's K window); 0: not given */
} viewer_options;

typedef struct app {
    shown sc;
    int step; /* the position shown: a step of sc's story,
                                every launch's steps in a row (story.h)      */
    int playing;
    int speed;        /* index into the speed table                    */
    unsigned play_ms; /* time since the last automatic step            */
    int theme;
    int help;
    int no_cjk_font; /* no CJK font found: L stays in English       */
    int fullscreen;
    int warps_view; /* 0 auto, 1 a row per warp, 2 one strip (Z)     */
    int waves;      /* view_waves: the waves picture beside or instead of the steps (W) */
    /* W where a pane's trace has no waves run: its GPU and version's
     * recording (waves_rec.h), [0] the shown's, [1] compare mode's second;
     * and with --beside-waves V, V's recording beside the trace's grid */
    waves_rec wrec[2];
    int beside_waves; /* V + 1; 0: none */
    waves_rec wbeside;
    char beside_why[400]; /* beside it, why the trace's own grid is not drawn */
    /* W's zoom (I, O, comma, period, R): the part of each run's time shown,
     * 2^-waves_zoom of it from waves_at (0 .. 1); both pictures alike */
    int waves_zoom;
    double waves_at;
    double waves_part[2]; /* a part set outright (export --waves-time), from .. to of the
                             run, in place of the zoom; [1] <= [0]: the zoom's */
    int quit;
    int hover, mouse_x, mouse_y;
    int focus; /* warp + 1, 0 = automatic                       */
    char toast[400];
    unsigned toast_ms; /* how long the toast still shows                */
    /* timed runs: given with --results, else the bundled ones of the trace's
     * device (followed when a version switch changes device) */
    const char *results_path;   /* the first --results, or NULL              */
    int results_given;          /* --results was given: never look further   */
    struct rv_results *results; /* runs at one N (figures, bars), or NULL    */
    struct rv_results *sweep;   /* runs over N (the plot), or NULL; may be
                                    the same as results                      */
    char results_slug[64];      /* device the bundled results were sought for */
    char results_note[400];     /* why none are shown, or what failed        */
    /* the hardware cross-check (`reducevis verify`) bundled for the trace's
     * device, followed like the results: NULL when none is recorded */
    struct rv_verify_record *cc;
    char cc_slug[64];  /* device it was sought for                 */
    char cc_note[400]; /* why a bundled one does not load, or ""   */
    char asset_dirs[ASSETS_MAX_DIRS][SHOWN_PATH_LEN];
    int nasset_dirs;
    char device[64];   /* the device shown (slug), "" when none is recorded;
                                D moves to the next recorded one            */
    int width, height; /* size of the last frame, for hit tests         */
    /* compare mode: a second shown stepping with the first, by aligned row */
    int comparing;
    int compare_pending; /* C was pressed: the next digit picks the version */
    shown sc2;
    struct rv_results *results2;  /* sc2 on another device: its run at one N */
    struct rv_verify_record *cc2; /* and its cross-check (NULL: none)          */
    compare_row *rows;            /* the aligned rows (compare_align's, owned)     */
    int nrows, row;
    int save_requested; /* E was pressed: the window loop saves a PNG    */
    predict pq;         /* predict mode (A, Shift+A): question, score    */
    /* a live class (`reducevis class`, app_class.c): the room the window
     * follows and moves, the last snapshot of it, and the header's line */
    struct room *room;
    unsigned long long room_moves;
    char class_line[400];
    const char *class_join;            /* the join address and code, shown in the line */
    struct class_live *live;           /* the card's join address, QR code and spread  */
    struct class_kernel_list *kernels; /* the students' kernels (K); NULL: none  */
    /* `view FILE.rvt`: the file followed on disk and read again when it is
     * replaced (a class with --waves renames the kernel's trace with its
     * grid over the verdict's); why the last change did not load, said in
     * the footer until one does ("" when it did) */
    file_watch watch;
    char reload_note[400];
} app;

/* The window on an open app until it is closed (viewer.c): 0, or 2 with
 * the reason on stderr (no display, no font). */
int viewer_window(app *a, const viewer_options *o);

/* Parses argv (argv[0] == "view").  0: run; 1: --help (or --options) was
 * asked, and answered; -1: a usage error, already printed in the one form
 * of core/opts.h (err is left empty). */
int app_parse_args(int argc, char **argv, viewer_options *o, char *err, size_t errlen);

#include "core/opts.h"
/* view's options as tables (core/opts.h), for the commands that take them
 * too: view_opts, then view_script_opts (--keys, --shot, --beside-waves: view's alone).
 * class lists view_opts after its own; export names the ids it shares. */
enum {
    VIEW_OPT_VERSION = 2000,
    VIEW_OPT_COMPARE,
    VIEW_OPT_BLOCK_SIZE,
    VIEW_OPT_DATA,
    VIEW_OPT_FONT,
    VIEW_OPT_LANG,
    VIEW_OPT_RESULTS,
    VIEW_OPT_DEVICE,
    VIEW_OPT_SIZE,
    VIEW_OPT_PREDICT,
    VIEW_OPT_KEYS,
    VIEW_OPT_SHOT,
    VIEW_OPT_BESIDE_WAVES
};
extern const rv_opt view_opts[], view_script_opts[];
/* The options as none is given (view's window size). */
void app_options_default(viewer_options *o);
/* Does to o what rv_opts_next returned: an id of view's tables, or
 * RV_OPT_WORD (the trace file).  0, or non-zero with the message printed. */
int app_option_apply(const rv_opts *p, int id, viewer_options *o);
/* What the options say together (a file and --version, not both): 0, or
 * RV_EXIT_USAGE with the message printed as cmd's. */
int app_options_check(const char *cmd, const viewer_options *o);

/* Opens what the options ask for: a file, the bundled GPU trace (looked for
 * in asset_dirs, in order), or the CPU model; then the timed results: the
 * --results files (an error when one does not load), else the bundled ones
 * of the trace's device (a CPU-model trace: of the only device bundled),
 * whose failure only leaves a note.  0, or with err RV_EXIT_USAGE where the
 * version compared cannot run with the block size shown, else -1. */
int app_open(app *a, const viewer_options *o, const char *const *asset_dirs, int ndirs, char *err, size_t errlen);
void app_close(app *a);

/* The shown the options ask for (file, bundled GPU trace or model), the rule
 * `view` and `export` share.  0, or -1 with err. */
int shown_open_options(shown *sc, const viewer_options *o, const char *const *asset_dirs, int ndirs, char *err,
                       size_t errlen);

/* Compare mode with version v beside the shown trace (v < 0: off).
 * 0, or as shown_open_like with the reason in the toast and msg. */
int app_compare(app *a, int v, char *msg, size_t len);

/* Applies one action: the only place input changes the app's state (app.c). */
void app_apply(app *a, app_action act);

/* Key, mouse and window events, read as actions (action.h) and applied;
 * key by SDL keycode. */
void app_event(app *a, const SDL_Event *e);
void app_key(app *a, SDL_Keycode key, Uint16 mod);
/* Advances playback, the toast and a live class by ms milliseconds, and
 * looks (at most once a second) whether the trace file opened changed;
 * 1 if the frame changed. */
int app_tick(app *a, unsigned ms);
/* `--keys wait`: waits (up to timeout_ms, never in the window's loop) until
 * the trace file opened changes, and reads it again as the tick would.
 * 0, or -1 with err when it did not change in time or no file is followed. */
int app_wait_file(app *a, unsigned timeout_ms, char *err, size_t errlen);
/* Steps per second at the current speed. */
double app_speed(const app *a);

/* The frame to draw at this size (also remembered for mouse hit tests),
 * predict mode's question brought up to the step shown first. */
viewer_frame app_frame(app *a, int w, int h);
/* The frame the state shows at this size, changing nothing (app_view.c). */
viewer_frame app_view(const app *a, int w, int h);

/* Steps (or aligned rows when comparing) the arrows move through, the one
 * shown, and going to one of them (clamped). */
int app_positions(const app *a);
int app_position(const app *a);
void app_goto(app *a, int pos);

/* The version whose name is "v<digit>", or -1 when the table has none. */
int app_version_of_digit(int digit);

/* Shows a short message in the footer for a few seconds. */
void app_toast(app *a, const char *msg);

/* What is opened beside the trace and followed when it changes device
 * (app_follow.c): the timed runs, the cross-check, the second pane's own. */
int app_load_results(app *a, const char *path, char *err, size_t errlen);
void app_free_results(app *a);
void app_follow_results(app *a);
void app_follow_verify(app *a);
void app_own_follows_device(app *a);
void app_free_second(app *a);
void app_follow_second(app *a);
/* W's recordings followed to what is shown now (waves_rec.h): loaded where
 * the GPU or version changed.  Why a picture has none where it changed to
 * none (for a toast), else NULL. */
const char *app_follow_waves(app *a);

/* Predict mode (app_predict.c): its state to draw, or NULL when it is off
 * (or does not apply: compare mode); app_predict_frame (app.c) first
 * brings its question up to the step shown, as app_frame does, and stops
 * play at a new one. */
const predict *app_predict_shown(const app *a);
const predict *app_predict_frame(app *a);
/* p's question kept with what a shows (the grid's while W shows it, else
 * the step's): 1 when a new one is open, which stops play. */
int app_predict_sync(predict *p, const app *a);
/* The waves run whose question predict mode asks while W shows its picture
 * alone in a pane (not in compare mode, nor beside the version to beat's);
 * NULL: the steps' questions. */
const struct rv_waves *app_waves_asked(const app *a);
/* The toast after a switch to mode. */
const char *app_predict_said(int mode);
/* Predict mode's keys and clicks, read for action.c: APP_NONE when the key
 * or click is not theirs.  A key predict mode reads but leaves to the usual
 * keys comes back as APP_NONE with sync set.  Pure. */
struct layout;
app_action app_predict_key(const app *a, SDL_Keycode key, Uint16 mod);
app_action app_predict_click(const app *a, const viewer_frame *f, const struct layout *L, int x, int y);

/* A live class (app_class.c).  The window never waits for the room: the
 * caller looks with room_view_try and asks again at the next tick. */
struct class_kernel_list;
struct room_view;
/* The kernels' list and viewer kept with the queue: 1 when the card changed. */
int app_class_reap(struct class_kernel_list *k);
/* The room told where the window is (pos) when it moved there, or that the
 * answer was shown; the header's line of who joined and answered.  1 when
 * the line changed. */
int app_class_tell(app *a, const struct room_view *v, int pos);
/* The class's keys and clicks, read for action.c as predict mode's are. */
app_action app_class_key(const app *a, SDL_Keycode key);
app_action app_class_click(const app *a, const struct layout *L, int x, int y);
/* The class's room as read at a tick: the card's counts kept (*changed
 * set when they changed), and APP_ROOM_MOVED when the room moved since the
 * last look.  Changes the class's fields of a only. */
app_action app_class_look(app *a, const struct room_view *v, int *changed);
/* An APP_CLASS_* action done on the kernels' list; 1 with a toast in msg. */
int app_class_do(struct class_kernel_list *k, app_action act, const app *a, char *msg, size_t len);

#endif
