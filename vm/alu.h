/*
 * alu.h -- the ALU and its units (shifter, multiplier, divider, decimal
 * digit adder), the condition-code logic and the sequencer's conditions,
 * as mc/fields.def defines them.  Inline: the engine's hot path.
 */
#ifndef IMP_ALU_H
#define IMP_ALU_H

#include "vmint.h"

static inline void flags64(struct vm *vm, uint64_t x)
{
    vm->fz = x == 0;
    vm->fn = (uint8_t)(x >> 63);
    vm->q = (uint32_t)x;
}

/* Left shift of the numeric bits of a signed value of `bits` bits, sign kept. */
static inline uint64_t shift_left_arith(struct vm *vm, uint64_t x, unsigned n, unsigned bits)
{
    uint64_t sign = x >> (bits - 1) & 1;
    uint64_t all = bits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1);
    unsigned k = n < bits - 1 ? n : bits - 1;
    if (k) {
        uint64_t mask = (((uint64_t)1 << k) - 1) << (bits - 1 - k);
        vm->fv = (x & mask) != (sign ? mask : 0);
    } else
        vm->fv = 0;
    /* Past the numeric bits, the zeros shifted in reach bit 1 and leave it:
       unlike the sign of a negative value (GA22-7000, SLA). */
    if (n >= bits && sign)
        vm->fv = 1;
    uint64_t num = n >= bits ? 0 : (x << n) & (all >> 1);
    return (sign << (bits - 1)) | num;
}

static inline uint32_t dp_alu(struct vm *vm, unsigned fn, uint32_t a, uint32_t b)
{
    uint64_t r, x;
    uint32_t y;
    unsigned n = b & 63;
    switch (fn) {
    case MC_ALU_PASSA: y = a; vm->fv = 0; break;
    case MC_ALU_PASSB: y = b; vm->fv = 0; break;
    case MC_ALU_ADD:
    case MC_ALU_ADDC:
        r = (uint64_t)a + b + (fn == MC_ALU_ADDC ? vm->fc : 0);
        y = (uint32_t)r;
        vm->fc = (uint8_t)(r >> 32);
        vm->fv = (uint8_t)(((a ^ y) & (b ^ y)) >> 31);
        break;
    case MC_ALU_SUB:
        r = (uint64_t)a + (uint32_t)~b + 1;
        y = (uint32_t)r;
        vm->fc = (uint8_t)(r >> 32);
        vm->fv = (uint8_t)(((a ^ b) & (a ^ y)) >> 31);
        break;
    case MC_ALU_CMPA:                   /* the flags of A - B, Y <- A */
        r = (uint64_t)a + (uint32_t)~b + 1;
        y = (uint32_t)r;
        vm->fc = (uint8_t)(r >> 32);
        vm->fv = (uint8_t)(((a ^ b) & (a ^ y)) >> 31);
        vm->fz = y == 0;
        vm->fn = (uint8_t)(y >> 31);
        return vm->y = a;
    case MC_ALU_AND: y = a & b; vm->fv = 0; break;
    case MC_ALU_OR: y = a | b; vm->fv = 0; break;
    case MC_ALU_XOR: y = a ^ b; vm->fv = 0; break;
    case MC_ALU_ANDC: y = a & ~b; vm->fv = 0; break;
    case MC_ALU_SLL: y = n >= 32 ? 0 : a << n; vm->fv = 0; break;
    case MC_ALU_SRL: y = n >= 32 ? 0 : a >> n; vm->fv = 0; break;
    case MC_ALU_SLA: y = (uint32_t)shift_left_arith(vm, a, n, 32); break;
    case MC_ALU_SRA:
        y = (uint32_t)((int32_t)a >> (n > 31 ? 31 : n));
        vm->fv = 0;
        break;
    case MC_ALU_SLDL: case MC_ALU_SRDL: case MC_ALU_SLDA: case MC_ALU_SRDA:
        x = (uint64_t)a << 32 | vm->q;
        if (fn == MC_ALU_SLDL)
            x = x << n;
        else if (fn == MC_ALU_SRDL)
            x = x >> n;
        else if (fn == MC_ALU_SLDA)
            x = shift_left_arith(vm, x, n, 64);
        else
            x = (uint64_t)((int64_t)x >> n);
        if (fn != MC_ALU_SLDA)
            vm->fv = 0;
        flags64(vm, x);
        return vm->y = (uint32_t)(x >> 32);
    case MC_ALU_MUL:
        x = (uint64_t)((int64_t)(int32_t)a * (int32_t)b);
        vm->fv = 0;
        flags64(vm, x);
        return vm->y = (uint32_t)(x >> 32);
    case MC_ALU_DIV: {
        int64_t dd = (int64_t)((uint64_t)a << 32 | vm->q), dv = (int32_t)b;
        if (dv == 0 || (dv == -1 && dd == INT64_MIN) || dd / dv > INT32_MAX || dd / dv < INT32_MIN) {
            vm->fv = 1;
            y = vm->y;
            break;
        }
        vm->fv = 0;
        vm->q = (uint32_t)(dd / dv);
        y = (uint32_t)(dd % dv);
        break;
    }
    case MC_ALU_SXH: y = (uint32_t)(int32_t)(int16_t)(b & 0xFFFF); vm->fv = 0; break;
    case MC_ALU_MRGB: y = (a & 0xFFFFFF00u) | (b & 0xFF); vm->fv = 0; break;
    case MC_ALU_ROTL: n &= 31; y = n ? a << n | a >> (32 - n) : a; vm->fv = 0; break;
    case MC_ALU_DADD: {
        unsigned da = a & 15, db = b & 15, s = da + db + vm->fc;
        vm->fv = da > 9 || db > 9;
        vm->fc = s > 9;
        y = vm->fc ? s - 10 : s;
        break;
    }
    case MC_ALU_DSUB: {
        int da = (int)(a & 15), db = (int)(b & 15), s = da - db - (vm->fc ? 0 : 1);
        vm->fv = da > 9 || db > 9;
        vm->fc = s >= 0;
        y = (uint32_t)(s < 0 ? s + 10 : s);
        break;
    }
    case MC_ALU_NIBH: y = b >> 4 & 15; vm->fv = 0; break;
    case MC_ALU_NIBL: y = b & 15; vm->fv = 0; break;
    case MC_ALU_PACKN: y = (a & 15) << 4 | (b & 15); vm->fv = 0; break;
    default: return vm->y;          /* NONE */
    }
    vm->fz = y == 0;
    vm->fn = (uint8_t)(y >> 31);
    return vm->y = y;
}

