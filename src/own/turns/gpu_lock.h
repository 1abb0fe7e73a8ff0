/* gpu_lock.h — a GPU's turns kept by file locks on its node, for checks
 * that no class's gate can reach: each a Slurm job step of its own, several
 * sharing one GPU (gres/shard), every one of them on the node taking its
 * turns through the same files (`check --gpu-lock DIR`).
 *
 * The same turns as the class's gate (gpu_turn.h): a shared turn, held
 * beside others; a turn alone, which no shared turn is held beside and
 * which goes first; a shared turn that keeps a turn alone waiting past a
 * limit is told its time is up.  Three files in DIR, named for the node
 * and its GPU ("reducevis-gpu-NODE-GPU"):
 *
 *   .lock   the GPU: a shared turn holds it shared (flock LOCK_SH), a turn
 *           alone exclusive;
 *   .door   every asker passes through it exclusive; a turn alone keeps it
 *           until it is given back, so no shared turn starts while one is
 *           asked for or held (what makes turns alone go first);
 *   .alone  the time a turn alone began to wait for the GPU, while it
 *           waits (empty otherwise): a shared holder that sees it older
 *           than the limit, with the door held, knows its time is up.
 *
 * flock's locks go with the process: a check that dies, however, gives its
 * turn back.  The files are opened close-on-exec, so the student's program
 * run by the check never holds them.  The node's checks must run as users
 * who may open the files (made mode 0666 in a sticky folder such as
 * /run/lock).  One process, one thread at a time (gpu_turn.c's use). */
#ifndef RV_GPU_LOCK_H
#define RV_GPU_LOCK_H

#include <stddef.h>

/* The name of this node's GPU, from Slurm's step (SLURMD_NODENAME and
 * SLURM_STEP_GPUS: the gres's own numbers on the node, the same whatever
 * CUDA_VISIBLE_DEVICES the step sees), else the host's name and
 * CUDA_VISIBLE_DEVICES, else "all" for the GPU: a step that asked for no
 * GPU (--slurm-gpu none) shares the node's default one with every other.
 * Only letters, digits, '.', '_' and '-' are kept. */
void gpu_lock_key(char *key, size_t len);

/* Opens (makes where missing) DIR's three files for key.  0, or -1 with why
 * in err. */
int gpu_lock_open(const char *dir, const char *key, char *err, size_t errlen);
int gpu_lock_is_open(void);

/* A turn: kind 'S' shared, 'X' alone.  0 given; 1 *quit was set first (the
 * asking given up, nothing held); -1 a lock failed (nothing held). */
int gpu_lock_take(char kind, const int *quit);
/* Gives back the turn of that kind. */
void gpu_lock_give(char kind);

/* 1 when a turn alone has waited for the GPU longer than limit_s (asked of
 * a shared turn while it is held). */
int gpu_lock_time_up(double limit_s);

#endif
