// The C half of the bridge: trampoline, protected calls, capped allocator, budgets and watchdog.
// Only C raises Lua errors (here, after the Swift frame it called has returned; Pattern.c's functions).
#define _GNU_SOURCE
#include "CLuaShim.h"
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// MARK: - Host block (one per state, reached through lua_getextraspace)

#define KL_FAST_TYPES 32  // handle types whose metamethods have their own C function (KL_TYPE_NUMBERS)

typedef struct kl_Host {
    void *owner;                  // first: kl_owner (header) reads it directly
    lua_State *main;
    // Memory: the cap applies only while Lua code runs (relax == 0); Swift frames relax it, so an
    // allocation made by Swift can never fail with a longjmp across the Swift frame.
    size_t used, cap;
    int relax;
    // Budgets.
    double time_budget;
    long long instruction_budget;
    long long charged;            // work C library functions did in this call (kl_charge)
    int depth;                    // nesting of kl_pcall
    // The thread running the innermost kl_pcall or resumed coroutine. Written only by the state's
    // own thread, read by the watchdog to arm the hook: see kl_set_current for the handshake that
    // keeps the watchdog from arming a thread that has finished and may be collected.
    _Atomic(lua_State *) current;
    atomic_int arming;            // the watchdog is arming `current` (read it, set its hook)
    int64_t deadline;             // monotonic ns, 0 = none; guarded by wd_lock
    atomic_int fired;             // the watchdog armed the hook
    int last_stop;
    struct kl_Host *wd_next;
    int wd_listed;
    // Warnings.
    int warn_on;
    char *warn_buf;
    size_t warn_len;
    // Line coverage (kinetic test --coverage): hits per line of each file chunk, kept outside the
    // capped allocator so that counting never fails a script. Off: no line hook at all.
    int coverage;
    struct kl_CoveredFile *covered;
    int covered_count, covered_cap;
    const char *covered_last_source;  // the chunk name pointer of the last hit, and its index
    int covered_last;
    // Work fast setters and methods left for later (KL_FAST_DEFERRED), done by `settle` before Lua
    // next reaches the host.
    kl_Settle settle;
    void *settle_context;
    int unsettled;
    // Each handle type's fast members by the type's number (its tag's low byte), for its __index
    // and __newindex to reach without a call into Lua. They live as long as the state (upvalues of
    // the type's metamethods, which its metatable keeps).
    const struct kl_Fast *fast_get[KL_FAST_TYPES];
    const struct kl_Fast *fast_set[KL_FAST_TYPES];
} kl_Host;

typedef struct kl_CoveredFile {
    char *source;
    int *hits;
    int size;
} kl_CoveredFile;

static kl_Dispatch kl_dispatch;
static kl_Sink kl_sink;
static char kl_traceback_key;

static inline kl_Host *kl_host(lua_State *L) { return *(kl_Host **)lua_getextraspace(L); }

void kl_install(kl_Dispatch dispatch, kl_Sink sink) {
    // States are made on any thread (tests run in parallel): publish the pointers once, atomically;
    // readers load them with acquire.
    kl_Dispatch no_dispatch = NULL;
    kl_Sink no_sink = NULL;
    __atomic_compare_exchange_n(&kl_dispatch, &no_dispatch, dispatch, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    __atomic_compare_exchange_n(&kl_sink, &no_sink, sink, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

void kl_set_owner(lua_State *L, void *owner) { kl_host(L)->owner = owner; }

static int64_t kl_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

// MARK: - Allocator

static void *kl_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    kl_Host *h = (kl_Host *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        h->used -= old;
        return NULL;
    }
    if (nsize > old && h->cap && h->relax == 0 && h->used - old + nsize > h->cap) return NULL;
    void *p = realloc(ptr, nsize);
    if (p) h->used = h->used - old + nsize;
    return p;
}

size_t kl_memory_used(lua_State *L) { return kl_host(L)->used; }
size_t kl_memory_cap(lua_State *L) { return kl_host(L)->cap; }
void kl_set_memory_cap(lua_State *L, size_t cap) { kl_host(L)->cap = cap; }

// After a Swift callback returned, the cap is enforced again: if Swift pushed the state over it,
// a probe allocation fails here (in C), Lua collects garbage and, if still over, raises LUA_ERRMEM.
static void kl_check_memory(lua_State *L, kl_Host *h) {
    if (h->relax == 0 && h->cap && h->used > h->cap && lua_checkstack(L, 1)) {
        lua_newuserdatauv(L, 1, 0);
        lua_pop(L, 1);
    }
}

// MARK: - Deferred work

void kl_set_settle(lua_State *L, kl_Settle settle, void *context) {
    kl_Host *h = kl_host(L);
    h->settle = settle;
    h->settle_context = context;
}

// Runs the settle function if a fast path left work. Swift runs it, so the cap is relaxed.
static inline void kl_settle(kl_Host *h) {
    if (!h->unsettled) return;
    h->unsettled = 0;
    if (!h->settle) return;
    h->relax++;
    h->settle(h->settle_context);
    h->relax--;
}

// MARK: - Output

static void kl_warnf(void *ud, const char *msg, int tocont);

static int kl_panic(lua_State *L) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "kinetic: unprotected Lua error (%s)\n", msg ? msg : "?");
    fflush(stderr);
    abort();
}

