/* mark_reuse.h — the version to beat's time on one GPU, shared by the
 * checks of a class (`check --mark-reuse FILE`): a check that finds in FILE
 * a time taken on its GPU, at its N and block size, within the last
 * MARK_REUSE_S seconds, says that time and when it was taken instead of
 * timing the version to beat again; one that does not times it and keeps
 * it there for the next.  The class gives each GPU a file of its own (on a
 * Slurm cluster, through mark_reuse_path's "%g").
 *
 * FILE holds one line, written whole through a rename by check itself:
 *   mark VERSION n N block B ms MS at T        (T: CLOCK_REALTIME seconds)
 * and is read as untrusted all the same (a regular file, small, no link,
 * every field checked). */
#ifndef RV_CLI_MARK_REUSE_H
#define RV_CLI_MARK_REUSE_H

#include <stddef.h>
#include <stdint.h>

#define MARK_REUSE_S 60.0

/* FILE as given to check: a "%g" in its last part becomes the name of this
 * node's GPU (gpu_lock_key: the node and its gres GPU), for the checks of a
 * class on a Slurm cluster, which learn their GPU only once Slurm has put
 * them on one.  0, or -1 when the name is too long. */
int mark_reuse_path(const char *given, char *out, size_t len);

/* The time in FILE for version at n and block, if taken within
 * MARK_REUSE_S: its ms, and how long ago in *age_s; else 0. */
double mark_reuse_read(const char *file, const char *version, uint64_t n, int block, double *age_s);

/* The time just taken kept in FILE: 0, or -1 (the next check then times it). */
int mark_reuse_write(const char *file, const char *version, uint64_t n, int block, double ms);

#endif
