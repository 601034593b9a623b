// Helpers for tests that run real levels: a temporary folder per level, loaded through `Level`
// exactly as the command line loads it (sandbox on, budgets on).
import Foundation
import KineticRender
import KineticLua
import KineticLuaBridge

/// A fresh folder under the temporary directory holding `files` (relative path → contents).
func levelFolder(_ files: [String: String]) throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("reliability-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    for (path, contents) in files {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, atomically: true, encoding: .utf8)
    }
    return URL(fileURLWithPath: root).resolvingSymlinksInPath().path
}

/// Level options for tests: a deterministic instruction budget, a small memory cap, output kept.
func testOptions(instructions: Int = 5_000_000, memory: Int = 32 << 20) -> LevelOptions {
    drawsPictures
    var options = LevelOptions()
    options.instructionBudget = instructions
    options.memoryLimit = memory
    options.print = { _ in }
    options.warn = { _ in }
    return options
}

/// Loads `main.lua` (and `files`) as a level.
func loadLevel(_ main: String, files: [String: String] = [:], options: LevelOptions = testOptions()) throws -> Level {
    var all = files
    all["main.lua"] = main
    return try Level.load(path: try levelFolder(all), options: options)
}

/// The error loading `main` raises, or nil.
func loadError(_ main: String, files: [String: String] = [:], options: LevelOptions = testOptions()) -> LevelError? {
    do { _ = try loadLevel(main, files: files, options: options); return nil } catch let e as LevelError { return e } catch { return LevelError(message: "\(error)") }
}

/// The error `body` throws, or nil.
func levelError(_ body: () throws -> Void) -> LevelError? {
    do { try body(); return nil } catch let e as LevelError { return e } catch { return LevelError(message: "\(error)") }
}

/// True when every item of the level has a finite state.
func isFinite(_ level: Level) -> Bool {
    level.snapshot().allSatisfy { [$0.x, $0.y, $0.angle, $0.vx, $0.vy, $0.angularVelocity].allSatisfy(\.isFinite) }
}

/// The level still runs Lua and steps after an error.
func survives(_ level: Level) -> Bool {
    guard (try? level.luaState.run("return 1 + 1", name: "probe.lua")) == [.integer(2)] else { return false }
    let before = level.stepCount
    try? level.step()
    return level.stepCount == before + 1 && isFinite(level)
}

/// A level with a ball falling onto a floor (they touch after about 0.3 s), with `extra` Lua inside
/// `load` after the scene is built. Line 1 of `extra` is line 9 of main.lua.
func sceneLevel(_ extra: String, tail: String = "") -> String {
    """
    local level = { width = 375, height = 667 }
    function level.load(world, state)
      ball = world:addItem{ name = "ball", center = {100, 500}, size = {40, 40}, bounds = "ellipse" }
      floor = world:addItem{ name = "floor", frame = {0, 600, 375, 20} }
      world:addBehavior(kinetic.itemBehavior{ items = {floor}, anchored = true })
      world:addBehavior(kinetic.gravity{ items = {ball} })
      collision = kinetic.collision{ items = {ball, floor} }
      world:addBehavior(collision)
    \(extra)
    end
    \(tail)
    return level
    """
}

/// Levels in these tests draw screenshots with Render's writer, as the `kinetic` command gives them
/// (set once: a static `let` initialises under a lock).
let drawsPictures: Void = {
    LevelOptions.pngWriter = { scene, path, warn in try Renderer(warn: warn).writePNG(scene, to: path) }
}()
