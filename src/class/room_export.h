/* room_export.h — a class's results: its answers and kernels as CSV and
 * JSON (results.csv, results.json), and the counts the summary slide shows. */
#ifndef RV_ROOM_EXPORT_H
#define RV_ROOM_EXPORT_H

#include <stdio.h>
#include "room.h"

/* A kernel a student sent (submit_queue.c), as a row of the exports. */
typedef struct room_kernel {
    int id, student, exercise;
    const char *verdict;              /* "pass", "fail", "error" or "" */
    double ms, gbps, percent_of_mark; /* 0: not said                   */
    double submitted, started, ended; /* CLOCK_REALTIME s; 0: not yet  */
} room_kernel;

/* Where the exports find the kernels: fn(arg, &rows) gives a malloc'd
 * array (freed by the room) and its length, or -1.  Called without the
 * room's lock held.  NULL: none. */
typedef int (*room_kernels_fn)(void *arg, room_kernel **rows);
void room_set_kernels(room *r, room_kernels_fn fn, void *arg);

/* Exports: one row per student and question asked (answer empty where the
 * student gave none), then one per kernel sent (kind "kernel": its
 * submission, exercise, verdict, ms, gbps, percent_of_mark and times, the
 * question's columns empty and right saying whether it passed).  0, or -1
 * when writing failed. */
int room_write_csv(room *r, FILE *f);
int room_write_json(room *r, FILE *f);

/* Per step: whether its question was asked, how many answered, how many
 * were right (arrays of nsteps; for the summary slide). */
void room_results(room *r, int *asked, int *answered, int *right);

#endif
