// Escape attempts from inside a real level (`Level.load`, sandbox on): each must be denied with an
// error that names what was refused, and the level must keep running.
import Foundation
import KineticLua
import KineticLuaBridge
import Testing

@Suite struct SandboxEscapeTests {
    /// Runs `attempt` as line 2 of a level's `load`; returns the error message it raised.
    func denial(_ attempt: String, files: [String: String] = [:]) -> String? {
        loadError("local level = {}\nfunction level.load(world) \(attempt) end\nreturn level", files: files)?.message
    }

    @Test func processesCannotBeStarted() {
        #expect(denial("os.execute('touch /tmp/kinetic-escaped')")?.hasPrefix("main.lua:2: os.execute is not available in a sandboxed level") == true)
        #expect(denial("io.popen('id')")?.hasPrefix("main.lua:2: io.popen is not available in a sandboxed level") == true)
        #expect(denial("os.exit(3)")?.hasPrefix("main.lua:2: os.exit is not available") == true)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/kinetic-escaped"))
    }

    @Test func filesOutsideTheFolderCannotBeRead() throws {
        // A secret beside the level folder, and a symlink inside the folder pointing at it.
        let parent = try levelFolder(["secret.txt": "s3cret"])
        let folder = parent + "/level"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.txt", withDestinationPath: parent + "/secret.txt")
        for path in ["../secret.txt", "\(parent)/secret.txt", "link.txt", "/etc/passwd", "sub/../../secret.txt"] {
            let main = """
                local level = {}
                function level.load(world)
                  local f, err = io.open('\(path)')
                  if f then error('read ' .. f:read('a')) end
                  error('denied: ' .. tostring(err))
                end
                return level
                """
            try main.write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
            let message = levelError { _ = try Level.load(path: folder, options: testOptions()) }?.message ?? ""
            // Denied as outside the folder, or (a path through a missing folder) as not found.
            #expect(message.hasPrefix("main.lua:5: denied: \(path): access outside the level folder")
                    || message == "main.lua:5: denied: \(path): No such file or directory", "\(path): \(message)")
            #expect(!message.contains("s3cret"))
        }
    }

    @Test func writingFilesIsDenied() {
        #expect(denial("io.open('out.txt', 'w')")?.hasPrefix("main.lua:2:") == true)
        #expect(denial("io.open('out.txt', 'w')")?.contains("not allowed") == true)
        #expect(denial("os.remove('main.lua')")?.hasPrefix("main.lua:2: os.remove is not available") == true)
    }

    @Test func requireStaysInTheFolder() throws {
        let parent = try levelFolder(["evil.lua": "EVIL = true return {}"])
        #expect(denial("require('..evil')")?.hasPrefix("main.lua:2: module '..evil' not found") == true)
        #expect(denial("require('\(parent)/evil')")?.hasPrefix("main.lua:2: module") == true)
        #expect(denial("require('socket')")?.hasPrefix("main.lua:2: module 'socket' not found in the level folder") == true)
        #expect(denial("package.loadlib('libc.so.6', 'system')")?.hasPrefix("main.lua:2: package.loadlib is not available") == true)
        #expect(denial("dofile('/etc/passwd')")?.contains("access outside the level folder") == true)
    }

    @Test func bytecodeCannotBeLoaded() {
        #expect(denial("string.dump(print)")?.hasPrefix("main.lua:2: attempt to call a nil value (field 'dump')") == true)
        // A hand-made binary chunk (the signature "\\27Lua") is refused by text-only load.
        #expect(denial("local f, err = load('\\27LuaT\\0\\25\\147\\r\\n\\26\\n') assert(f, err)")?.contains("attempt to load a binary chunk") == true)
        #expect(denial("local f, err = load('\\27Lua', 'x', 'b') assert(f, err)")?.contains("binary chunk") == true)
    }

    @Test func debugLibraryIsDenied() {
        #expect(denial("debug.getinfo(1)")?.hasPrefix("main.lua:2: debug.getinfo is not available") == true)
        #expect(denial("debug.setmetatable(1, {})")?.hasPrefix("main.lua:2: debug.setmetatable is not available") == true)
        #expect(denial("debug.getregistry()")?.hasPrefix("main.lua:2: debug.getregistry is not available") == true)
        #expect(denial("debug.sethook(function() end, 'l')")?.hasPrefix("main.lua:2: debug.sethook is not available") == true)
    }

    @Test func collectgarbageCannotStopTheCollector() {
        #expect(denial("collectgarbage('stop')")?.hasPrefix("main.lua:2: collectgarbage('stop') is not available") == true)
        #expect(denial("collectgarbage('incremental', 0, 0)")?.hasPrefix("main.lua:2:") == true)
        #expect(denial("collectgarbage('setpause', 1e9)")?.hasPrefix("main.lua:2:") == true)
        // What is allowed works.
        #expect(denial("assert(type(collectgarbage('count')) == 'number') collectgarbage() collectgarbage('step')") == nil)
    }

    /// A level that rewrites the `kinetic` module, the userdata metatables it can reach and the string
    /// metatable changes nothing for a second level in the same process.
    @Test func oneLevelCannotAffectAnother() throws {
        let vandal = """
            local level = {}
            function level.load(world)
              kinetic.gravity = function() error('vandalised') end
              string.upper = function() return 'vandalised' end
              local mt = getmetatable(world)
              if type(mt) == 'table' then pcall(function() mt.__index = function() error('vandalised') end end) end
              local item = world:addItem{ center = {0, 0}, size = {10, 10} }
              local imt = getmetatable(item)
              if type(imt) == 'table' then pcall(function() imt.__index = nil; imt.__newindex = nil end) end
              pcall(setmetatable, kinetic, { __index = function() error('vandalised') end })
              pcall(setmetatable, '', {})
            end
            return level
            """
        let first = try loadLevel(vandal)
        #expect(survives(first))
        let second = try loadLevel("""
            local level = {}
            function level.load(world)
              local g = kinetic.gravity{}
              world:addBehavior(g)
              local item = world:addItem{ name = 'x', center = {10, 10}, size = {10, 10} }
              assert(item.name == 'x' and ('a'):upper() == 'A' and world.width == 375)
            end
            return level
            """)
        #expect(second.itemCount == 1)
        // Metatables the level can see are protected from replacement.
        let message = loadError("local level = {}\nfunction level.load(world) setmetatable(world, {}) end\nreturn level")?.message
        #expect(message?.hasPrefix("main.lua:2:") == true)
    }

    @Test func loadedChunksStayInTheSandbox() {
        #expect(denial("load('os.execute(\"id\")')()")?.contains("os.execute is not available") == true)
        // The position is the loaded chunk's, where the access happened.
        #expect(denial("load('return io.popen')()('id')")?.hasPrefix("[string \"return io.popen\"]:1: io.popen is not available") == true)
    }
}
