/*
 * psw.c -- the EC-mode PSW (GA22-7000 ch.4): assembling bits 0-31 from the
 * unpacked fields, loading them with the validity checks IMP makes, and
 * the vm.h PSW and CC accessors.
 *
 *   bits 0-7 system mask (1 PER, 5 DAT, 6 I/O, 7 external), 8-11 key,
 *   12 EC, 13 M, 14 W, 15 P, 16-17 0, 18-19 CC, 20-23 program mask,
 *   24-31 0; bits 32-39 0, 40-63 instruction address.
 *
 * Invalid (PSWBAD, an early specification exception): bit 12 off (BC mode
 * is not supported), any of bits 0, 2-5 (5: no DAT), 16-17, 24-31, 32-39.
 * An invalid PSW is kept bit for bit (the bits that are no field are held
 * aside), so the old PSW stored by the exception is the PSW as loaded.
 */
#include "storage.h"

#define SYSMASK_BAD 0xBCu           /* bits 0, 2, 3, 4, 5 */

/* The PSW is (in)valid: the latch, and the fetch's pending work. */
static void set_bad(struct vm *vm, int bad)
{
    vm->psw_bad = (uint8_t)(bad != 0);
    pw_set(vm, PW_PSWBAD, bad);
}

uint32_t psw_word0(const struct vm *vm)
{
    return (uint32_t)vm->sysmask << 24 | (uint32_t)vm->key << 20 | (uint32_t)vm->emwp << 16 |
           (uint32_t)vm->cc << 12 | (uint32_t)vm->pm << 8 | vm->psw_junk0;
}

void psw_load_word0(struct vm *vm, uint32_t v)
{
    vm->sysmask = (uint8_t)(v >> 24);
    vm->key = (uint8_t)(v >> 20 & 15);
    vm->emwp = (uint8_t)(v >> 16 & 15);
    vm->cc = (uint8_t)(v >> 12 & 3);
    vm->pm = (uint8_t)(v >> 8 & 15);
    vm->psw_junk0 = v & 0xC0FF;
    set_bad(vm, (vm->sysmask & SYSMASK_BAD) || !(vm->emwp & 8) || (v & 0xC000) || (v & 0xFF));
    st_set_key(vm);
    iifm_mark(vm);
    tm_update_irq(vm);
    per_update(vm);
    per_psw_loaded(vm);
    st_psw_loaded(vm);
}

void psw_load_word1(struct vm *vm, uint32_t v)
{
    vm->ia = v & VM_ADDR_MASK;
    vm->psw_junk1 = (uint8_t)(v >> 24);
    if (v >> 24)
        set_bad(vm, 1);
}

void psw_set_sysmask(struct vm *vm, uint32_t v)
{
    vm->sysmask = (uint8_t)v;
    set_bad(vm, (vm->sysmask & SYSMASK_BAD) != 0);
    tm_update_irq(vm);
    per_update(vm);
}

uint64_t vm_get_psw(const struct vm *vm)
{
    return (uint64_t)psw_word0(vm) << 32 | (uint32_t)vm->psw_junk1 << 24 | vm->ia;
}

int vm_set_psw(struct vm *vm, uint64_t psw)
{
    psw_load_word0(vm, (uint32_t)(psw >> 32));
    psw_load_word1(vm, (uint32_t)psw);
    return vm->psw_bad ? -1 : 0;
}

unsigned vm_get_cc(const struct vm *vm) { return vm->cc; }
void vm_set_cc(struct vm *vm, unsigned cc) { vm->cc = (uint8_t)(cc & 3); }
