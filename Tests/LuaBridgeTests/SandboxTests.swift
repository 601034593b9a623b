// The sandbox: every denial fails with a clear error, and what a level may do still works.
import Foundation
import Testing
@testable import KineticLuaBridge

@Suite struct SandboxTests {
    let folder: String
    let state: LuaState

    init() throws {
        let folder = try makeFolder([
            "level/main.lua": "return 1",
            "level/data.txt": "hello\nworld\n",
            "level/lib/util.lua": "local M = {} function M.twice(x) return 2 * x end return M",
            "level/pkg/init.lua": "return { name = ... }",
            "level/broken.lua": "return = 1",
            "secret.txt": "top secret",
            "secret.lua": "return 'escaped'",
        ])
        try FileManager.default.createSymbolicLink(atPath: folder + "/level/link.txt", withDestinationPath: folder + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: folder + "/level/linkmod.lua", withDestinationPath: folder + "/secret.lua")
        self.folder = folder
        state = try makeState { $0.folder = folder + "/level" }
    }

    func message(_ source: String) -> String? { luaError(of: source, in: state)?.message }

    @Test func processAndEnvironmentAccessIsDenied() {
        let hint = " (use world.time for time; run with --trust to lift the sandbox)"
        #expect(message("os.execute('true')") == "chunk:1: os.execute is not available in a sandboxed level" + hint)
        #expect(message("os.exit(1)") == "chunk:1: os.exit is not available in a sandboxed level" + hint)
        #expect(message("os.getenv('HOME')")?.hasPrefix("chunk:1: os.getenv is not available") == true)
        #expect(message("os.remove('data.txt')")?.hasPrefix("chunk:1: os.remove is not available") == true)
        #expect(message("os.rename('a', 'b')")?.hasPrefix("chunk:1: os.rename is not available") == true)
        #expect(message("os.tmpname()")?.hasPrefix("chunk:1: os.tmpname is not available") == true)
        #expect(message("return os.time()")?.hasPrefix("chunk:1: os.time is not available") == true)
        #expect(message("return os.clock()")?.hasPrefix("chunk:1: os.clock is not available") == true)
        #expect(message("return os.date()")?.hasPrefix("chunk:1: os.date is not available") == true)
        #expect(message("io.popen('ls')")?.hasPrefix("chunk:1: io.popen is not available in a sandboxed level") == true)
    }

    @Test func filesInsideTheFolderCanBeRead() throws {
        #expect(try state.run("local f = assert(io.open('data.txt')) local s = f:read('l') f:close() return s") == [.string("hello")])
        #expect(try state.run("local n = 0 for line in io.lines('data.txt') do n = n + 1 end return n") == [.integer(2)])
        #expect(try state.run("return io.open('lib/../data.txt') ~= nil") == [.boolean(true)])
    }

    @Test func filesOutsideTheFolderAreDenied() throws {
        let outside = "access outside the level folder is not allowed"
        #expect(try state.run("return io.open('../secret.txt')") == [.nil, .string("../secret.txt: " + outside)])
        #expect(try state.run("return select(2, io.open('\(folder)/secret.txt'))") == [.string("\(folder)/secret.txt: " + outside)])
        #expect(try state.run("return select(2, io.open('link.txt'))") == [.string("link.txt: " + outside)])
        #expect(try state.run("return select(2, io.open('/etc/passwd'))") == [.string("/etc/passwd: " + outside)])
        #expect(message("for l in io.lines('../secret.txt') do end") == "chunk:1: ../secret.txt: " + outside)
        #expect(message("dofile('../secret.lua')") == "chunk:1: ../secret.lua: " + outside)
        #expect(try state.run("return select(2, loadfile('link.txt'))") == [.string("link.txt: " + outside)])
    }

