import Testing
import Foundation
import LuaBridge
@testable import KineticLua

@Suite struct ExamplesProbe {
    @Test(arguments: ["basketball", "noise_field", "pinned_photo", "toss"]) func examples(name: String) throws {
        let folder = "/work/wt/examples/examples/" + name
        var options = LevelOptions()
        options.print = { print("  [\(name)] \($0)") }
        let level = try Level.load(path: folder, options: options)
        for _ in 0..<240 { try level.step() }
        let (scene, hudError) = level.scene()
        print(name, level.title, level.time, level.itemCount, scene.items.count, scene.hud.count, hudError as Any)
        // scenario
        let source = try String(contentsOfFile: folder + "/\(name)_test.lua", encoding: .utf8)
        var lua = LuaOptions(); lua.folder = folder
        lua.output = { print("  [\(name) test] \($0)") }
        let state = try LuaState(options: lua)
        state.installKinetic()
        try state.run("""
            cases = {}
            function scenario(name, fn) cases[#cases + 1] = { name = name, fn = fn } end
            function expect(v, m) if not v then error("expectation failed: " .. tostring(m), 2) end end
            function expectNear(a, b, tol, m) if math.abs(a - b) > tol then error(("expected %g near %g: %s"):format(a, b, tostring(m)), 2) end end
            function expectError(fn, pattern) local ok, e = pcall(fn); if ok then error("expected an error", 2) end
              if pattern and not tostring(e):find(pattern) then error("error '" .. tostring(e) .. "' does not match " .. pattern, 2) end end
            """, name: "runner")
        try state.run(source, name: "\(name)_test.lua")
        let results = try state.run("""
            local out = {}
            for _, c in ipairs(cases) do
              local ok, e = xpcall(c.fn, debug.traceback)
              out[#out + 1] = (ok and "PASS " or "FAIL ") .. c.name .. (ok and "" or ("\\n" .. tostring(e)))
            end
            return table.concat(out, "\\n")
            """, name: "runner")
        print(results.first!.description)
    }
}
