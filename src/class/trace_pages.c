/* trace_pages.c — the students' traces as lesson pages, made by a child
 * process and kept on disk (trace_pages.h).
 *
 * One mutex guards the jobs (pages asked for and not yet made) and the
 * failures.  A request looks, under it, for the page on disk, then for a
 * failure, then for its job, and else adds one: so a page asked for twice
 * at the same moment is made once.  The thread making pages takes the
 * oldest job, runs export with the mutex released, and drops the job once
 * the page is on disk (export writes it whole, through a rename) or its
 * failure is kept. */
#define _GNU_SOURCE
#include "trace_pages.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/i18n.h"
#include "core/rules.h"
#include "core/versions.h"
#include "own/base/proc.h"

enum {
    MAX_JOBS = 32,      /* pages waiting to be made, all students          */
    MAX_FAILED = 256,   /* failures remembered; older ones are tried again */
    PAGE_LIMIT_S = 180, /* one export: a few hundred frames at most        */
};

typedef struct page_key {
    int id;
    char version[16], lang[4];
} page_key;

typedef struct failure {
    page_key key;
    char why[200];
} failure;

struct trace_pages {
    pthread_mutex_t mu;
    pthread_cond_t work;
    char dir[PATH_MAX], exe[1024], font[PATH_MAX]; /* font "": the export's default */
    page_key jobs[MAX_JOBS];
    int njobs; /* jobs[0] is the one being made                   */
    failure failed[MAX_FAILED];
    int nfailed, stop, started;
    pthread_t thread;
};

static int same(const page_key *a, const page_key *b)
{
    return a->id == b->id && !strcmp(a->version, b->version) && !strcmp(a->lang, b->lang);
}

/* DIR/submissions/ID<tail>, as the page's name says it (tail "": the trace). */
static void path_of(const trace_pages *p, const page_key *k, const char *tail, char *buf, size_t len)
{
    if (tail[0])
        snprintf(buf, len, "%s/submissions/%d-vs-%s-%s%s", p->dir, k->id, k->version, k->lang, tail);
    else
        snprintf(buf, len, "%s/submissions/%d.rvt", p->dir, k->id);
}

/* Runs export for k (the mutex released): 0, or -1 with why. */
static int make_page(const trace_pages *p, const page_key *k, char *why, size_t len)
{
    char trace[PATH_MAX + 64], page[PATH_MAX + 64], log[PATH_MAX + 64];
    path_of(p, k, "", trace, sizeof trace);
    path_of(p, k, ".html", page, sizeof page);
    path_of(p, k, ".log", log, sizeof log);
    char *argv[16] = {(char *)p->exe, "export", trace, "--html", page, "--lang", (char *)k->lang};
    int n = 7;
    if (strcmp(k->version, "own")) /* "own": the trace alone, every launch of it */
        argv[n++] = "--compare", argv[n++] = (char *)k->version;
    /* every page ends on the kernel's grid beside the version to beat's,
       recorded: the class runs no version's grid for a page */
    argv[n++] = "--beside-waves", argv[n++] = (char *)rv_version_name(rv_rules_mark_version());
    if (p->font[0]) argv[n++] = "--font", argv[n++] = (char *)p->font;
    rv_proc_result r = rv_proc_run(argv, NULL, log, PAGE_LIMIT_S);
    struct stat st;
    if (r.end == RV_PROC_EXITED && r.status == 0 && stat(page, &st) == 0) return 0;
    if (r.end == RV_PROC_TIMED_OUT)
        snprintf(why, len, _("your trace could not be drawn: it took longer than %d s"), PAGE_LIMIT_S);
    else if (r.end == RV_PROC_SIGNALED)
        snprintf(why, len, _("your trace could not be drawn: the drawing stopped on signal %d"), r.status);
    else
        snprintf(why, len,
                 _("your trace could not be drawn (export ended with status %d; the teacher finds why "
                   "in the class's folder)"),
                 r.status);
    return -1;
}

