// The limits of a state: memory cap, wall-clock time budget and instruction budget. The mechanisms
// (capped lua_Alloc, watchdog thread, count hook) are in CLuaShim/Bridge.c.
import CKineticLua
import CKineticLuaShim

extension LuaState {
    /// Wall-clock budget in seconds per outermost host→Lua call (nil = none).
    public var timeBudget: Double? {
        get { kl_time_budget(L) > 0 ? kl_time_budget(L) : nil }
        set { kl_set_time_budget(L, newValue ?? 0) }
    }

    /// True once the current outermost call has spent its time budget (host work inside it, such
    /// as stepping a world, checks this to stop too).
    public var isTimeUp: Bool { kl_time_is_up(L) != 0 }

    /// Instruction budget per outermost host→Lua call (nil = none).
    public var instructionBudget: Int? {
        get { kl_instruction_budget(L) > 0 ? Int(kl_instruction_budget(L)) : nil }
        set { kl_set_instruction_budget(L, Int64(newValue ?? 0)) }
    }

    /// Memory cap in bytes (0 = none).
    public var memoryLimit: Int {
        get { kl_memory_cap(L) }
        set { kl_set_memory_cap(L, newValue) }
    }

    /// Bytes the state has allocated.
    public var memoryUsed: Int { kl_memory_used(L) }

    /// Runs a full garbage collection.
    public func collectGarbage() { kl_collect(L) }
}
