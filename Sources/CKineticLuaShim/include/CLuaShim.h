// CLuaShim: the C side of the Lua bridge. Lua's macros and variadic functions as plain functions
// (Swift cannot import them), the single trampoline through which Lua calls Swift, protected calls
// with a traceback handler, the capped allocator, the time and instruction budgets, and the string
// pattern functions that run under them (Pattern.c).
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>
#include <lua5.4/lauxlib.h>

// MARK: - Swift entry points

/// A Swift function returns the number of results it pushed, or one of these sentinels with an
/// error message on top of the stack. The trampoline raises the error after Swift has returned.
#define KL_ERROR (-1)      /* raise the message with "file:line: " of the calling Lua line prepended */
#define KL_ERROR_RAW (-2)  /* raise the value on top of the stack as it is */

/// The single Swift dispatcher: runs Swift function `id` of the state that owns `L`.
typedef int (*kl_Dispatch)(lua_State *L, int id);
/// Receives `print` and `warn` output (`kind` 0 = print, 1 = warning), already formatted.
typedef void (*kl_Sink)(void *owner, int kind, const char *text, size_t length);

/// Installs the Swift dispatcher and output sink (once per process; later calls are ignored).
void kl_install(kl_Dispatch dispatch, kl_Sink sink);

// MARK: - State

/// Why the last protected call stopped early.
enum { KL_STOP_NONE = 0, KL_STOP_TIME = 1, KL_STOP_INSTRUCTIONS = 2 };

/// Creates a state with the capped allocator (`memory_cap` bytes, 0 = unlimited), generational GC,
/// the standard libraries opened, warnings on and routed to the sink. `owner` is handed back to
/// Swift by `kl_owner`. Returns NULL if memory could not be allocated.
lua_State *kl_newstate(void *owner, size_t memory_cap);
/// Closes the state and frees its host block.
void kl_close(lua_State *L);
/// The `owner` pointer given to `kl_newstate` (also valid in coroutines of that state): the first
/// field of the host block that the state's extra space points to.
static inline void *kl_owner(lua_State *L) { return **(void ***)lua_getextraspace(L); }
/// Replaces the owner pointer.
void kl_set_owner(lua_State *L, void *owner);

/// Bytes currently allocated by the state, and the cap (0 = unlimited).
size_t kl_memory_used(lua_State *L);
size_t kl_memory_cap(lua_State *L);
void kl_set_memory_cap(lua_State *L, size_t cap);

/// Wall-clock budget in seconds for each outermost host→Lua call (0 = none). A watchdog thread
/// arms a count hook only once the deadline has passed, so it costs nothing before then.
void kl_set_time_budget(lua_State *L, double seconds);
/// Instruction budget for each outermost host→Lua call (0 = none); deterministic, but a count
/// hook stays on while Lua runs (about 2x slower loops).
void kl_set_instruction_budget(lua_State *L, long long instructions);
/// Line coverage: when on, the budget hook also counts every line event of file chunks (`@name`);
/// off (the default), no line hook is set at all.
void kl_set_coverage(lua_State *L, int on);
/// The files counted so far, and file `index`: its chunk name (without `@`), `hits[line]` for
/// `line < size` (owned by the state, valid until the next call into Lua or kl_close).
int kl_coverage_count(lua_State *L);
const char *kl_coverage_file(lua_State *L, int index, const int **hits, int *size);
/// Marks `lines[l] = 1` for every line `l < count` of the Lua source `text` that holds an
/// instruction (what a line hook can report), read from the compiled chunk's debug information.
/// Returns 0, or -1 if the text does not compile.
int kl_code_lines(const char *text, size_t length, unsigned char *lines, int count);

/// The budgets in force (0 = none).
double kl_time_budget(lua_State *L);
long long kl_instruction_budget(lua_State *L);
/// Why the most recent outermost protected call was stopped (KL_STOP_*).
int kl_last_stop(lua_State *L);
/// True once the running call's time budget is spent. Host work inside a call (stepping a world
/// from `world:run`) asks between units of work, since the hook stops Lua code only; a true
/// answer records KL_STOP_TIME as the reason the call stops.
int kl_time_is_up(lua_State *L);
/// For a C function that may run long inside one Lua call, where the hook cannot stop it: adds
/// `work` units to the running call's count of such work (which may not exceed the instruction
/// budget either) and, once the call's time budget is spent or that count is over, raises
/// "file:line: <function>: <problem> (exceeded the script's time budget of 2 s)" with luaL_error.
/// Call it only from a C function that Lua called (never with a Swift frame on the C stack).
void kl_charge(lua_State *L, long long work, const char *function, const char *problem);
/// Pushes a table of `find`, `match`, `gmatch` and `gsub` with the semantics and messages of Lua 5.4's
/// string library, whose work is charged to the budgets (kl_charge): one step per pattern item
/// entered or subject character tried. The recursion limit of Lua's matcher (200) stays.
void kl_push_pattern_functions(lua_State *L);

