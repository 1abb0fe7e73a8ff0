#define _GNU_SOURCE
/* test_gpu_lock.c — a GPU's turns kept by lock files on its node, for the
 * Slurm steps that share it (src/own/turns/gpu_lock.c), between real processes:
 * shared turns side by side; a turn alone waits for them, goes before a
 * shared turn asked after it, and is told apart from a crash; a shared turn
 * that keeps it waiting past the limit learns its time is up, and one whose
 * turn alone died does not; a holder killed gives its turn back; the files
 * stay out of the student's program (close-on-exec), are named for the
 * node and its gres GPU, whatever the names hold, and a link left in their
 * place is not followed. */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "core/clock.h"
#include "own/turns/gpu_lock.h"

static char dir[] = "/tmp/rv-gpu-lock-XXXXXX";

/* A process that opens the files itself (flock's locks belong to an open
 * file, which a fork would share), takes a turn of kind, says so on `said`
 * and then: holds it for hold_s and gives it back; hold_s < 0 holds it
 * until killed; with `watch`, gives it back as soon as its time is up
 * (limit 0.3 s) and says 'T'. */
static pid_t holder(char kind, double hold_s, int watch, int said)
{
    pid_t pid = fork();
    if (pid) return pid;
    char err[512];
    if (gpu_lock_open(dir, "n1-0", err, sizeof err) || gpu_lock_take(kind, NULL)) _exit(3);
    if (write(said, &kind, 1) != 1) _exit(3);
    double t0 = rv_mono_s();
    while (hold_s < 0 || rv_mono_s() - t0 < hold_s) {
        if (watch && gpu_lock_time_up(0.3)) {
            if (write(said, "T", 1) != 1) _exit(3);
            break;
        }
        usleep(10000);
    }
    gpu_lock_give(kind);
    _exit(0);
}

/* The next byte said within ms, 0 none. */
static char next(int fd, int ms)
{
    double t0 = rv_mono_s();
    char c;
    while ((rv_mono_s() - t0) * 1e3 < ms) {
        if (read(fd, &c, 1) == 1) return c;
        usleep(5000);
    }
    return 0;
}

static void reap(pid_t pid)
{
    int status;
    waitpid(pid, &status, 0);
}

int main(void)
{
    CHECK(mkdtemp(dir) != NULL, "a folder for the locks");
    int p[2];
    CHECK(pipe2(p, O_NONBLOCK) == 0, "a pipe");

    /* shared turns side by side */
    pid_t a = holder('S', 1.5, 0, p[1]);
    CHECK(next(p[0], 3000) == 'S', "a shared turn is taken");
    pid_t b = holder('S', 0.2, 0, p[1]);
    CHECK(next(p[0], 500) == 'S', "a second shared turn is taken beside the first, at once");
    reap(b);

    /* a turn alone waits for the shared one, and goes before a shared turn asked after it */
    double t0 = rv_mono_s();
    pid_t x = holder('X', 0.5, 0, p[1]);
    usleep(200000);
    pid_t late = holder('S', 0.1, 0, p[1]);
    char first = next(p[0], 3000);
    double waited = rv_mono_s() - t0;
    CHECK(first == 'X', "the turn alone comes before the shared turn asked after it (first: %c)", first ? first : '0');
    CHECK(waited > 0.8, "the turn alone waited for the shared turn held (%.2f s of its 1.5 s)", waited);
    CHECK(next(p[0], 200) == 0, "no shared turn while the GPU is alone");
    CHECK(next(p[0], 3000) == 'S', "the shared turn asked behind it, once it is given back");
    reap(a), reap(x), reap(late);

    /* a shared turn keeping a turn alone waiting past the limit is told so */
    pid_t s = holder('S', 10, 1, p[1]);
    CHECK(next(p[0], 3000) == 'S', "a shared turn that watches its time");
    t0 = rv_mono_s();
    x = holder('X', 0.1, 0, p[1]);
    CHECK(next(p[0], 3000) == 'T', "its time is up once a turn alone has waited past the limit");
    CHECK(next(p[0], 3000) == 'X', "and the turn alone is given when it gives back");
    waited = rv_mono_s() - t0;
    CHECK(waited > 0.25 && waited < 2.5, "the turn alone waited about the limit (0.3 s): %.2f s", waited);
    reap(s), reap(x);

    /* a holder killed gives its turn back; its turn alone's wait is no stamp for others */
    x = holder('X', -1, 0, p[1]);
    CHECK(next(p[0], 3000) == 'X', "a turn alone held");
    s = holder('S', 0.1, 0, p[1]);
    CHECK(next(p[0], 300) == 0, "no shared turn beside it");
    kill(x, SIGKILL), reap(x);
    CHECK(next(p[0], 3000) == 'S', "its check killed, the GPU is free again");
    reap(s);
    s = holder('S', -1, 0, p[1]);
    CHECK(next(p[0], 3000) == 'S', "a shared turn held until killed");
    x = holder('X', 0.1, 0, p[1]);
    usleep(500000);
    kill(x, SIGKILL), reap(x);   /* died waiting: its stamp is left behind */
    usleep(400000);
    char err[512];
    CHECK(gpu_lock_open(dir, "n1-0", err, sizeof err) == 0, "this process opens the files");
    CHECK(gpu_lock_time_up(0.3) == 0, "a turn alone that died waiting tells no shared turn its time is up");
    kill(s, SIGKILL), reap(s);

    /* the files stay out of what the check starts */
    char path[600];
    snprintf(path, sizeof path, "%s/reducevis-gpu-n1-0.lock", dir);
    int flags = -1;
    for (int fd = 3; fd < 64; fd++) {
        char link[64], to[600];
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        ssize_t n = readlink(link, to, sizeof to - 1);
        if (n > 0 && (to[n] = 0, !strcmp(to, path))) flags = fcntl(fd, F_GETFD);
    }
    CHECK(flags >= 0 && (flags & FD_CLOEXEC), "the GPU's lock file is open close-on-exec (flags %d)", flags);
    struct stat st;
    CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0666, "open to the node's other users' checks: %o",
          st.st_mode & 0777);

    /* the names */
    char key[128];
    setenv("SLURMD_NODENAME", "gpu-node7", 1), setenv("SLURM_STEP_GPUS", "2", 1);
    setenv("CUDA_VISIBLE_DEVICES", "0", 1);
    gpu_lock_key(key, sizeof key);
    CHECK(!strcmp(key, "gpu-node7-2"), "a step's: its node and its gres GPU, not CUDA's renumbered one: %s", key);
    setenv("SLURMD_NODENAME", "../../etc/x y", 1), unsetenv("SLURM_STEP_GPUS");
    gpu_lock_key(key, sizeof key);
    CHECK(!strcmp(key, ".._.._etc_x_y-all"), "no '/' or space survives, and no GPU asked for is 'all': %s", key);
    CHECK(gpu_lock_open("/nonexistent/rv", "k", err, sizeof err) == -1 && strstr(err, "/nonexistent/rv"),
          "a folder that is not there is an error naming it: %s", err);

    /* the folder is everyone's: a link another user left there is not followed */
    char link[600];
    snprintf(link, sizeof link, "%s/reducevis-gpu-evil-0.lock", dir);
    CHECK(symlink("/etc/passwd", link) == 0, "a link in the folder");
    CHECK(gpu_lock_open(dir, "evil-0", err, sizeof err) == -1 && strstr(err, "evil-0.lock"),
          "a link where a lock file would be is an error naming it, not followed: %s", err);

    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK(system(cmd) == 0, "the folder removed");
    return check_report();
}
