/*
 * datapath.c -- the buses, the ALU and its units (shifter, multiplier,
 * divider, decimal digit adder), destinations, condition-code logic and
 * the sequencer's conditions.  The functions and flags are those of
 * mc/fields.def; nothing here knows a macro instruction.
 */
#include "vmint.h"

/* Pointer slots that never move (work registers, latches). */
void dp_init_slots(struct vm *vm)
{
    for (int i = 0; i < NSRC; i++)
        vm->src[i] = NULL;
    for (int i = 0; i < NDST; i++)
        vm->dst[i] = NULL;
    for (int i = 0; i < 8; i++) {
        vm->src[MC_SRC_W0 + i] = &vm->w[i];
        vm->dst[MC_DST_W0 + i] = &vm->w[i];
    }
    vm->src[MC_SRC_MDR] = &vm->mdr;     vm->dst[MC_DST_MDR] = &vm->mdr;
    vm->src[MC_SRC_Q] = &vm->q;         vm->dst[MC_DST_Q] = &vm->q;
    vm->src[MC_SRC_EA1] = &vm->ea1;
    vm->src[MC_SRC_EA2] = &vm->ea2;
    vm->src[MC_SRC_MAR] = &vm->mar;
    vm->src[MC_SRC_MAR2] = &vm->mar2;
    vm->src[MC_SRC_I2] = &vm->i2;
    vm->src[MC_SRC_F1] = &vm->f1;
    vm->src[MC_SRC_F2] = &vm->f2;
    vm->src[MC_SRC_LEN] = &vm->len;
    vm->src[MC_SRC_LEN1] = &vm->len1;
    vm->src[MC_SRC_LEN2] = &vm->len2;
    vm->src[MC_SRC_NREG4] = &vm->nreg4;
    vm->src[MC_SRC_CNT] = &vm->cnt;     vm->dst[MC_DST_CNT] = &vm->cnt;
    vm->src[MC_SRC_RN] = &vm->rn;
    vm->src[MC_SRC_PIC] = &vm->pic;
    vm->src[MC_SRC_ILC] = &vm->ilc;
    vm->src[MC_SRC_IA] = &vm->ia;
    vm->src[MC_SRC_PSWL] = &vm->ia;     /* bits 32-39 are always zero */
    vm->src[MC_SRC_IADDR] = &vm->iaddr;
    vm->src[MC_SRC_OPC] = &vm->opc;
    dp_refresh_slots(vm);
}

/* Slots that follow the decoded register fields and RN. */
void dp_refresh_slots(struct vm *vm)
{
    unsigned r1 = vm->r1, r2 = vm->r2;
    vm->src[MC_SRC_R1] = vm->dst[MC_DST_R1] = &vm->gr[r1];
    vm->src[MC_SRC_R1O] = vm->dst[MC_DST_R1O] = &vm->gr[(r1 + 1) & 15];
    vm->src[MC_SRC_R2] = vm->dst[MC_DST_R2] = &vm->gr[r2];
    vm->src[MC_SRC_R2O] = vm->dst[MC_DST_R2O] = &vm->gr[(r2 + 1) & 15];
    vm->src[MC_SRC_R3O] = &vm->gr[r2 | 1];
    vm->src[MC_SRC_GRN] = vm->dst[MC_DST_GRN] = &vm->gr[vm->rn & 15];
    vm->src[MC_SRC_CRN] = &vm->cr[vm->rn & 15];
}

uint32_t dp_source(struct vm *vm, unsigned sel, const struct uop *u)
{
    (void)u;
    switch (sel) {
    case MC_SRC_PSWH: return psw_word0(vm);
    case MC_SRC_LINK:
        return vm->ilc << 30 | (uint32_t)vm->cc << 28 | (uint32_t)vm->pm << 24 | vm->ia;
    case MC_SRC_INTID: return vm->ilc << 17 | (vm->pic & 0xFFFF);
    case MC_SRC_SVCID: return vm->ilc << 17 | (vm->i2 & 0xFF);
    case MC_SRC_TODH: vm->tod_latch = tm_tod(vm); return (uint32_t)(vm->tod_latch >> 32);
    case MC_SRC_TODL: return (uint32_t)vm->tod_latch;
    case MC_SRC_CPTH: vm->cpt_latch = tm_cpt(vm); return (uint32_t)(vm->cpt_latch >> 32);
    case MC_SRC_CPTL: return (uint32_t)vm->cpt_latch;
    case MC_SRC_CKCH: return (uint32_t)(vm->ckc >> 32);
    case MC_SRC_CKCL: return (uint32_t)vm->ckc;
    case MC_SRC_EXTC: return tm_ext_code(vm);
    case MC_SRC_CYCL: return (uint32_t)vm->ctr.cycles;
    case MC_SRC_CYCH: return (uint32_t)(vm->ctr.cycles >> 32);
    default: return vm->src[sel] ? *vm->src[sel] : 0;
    }
}

