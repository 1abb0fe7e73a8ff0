/* replay.c — runs the fuzz target once on each file or directory given, so
 * that any compiler (and the normal build) can replay the seed corpus and the
 * reproducers of past findings without libFuzzer. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0, got;
    do {
        if (len == cap) {
            cap = cap ? 2 * cap : 65536;
            uint8_t *grown = realloc(buf, cap);
            if (!grown) {
                fprintf(stderr, "%s: out of memory\n", path);
                free(buf);
                fclose(f);
                return -1;
            }
            buf = grown;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
    } while (got > 0);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    int files = 0, bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            bad++;
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            bad += replay_file(argv[i]) != 0;
            files++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            char path[4096];
            if (e->d_name[0] == '.') continue;
            snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
            bad += replay_file(path) != 0;
            files++;
        }
        if (d) closedir(d);
    }
    printf("replayed %d inputs, %d unreadable\n", files, bad);
    return bad || files == 0;
}
