/* gmem_map.c — where a traced block's global accesses land (gmem_map.h). */
#include "own/records/gmem_map.h"

#include "core/trace.h"

/* Within this many bytes past the end of in[] or out[], an address is read as
 * a step past the array (an out-of-bounds index), not as memory of its own. */
#define NEAR_MISS_BYTES (64u << 10)

static int in_array(uint64_t addr, uint32_t size, uint64_t at, uint64_t n)
{
    return addr >= at && addr + size <= at + 4 * n;
}

static int own_memory(const rv_own_gmem *m, const rv_raw_record *r)
{
    const rv_own_arrays *a = m->arrays;
    return r->kind == RV_RAW_GMEM && !in_array(r->addr, r->size, a->in_addr, a->in_n) &&
           !in_array(r->addr, r->size, a->out_addr, a->out_n);
}

/* Records outside in[] and out[]: one 4-byte word only ever changed by
 * atomics is a ticket counter (v8's pattern, drawn as the ticket); anything
 * else is the kernel's own memory, word 0 at its lowest address, down to a
 * 32-byte sector. */
void rv_own_gmem_find(rv_own_gmem *m, const rv_raw_record *rec, uint32_t nrec)
{
    uint64_t lo = UINT64_MAX, hi = 0, one = 0;
    int single = 1;
    for (uint32_t i = 0; i < nrec; i++) {
        const rv_raw_record *r = &rec[i];
        if (!own_memory(m, r)) continue;
        uint64_t first = r->addr, last = r->addr;
        if (!(r->flags & RV_RAW_WRITE) && r->value[0]) { /* a run: where its last read lies (raw.h) */
            int64_t stride = rv_raw_run_stride(r);
            uint64_t end = r->addr + (uint64_t)(stride * (int64_t)r->value[0]);
            if (end < first)
                first = end;
            else
                last = end;
        }
        if (first < lo) lo = first;
        if (last + r->size > hi) hi = last + r->size;
        if (!one) one = r->addr;
        if (r->addr != one || r->size != 4 || ((r->flags & RV_RAW_WRITE) && !rv_raw_is_atomic(r))) single = 0;
    }
    if (lo == UINT64_MAX) return;
    if (single) {
        m->ticket = one;
        return;
    }
    m->base = lo & ~(uint64_t)31;
    m->words = (hi - m->base + 3) / 4;
}

int rv_own_gmem_acc(const rv_own_gmem *m, const rv_raw_record *r, uint64_t addr, uint64_t acc[4], int *nacc,
                    rv_own_gmem_miss *miss)
{
    const rv_own_arrays *a = m->arrays;
    *nacc = 0;
    if (in_array(addr, r->size, a->in_addr, a->in_n)) {
        uint64_t i = (addr - a->in_addr) / 4;
        if (r->size == 16 && i % 4 == 0)
            acc[(*nacc)++] = RV_ACC(RV_SPACE_GIN4, i);
        else
            for (unsigned k = 0; k < (r->size + 3u) / 4u; k++) acc[(*nacc)++] = RV_ACC(RV_SPACE_GIN, i + k);
        return 0;
    }
    if (in_array(addr, r->size, a->out_addr, a->out_n)) {
        /* any slot of out[]: a later kernel of the same call reads the partials
           an earlier one left there (out[] has room for n / 32 + 2) */
        acc[(*nacc)++] = RV_ACC(RV_SPACE_GOUT, (addr - a->out_addr) / 4);
        return 0;
    }
    const struct {
        uint64_t at;
        uint64_t n;
        const char *name;
    } arr[] = {{a->in_addr, a->in_n, "in"}, {a->out_addr, a->out_n, "out"}};
    /* past in[] or out[] but inside an allocation of the program's own (its
       partials may lie just after them): its own memory, not out of bounds.
       Past the array that begins nearest below the address: out[] may lie
       just after in[], and a step past it is out[]'s, not a far one of in[]'s */
    int owned = rv_own_grid_alloc_at(m->grid, addr, r->size, m->launch) != NULL, k = -1;
    for (int j = 0; j < 2; j++)
        if (addr >= arr[j].at && (k < 0 || arr[j].at > arr[k].at)) k = j;
    uint64_t end = k >= 0 ? arr[k].at + 4 * arr[k].n : 0;
    if (k >= 0 && !owned && addr + r->size > end && addr < end + NEAR_MISS_BYTES) {
        *miss = (rv_own_gmem_miss){arr[k].name, (addr - arr[k].at) / 4, arr[k].n};
        return -1;
    }
    if (m->ticket && addr == m->ticket) {
        acc[(*nacc)++] = RV_ACC(RV_SPACE_TICKET, 0);
        return 0;
    }
    uint64_t w = (addr - m->base) / 4;
    for (unsigned j = 0; j < (r->size + 3u) / 4u; j++) acc[(*nacc)++] = RV_ACC(RV_SPACE_GOWN, w + j);
    return 0;
}
