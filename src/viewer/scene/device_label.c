/* device_label.c — a GPU's name as the panels show it (device_label.h). */
#include "device_label.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* "80GB", "141GB", "HBM3", "HBM3e": the memory, which the model's name
 * already implies for the GPUs a class compares. */
static int memory_word(const char *w, size_t n)
{
    size_t i = 0;
    while (i < n && isdigit((unsigned char)w[i])) i++;
    if (i > 0 && n - i == 2 && !strncmp(w + i, "GB", 2)) return 1;
    if (n >= 3 && !strncmp(w, "HBM", 3)) return 1;
    return 0;
}

const char *device_label(const char *device, char *buf, size_t len)
{
    const char *s = device;
    size_t o = 0;
    buf[0] = '\0';
    while (*s && o < len) {
        while (*s == ' ') s++;
        size_t n = strcspn(s, " ");
        if (n && !memory_word(s, n)) o += (size_t)snprintf(buf + o, len - o, "%s%.*s", o ? " " : "", (int)n, s);
        s += n;
    }
    if (!buf[0]) snprintf(buf, len, "%s", device);
    return buf;
}
