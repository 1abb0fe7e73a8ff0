/* scene.h — everything one frame says, decided before anything is drawn.
 *
 * A frame goes one way: trace → analysis → scene → layout → drawing.  The
 * scene is built from the trace and its analysis, the timed results, the
 * verify record and predict mode's question: every word and number the
 * frame shows, which colour each stands in, and the facts behind hover.
 * Where room decides the wording, the scene gives the alternatives, longest
 * first, and drawing takes the first that fits.  Layout places the scene;
 * drawing paints it and calls nothing above it (tests/guard/one_way.py).
 * The Chinese interface (words through the catalogue here), predict mode
 * (a veiled scene) and the HTML lesson (captions and hover facts as data)
 * all read the same scene.  Pure C, no SDL.
 */
#ifndef VIEWER_SCENE_H
#define VIEWER_SCENE_H

#include "scene_block.h"
#include "scene_compare.h"
#include "scene_frame.h"
#include "scene_panel.h"
#include "viewer/scene/frame.h"

typedef struct scene {
    const viewer_frame *f; /* the request: size, theme, mouse, toggles      */
    int compare;           /* two versions side by side (f->tr2 set)       */
    scene_frame frame;     /* header, code, timeline, footer, tooltip, card */
    scene_block block[2];  /* the block pane; [1]: compare mode's second    */
    scene_panel panel;     /* the results panel                             */
    scene_compare cmp;     /* compare mode: titles, figures, the difference */
} scene;

/* Builds sc for f.  A scene is large: keep one (static or on the heap) and
 * rebuild it for every frame. */
void scene_build(scene *sc, const viewer_frame *f);

#endif
