/* viewer.h — the SDL2 viewer of reducevis: window front end and headless frames.
 *
 * `reducevis view` calls viewer_main().  The exporter and the tests draw the
 * very same frames off-screen through a viewer_canvas (SDL's software
 * renderer into a surface): one drawing path for window and file.
 */
#ifndef VIEWER_H
#define VIEWER_H

#include <stddef.h>
#include <SDL.h>
#include "core/analysis.h"
#include "core/trace.h"
#include "core/assets.h"
#include "shown.h"

struct rv_results;          /* results.h: timed runs from `reducevis bench`   */
struct compare_row;         /* compare.h: steps aligned between two versions  */
struct rv_verify_record;       /* verify_record.h: `reducevis verify` on a real GPU */
struct text_cache;          /* font.h: glyph atlases of one renderer           */
struct story;               /* story.h: the launches of a run in a row         */

/* Runs `reducevis view ...`; argv[0] is "view".
 * Returns 0, 1 on a usage error, 2 on a runtime error (message on stderr). */
int viewer_main(int argc, char **argv);

/* The folders recordings are looked for in: the bundled ones, found as
 * src/core/datadir.h says (beside the program, the build tree, $XDG_DATA_DIRS:
 * the first that has them); then the user's own, each device's folder under
 * $XDG_DATA_HOME/reducevis (or ~/.local/share/reducevis), as `reducevis
 * record` makes them.  Fills out[] (pointing into bufs) and returns how many. */
int viewer_asset_dirs(char bufs[ASSETS_MAX_DIRS][1024], const char *out[ASSETS_MAX_DIRS]);


/* One frame, as a value.  Zero-initialised optional fields mean defaults. */
typedef struct viewer_frame {
    const rv_trace    *tr;        /* required                                   */
    const rv_analysis *an;        /* required, analysis of tr                   */
    int step;                     /* 0 .. tr->nsteps-1                          */
    /* every launch of the run as one story (story.h), tr the launch shown
     * and pos the position in it; NULL: tr alone, pos unused */
    const struct story *story;
    int pos;
    int theme;                    /* 0 dark, 1 light                            */
    int width, height;            /* pixels                                     */
    /* optional */
    const char *note;             /* appended to the origin in the header      */
    int hover;                    /* 1: the mouse is at (mouse_x, mouse_y)      */
    int mouse_x, mouse_y;
    int focus;                    /* warp + 1 whose accesses are drawn; 0: auto */
    int help;                     /* draw the key overlay                       */
    int warps_view;               /* 0 auto, 1 a row per warp, 2 one strip      */
    int waves;                    /* the waves picture of tr's run (W), where its
                                     first launch has a waves run; else the steps */
    int playing;                  /* timeline shows "playing"                   */
    double speed;                 /* steps per second shown; 0: 1              */
    const char *toast;            /* a short message in the footer              */
    const char *results_path;     /* a results file was given (--results)       */
    const struct rv_results *results; /* timed runs at one N: figures and bars   */
    const struct rv_results *sweep;   /* timed runs over N (2^20..2^30): the plot */
    const char *results_note;     /* why no timed run is shown, or what failed  */
    const struct rv_verify_record *verify; /* the hardware cross-check of the
                                   trace's device: bank conflicts measured by
                                   Nsight Compute, racecheck; NULL: none     */
    const char *verify_note;  /* why a bundled cross-check does not load  */
    /* compare mode: a second version beside the first (tr2 != NULL); step
     * and step2 come from rows[row] and may be -1 (no matching step) */
    const rv_trace    *tr2;
    const rv_analysis *an2;
    int step2;
    const char *note2;            /* like note, for the second pane             */
    int other2;                   /* the second pane's trace is another GPU's: its
                                     own results2 and verify2 (NULL: none) */
    const struct rv_results *results2;
    const struct rv_verify_record *verify2;
    const struct compare_row *rows;
    int nrows, row;
    /* predict mode (predict.h): the question of this step; while it is
     * open the step's activity is hidden.  NULL: off */
    const struct predict *quiz;
    /* a live class (class_live.h): where to join and how the class
     * answered, on predict mode's card.  NULL: none */
    const struct class_live *live;
} viewer_frame;

/* An off-screen target: fonts, a surface, a software renderer, glyph atlases.
 * Keep one for many frames: the atlases are built on first use. */
typedef struct viewer_canvas viewer_canvas;

/* font_path NULL: the DejaVu fonts of the system.  NULL + err on failure. */
viewer_canvas *viewer_canvas_new(const char *font_path, char *err, size_t errlen);
/* Draws f into the canvas surface (re-created when the size changes).
 * Returns 0, or -1 after logging SDL_GetError(). */
int  viewer_canvas_draw(viewer_canvas *c, const viewer_frame *f);
SDL_Surface *viewer_canvas_surface(viewer_canvas *c);   /* owned by the canvas */
/* Any other picture: paint(renderer, glyph atlases, arg) into a w x h
 * surface of the canvas.  Returns 0, or -1 after logging SDL_GetError(). */
typedef void (*viewer_paint_fn)(SDL_Renderer *r, struct text_cache *tc, const void *arg);
int  viewer_canvas_paint(viewer_canvas *c, int w, int h, viewer_paint_fn paint, const void *arg);
void viewer_canvas_free(viewer_canvas *c);

/* One frame into a new ARGB8888 surface the caller frees (SDL_FreeSurface).
 * NULL + err on failure. */
SDL_Surface *viewer_render_to_surface(const viewer_frame *f, const char *font_path,
                                      char *err, size_t errlen);

/* Runs `reducevis export ...`; argv[0] is "export".  Same exit codes. */
int export_main(int argc, char **argv);

/* Runs `reducevis chart ...` (chart.c); argv[0] is "chart".  Same exit codes. */
int chart_main(int argc, char **argv);

/* Runs `reducevis levels ...` (levels.c): lanes to GPUs as one PNG. */
int levels_main(int argc, char **argv);
/* `reducevis waves`: a trace's waves run as one PNG (src/viewer/chart/waves_cmd.c). */
int waves_main(int argc, char **argv);

#endif
