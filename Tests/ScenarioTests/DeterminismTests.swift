// The same scenario, run again and again, produces bit-identical traces.
import Foundation
import KineticLua
import Testing

@Suite struct DeterminismTests {
    @Test func twentyRunsGiveIdenticalTraces() throws {
        let dir = try Fixtures.scratch([("pile.scenario.lua", "pile_test.lua")])
        let file = dir + "/pile_test.lua"
        let trace = file + ".traces/pile-pile.trace"
        var settings = ScenarioSettings()
        settings.updateGolden = true
        let first = ScenarioCaseRunner.run(file: file, case: "pile", settings: settings)
        #expect(first.status == .passed, "\(first)")
        let golden = try String(contentsOfFile: trace, encoding: .utf8)
        // 8 boxes sampled at steps 0, 10, ..., 120: 13 samples each, and the pile has moved.
        let parsed = try #require(Trace(text: golden))
        #expect(parsed.samples.count == 8 * 13)
        #expect(parsed.samples.last!.values[1] != parsed.samples[7].values[1])
        // The fixture compares with tolerance 0: any bit that differs fails the run.
        for run in 2...20 {
            let result = ScenarioCaseRunner.run(file: file, case: "pile")
            #expect(result.status == .passed, "run \(run): \(result)")
            #expect(try String(contentsOfFile: trace, encoding: .utf8) == golden)
        }
    }

    @Test func traceTextRoundTripsBitForBit() {
        let trace = Trace(samples: [.init(step: 0, item: "a ball", values: [0.1, 1.0 / 3.0, -0.0, 1e-300, 2.5, .pi])])
        let text = trace.text(header: ["x"])
        #expect(Trace(text: text) == trace)
        var moved = trace
        moved.samples[0].values[1] = (1.0 / 3.0).nextUp
        #expect(moved.firstDifference(from: trace, tolerance: 0)?.hasPrefix("step 0, item 'a ball': y expected") == true)
        #expect(moved.firstDifference(from: trace, tolerance: 1e-12) == nil)
    }
}
