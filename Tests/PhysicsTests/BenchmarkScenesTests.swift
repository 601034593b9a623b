// The benchmark scenes are built as SCENES.md defines them: body and joint counts, masses in kg,
// and sanity figures of the untouched scenes equal to the closed-form values of the layout.
import Testing
import KineticPhysics
import KineticBenchScenes

@Suite struct BenchmarkScenesTests {
    @Test func largePyramidLayoutMassAndStartFigures() throws {
        let scene = try LargePyramid()
        #expect(scene.dynamicBodies.count == 5050)
        // A 1×1 m box at 1 kg/m²: 1 kg, inertia m(w²+h²)/12 = 1/6 kg·m² = 10⁴/6 kg·pt². Tolerance: rounding only.
        let box = scene.dynamicBodies[0]
        #expect(abs(scene.world.mass(of: box) - 1) < 1e-9)
        #expect(abs(scene.world.rotationalInertia(of: box) - 1e4 / 6) < 1e-6)
        // Row 0 starts at x = −49.5 m, y = 0.5 m, i.e. (−4950, −50) pt; the top box at (0, 99.5) m.
        #expect(scene.world.position(of: box) == Vec2(-4950, -50))
        #expect(scene.world.position(of: scene.dynamicBodies.last!) == Vec2(0, -9950))
        // Before any step nothing has moved: SCENES.md's rigid result.
        #expect(scene.sanity() == "top_y:99.500,moved:0,slid:0")
    }

    @Test func fallingCirclesSizesAndStartFigures() throws {
        let scene = try FallingCircles()
        #expect(scene.dynamicBodies.count == 2000)
        // Mass = π r² kg for r = 0.25 + 0.05·k; SCENES.md counts 333, 334, 334, 334, 333, 332 circles.
        var counts = [Int](repeating: 0, count: 6)
        for body in scene.dynamicBodies {
            let m = scene.world.mass(of: body)
            let k = (((m / Double.pi).squareRoot() - 0.25) / 0.05).rounded()
            counts[Int(k)] += 1
        }
        #expect(counts == [333, 334, 334, 334, 333, 332])
        // All start inside the box, at rest; mean y = 2 + mean row (24.5) = 26.5 m, top row y = 51 m.
        let f = scene.figures()
        #expect(f.inBox == 2000)
        #expect(abs(f.maxY - 51) < 1e-9)
        #expect(abs(f.meanY - 26.5) < 1e-9)
        #expect(f.kineticEnergy == 0)
    }

    @Test func jointGridCountsAndSatisfiedJoints() throws {
        let scene = try JointGrid()
        #expect(scene.dynamicBodies.count == 9993)
        #expect(scene.jointCount == 19794)
        #expect(scene.world.joints.count == 19794)
        // Circle r = 0.4 m: π·0.16 = 0.502655 kg.
        #expect(abs(scene.world.mass(of: scene.dynamicBodies[0]) - 0.16 * Double.pi) < 1e-9)
        let f = scene.figures()
        // Anchors placed halfway between neighbours: every joint starts exactly satisfied.
        #expect(f.maxGap < 1e-12)
        #expect(f.minY == -99)
        // Mean of −i over the dynamic bodies: all rows sum −(100·4950), the 7 static ones are in row 0.
        #expect(abs(f.meanY - (-495_000.0 / 9993)) < 1e-9)
    }

    @Test func newtonsCradleStartsWithSCENESEnergy() throws {
        let scene = try NewtonsCradle()
        #expect(scene.dynamicBodies.count == 5)
        #expect(abs(scene.world.mass(of: scene.dynamicBodies[0]) - Double.pi / 4) < 1e-9)
        // Ball 0 raised by 5(1 − cos 45°) = 1.464466 m: E = (π/4)·10·1.464466 = 11.502 J.
        #expect(abs(scene.mechanicalEnergy() - 11.502) < 5e-4)
        #expect(scene.maxStretch() < 1e-12)
        #expect(scene.sanity().hasPrefix("E_J_every_10s:11.502,ke_end:0.000,max_stretch:0.0000"))
    }

    @Test func smallPyramidStands() throws {
        // Five rows of touching boxes on the ground, 2 s of simulated time: a correct solver keeps every
        // box within half a box of its start (slid 0) and the top box near y = 4.5 m. Soft contacts
        // settle each row by millimetres, so 5 cm is a generous bound that still catches a collapse.
        let scene = try Scenes.pyramid(rows: 5)
        #expect(scene.dynamicBodies.count == 15)
        for _ in 0..<120 { scene.world.step(by: Scenes.timeStep, substeps: 4) }
        let f = scene.figures()
        #expect(f.slid == 0)
        #expect(abs(f.topY - 4.5) < 0.05)
    }

