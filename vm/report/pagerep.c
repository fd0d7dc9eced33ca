/*
 * pagerep.c -- the paging report: for each task and in total, the four
 * figures of the CSECT-monitor paper's Table I (page-ins, page-outs, CPU
 * cycles, elapsed cycles) with the paging wait, and OPT's page-ins on
 * the same reference string beside the policy's.
 *
 *   task program            status          page-ins page-outs  CPU cycles  wait cycles  elapsed
 *      1 a.s                exit rc 0             12         3      123456        48000   171456
 *
 * Every task's CPU and the machine's wait add up to the elapsed total.
 */
#include "report.h"

#include <inttypes.h>
#include <string.h>

void rep_paging_collect(struct rep_paging *p, const struct vm *vm)
{
    memset(p, 0, sizeof *p);
    if (vm_paging_config(vm, &p->cfg, &p->slice) != 0)
        return;
    p->on = 1;
    p->ntasks = vm_task_count(vm);
    for (unsigned i = 0; i < p->ntasks; i++) {
        vm_task_info(vm, i + 1, &p->task[i].info);
        p->cpu_total += p->task[i].info.cpu_cycles;
    }
    vm_paging_stats(vm, &p->total);
}

/* "exit rc 0", "program-interruption", "running" */
static void task_status(char *buf, size_t n, const struct rep_task_row *t)
{
    if (!t->info.ended)
        snprintf(buf, n, "not ended");
    else if (t->info.status == VM_EXIT)
        snprintf(buf, n, "exit rc %" PRId32, (int32_t)t->rc);
    else
        snprintf(buf, n, "%s", vm_status_name(t->info.status));
}

static const char *base_name(const char *path)
{
    const char *s = path ? strrchr(path, '/') : NULL;
    return s ? s + 1 : path ? path : "-";
}

void rep_paging_print(FILE *f, const struct rep_paging *p)
{
    if (!p->on)
        return;
    const struct vm_paging *c = &p->cfg;
    fprintf(f, "paging: %u frames of %u bytes, %s, %s replacement; page-in %u, page-out %u "
            "cycles; slice %" PRIu64 " cycles\n", c->frames, c->page_size,
            vm_policy_name(c->policy), c->local ? "local" : "global", c->pagein_cycles,
            c->pageout_cycles, p->slice);
    fprintf(f, "%4s  %-16s %-22s %9s %9s %13s %13s %13s\n", "task", "program", "status",
            "page-ins", "page-outs", "CPU cycles", "wait cycles", "elapsed");
    for (unsigned i = 0; i < p->ntasks; i++) {
        const struct rep_task_row *t = &p->task[i];
        char st[64];
        task_status(st, sizeof st, t);
        fprintf(f, "%4u  %-16.16s %-22.22s %9" PRIu64 " %9" PRIu64 " %13" PRIu64 " %13" PRIu64
                " %13" PRIu64 "\n", t->info.id, base_name(t->program), st, t->info.pageins,
                t->info.pageouts, t->info.cpu_cycles, t->info.wait_cycles,
                t->info.elapsed_cycles);
    }
    fprintf(f, "%4s  %-16s %-22s %9" PRIu64 " %9" PRIu64 " %13" PRIu64 " %13" PRIu64 " %13" PRIu64
            "\n", "all", "", "(wait: machine idle)", p->total.pageins, p->total.pageouts,
            p->cpu_total, p->total.wait_cycles, p->total.elapsed_cycles);
    if (p->opt_known)
        fprintf(f, "OPT (Belady's MIN) on this run's %" PRIu64 " page references: %" PRIu64
                " page-ins, %" PRIu64 " page-outs (%s: %" PRIu64 ")\n", p->total.references,
                p->opt_pageins, p->opt_pageouts, vm_policy_name(c->policy), p->total.pageins);
    else if (p->opt_note)
        fprintf(f, "OPT (Belady's MIN): %s\n", p->opt_note);
}

void rep_paging_json(struct json *j, const struct rep_paging *p)
{
    json_object(j, "paging");
    json_u64(j, "frames", p->cfg.frames);
    json_u64(j, "page_size", p->cfg.page_size);
    json_str(j, "policy", vm_policy_name(p->cfg.policy));
    json_str(j, "replacement", p->cfg.local ? "local" : "global");
    json_u64(j, "page_in_cycles", p->cfg.pagein_cycles);
    json_u64(j, "page_out_cycles", p->cfg.pageout_cycles);
    json_u64(j, "slice", p->slice);
    json_array(j, "tasks");
    for (unsigned i = 0; i < p->ntasks; i++) {
        const struct rep_task_row *t = &p->task[i];
        json_object(j, NULL);
        json_u64(j, "id", t->info.id);
        json_str(j, "program", t->program);
        json_str(j, "status", t->info.ended ? vm_status_name(t->info.status) : "running");
        if (t->info.ended && t->info.status == VM_EXIT)
            json_i64(j, "return_code", (int32_t)t->rc);
        else
            json_str(j, "return_code", NULL);
        json_u64(j, "page_ins", t->info.pageins);
        json_u64(j, "page_outs", t->info.pageouts);
        json_u64(j, "cpu_cycles", t->info.cpu_cycles);
        json_u64(j, "wait_cycles", t->info.wait_cycles);
        json_u64(j, "elapsed_cycles", t->info.elapsed_cycles);
        json_u64(j, "instructions", t->info.instructions);
        json_u64(j, "dispatches", t->info.dispatches);
        json_end(j, '}');
    }
    json_end(j, ']');
    json_object(j, "total");
    json_u64(j, "page_ins", p->total.pageins);
    json_u64(j, "page_outs", p->total.pageouts);
    json_u64(j, "cpu_cycles", p->cpu_total);
    json_u64(j, "wait_cycles", p->total.wait_cycles);
    json_u64(j, "elapsed_cycles", p->total.elapsed_cycles);
    json_u64(j, "dispatches", p->total.dispatches);
    json_u64(j, "references", p->total.references);
    json_end(j, '}');
    if (p->opt_known) {
        json_object(j, "opt");
        json_u64(j, "page_ins", p->opt_pageins);
        json_u64(j, "page_outs", p->opt_pageouts);
        json_end(j, '}');
    } else
        json_str(j, "opt", NULL);
    json_end(j, '}');
}
