/* assets.h — finding recordings on disk: bundled traces, timed results and
 * verify records in the asset folders, by device.  Plain C, no SDL: the
 * viewer and `reducevis check` both look here.
 */
#ifndef RV_ASSETS_H
#define RV_ASSETS_H

#include <stddef.h>
#include <stdio.h>

/* Paths of recordings are at most this long. */
#define ASSETS_PATH_LEN 1024

/* At most this many folders are searched for recordings (the bundled
 * assets/ and the user's own, $XDG_DATA_HOME/reducevis/<device>/). */
#define ASSETS_MAX_DIRS    12
/* At most this many devices are told apart. */
#define ASSETS_MAX_DEVICES 16

/* The first asset directory (holding traces/) among the candidates, or -1. */
/* The asset folders of this machine, in order: the bundled recordings (the
 * first place datadir.h finds them), then each of the user's own
 * (`reducevis record`, one a device).  Returns how many. */
int assets_default_dirs(char bufs[ASSETS_MAX_DIRS][1024], const char *out[ASSETS_MAX_DIRS]);

int assets_pick_dir(const char *const *candidates, int n, char *out, size_t len);

/* The bundled trace named "<slug>-v<V>-b<B>-<data>.rvt" in dir/traces
 * ("nvidia-h200-v3-b256-ones.rvt", data "random:1" as "random1"); slug NULL
 * or "": of any device, the alphabetically first when several match.
 * 0, or -1. */
int assets_find_bundled(const char *asset_dir, const char *slug, int v, int block_size, const char *data, char *out,
                        size_t len);

/* The device slug of a GPU name, as bundled assets are named: lowercase,
 * every run of other characters than letters and digits one '-', none at
 * either end ("NVIDIA H200" -> "nvidia-h200").  Returns its length. */
size_t assets_device_slug(const char *device, char *out, size_t len);

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
int assets_list_devices(const char *const *asset_dirs, int ndirs, char slugs[ASSETS_MAX_DEVICES][64]);

/* The device NAME stands for: a slug ("nvidia-h200"), a device's name as the
 * GPU gives it ("NVIDIA H200"), or a part of one slug alone ("h100").  0 and
 * the slug in out, or -1 with why in msg (unknown, or which it could be). */
int assets_match_device(const char *const *asset_dirs, int ndirs, const char *name, char *out, size_t len, char *msg,
                        size_t msglen);

/* The first folder holding traces of the device (slug), else the first
 * holding any traces: 0, or -1 when none does. */
int assets_device_dir(const char *const *asset_dirs, int ndirs, const char *slug, char *out, size_t len);

int assets_find_results(const char *const *asset_dirs, int ndirs, const char *slug, char *main_path, char *sweep_path,
                        size_t len, char *msg, size_t msglen);

/* The bundled hardware cross-check (`reducevis verify`) in the asset
 * directories (looked at in order): the first results/<slug>-verify.json;
 * with slug NULL (a CPU-model trace), that of the only device with one
 * bundled.  0 with its path, or -1 with why in msg ("no hardware cross-check
 * recorded for nvidia-h100"). */
int assets_find_verify(const char *const *asset_dirs, int ndirs, const char *slug, char *path, size_t len, char *msg,
                       size_t msglen);

/* The waves recording of version vname on device slug (`reducevis record`'s
 * waves/SLUG-V.rvt, bundled as assets/waves/): the first folder's that has
 * one.  0 with its path, or -1 with, in have, the versions recorded for that
 * device, in teaching order ("v0, v6, v8"; "" where there is none). */
int assets_find_waves(const char *const *asset_dirs, int ndirs, const char *slug, const char *vname, char *path,
                      size_t len, char *have, size_t havelen);

/* Says where bundled recordings were looked for, which one is used, and
 * where the user's own go (the end of `reducevis view --help`). */
void assets_print_places(FILE *f);

#endif
