// A Lua value kept alive from Swift through a registry reference.
import CKineticLua
import CKineticLuaShim

/// A Lua value (typically a function or a table) held in the registry so that Swift can push or
/// call it later. Releasing the last Swift reference releases the registry slot; a reference that
/// outlives its state does nothing.
public final class LuaReference {
    /// The registry slot (`LUA_REFNIL` for nil).
    public let ref: Int32
    weak var state: LuaState?

    init(ref: Int32, state: LuaState) {
        self.ref = ref
        self.state = state
    }

    deinit {
        if let state, ref >= 0 { luaL_unref(state.L, kl_registryindex(), ref) }
    }
}
