/* scene_block.h — the block pane of one trace at one step, as the scene
 * holds it (scene.h): the banner (title, counts, sentence), the race band,
 * predict mode's veil, the warps, lanes, banks and shared-memory words, and
 * the accesses between them.  Colours are named by what they stand for
 * (block_tone); drawing maps them to the theme.  Pure C, no SDL.
 */
#ifndef VIEWER_SCENE_BLOCK_H
#define VIEWER_SCENE_BLOCK_H

#include <stddef.h>
#include <stdint.h>
#include "viewer/scene/layout_in.h"

struct viewer_frame;

#define SCENE_BLOCK_MAX_THREADS 1024
#define SCENE_BLOCK_MAX_WORDS   1024
#define SCENE_BLOCK_MAX_COUNTS  7
/* Every access of every thread of a step (a thread reads at most 128
 * places: rv_access.h), so that the lane under the mouse has its lines. */
#define SCENE_BLOCK_MAX_LINKS   (SCENE_BLOCK_MAX_THREADS * 128)
#define SCENE_BLOCK_LINK_LANE   0x8000u /* a link to a lane (low bits), not a word */

/* What a colour stands for. */
typedef enum block_tone {
    BLOCK_TONE_TEXT,      /* plain words                                  */
    BLOCK_TONE_DIM,       /* words of less weight                         */
    BLOCK_TONE_IDLE,      /* a warp with no lane executing                */
    BLOCK_TONE_FULL,      /* a warp whose 32 lanes all execute            */
    BLOCK_TONE_DIVERGENT, /* a warp of which only some lanes execute      */
    BLOCK_TONE_WASTED,    /* lanes computing what nobody reads            */
    BLOCK_TONE_CONFLICT,  /* an n-way bank conflict (its degree alongside) */
    BLOCK_TONE_ATOMIC,    /* lanes doing an atomic, served one after another */
} block_tone;

/* The race note of a step (verify_words.h's verify_race). */
typedef enum block_race {
    BLOCK_RACE_NONE,      /* nothing to say at this step                  */
    BLOCK_RACE_HAZARD,    /* the code relies on lanes in lockstep         */
    BLOCK_RACE_CLEAN,     /* made safe; racecheck found nothing           */
    BLOCK_RACE_SAME_CODE, /* the same code as a version flagged           */
} block_race;

/* Whose accesses are drawn as lines. */
typedef enum block_links {
    BLOCK_LINKS_NONE,  /* none: predict mode hides the step            */
    BLOCK_LINKS_ALL,   /* every executing lane's: few execute          */
    BLOCK_LINKS_FOCUS, /* the focused warp's lanes only                */
} block_links;

/* One of the banner's counts, e.g. "3 divergent". */
typedef struct block_count {
    char text[64];
    block_tone tone;
    int n; /* the number counted (CONFLICT: the n of n-way) */
} block_count;

typedef struct block_warp {
    block_tone tone;    /* IDLE, FULL or DIVERGENT                      */
    int active, wasted; /* lanes executing; of them, wasted             */
    int atomic;         /* lanes doing an atomic                        */
    int conflict;       /* worst bank conflict degree (0, 1: none)      */
    char badge[2][16];  /* the conflict, longest first: "4-way", "4×"   */
    char label[16];     /* the warp alone: "w5"                         */
    /* Where the layout folds warps of a kind into one row: the warps of
     * this one's row ("w0–15", "w0,2…30", "w1,3,9…"), how many, and
     * "16 warps". */
    char row_label[24];
    int in_row;
    char row_count[32];
} block_warp;

typedef struct block_lane {
    uint8_t exec;       /* the thread runs a statement at this step     */
    uint8_t wasted;     /* ... whose result nobody reads                */
    uint8_t has_value;  /* value is shown in the lane                   */
    uint8_t lane_reads; /* lanes it reads through a shuffle (up to 255) */
    uint8_t atomic;     /* its write is an atomic (RV_EV_ATOMIC): never a
                               race, never wasted                          */
    float value;        /* its register (shuffle traces), else its result */
    int16_t write;      /* the shared word it writes, -1: none          */
    uint16_t nlinks;    /* its reads drawn: link[link_at ..]            */
    uint32_t link_at;
} block_lane;

typedef struct block_word {
    float value;      /* after the step (before it, while veiled)     */
    uint8_t set;      /* holds a value                                */
    uint8_t written;  /* written at this step                         */
    uint8_t read;     /* read at this step                            */
    uint8_t conflict; /* degree of the worst request touching it      */
    uint16_t atomic;  /* lanes adding into it atomically this step    */
} block_word;

typedef struct scene_block {
    int built;
    layout_in lin;    /* what the pane's layout is computed from          */
    layout_fold fold; /* large blocks: warps of a kind share a row         */
    int focus;        /* the warp whose accesses are drawn, -1: none       */
    int has_step;     /* 0: compare mode, no matching step: nothing below  */

    /* The banner: "Step 3/9  s=64", the counts, what the threads do. */
    char title[256];
    int ncounts;
    block_count count[SCENE_BLOCK_MAX_COUNTS];
    char sentence[400];

    /* The race band under it (none unless the layout gives it room). */
    block_race race;
    char race_title[320], race_detail[240];

    /* Predict mode with a question open: the step's activity is hidden;
     * the banner asks instead of telling. */
    int veiled;
    const char *veil_words[2]; /* the question; what stays hidden          */
    int ask_warp;              /* the warp asked about, -1                 */
    uint32_t picked;           /* its lanes the class picked               */
    int pick_word;             /* the word the class picked, -1            */
    int outline;               /* the warp outlined: the focus, or asked   */
    block_links links;

    int nthreads, nwarps, nwords;
    block_warp warp[LAYOUT_MAX_WARPS];
    block_lane lane[SCENE_BLOCK_MAX_THREADS];
    uint8_t bank[LAYOUT_COLS]; /* worst conflict degree in each bank       */
    block_word word[SCENE_BLOCK_MAX_WORDS];
    /* Each lane's reads in its order: a shared word, or
     * SCENE_BLOCK_LINK_LANE | the lane read through a shuffle. */
    uint16_t link[SCENE_BLOCK_MAX_LINKS];
} scene_block;

/* The numbers the block pane's layout is computed from, for pane 0 (or 1:
 * compare mode's second): size, block, words, steps, the race band; and how
 * its warps fold into rows at its step (rows 0: they do not). */
void scene_block_layout(const struct viewer_frame *f, int pane, layout_in *in, layout_fold *fold);

/* The warp whose accesses are drawn: the frame's focus - 1 (first pane), or
 * the most telling one (worst bank conflict, then first executing).  -1 if
 * none executes. */
int scene_block_focus(const struct viewer_frame *f, int pane);

void scene_block_build(scene_block *s, const struct viewer_frame *f, int pane);

/* Lanes of `step` the analysis marks wasted that did an atomic: never
 * wasted (it adds to what is read), so the counts leave them out. */
struct rv_trace;
struct rv_analysis;
int scene_block_atomic_wasted(const struct rv_trace *tr, const struct rv_analysis *an, int step);

/* The sentence under the block pane's banner at f's step (the window's and
 * the HTML lesson's). */
void scene_block_sentence(const struct viewer_frame *f, char *buf, size_t len);

#endif
