// system.cu — hostile host code: a shell through system() and through fork
// and exec, writing files in $HOME and in a folder outside the work folder,
// and deleting the decoy key.  Contained: nothing outside changes.
// tests/own/sandbox_test.sh fills in @HOME@, @OUTSIDE@ and when it strikes
// (@AT_START@: before main, as it can without a GPU; @IN_LAUNCH@: in launch()).
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

static void attack()
{
    int rc = system("echo pwned > @HOME@/pwned-system; echo pwned > @OUTSIDE@/pwned-system; rm -f @HOME@/.ssh/id_rsa");
    fprintf(stderr, "hostile system: system() returned %d\n", rc);
    pid_t p = fork();
    if (p == 0) {
        execl("/bin/sh", "sh", "-c", "echo pwned > @OUTSIDE@/pwned-exec", (char *)nullptr);
        fprintf(stderr, "hostile system: exec failed: %s\n", strerror(errno));
        _exit(1);
    }
    if (p > 0) waitpid(p, nullptr, 0);
}
