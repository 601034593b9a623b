// Worker threads (Step/Workers.swift): a world steps to the same bits on 1, 2 or 4 threads, and the
// automatic setting picks threads only for a large awake set.
import Testing
@testable import KineticPhysics
import KineticBenchScenes

@Suite struct WorkersTests {
    /// Every body's state and the step's events after `steps` steps, as one comparable text.
    func run(_ scene: any BenchmarkScene, steps: Int) -> [String] {
        var trace: [String] = []
        for step in 1...steps {
            scene.world.step(by: Scenes.timeStep)
            if step % 10 == 0 || step == steps {
                trace.append("\(step) \(scene.world.stateHash())")
            }
            trace.append(contentsOf: scene.world.contactBeginEvents.map { "begin \($0)" })
            trace.append(contentsOf: scene.world.contactEndEvents.map { "end \($0)" })
        }
        return trace
    }

    /// The benchmark scenes, the pyramid and the grid smaller so a debug build steps them quickly.
    func make(_ name: String, workers: Int) throws -> any BenchmarkScene {
        switch name {
        case "large_pyramid": return try LargePyramid(rows: 40, workers: workers)
        case "joint_grid": return try JointGrid(size: 30, workers: workers)
        default: return try Scenes.benchmark(named: name, workers: workers)!
        }
    }

    @Test(arguments: ["large_pyramid", "falling_circles", "joint_grid", "newtons_cradle"])
    func benchmarkSceneIsBitIdenticalOnAnyWorkerCount(name: String) throws {
        let reference = run(try make(name, workers: 1), steps: 90)
        for workers in [2, 4] {
            let scene = try make(name, workers: workers)
            #expect(scene.world.workerPool == nil)
            let trace = run(scene, steps: 90)
            #expect(scene.world.workerPool?.count == workers, "\(name): the stages ran on \(workers) threads")
            #expect(trace == reference, "\(name) on \(workers) workers differs from one worker")
        }
    }

    /// A kinematic platform carrying a pile: every contact against it is in the colouring like a
    /// dynamic body's, so no two contacts of a colour store its state from two threads.
    @Test func contactsAgainstAKinematicBodyAreBitIdenticalOnAnyWorkerCount() throws {
        func scene(workers: Int) throws -> World {
            var def = WorldDef()
            def.gravity = Vec2(0, -10)
            def.workers = workers
            let world = World(def)
            var bd = BodyDef()
            bd.type = .kinematic
            bd.position = Vec2(0, 0)
            let platform = try world.createBody(bd)
            _ = try world.createShape(on: platform, ShapeDef(), .polygon(try Polygon.box(halfWidth: 40, halfHeight: 0.5)))
            for row in 0..<8 {
                for column in 0..<40 {
                    addCircle(world, at: Vec2(Double(column) * 1.2 - 24, 1.5 + Double(row) * 1.1), radius: 0.5)
                }
            }
            return world
        }
        func trace(_ world: World) -> [UInt64] {
            (1...40).map { _ in world.step(by: Scenes.timeStep); return world.stateHash() }
        }
        let reference = trace(try scene(workers: 1))
        for workers in [2, 4] {
            let world = try scene(workers: workers)
            #expect(trace(world) == reference, "the kinematic pile on \(workers) workers differs from one worker")
            #expect(world.workerPool?.count == workers)
        }
    }

    @Test func automaticSettingUsesThreadsOnlyForALargeAwakeSet() throws {
        let small = try NewtonsCradle(workers: 0)
        for _ in 0..<10 { small.world.step(by: Scenes.timeStep) }
        #expect(small.world.workerPool == nil)
        let large = try LargePyramid(rows: 50, workers: 0)  // 1275 bodies
        large.world.step(by: Scenes.timeStep)
        #expect(large.world.workerPool?.count == WorldDef.automaticWorkers)
    }

    @Test func workerCountIsClamped() {
        #expect(Workers(count: 0).count == 1)
        #expect(Workers(count: -3).count == 1)
        #expect(Workers(count: 100).count == Workers.maximumCount)
    }

    @Test func everyBlockRunsOnceWhateverTheThreads() {
        let workers = Workers(count: 3)
        var hits = [Int](repeating: 0, count: 1000)
        hits.withUnsafeMutableBufferPointer { hits in
            for _ in 0..<50 { workers.forEachRange(1000, minimum: 7, Count(hits: hits)) }
        }
        #expect(hits.allSatisfy { $0 == 50 })
    }

    struct Count: WorkerStage {
        let hits: UnsafeMutableBufferPointer<Int>
        func run(_ range: Range<Int>) { for i in range { hits[i] += 1 } }
    }
}
