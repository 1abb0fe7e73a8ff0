/* scene_frame.h — the frame around the panes: header, code pane, timeline,
 * predict card and the hover tooltip, as the scene holds it (scene.h).
 *
 * Everything here is decided from the trace, its analysis, the version
 * table and predict mode's question before anything is drawn; the drawing
 * files (draw_frame.c, draw_code.c, draw_timeline.c, draw_overlay.c,
 * draw_predict.c) measure and paint it.  Where the room decides the wording
 * (the header's run line) the scene gives the alternatives, longest first.
 * A run of several launches is one story (story.h): the header names the
 * launch shown, the timeline holds every launch's steps, alike runs folded.
 */
#ifndef VIEWER_SCENE_FRAME_H
#define VIEWER_SCENE_FRAME_H

#include <stddef.h>
#include "core/trace.h"
#include "class/room.h"
#include "viewer/scene/class_card.h"

struct viewer_frame;
struct story;

/* ---- the hover tooltip ---------------------------------------------------- */

/* The lines of the hover tooltip over shared-memory word, thread or
 * timeline step idx at f's step (returns how many, 0 for none): what the
 * window shows on hover and the HTML lesson as data (scene_tips.c).  A
 * timeline step is a position of f's story (every launch's steps in a row:
 * scene_frame_story), a word or thread one of f's step. */
#define SCENE_TIP_LINES 6
#define SCENE_TIP_LEN   256
typedef enum scene_tip_kind { SCENE_TIP_CELL, SCENE_TIP_LANE, SCENE_TIP_STEP } scene_tip_kind;
int scene_tip_text(const struct viewer_frame *f, scene_tip_kind what, int idx,
                   char lines[SCENE_TIP_LINES][SCENE_TIP_LEN]);

/* The tooltip of one block pane: filled by the frame's driver (frame.c)
 * once the layout says what the mouse is over; the first line is the
 * heading. */
typedef struct scene_tip {
    int n; /* lines; 0: no tooltip       */
    char lines[SCENE_TIP_LINES][SCENE_TIP_LEN];
} scene_tip;

/* ---- the code pane (scene_code.c) ------------------------------------------ */

#define SCENE_CODE_LINES 600 /* source lines of one kernel shown, at most    */
#define SCENE_CODE_LEN   512 /* characters of one line, tabs expanded         */

/* Strips the trace instrumentation from a source line in place (returns 1
 * when nothing else was on it). */
int code_clean_line(char *s);
/* The cleaned, unindented statement at `line` of the trace's kernel source
 * (rv_trace_source: an own trace's file, else its version's kernel): 0, or
 * -1 when there is none. */
int code_statement(const rv_trace *tr, int line, char *buf, size_t len);

typedef struct scene_code_line {
    int line;         /* its number in the kernel's file (1-based)   */
    const char *text; /* cleaned, tabs expanded, indentation kept     */
} scene_code_line;

typedef struct scene_code {
    char title[128];                         /* "kernels/reduce_v3.cu"; an own trace: its file */
    int has_source;                          /* 0: the source is not embedded in this build  */
    int cur;                                 /* the line the step runs, 0: none              */
    int nlines;                              /* the lines shown: instrumentation-only lines */
    scene_code_line lines[SCENE_CODE_LINES]; /* are left out but the current */
} scene_code;

/* The lines of tr's kernel source (a window of SCENE_CODE_LINES around cur
 * in a longer file), cur the line the step runs (0: none). */
void scene_code_build(scene_code *c, const rv_trace *tr, int cur);

/* ---- header, timeline, predict card ---------------------------------------- */

/* The run line of the header, longest first: drawing takes the first that
 * fits before the origin. */
#define SCENE_RUN_FORMS 4

typedef struct scene_header {
    char title[160];  /* "v3  sequential addressing"; "my_reduce.cu"  */
    char origin[200]; /* "GPU trace: NVIDIA H100, 2026-05-02" ...     */
    int origin_gpu;   /* 1: a GPU's trace (full-warp colour), 0: the
                                  CPU model (divergence colour)               */
    char run[SCENE_RUN_FORMS][720];
    const char *lesson_label; /* "What changed: "; an own trace's "What it is: " */
    const char *lesson;       /* what changed in this version, translated    */
    char warning[512];        /* an own trace's wrong sum or cut, said first
                                  in the warning colour; "" when none          */
    char shape[480];          /* an own trace's launch shape where the picture
                                  cannot show it (own_shape_words), said after
                                  the warning; "" when none                    */
    char launch[2][1200];     /* a launch the tracer counted: what it did, on a
                                  line of its own after the shape, with the
                                  memory it touched, then without; "" when not
                                  counted (story_launch_words)                */
    int run_says_launch;      /* run forms (the widest first) that say the
                                  launch's words already: its line is then not
                                  drawn                                        */
} scene_header;

/* One mark of the timeline: a step, or a run of alike steps folded into
 * one (story.h), in the story of every launch of the run. */
