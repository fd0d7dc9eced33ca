/*
 * datapath.c -- the buses, the ALU and its units (shifter, multiplier,
 * divider, decimal digit adder: alu.h), destinations.  The functions and flags are those of
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
    dp_set_rn(vm, vm->rn & 15);
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
    case MC_SRC_TASK: return vm->pg.on ? (vm->pg.running ? vm->tcur : 0) : (vm->emwp & 2 ? 0 : 1);
    case MC_SRC_MONEV: return hpm_source(vm);
    case MC_SRC_PGIN: return (uint32_t)vm->pg.pageins;
    case MC_SRC_PERC: return vm->per.code << 8;
    case MC_SRC_PERA: return vm->per.laddr;
    case MC_SRC_DSMQ: return hpm_dsm_source(vm, 0);
    case MC_SRC_DSMK: return hpm_dsm_source(vm, 1);
    case MC_SRC_IFMA: case MC_SRC_IFMN: case MC_SRC_IFMC: return iifm_source(vm, sel);
    case MC_SRC_CSMB: return vm->hpm.csm_blk;
    case MC_SRC_CSMK: return vm->hpm.csm_k << 16;
    case MC_SRC_CSMM: return hpm_csm_map_entry(vm);
    case MC_SRC_ITMR: return tm_itimer(vm);
    case MC_SRC_MUPC: return vm->hpm.entry_upc << 16 | vm->img.dispatch[vm->last_op];
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
        else if ((vm->rn & 15) >= 9 && (vm->rn & 15) <= 11)
            per_update(vm);
        break;
    case MC_DST_MAR: vm->mar = y & VM_ADDR_MASK; break;
    case MC_DST_MAR2: vm->mar2 = y & VM_ADDR_MASK; break;
    case MC_DST_RN:
        dp_set_rn(vm, y & 15);
        break;
    case MC_DST_PIC: vm->pic = y & 0xFFFF; break;
    case MC_DST_ILC: vm->ilc = y & 3; break;
    case MC_DST_IA: vm->ia = y & VM_ADDR_MASK; break;
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

