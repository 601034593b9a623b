// Re-running a level after an edit (docs/time-travel.md, "Re-run on edit"): the edited level is
// loaded from its start into a new world and given the input the first run was given, at the same
// steps, up to the step the first run reached. `world:rerun` does it in a scenario; the window does
// it on a save (`Level.play`, from KineticPlayer's GameLoop). Both play the input through
// `Runtime.play`, the loop a rewind and a seek use.
import Foundation
import KineticLuaBridge

extension Runtime {
    /// The edited level of `world` (a world `kinetic.load` made) loaded into a new world and played
    /// to `world`'s step with `world`'s input. `edit` is the edited text of the level file: a string,
    /// or a function given the file's text now that returns it. `world` is left as it was. The new
    /// world comes back held, with its level in place, as `loadLevel` returns one.
    func rerun(_ world: WorldModel, edit lua: Lua, at index: Int32) throws -> WorldModel {
        guard world.levelInAnchor, let origin = world.origin else {
            throw LuaBindingError("World:rerun: only a world that kinetic.load made can re-run (this one has no level file)")
        }
        let source = try editedSource(origin, lua, at: index)
        let target = world.stepsTaken
        let fresh: WorldModel
        do {
            fresh = try loadLevel(origin.path, overrides: origin.overrides, ownEnvironment: origin.ownEnvironment, source: source)
        } catch {
            throw LuaBindingError("World:rerun: the edited level does not load: \(error.message)")
        }
        do {
            try play(world.runInput, on: fresh, to: target)
        } catch {
            let time = String(format: "%g", fresh.time)
            release(fresh)
            throw LuaBindingError("World:rerun: the edited level failed at \(time) s: \((error as? LuaError)?.message ?? "\(error)")")
        }
        return fresh
    }

    /// The `edit` argument as text: a string as it is, or what a function returns for the file's text.
    private func editedSource(_ origin: LevelOrigin, _ lua: Lua, at index: Int32) throws -> String {
        let source: String
        if lua.isString(index) {
            source = lua.rawString(index)
        } else if lua.isCallable(index) {
            let text: String
            do {
                text = String(decoding: try LevelFiles.read(origin.file, named: origin.path), as: UTF8.self)
            } catch {
                throw LuaBindingError("World:rerun: cannot read \(error.message)")
            }
            let function = lua.reference(to: index)
            let returned: String? = try state.call(function, arguments: { inner in inner.push(text); return 1 }) { inner, first, count in
                count > 0 && inner.isString(first) ? inner.rawString(first) : nil
            }
            guard let returned else {
                throw LuaBindingError("World:rerun: the edit function (\(location(of: function))) must return the level's edited text, a string")
            }
            source = returned
        } else {
            throw LuaArgumentError(.argument(index), mustBe: "the level's edited text (a string) or a function given its text that returns the edited text", got: lua.describe(index))
        }
        guard source.utf8.count <= LevelFiles.sizeLimit else {
            throw LuaBindingError("World:rerun: the edited text is \(source.utf8.count) bytes, more than a level file may hold (\(LevelFiles.sizeLimit))")
        }
        return source
    }

    /// Pushes what `kinetic.load` returns for a loaded `world` (world, level, state) and hands the
    /// world to Lua: its level table and `state` move to its anchor, and the host lets go of it.
    func pushLoaded(_ world: WorldModel, on lua: Lua) -> Int32 {
        lua.reserve(3)
        pushWorld(world, on: lua)
        lua.push(world.level!.table)
        lua.push(world.level!.state)
        moveLevelToAnchor(world)
        release(world)  // Lua holds it now
        return 3
    }
}
