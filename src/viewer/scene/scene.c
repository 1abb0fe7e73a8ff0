/* scene.c — builds a frame's scene, section by section (scene.h). */
#include "scene.h"

void scene_build(scene *sc, const viewer_frame *f)
{
    sc->f = f;
    sc->compare = f->tr2 && f->an2 && f->rows && f->nrows > 0;
    scene_block_build(&sc->block[0], f, 0);
    if (sc->compare) {
        scene_block_build(&sc->block[1], f, 1);
        scene_compare_build(&sc->cmp, f);
    } else {
        scene_panel_build(&sc->panel, f);
    }
    scene_frame_build(&sc->frame, f);
}
