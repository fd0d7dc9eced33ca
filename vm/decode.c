/*
 * decode.c -- the I-unit: instruction fetch and decode (SF=IFETCH) and the
 * fetch of an EX target (SF=EXFETCH).  The length comes from the first
 * opcode byte (bits 0-1); how to split the fields and which effective
 * addresses to compute comes from the image's decode class for the opcode
 * (impmc takes it from lib/isa.def), so this file knows no instruction.
 */
#include "storage.h"
#include "isa.h"

#include <string.h>


static uint32_t bd(const struct vm *vm, const uint8_t *p)
{
    unsigned b = p[0] >> 4;
    uint32_t d = (uint32_t)(p[0] & 15) << 8 | p[1];
    return (d + (b ? vm->gr[b] : 0)) & VM_ADDR_MASK;
}

/* Split ibytes into the latches by decode class; refresh the slots. */
static void decode(struct vm *vm)
{
    const uint8_t *p = vm->ibytes;
    unsigned op0 = p[0];
    vm->didx = mc_dispatch_index(p[0], p[1]);
    vm->opc = op0 == 0xB2 ? 0xB200u | p[1] : op0;
    vm->r1 = p[1] >> 4;
    vm->r2 = p[1] & 15;
    vm->f1 = vm->r1;
    vm->f2 = vm->r2;
    vm->i2 = p[1];
    vm->len = p[1] + 1u;
    vm->len1 = vm->r1 + 1u;
    vm->len2 = vm->r2 + 1u;
    vm->nreg4 = 4 * (((vm->r2 - vm->r1) & 15u) + 1);
    switch (vm->img.decode[vm->didx]) {
    case MC_DEC_RX:
        vm->ea2 = (bd(vm, p + 2) + (vm->r2 ? vm->gr[vm->r2] : 0)) & VM_ADDR_MASK;
        break;
    case MC_DEC_RS: case MC_DEC_S:
        vm->ea2 = bd(vm, p + 2);
        break;
    case MC_DEC_SI:
        vm->ea1 = bd(vm, p + 2);
        break;
    case MC_DEC_SS:
        vm->ea1 = bd(vm, p + 2);
        vm->ea2 = bd(vm, p + 4);
        break;
    case MC_DEC_RXSS:                   /* ASSIST's X'E0': D1(X1,B1), D2(B2) */
        vm->ea1 = (bd(vm, p + 2) + (vm->r2 ? vm->gr[vm->r2] : 0)) & VM_ADDR_MASK;
        vm->ea2 = bd(vm, p + 4);
        break;
    default:
        break;
    }
    dp_refresh_slots(vm);
}

/* The instruction at addr into ibytes (its length from the first byte):
 * 0 or 5.  *host: the host address of its bytes, or NULL (storage.h). */
static int fetch_bytes(struct vm *vm, uint32_t addr, const uint8_t **host)
{
    uint8_t b0;
    *host = NULL;
    int rc = st_ifetch_byte(vm, addr, &b0);
    if (rc)
        return rc;
    vm->ilen = (uint8_t)isa_length_of(b0);
    memset(vm->ibytes, 0, sizeof vm->ibytes);
    return st_ifetch(vm, addr, vm->ilen, vm->ibytes, host);
}

/*
 * Fetch and decode the instruction at IA.  Exceptions (returned as the
 * interruption code, the instruction not executed):
 *   an invalid PSW (early exception): 6, ILC 0, IA unchanged;
 *   an odd IA: 6, ILC 3, IA + 6 (what Hercules stores);
 *   IA outside storage: 5, ILC 0, IA unchanged (nullified).
 */
int iu_fetch(struct vm *vm, const uint8_t **host)
{
    uint32_t ia = vm->ia;
    vm->exec = 0;
    *host = NULL;
    if (vm->psw_bad) {
        vm->ilc = 0;
        return 6;
    }
    if (ia & 1) {
        vm->ilc = 3;
        vm->ia = (ia + 6) & VM_ADDR_MASK;
        return 6;
    }
    int rc = fetch_bytes(vm, ia, host);
    if (rc) {
        vm->ilc = 0;
        return rc;
    }
    vm->ilc = vm->ilen >> 1;
    vm->iaddr = ia;
    vm->ia = (ia + vm->ilen) & VM_ADDR_MASK;
    decode(vm);
    return 0;
}

/* Fetch the EX target at MAR, OR in GR[R1] bits 24-31, decode it. */
int iu_exfetch(struct vm *vm)
{
    uint32_t addr = vm->mar;
    unsigned or_byte = vm->r1 ? vm->gr[vm->r1] & 0xFF : 0;
    unsigned ex_entry = vm->img.dispatch[vm->didx];
    const uint8_t *host;
    if (addr & 1)
        return 6;
    int rc = fetch_bytes(vm, addr, &host);
    if (rc)
        return rc;
    if (vm->img.dispatch[mc_dispatch_index(vm->ibytes[0], vm->ibytes[1])] == ex_entry)
        return 3;                       /* the target is EX itself */
    vm->ibytes[1] |= (uint8_t)or_byte;
    decode(vm);
    vm->exec = 1;
    if (((addr - vm->per.lo) & VM_ADDR_MASK) < vm->per.if_n)
        per_note(vm, PER_IF, vm->iaddr);        /* PER: the EX's address */
    return 0;
}
