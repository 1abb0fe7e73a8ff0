// socket.cu — hostile host code: opens a TCP connection to a server the test
// started on 127.0.0.1:@PORT@ and sends it a line.  Contained: the sandbox has
// no network (its own loopback only), so the server hears nothing.
// tests/own/sandbox_test.sh fills in @PORT@ and when it strikes (@AT_START@,
// @IN_LAUNCH@).
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

static void attack()
{
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) {
        fprintf(stderr, "hostile socket: no socket: %s\n", strerror(errno));
        return;
    }
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(@PORT@);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(s, (sockaddr *)&a, sizeof a) != 0) {
        fprintf(stderr, "hostile socket: cannot connect to 127.0.0.1:@PORT@: %s\n", strerror(errno));
    } else {
        const char line[] = "pwned from the sandbox\n";
        ssize_t n = write(s, line, sizeof line - 1);
        fprintf(stderr, "hostile socket: CONNECTED to 127.0.0.1:@PORT@ and sent %zd bytes\n", n);
    }
    close(s);
}
