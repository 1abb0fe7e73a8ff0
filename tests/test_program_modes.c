/* test_program_modes.c — which run rv_own_run_program asks of the
 * student's program (src/own/run/program_run.h), no GPU: a shell script
 * in the program's place notes its command line.  Without the tracer's
 * files it is the timed run: the driver's "time" mode into WORK/timed.txt,
 * with the calls' tolerance and whether they are held, on the timed calls'
 * data (stream 1 of the run's), never a traced run that leaves no times
 * (`trace` then said no "timed without the tracer" at all); with them, the
 * traced run: "trace" into WORK/traced.txt on the run's own data. */
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "core/data.h"
#include "own/base/proc.h"
#include "own/run/program_run.h"

/* The words the script was run with, one a line ("" none). */
static char *words_of(const char *work)
{
    char path[PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/argv.txt", work);
    char *text = rv_read_text(path, NULL);
    if (text) remove(path);
    return text ? text : strdup("");
}

/* The n-th word (0: the program) of text, in buf. */
static const char *word(const char *text, int n, char *buf, size_t len)
{
    const char *at = text;
    for (int i = 0; i < n && at; i++) at = strchr(at, '\n'), at = at ? at + 1 : NULL;
    snprintf(buf, len, "%.*s", at ? (int)strcspn(at, "\n") : 0, at ? at : "");
    return buf;
}

int main(void)
{
    char tmp[] = "/tmp/rv-program-modes-XXXXXX", prog[PATH_MAX], err[2000], w[PATH_MAX + 64], want[PATH_MAX + 64];
    if (!mkdtemp(tmp)) return 1;
    snprintf(prog, sizeof prog, "%s/program", tmp);
    FILE *f = fopen(prog, "w");
    if (!f) return 1;
    fputs("#!/bin/sh\nfor a in \"$0\" \"$@\"; do echo \"$a\"; done > \"$(dirname \"$0\")/argv.txt\"\n", f);
    fclose(f);
    chmod(prog, 0755);
    rv_own_opts o = {.file = "student.cu", .timeout_s = 10, .n = 4096, .block_size = 256};
    o.data = (rv_data){RV_DATA_SIGNED, 7};
    double seconds;
    char data[64], timed_data[64];
    rv_data_name(o.data, data, sizeof data);
    rv_data_name(rv_own_timed_data(&o), timed_data, sizeof timed_data);

    int rc = rv_own_run_program(&o, tmp, NULL, &seconds, err, sizeof err);
    char *text = words_of(tmp);
    CHECK(rc == 0, "the timed run ran: %s", rc ? err : "");
    CHECK(!strcmp(word(text, 1, w, sizeof w), "time"), "no tracer: the driver's time mode (asked '%s')", w);
    snprintf(want, sizeof want, "%s/timed.txt", tmp);
    CHECK(!strcmp(word(text, 5, w, sizeof w), want), "its times into WORK/timed.txt (%s)", w);
    CHECK(!strcmp(word(text, 2, w, sizeof w), timed_data) && strcmp(timed_data, data),
          "on the timed calls' data, %s, not the traced run's %s (%s)", timed_data, data, w);
    CHECK(atof(word(text, 6, w, sizeof w)) > 0 && !strcmp(word(text, 7, w, sizeof w), "unheld"),
          "with the calls' tolerance and, no recording here, unheld (%s)", text);
    free(text);

    rv_own_tools t = {.lib = "/nonexistent/librvtracer.so",
                      .patches = "/nonexistent/patches.fatbin",
                      .sanitizer = "/nonexistent/libsanitizer-public.so",
                      .waves = "/nonexistent/waves.fatbin"};
    rc = rv_own_run_program(&o, tmp, &t, &seconds, err, sizeof err);
    text = words_of(tmp);
    CHECK(rc == 0, "the traced run ran: %s", rc ? err : "");
    CHECK(!strcmp(word(text, 1, w, sizeof w), "trace"), "with the tracer: the driver's trace mode (asked '%s')", w);
    snprintf(want, sizeof want, "%s/traced.txt", tmp);
    CHECK(!strcmp(word(text, 5, w, sizeof w), want), "its sums into WORK/traced.txt (%s)", w);
    CHECK(!strcmp(word(text, 2, w, sizeof w), data), "on the run's own data, %s (%s)", data, w);
    free(text);
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmp);
    if (system(cmd) != 0) return 1;
    return check_report();
}
