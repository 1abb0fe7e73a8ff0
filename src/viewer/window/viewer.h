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
#include "viewer/scene/frame.h" /* viewer_frame: what one frame shows */
#include "viewer/draw/canvas.h" /* a frame drawn off-screen */

/* Runs `reducevis view ...`; argv[0] is "view".
 * Returns 0, 1 on a usage error, 2 on a runtime error (message on stderr). */
int viewer_main(int argc, char **argv);

/* How the window saves a frame as a file: the E key's (drawn off-screen,
 * named as export names it) and --shot's PNG.  The exporter does both, a
 * wing above the window's, so the program that links both hands them in
 * (viewer_use_savers, before viewer_main); without them E and --shot FILE.png
 * say that this program cannot save a frame. */
typedef struct viewer_savers {
    int (*save_frame)(const viewer_frame *f, const char *font, const char *dir, char *path, size_t plen, char *err,
                      size_t errlen);
    int (*write_png)(SDL_Surface *s, const char *path, char *err, size_t errlen);
} viewer_savers;
void viewer_use_savers(const viewer_savers *s);

/* The folders recordings are looked for in: the bundled ones, found as
 * src/core/datadir.h says (beside the program, the build tree, $XDG_DATA_DIRS:
 * the first that has them); then the user's own, each device's folder under
 * $XDG_DATA_HOME/reducevis (or ~/.local/share/reducevis), as `reducevis
 * record` makes them.  Fills out[] (pointing into bufs) and returns how many. */
int viewer_asset_dirs(char bufs[ASSETS_MAX_DIRS][1024], const char *out[ASSETS_MAX_DIRS]);

/* Runs `reducevis export ...`; argv[0] is "export".  Same exit codes. */
int export_main(int argc, char **argv);

/* Runs `reducevis chart ...` (chart.c); argv[0] is "chart".  Same exit codes. */
int chart_main(int argc, char **argv);

/* Runs `reducevis levels ...` (levels.c): lanes to GPUs as one PNG. */
int levels_main(int argc, char **argv);
/* `reducevis waves`: a trace's waves run as one PNG (src/viewer/chart/waves_cmd.c). */
int waves_main(int argc, char **argv);

#endif
