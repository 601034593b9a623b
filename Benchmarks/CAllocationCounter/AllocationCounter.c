#include "CAllocationCounter.h"
#include <errno.h>
#include <stddef.h>
#include <stdatomic.h>

// glibc's allocator under its own names: the wrappers below forward to them, so no dlsym (which
// itself allocates) is needed and `free` stays glibc's.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static __thread int counting;
static __thread int64_t count;

// Every thread's allocations, for code that runs on worker threads too.
static atomic_int countingAll;
static atomic_llong countAll;

static inline void note(void) {
    if (counting) count++;
    if (atomic_load_explicit(&countingAll, memory_order_relaxed)) atomic_fetch_add_explicit(&countAll, 1, memory_order_relaxed);
}

void kac_start(void) { count = 0; counting = 1; }
int64_t kac_stop(void) { counting = 0; return count; }
void kac_start_all_threads(void) { atomic_store(&countAll, 0); atomic_store(&countingAll, 1); }
int64_t kac_stop_all_threads(void) { atomic_store(&countingAll, 0); return atomic_load(&countAll); }

void *malloc(size_t size) { note(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { note(); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { note(); return __libc_realloc(p, size); }
void *memalign(size_t alignment, size_t size) { note(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { note(); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    note();
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(alignment, size);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