// MARK: - Calls

/// Protected call of the function below `nargs` arguments, with a message handler that converts
/// the error to a string and records a traceback (`kl_push_traceback`). Applies the budgets when
/// this is the outermost host call. Never raises. Returns a LUA_* status.
int kl_pcall(lua_State *L, int nargs, int nresults);
/// Pushes the traceback recorded by the last failed `kl_pcall` (a string, or nil) and forgets it.
void kl_push_traceback(lua_State *L);
/// Pushes a Lua C closure that calls Swift function `id` through the trampoline.
void kl_push_swift_function(lua_State *L, int id);
/// Pushes a `print` replacement that writes to the sink. It formats in C, so that `__tostring`
/// metamethods (which may raise) never run inside a Swift frame. `warn` goes to the sink through
/// the state's warning function.
void kl_push_print(lua_State *L);
/// Loads a text chunk (mode "t"); returns a LUA_* status with the function or message pushed.
int kl_load_text(lua_State *L, const char *text, size_t length, const char *chunkname);

/// Replaces the original `coroutine.resume` on top of the stack with a version that tells the
/// time-budget watchdog which thread runs.
void kl_push_coroutine_resume(lua_State *L);

// MARK: - Handle userdata

/// The block stored in every handle userdata: the handle's key and the type's tag.
typedef struct kl_HandleBlock { int64_t key; uint64_t tag; } kl_HandleBlock;

/// What a fast getter read into its `out` numbers (and what a fast method returns).
enum {
    KL_FAST_SLOW = 0,    /* nothing: run the member's general getter (stale handle, anything unusual) */
    KL_FAST_NUMBER = 1,  /* out[0] */
    KL_FAST_POINT = 2,   /* {x = out[0], y = out[1]}; from a fast method, the two numbers */
    KL_FAST_NONE = 3,    /* a fast method that returns nothing */
    KL_FAST_DEFERRED = 4, /* done, nothing to push, work left for the state's settle function (kl_set_settle) */
};
/// Reads fast member `member` of the object with handle `key` into `out` (room for 2 numbers) and
/// returns a KL_FAST_* kind. It gets no lua_State: it cannot call Lua, allocate in it or raise.
typedef int (*kl_FastGetter)(void *context, int64_t key, int member, double *out);
/// Writes the number `value` to fast member `member`; returns 1 if done, KL_FAST_DEFERRED if done
/// with work left for the settle function, 0 to run the member's general setter instead (which
/// then reports any error). Returns 0 only before changing anything.
typedef int (*kl_FastSetter)(void *context, int64_t key, int member, double value);

/// An argument of a fast method: a number (`tag` 0), or a handle userdata (`key` and its type's `tag`).
typedef struct kl_FastArg { double number; int64_t key; uint64_t tag; } kl_FastArg;

/// Runs fast method `method` on the object with handle `key`, with the method's arguments after
/// `self` in `in` (`count` of them, at most 3, each a number or a handle; absent ones are not
/// passed), and returns what it pushes: KL_FAST_SLOW (nothing done: run the method's general body,
/// which then reports any error), KL_FAST_NONE, KL_FAST_DEFERRED (nothing pushed, work left for the
/// settle function), or KL_FAST_NUMBER / KL_FAST_POINT with out[0] (and out[1]), a point as two
/// numbers. Returns KL_FAST_SLOW only before changing anything.
typedef int (*kl_FastMethod)(void *context, int64_t key, int method, const kl_FastArg *in, int count, double *out);

/// Pushes a method of a handle type as a C function: `call` runs it for a handle with `tag` and
/// arguments that are numbers or handles; any other call (more than 3 arguments, another kind of
/// value, a foreign `self`) or a KL_FAST_SLOW answer runs Swift function `id`, the method's general body.
void kl_push_fast_method(lua_State *L, int id, int method, uint64_t tag, kl_FastMethod call, void *context);

