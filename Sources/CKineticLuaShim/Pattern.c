// string.find, match, gmatch and gsub as in Lua 5.4 (manual §6.4.1), counting their work so that
// the budgets stop a backtracking pattern inside the call, where the count hook cannot.
#include "CLuaShim.h"
#include <ctype.h>
#include <string.h>

#define ESCAPE '%'
#define SPECIALS "^$*+?.([%-"
// Lua's MAXCCALLS for patterns: how deeply match() may nest before "pattern too complex".
#define MAX_DEPTH 200
// Lua's LUA_MAXCAPTURES.
#define MAX_CAPTURES 32
// Steps between two budget checks: a check is cheap, but not as cheap as a step.
#define STEPS_PER_CHECK 1024

enum { CAPTURE_OPEN = -1, CAPTURE_POSITION = -2 };

typedef struct Matcher {
    lua_State *L;
    const char *what;             // "string.find": names the function in a budget stop
    const char *problem;          // and what was too much
    const char *subject, *subject_end, *pattern_end;  // both strings end in '\0' at *_end
    int depth_left;
    int captures;                 // finished or open
    long steps_left;              // until the next budget check
    struct { const char *start; ptrdiff_t length; } capture[MAX_CAPTURES];
} Matcher;

// MARK: - Budget

// One step is one pattern item entered or one subject character tried (a comparison of n characters
// is n steps): the unit of work that the instruction budget counts and the time budget checks between.
static void settle(Matcher *m) {
    long spent = STEPS_PER_CHECK - m->steps_left;
    m->steps_left = STEPS_PER_CHECK;
    kl_charge(m->L, spent, m->what, m->problem);
}

static inline void step(Matcher *m, long steps) {
    m->steps_left -= steps;
    if (m->steps_left <= 0) settle(m);
}

static void begin(Matcher *m, lua_State *L, const char *what, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->what = what;
    m->problem = "pattern too complex";
    m->subject = s;
    m->subject_end = s + ls;
    m->pattern_end = p + lp;
    m->depth_left = MAX_DEPTH;
    m->captures = 0;
    m->steps_left = STEPS_PER_CHECK;
}

// MARK: - Single characters

// The matching algorithm is that of Lua 5.4's lstrlib.c (MIT licence, Copyright (C) 1994-2022
// Lua.org, PUC-Rio), so that results and error messages are the same: a pattern is checked only as
// far as the matcher gets, and a malformed tail that is never reached raises no error there either.

// Where the single-character class at `p` ends ("%a", "[set]", ".", "x").
static const char *class_end(Matcher *m, const char *p) {
    switch (*p++) {
    case ESCAPE:
        if (p == m->pattern_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    case '[':
        if (*p == '^') p++;
        do {  // the first character is a member even if it is ']'
            if (p == m->pattern_end) luaL_error(m->L, "malformed pattern (missing ']')");
            if (*p++ == ESCAPE && p < m->pattern_end) p++;
        } while (*p != ']');
        return p + 1;
    default:
        return p;
    }
}

// `c` against the class letter after '%': lower case is the class, upper case its complement,
// anything else stands for itself.
static int in_class(int c, int letter) {
    int found;
    switch (tolower(letter)) {
    case 'a': found = isalpha(c); break;
    case 'c': found = iscntrl(c); break;
    case 'd': found = isdigit(c); break;
    case 'g': found = isgraph(c); break;
    case 'l': found = islower(c); break;
    case 'p': found = ispunct(c); break;
    case 's': found = isspace(c); break;
    case 'u': found = isupper(c); break;
    case 'w': found = isalnum(c); break;
    case 'x': found = isxdigit(c); break;
    case 'z': found = c == 0; break;  // deprecated, still part of 5.4
    default: return letter == c;
    }
    return islower(letter) ? found != 0 : !found;
}

// `c` against the set from '[' at `p` to its ']' at `close`.
static int in_set(int c, const char *p, const char *close) {
    int member = 1;
    if (p[1] == '^') {
        member = 0;
        p++;
    }
    while (++p < close) {
        if (*p == ESCAPE) {
            p++;
            if (in_class(c, (unsigned char)*p)) return member;
        } else if (p[1] == '-' && p + 2 < close) {
            p += 2;
            if ((unsigned char)p[-2] <= c && c <= (unsigned char)*p) return member;
        } else if ((unsigned char)*p == c) {
            return member;
        }
    }
    return !member;
}

// Whether the character at `s` (none at the subject's end) matches the class from `p` to `ep`.
static int single_match(Matcher *m, const char *s, const char *p, const char *ep) {
    if (s >= m->subject_end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case ESCAPE: return in_class(c, (unsigned char)p[1]);
    case '[': return in_set(c, p, ep - 1);
    default: return (unsigned char)*p == c;
    }
}

// MARK: - Items

static const char *match(Matcher *m, const char *s, const char *p);

// %bxy at `p` (pointing at x): the end of a balanced x...y run starting at `s`, or NULL.
static const char *balanced(Matcher *m, const char *s, const char *p) {
    if (p >= m->pattern_end - 1) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (*s != *p) return NULL;
    int open = *p, close = p[1], depth = 1;
    const char *start = s;
    while (++s < m->subject_end) {
        if (*s == close) {
            if (--depth == 0) break;
        } else if (*s == open) {
            depth++;
        }
    }
    step(m, s - start);  // one linear scan: charged once it is done
    return s < m->subject_end ? s + 1 : NULL;
}

// `*` and `+` (after the first): as many repetitions as match, then fewer until the rest matches.
static const char *longest(Matcher *m, const char *s, const char *p, const char *ep) {
    ptrdiff_t count = 0;
    while (single_match(m, s + count, p, ep)) count++;
    step(m, count);  // one linear scan: charged once it is done
    for (; count >= 0; count--) {
        const char *end = match(m, s + count, ep + 1);
        if (end) return end;
    }
    return NULL;
}

// `-`: as few repetitions as let the rest match.
static const char *shortest(Matcher *m, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *end = match(m, s, ep + 1);
        if (end) return end;
        if (!single_match(m, s, p, ep)) return NULL;
        s++;
    }
}

