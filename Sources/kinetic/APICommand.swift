// `kinetic api`: the bound Lua surface as JSON, or Lua Language Server definitions for editors.
import ArgumentParser
import Foundation
import KineticLua

struct API: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api",
        abstract: "Print the Lua API surface as JSON, or write Lua Language Server definitions.",
        discussion: """
        Without options, prints every bound Lua name as JSON: module functions, constructors with their
        fields, types with properties/writable/methods, and the level table's fields and functions.

        With --luals DIR, writes DIR/kinetic.lua (`---@meta` definitions: classes, fields with types,
        units and defaults, string-enum aliases, typed constructors and level callbacks) for any editor
        that runs the Lua Language Server; --luarc also writes DIR/.luarc.json (Lua 5.4, the kinetic
        globals, the libraries the sandbox withholds disabled). See docs/editor-support.md.

        Exit codes: 0 success, 1 the files could not be written, 64 bad command line.

        Examples:
          kinetic api > api.json
          kinetic api --luals .luals --luarc
          kinetic api --luals my_level/.luals
        """
    )

    @Option(help: ArgumentHelp("Write Lua Language Server definitions (kinetic.lua) into this folder (created if missing).",
                               valueName: "dir"))
    var luals: String?

    @Flag(help: "With --luals: also write .luarc.json into the same folder.")
    var luarc = false

    func validate() throws {
        if luarc && luals == nil { throw ValidationError("--luarc needs --luals DIR") }
    }

    func run() throws {
        guard let luals else {
            print(APISurface.current().json())
            return
        }
        do {
            let written = try LuaLSDefinitions(version: Kinetic.configuration.version).write(to: luals, luarc: luarc)
            for path in written { print("wrote \(path)") }
        } catch {
            Diagnostics.error("\(luals): cannot write the definitions: \(error.localizedDescription)")
            throw ExitCode.failure
        }
    }
}
