// Umbrella header of the system Lua 5.4 library (Debian liblua5.4-dev).
#include <lua5.4/lua.h>
#include <lua5.4/lualib.h>
#include <lua5.4/lauxlib.h>
