// LuaBridge
