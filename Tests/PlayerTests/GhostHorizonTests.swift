import KineticPlayer
import Testing

@Suite struct GhostHorizonTests {
    @Test func startsAtOneAndAHalfSecondsOfSteps() {
        let horizon = GhostHorizon(fps: 60)
        #expect(horizon.steps == 90)
        #expect(horizon.leastSteps == 15)
        #expect(!horizon.isDegraded)
    }

    @Test func slowPredictionsHalveTheHorizonDownToAQuarterSecond() {
        var horizon = GhostHorizon(fps: 60)
        horizon.record(.milliseconds(12))
        #expect(horizon.steps == 45)
        #expect(horizon.isDegraded)
        horizon.record(.milliseconds(12))
        #expect(horizon.steps == 22)
        for _ in 0..<10 { horizon.record(.milliseconds(40)) }
        #expect(horizon.steps == 15, "never below a quarter of a second")
    }

    @Test func cheapPredictionsGrowItBackToFullAndNoFurther() {
        var horizon = GhostHorizon(fps: 60)
        for _ in 0..<3 { horizon.record(.milliseconds(20)) }
        #expect(horizon.steps == 15)
        horizon.record(.milliseconds(1))
        #expect(horizon.steps == 30)
        for _ in 0..<5 { horizon.record(.milliseconds(1)) }
        #expect(horizon.steps == 90)
        #expect(!horizon.isDegraded)
    }

    @Test func betweenAQuarterOfTheBudgetAndTheBudgetItStays() {
        var horizon = GhostHorizon(fps: 60)
        horizon.record(.milliseconds(9))
        #expect(horizon.steps == 45)
        for _ in 0..<5 { horizon.record(.milliseconds(5)) }
        #expect(horizon.steps == 45, "no flicker between two lengths")
    }

    @Test func aSlowFrameRateStillLooksAtLeastOneStepAhead() {
        let horizon = GhostHorizon(fps: 2)
        #expect(horizon.steps == 3)
        #expect(horizon.leastSteps == 1)
    }
}
