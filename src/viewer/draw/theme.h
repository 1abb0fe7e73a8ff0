/* theme.h — the two colour palettes (dark for screens, light for projectors).
 *
 * Every colour the viewer draws comes from here, named for what it means
 * (idle, divergent, conflict...), so the tests can ask which colour a warp box
 * should have instead of hard-coding pixels.
 */
#ifndef VIEWER_THEME_H
#define VIEWER_THEME_H

#include <stdint.h>

typedef enum theme_id { THEME_DARK = 0, THEME_LIGHT = 1, THEME_COUNT } theme_id;

typedef struct rgba {
    uint8_t r, g, b, a;
} rgba;

#define THEME_CONFLICT_LEVELS 4 /* 2-way, 3..4-way, 5..8-way, more */
/* The themes --theme takes, as the shell completion offers them. */
#define THEME_WORDS           "light dark"

typedef struct theme {
    const char *name;
    theme_id id;
    rgba bg;                              /* window background                                 */
    rgba panel;                           /* pane background                                   */
    rgba panel_edge;                      /* pane border                                       */
    rgba text;                            /* body text                                         */
    rgba text_dim;                        /* secondary text: line numbers, labels              */
    rgba text_strong;                     /* headings                                          */
    rgba accent;                          /* version name, current-step marker                 */
    rgba accent2;                         /* the second version in compare mode                */
    rgba cell;                            /* shared-memory word holding a value                */
    rgba cell_empty;                      /* word never written yet                            */
    rgba cell_text;                       /* value inside a cell                               */
    rgba write;                           /* word written (or lane register set) this step     */
    rgba write_text;                      /* value on a written cell                           */
    rgba read;                            /* outline of a word read this step                  */
    rgba lane_off;                        /* lane that does not execute                        */
    rgba idle;                            /* warp with no executing lane                       */
    rgba full;                            /* warp with all 32 lanes executing                  */
    rgba divergent;                       /* warp with some lanes executing                    */
    rgba wasted;                          /* marker on lanes whose result is never used        */
    rgba atomic;                          /* lanes doing an atomic, served one after another   */
    rgba conflict[THEME_CONFLICT_LEVELS]; /* bank-conflict badges by degree  */
    rgba conflict_text;
    rgba shuffle;   /* arrows of a warp shuffle                          */
    rgba hazard;    /* the race-hazard band (v4's warp phase)            */
    rgba code_line; /* band behind the current source line               */
    rgba overlay;   /* help overlay backdrop                             */
    rgba tooltip;   /* hover box                                         */
    rgba phase[7];  /* timeline colours by rv_phase (load, tree, warp,
                           shuffle, store, write, atomic)                    */
    rgba cub;       /* CUB's line and bar (a version's colour is in
                           its row of the version table)              */
} theme;

/* The palette for id (THEME_DARK when out of range). */
const theme *theme_get(theme_id id);

/* The colour of variant k (rv_results_variant(): the versions in teaching
 * order, then CUB) in this theme: distinct hues, none the red of a failed sum. */
rgba theme_series(const theme *t, int k);

/* The badge colour for an n-way conflict (n >= 2). */
rgba theme_conflict(const theme *t, int degree);

/* The colour that keeps text readable on background bg (dark or light). */
rgba theme_text_on(const theme *t, rgba bg);

#endif