    @Test func fallingHingesComesToRestTheSameWayTwice() throws {
        let scene = try Scenes.fallingHinges()
        #expect(scene.bodies.count == 300)
        #expect(scene.jointCount == 150)
        // Box2D's 4-column version sleeps after about 300 steps; a solver that never settles (or a
        // pair that falls off the ground) fails the first expectation.
        let first = scene.runUntilAsleep(maxSteps: 3000)
        #expect(first != nil)
        // Same input, same machine: the same sleep step and bit-identical state.
        let second = try Scenes.fallingHinges().runUntilAsleep(maxSteps: 3000)
        #expect(first?.sleepStep == second?.sleepStep)
        #expect(first?.hash == second?.hash)
    }

    // MARK: - Scale scenes

    @Test func pyramidOfNBodiesIsTheLargePyramidLayoutCutAtN() throws {
        // 5050 boxes is large_pyramid itself, box for box.
        let published = try LargePyramid()
        let scaled = try LargePyramid(bodies: 5050)
        #expect(scaled.rows == 100)
        #expect(scaled.startCenters == published.startCenters)
        // 200 boxes: the 20-row pyramid (210 places) filled from the bottom; rows of 20, 19, …, 5 boxes
        // hold exactly 200, so it stops after 16 rows with a flat top of 5 boxes at y = 15.5 m.
        let cut = try LargePyramid(bodies: 200)
        #expect(cut.rows == 20)
        #expect(cut.dynamicBodies.count == 200)
        #expect(cut.startCenters.last == Vec2(2, 15.5))
        #expect(cut.startCenters.filter { $0.y == 15.5 }.count == 5)
        #expect(throws: PhysicsError.self) { try LargePyramid(bodies: 0) }
    }

    @Test func pyramidOfNBodiesStandsAfterOneSecond() throws {
        // 200 boxes: 16 rows cut flat (above). After 60 steps no box has slid half a box sideways and
        // the top row is still at its height (soft contacts settle each row by millimetres; 5 cm
        // catches any collapse).
        let scene = try LargePyramid(bodies: 200)
        let startTop = 15.5
        for _ in 0..<60 { scene.world.step(by: Scenes.timeStep, substeps: 4) }
        let f = scene.figures()
        #expect(f.slid == 0)
        #expect(abs(f.topY - startTop) < 0.05)
    }

    @Test func rainOfTwoThousandIsFallingCirclesLayout() throws {
        let published = try FallingCircles()
        let rain = try FallingCircles(bodies: 2000)
        #expect(rain.columns == 40 && rain.rows == 50 && rain.halfWidth == 21)
        #expect(rain.dynamicBodies.map { rain.world.position(of: $0) } == published.dynamicBodies.map { published.world.position(of: $0) })
        #expect(rain.dynamicBodies.map { rain.world.mass(of: $0) } == published.dynamicBodies.map { published.world.mass(of: $0) })
        // The rain waits for its top row (y = 51 m) to fall to the floor, √(51/5) s, plus 1 s.
        #expect(rain.warmUpSteps == 192 + 60)
        #expect(published.warmUpSteps == 10 && published.timedSteps == 600)
        #expect(throws: PhysicsError.self) { try FallingCircles(bodies: 100_001) }
    }

    @Test func rainOfNCirclesLandsInTheBox() throws {
        // 300 circles: 15 columns (round √240) by 20 rows from y = 2 to 21 m, into a 17 m wide box.
        let scene = try FallingCircles(bodies: 300)
        #expect(scene.columns == 15 && scene.rows == 20 && scene.halfWidth == 8.5)
        #expect(scene.dynamicBodies.count == 300)
        for _ in 0..<scene.warmUpSteps { scene.world.step(by: Scenes.timeStep, substeps: 4) }
        let f = scene.figures()
        // Every circle is inside the box above the floor, and they have piled up: about 137 m² of
        // circles in a 17 m wide box stand some 8–10 m high, far below the 21 m they fell from.
        #expect(f.inBox == 300)
        #expect(f.maxY < 14)
        #expect(f.meanY < 6)
    }
}
