/* sandbox_folder.h — the sandbox's work around a run (sandbox.c runs it):
 * the work folder before and after, and a refusal of the machine's told
 * from a failure of the file's. */
#ifndef RV_OWN_SANDBOX_FOLDER_H
#define RV_OWN_SANDBOX_FOLDER_H

#include <stdint.h>

#include "own/sandbox/sandbox_limits.h"

/* Root: the sandbox's user (uid; -1 none) gets the folder and all in it (an
 * earlier sandbox of the same folder, a compile before the run, had another
 * user), no link followed. */
void rv_sandbox_hand_over(const char *work, int uid);

/* Only plain files (with no other name) and folders stay: a link the sandbox
 * left could point reducevis's next read, or write, at a file outside. */
void rv_sandbox_scrub(const char *work);

/* Bytes on disk and entries under work, counting stops past most. */
void rv_sandbox_work_usage(const char *work, long most, uint64_t *bytes, long *files);

/* A line of the sandbox's own tools (bwrap, prlimit, setpriv) at the head
 * of the output saying the machine refused them: the file's code had not
 * started. */
int rv_sandbox_refused_at_start(const char *head);

/* A log's line (a tool's, not one quoting the student's file) saying the
 * machine refused a process or memory (a run's: or the GPU's memory), into
 * out: 1 found, 0 not. */
int rv_sandbox_refused_in_log(const char *log, rv_sandbox_step step, char *out, size_t len);

/* Says it: a note ending the log (logfd; -1 none), and a line of
 * REDUCEVIS_REFUSALS's file. */
void rv_sandbox_tell_refused(int logfd, const char *reason);

#endif