static int kl_print(lua_State *L) {
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&b, '\t');
        luaL_tolstring(L, i, NULL);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    kl_Sink sink = __atomic_load_n(&kl_sink, __ATOMIC_ACQUIRE);
    if (sink) sink(kl_host(L)->owner, 0, s, len);
    return 0;
}

void kl_push_print(lua_State *L) { lua_pushcfunction(L, kl_print); }

static void kl_warnf(void *ud, const char *msg, int tocont) {
    kl_Host *h = (kl_Host *)ud;
    if (!tocont && h->warn_len == 0 && msg[0] == '@') {  // control message
        if (strcmp(msg, "@on") == 0) h->warn_on = 1;
        else if (strcmp(msg, "@off") == 0) h->warn_on = 0;
        return;
    }
    size_t n = strlen(msg);
    char *grown = realloc(h->warn_buf, h->warn_len + n + 1);
    if (!grown) return;
    h->warn_buf = grown;
    memcpy(h->warn_buf + h->warn_len, msg, n + 1);
    h->warn_len += n;
    if (!tocont) {
        kl_Sink sink = __atomic_load_n(&kl_sink, __ATOMIC_ACQUIRE);
        if (h->warn_on && sink) sink(h->owner, 1, h->warn_buf, h->warn_len);
        h->warn_len = 0;
    }
}

// MARK: - Watchdog (one thread for every state with a time budget)

static pthread_mutex_t wd_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wd_cond = PTHREAD_COND_INITIALIZER;
static kl_Host *wd_hosts;
static int wd_started;

static void kl_hook(lua_State *L, lua_Debug *ar);

// The hook's events: the instruction count always (the budgets), the lines too under coverage.
static inline int kl_mask(kl_Host *h) { return LUA_MASKCOUNT | (h->coverage ? LUA_MASKLINE : 0); }

static void *kl_watchdog(void *unused) {
    (void)unused;
    pthread_mutex_lock(&wd_lock);
    for (;;) {
        if (!wd_hosts) {
            pthread_cond_wait(&wd_cond, &wd_lock);
            continue;
        }
        int64_t now = kl_now();
        double period = 0.25;
        for (kl_Host *h = wd_hosts; h; h = h->wd_next) {
            if (h->time_budget / 8 < period) period = h->time_budget / 8;
            if (h->deadline && now >= h->deadline && !atomic_load(&h->fired)) {
                atomic_store(&h->fired, 1);
                // Arms the hook from this thread, as lua.c does from a signal handler: the VM
                // notices at its next jump or call. `arming` makes a state thread that switches
                // away from the thread read here wait until the hook is set (kl_set_current).
                atomic_store(&h->arming, 1);
                lua_sethook(atomic_load(&h->current), kl_hook, kl_mask(h), 1);
                atomic_store(&h->arming, 0);
            }
        }
        if (period < 0.001) period = 0.001;
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        long long ns = until.tv_nsec + (long long)(period * 1e9);
        until.tv_sec += ns / 1000000000;
        until.tv_nsec = ns % 1000000000;
        pthread_cond_timedwait(&wd_cond, &wd_lock, &until);
    }
    return NULL;
}

static void kl_watch(kl_Host *h, int on) {
    pthread_mutex_lock(&wd_lock);
    if (on && !h->wd_listed) {
        h->wd_next = wd_hosts;
        wd_hosts = h;
        h->wd_listed = 1;
        if (!wd_started) {
            pthread_t t;
            if (pthread_create(&t, NULL, kl_watchdog, NULL) == 0) {
                pthread_detach(t);
                wd_started = 1;
            }
        }
        pthread_cond_signal(&wd_cond);
    } else if (!on && h->wd_listed) {
        for (kl_Host **p = &wd_hosts; *p; p = &(*p)->wd_next) {
            if (*p == h) { *p = h->wd_next; break; }
        }
        h->wd_listed = 0;
    }
    pthread_mutex_unlock(&wd_lock);
}

// MARK: - Budgets

