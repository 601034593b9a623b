// KineticLua
