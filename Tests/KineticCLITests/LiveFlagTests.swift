// The flags `kinetic watch` and `kinetic run` share (LiveArguments): the same rules and messages in
// both commands, the reload flags refused by `run` without --watch, and --poll taken by `run --watch`.
import Foundation
import Testing

@Suite struct LiveFlagTests {
    /// Runs kinetic with `arguments` on a small level in a scratch folder (`{level}` in the
    /// arguments); returns the exit status and what it wrote to standard error.
    func kinetic(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let folder = try CLI.scratchFolder()
        let level = folder + "/main.lua"
        try "return { load = function(world) world:addItem{ center = {100, 100}, size = {10, 10} } end }"
            .write(toFile: level, atomically: true, encoding: .utf8)
        let errorPath = folder + "/stderr.txt"
        let child = try Child(try CLI.kinetic(), arguments.map { $0 == "{level}" ? level : $0 }, errorPath: errorPath)
        let exited = child.waitForExit(timeout: 30)
        if !exited { child.terminate() }
        try #require(exited, "kinetic \(arguments.joined(separator: " ")) did not finish in 30 s")
        return (child.status, (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }

    @Test(arguments: [
        (["run", "{level}", "--headless", "--restart-on-reload"], "--restart-on-reload needs --watch"),
        (["run", "{level}", "--headless", "--rerun"], "--rerun needs --watch"),
        (["run", "{level}", "--headless", "--poll"], "--poll needs --watch"),
        (["run", "{level}", "--watch", "--rerun", "--restart-on-reload"], "--rerun and --restart-on-reload cannot be used together"),
        (["watch", "{level}", "--rerun", "--restart-on-reload"], "--rerun and --restart-on-reload cannot be used together"),
        (["run", "{level}", "--watch", "--headless", "--rerun"], "--rerun needs the window: it plays the window's input again"),
        (["watch", "{level}", "--headless", "--rerun"], "--rerun needs the window: it plays the window's input again"),
    ])
    func conflictingFlagsAreABadCommandLine(arguments: [String], message: String) throws {
        let (status, stderr) = try kinetic(arguments)
        #expect(status == 64, "\(stderr)")
        #expect(stderr.contains(message), "\(stderr)")
    }

    @Test(arguments: [["run", "{level}", "--watch"], ["watch", "{level}"]])
    func pollingWatchesByModificationTimes(command: [String]) throws {
        let (status, stderr) = try kinetic(command + ["--headless", "--poll", "--seconds", "0.3"])
        #expect(status == 0, "\(stderr)")
        #expect(stderr.contains("(polling); save to reload"), "\(stderr)")
    }
}