static void kl_raise_stop(lua_State *L, const char *what) {
    luaL_where(L, 0);
    lua_pushstring(L, what);
    lua_concat(L, 2);
    lua_error(L);
}

// Counts a line event of a file chunk (`@name`). Chunk names are shared by every function of a
// load, so the last pointer seen answers most events without a string compare.
static void kl_cover(lua_State *L, kl_Host *h, lua_Debug *ar) {
    if (ar->currentline <= 0 || !lua_getinfo(L, "S", ar) || !ar->source || ar->source[0] != '@') return;
    int index = -1;
    if (ar->source == h->covered_last_source) {
        index = h->covered_last;
    } else {
        for (int i = 0; i < h->covered_count; i++) {
            if (strcmp(h->covered[i].source, ar->source + 1) == 0) { index = i; break; }
        }
        if (index < 0) {
            if (h->covered_count == h->covered_cap) {
                int cap = h->covered_cap ? h->covered_cap * 2 : 8;
                kl_CoveredFile *grown = realloc(h->covered, (size_t)cap * sizeof *grown);
                if (!grown) return;
                h->covered = grown;
                h->covered_cap = cap;
            }
            char *name = strdup(ar->source + 1);
            if (!name) return;
            index = h->covered_count++;
            h->covered[index] = (kl_CoveredFile){ name, NULL, 0 };
        }
        h->covered_last_source = ar->source;
        h->covered_last = index;
    }
    kl_CoveredFile *file = &h->covered[index];
    int line = ar->currentline;
    if (line >= file->size) {
        int size = line + 64;
        int *grown = realloc(file->hits, (size_t)size * sizeof *grown);
        if (!grown) return;
        memset(grown + file->size, 0, (size_t)(size - file->size) * sizeof *grown);
        file->hits = grown;
        file->size = size;
    }
    file->hits[line]++;
}

static void kl_hook(lua_State *L, lua_Debug *ar) {
    kl_Host *h = kl_host(L);
    if (ar->event == LUA_HOOKLINE) {
        kl_cover(L, h, ar);
        // The watchdog's count hook can be lost to a line event racing it (the count is reset on
        // the watchdog's thread while this one decrements it); line events see the stop too.
        if (!atomic_load(&h->fired)) return;
    }
    char text[96];
    if (atomic_load(&h->fired)) {
        h->last_stop = KL_STOP_TIME;
        snprintf(text, sizeof text, "script exceeded its time budget of %g s", h->time_budget);
        kl_raise_stop(L, text);  // the hook stays armed: a script's pcall cannot swallow the stop
    }
    if (h->instruction_budget > 0 && h->depth > 0) {
        if (lua_gethookcount(L) == 1 && h->instruction_budget != 1 && h->last_stop != KL_STOP_INSTRUCTIONS) {
            // A coroutine still armed by the watchdog in an earlier call: back to counting.
            int count = h->instruction_budget > INT_MAX ? INT_MAX : (int)h->instruction_budget;
            lua_sethook(L, kl_hook, kl_mask(h), count);
            return;
        }
        h->last_stop = KL_STOP_INSTRUCTIONS;
        lua_sethook(L, kl_hook, kl_mask(h), 1);
        snprintf(text, sizeof text, "script exceeded its instruction budget of %lld instructions",
                 h->instruction_budget);
        kl_raise_stop(L, text);
    }
    // Armed too late for a call that already ended: back to counting lines only, or no hook.
    if (h->coverage) lua_sethook(L, kl_hook, LUA_MASKLINE, 0); else lua_sethook(L, NULL, 0, 0);
}

void kl_set_time_budget(lua_State *L, double seconds) {
    kl_Host *h = kl_host(L);
    pthread_mutex_lock(&wd_lock);  // the watchdog reads it for its period
    h->time_budget = seconds > 0 ? seconds : 0;
    pthread_mutex_unlock(&wd_lock);
    kl_watch(h, h->time_budget > 0);
}

void kl_set_instruction_budget(lua_State *L, long long instructions) {
    kl_host(L)->instruction_budget = instructions > 0 ? instructions : 0;
}

int kl_last_stop(lua_State *L) { return kl_host(L)->last_stop; }
double kl_time_budget(lua_State *L) { return kl_host(L)->time_budget; }
long long kl_instruction_budget(lua_State *L) { return kl_host(L)->instruction_budget; }

int kl_time_is_up(lua_State *L) {
    kl_Host *h = kl_host(L);
    if (!atomic_load(&h->fired)) return 0;
    h->last_stop = KL_STOP_TIME;
    return 1;
}