typedef struct scene_step {
    char label[64];     /* as the viewer shows it (step_words.h); a
                                  folded run's says how many: "store ×300"  */
    int phase;          /* rv_phase, 0 when out of range: its colour    */
    int first, count;   /* the story's positions it holds               */
    char tag[48];       /* where a launch begins (a run of several):
                                  "launch 2"; "" elsewhere                     */
    char tag_short[12]; /* the same where that does not fit: "2"       */
    int marked;         /* 0: its marks would tell predict mode's answer */
    int divergent;      /* a mark: divergent warps                      */
    int conflict;       /* a mark: the worst bank conflict, 0 or >= 2   */
    int unsynced;       /* a mark: an own trace's race (RV_STEP_UNSYNCED) */
    int atomic;         /* a mark: lanes did atomics (RV_EV_ATOMIC)     */
} scene_step;

typedef struct scene_timeline {
    const char *play;   /* "▶ playing" / "‖ paused"                     */
    int playing;        /* its colour: full-warp, or plain text         */
    char speed[32];     /* "2 steps/s"                                  */
    int nsteps, cur;    /* marks; cur: the one holding the step shown   */
    int cur_in;         /* the step's place in it, 0 .. count - 1        */
    char cur_label[64]; /* the current mark's label: a folded run says
                                  where in it the step is: "store 41/300"     */
    scene_step *steps;  /* [nsteps]: kept and grown from frame to frame */
    int cap;
} scene_timeline;

/* The story position at `part` of `parts` across mark m of f's timeline (a
 * click on a folded run picks the step at that point of it); -1 when there
 * is no such mark. */
int scene_timeline_position(const struct viewer_frame *f, int m, int part, int parts);

/* The story f shows (its own, or one of f->tr alone in *tmp) and the
 * position shown in it. */
const struct story *scene_frame_story(const struct viewer_frame *f, struct story *tmp, int *pos);

/* Predict mode's card, in the results column. */
#define SCENE_CARD_LEN 480
typedef struct scene_card {
    const char *title;    /* "Predict", "Question"                        */
    char score[48];       /* "score 3 / 5"; "" when nothing is scored     */
    const char *question; /* NULL: the step has no question; `message` says so */
    int revealed;
    /* asking: the class's answer box (hint set), or a message of what to do */
    const char *hint;           /* how to answer; NULL: no answer box          */
    char given[SCENE_CARD_LEN]; /* the answer being typed or clicked           */
    const char *keys;           /* under the answer box                         */
    const char *message;        /* in place of the box; also "nothing to ask"  */
    int message_lines;          /* the most lines it takes                      */
    /* revealed */
    int verdict;               /* 1 right, -1 wrong, 0 shown without an answer */
    const char *verdict_words; /* "✓ right", "✗ not quite"                     */
    char said[SCENE_CARD_LEN]; /* "you said: …"; "" when not shown            */
    char answer[SCENE_CARD_LEN];
    const char *explain;
    const char *next; /* the keys to go on; NULL on a slide           */
    /* a live class (`reducevis class`): where to join, how the class answered */
    int live;
    const unsigned char *qr; /* qr_width x qr_width modules, 1 dark; NULL: none */
    int qr_width;
    char join[220];         /* the address students open                    */
    const char *code_label; /* "join code"                                  */
    char code[ROOM_CODE_LEN + 1];
    char counts[128];   /* "12 joined · 7 answered · 4 right"          */
    int nbars, bar_max; /* the spread, most given first                */
    struct {
        char label[QUIZ_ANSWER_LEN];
        char count[16];
        int n, right;
    } bar[ROOM_MAX_BARS + 1];
    int bars_marked; /* revealed: the right answer's bar is marked   */
    /* a live class's students' kernels (K, class_card.h), in place of the
       question: a row each, newest first, by number */
    int kernels; /* the list is shown                            */
    int nkernel;
    struct {
        char head[120], tail[120];
        int passed;
        int on_screen;
    } kernel[CLASS_KERNELS_SHOWN];
} scene_card;

typedef struct scene_frame {
    scene_header header;
    scene_code code;
    scene_timeline timeline;
    int veiled; /* predict mode hides the step: no tooltip      */
    int asking; /* predict mode: the card takes the results column */
    scene_card card;
    scene_tip tip[2];        /* the tooltip of block pane 0 (and 1: compare) */
    const char *unknown_key; /* the colour key's "?" entry: an own trace with
                                  values the tracer could not see; NULL: none */
    const char *atomic_key;  /* the colour key's atomic entry: a trace whose
                                  lanes do atomics; NULL: none               */
    const char *full_key;    /* the colour key's full warp: "(32 lanes)", or
                                  all its lanes where a warp is partial       */
} scene_frame;

void scene_frame_build(scene_frame *s, const struct viewer_frame *f);

/* "GPU trace: <device>, <date>", "CPU model — <note>" or "traced
 * unchanged, <file>, on <device>, <date>": where the trace came from (the
 * header's, and the lesson page's). */
void scene_frame_origin(const struct viewer_frame *f, char *buf, size_t len);
/* What changed in version v from the one it improves on, translated ("" when
 * the table says nothing). */
const char *scene_frame_lesson(int v);

#endif
