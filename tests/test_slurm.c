#define _GNU_SOURCE
/* test_slurm.c — a class's checks as Slurm job steps (src/class/slurm.c),
 * without Slurm: srun's command line around a check (the partition,
 * account, QOS, one GPU of a type or any or none, the time rounded up past
 * the class's own limit, the memory, the job's name, the check's output
 * apart with its '%' escaped, the check's words last and whole), the names
 * taken for those options, and what tells a lost step from a verdict in
 * srun's own words: a check's exit 0, 1 or 2, said again by srun, is a
 * verdict; srun unable to allocate or reach the controller, a step
 * cancelled or killed by a signal, or one that never ended, is the
 * cluster's.  tests/class/slurm_test.py proves the same on a real cluster. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "class/slurm.h"

/* Whether argv holds the word. */
static int has(char *const *argv, const char *word)
{
    for (int i = 0; argv[i]; i++)
        if (!strcmp(argv[i], word)) return 1;
    return 0;
}

static int has_prefix(char *const *argv, const char *prefix)
{
    for (int i = 0; argv[i]; i++)
        if (!strncmp(argv[i], prefix, strlen(prefix))) return 1;
    return 0;
}

static void command_line(void)
{
    slurm_opts o = {0};
    snprintf(o.partition, sizeof o.partition, "gpu");
    char *cmd[] = {"/opt/rv/reducevis", "check", "/c/submissions/3.cu", "--built", "/c/submissions/3.work", NULL};
    slurm_step s;
    CHECK(slurm_step_argv(&o, 3, "/c/submissions/3.txt", "/c", 240, cmd, &s) == 0, "a plain step");
    CHECK(!strcmp(s.argv[0], "srun"), "srun first: %s", s.argv[0]);
    CHECK(has(s.argv, "--partition=gpu") && has(s.argv, "--gres=gpu:1") && has(s.argv, "--time=5") &&
          has(s.argv, "--mem=6144M") && has(s.argv, "--job-name=reducevis-check-3") &&
          has(s.argv, "--output=/c/submissions/3.txt") && has(s.argv, "--chdir=/c") && has(s.argv, "--ntasks=1"),
          "the partition, one GPU, 4 min and one more, the memory, the name, the output, the folder");
    CHECK(!has_prefix(s.argv, "--account") && !has_prefix(s.argv, "--qos"), "no account or QOS unless given");
    int n = 0, at = -1;
    while (s.argv[n]) {
        if (!strcmp(s.argv[n], "/opt/rv/reducevis")) at = n;
        n++;
    }
    CHECK(at > 0 && n - at == 5 && !strcmp(s.argv[n - 1], "/c/submissions/3.work"), "the check last, whole");

    snprintf(o.account, sizeof o.account, "physics101");
    snprintf(o.qos, sizeof o.qos, "teaching");
    snprintf(o.gpu, sizeof o.gpu, "h100");
    CHECK(slurm_step_argv(&o, 12, "/c%d/12.txt", "/c%d", 61, cmd, &s) == 0, "with everything");
    CHECK(has(s.argv, "--account=physics101") && has(s.argv, "--qos=teaching") && has(s.argv, "--gres=gpu:h100:1"),
          "the account, the QOS, a GPU of the type");
    CHECK(has(s.argv, "--time=3"), "61 s is 2 minutes, and one more");
    CHECK(has(s.argv, "--output=/c%%d/12.txt"), "a '%%' of the folder's name is not srun's pattern");
    snprintf(o.gpu, sizeof o.gpu, "none");
    CHECK(slurm_step_argv(&o, 1, "/c/1.txt", "/c", 240, cmd, &s) == 0 && !has_prefix(s.argv, "--gres"),
          "--slurm-gpu none asks for no gres");
    CHECK(slurm_shares_gpu(&o), "steps asking for no GPU share the node's");
    o.gpu[0] = 0, o.shard = 1;
    CHECK(slurm_step_argv(&o, 1, "/c/1.txt", "/c", 240, cmd, &s) == 0 && has(s.argv, "--gres=shard:1") &&
          !has(s.argv, "--gres=gpu:1"), "--slurm-shard asks for a shard of a GPU, not the GPU");
    CHECK(slurm_shares_gpu(&o), "steps asking for shards share a GPU");
    o.shard = 0;
    CHECK(!slurm_shares_gpu(&o), "a step asking for a whole GPU has it alone");

    char *many[40];
    for (int i = 0; i < 39; i++) many[i] = "x";
    many[39] = NULL;
    CHECK(slurm_step_argv(&o, 1, "/c/1.txt", "/c", 240, many, &s) == -1, "a command too long is refused");
}