// A C function is one VM instruction however long it runs, and the hook never runs inside it: a
// C function that may work long (the pattern matcher) reports its work here every so often. Raising
// from here is safe: only C and Lua frames lie between this and the protected call.
void kl_charge(lua_State *L, long long work, const char *function, const char *problem) {
    kl_Host *h = kl_host(L);
    if (h->depth == 0) return;
    char text[192];
    if (kl_time_is_up(L)) {
        // The watchdog has armed the hook too: a script's pcall cannot swallow the stop.
        snprintf(text, sizeof text, "%s: %s (exceeded the script's time budget of %g s)", function, problem,
                 h->time_budget);
    } else if (h->instruction_budget > 0 && (h->charged += work) > h->instruction_budget) {
        // Counted apart from the VM's instructions (the hook's remaining count is Lua's own), against
        // the same budget; the stop holds as the hook's does.
        h->last_stop = KL_STOP_INSTRUCTIONS;
        lua_sethook(L, kl_hook, kl_mask(h), 1);
        snprintf(text, sizeof text, "%s: %s (exceeded the script's instruction budget of %lld instructions)",
                 function, problem, h->instruction_budget);
    } else {
        return;
    }
    luaL_error(L, "%s", text);
}

static void kl_begin_budget(lua_State *L, kl_Host *h) {
    h->last_stop = KL_STOP_NONE;
    h->charged = 0;
    if (h->instruction_budget > 0) {
        int count = h->instruction_budget > INT_MAX ? INT_MAX : (int)h->instruction_budget;
        lua_sethook(L, kl_hook, kl_mask(h), count);
    } else if (h->coverage) {
        lua_sethook(L, kl_hook, LUA_MASKLINE, 0);
    }
    if (h->time_budget > 0) {
        pthread_mutex_lock(&wd_lock);
        atomic_store(&h->fired, 0);
        h->deadline = kl_now() + (int64_t)(h->time_budget * 1e9);
        pthread_mutex_unlock(&wd_lock);
    }
}

static void kl_end_budget(lua_State *L, kl_Host *h) {
    if (h->time_budget > 0 || h->wd_listed) {
        pthread_mutex_lock(&wd_lock);
        h->deadline = 0;
        if (atomic_load(&h->fired)) lua_sethook(atomic_load(&h->current), NULL, 0, 0);
        atomic_store(&h->fired, 0);
        pthread_mutex_unlock(&wd_lock);
    }
    if (h->instruction_budget > 0 || h->coverage || lua_gethook(L)) lua_sethook(L, NULL, 0, 0);
}

// MARK: - Coroutines

// Records the running thread without a lock. The thread switched away from may finish and be
// collected, so the watchdog must not arm it after this returns: the watchdog raises `arming`
// before it reads `current` and lowers it once the hook is set; this stores `current` before it
// reads `arming`. Both sequentially consistent, so either the watchdog reads the new thread, or
// this sees `arming` raised and waits (a few hundred nanoseconds) until the hook is set.
// The watchdog raises `fired` before `arming`: if it armed the old thread, `fired` is seen here and
// the new thread is armed too (from its own thread, which is always safe).
static inline void kl_set_current(kl_Host *h, lua_State *to) {
    atomic_store(&h->current, to);
    while (atomic_load(&h->arming)) {
    }
    if (atomic_load(&h->fired)) lua_sethook(to, kl_hook, kl_mask(h), 1);
}

// The watchdog arms the thread that is running. coroutine.resume (and wrap, built on it in the
// prelude) records which thread that is, and re-arms each thread it switches to once time is up.
static void kl_switch(kl_Host *h, lua_State *to) {
    if (!h->wd_listed) {
        kl_set_current(h, to);
        return;
    }
    pthread_mutex_lock(&wd_lock);
    atomic_store(&h->current, to);
    if (atomic_load(&h->fired)) lua_sethook(to, kl_hook, kl_mask(h), 1);
    pthread_mutex_unlock(&wd_lock);
}

static int kl_co_resume(lua_State *L) {
    kl_Host *h = kl_host(L);
    lua_State *co = lua_tothread(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));  // the original coroutine.resume
    lua_insert(L, 1);
    if (!co || co == L) {
        lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
        return lua_gettop(L);
    }
    if ((h->instruction_budget > 0 || h->coverage) && h->depth > 0 && !lua_gethook(co))
        lua_sethook(co, kl_hook, lua_gethookmask(L), lua_gethookcount(L));
    lua_State *previous = atomic_load(&h->current);
    kl_switch(h, co);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);  // resume reports errors as results, never raises here
    kl_switch(h, previous);
    return lua_gettop(L);
}

void kl_push_coroutine_resume(lua_State *L) { lua_pushcclosure(L, kl_co_resume, 1); }

// MARK: - Protected calls

