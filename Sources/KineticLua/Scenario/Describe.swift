// busted's structure inside a scenario file: `describe` blocks group cases (`it`, `scenario`,
// `pending`) and carry `before_each`/`after_each` functions that run around every case below them.
import KineticLuaBridge

/// A `describe` block; the file itself is the outermost block, without a name.
final class DescribeBlock {
    let name: String?
    let parent: DescribeBlock?
    var beforeEach: [LuaReference] = []
    var afterEach: [LuaReference] = []

    init(name: String?, parent: DescribeBlock?) {
        self.name = name
        self.parent = parent
    }

    /// This block and those around it, outermost first.
    var chain: [DescribeBlock] { (parent?.chain ?? []) + [self] }
}

extension ScenarioSession {
    func installBlocks() {
        // scenario(name, fn) and it(name [, fn]): a case; `it` without a function is pending.
        bindGlobal("scenario") { [unowned self] lua in
            try register(lua, "scenario", function: try lua.function(2, "fn"))
        }
        bindGlobal("it") { [unowned self] lua in
            try register(lua, "it", function: try lua.optionalFunction(2, "fn"))
        }
        // pending(name [, fn]) while the file loads: a case that is listed and reported, never run.
        // pending([reason]) inside a running case: ends it, reported as pending.
        bindGlobal("pending") { [unowned self] lua in
            if registering { return try register(lua, "pending", function: nil) }
            pendingReason = try lua.optionalString(1, "reason") ?? ""
            throw LuaBindingError("pending")
        }

        // describe(name, fn): runs fn now; the cases it registers are named "<name> <case>".
        bindGlobal("describe") { [unowned self] lua in
            let name = try lua.string(1, "name")
            let function = try lua.function(2, "fn")
            try requireRegistering("describe", "blocks are declared while the file loads")
            let block = DescribeBlock(name: name, parent: currentBlock)
            currentBlock = block
            defer { currentBlock = block.parent ?? fileBlock }
            try lua.call(function)
            return 0
        }

        // before_each(fn), after_each(fn): run around every case of the enclosing block (or file).
        bindGlobal("before_each") { [unowned self] lua in
            let function = try lua.function(1, "fn")
            try requireRegistering("before_each", "it belongs in a describe block or at the top level")
            currentBlock.beforeEach.append(function)
            return 0
        }
        bindGlobal("after_each") { [unowned self] lua in
            let function = try lua.function(1, "fn")
            try requireRegistering("after_each", "it belongs in a describe block or at the top level")
            currentBlock.afterEach.append(function)
            return 0
        }
    }

    private func register(_ lua: Lua, _ what: String, function: LuaReference?) throws -> Int32 {
        let name = try lua.string(1, "name")
        try requireRegistering(what, "cases are registered while the file loads (at its top level or in a describe)")
        let names = currentBlock.chain.compactMap(\.name) + [name]
        cases.append(Registration(name: names.joined(separator: " "), function: function,
                                  line: lua.caller(at: 1)?.line ?? 0, block: currentBlock))
        return 0
    }

    private func requireRegistering(_ what: String, _ why: String) throws {
        guard registering else { throw LuaBindingError("\(what): \(why), not inside a case") }
    }
}
