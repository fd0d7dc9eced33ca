/*
 * storage.c -- real storage: big-endian bytes, 24-bit addresses that wrap
 * at 16 MiB, an addressing exception (5) at or beyond the configured size,
 * and key-controlled protection on stores (4): a store is allowed when the
 * PSW key is 0 or equals the 2 KiB block's storage key.  Every storage key
 * is 0 (IMP has no SSK), so a program running with a nonzero PSW key can
 * store nowhere -- as on a real machine whose keys were never set.
 */
#include "vmint.h"

#include <string.h>

#define AMASK 0xFFFFFFu

static int prot(const struct vm *vm, uint32_t a)
{
    return vm->key != 0 && (vm->skey[a >> 11] >> 4) != vm->key;
}

int st_read(struct vm *vm, uint32_t addr, unsigned len, uint32_t *out)
{
    uint32_t v = 0;
    if (addr + len <= vm->memsize) {
        const uint8_t *p = vm->mem + addr;
        switch (len) {
        case 1: *out = p[0]; return 0;
        case 2: *out = (uint32_t)p[0] << 8 | p[1]; return 0;
        default: *out = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
                 return 0;
        }
    }
    for (unsigned i = 0; i < len; i++) {
        uint32_t a = (addr + i) & AMASK;
        if (a >= vm->memsize)
            return 5;
        v = v << 8 | vm->mem[a];
    }
    *out = v;
    return 0;
}

int st_write(struct vm *vm, uint32_t addr, unsigned len, uint32_t v)
{
    if (addr + len <= vm->memsize && !vm->key) {
        uint8_t *p = vm->mem + addr;
        switch (len) {
        case 1: p[0] = (uint8_t)v; return 0;
        case 2: p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; return 0;
        default: p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16);
                 p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v; return 0;
        }
    }
    for (unsigned i = 0; i < len; i++) {           /* check all before storing any */
        uint32_t a = (addr + i) & AMASK;
        if (a >= vm->memsize)
            return 5;
        if (prot(vm, a))
            return 4;
    }
    for (unsigned i = 0; i < len; i++)
        vm->mem[(addr + i) & AMASK] = (uint8_t)(v >> (8 * (len - 1 - i)));
    return 0;
}

int st_probe(struct vm *vm, uint32_t addr, uint32_t len, int store)
{
    if (len == 0)
        return 0;
    if (len > AMASK + 1)
        len = AMASK + 1;
    if (addr + len <= vm->memsize && !(store && vm->key))
        return 0;
    for (uint32_t i = 0; i < len; i++) {
        uint32_t a = (addr + i) & AMASK;
        if (a >= vm->memsize)
            return 5;
        if (store && prot(vm, a))
            return 4;
    }
    return 0;
}

uint32_t vm_storage_size(const struct vm *vm) { return vm->memsize; }
const uint8_t *vm_storage(const struct vm *vm) { return vm->mem; }

int vm_store_bytes(struct vm *vm, uint32_t addr, const void *src, size_t len)
{
    if (addr > vm->memsize || len > vm->memsize - addr)
        return -1;
    memcpy(vm->mem + addr, src, len);
    return 0;
}

int vm_fetch_bytes(const struct vm *vm, uint32_t addr, void *dst, size_t len)
{
    if (addr > vm->memsize || len > vm->memsize - addr)
        return -1;
    memcpy(dst, vm->mem + addr, len);
    return 0;
}