/*
 * The ALU functions whose only effects are Y and the flags, computed
 * without the flags (the fast path uses them where no flag they set can be
 * read before it is set again): those fields.def marks PURE.
 * dp_alu_noflags has a case for each.
 */
static inline int dp_alu_pure(unsigned fn) { return mc_alu_prop[fn].kind == MC_AK_PURE; }

/* Y of a pure function (dp_alu_pure), flags left alone. */
static inline uint32_t dp_alu_noflags(struct vm *vm, unsigned fn, uint32_t a, uint32_t b)
{
    uint32_t y;
    unsigned n = b & 63;
    switch (fn) {
    case MC_ALU_PASSA: y = a; break;
    case MC_ALU_PASSB: y = b; break;
    case MC_ALU_ADD: y = a + b; break;
    case MC_ALU_SUB: y = a - b; break;
    case MC_ALU_AND: y = a & b; break;
    case MC_ALU_OR: y = a | b; break;
    case MC_ALU_XOR: y = a ^ b; break;
    case MC_ALU_ANDC: y = a & ~b; break;
    case MC_ALU_SLL: y = n >= 32 ? 0 : a << n; break;
    case MC_ALU_SRL: y = n >= 32 ? 0 : a >> n; break;
    case MC_ALU_SRA: y = (uint32_t)((int32_t)a >> (n > 31 ? 31 : n)); break;
    case MC_ALU_SXH: y = (uint32_t)(int32_t)(int16_t)(b & 0xFFFF); break;
    case MC_ALU_MRGB: y = (a & 0xFFFFFF00u) | (b & 0xFF); break;
    case MC_ALU_ROTL: n &= 31; y = n ? a << n | a >> (32 - n) : a; break;
    case MC_ALU_NIBH: y = b >> 4 & 15; break;
    case MC_ALU_NIBL: y = b & 15; break;
    case MC_ALU_PACKN: y = (a & 15) << 4 | (b & 15); break;
    case MC_ALU_CMPA: y = a; break;
    default: return dp_alu(vm, fn, a, b);
    }
    return vm->y = y;
}