static void set64(uint64_t *v, int high, uint32_t y)
{
    if (high)
        *v = (*v & 0xFFFFFFFFu) | (uint64_t)y << 32;
    else
        *v = (*v & ~(uint64_t)0xFFFFFFFFu) | y;
}

void dp_dest(struct vm *vm, unsigned sel, uint32_t y)
{
    uint64_t t;
    switch (sel) {
    case MC_DST_CRN:
        vm->cr[vm->rn & 15] = y;
        if ((vm->rn & 15) == 0)
            tm_update_irq(vm);
        break;
    case MC_DST_MAR: vm->mar = y & 0xFFFFFF; break;
    case MC_DST_MAR2: vm->mar2 = y & 0xFFFFFF; break;
    case MC_DST_RN:
        vm->rn = y & 15;
        vm->src[MC_SRC_GRN] = vm->dst[MC_DST_GRN] = &vm->gr[vm->rn];
        vm->src[MC_SRC_CRN] = &vm->cr[vm->rn];
        break;
    case MC_DST_PIC: vm->pic = y & 0xFFFF; break;
    case MC_DST_ILC: vm->ilc = y & 3; break;
    case MC_DST_IA: vm->ia = y & 0xFFFFFF; break;
    case MC_DST_PSWH: psw_load_word0(vm, y); break;
    case MC_DST_PSWL: psw_load_word1(vm, y); break;
    case MC_DST_CCPM:
        vm->cc = (uint8_t)(y >> 28 & 3);
        vm->pm = (uint8_t)(y >> 24 & 15);
        break;
    case MC_DST_SYSM: psw_set_sysmask(vm, y); break;
    case MC_DST_TODH: t = tm_tod(vm); set64(&t, 1, y); tm_set_tod(vm, t); break;
    case MC_DST_TODL: t = tm_tod(vm); set64(&t, 0, y); tm_set_tod(vm, t); break;
    case MC_DST_CPTH: t = tm_cpt(vm); set64(&t, 1, y); tm_set_cpt(vm, t); break;
    case MC_DST_CPTL: t = tm_cpt(vm); set64(&t, 0, y); tm_set_cpt(vm, t); break;
    case MC_DST_CKCH: t = vm->ckc; set64(&t, 1, y); tm_set_ckc(vm, t); break;
    case MC_DST_CKCL: t = vm->ckc; set64(&t, 0, y); tm_set_ckc(vm, t); break;
    default:
        if (vm->dst[sel])
            *vm->dst[sel] = y;
        break;
    }
}

static void flags64(struct vm *vm, uint64_t x)
{
    vm->fz = x == 0;
    vm->fn = (uint8_t)(x >> 63);
    vm->q = (uint32_t)x;
}

/* Left shift of the numeric bits of a signed value of `bits` bits, sign kept. */
static uint64_t shift_left_arith(struct vm *vm, uint64_t x, unsigned n, unsigned bits)
{
    uint64_t sign = x >> (bits - 1) & 1;
    uint64_t all = bits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1);
    unsigned k = n < bits - 1 ? n : bits - 1;
    if (k) {
        uint64_t mask = (((uint64_t)1 << k) - 1) << (bits - 1 - k);
        vm->fv = (x & mask) != (sign ? mask : 0);
    } else
        vm->fv = 0;
    uint64_t num = n >= bits ? 0 : (x << n) & (all >> 1);
    return (sign << (bits - 1)) | num;
}

uint32_t dp_alu(struct vm *vm, unsigned fn, uint32_t a, uint32_t b)
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

void dp_set_cc(struct vm *vm, unsigned how, uint32_t y, uint32_t b)
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

int dp_cond(const struct vm *vm, unsigned cond)
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
    case MC_COND_EXTPEND: return vm->irq;
    case MC_COND_EXEC: return vm->exec;
    case MC_COND_NA4: return (vm->ea2 & 3) != 0;
    case MC_COND_NA8: return (vm->ea2 & 7) != 0;
    case MC_COND_LT: return vm->fn ^ vm->fv;
    case MC_COND_GT: return !vm->fz && !(vm->fn ^ vm->fv);
    case MC_COND_FOMASK: return (vm->pm & 8) != 0;
    case MC_COND_DOMASK: return (vm->pm & 4) != 0;
    default: return 0;
    }
}
