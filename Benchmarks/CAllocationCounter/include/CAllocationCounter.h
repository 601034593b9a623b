// Counts heap allocations made by the calling thread, for tests that check a hot path allocates
// nothing. Linking this target replaces malloc and its relatives in the whole test process with
// thin wrappers around glibc's own (__libc_malloc, ...); only a thread that turned counting on pays
// for the count.
#pragma once
#include <stdint.h>

/// Starts counting this thread's allocations from zero.
void kac_start(void);
/// Stops counting and returns the number of allocations (malloc, calloc, realloc, aligned) made by
/// this thread since `kac_start`.
int64_t kac_stop(void);
/// Starts counting the allocations of every thread of the process from zero.
void kac_start_all_threads(void);
/// Stops that count and returns it.
int64_t kac_stop_all_threads(void);
