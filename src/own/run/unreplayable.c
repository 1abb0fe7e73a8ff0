/* unreplayable.c — what the judge's runner could not replay, in words
 * (unreplayable.h).
 *
 * The runner says a key and its arguments; the words are this side's, in
 * the student's language.  host-between's frames are read here, after the
 * runner ended, and the line they name is what is kept (WORK/judged.txt):
 * `check --replay` then says the same sentence without the program. */
#define _GNU_SOURCE
#include "own/run/unreplayable.h"

#include <stdio.h>
#include <string.h>

#include "core/i18n.h"

/* The runner's keys (src/tracer/judge.cu), each with its sentence; and
 * host-at-line, host-between with the student's line named (LINE, CALL). */
static const struct {
    const char *key, *words;
} unreplayable_words[] = {
    {"host-between\tcopy",
     N_("launch() copies GPU memory to the host between its launches (call %s of the traced run), "
        "then queues more work: the judge times only the work it can replay without your host "
        "code; queue the work without waiting for it")},
    {"host-between\thost-code", N_("launch() runs host code in a stream between its launches (call %s of the traced "
                                   "run), then queues more work: the judge times only the work it can replay without "
                                   "your host code; queue the work without waiting for it")},
    {"host-at-line\tcopy", N_("launch() copies GPU memory to the host at line %s, between its launches: the judge "
                              "times only the work it can replay without your host code; queue the work without "
                              "waiting for it")},
    {"host-at-line\thost-code", N_("launch() runs host code in a stream at line %s, between its launches: the judge "
                                   "times only the work it can replay without your host code; queue the work without "
                                   "waiting for it")},
    {"tool", N_("launch() did what the judge cannot replay (%s, call %s of the traced run): the judge times only the "
                "work it can replay without your host code")},
    {"memset-2d", N_("launch() sets a 2-D region of memory (call %s of the traced run): the judge does not replay it")},
    {"judge-kernel", N_("the recording names a kernel of the judge's own (%s): it launches only yours")},
    {"foreign-pointer", N_("launch() gives kernel %s a pointer into GPU memory that is not in[], out[] or memory "
                           "launch() allocated (call %s of the traced run, parameter bytes %s..%s): the judge replays "
                           "your kernels only on memory it knows")},
    {"foreign-word", N_("launch() uploads data holding a pointer into GPU memory that is not in[], out[] or memory "
                        "launch() allocated (call %s of the traced run, bytes %s..%s of the upload): the judge replays "
                        "your kernels only on memory it knows")},
    {"not-given", N_("launch() uses the out[] of the driver's next call in call %s of the traced run, a buffer it was "
                     "not given: the judge replays only what launch() was given (in[], out[] and memory of its own)")},
    {"no-recording", N_("launch() left no recording of what it queued (%s): was it traced?")},
    {"bad-line", N_("the recording's line %s is not one of its lines")},
    {"incomplete", N_("the recording of what launch() queued is empty or incomplete")},
    {"fetches", N_("launch() copies GPU memory to the host more than 16 times a call")},
    {"fetched-missing", N_("the recording writes back bytes launch() never read from the GPU")},
    {"call-n", N_("the traced run's call %s had %s elements, this one %s")},
    {"other-n", N_("the recording is of %s elements, not %s")},
    {"module", N_("the module of kernel %s cannot be loaded (%s)")},
    {"not-in-module", N_("kernel %s is not in the module the traced run loaded it from")},
    {"unknown-memory\tset", N_("launch() sets memory the judge does not know (address %s: not in[], out[] or memory "
                               "launch() allocated)")},
    {"unknown-memory\tcopy-into", N_("launch() copies into memory the judge does not know (address %s: not in[], "
                                     "out[] or memory launch() allocated)")},
    {"unknown-memory\twait-on", N_("launch() makes a stream wait on memory the judge does not know (address %s: not "
                                   "in[], out[] or memory launch() allocated)")},
    {"unknown-memory\twrite-to", N_("launch() makes a stream write to memory the judge does not know (address %s: not "
                                    "in[], out[] or memory launch() allocated)")},
    {"unknown-memory\tcopy-from", N_("launch() copies from memory the judge does not know (address %s: not in[], "
                                     "out[] or memory launch() allocated)")},
};

