// Numeric options: a negative number is read as the option's value (not as an unknown option) and
// refused with a message saying what it must be; durations are bounded, so no command is asked to
// simulate for days.
import Foundation
import Testing

@Suite struct NumericOptionTests {
    @Test(arguments: [
        (["run", "{level}", "--headless", "--seconds", "-1"], "--seconds must be a number of seconds from 0 to 3600"),
        (["run", "{level}", "--headless", "--steps", "-5"], "--steps must be non-negative, got -5"),
        (["run", "{level}", "--headless", "--steps", "99999999999"], "--steps must be from 0 to 216000"),
        (["run", "{level}", "--headless", "--steps", "10", "--seconds", "5"], "--steps and --seconds both say how long to run; give one"),
        (["render", "{level}", "-o", "{folder}/out.png", "--at", "-2"], "--at must be a number of seconds from 0 to 3600"),
        (["render", "{level}", "-o", "{folder}/out.png", "--at", "1e6"], "--at must be a number of seconds from 0 to 3600"),
        (["render", "{level}", "-o", "{folder}/out.gif", "--fps", "-30"], "--fps must be a number > 0 and at most 1000"),
        (["render", "{level}", "-o", "{folder}/out.png", "--scale", "-1"], "--scale must be a number in (0, 16]"),
        (["render", "{level}", "-o", "{folder}/out.png", "--size", "-5x10"], "--size must be WxH in pixels"),
        (["record", "{level}", "-o", "{folder}/r.json", "--headless", "--seconds", "-0.5"], "--seconds must be a number of seconds from 0 to 3600"),
        (["watch", "{level}", "--headless", "--seconds", "-3"], "--seconds must be a finite number of seconds >= 0"),
        (["test", "{folder}", "--timeout", "-1"], "--timeout must be a positive number of seconds"),
        (["test", "{folder}", "--jobs", "-2"], "--jobs must be at least 1"),
        (["run", "{level}", "--headless", "--time-budget", "-1"], "--time-budget must be a number of seconds above 0 and at most 3600"),
        (["run", "{level}", "--headless", "--time-budget", "0"], "--time-budget must be a number of seconds above 0 and at most 3600"),
        (["run", "{level}", "--headless", "--checkpoint-every", "0"], "--checkpoint-every must be a number of seconds above 0 and at most 3600, got 0.0"),
        (["watch", "{level}", "--headless", "--seconds", "1", "--checkpoint-every", "-2"], "--checkpoint-every must be a number of seconds above 0 and at most 3600, got -2.0"),
        (["run", "{level}", "--headless", "--checkpoint-every", "nan"], "--checkpoint-every must be a number of seconds above 0 and at most 3600"),
        (["run", "{level}", "--headless", "--checkpoints", "-1"], "--checkpoints must be an integer from 0 to 1000, got -1"),
        (["watch", "{level}", "--headless", "--seconds", "1", "--checkpoints", "5000"], "--checkpoints must be an integer from 0 to 1000, got 5000"),
    ])
    func negativeAndHugeValuesAreNamedNotMissing(arguments: [String], message: String) throws {
        let (status, stderr) = try CLI.kineticOnSmallLevel(arguments)
        #expect(status != 0)
        #expect(stderr.contains(message), "\(stderr)")
        #expect(!stderr.contains("Missing value"), "\(stderr)")
    }

    /// A time option the output ignores, given without the one it uses, is named in a warning that
    /// says which moment is rendered; the render still succeeds. (Both together are silent:
    /// RenderOutputTests renders every format with one command line.)
    @Test(arguments: [
        (["render", "{level}", "-o", "{folder}/out.png", "--seconds", "1.5"], "a single picture (-o {folder}/out.png) is taken at --at <seconds>, here 0 s", true),
        (["render", "{level}", "-o", "{folder}/out.svg", "--seconds", "2"], "warning: --seconds is the length of an animation or a sequence", true),
        (["render", "{level}", "-o", "{folder}/f%04d.png", "--at", "1", "--fps", "2"], "warning: --at is the time of a single picture; an animation or a sequence (-o {folder}/f%04d.png) starts at 0 and lasts --seconds", true),
        (["render", "{level}", "-o", "{folder}/out.png", "--seconds", "1", "--at", "1"], "warning", false),
    ])
    func renderWarnsOfATimeOptionItsOutputIgnores(arguments: [String], message: String, warns: Bool) throws {
        let (status, stderr) = try CLI.kineticOnSmallLevel(arguments)
        #expect(status == 0, "\(stderr)")
        let folderless = stderr.replacingOccurrences(of: #"-o \S*/(out|f%04d)"#, with: "-o {folder}/$1", options: .regularExpression)
        #expect(folderless.contains(message) == warns, "\(stderr)")
    }

    /// Good ring settings are taken (the ring's behaviour under them: CheckpointBindingTests).
    @Test func checkpointSettingsInRangeAreAccepted() throws {
        let (status, stderr) = try CLI.kineticOnSmallLevel(["run", "{level}", "--headless", "--seconds", "3", "--checkpoint-every", "0.25", "--checkpoints", "0"])
        #expect(status == 0, "\(stderr)")
    }

    /// The budget given is the one that stops a runaway `load`, and the message names it.
    @Test func timeBudgetStopsARunawayLoadAfterTheGivenTime() throws {
        let folder = try CLI.scratchFolder()
        try "return { load = function(world) while true do end end }"
            .write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        let errorPath = folder + "/stderr.txt"
        let child = try Child(try CLI.kinetic(), ["run", folder, "--headless", "--steps", "1", "--time-budget", "0.25"],
                              errorPath: errorPath)
        let exited = child.waitForExit(timeout: 30)
        if !exited { child.terminate() }
        try #require(exited)
        let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        #expect(child.status != 0)
        #expect(stderr.contains("main.lua:1: script exceeded its time budget of 0.25 s"), "\(stderr)")
    }

    @Test func aNegativeSeedIsASeed() throws {
        let (status, stderr) = try CLI.kineticOnSmallLevel(["run", "{level}", "--headless", "--seconds", "0.1", "--seed", "-7"])
        #expect(status == 0, "\(stderr)")
    }
}
