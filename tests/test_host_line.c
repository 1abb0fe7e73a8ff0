/* test_host_line.c — the student's line of a host call between launch()'s
 * launches, named in the verdict (src/own/run/host_line.c, unreplayable.c).
 *
 * With no arguments: the frames as the recording has them read into
 * addresses (each less one; anything but lower-case hex refused),
 * addr2line's answers read for the student's file (inlined frames, a
 * discriminator, another file of the same ending, no line), and the
 * runner's line made the kept key and its words, with a stand-in for
 * addr2line: the line named, or, where none is, the words of before, the
 * frames dropped, every other key kept as it is.
 *
 * With PROGRAM AT LINE: the real addr2line on a program compiled as a
 * student's is (host_line_test.sh: host_line_probe.cu), its frames AT as the
 * tracer's own function took them; they must name LINE, and the verdict say
 * "at line LINE" (LINE 0: they must name none, the program stripped of its
 * line table, and the verdict say what it said before), addr2line run as
 * it is and in the sandbox (where one can be made); the frames of the
 * stand-in for the CUDA runtime alone name nothing. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "own/run/host_line.h"
#include "own/sandbox/sandbox.h"
#include "own/run/unreplayable.h"

/* addr2line's stand-in: its answer written where the real one's would go. */
static const char *canned;
static int canned_runs;

static rv_proc_result fake_addr2line(void *arg, const char *dir, const char *program, char *const argv[],
                                     const char *log)
{
    (void)arg, (void)program;
    rv_proc_result r = {RV_PROC_EXITED, 0, 0};
    canned_runs++;
    CHECK(!strncmp(log, dir, strlen(dir)), "its answer in its own folder (%s, %s)", log, dir);
    CHECK(!strcmp(argv[1], "-a") && !strcmp(argv[2], "-i") && !strcmp(argv[3], "-e"), "addr2line -a -i -e PROGRAM");
    FILE *f = fopen(log, "w");
    if (f) fputs(canned, f), fclose(f);
    return r;
}