static const char *open_capture(Matcher *m, const char *s, const char *p, ptrdiff_t kind) {
    if (m->captures >= MAX_CAPTURES) luaL_error(m->L, "too many captures");
    m->capture[m->captures].start = s;
    m->capture[m->captures].length = kind;
    m->captures++;
    const char *end = match(m, s, p);
    if (!end) m->captures--;
    return end;
}

static const char *close_capture(Matcher *m, const char *s, const char *p) {
    int i = m->captures - 1;
    while (i >= 0 && m->capture[i].length != CAPTURE_OPEN) i--;
    if (i < 0) luaL_error(m->L, "invalid pattern capture");
    m->capture[i].length = s - m->capture[i].start;
    const char *end = match(m, s, p);
    if (!end) m->capture[i].length = CAPTURE_OPEN;
    return end;
}

// %1-%9 at `s`: the text of a finished capture again.
static const char *back_reference(Matcher *m, const char *s, int digit) {
    int i = digit - '1';
    if (i < 0 || i >= m->captures || m->capture[i].length == CAPTURE_OPEN)
        luaL_error(m->L, "invalid capture index %%%d", i + 1);
    size_t length = (size_t)m->capture[i].length;  // a position capture's is huge: it never matches
    if ((size_t)(m->subject_end - s) < length) return NULL;
    step(m, (long)length);
    return memcmp(m->capture[i].start, s, length) == 0 ? s + length : NULL;
}

// The end of a match of pattern `p` at `s`, or NULL. Tail positions loop instead of recursing.
static const char *match(Matcher *m, const char *s, const char *p) {
    if (m->depth_left-- == 0) luaL_error(m->L, "pattern too complex");
    for (;;) {
        step(m, 1);
        if (p == m->pattern_end) break;
        if (*p == '(') {
            s = p[1] == ')' ? open_capture(m, s, p + 2, CAPTURE_POSITION) : open_capture(m, s, p + 1, CAPTURE_OPEN);
            break;
        }
        if (*p == ')') {
            s = close_capture(m, s, p + 1);
            break;
        }
        if (*p == '$' && p + 1 == m->pattern_end) {
            if (s != m->subject_end) s = NULL;
            break;
        }
        if (*p == ESCAPE && p[1] == 'b') {
            s = balanced(m, s, p + 2);
            if (!s) break;
            p += 4;
            continue;
        }
        if (*p == ESCAPE && p[1] == 'f') {
            p += 2;
            if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
            const char *ep = class_end(m, p);
            int before = s == m->subject ? '\0' : (unsigned char)s[-1];
            if (in_set(before, p, ep - 1) || !in_set((unsigned char)*s, p, ep - 1)) {
                s = NULL;
                break;
            }
            p = ep;
            continue;
        }
        if (*p == ESCAPE && p[1] >= '0' && p[1] <= '9') {
            s = back_reference(m, s, (unsigned char)p[1]);
            if (!s) break;
            p += 2;
            continue;
        }
        // A single-character class and its optional quantifier.
        const char *ep = class_end(m, p);
        if (!single_match(m, s, p, ep)) {
            if (*ep == '*' || *ep == '?' || *ep == '-') {  // zero repetitions will do
                p = ep + 1;
                continue;
            }
            s = NULL;
            break;
        }
        if (*ep == '?') {
            const char *end = match(m, s + 1, ep + 1);
            if (end) {
                s = end;
                break;
            }
            p = ep + 1;
            continue;
        }
        if (*ep == '+' || *ep == '*') {
            s = longest(m, *ep == '+' ? s + 1 : s, p, ep);
            break;
        }
        if (*ep == '-') {
            s = shortest(m, s, p, ep);
            break;
        }
        s++;
        p = ep;
    }
    m->depth_left++;
    return s;
}