/* A kernel's fault, by the CUDA error's name: what the kernel did. */
static const struct {
    const char *name, *words;
} fault_words[] = {
    {"cudaErrorIllegalAddress", N_("made an illegal memory access")},
    {"cudaErrorMisalignedAddress", N_("made a misaligned memory access")},
    {"cudaErrorInvalidAddressSpace", N_("made a memory access in the wrong address space")},
    {"cudaErrorIllegalInstruction", N_("ran an illegal instruction")},
    {"cudaErrorInvalidPc", N_("jumped to an invalid address")},
    {"cudaErrorHardwareStackError", N_("overflowed or corrupted its stack")},
    {"cudaErrorAssert", N_("failed an assert")},
    {"cudaErrorLaunchTimeout", N_("ran past the device's time limit")},
};

/* "fault\tCALL\tERROR[\tparam\tKERNEL\tFROM\tTO | \tword\tCALL\tFROM\tTO]": the
 * call that faulted, how, and the word the runner left as it was, where
 * one looked like an address (judge.cu). */
static void fault_sentence(const char *said, char *out, size_t len)
{
    char buf[700], *f[8];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", said);
    for (char *p = buf; p && n < 8;) f[n++] = strsep(&p, "\t");
    const char *what = NULL;
    for (size_t k = 0; n >= 3 && k < sizeof fault_words / sizeof fault_words[0]; k++)
        if (!strcmp(f[2], fault_words[k].name)) what = _(fault_words[k].words);
    char how[200];
    if (what)
        snprintf(how, sizeof how, "%s", what);
    else
        snprintf(how, sizeof how, _("failed on the GPU (%s)"), n >= 3 ? f[2] : "?");
    int at = snprintf(out, len, _("call %s: your kernel %s"), n >= 2 ? f[1] : "?", how);
    if (at < 0 || (size_t)at >= len || n < 7) return;
    if (!strcmp(f[3], "param"))
        snprintf(out + at, len - (size_t)at,
                 _(", after kernel %s was given a pointer the judge could not map (parameter bytes %s..%s)"), f[4],
                 f[5], f[6]);
    else if (!strcmp(f[3], "word"))
        snprintf(out + at, len - (size_t)at,
                 _(", after launch() uploaded a pointer the judge could not map (call %s of the traced run, bytes "
                   "%s..%s of the upload)"),
                 f[4], f[5], f[6]);
}

void rv_own_unreplayable_words(const char *said, char *out, size_t len)
{
    if (!strncmp(said, "fault\t", 6)) {
        fault_sentence(said, out, len);
        return;
    }
    for (size_t k = 0; k < sizeof unreplayable_words / sizeof unreplayable_words[0]; k++) {
        size_t kl = strlen(unreplayable_words[k].key);
        if (strncmp(said, unreplayable_words[k].key, kl) || (said[kl] && said[kl] != '\t')) continue;
        /* up to 4 arguments after the key, each a string */
        char args[4][200] = {"", "", "", ""};
        const char *p = said[kl] ? said + kl + 1 : said + kl;
        for (int a = 0; a < 4 && *p; a++) {
            size_t n = strcspn(p, "\t");
            snprintf(args[a], sizeof args[a], "%.*s", (int)n, p);
            p += n + (p[n] == '\t');
        }
        snprintf(out, len, _(unreplayable_words[k].words), args[0], args[1], args[2], args[3]);
        return;
    }
    /* a folder kept before the keys: the runner's own words, kept as they were */
    if (strchr(said, ' ') && !strchr(said, '\t'))
        snprintf(out, len, "%s", said);
    else
        snprintf(out, len, _("the judge's runner could not replay launch(): %s"), said);
}

/* said's fields (tab-separated) into f, in the copy buf: their count. */
static int fields(const char *said, char *buf, size_t len, char **f, int max)
{
    int n = 0;
    snprintf(buf, len, "%s", said);
    for (char *p = buf; p && n < max;) f[n++] = strsep(&p, "\t");
    return n;
}

void rv_own_unreplayable_line(const char *said, const char *program, rv_host_line_run run, void *arg, char *out,
                              size_t len)
{
    char buf[700], *f[5];
    int n = fields(said, buf, sizeof buf, f, 5);
    if (n != 4 || strcmp(f[0], "host-between") || strncmp(f[3], "at ", 3)) {
        snprintf(out, len, "%s", said);
        return;
    }
    int line = rv_host_line(program, f[3] + 3, RV_OWN_STUDENT_SOURCE, run, arg);
    if (line > 0)
        snprintf(out, len, "host-at-line\t%s\t%d\t%s", f[1], line, f[2]);
    else
        snprintf(out, len, "host-between\t%s\t%s", f[1], f[2]);
}