static void *make_loop(void *arg)
{
    trace_pages *p = arg;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->stop && !p->njobs) pthread_cond_wait(&p->work, &p->mu);
        if (p->stop) break;
        page_key k = p->jobs[0];
        pthread_mutex_unlock(&p->mu);
        char why[200];
        int rc = make_page(p, &k, why, sizeof why);
        pthread_mutex_lock(&p->mu);
        if (rc != 0) {
            if (p->nfailed == MAX_FAILED) /* the oldest is forgotten: asked again, it is tried again */
                memmove(p->failed, p->failed + 1, (MAX_FAILED - 1) * sizeof *p->failed), p->nfailed--;
            p->failed[p->nfailed].key = k;
            snprintf(p->failed[p->nfailed++].why, sizeof p->failed[0].why, "%s", why);
        }
        memmove(p->jobs, p->jobs + 1, (size_t)(--p->njobs) * sizeof *p->jobs);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

trace_pages *trace_pages_new(const char *dir, const char *exe, const char *font)
{
    trace_pages *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    snprintf(p->dir, sizeof p->dir, "%s", dir);
    snprintf(p->exe, sizeof p->exe, "%s", exe);
    snprintf(p->font, sizeof p->font, "%s", font ? font : "");
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->work, NULL);
    if (pthread_create(&p->thread, NULL, make_loop, p) != 0) {
        trace_pages_free(p);
        return NULL;
    }
    p->started = 1;
    return p;
}

void trace_pages_free(trace_pages *p)
{
    if (!p) return;
    pthread_mutex_lock(&p->mu);
    p->stop = 1;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->mu);
    if (p->started) pthread_join(p->thread, NULL);
    pthread_cond_destroy(&p->work);
    pthread_mutex_destroy(&p->mu);
    free(p);
}

static int later(const struct timespec *a, const struct timespec *b)
{
    return a->tv_sec > b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec > b->tv_nsec);
}

/* Whether a page on disk was drawn from what the class has now: it is not
 * older than its trace (a check run again, as one cut off when a class
 * stopped is once it resumes, writes the trace anew: with the kernel's grid
 * where the class now records it), nor than the program that draws it (a
 * page of an older build lacks what a newer one draws), nor than the font.
 * The version, the language and the version beside it are in its name and
 * the rules.  A page that is not is drawn again, as one never drawn. */
static int page_current(const trace_pages *p, const page_key *k, const struct stat *page)
{
    char trace[PATH_MAX + 64];
    path_of(p, k, "", trace, sizeof trace);
    const char *from[] = {trace, p->exe, p->font[0] ? p->font : NULL};
    for (size_t i = 0; i < sizeof from / sizeof from[0]; i++) {
        struct stat st;
        if (from[i] && stat(from[i], &st) == 0 && later(&st.st_mtim, &page->st_mtim)) return 0;
    }
    return 1;
}

/* The page on disk, open, if it is current (the mutex held: a page is
 * renamed into place before its job is dropped, so one not found here is
 * still a job). */
static int open_page(const trace_pages *p, const page_key *k, size_t *size)
{
    char page[PATH_MAX + 64];
    struct stat st;
    path_of(p, k, ".html", page, sizeof page);
    int fd = open(page, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || !page_current(p, k, &st))) {
        close(fd);
        return -1;
    }
    if (fd >= 0) *size = (size_t)st.st_size;
    return fd;
}

trace_page_state trace_pages_get(trace_pages *p, int id, const char *version, const char *lang, int *fd, size_t *size,
                                 char *why, size_t whylen)
{
    page_key k = {.id = id};
    snprintf(k.version, sizeof k.version, "%s", version);
    snprintf(k.lang, sizeof k.lang, "%s", lang);
    trace_page_state st = TRACE_PAGE_MAKING;
    pthread_mutex_lock(&p->mu);
    int i = 0;
    if ((*fd = open_page(p, &k, size)) >= 0) {
        st = TRACE_PAGE_READY;
    } else {
        while (i < p->nfailed && !same(&p->failed[i].key, &k)) i++;
        if (i < p->nfailed) {
            snprintf(why, whylen, "%s", p->failed[i].why);
            st = TRACE_PAGE_FAILED;
        } else {
            for (i = 0; i < p->njobs && !same(&p->jobs[i], &k); i++) {}
            if (i == p->njobs && p->njobs == MAX_JOBS) {
                st = TRACE_PAGE_BUSY;
            } else if (i == p->njobs) {
                p->jobs[p->njobs++] = k;
                pthread_cond_signal(&p->work);
            }
        }
    }
    pthread_mutex_unlock(&p->mu);
    return st;
}
