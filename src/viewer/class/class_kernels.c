/* class_kernels.c — the students' kernels on the projector: the list read
 * from the queue, and the viewer child that shows one of them (see
 * class_kernels.h for why it is a child). */
#define _GNU_SOURCE
#include "class_kernels.h"

#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include "core/exercises.h"
#include "core/i18n.h"
#include "core/rules.h"
#include "class/submit_queue.h"
#include "core/versions.h"

extern char **environ;

int class_kernels_refresh(class_kernels *k)
{
    room_kernel rows[CLASS_KERNELS_SHOWN];
    int n = k->queue ? submit_queue_traced_try(k->queue, rows, CLASS_KERNELS_SHOWN) : 0;
    if (n < 0) return 0; /* busy: the next tick asks again */
    int changed = n != k->list.nrows;
    for (int i = 0; i < n && !changed; i++) changed = rows[i].id != k->list.row[i].id;
    memcpy(k->list.row, rows, (size_t)n * sizeof rows[0]);
    k->list.nrows = n;
    return changed;
}

int class_kernels_argv(const class_kernels *k, int row, const char *lang, int w, int h, int fullscreen, char *argv[16],
                       char *buf, size_t len)
{
    if (row < 0 || row >= k->list.nrows || !k->queue) return -1;
    const rv_exercise *ex = rv_exercise_get(k->list.row[row].exercise);
    size_t half = len / 2;
    submit_queue_trace_path(k->queue, k->list.row[row].id, buf, half);
    snprintf(buf + half, len - half, "%dx%d", w, h);
    int n = 0;
    argv[n++] = (char *)k->exe, argv[n++] = "view", argv[n++] = buf;
    if (ex) argv[n++] = "--compare", argv[n++] = (char *)rv_version_name(rv_exercise_beside(ex));
    /* W: the kernel's grid beside the version to beat's, recorded on the
       kernel's GPU, as on the student's kernel page */
    argv[n++] = "--beside-waves", argv[n++] = (char *)rv_version_name(rv_rules_mark_version());
    argv[n++] = "--lang", argv[n++] = (char *)lang;
    argv[n++] = "--size", argv[n++] = buf + half;
    if (k->font) argv[n++] = "--font", argv[n++] = (char *)k->font;
    if (fullscreen) argv[n++] = "--keys", argv[n++] = "f";
    argv[n] = NULL;
    return 0;
}

int class_kernels_show(class_kernels *k, int row, const char *lang, int w, int h, int fullscreen, char *msg, size_t len)
{
    char *argv[16], buf[2 * 4200];
    if (class_kernels_argv(k, row, lang, w, h, fullscreen, argv, buf, sizeof buf) != 0) {
        snprintf(msg, len, _("no kernel %d in the list"), row + 1);
        return -1;
    }
    class_kernels_stop(k); /* one kernel on the projector at a time */
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], NULL, NULL, argv, environ);
    if (rc != 0) {
        snprintf(msg, len, _("the kernel's viewer could not start: %s"), strerror(rc));
        return -1;
    }
    k->viewer = pid;
    k->list.on_screen = k->list.row[row].id;
    const rv_exercise *ex = rv_exercise_get(k->list.row[row].exercise);
    snprintf(msg, len, _("kernel #%d (student %d) beside %s, in a window of its own: close it to come back"),
             k->list.row[row].id, k->list.row[row].student, ex ? rv_version_name(rv_exercise_beside(ex)) : "-");
    return 0;
}

int class_kernels_reap(class_kernels *k)
{
    if (!k->viewer || waitpid(k->viewer, NULL, WNOHANG) != k->viewer) return 0;
    k->viewer = 0;
    k->list.on_screen = 0;
    return 1;
}

void class_kernels_stop(class_kernels *k)
{
    if (!k->viewer) return;
    /* SDL makes SIGTERM a quit; one that does not end within a second is killed */
    kill(k->viewer, SIGTERM);
    for (int waited = 0; waitpid(k->viewer, NULL, WNOHANG) == 0; waited++) {
        if (waited == 100) kill(k->viewer, SIGKILL);
        nanosleep(&(struct timespec){.tv_nsec = 10 * 1000 * 1000}, NULL);
    }
    k->viewer = 0;
    k->list.on_screen = 0;
}

static int ops_refresh(void *k) { return class_kernels_refresh(k); }
static int ops_reap(void *k) { return class_kernels_reap(k); }
static int ops_show(void *k, int row, const char *lang, int w, int h, int fullscreen, char *msg, size_t len)
{
    return class_kernels_show(k, row, lang, w, h, fullscreen, msg, len);
}

void class_kernels_bind(class_kernels *k)
{
    static const class_kernel_ops ops = {ops_refresh, ops_reap, ops_show};
    k->list.ops = &ops;
    k->list.keeper = k;
}
