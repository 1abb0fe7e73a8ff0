/* mark_reuse.h — the version to beat's time on one GPU, shared by the
 * checks of a class (`check --mark-reuse FILE`): a check that finds in FILE
 * a time taken on its GPU, at its N and block size, within the last
 * MARK_REUSE_S seconds, says that time and when it was taken instead of
 * timing the version to beat again; one that does not times it and keeps
 * it there for the next.  The class gives each GPU a file of its own (on a
 * Slurm cluster, through mark_reuse_path's "%g").
 *
 * A time is shared only when it is clean: no more than MARK_CLEAN_SLACK
 * slower than the fastest this GPU gave at the same version, N and block in
 * the last MARK_BEST_S seconds (kept in the same file).  A time taken while
 * other work ran on the GPU (a program that kept its copies out of the
 * turns) is slower than that; it is timed again, and where it is still not
 * clean, the fastest stands in: neither that check nor any other is held
 * to a spoilt time.  The spread of clean times on one GPU is about 1%, and
 * a flood beside v8 made it about 15% slower (issue 58's H200 figures); a
 * GPU that slows down for good (its clocks held lower) has its fastest
 * forgotten after MARK_BEST_S.
 *
 * FILE holds one line, written whole through a rename by check itself:
 *   mark VERSION n N block B ms MS at T best BEST_MS best_at BEST_T
 * (T: CLOCK_REALTIME seconds) and is read as untrusted all the same (a
 * regular file, small, no link, every field checked). */
#ifndef RV_CLI_MARK_REUSE_H
#define RV_CLI_MARK_REUSE_H

#include <stddef.h>
#include <stdint.h>

#define MARK_REUSE_S     60.0
#define MARK_BEST_S      600.0
#define MARK_CLEAN_SLACK 0.05

/* FILE as given to check: a "%g" in its last part becomes the name of this
 * node's GPU (gpu_lock_key: the node and its gres GPU), for the checks of a
 * class on a Slurm cluster, which learn their GPU only once Slurm has put
 * them on one.  0, or -1 when the name is too long. */
int mark_reuse_path(const char *given, char *out, size_t len);

/* The time in FILE for version at n and block, if taken within
 * MARK_REUSE_S: its ms, and how long ago in *age_s; else 0. */
double mark_reuse_read(const char *file, const char *version, uint64_t n, int block, double *age_s);

/* The fastest time in FILE for version at n and block, taken within
 * MARK_BEST_S (how long ago in *age_s); else 0. */
double mark_reuse_best(const char *file, const char *version, uint64_t n, int block, double *age_s);

/* 1 when ms is clean beside best (no best: 1). */
int mark_reuse_clean(double ms, double best);

/* A clean time just taken kept in FILE, the fastest kept beside it: 0, or
 * -1 (the next check then times it). */
int mark_reuse_write(const char *file, const char *version, uint64_t n, int block, double ms);

#endif