// MARK: - Captures as Lua values

// Capture `i` (the whole match `s`..`e` when the pattern has none): its text and length, or, for a
// position capture, CAPTURE_POSITION with the position already pushed.
static ptrdiff_t get_capture(Matcher *m, int i, const char *s, const char *e, const char **text) {
    if (i >= m->captures) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        *text = s;
        return e - s;
    }
    ptrdiff_t length = m->capture[i].length;
    *text = m->capture[i].start;
    if (length == CAPTURE_OPEN) luaL_error(m->L, "unfinished capture");
    if (length == CAPTURE_POSITION) lua_pushinteger(m->L, (m->capture[i].start - m->subject) + 1);
    return length;
}

static void push_capture(Matcher *m, int i, const char *s, const char *e) {
    const char *text;
    ptrdiff_t length = get_capture(m, i, s, e, &text);
    if (length != CAPTURE_POSITION) lua_pushlstring(m->L, text, (size_t)length);
}

// Pushes every capture (the whole match if there are none and `s` is given); returns how many.
static int push_captures(Matcher *m, const char *s, const char *e) {
    int count = m->captures == 0 && s ? 1 : m->captures;
    luaL_checkstack(m->L, count, "too many captures");
    for (int i = 0; i < count; i++) push_capture(m, i, s, e);
    return count;
}

// MARK: - find and match

// A start position argument: negative counts from the end; the result is 1-based, at least 1.
static size_t start_position(lua_Integer position, size_t length) {
    if (position > 0) return (size_t)position;
    if (position == 0 || position < -(lua_Integer)length) return 1;
    return length + (size_t)position + 1;
}

// Whether the pattern has no magic characters (it may hold '\0's, which strpbrk stops at).
static int is_plain(const char *p, size_t lp) {
    size_t upto = 0;
    do {
        if (strpbrk(p + upto, SPECIALS)) return 0;
        upto += strlen(p + upto) + 1;
    } while (upto <= lp);
    return 1;
}

// Where `needle` first occurs in `haystack`, or NULL; each candidate costs the length it may compare.
static const char *plain_find(Matcher *m, const char *haystack, size_t lh, const char *needle, size_t ln) {
    if (ln == 0) return haystack;
    if (ln > lh) return NULL;
    const char *last = haystack + (lh - ln);
    while (haystack <= last) {
        const char *candidate = memchr(haystack, *needle, (size_t)(last - haystack) + 1);
        if (!candidate) return NULL;
        step(m, (long)ln);
        if (memcmp(candidate + 1, needle + 1, ln - 1) == 0) return candidate;
        haystack = candidate + 1;
    }
    return NULL;
}

static int find_or_match(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    int plain = find && (lua_toboolean(L, 4) || is_plain(p, lp));
    int anchored = !plain && *p == '^';
    if (anchored) p++, lp--;
    Matcher m;
    begin(&m, L, find ? "string.find" : "string.match", s, ls, p, lp);
    int results = 0;
    if (plain) {
        m.problem = "plain search too long";
        const char *at = plain_find(&m, s + init, ls - init, p, lp);
        if (at) {
            lua_pushinteger(L, (at - s) + 1);
            lua_pushinteger(L, (lua_Integer)((at - s) + lp));
            results = 2;
        }
    } else {
        const char *start = s + init;
        do {
            m.captures = 0;
            const char *end = match(&m, start, p);
            if (end) {
                if (find) {
                    lua_pushinteger(L, (start - s) + 1);
                    lua_pushinteger(L, end - s);
                    results = push_captures(&m, NULL, NULL) + 2;
                } else {
                    results = push_captures(&m, start, end);
                }
                break;
            }
        } while (start++ < m.subject_end && !anchored);
    }
    settle(&m);
    if (results == 0) luaL_pushfail(L);
    return results ? results : 1;
}

