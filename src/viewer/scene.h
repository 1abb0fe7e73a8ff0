/* scene.h — what the viewer shows: one trace, its analysis, where it came from.
 *
 * Opening a file, opening a bundled GPU trace, simulating with the CPU model
 * and switching version all live here, in plain C with no SDL, so they can be
 * tested without a display.  A failed switch leaves the scene as it was.
 */
#ifndef VIEWER_SCENE_H
#define VIEWER_SCENE_H

#include <stddef.h>
#include "../analysis.h"
#include "../model.h"
#include "../trace.h"

#define SCENE_PATH_LEN 1024

typedef struct scene {
    rv_trace    *tr;
    rv_analysis *an;
    rv_config    cfg;          /* what re-simulating another version keeps   */
    int          bundled;      /* follow the bundled GPU traces on a switch  */
    char         asset_dir[SCENE_PATH_LEN]; /* "" when none was found         */
    char         path[SCENE_PATH_LEN];      /* trace file, "" for the model   */
    char         note[160];    /* why the source is what it is, or ""        */
    char         device[64];   /* the device slug whose bundled traces it
                                  follows ("": the first by name)            */
} scene;

/* At most this many folders are searched for recordings (the bundled
 * assets/ and the user's own, $XDG_DATA_HOME/reducevis/<device>/). */
#define SCENE_MAX_DIRS 12
/* At most this many devices are told apart. */
#define SCENE_MAX_DEVICES 16

/* Loads and analyses a trace file.  0, or -1 with err naming the problem. */
int scene_open_file(scene *sc, const char *path, char *err, size_t errlen);

/* Runs the CPU model for cfg.  0, or -1 with err. */
int scene_simulate(scene *sc, const rv_config *cfg, char *err, size_t errlen);

/* Opens the bundled GPU trace of version v in asset_dir (block size and data
 * pattern of like, when like is not NULL; else block 256, ones).
 * 0, or -1 with err when there is none or it does not load. */
int scene_open_bundled(scene *sc, const char *asset_dir, int v, const rv_config *like,
                       char *err, size_t errlen);

/* Shows version v: the bundled trace of v when the scene follows the bundle
 * and one exists, else the model with the same block size, N and data.
 * *step is mapped to the matching position.  0, or -1 with msg saying why
 * (the scene is then unchanged). */
int scene_switch_version(scene *sc, int v, int *step, char *msg, size_t len);

/* Opens version v the way `like` would show it after a switch (its bundled
 * trace if `like` follows the bundle and one exists, else the model with the
 * same block size, N and data): the second pane of compare mode.
 * 0, or -1 with msg saying why (dst untouched). */
int scene_open_like(scene *dst, const scene *like, int v, char *msg, size_t len);

void scene_close(scene *sc);

/* The first asset directory (holding traces/) among the candidates, or -1. */
int scene_pick_asset_dir(const char *const *candidates, int n, char *out, size_t len);

/* The bundled trace named "<device>-v<V>-b<B>-<data>.rvt" in dir/traces.
 * When several devices match, the alphabetically first.  0, or -1. */
int scene_find_bundled(const char *asset_dir, int v, int block_size, const char *data,
                       char *out, size_t len);

/* The device slug of a GPU name, as bundled assets are named: lowercase,
 * every run of other characters than letters and digits one '-', none at
 * either end ("NVIDIA H200" -> "nvidia-h200").  Returns its length. */
size_t scene_device_slug(const char *device, char *out, size_t len);

/* Bundled timed results in the asset directories (looked at in order, each
 * holding results/): for slug, the first dir's results/<slug>.json and, if
 * there is one, results/<slug>-sweep.json; with slug NULL (a CPU-model
 * trace), those of the only device whose results (files that load as
 * results, by the device they name) are bundled anywhere.  main and
 * sweep get the paths ("" when absent); 0 when a main or sweep file was
 * found, -1 with why in msg ("no bundled results for nvidia-h100", "results
 * of 2 devices bundled: nvidia-h100, nvidia-h200"). */
/* The devices (slugs, sorted by name) whose timed results are recorded in
 * any of the folders.  Returns how many. */
int scene_list_devices(const char *const *asset_dirs, int ndirs, char slugs[SCENE_MAX_DEVICES][64]);

/* The device NAME stands for: a slug ("nvidia-h200"), a device's name as the
 * GPU gives it ("NVIDIA H200"), or a part of one slug alone ("h100").  0 and
 * the slug in out, or -1 with why in msg (unknown, or which it could be). */
int scene_match_device(const char *const *asset_dirs, int ndirs, const char *name, char *out, size_t len,
                       char *msg, size_t msglen);

/* The first folder holding traces of the device (slug), else the first
 * holding any traces: 0, or -1 when none does. */
int scene_device_dir(const char *const *asset_dirs, int ndirs, const char *slug, char *out, size_t len);

int scene_find_results(const char *const *asset_dirs, int ndirs, const char *slug,
                       char *main_path, char *sweep_path, size_t len, char *msg, size_t msglen);

/* The bundled hardware cross-check (`reducevis verify`) in the asset
 * directories (looked at in order): the first results/<slug>-verify.json;
 * with slug NULL (a CPU-model trace), that of the only device with one
 * bundled.  0 with its path, or -1 with why in msg ("no hardware cross-check
 * recorded for nvidia-h100"). */
int scene_find_crosscheck(const char *const *asset_dirs, int ndirs, const char *slug,
                          char *path, size_t len, char *msg, size_t msglen);

/* The step of `to` that matches step `step` of `from`: the same ordinal
 * among reduction steps (tree, warp, shuffle: the same number of partial sums
 * left at equal block sizes), or among steps of the same phase for load, store
 * and write; else the same index, clamped. */
int scene_map_step(const rv_trace *from, int step, const rv_trace *to);

#endif
