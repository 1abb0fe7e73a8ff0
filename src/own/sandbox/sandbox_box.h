/* sandbox_box.h — the limits a sandbox has of its own, whatever the sandboxes
 * beside it do (sandbox.h runs the command; this says what it runs in).
 *
 * A class runs many sandboxes at once, and one student's program must not
 * use up another's processes, memory or CPU.  So, where reducevis runs as
 * root, each sandbox gets:
 *   - a cgroup of its own (cgroup2, or cgroup v1's pids, memory and cpu
 *     hierarchies), with pids.max and memory.max for all its processes
 *     together, and the CPU shared out per sandbox rather than per thread
 *     and capped (cpu.max) where the cpu controller reaches it;
 *   - a user id of its own from a range (a slot, locked while it runs), so
 *     that RLIMIT_NPROC counts that sandbox's processes only.
 * As any other user, bwrap's user namespace already gives each sandbox its
 * own RLIMIT_NPROC count (Linux 5.14 and later), and no cgroup is made.
 * What the machine gives is probed once a process; rv_box_line says it to
 * the teacher in one line. */
#ifndef RV_OWN_SANDBOX_BOX_H
#define RV_OWN_SANDBOX_BOX_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

/* The first user id of the slots, and how many there are: a sandbox run as
 * root runs as RV_BOX_UID_BASE + its slot (ids no account uses). */
#define RV_BOX_UID_BASE 1600000000
#define RV_BOX_SLOTS    256
#define RV_BOX_MAX_CG   3 /* cgroup v1: pids, memory, cpu */

typedef struct rv_box {
    int uid;     /* as root: the slot's user; else -1 */
    int slot_fd; /* the slot's lock, held while it runs */
    int ncg;     /* the cgroups it is put in          */
    char cg[RV_BOX_MAX_CG][PATH_MAX];
    int v2; /* they are cgroup2's                */
} rv_box;

/* What its own limits did, read once it ended. */
typedef struct rv_box_end {
    long forks_refused; /* forks its process limit refused (pids.events)    */
    int memory_full;    /* its processes reached its memory limit together  */
    long oom_kills;     /* its processes killed by an out-of-memory killer  */
} rv_box_end;

/* Its limits made before it starts: a slot, and where cgroups can be had,
 * a cgroup with pids.max = `tasks`, memory.max = `memory` bytes and, where
 * the cpu controller reaches it, a quota of `cpus` CPUs.  0, or -1
 * with why (no free slot, a cgroup refused: the machine's, not the file's). */
int rv_box_open(rv_box *b, int tasks, uint64_t memory, int cpus, char *why, size_t len);
/* In the child, between fork and exec: it moves itself into the box's
 * cgroups (async-signal-safe: open, write, close). */
void rv_box_enter(const rv_box *b);
/* Its share of the CPU made the least the kernel gives (cgroup2's
 * cpu.weight 1, v1's cpu.shares 2) while it runs: it then runs on what the
 * sandboxes beside it leave idle.  For a run whose student code keeps it
 * from the GPU on the host alone (gpu_turn.h); nothing where the CPU is
 * not shared out per sandbox.  0, or -1 where the kernel refused. */
int rv_box_lower_cpu(const rv_box *b);
/* After it ended: what its limits did (end may be NULL); anything left in
 * its cgroups killed, the cgroups removed, the slot given back. */
void rv_box_close(rv_box *b, rv_box_end *end);

/* How many processes the machine's out-of-memory killer has killed since it
 * started (/proc/vmstat's oom_kill; -1 unknown): a sandbox that died of
 * SIGKILL while it rose, its own memory limit not reached, was killed for
 * the machine's memory, not its own. */
long rv_box_machine_oom_kills(void);

/* One line for the teacher: what each sandbox has of its own here, and what
 * it shares with the others and what a hostile program could therefore do. */
const char *rv_box_line(void);

#endif
