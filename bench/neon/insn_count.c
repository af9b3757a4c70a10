/*
 * A QEMU TCG plugin that counts the guest instructions executed between
 * two marker functions, and how often each translated block ran there.
 *
 *   qemu-aarch64 -plugin ./insn_count.so,start=0x...,stop=0x...,out=FILE prog
 *
 * `start` and `stop` are the addresses of the harness's marker functions
 * (a non-PIE binary, so link-time addresses are run-time addresses). Each
 * time the harness calls start() and then stop(), the plugin appends to
 * FILE one line
 *
 *   region K INSNS
 *
 * with the number of guest instructions executed from start()'s first
 * instruction up to, not including, stop()'s first, then one line
 *
 *   tb K VADDR NINSNS EXECS
 *
 * per translated block that ran in that region (EXECS times, NINSNS
 * instructions each; a block may be cut short by a fault, which the
 * measured code never takes).
 *
 * Counting: every block adds its length to a global counter, and to its
 * own, when it starts (an inline add, no call). A marker's callback runs
 * before its instruction; the counter then already holds the whole block,
 * so the instructions of the block from the marker on are taken off.
 *
 * Written against version 1 of QEMU's plugin API (QEMU 4.2 to 8.x); the
 * declarations below are the subset of that C interface this file calls,
 * as documented in QEMU's include/qemu/qemu-plugin.h.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- QEMU plugin API, version 1 (the subset used here) --- */
typedef uint64_t qemu_plugin_id_t;
typedef struct qemu_info_t {
    const char *target_name;
    struct {
        int min;
        int cur;
    } version;
    bool system_emulation;
    union {
        struct {
            int smp_vcpus;
            int max_vcpus;
        } system;
    };
} qemu_info_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb, enum qemu_plugin_op op,
                                              void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
                                            qemu_plugin_vcpu_udata_cb_t cb,
                                            enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);

#define EXPORT __attribute__((visibility("default")))
EXPORT int qemu_plugin_version = 1;
/* --- end of the API --- */

/* One translation of a block: its counter and its count at the region's start. */
struct block {
    uint64_t vaddr;
    uint64_t n_insns;
    uint64_t execs; /* every execution since translation (inline add) */
    uint64_t at_start;
    struct block *next;
};

/* The guest is single-threaded: the callbacks below never race. */
static struct block *blocks;
static uint64_t executed; /* instructions executed so far (inline add) */
static uint64_t start_addr, stop_addr, region_start;
static unsigned region;
static bool in_region;
static FILE *out;

/* A marker's userdata: its distance from the end of its block. */
struct marker {
    bool is_start;
    uint64_t not_yet; /* instructions of the block from the marker on */
};

static void on_marker(unsigned int vcpu, void *udata)
{
    const struct marker *m = udata;
    uint64_t now = executed - m->not_yet;
    (void)vcpu;
    if (m->is_start) {
        region_start = now;
        in_region = true;
        for (struct block *b = blocks; b; b = b->next) {
            b->at_start = b->execs;
        }
        return;
    }
    if (!in_region) {
        return;
    }
    in_region = false;
    fprintf(out, "region %u %" PRIu64 "\n", region, now - region_start);
    for (struct block *b = blocks; b; b = b->next) {
        if (b->execs != b->at_start) {
            fprintf(out, "tb %u 0x%" PRIx64 " %" PRIu64 " %" PRIu64 "\n", region, b->vaddr,
                    b->n_insns, b->execs - b->at_start);
        }
    }
    fflush(out);
    region++;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t n = qemu_plugin_tb_n_insns(tb);
    struct block *b = calloc(1, sizeof *b);
    (void)id;
    if (!b) {
        abort();
    }
    b->vaddr = qemu_plugin_tb_vaddr(tb);
    b->n_insns = n;
    b->next = blocks;
    blocks = b;
    qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &executed, n);
    qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &b->execs, 1);
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uint64_t pc = qemu_plugin_insn_vaddr(insn);
        if (pc == start_addr || pc == stop_addr) {
            /* Leaked on purpose: QEMU may keep the block for the whole run. */
            struct marker *m = malloc(sizeof *m);
            if (!m) {
                abort();
            }
            m->is_start = pc == start_addr;
            m->not_yet = n - i;
            qemu_plugin_register_vcpu_insn_exec_cb(insn, on_marker, QEMU_PLUGIN_CB_NO_REGS, m);
        }
    }
}

static void on_qemu_exit(qemu_plugin_id_t id, void *udata)
{
    (void)id;
    (void)udata;
    if (out) {
        fclose(out);
        out = NULL;
    }
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
    const char *path = NULL;
    if (info->system_emulation) {
        fprintf(stderr, "insn_count: user-mode emulation only\n");
        return 1;
    }
    for (int i = 0; i < argc; i++) {
        const char *eq = strchr(argv[i], '=');
        if (!eq) {
            fprintf(stderr, "insn_count: argument %s is not key=value\n", argv[i]);
            return 1;
        }
        size_t k = (size_t)(eq - argv[i]);
        if (k == 5 && !strncmp(argv[i], "start", k)) {
            start_addr = strtoull(eq + 1, NULL, 0);
        } else if (k == 4 && !strncmp(argv[i], "stop", k)) {
            stop_addr = strtoull(eq + 1, NULL, 0);
        } else if (k == 3 && !strncmp(argv[i], "out", k)) {
            path = eq + 1;
        } else {
            fprintf(stderr, "insn_count: unknown argument %s\n", argv[i]);
            return 1;
        }
    }
    if (!start_addr || !stop_addr || !path) {
        fprintf(stderr, "insn_count: start=, stop= and out= are required\n");
        return 1;
    }
    out = fopen(path, "w");
    if (!out) {
        perror(path);
        return 1;
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_atexit_cb(id, on_qemu_exit, NULL);
    return 0;
}
