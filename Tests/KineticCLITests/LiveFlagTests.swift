// The flags `kinetic watch` and `kinetic run` share (LiveArguments): the same rules and messages in
// both commands, the reload flags refused by `run` without --watch, and --poll taken by `run --watch`.
import Foundation
import Testing

@Suite struct LiveFlagTests {
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
        let (status, stderr) = try CLI.kineticOnSmallLevel(arguments)
        #expect(status == 64, "\(stderr)")
        #expect(stderr.contains(message), "\(stderr)")
    }

    @Test(arguments: [["run", "{level}", "--watch"], ["watch", "{level}"]])
    func pollingWatchesByModificationTimes(command: [String]) throws {
        let (status, stderr) = try CLI.kineticOnSmallLevel(command + ["--headless", "--poll", "--seconds", "0.3"])
        #expect(status == 0, "\(stderr)")
        #expect(stderr.contains("(polling); save to reload"), "\(stderr)")
    }
}