// Pushes "file:line: " of the innermost Lua function on the stack ("" when there is none).
static void kl_push_where(lua_State *L) {
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}

static int kl_msgh(lua_State *L) {
    if (lua_type(L, 1) != LUA_TSTRING && lua_type(L, 1) != LUA_TNUMBER) {
        // A non-string error object (`error({code = 1})`) carries no position: add the raiser's.
        kl_push_where(L);
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            ;
        else
            lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        lua_concat(L, 2);
        lua_replace(L, 1);
    }
    lua_settop(L, 1);
    luaL_traceback(L, L, NULL, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &kl_traceback_key);
    return 1;
}

void kl_push_traceback(lua_State *L) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &kl_traceback_key);
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &kl_traceback_key);
}

int kl_pcall(lua_State *L, int nargs, int nresults) {
    kl_Host *h = kl_host(L);
    if (!lua_checkstack(L, 2)) {  // replace function and arguments by a nil "message"
        lua_settop(L, -nargs - 2);
        lua_pushnil(L);
        return LUA_ERRMEM;
    }
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, kl_msgh);
    lua_insert(L, base);
    int relax = h->relax;
    lua_State *outer = atomic_load(&h->current);
    h->relax = 0;
    kl_set_current(h, L);
    if (h->depth++ == 0) kl_begin_budget(L, h);
    int status = lua_pcall(L, nargs, nresults, base);
    kl_settle(h);  // the host reads what Lua wrote as soon as Lua returns
    if (--h->depth == 0) kl_end_budget(L, h);
    kl_set_current(h, outer);
    h->relax = relax;
    lua_remove(L, base);
    return status;
}

int kl_load_text(lua_State *L, const char *text, size_t length, const char *chunkname) {
    return luaL_loadbufferx(L, text, length, chunkname, "t");
}

// MARK: - The trampoline

static inline int kl_invoke(lua_State *L, int id) {
    kl_Host *h = kl_host(L);
    kl_settle(h);  // Swift sees every write Lua made before this call
    h->relax++;
    // An acquire load (a plain load on x86 and arm64): the state may run on another thread than the
    // one that installed the dispatch function.
    int n = __atomic_load_n(&kl_dispatch, __ATOMIC_ACQUIRE)(L, id);
    h->relax--;
    kl_check_memory(L, h);
    if (n >= 0) return n;
    if (n == KL_ERROR && lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);  // the Swift frame has returned: unwinding here crosses only C and Lua
}

static int kl_trampoline(lua_State *L) {
    return kl_invoke(L, (int)lua_tointegerx(L, lua_upvalueindex(1), NULL));
}

void kl_push_swift_function(lua_State *L, int id) {
    lua_pushinteger(L, id);
    lua_pushcclosure(L, kl_trampoline, 1);
}

// MARK: - Handle userdata metamethods

// The fast members of a handle type: upvalue 3 of its __index and __newindex, and for the first
// KL_FAST_TYPES types also in the host block (kl_Host.fast_get, fast_set).
#define KL_FAST_SLOTS 32  // a power of two; at most half of them used, so a probe ends at an empty slot
typedef struct kl_Fast {
    kl_FastGetter get;
    kl_FastSetter set;
    kl_FastMethod call;
    void *context;
    uint64_t tag;
    int method;  // a fast method's index
    // The names the metamethod finds without a table lookup: the fast members and, in __index, the
    // fast methods, in open addressing on the name's object. Short strings are interned and never
    // move, and these are kept alive as keys of the closure's name table, so a key is one of them
    // exactly when its object is.
    int keys;
    struct { const void *name; lua_Integer code; } slot[KL_FAST_SLOTS];  // code: kl_member_code, or -u: the method in upvalue u
} kl_Fast;

static int kl_fast_method(lua_State *L);

static kl_Fast *kl_push_fast(lua_State *L, uint64_t tag, kl_FastGetter get, kl_FastSetter set, void *context) {
    kl_Fast *f = (kl_Fast *)lua_newuserdatauv(L, sizeof(kl_Fast), 0);
    memset(f, 0, sizeof(kl_Fast));
    f->get = get;
    f->set = set;
    f->method = -1;
    f->context = context;
    f->tag = tag;
    return f;
}

static inline unsigned kl_fast_slot(const void *name) { return (unsigned)((uintptr_t)name >> 4) & (KL_FAST_SLOTS - 1); }

