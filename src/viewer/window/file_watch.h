/* file_watch.h — whether a file changed on disk, looked at with stat() and
 * never waited for: `view FILE.rvt` follows the trace it opened this way, so
 * that a trace written again (a class with --waves renames a kernel's trace
 * with its grid over the one its verdict left) is shown without closing the
 * window.  A file is the same while its device, inode, size and
 * modification time (to the nanosecond) are; renamed over, it is another
 * inode.  Plain C, no SDL. */
#ifndef VIEWER_FILE_WATCH_H
#define VIEWER_FILE_WATCH_H

#define FILE_WATCH_MS   1000 /* the window's loop looks at most this often */
#define FILE_WATCH_PATH 1024

typedef struct file_watch {
    int on;                     /* a file is followed                               */
    char path[FILE_WATCH_PATH]; /* as it was given                                  */
    int found;                  /* stat() found it when last looked                 */
    unsigned long long dev, ino, size;
    long long mtime_s;
    long mtime_ns;
    unsigned since_ms; /* time since the last look                         */
} file_watch;

/* Follows path from now: the file as it is now is the one seen. */
void file_watch_start(file_watch *w, const char *path);

/* Looks at the file now: 1 when it is not the one last seen (another inode,
 * size or time, or gone, or back), which is then the one seen; else 0.
 * Off: 0. */
int file_watch_look(file_watch *w);

/* The window's tick: ms more since the last call; looks once FILE_WATCH_MS
 * have passed since the last look (file_watch_look's answer), else 0. */
int file_watch_tick(file_watch *w, unsigned ms);

#endif
