// Placeholder: the C trampolines land here.
#include "CLuaShim.h"
