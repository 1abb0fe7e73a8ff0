/* slurm.h — a class's checks run as Slurm job steps (`reducevis class
 * --slurm PARTITION`): the class's probe of the cluster at its start, the
 * srun command line one GPU check runs under, how a step that Slurm lost
 * or killed is told from a verdict, and a watch on the controller that
 * tells the teacher when it stops answering.
 *
 * One job per check, started by srun (docs/class.md says why): the
 * controller places each check on any node of the partition with a GPU
 * free, the check and the version to beat are timed in that one step, and
 * a lost node takes one check with it, which goes back to the queue once
 * (submit_queue.c).  Only the GPU's stage (`check --built`) runs there: the
 * compiles stay on the class's machine.  Steps that share a GPU (gres/shard)
 * keep its turns, as a class's gate does on one machine, through lock files
 * on their node (src/own/turns/gpu_lock.h).  The class's folder and reducevis
 * must be at the same paths on the nodes (a shared file system). */
#ifndef RV_SLURM_H
#define RV_SLURM_H

#include <stddef.h>

#define SLURM_NAME_MAX 64 /* a partition's, account's, QOS's or GPU type's name */

/* What --slurm and its companions said; partition[0] == 0: no Slurm, the
 * checks run on this machine's GPUs.  Copied by value (the queue keeps one). */
typedef struct slurm_opts {
    char partition[SLURM_NAME_MAX + 1];
    char account[SLURM_NAME_MAX + 1]; /* "" none given: the user's default    */
    char qos[SLURM_NAME_MAX + 1];     /* "" none given                        */
    char gpu[SLURM_NAME_MAX + 1];     /* "" one GPU of any type (gres gpu:1);
                                           "none" no GPU asked for (a partition
                                           without GPU gres: CI); else a type
                                           (gres gpu:TYPE:1)                    */
    int shard;                        /* ask for a gres/shard, not a whole GPU:
                                           several steps share each GPU        */
    char lock_dir[256];               /* where a node's checks keep their GPU's
                                           turns ("" SLURM_LOCK_DIR)           */
} slurm_opts;

/* A node's folder for the GPUs' lock files (check --gpu-lock): on the node's
 * own disk, open to every user, and not made private to a job by Slurm (as
 * /tmp and /dev/shm are with job_container/tmpfs). */
#define SLURM_LOCK_DIR "/run/lock"

/* The memory one step asks for (--mem): the sandbox's cgroup (4.6 GiB for
 * all its processes) and check itself, which holds the trace. */
#define SLURM_STEP_MEM_MB 6144

/* 1 when several steps may run on one GPU: each asks for a shard of it, or
 * for no GPU (all then use the node's); 0 when each has a whole GPU of the
 * gres, which Slurm gives to one job at a time. */
int slurm_shares_gpu(const slurm_opts *o);

/* 0 when name is a name Slurm could have (letters, digits, '_', '-', '.',
 * 1 to SLURM_NAME_MAX bytes), -1 otherwise: it goes onto srun's command
 * line, where a ',' or ':' would be read as another field. */
int slurm_name_ok(const char *name);

/* The cluster at the class's start, asked with scontrol and sinfo (each at
 * most a few seconds; their words kept in DIR/slurm-probe.txt): 0 it
 * answers and the partition is there (with a GPU gres unless gpu is
 * "none"), `say` the line for the teacher; 1 the controller does not
 * answer: the class goes on, `say` says so; -1 the class cannot judge
 * there (srun not installed, no such partition, no GPU gres on it): why
 * in err. */
int slurm_probe(const slurm_opts *o, const char *dir, char *say, size_t saylen, char *err, size_t errlen);

/* srun's command line around one check: the check's argv after srun's own
 * options, its output (the student's words) into task_out, run from dir. */
typedef struct slurm_step {
    char opt[9][SLURM_NAME_MAX + 4096 + 32];
    char *argv[48];
} slurm_step;

/* Fills step->argv: srun with the partition, account, QOS, one GPU, the
 * check's time (limit_s, rounded up to a minute) and memory, job name
 * "reducevis-check-ID", then cmd (NULL-ended, at most 32 words).  0, or
 * -1 when cmd or a path is too long. */
int slurm_step_argv(const slurm_opts *o, int id, const char *task_out, const char *dir, int limit_s, char *const cmd[],
                    slurm_step *step);

/* How a step ended (rv_proc's end and status) and what srun said in its own
 * log (srun_log: srun's words only; the check's went to task_out): 1 when
 * Slurm lost or ended it rather than the check ending by itself (srun
 * could not allocate or reach the controller, the step was cancelled,
 * preempted, timed out, its node failed, check killed by a signal), with
 * srun's line saying so in why; 0 when check ended by itself (exit 0, 1 or
 * 2: a verdict). */
int slurm_step_lost(const char *srun_log, int exited, int status, char *why, size_t len);

/* After each step: where it was lost, asks the controller (scontrol ping,
 * at most 10 s; one asking at a time, at most every 20 s); where one ran,
 * the controller answered.  Tells the teacher on stderr, once per change,
 * that it stopped or started answering again. */
void slurm_watch_controller(const char *dir, int lost);

#endif
