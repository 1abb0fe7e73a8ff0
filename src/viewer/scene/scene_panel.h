/* scene_panel.h — the results panel as the scene holds it (scene.h).
 *
 * What the real timed run of the version says beside the replay: where and
 * when it was timed, the current version's figures (an own trace's: its
 * own timed run), a bar of GB/s per version and CUB (and "yours"), the sweep plot's points and axes, the hardware
 * cross-check's lines.  Every word is written here, through the catalogue;
 * every colour is a tone that the theme paints (panel_results.c).  The
 * panel's geometry (panel_results_geom) is computed from these numbers.
 */
#ifndef VIEWER_SCENE_PANEL_H
#define VIEWER_SCENE_PANEL_H

#include <stddef.h>
#include <stdint.h>
#include "viewer/scene/plot_data.h"

struct viewer_frame;

#define PANEL_MAX_BARS 16 /* every version, then CUB */

/* Which colour of the theme a word or a mark stands in. */
typedef enum panel_tone {
    PANEL_TEXT,
    PANEL_DIM,
    PANEL_STRONG,
    PANEL_ACCENT,  /* the current version                              */
    PANEL_GOOD,    /* the timing device, a sum that checks, a match    */
    PANEL_CAUTION, /* the replay is not what was timed                 */
    PANEL_DIFFERS, /* measured differs from predicted                  */
    PANEL_BAD,     /* a failed sum check                               */
} panel_tone;

/* What was loaded. */
typedef enum panel_state {
    PANEL_NOTHING,    /* no timed run: why, and how to make one           */
    PANEL_SWEEP_ONLY, /* a sweep over N, no run at one N: the plot only   */
    PANEL_TIMED,      /* runs at one N: figures and bars (and a sweep)    */
} panel_state;

/* One bar: a variant at the bars' N. */
typedef struct panel_bar {
    char name[16]; /* "v4s", "cub", "yours"                            */
    int timed;     /* the file has its run; 0: `absent` is said        */
    double gbps;
    char value[16]; /* "2929"; "812!" where its sum check failed        */
    panel_tone value_tone;
    const char *absent; /* said in place of the bar when not timed: "not in
                            this file"; "not timed" for an own trace's      */
} panel_bar;

/* The hardware cross-check (`reducevis verify`) of the version at its
 * block size: bank conflicts per block, predicted and measured. */
typedef struct panel_verify {
    int kind; /* 0 nothing, 1 the figures, 2 a sentence       */
    char heading[64];
    char sentence[600]; /* kind 2: not profiled, or the load problem    */
    /* kind 1: rows of a label and a value */
    char pred_label[64], pred[80];
    char meas_label[128];
    char meas[2][80]; /* the value, longest first: with a tick where  */
    int nmeas;        /* it matches, then without (the colour says it) */
    panel_tone meas_tone;
    char l1_label[48], l1[80];
    char small[600]; /* what "measured" is; why the L1 counter differs */
} panel_verify;

typedef struct scene_panel {
    panel_state state;
    char title[64]; /* "Real timed run"                             */
    char why[512];  /* why no timed run, or what failed to load; "" */
    /* PANEL_NOTHING */
    char nothing[64], hint[96];
    /* where and when it was timed */
    char device[128], date[96];
    char replay[160];     /* what the replay is when not that GPU; ""     */
    char sweep_only[128]; /* PANEL_SWEEP_ONLY: why no figures or bars      */

    /* The current version's run (PANEL_TIMED). */
    int timed;                          /* 1: its run is in the file                    */
    char missing[96], missing_hint[96]; /* when not                    */
    char time[32], rate[32];            /* "0.046 ms", "2929 GB/s"                      */
    char shares[112];                   /* of the peak, of a copy                       */
    char speedup[96];
    char sum[48];
    panel_tone sum_tone;
    char scope[64]; /* what the time covers                         */

    /* The bars (shown in PANEL_TIMED), also the rows of the sweep's lines:
     * the versions in teaching order, then CUB; an own trace's run last
     * ("yours": its own timed run, no line in the sweep). */
    char bars_title[160];
    int nbars;      /* RV_NUM_VERSIONS + 1, + 1 with "yours"         */
    int cub;        /* CUB's row, the last line of the sweep         */
    int current;    /* the current version's row; -1: none           */
    int name_chars; /* the longest version's name, at least 3        */
    panel_bar bar[PANEL_MAX_BARS];
    char absent[48];   /* "not in this file"                           */
    double scale;      /* GB/s at the bars' right end                  */
    double copy, peak; /* the lines across them; 0: unknown            */
    char copy_key[32], peak_key[32];

    /* The sweep plot: a line per bar row over the sweep's sizes. */
    int npts; /* sizes; fewer than 2: no plot                  */
    plot_pt line[PANEL_MAX_BARS][PLOT_MAX_POINTS];
    double axis_top; /* GB/s at the plot's top (a whole gridline)    */
    double lo, hi;   /* log2 N at its left and right edges           */
    char plot_title[96];
    char plot_name[8]; /* the current version's name; "" when not swept */
    uint64_t l2_n;     /* where N stops fitting in L2; 0: off the plot */
    double plot_peak;  /* 0: unknown                                   */
    char plot_peak_key[32];

    panel_verify hw;
} scene_panel;

void scene_panel_build(scene_panel *s, const struct viewer_frame *f);

/* "timed run: 0.412 ms · 326 GB/s · ..." for version at N n, or why there is
 * none ("no timed run loaded").  Returns 1 when a run was found. */
int scene_panel_figure(const struct viewer_frame *f, int version, uint64_t n, char *buf, size_t len);

#endif
