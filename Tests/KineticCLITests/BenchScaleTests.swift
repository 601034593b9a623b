// `kinetic bench pyramid|rain --bodies N`: the scale scenes run at the body count given, and a bad
// count or scene is refused with a message that names it.
import Foundation
import Testing

@Suite struct BenchScaleTests {
    /// Runs kinetic with `arguments`; returns the exit status, standard output and standard error.
    func kinetic(_ arguments: [String]) throws -> (status: Int32, out: String, stderr: String) {
        let errorPath = try CLI.scratchFolder() + "/stderr.txt"
        let child = try Child(try CLI.kinetic(), arguments, errorPath: errorPath)
        let exited = child.waitForExit(timeout: 120)
        if !exited { child.terminate() }
        try #require(exited, "kinetic \(arguments.joined(separator: " ")) did not finish in 120 s")
        return (child.status, child.output, (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }

    @Test(arguments: [
        (["bench", "pyramid", "--bodies", "-5"], "--bodies must be an integer from 1 to 100000, got -5"),
        (["bench", "rain", "--bodies", "200000"], "--bodies must be an integer from 1 to 100000, got 200000"),
        (["bench", "pyramid"], "the scale scene 'pyramid' needs --bodies <n>"),
        (["bench", "large_pyramid", "--bodies", "500"], "--bodies runs the scale scenes pyramid, rain, not 'large_pyramid'"),
    ])
    func badCountsAndScenesAreRefusedByName(arguments: [String], message: String) throws {
        let (status, _, stderr) = try kinetic(arguments)
        #expect(status != 0)
        #expect(stderr.contains(message), "\(stderr)")
    }

    /// A rain of 50 circles prints the peers' result line for 50 bodies, all of them in the box.
    @Test func aScaleSceneRunsAtTheGivenBodyCount() throws {
        let (status, out, stderr) = try kinetic(["bench", "rain", "--bodies", "50", "--quick"])
        #expect(status == 0, "\(stderr)")
        let line = try #require(out.split(separator: "\n").first { $0.hasPrefix("kinetic-") })
        let fields = line.split(separator: " ")
        #expect(fields.count == 7)
        #expect(fields[1] == "rain" && fields[2] == "50" && fields[3] == "30")
        #expect(fields[6].hasPrefix("sanity=in_box:50,"), "\(line)")
    }
}
