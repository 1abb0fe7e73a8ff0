/* gpu_lock.c — a GPU's turns kept by file locks on its node (gpu_lock.h
 * says the files and their rules). */
#define _GNU_SOURCE
#include "own/turns/gpu_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/i18n.h"

enum { GPU, DOOR, ALONE, NFILES };
static const char *const suffix[NFILES] = {"lock", "door", "alone"};
static int fd[NFILES] = {-1, -1, -1};

/* How often a wait looks again (flock cannot be woken by *quit). */
#define POLL_NS 5000000L

static void keep_name(char *to, size_t len, const char *from)
{
    size_t n = strlen(to);
    for (; from && *from && n + 1 < len; from++)
        to[n++] = (*from >= 'a' && *from <= 'z') || (*from >= 'A' && *from <= 'Z') || (*from >= '0' && *from <= '9') ||
                          *from == '.' || *from == '_' || *from == '-'
                      ? *from
                      : '_';
    to[n] = 0;
}

void gpu_lock_key(char *key, size_t len)
{
    char host[256] = "";
    const char *node = getenv("SLURMD_NODENAME"), *gpus = getenv("SLURM_STEP_GPUS");
    if (!node || !*node) {
        gethostname(host, sizeof host - 1);
        node = host;
        gpus = getenv("CUDA_VISIBLE_DEVICES");
    }
    key[0] = 0;
    keep_name(key, len, node);
    keep_name(key, len, "-");
    keep_name(key, len, gpus && *gpus ? gpus : "all");
}

int gpu_lock_open(const char *dir, const char *key, char *err, size_t errlen)
{
    for (int i = 0; i < NFILES; i++) {
        char path[4096];
        if (snprintf(path, sizeof path, "%s/reducevis-gpu-%s.%s", dir, key, suffix[i]) >= (int)sizeof path) {
            snprintf(err, errlen, _("--gpu-lock %s: the folder's name is too long"), dir);
            return -1;
        }
        /* O_NOFOLLOW: the folder is everyone's, and a link another user left
           there must not lead our writes elsewhere */
        int f = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
        if (f < 0) {
            snprintf(err, errlen,
                     _("--gpu-lock: cannot open %s: %s (the GPU's turns are kept there, shared by "
                       "every check on this node)"),
                     path, strerror(errno));
            for (int j = 0; j < i; j++) close(fd[j]), fd[j] = -1;
            return -1;
        }
        fchmod(f, 0666); /* for the node's other users' checks; not ours to change where another made it */
        fd[i] = f;
    }
    return 0;
}

int gpu_lock_is_open(void) { return fd[GPU] >= 0; }

/* flock(f, how) waited for, looking at *quit between tries: 0 held, 1 quit,
 * -1 failed. */
static int lock(int f, int how, const int *quit)
{
    for (;;) {
        if (flock(f, how | LOCK_NB) == 0) return 0;
        if (errno != EWOULDBLOCK && errno != EINTR) return -1;
        if (quit && __atomic_load_n(quit, __ATOMIC_RELAXED)) return 1;
        struct timespec ts = {0, POLL_NS};
        nanosleep(&ts, NULL);
    }
}

/* The time a turn alone began to wait, into .alone ("" clears it). */
static void stamp(int on)
{
    char text[32] = "";
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    if (on) snprintf(text, sizeof text, "%.3f\n", now.tv_sec + now.tv_nsec / 1e9);
    if (ftruncate(fd[ALONE], 0) == 0 && *text) {
        ssize_t w = pwrite(fd[ALONE], text, strlen(text), 0);
        (void)w; /* no stamp: shared turns are then never told to stop, only slower to make way */
    }
}

int gpu_lock_take(char kind, const int *quit)
{
    if (fd[GPU] < 0) return 0;
    int rc = lock(fd[DOOR], LOCK_EX, quit);
    if (rc) return rc;
    if (kind == 'S') {
        rc = lock(fd[GPU], LOCK_SH, quit);
        flock(fd[DOOR], LOCK_UN);
        return rc;
    }
    stamp(1);
    rc = lock(fd[GPU], LOCK_EX, quit);
    stamp(0);
    if (rc) flock(fd[DOOR], LOCK_UN); /* given up: the door open again */
    return rc;
}

void gpu_lock_give(char kind)
{
    if (fd[GPU] < 0) return;
    flock(fd[GPU], LOCK_UN);
    if (kind == 'X') flock(fd[DOOR], LOCK_UN);
}

int gpu_lock_time_up(double limit_s)
{
    if (fd[GPU] < 0) return 0;
    char text[32] = "";
    ssize_t n = pread(fd[ALONE], text, sizeof text - 1, 0);
    if (n <= 0) return 0;
    text[n] = 0;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    if (now.tv_sec + now.tv_nsec / 1e9 - strtod(text, NULL) <= limit_s) return 0;
    /* the stamp counts only while its turn alone still waits behind the
       door it holds: one whose check died left it, and the door open */
    if (flock(fd[DOOR], LOCK_SH | LOCK_NB) == 0) {
        flock(fd[DOOR], LOCK_UN);
        return 0;
    }
    return 1;
}