static void names(void)
{
    CHECK(slurm_name_ok("gpu") == 0 && slurm_name_ok("a100_80g-x.2") == 0, "names Slurm has");
    CHECK(slurm_name_ok("") == -1 && slurm_name_ok("a,b") == -1 && slurm_name_ok("gpu:2") == -1 &&
          slurm_name_ok("a b") == -1 && slurm_name_ok("--qos=x") == -1,
          "empty, a comma, a colon, a space, an option");
    char longer[SLURM_NAME_MAX + 2];
    memset(longer, 'a', sizeof longer - 1);
    longer[sizeof longer - 1] = 0;
    CHECK(slurm_name_ok(longer) == -1, "longer than %d", SLURM_NAME_MAX);
}

/* slurm_step_lost on srun's words in a file, and an exit. */
static int lost(const char *words, int exited, int status, char *why, size_t len)
{
    char path[] = "/tmp/rv-srun-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return -9;
    if (write(fd, words, strlen(words)) != (ssize_t)strlen(words)) return -9;
    close(fd);
    why[0] = 0;
    int r = slurm_step_lost(path, exited, status, why, len);
    unlink(path);
    return r;
}

static void lost_or_verdict(void)
{
    char why[400];
    CHECK(lost("", 1, 0, why, sizeof why) == 0, "a pass: a verdict");
    CHECK(lost("srun: error: n1: task 0: Exited with exit code 1\n", 1, 1, why, sizeof why) == 0,
          "a fail, said again by srun: a verdict");
    CHECK(lost("srun: job 7 queued and waiting for resources\nsrun: job 7 has been allocated resources\n"
               "srun: error: n1: task 0: Exited with exit code 2\n", 1, 2, why, sizeof why) == 0,
          "an error of the check's, after a wait: a verdict");
    CHECK(lost("srun: error: Unable to allocate resources: Unable to contact slurm controller (connect failure)\n",
               1, 1, why, sizeof why) == 1, "the controller down: the cluster's");
    CHECK_CONTAINS(why, "Unable to contact slurm controller");
    CHECK(lost("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n"
               "srun: error: n1: task 0: Terminated\n", 1, 143, why, sizeof why) == 1, "cancelled: the cluster's");
    CHECK_CONTAINS(why, "Job step aborted");
    CHECK(lost("srun: error: Node failure on n1\n", 1, 1, why, sizeof why) == 1, "a node failed, srun exit 1");
    CHECK(lost("", 1, 137, why, sizeof why) == 1, "killed by a signal, nothing said");
    CHECK_CONTAINS(why, "137");
    CHECK(lost("", 0, 0, why, sizeof why) == 1, "no end within the limit: the cluster's");
    CHECK(lost("srun: error: execve(): reducevis: No such file or directory\n", 1, 2, why, sizeof why) == 1,
          "reducevis not on the node: the cluster's, though srun said 2");
    CHECK(slurm_step_lost("/nonexistent/srun.log", 1, 1, why, sizeof why) == 0, "no log, exit 1: a verdict");
}

int main(void)
{
    command_line();
    names();
    lost_or_verdict();
    return check_report();
}
