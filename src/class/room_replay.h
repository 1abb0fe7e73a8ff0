/* room_replay.h — a class resumed from its answers file. */
#ifndef RV_ROOM_REPLAY_H
#define RV_ROOM_REPLAY_H

#include "room.h"

/* A class resumed (`reducevis class --resume DIR`): the join code of the
 * answers file's last start (0; -1 when it has none) ... */
int room_log_code(const char *answers_path, char code[ROOM_CODE_LEN + 1]);
/* ... and, into a new room with that code, every student who joined (by the
 * same token, number and name) and every answer they gave, read back from
 * the answers file, and whether the names were shown; *joins and *answers count them.  0, or -1 when the file
 * cannot be read.  Lines cut short (a killed server) are passed over. */
int room_replay(room *r, const char *answers_path, int *joins, int *answers);

#endif
