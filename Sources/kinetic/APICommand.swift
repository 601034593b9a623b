// `kinetic api`: the bound Lua surface as JSON, Lua Language Server definitions for editors, or a
// luacheck configuration.
import ArgumentParser
import Foundation
import KineticLua

struct API: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api",
        abstract: "Print the Lua API surface as JSON, or write Lua Language Server definitions or a luacheck configuration.",
        discussion: """
        Without options, prints every bound Lua name as JSON: module functions, constructors with their
        fields, types with properties/writable/methods, and the level table's fields and functions.

        With --luals DIR, writes DIR/kinetic.lua (`---@meta` definitions: classes, fields with types,
        units and defaults, string-enum aliases, typed constructors and level callbacks) for any editor
        that runs the Lua Language Server. --luarc also writes .luarc.json in the current directory
        (the folder you open in the editor): Lua 5.4, DIR on the library path, the kinetic globals,
        and the libraries the sandbox withholds disabled; an existing one is kept unless --force.
        --luacheckrc writes .luacheckrc in the current directory for luacheck: the standard library as
        the sandbox leaves it and `kinetic` with its fields, all read-only, plus the scenario globals for
        *_test.lua files; an existing one is kept unless --force. See docs/editor-support.md.

        Exit codes: 0 success, 1 the files could not be written (or .luarc.json/.luacheckrc exists), 64 bad
        command line.

        Examples:
          kinetic api > api.json
          kinetic api --luals .luals --luarc
          kinetic api --luacheckrc && luacheck .
          kinetic api --luals ~/.cache/kinetic-luals
        """
    )

    @Option(help: ArgumentHelp("Write Lua Language Server definitions (kinetic.lua) into this folder (created if missing).",
                               valueName: "dir"))
    var luals: String?

    @Flag(help: "With --luals: also write .luarc.json in the current directory, pointing at DIR.")
    var luarc = false

    @Flag(help: "Write a luacheck configuration, .luacheckrc, in the current directory.")
    var luacheckrc = false

    @Flag(help: "With --luarc or --luacheckrc: replace an existing file.")
    var force = false

    func validate() throws {
        if luarc && luals == nil { throw ValidationError("--luarc needs --luals DIR") }
        if force && !luarc && !luacheckrc { throw ValidationError("--force only applies with --luarc or --luacheckrc") }
    }

    func run() throws {
        if luacheckrc { try writeLuacheckrc() }
        guard let luals else {
            if !luacheckrc { print(APISurface.current().json()) }
            return
        }
        let rc = luarc ? ".luarc.json" : nil
        if let rc, !force, FileManager.default.fileExists(atPath: rc) {
            throw Diagnostics.failure("\(rc) exists: merge the settings `kinetic api --help` describes by hand, or pass --force")
        }
        do {
            let written = try LuaLSDefinitions(version: Kinetic.configuration.version).write(to: luals, luarc: rc)
            for path in written { print("wrote \(path)") }
        } catch {
            throw Diagnostics.failure("\(luals): cannot write the definitions: \(error.localizedDescription)")
        }
    }

    private func writeLuacheckrc() throws {
        let path = LuacheckConfiguration.fileName
        if !force, FileManager.default.fileExists(atPath: path) {
            throw Diagnostics.failure("\(path) exists: merge the settings `kinetic api --help` describes by hand, or pass --force")
        }
        do {
            try LuacheckConfiguration().write(to: path)
            print("wrote \(path)")
        } catch {
            throw Diagnostics.failure("\(path): cannot write the luacheck configuration: \(error.localizedDescription)")
        }
    }
}