// Notes the fast entries of the name table at `names` in `f`: fast members, and fast methods,
// which are pushed (to become upvalues after the closure's first `upvalues`). Returns how many
// methods were pushed. Names past the slots' half take the table lookup.
static int kl_note_fast_keys(lua_State *L, int names, kl_Fast *f, int upvalues) {
    int pushed = 0;
    if (!lua_checkstack(L, KL_FAST_SLOTS / 2 + 3)) return 0;  // then every name takes the table lookup
    lua_pushnil(L);
    while (lua_next(L, names)) {
        size_t length = 0;
        if (lua_type(L, -2) == LUA_TSTRING && (lua_tolstring(L, -2, &length), length <= 40)  // 40: LUAI_MAXSHORTLEN, interned
            && f->keys < KL_FAST_SLOTS / 2) {
            lua_Integer code = 0;
            if (lua_type(L, -1) == LUA_TNUMBER && lua_tointegerx(L, -1, NULL) >> 32) {
                code = lua_tointegerx(L, -1, NULL);
            } else if (lua_tocfunction(L, -1) == kl_fast_method && upvalues + pushed < 255) {
                code = -(lua_Integer)(upvalues + ++pushed);
                lua_pushvalue(L, -1);
                lua_insert(L, -3);  // below the key, so the walk goes on
            }
            if (code) {
                const void *name = lua_topointer(L, -2);
                unsigned i = kl_fast_slot(name);
                while (f->slot[i].name) i = (i + 1) & (KL_FAST_SLOTS - 1);
                f->slot[i].name = name;
                f->slot[i].code = code;
                f->keys++;
            }
        }
        lua_pop(L, 1);
    }
    return pushed;
}

// The code of key `idx` if it is one of `f`'s names, else 0. lua_topointer gives a string's
// object without converting a number key into a string (and NULL, no name, for a number).
static inline lua_Integer kl_fast_code(lua_State *L, int idx, const kl_Fast *f) {
    const void *name = lua_topointer(L, idx);
    for (unsigned i = kl_fast_slot(name); f->slot[i].name; i = (i + 1) & (KL_FAST_SLOTS - 1)) {
        if (f->slot[i].name == name) return f->slot[i].code;
    }
    return 0;
}

// __index(self, key): upvalue 1 maps a name to a member code or a method; upvalue 2 is the id of
// the Swift function that reports an unknown name; upvalue 3 the fast members `f`; 4 and 5 the
// strings "x" and "y" (an interned key costs less than lua_setfield's lookup); 6... the fast methods.
// A fast member or method is found by its key's object (kl_Fast.slot); then either the fast getter
// (numbers, no dispatch, no Lua frame) or one Swift call. Other names take one table lookup.
// The VM always passes exactly (self, key).
static inline __attribute__((always_inline)) int kl_index_with(lua_State *L, const kl_Fast *f) {
    lua_Integer code = kl_fast_code(L, 2, f);
    if (code < 0) {
        lua_pushvalue(L, lua_upvalueindex((int)-code));
        return 1;
    }
    if (code == 0) {
        lua_pushvalue(L, 2);
        switch (lua_rawget(L, lua_upvalueindex(1))) {
        case LUA_TNUMBER:
            code = lua_tointegerx(L, 3, NULL);
            break;
        case LUA_TFUNCTION:
            return 1;
        default:
            lua_settop(L, 2);
            return kl_invoke(L, (int)lua_tointegerx(L, lua_upvalueindex(2), NULL));
        }
    }
    int fast = (int)(code >> 32) - 1;
    int64_t key;
    double out[2];
    if (fast >= 0 && f->get && kl_tohandle(L, 1, f->tag, &key)) {
        switch (f->get(f->context, key, fast, out)) {
        case KL_FAST_NUMBER:
            lua_pushnumber(L, out[0]);
            return 1;
        case KL_FAST_POINT:  // the same table Lua.push(Vec2) makes; keys from upvalues 4, 5
            lua_createtable(L, 0, 2);
            lua_pushvalue(L, lua_upvalueindex(4));
            lua_pushnumber(L, out[0]);
            lua_rawset(L, -3);
            lua_pushvalue(L, lua_upvalueindex(5));
            lua_pushnumber(L, out[1]);
            lua_rawset(L, -3);
            return 1;
        }
    }
    return kl_invoke(L, (int)(code & 0xFFFFFFFF));
}

