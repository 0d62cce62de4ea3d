// Why an arena: a parsed post is mostly nodes of about 112 bytes, hundreds of thousands for a
// large one, and malloc spends 16 more bytes on each (its header and rounding): on a 5 MB post
// that is 5 MB of a 60 MB peak. Here each size class (16, 32, ..., 128 bytes) takes blocks from
// its own reserved stretch of address space, one after the other with nothing between them, and
// a block's class is known from its address. Pages are only backed once touched. Larger blocks
// (text, lines) and anything past a stretch's end go to malloc as before. So do a process's first
// few thousand blocks: a post of a few KB never needs the arena, and reserving it and touching a
// fresh page for each class cost a small convert about 0.1 ms.
#include "cmark_arena.h"

#include <cmark.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/mman.h>

enum { CLASS_BYTES = 16, CLASSES = 8, LARGEST = CLASS_BYTES * CLASSES, FROM_MALLOC_FIRST = 4096 };
// 1 GiB of address space per class, reserved, not committed: enough for posts far larger than
// any forum takes; past it blocks come from malloc.
static const size_t STRETCH = (size_t)1 << 30;

static char *base;                 // NULL when the reservation failed: then every block is malloc's
static char *next_free[CLASSES];   // the first block of each class never handed out
static void *reusable[CLASSES];    // blocks cmark freed, linked through their first word
static size_t served;
static _Atomic size_t asked;              // small blocks asked for, the first FROM_MALLOC_FIRST given by malloc
static atomic_flag busy = ATOMIC_FLAG_INIT;  // the tree is built on one thread, but a spin costs little
static pthread_once_t reserved = PTHREAD_ONCE_INIT;

static void reserve(void) {
    void *start = mmap(NULL, STRETCH * CLASSES, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (start == MAP_FAILED) return;
    base = start;
    for (int k = 0; k < CLASSES; k++) next_free[k] = base + STRETCH * (size_t)k;
}

static void lock(void) { while (atomic_flag_test_and_set_explicit(&busy, memory_order_acquire)) {} }
static void unlock(void) { atomic_flag_clear_explicit(&busy, memory_order_release); }

static int in_arena(const void *p) {
    return base != NULL && (const char *)p >= base && (const char *)p < base + STRETCH * CLASSES;
}
static int class_of(const void *p) { return (int)(((const char *)p - base) / STRETCH); }
static size_t class_size(int k) { return (size_t)CLASS_BYTES * (size_t)(k + 1); }

// cmark does not check what its allocator returns; its own one stops the process, and so does this.
static void *checked(void *block) {
    if (block == NULL) {
        fputs("missive: out of memory while parsing the Markdown\n", stderr);
        abort();
    }
    return block;
}

static void *arena_calloc(size_t count, size_t size) {
    if (size != 0 && count > LARGEST / size) return checked(calloc(count, size));
    size_t bytes = count * size;
    if (bytes == 0) return checked(calloc(count, size));
    if (atomic_load_explicit(&asked, memory_order_relaxed) < FROM_MALLOC_FIRST) {
        atomic_fetch_add_explicit(&asked, 1, memory_order_relaxed);
        return checked(calloc(count, size));
    }
    pthread_once(&reserved, reserve);
    if (base == NULL) return checked(calloc(count, size));
    int k = (int)((bytes - 1) / CLASS_BYTES);
    void *block = NULL;
    int reused = 0;
    lock();
    if (reusable[k] != NULL) {
        block = reusable[k];
        reusable[k] = *(void **)block;
        reused = 1;
    } else if (next_free[k] + class_size(k) <= base + STRETCH * (size_t)(k + 1)) {
        block = next_free[k];  // fresh pages are zero already
        next_free[k] += class_size(k);
    }
    if (block != NULL) served++;
    unlock();
    if (block == NULL) return checked(calloc(count, size));
    if (reused) memset(block, 0, class_size(k));
    return block;
}

static void arena_free(void *p) {
    if (p == NULL) return;
    if (!in_arena(p)) { free(p); return; }
    int k = class_of(p);
    lock();
    *(void **)p = reusable[k];
    reusable[k] = p;
    unlock();
}

static void *arena_realloc(void *p, size_t size) {
    if (p == NULL || !in_arena(p)) return checked(realloc(p, size));
    size_t old = class_size(class_of(p));
    if (size <= old) return p;
    void *moved = checked(malloc(size));
    memcpy(moved, p, old);
    arena_free(p);
    return moved;
}

static cmark_mem arena = {arena_calloc, arena_realloc, arena_free};

void *cmark_arena_parser_new(int options) {
    return cmark_parser_new_with_mem(options, &arena);
}

size_t cmark_arena_blocks_served(void) {
    lock();
    size_t count = served;
    unlock();
    return count;
}