static int string_find(lua_State *L) { return find_or_match(L, 1); }
static int string_match(lua_State *L) { return find_or_match(L, 0); }

// MARK: - gmatch

typedef struct Iteration {
    const char *next;       // where the next match is tried
    const char *pattern;
    const char *last_end;   // end of the previous match: an empty match there is skipped
    Matcher m;
} Iteration;

static int gmatch_next(lua_State *L) {
    Iteration *it = (Iteration *)lua_touserdata(L, lua_upvalueindex(3));
    it->m.L = L;  // the iterator may run in another coroutine than the one that made it
    int results = 0;
    for (const char *start = it->next; start <= it->m.subject_end; start++) {
        it->m.captures = 0;
        const char *end = match(&it->m, start, it->pattern);
        if (end && end != it->last_end) {
            it->next = it->last_end = end;
            results = push_captures(&it->m, start, end);
            break;
        }
    }
    settle(&it->m);
    return results;
}

static int string_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_position(luaL_optinteger(L, 3, 1), ls) - 1;
    lua_settop(L, 2);  // the strings stay alive as upvalues of the iterator
    Iteration *it = (Iteration *)lua_newuserdatauv(L, sizeof(Iteration), 0);
    if (init > ls) init = ls + 1;
    begin(&it->m, L, "string.gmatch", s, ls, p, lp);
    it->next = s + init;
    it->pattern = p;
    it->last_end = NULL;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

// MARK: - gsub

// Appends the replacement string (argument 3) with %0-%9 and %% expanded.
static void add_template(Matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = m->L;
    size_t left;
    const char *text = lua_tolstring(L, 3, &left);
    const char *escape;
    while ((escape = memchr(text, ESCAPE, left)) != NULL) {
        luaL_addlstring(b, text, (size_t)(escape - text));
        const char *c = escape + 1;
        if (*c == ESCAPE) {
            luaL_addchar(b, ESCAPE);
        } else if (*c == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)*c)) {
            const char *capture;
            ptrdiff_t length = get_capture(m, *c - '1', s, e, &capture);
            if (length == CAPTURE_POSITION) luaL_addvalue(b);
            else luaL_addlstring(b, capture, (size_t)length);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", ESCAPE);
        }
        left -= (size_t)(c + 1 - text);
        text = c + 1;
    }
    luaL_addlstring(b, text, left);
}

// Appends the replacement of the match `s`..`e`; returns whether the subject changed (a function
// or table that gives nil or false keeps the matched text).
static int add_replacement(Matcher *m, luaL_Buffer *b, const char *s, const char *e, int type) {
    lua_State *L = m->L;
    if (type == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int count = push_captures(m, s, e);
        lua_call(L, count, 1);
    } else if (type == LUA_TTABLE) {
        push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_template(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int string_gsub(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int type = lua_type(L, 3);
    lua_Integer max = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    luaL_argexpected(L, type == LUA_TNUMBER || type == LUA_TSTRING || type == LUA_TFUNCTION || type == LUA_TTABLE,
                     3, "string/function/table");
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    int anchored = *p == '^';
    if (anchored) p++, lp--;
    Matcher m;
    begin(&m, L, "string.gsub", s, ls, p, lp);
    const char *last_end = NULL;
    lua_Integer count = 0;
    int changed = 0;
    while (count < max) {
        m.captures = 0;
        const char *end = match(&m, s, p);
        if (end && end != last_end) {
            count++;
            changed = add_replacement(&m, &b, s, end, type) | changed;
            s = last_end = end;
        } else if (s < m.subject_end) {
            luaL_addchar(&b, *s++);
        } else {
            break;
        }
        if (anchored) break;
    }
    settle(&m);
    if (changed) {
        luaL_addlstring(&b, s, (size_t)(m.subject_end - s));
        luaL_pushresult(&b);
    } else {
        lua_pushvalue(L, 1);
    }
    lua_pushinteger(L, count);
    return 2;
}

// MARK: - Library

void kl_push_pattern_functions(lua_State *L) {
    static const luaL_Reg functions[] = {
        {"find", string_find}, {"match", string_match}, {"gmatch", string_gmatch}, {"gsub", string_gsub}, {NULL, NULL},
    };
    luaL_newlib(L, functions);
}