// __newindex(self, key, value): upvalue 1 maps a name to a member code, 2 is the Swift function
// for an unknown or read-only name, 3 the fast members `f` (found by the key's object, as in
// __index). The VM always passes exactly (self, key, value).
static inline __attribute__((always_inline)) int kl_newindex_with(lua_State *L, const kl_Fast *f) {
    lua_Integer code = kl_fast_code(L, 2, f);
    if (code == 0) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNUMBER) {
            lua_settop(L, 3);
            return kl_invoke(L, (int)lua_tointegerx(L, lua_upvalueindex(2), NULL));
        }
        code = lua_tointegerx(L, 4, NULL);
    }
    int fast = (int)(code >> 32) - 1;
    int64_t key;
    if (fast >= 0 && f->set && lua_type(L, 3) == LUA_TNUMBER && kl_tohandle(L, 1, f->tag, &key)) {
        switch (f->set(f->context, key, fast, lua_tonumberx(L, 3, NULL))) {
        case 0:
            break;
        case KL_FAST_DEFERRED:
            kl_host(L)->unsettled = 1;
            return 0;
        default:
            return 0;
        }
    }
    return kl_invoke(L, (int)(code & 0xFFFFFFFF));
}

// The metamethods of a type past the first KL_FAST_TYPES: `f` from upvalue 3.
static int kl_index(lua_State *L) { return kl_index_with(L, (const kl_Fast *)lua_touserdata(L, lua_upvalueindex(3))); }
static int kl_newindex(lua_State *L) { return kl_newindex_with(L, (const kl_Fast *)lua_touserdata(L, lua_upvalueindex(3))); }

// The metamethods of type n (its tag's low byte) below KL_FAST_TYPES: one C function per type
// number, which reaches `f` in the host block without a call into Lua (the same kl_Fast as its
// upvalue 3). A read, a write and a method lookup each go through one of these.
#define KL_TYPE_NUMBERS(m) m(0) m(1) m(2) m(3) m(4) m(5) m(6) m(7) m(8) m(9) m(10) m(11) m(12) m(13) \
    m(14) m(15) m(16) m(17) m(18) m(19) m(20) m(21) m(22) m(23) m(24) m(25) m(26) m(27) m(28) m(29) m(30) m(31)
#define KL_TYPED_METAMETHODS(n) \
    static int kl_index_##n(lua_State *L) { return kl_index_with(L, kl_host(L)->fast_get[n]); } \
    static int kl_newindex_##n(lua_State *L) { return kl_newindex_with(L, kl_host(L)->fast_set[n]); }
KL_TYPE_NUMBERS(KL_TYPED_METAMETHODS)
#define KL_INDEX_ENTRY(n) kl_index_##n,
#define KL_NEWINDEX_ENTRY(n) kl_newindex_##n,
static const lua_CFunction kl_index_of_type[KL_FAST_TYPES] = { KL_TYPE_NUMBERS(KL_INDEX_ENTRY) };
static const lua_CFunction kl_newindex_of_type[KL_FAST_TYPES] = { KL_TYPE_NUMBERS(KL_NEWINDEX_ENTRY) };

void kl_push_index(lua_State *L, int missing_id, uint64_t tag, kl_FastGetter get, void *context) {
    int names = lua_gettop(L);
    lua_pushinteger(L, missing_id);
    kl_Fast *f = kl_push_fast(L, tag, get, NULL, context);
    lua_pushliteral(L, "x");
    lua_pushliteral(L, "y");
    int methods = kl_note_fast_keys(L, names, f, 5);
    unsigned n = tag & 0xFF;  // a number already taken (a tag past 255 types) gets the upvalue form
    int typed = n < KL_FAST_TYPES && !kl_host(L)->fast_get[n];
    if (typed) kl_host(L)->fast_get[n] = f;
    lua_pushcclosure(L, typed ? kl_index_of_type[n] : kl_index, 5 + methods);
}

void kl_push_newindex(lua_State *L, int missing_id, uint64_t tag, kl_FastSetter set, void *context) {
    int names = lua_gettop(L);
    lua_pushinteger(L, missing_id);
    kl_Fast *f = kl_push_fast(L, tag, NULL, set, context);
    kl_note_fast_keys(L, names, f, 3);  // setters hold no methods
    unsigned n = tag & 0xFF;
    int typed = n < KL_FAST_TYPES && !kl_host(L)->fast_set[n];
    if (typed) kl_host(L)->fast_set[n] = f;
    lua_pushcclosure(L, typed ? kl_newindex_of_type[n] : kl_newindex, 3);
}

