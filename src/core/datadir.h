/* datadir.h — where reducevis finds what it did not compile in: the bundled
 * recordings (traces, results, verify records, logs), the catalogues, and the
 * user's own recordings.
 *
 * Bundled data is looked for, in order: beside the program (<exe>/../share/SUB,
 * so an install works wherever its prefix is moved), in the tree the program
 * was built from (only while the program runs from that build tree: an
 * installed copy never reads the source tree), then in each folder of
 * $XDG_DATA_DIRS (default /usr/local/share:/usr/share).  The first place that
 * has the data wins.  The user's own recordings (`reducevis record`) are in
 * $XDG_DATA_HOME/reducevis/<device>/ and are found beside the bundled ones.
 */
#ifndef RV_DATADIR_H
#define RV_DATADIR_H

#include <stddef.h>

#define RV_DATA_PATH_LEN   1024
#define RV_DATA_MAX_PLACES 10

typedef struct rv_data_places {
    int n;
    char path[RV_DATA_MAX_PLACES][RV_DATA_PATH_LEN];
    const char *why[RV_DATA_MAX_PLACES]; /* N_()-marked: "beside the program", ... */
} rv_data_places;

/* The folder holding the running program, from /proc/self/exe: 0, or -1. */
int rv_exe_dir(char *out, size_t len);

/* 1 when the running program lies inside the build tree it was built in. */
int rv_in_build_tree(void);

/* The places to look for share/SUB ("reducevis", "locale"), in order;
 * build_tree_path is where the build tree keeps it (NULL: nowhere). */
void rv_data_places_of(const char *sub, const char *build_tree_path, rv_data_places *p);

/* Where the interface's catalogues are (i18n_init is handed it). */
void rv_locale_dir(char *out, size_t len);

/* The index of the first place holding PROBE (a path relative to it), or -1. */
int rv_data_find(const rv_data_places *p, const char *probe);

/* The bundled recordings' places (share/reducevis, probed for traces/). */
void rv_recordings_places(rv_data_places *p);

/* The user's recordings' root: $XDG_DATA_HOME/reducevis, else
 * ~/.local/share/reducevis.  0, or -1 with why in err. */
int rv_user_data_root(char *out, size_t len, char *err, size_t errlen);

#endif
