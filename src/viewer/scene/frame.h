/* frame.h — one frame of the viewer as a value: the trace and its analysis,
 * the step, what is shown beside it (results, cross-check, compare mode,
 * predict mode, a live class) and the window's state that the words depend
 * on (size, theme, mouse).  The scene is made from it; it needs no SDL and
 * nothing of the window, which fills it (viewer.h). */
#ifndef VIEWER_FRAME_H
#define VIEWER_FRAME_H

#include "core/analysis.h"
#include "core/trace.h"

struct rv_results;       /* results.h: timed runs from `reducevis bench`   */
struct compare_row;      /* compare.h: steps aligned between two versions  */
struct rv_verify_record; /* verify_record.h: `reducevis verify` on a real GPU */
struct story;            /* story.h: the launches of a run in a row         */
struct predict;          /* predict.h: predict mode's question             */
struct class_live;       /* class_card.h: a live class on predict's card   */

/* What W shows (docs/waves.md): the steps alone; the run's waves picture
 * beside them; the picture alone.  Comparing, any but the first shows each
 * version's picture, side by side. */
typedef enum view_waves { VIEW_WAVES_OFF = 0, VIEW_WAVES_BESIDE, VIEW_WAVES_ALONE } view_waves;

/* One waves picture's source: the trace whose (first launch's) waves run
 * it draws, and, where that is not the trace shown but a separate recording
 * (W on a trace recorded without a waves run: the recording of the same GPU
 * and version, waves/DEVICE-V.rvt), the recording's file name, which the
 * picture names; or why there is none. */
typedef struct waves_source {
    const rv_trace *tr; /* NULL: none                                         */
    const char *file;   /* a separate recording's file name; NULL: tr's own run */
    const char *name;   /* with file: the version it records                   */
    const char *why;    /* tr NULL: why not; NULL: the usual words           */
    int beside;         /* the recording is of the version to beat, shown
                           beside the trace's own grid (not the same version) */
} waves_source;

/* One frame, as a value.  Zero-initialised optional fields mean defaults. */
typedef struct viewer_frame {
    const rv_trace *tr;    /* required                                   */
    const rv_analysis *an; /* required, analysis of tr                   */
    int step;              /* 0 .. tr->nsteps-1                          */
    /* every launch of the run as one story (story.h), tr the launch shown
     * and pos the position in it; NULL: tr alone, pos unused */
    const struct story *story;
    int pos;
    int theme;         /* 0 dark, 1 light                            */
    int width, height; /* pixels                                     */
    /* optional */
    const char *note; /* appended to the origin in the header      */
    int hover;        /* 1: the mouse is at (mouse_x, mouse_y)      */
    int mouse_x, mouse_y;
    int focus;      /* warp + 1 whose accesses are drawn; 0: auto */
    int help;       /* draw the key overlay                       */
    int warps_view; /* 0 auto, 1 a row per warp, 2 one strip      */
    int waves;      /* view_waves (W): the waves picture of tr's run,
                                     where its first launch has a waves run; else the steps */
    /* W's pictures: [0] the shown trace's, [1] beside it (compare mode's
     * second trace, or the version to beat's recording, `view
     * --beside-waves`); [1] empty and no tr2: one picture */
    waves_source waves_src[2];
    double waves_from, waves_to;           /* the part of each run's time W's pictures
                                     show (0 .. 1); to <= from: all of it */
    int playing;                           /* timeline shows "playing"                   */
    double speed;                          /* steps per second shown; 0: 1              */
    const char *toast;                     /* a short message in the footer              */
    const char *results_path;              /* a results file was given (--results)       */
    const struct rv_results *results;      /* timed runs at one N: figures and bars   */
    const struct rv_results *sweep;        /* timed runs over N (2^20..2^30): the plot */
    const char *results_note;              /* why no timed run is shown, or what failed  */
    const struct rv_verify_record *verify; /* the hardware cross-check of the
                                   trace's device: bank conflicts measured by
                                   Nsight Compute, racecheck; NULL: none     */
    const char *verify_note;               /* why a bundled cross-check does not load  */
    /* compare mode: a second version beside the first (tr2 != NULL); step
     * and step2 come from rows[row] and may be -1 (no matching step) */
    const rv_trace *tr2;
    const rv_analysis *an2;
    int step2;
    const char *note2; /* like note, for the second pane             */
    int other2;        /* the second pane's trace is another GPU's: its
                                     own results2 and verify2 (NULL: none) */
    const struct rv_results *results2;
    const struct rv_verify_record *verify2;
    const struct compare_row *rows;
    int nrows, row;
    /* predict mode (predict.h): the question of this step; while it is
     * open the step's activity is hidden.  NULL: off */
    const struct predict *quiz;
    int waves_quiz; /* quiz is the grid's question (W's picture): 1 open, its
                       waves hidden; 2 answered; 0 a step's or none */
    /* a live class (class_card.h): where to join and how the class
     * answered, on predict mode's card.  NULL: none */
    const struct class_live *live;
} viewer_frame;

#endif