// A fast method: upvalue 1 is the general body's Swift function id, 2 its kl_Fast (call, context,
// tag, method index). Only numbers and handles go the fast way; C reads them, so the fast function
// never touches the state.
static int kl_fast_method(lua_State *L) {
    int n = lua_gettop(L) - 1;
    if (n >= 0 && n <= 3) {
        const kl_Fast *f = (const kl_Fast *)lua_touserdata(L, lua_upvalueindex(2));
        int64_t key;
        kl_FastArg in[3];
        double out[2];
        int plain = 1;
        for (int i = 0; i < n && plain; i++) {
            switch (lua_type(L, i + 2)) {
            case LUA_TNUMBER:
                in[i] = (kl_FastArg){ lua_tonumberx(L, i + 2, NULL), 0, 0 };
                break;
            case LUA_TUSERDATA: {
                const kl_HandleBlock *b = (const kl_HandleBlock *)lua_touserdata(L, i + 2);
                plain = lua_rawlen(L, i + 2) == sizeof(kl_HandleBlock);
                if (plain) in[i] = (kl_FastArg){ 0, b->key, b->tag };
                break;
            }
            default:
                plain = 0;
            }
        }
        if (plain && kl_tohandle(L, 1, f->tag, &key)) {
            switch (f->call(f->context, key, f->method, in, n, out)) {
            case KL_FAST_NONE:
                return 0;
            case KL_FAST_DEFERRED:
                kl_host(L)->unsettled = 1;
                return 0;
            case KL_FAST_NUMBER:
                lua_pushnumber(L, out[0]);
                return 1;
            case KL_FAST_POINT:
                lua_pushnumber(L, out[0]);
                lua_pushnumber(L, out[1]);
                return 2;
            }
        }
    }
    return kl_invoke(L, (int)lua_tointegerx(L, lua_upvalueindex(1), NULL));
}

void kl_push_fast_method(lua_State *L, int id, int method, uint64_t tag, kl_FastMethod call, void *context) {
    lua_pushinteger(L, id);
    kl_Fast *f = kl_push_fast(L, tag, NULL, NULL, context);
    f->call = call;
    f->method = method;
    lua_pushcclosure(L, kl_fast_method, 2);
}

static int kl_handle_eq(lua_State *L) {
    if (lua_type(L, 1) != LUA_TUSERDATA || lua_type(L, 2) != LUA_TUSERDATA ||
        lua_rawlen(L, 1) != sizeof(kl_HandleBlock) || lua_rawlen(L, 2) != sizeof(kl_HandleBlock)) {
        lua_pushboolean(L, 0);
        return 1;
    }
    const kl_HandleBlock *a = lua_touserdata(L, 1), *b = lua_touserdata(L, 2);
    lua_pushboolean(L, a->key == b->key && a->tag == b->tag);
    return 1;
}

void kl_push_handle_eq(lua_State *L) { lua_pushcfunction(L, kl_handle_eq); }

// Finalizers run inside whatever allocation started the collection, even in a Swift function:
// the Swift side only notes the handle, and nothing here raises.
static int kl_handle_gc(lua_State *L) {
    kl_Host *h = kl_host(L);
    h->relax++;
    __atomic_load_n(&kl_dispatch, __ATOMIC_ACQUIRE)(L, (int)lua_tointegerx(L, lua_upvalueindex(1), NULL));
    h->relax--;
    return 0;
}

void kl_push_handle_gc(lua_State *L, int id) {
    lua_pushinteger(L, id);
    lua_pushcclosure(L, kl_handle_gc, 1);
}

// MARK: - Creation

lua_State *kl_newstate(void *owner, size_t memory_cap) {
    kl_Host *h = calloc(1, sizeof(kl_Host));
    if (!h) return NULL;
    h->owner = owner;
    h->relax = 1;  // host code runs uncapped; kl_pcall applies the cap while Lua runs
    h->warn_on = 1;
    lua_State *L = lua_newstate(kl_alloc, h);
    if (!L) {
        free(h);
        return NULL;
    }
    *(kl_Host **)lua_getextraspace(L) = h;
    h->main = L;
    atomic_init(&h->current, L);
    lua_atpanic(L, kl_panic);
    lua_setwarnf(L, kl_warnf, h);
    lua_gc(L, LUA_GCGEN, 0, 0);
    luaL_openlibs(L);  // allocation failure here would panic; the cap is relaxed, so it cannot
    h->cap = memory_cap;
    return L;
}

void kl_close(lua_State *L) {
    kl_Host *h = kl_host(L);
    kl_watch(h, 0);
    lua_close(L);
    free(h->warn_buf);
    for (int i = 0; i < h->covered_count; i++) {
        free(h->covered[i].source);
        free(h->covered[i].hits);
    }
    free(h->covered);
    free(h);
}

// MARK: - Coverage

void kl_set_coverage(lua_State *L, int on) { kl_host(L)->coverage = on != 0; }

int kl_coverage_count(lua_State *L) { return kl_host(L)->covered_count; }

const char *kl_coverage_file(lua_State *L, int index, const int **hits, int *size) {
    kl_Host *h = kl_host(L);
    if (index < 0 || index >= h->covered_count) return NULL;
    *hits = h->covered[index].hits;
    *size = h->covered[index].size;
    return h->covered[index].source;
}