    @Test func writingIsDenied() {
        #expect(message("io.open('new.txt', 'w')")
                == "chunk:1: io.open: mode 'w' is not allowed in a sandboxed level: files may only be read (run with --trust to lift the sandbox)")
        #expect(message("io.open('data.txt', 'a+')")?.contains("mode 'a+' is not allowed") == true)
        #expect(message("io.write('x')")?.hasPrefix("chunk:1: io.write is not available") == true)
    }

    @Test func requireLoadsOnlyModulesOfTheLevelFolder() throws {
        #expect(try state.run("return require('lib.util').twice(21)") == [.integer(42)])
        #expect(try state.run("return require('pkg').name") == [.string("pkg")])
        #expect(try state.run("return require('lib.util') == require('lib.util')") == [.boolean(true)])
        #expect(message("require('..secret')")
                == "chunk:1: module '..secret' not found: modules are named relative to the level folder")
        #expect(message("require('linkmod')")?.hasPrefix("chunk:1: module 'linkmod' not found in the level folder:\n\tlinkmod.lua: access outside") == true)
        #expect(message("require('socket')")?.hasPrefix("chunk:1: module 'socket' not found in the level folder:") == true)
        #expect(message("require('broken')") == "broken.lua:1: unexpected symbol near '='")
        #expect(message("package.loadlib('libc.so.6', 'system')")?.hasPrefix("chunk:1: package.loadlib is not available") == true)
        #expect(message("return package.cpath")?.hasPrefix("chunk:1: package.cpath is not available") == true)
    }

    @Test func hostModulesAreRequirable() throws {
        state.registerModule("kinetic", functions: [("version", { lua in lua.push("1"); return 1 })])
        #expect(try state.run("return require('kinetic').version(), kinetic == require('kinetic')") == [.string("1"), .boolean(true)])
    }

    @Test func bytecodeIsRejected() throws {
        #expect(message("string.dump(print)")?.hasPrefix("chunk:1: attempt to call a nil value (field 'dump')") == true)
        #expect(try state.run("return ('').dump") == [.nil])
        // Even real bytecode (made by a trusted state) does not load.
        let trusted = try makeState { $0.trusted = true }
        let bytecode = try trusted.run("return string.dump(function() return 1 end)")
        let load = try state.load("return load(...)", name: "loader")
        let results = try state.call(load, bytecode)
        #expect(results == [.nil, .string("attempt to load a binary chunk (mode is 't')")])
        let loadExplicit = try state.load("return load(..., 'x', 'b')", name: "loader")
        #expect(try state.call(loadExplicit, bytecode)[1] == .string("attempt to load a binary chunk (mode is 't')"))
    }

    @Test func loadedChunksStayInTheSandbox() throws {
        #expect(message("load('os.execute()')()")?.contains("os.execute is not available") == true)
    }

    @Test func debugIsDeniedExceptTraceback() throws {
        #expect(message("debug.getinfo(1)")?.hasPrefix("chunk:1: debug.getinfo is not available") == true)
        #expect(message("debug.sethook()")?.hasPrefix("chunk:1: debug.sethook is not available") == true)
        #expect(try state.run("return type(debug.traceback())") == [.string("string")])
    }

    @Test func stringMetatableIsLocked() throws {
        #expect(try state.run("return getmetatable('')") == [.boolean(false)])
        #expect(message("setmetatable('', {})")?.contains("bad argument #1 to 'setmetatable'") == true)
        // Changing the level's own string table is allowed and affects only this state.
        #expect(try state.run("string.upper = function() return 'hacked' end return ('a'):upper()") == [.string("hacked")])
        let other = try makeState()
        #expect(try other.run("return ('a'):upper()") == [.string("A")])
    }

    @Test func collectgarbageIsLimited() throws {
        #expect(try state.run("return type(collectgarbage('count'))") == [.string("number")])
        #expect(message("collectgarbage('stop')")?.hasPrefix("chunk:1: collectgarbage('stop') is not available") == true)
    }

    @Test func trustedStatesHaveTheFullLibrary() throws {
        let trusted = try makeState { $0.trusted = true; $0.folder = folder + "/level" }
        #expect(try trusted.run("return type(os.execute), type(io.popen), type(debug.getinfo)")
                == [.string("function"), .string("function"), .string("function")])
        #expect(try trusted.run("return require('lib.util').twice(2)") == [.integer(4)])
    }
}

@Suite struct SandboxExtrasTests {
    @Test func finalizersAreRefused() throws {
        let state = try makeState()
        #expect(luaError(of: "setmetatable({}, {__gc = function() end})", in: state)?.message
                == "chunk:1: setmetatable: __gc metamethods are not available in a sandboxed level (run with --trust to lift the sandbox)")
        #expect(try state.run("return getmetatable(setmetatable({}, {__index = {a = 1}})).__index.a") == [.integer(1)])
    }

    @Test func requiredFilesAreListedInLoadOrder() throws {
        let folder = try makeFolder(["a.lua": "return require('b')", "b.lua": "return 1"])
        let state = try makeState { $0.folder = folder }
        try state.run("require('a')")
        #expect(state.requiredFiles == ["a.lua", "b.lua"])
    }

    @Test func freshEnvironmentsKeepAChunksGlobalsApart() throws {
        let state = try makeState()
        let env = state.newEnvironment()
        try state.call(try state.load("counter = 1 return math.floor(2.5)", name: "level.lua", environment: env))
        #expect(state.global("counter") == .nil)
        #expect(try state.call(try state.load("return counter", name: "check", environment: env)) == [.integer(1)])
    }

    @Test func globalFunctionsAreNamedInErrors() throws {
        let state = try makeState()
        state.setGlobalFunction("scenario") { lua in
            _ = try lua.string(1, "name")
            _ = try lua.function(2, "body")
            return 0
        }
        #expect(luaError(of: "scenario('x', 5)", in: state)?.message == "chunk:1: scenario: 'body' must be a function, got 5")
    }
}