static inline void dp_set_cc(struct vm *vm, unsigned how, uint32_t y, uint32_t b)
{
    switch (how) {
    case MC_CC_ARITH: vm->cc = vm->fv ? 3 : vm->fz ? 0 : vm->fn ? 1 : 2; break;
    case MC_CC_LOGIC: vm->cc = vm->fz ? 0 : 1; break;
    case MC_CC_ADDL: vm->cc = (uint8_t)((vm->fc ? 2 : 0) | (vm->fz ? 0 : 1)); break;
    case MC_CC_CMP: vm->cc = vm->fz ? 0 : (vm->fn ^ vm->fv) ? 1 : 2; break;
    case MC_CC_CMPL: vm->cc = vm->fz ? 0 : vm->fc ? 2 : 1; break;
    case MC_CC_TM: vm->cc = y == 0 ? 0 : y == b ? 3 : 1; break;
    case MC_CC_CC0: vm->cc = 0; break;
    case MC_CC_CC1: vm->cc = 1; break;
    case MC_CC_CC2: vm->cc = 2; break;
    case MC_CC_CC3: vm->cc = 3; break;
    case MC_CC_SETY: vm->cc = y & 3; break;
    default: break;
    }
}

__attribute__((always_inline)) static inline int dp_cond(const struct vm *vm, unsigned cond)
{
    switch (cond) {
    case MC_COND_Z: return vm->fz;
    case MC_COND_NZ: return !vm->fz;
    case MC_COND_N: return vm->fn;
    case MC_COND_C: return vm->fc;
    case MC_COND_V: return vm->fv;
    case MC_COND_FXO: return vm->fv && (vm->pm & 8);
    case MC_COND_DXO: return vm->fv && (vm->pm & 4);
    case MC_COND_CCM: return vm->r1 >> (3 - vm->cc) & 1;
    case MC_COND_R1ODD: return vm->r1 & 1;
    case MC_COND_R2ODD: return vm->r2 & 1;
    case MC_COND_R1ZERO: return vm->r1 == 0;
    case MC_COND_R2ZERO: return vm->r2 == 0;
    case MC_COND_RNEND: return vm->rn == ((vm->r2 + 1u) & 15);
    case MC_COND_CNTZ: return vm->cnt == 0;
    case MC_COND_CNTNZ: return vm->cnt != 0;
    case MC_COND_PROB: return vm->emwp & 1;
    case MC_COND_PSWBAD: return vm->psw_bad;
    case MC_COND_WAIT: return vm->emwp >> 1 & 1;
    case MC_COND_EXTPEND: return (pw_get(vm) & PW_IRQ) != 0;
    case MC_COND_TASKSW: return (pw_get(vm) & PW_TASK) != 0;
    case MC_COND_IDLE: return vm->pg.on ? !vm->pg.running : (vm->emwp >> 1 & 1);
    case MC_COND_EXEC: return vm->exec;
    case MC_COND_NA4: return (vm->ea2 & 3) != 0;
    case MC_COND_NA8: return (vm->ea2 & 7) != 0;
    case MC_COND_LT: return vm->fn ^ vm->fv;
    case MC_COND_GT: return !vm->fz && !(vm->fn ^ vm->fv);
    case MC_COND_FOMASK: return (vm->pm & 8) != 0;
    case MC_COND_DOMASK: return (vm->pm & 4) != 0;
    case MC_COND_PERINT: return vm->per.intr;
    case MC_COND_DSMQ: return vm->hpm.dsm_qn != 0;
    default:                        /* a bound CCM: UC_CCM + M1 */
        return cond >= UC_CCM && (cond >> (3 - vm->cc) & 1);
    }
}

#endif