static void frames(void)
{
    unsigned long long a[20];
    CHECK(rv_host_line_frames("abbf,8bf9,a9d1", a, 20) == 3 && a[0] == 0xabbe && a[1] == 0x8bf8 && a[2] == 0xa9d0,
          "three frames, each less one");
    CHECK(rv_host_line_frames("ffffffffffffffff", a, 20) == 1 && a[0] == 0xfffffffffffffffeull, "16 digits");
    static const char *const bad[] = {"", ",", "abc,", ",abc", "ab,,cd", "0x12", "ABC", "12 34", "1ffffffffffffffff",
                                      "0", "12;rm", "-e", "12,g"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(rv_host_line_frames(bad[i], a, 20) == -1, "'%s' refused", bad[i]);
    CHECK(rv_host_line_frames("1,2,3", a, 2) == -1, "more frames than asked for: refused");
}

static void pick(void)
{
    CHECK(rv_host_line_pick("0x0000abbe\n/tmp/w/cuda_runtime_stand_in.cpp:3\n0x00008bf8\n/tmp/w/student.cu:37\n",
                            "student.cu") == 37,
          "the first frame in the student's file");
    CHECK(rv_host_line_pick("0x1\n??:?\n0x2\n??:0\n0x3\n/tmp/w/student.cu:14 (discriminator 2)\n", "student.cu") == 14,
          "a line with a discriminator, after frames of no line");
    CHECK(rv_host_line_pick("0x1\n/usr/include/thrust/detail/copy.inl:40\n/tmp/w/student.cu:22\n/tmp/w/student.cu:9\n",
                            "student.cu") == 22,
          "inlined: the innermost line of the student's file");
    CHECK(rv_host_line_pick("0x1\n/tmp/w/mystudent.cu:5\n/tmp/w/student.cu.h:6\nstudent.cu:8\n", "student.cu") == 8,
          "a file whose name only ends or begins so is another file");
    CHECK(rv_host_line_pick("0x1\n/tmp/w/student.cu:0\n/tmp/w/student.cu:?\n/tmp/w/student.cu:12x\n", "student.cu") == 0,
          "no line number: none");
    CHECK(rv_host_line_pick("0x1\n/tmp/w/driver.cu:120\n", "student.cu") == 0, "only the driver's: none");
    CHECK(rv_host_line_pick("", "student.cu") == 0, "no answer: none");
}

static void kept(void)
{
    char out[700], words[800], prog[] = "/tmp/rv-host-line-XXXXXX";
    int fd = mkstemp(prog);   /* a plain file as the program: the stand-in never reads it */
    if (fd >= 0) close(fd);

    canned = "0x00000000000abbe\n/w/x.cpp:3\n0x0000000000008bf8\n/w/student.cu:37\n";
    rv_own_unreplayable_line("host-between\tcopy\t2\tat abbf,8bf9", prog, fake_addr2line, NULL, out, sizeof out);
    CHECK(!strcmp(out, "host-at-line\tcopy\t37\t2"), "the line named: %s", out);
    rv_own_unreplayable_words(out, words, sizeof words);
    CHECK_CONTAINS(words, "launch() copies GPU memory to the host at line 37, between its launches");
    rv_own_unreplayable_line("host-between\thost-code\t1\tat abbf", prog, fake_addr2line, NULL, out, sizeof out);
    rv_own_unreplayable_words(out, words, sizeof words);
    CHECK_CONTAINS(words, "launch() runs host code in a stream at line 37, between its launches");

    canned = "0x00000000000abbe\n??:?\n";
    rv_own_unreplayable_line("host-between\tcopy\t1\tat abbf", prog, fake_addr2line, NULL, out, sizeof out);
    CHECK(!strcmp(out, "host-between\tcopy\t1"), "no line: the key of before: %s", out);
    rv_own_unreplayable_words(out, words, sizeof words);
    CHECK_CONTAINS(words, "between its launches (call 1 of the traced run)");

    int runs = canned_runs;
    rv_own_unreplayable_line("host-between\tcopy\t1\tat ab;cd", prog, fake_addr2line, NULL, out, sizeof out);
    CHECK(!strcmp(out, "host-between\tcopy\t1") && canned_runs == runs, "frames not of the form: addr2line not run");
    rv_own_unreplayable_line("host-between\tcopy\t1\tat abbf", "/nonexistent/program", fake_addr2line, NULL, out,
                             sizeof out);
    CHECK(!strcmp(out, "host-between\tcopy\t1") && canned_runs == runs, "no program: addr2line not run");
    rv_own_unreplayable_line("host-between\tcopy\t3", prog, fake_addr2line, NULL, out, sizeof out);
    CHECK(!strcmp(out, "host-between\tcopy\t3") && canned_runs == runs, "a recording of before: kept as it is");
    rv_own_unreplayable_words(out, words, sizeof words);
    CHECK_CONTAINS(words, "between its launches (call 3 of the traced run)");
    rv_own_unreplayable_line("foreign-pointer\tk\t1\t8\t15", prog, fake_addr2line, NULL, out, sizeof out);
    CHECK(!strcmp(out, "foreign-pointer\tk\t1\t8\t15") && canned_runs == runs, "another key: kept as it is");
    unlink(prog);
}

/* The real addr2line on a student's program, with the tracer's frames: as
 * it is, and in the sandbox where one can be made here. */
static int real(const char *program, const char *at, int want)
{
    char said[700], out[700], words[800], why[600];
    int line = rv_host_line(program, at, RV_OWN_STUDENT_SOURCE, NULL, NULL);
    CHECK(line == want, "the frames %s of %s name line %d (want %d)", at, program, line, want);
    if (rv_sandbox_possible(why, sizeof why)) {
        line = rv_host_line(program, at, RV_OWN_STUDENT_SOURCE, rv_host_line_sandboxed, NULL);
        CHECK(line == want, "in the sandbox, the frames %s of %s name line %d (want %d)", at, program, line, want);
    } else {
        printf("SKIPPED: the sandbox: %s\n", why);
    }
    snprintf(said, sizeof said, "host-between\tcopy\t1\tat %s", at);
    rv_own_unreplayable_line(said, program, NULL, NULL, out, sizeof out);
    rv_own_unreplayable_words(out, words, sizeof words);
    char part[64];
    if (want) snprintf(part, sizeof part, "to the host at line %d, between its launches", want);
    else snprintf(part, sizeof part, "between its launches (call 1 of the traced run)");   /* none: as before */
    CHECK_CONTAINS(words, part);
    /* the stand-in's frame alone is not in the student's file */
    char first[24];
    snprintf(first, sizeof first, "%.*s", (int)strcspn(at, ","), at);
    CHECK(rv_host_line(program, first, RV_OWN_STUDENT_SOURCE, NULL, NULL) == 0, "frame %s alone names nothing", first);
    snprintf(said, sizeof said, "host-between\tcopy\t1\tat %s", first);
    rv_own_unreplayable_line(said, program, NULL, NULL, out, sizeof out);
    rv_own_unreplayable_words(out, words, sizeof words);
    CHECK_CONTAINS(words, "between its launches (call 1 of the traced run)");
    printf("%s\n", words);
    return check_report();
}

/* The runner's other keys in words: a kernel's fault in a judged call
 * (with the word it followed that the runner could not map, where there
 * was one), a word of uploaded data or memory launch() was not given, and
 * stream memory operations on memory the judge does not know. */
static void runner_words(void)
{
    char words[700];
    rv_own_unreplayable_words("fault\t3\tcudaErrorIllegalAddress", words, sizeof words);
    CHECK(!strcmp(words, "call 3: your kernel made an illegal memory access"), "the fault: %s", words);
    rv_own_unreplayable_words("fault\t1\tcudaErrorIllegalAddress\tparam\t_Z6reducePKfPfj\t8\t15", words, sizeof words);
    CHECK(!strcmp(words, "call 1: your kernel made an illegal memory access, after kernel _Z6reducePKfPfj was given a "
                         "pointer the judge could not map (parameter bytes 8..15)"),
          "the fault and its parameter: %s", words);
    rv_own_unreplayable_words("fault\t2\tcudaErrorMisalignedAddress\tword\t1\t16\t23", words, sizeof words);
    CHECK(!strcmp(words, "call 2: your kernel made a misaligned memory access, after launch() uploaded a pointer the "
                         "judge could not map (call 1 of the traced run, bytes 16..23 of the upload)"),
          "the fault and its word: %s", words);
    rv_own_unreplayable_words("fault\t4\tcudaErrorSomethingNew", words, sizeof words);
    CHECK(!strcmp(words, "call 4: your kernel failed on the GPU (cudaErrorSomethingNew)"), "another fault: %s", words);
    rv_own_unreplayable_words("foreign-word\t1\t8\t15", words, sizeof words);
    CHECK_CONTAINS(words, "launch() uploads data holding a pointer into GPU memory that is not in[], out[] or memory "
                          "launch() allocated (call 1 of the traced run, bytes 8..15 of the upload)");
    rv_own_unreplayable_words("not-given\t1", words, sizeof words);
    CHECK_CONTAINS(words, "in call 1 of the traced run, a buffer it was not given");
    rv_own_unreplayable_words("unknown-memory\twait-on\t0x10", words, sizeof words);
    CHECK_CONTAINS(words, "launch() makes a stream wait on memory the judge does not know (address 0x10");
    rv_own_unreplayable_words("unknown-memory\twrite-to\t0x10", words, sizeof words);
    CHECK_CONTAINS(words, "launch() makes a stream write to memory the judge does not know (address 0x10");
}

int main(int argc, char **argv)
{
    if (argc == 4) return real(argv[1], argv[2], atoi(argv[3]));
    frames();
    pick();
    kept();
    runner_words();
    return check_report();
}
