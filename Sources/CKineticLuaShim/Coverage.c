// Which lines of a Lua file hold code, for coverage reports: the file is compiled (never run) and
// its binary chunk (lua_dump, Lua 5.4's ldump.c layout) is walked for each function's line info.
#include "CLuaShim.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    unsigned char *data;
    size_t length, capacity;
} kl_Buffer;

static int kl_dump_writer(lua_State *L, const void *p, size_t size, void *ud) {
    (void)L;
    kl_Buffer *b = ud;
    if (b->length + size > b->capacity) {
        size_t capacity = (b->length + size) * 2;
        unsigned char *grown = realloc(b->data, capacity);
        if (!grown) return 1;
        b->data = grown;
        b->capacity = capacity;
    }
    memcpy(b->data + b->length, p, size);
    b->length += size;
    return 0;
}

typedef struct {
    const unsigned char *p, *end;
    int failed;
} kl_Reader;

static size_t kl_size(kl_Reader *r) {  // ldump's dumpSize: 7 bits a byte, the last one flagged
    size_t x = 0;
    while (r->p < r->end) {
        unsigned char b = *r->p++;
        x = (x << 7) | (b & 0x7f);
        if (b & 0x80) return x;
    }
    r->failed = 1;
    return 0;
}

static void kl_skip(kl_Reader *r, size_t n) {
    if ((size_t)(r->end - r->p) < n) { r->failed = 1; r->p = r->end; } else r->p += n;
}

static void kl_skip_string(kl_Reader *r) {
    size_t size = kl_size(r);
    if (size > 0) kl_skip(r, size - 1);
}

static void kl_function(kl_Reader *r, unsigned char *lines, int count) {
    kl_skip_string(r);                       // source
    int linedefined = (int)kl_size(r);
    kl_size(r);                              // lastlinedefined
    kl_skip(r, 1);                           // numparams
    int vararg = r->p < r->end ? *r->p : 0;
    kl_skip(r, 2);                           // is_vararg, maxstacksize
    size_t code = kl_size(r);
    kl_skip(r, code * 4);
    size_t constants = kl_size(r);
    for (size_t i = 0; i < constants && !r->failed; i++) {
        int tag = r->p < r->end ? *r->p : 0;
        kl_skip(r, 1);
        if (tag == 3 || tag == 19) kl_skip(r, 8);                 // integer, float
        else if (tag == 4 || tag == 20) kl_skip_string(r);        // short, long string
    }
    kl_skip(r, kl_size(r) * 3);              // upvalues
    size_t protos = kl_size(r);
    for (size_t i = 0; i < protos && !r->failed; i++) kl_function(r, lines, count);
    size_t lineinfo = kl_size(r);
    const signed char *deltas = (const signed char *)r->p;
    kl_skip(r, lineinfo);
    size_t absolute = kl_size(r);
    const unsigned char *absolutes = r->p;
    for (size_t i = 0; i < absolute && !r->failed; i++) { kl_size(r); kl_size(r); }
    if (r->failed) return;
    // luaG_getfuncline, walked forward: a delta per instruction, or an absolute line (-128).
    kl_Reader table = { absolutes, r->p, 0 };
    int line = linedefined;
    for (size_t pc = 0; pc < lineinfo; pc++) {
        if (deltas[pc] == -128) {
            size_t at = kl_size(&table);
            line = (int)kl_size(&table);
            (void)at;
        } else {
            line += deltas[pc];
        }
        // A vararg function's first instruction (VARARGPREP) is never reported (ldebug's collectvalidlines).
        if (pc == 0 && vararg) continue;
        if (line > 0 && line < count) lines[line] = 1;
    }
    size_t locals = kl_size(r);
    for (size_t i = 0; i < locals && !r->failed; i++) { kl_skip_string(r); kl_size(r); kl_size(r); }
    size_t names = kl_size(r);
    for (size_t i = 0; i < names && !r->failed; i++) kl_skip_string(r);
}

int kl_code_lines(const char *text, size_t length, unsigned char *lines, int count) {
    lua_State *L = luaL_newstate();
    if (!L) return -1;
    int result = -1;
    kl_Buffer dump = { NULL, 0, 0 };
    if (luaL_loadbufferx(L, text, length, "=coverage", "t") == LUA_OK && lua_dump(L, kl_dump_writer, &dump, 0) == 0) {
        // Header: signature 4, version, format, LUAC_DATA 6, three sizes, LUAC_INT 8, LUAC_NUM 8,
        // then the main closure's upvalue count.
        kl_Reader r = { dump.data, dump.data + dump.length, 0 };
        kl_skip(&r, 4 + 1 + 1 + 6 + 3 + 8 + 8 + 1);
        kl_function(&r, lines, count);
        result = r.failed ? -1 : 0;
    }
    free(dump.data);
    lua_close(L);
    return result;
}