/// Work a fast setter or method left for later (KL_FAST_DEFERRED) is done by `settle(context)`
/// before Lua next reaches the host: before any Swift function runs, and when a kl_pcall returns.
/// It runs with the memory cap relaxed and must not raise. NULL: none.
typedef void (*kl_Settle)(void *context);
void kl_set_settle(lua_State *L, kl_Settle settle, void *context);

/// A name's value in the `members` and `setters` tables of a handle type: the Swift function id in
/// the low 32 bits and, for a fast member, its index + 1 above.
static inline lua_Integer kl_member_code(int id, int fast_index) {
    return (lua_Integer)id | (fast_index < 0 ? 0 : (lua_Integer)(fast_index + 1) << 32);
}

/// Pushes the `__index` metamethod of a handle type: `members` maps a name to a member code (see
/// `kl_member_code`) or a method (function); a missing name calls Swift function `missing_id`.
/// A fast member is read by `get` (NULL: none) for handles with `tag`, without a Swift call through
/// the dispatcher; `context` is passed to it as is (not retained). Fast members and fast methods
/// (kl_push_fast_method) are found by their name's string object, other names in `members`. The
/// table `members` is taken from the top of the stack (popped).
void kl_push_index(lua_State *L, int missing_id, uint64_t tag, kl_FastGetter get, void *context);
/// Pushes the `__newindex` metamethod: `setters` (top of stack, popped) maps a name to a member
/// code; a fast member given a number is written by `set` (NULL: none).
void kl_push_newindex(lua_State *L, int missing_id, uint64_t tag, kl_FastSetter set, void *context);
/// Pushes an `__eq` metamethod comparing the handle blocks.
void kl_push_handle_eq(lua_State *L);
/// Pushes a `__gc` metamethod that calls Swift function `id` with the collected userdata at index 1.
/// It never raises (a finalizer's error would only become a warning) and runs with the memory cap
/// relaxed, like any Swift function.
void kl_push_handle_gc(lua_State *L, int id);

/// Reads the handle at `idx` if it is a handle userdata with `tag`; returns 1 on success.
static inline int kl_tohandle(lua_State *L, int idx, uint64_t tag, int64_t *key) {
    // lua_touserdata is NULL for non-userdata; lua_rawlen is 0 for light userdata.
    const kl_HandleBlock *b = (const kl_HandleBlock *)lua_touserdata(L, idx);
    if (!b || lua_rawlen(L, idx) != sizeof(kl_HandleBlock) || b->tag != tag) return 0;
    *key = b->key;
    return 1;
}
/// The tag of the handle userdata at `idx`, or 0 if it is not one.
static inline uint64_t kl_handle_tag(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TUSERDATA || lua_rawlen(L, idx) != sizeof(kl_HandleBlock)) return 0;
    return ((const kl_HandleBlock *)lua_touserdata(L, idx))->tag;
}
/// Allocates a handle userdata (no metatable yet) with one user value, which a binding may set to
/// what the handle's object needs alive (an item's world).
static inline void kl_newhandle(lua_State *L, int64_t key, uint64_t tag) {
    kl_HandleBlock *b = (kl_HandleBlock *)lua_newuserdatauv(L, sizeof(kl_HandleBlock), 1);
    b->key = key;
    b->tag = tag;
}

// MARK: - Macros and variadics as functions

static inline int kl_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int kl_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void kl_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void kl_newtable(lua_State *L) { lua_newtable(L); }
static inline const char *kl_tostring(lua_State *L, int i, size_t *len) { return lua_tolstring(L, i, len); }
static inline lua_Number kl_tonumber(lua_State *L, int i, int *isnum) { return lua_tonumberx(L, i, isnum); }
static inline lua_Integer kl_tointeger(lua_State *L, int i, int *isnum) { return lua_tointegerx(L, i, isnum); }
static inline int kl_isinteger(lua_State *L, int i) { return lua_isinteger(L, i); }
static inline void kl_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void kl_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline void kl_replace(lua_State *L, int i) { lua_replace(L, i); }
static inline void kl_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
static inline int kl_isnoneornil(lua_State *L, int i) { return lua_type(L, i) <= 0; }
static inline void kl_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }
static inline int kl_count_kilobytes(lua_State *L) { return lua_gc(L, LUA_GCCOUNT); }
static inline int kl_gc_is_generational(lua_State *L) {
    int previous = lua_gc(L, LUA_GCGEN, 0, 0);
    return previous == LUA_GCGEN;
}
