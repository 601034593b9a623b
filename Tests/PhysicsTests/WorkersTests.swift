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
            if name == "newtons_cradle" {
                // Five bodies: fewer than World.minimumParallelBodies, so the calling thread alone.
                #expect(scene.world.workerPool == nil)
            } else {
                #expect(scene.world.workerPool?.count == workers, "\(name): the stages ran on \(workers) threads")
            }
            #expect(trace == reference, "\(name) on \(workers) workers differs from one worker")
        }
    }

    /// The joint passes are plain loops on one thread and for a handful of joints (a chain of five
    /// on two threads: no colour fills two blocks), and colour blocks on the workers for the grid's.
    @Test func jointPassesAreSerialOnOneThreadOrForFewJoints() throws {
        func serial(_ world: World, workers: Int) -> Bool {
            world.step(by: Scenes.timeStep)
            let threads = world.workers(forAwakeBodies: world.buffers.awakeBodies.count)
            #expect(threads.count == workers)
            var serial = false
            world.withSolverViews { serial = JointPasses($0, threads).serial }
            return serial
        }
        #expect(serial(try make("joint_grid", workers: 1).world, workers: 1))
        #expect(!serial(try make("joint_grid", workers: 2).world, workers: 2))
        // Five linked bodies among enough loose ones for the threads to be used.
        let world = makeWorld { $0.workers = 2 }
        var previous = addBox(world, at: Vec2(0, 0), halfWidth: 5, halfHeight: 5)
        for i in 1..<5 {
            let body = addBox(world, at: Vec2(Double(i) * 20, 0), halfWidth: 5, halfHeight: 5)
            var d = RevoluteJointDef()
            d.bodyA = previous; d.bodyB = body
            d.localAnchorA = Vec2(10, 0); d.localAnchorB = Vec2(-10, 0)
            _ = try world.createJoint(.revolute(d))
            previous = body
        }
        for i in 0..<World.minimumParallelBodies { addCircle(world, at: Vec2(Double(i) * 30, -500), radius: 5) }
        #expect(serial(world, workers: 2))
    }

    /// A count above 1 is used only while enough bodies are awake for a stage to have two blocks.
    @Test func explicitCountStepsSmallScenesOnTheCallingThread() throws {
        let world = makeWorld { $0.workers = 2 }
        for i in 0..<(World.minimumParallelBodies - 1) { addCircle(world, at: Vec2(Double(i) * 30, 0), radius: 5) }
        for _ in 0..<3 { world.step(by: testStep) }
        #expect(world.workerPool == nil)
        addCircle(world, at: Vec2(-100, 0), radius: 5)
        for _ in 0..<3 { world.step(by: testStep) }
        #expect(world.workerPool?.count == 2)
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

    /// Chains of every joint kind hanging from one static ceiling (so joints of a colour share the
    /// static bodies' one state), swinging onto a floor: the joint colours run in blocks on the
    /// workers and give the bits one thread gives.
    func jointChains(workers: Int) throws -> World {
        let world = makeWorld { $0.workers = workers }
        let ceiling = addStaticBox(world, center: Vec2(0, 0), halfWidth: 2000, halfHeight: 5)
        addStaticBox(world, center: Vec2(0, 400), halfWidth: 2000, halfHeight: 5)
        for chain in 0..<60 {
            let x = Double(chain) * 60 - 1800
            var previous = ceiling, previousAnchor = Vec2(x, 5)
            for link in 0..<6 {
                // Every chain leans: the links start off their rest pose, so the joints work.
                let body = addBox(world, at: Vec2(x + Double(link) * 6, 20 + Double(link) * 30), halfWidth: 8, halfHeight: 12)
                let top = Vec2(0, -12)
                switch (chain + link) % 4 {
                case 0:
                    var d = RevoluteJointDef()
                    d.bodyA = previous; d.bodyB = body; d.localAnchorA = previousAnchor; d.localAnchorB = top
                    d.enableLimit = true; d.lowerAngle = -0.5; d.upperAngle = 0.5
                    _ = try world.createJoint(.revolute(d))
                case 1:
                    var d = WeldJointDef()
                    d.bodyA = previous; d.bodyB = body; d.localAnchorA = previousAnchor; d.localAnchorB = top
                    d.linearHertz = 4; d.angularHertz = 2
                    _ = try world.createJoint(.weld(d))
                case 2:
                    var d = PrismaticJointDef()
                    d.bodyA = previous; d.bodyB = body; d.localAnchorA = previousAnchor; d.localAnchorB = top
                    d.localAxisA = Vec2(0, 1); d.enableLimit = true; d.lowerTranslation = -5; d.upperTranslation = 10
                    d.enableMotor = true; d.motorSpeed = 20; d.maxMotorForce = 1e6
                    _ = try world.createJoint(.prismatic(d))
                default:
                    var d = DistanceJointDef()
                    d.bodyA = previous; d.bodyB = body; d.localAnchorA = previousAnchor; d.localAnchorB = top
                    d.length = 20; d.enableSpring = chain % 2 == 0; d.hertz = 3
                    _ = try world.createJoint(.distance(d))
                }
                previous = body; previousAnchor = Vec2(0, 12)
            }
            if chain % 3 == 0 {
                var d = TargetJointDef()
                d.body = previous; d.target = Vec2(x + 100, 300); d.maxForce = 1e7
                _ = try world.createJoint(.target(d))
            }
        }
        return world
    }

    @Test func jointsOfEveryKindAreBitIdenticalOnAnyWorkerCount() throws {
        func trace(_ world: World) -> [UInt64] {
            (1...60).map { _ in world.step(by: testStep); return world.stateHash() }
        }
        let reference = trace(try jointChains(workers: 1))
        for workers in [2, 4] {
            let world = try jointChains(workers: workers)
            #expect(trace(world) == reference, "the joint chains on \(workers) workers differ from one worker")
            #expect(world.workerPool?.count == workers)
        }
    }

    /// The passes solve the joints' records; after the substeps each record's impulses go back to its
    /// joint in the store, which the next step's records start from (warm starting across steps).
    @Test func jointRecordsStoreTheirImpulsesInTheJoints() throws {
        let world = try jointChains(workers: 1)
        for _ in 0..<3 { world.step(by: testStep) }
        let records = world.buffers.jointRecords
        #expect(records.count == world.buffers.activeJoints.count)
        var loaded = 0
        for r in records {
            let j = world.jointStore[Int(r.joint)]
            #expect(j.lowerImpulse == r.lowerImpulse && j.upperImpulse == r.upperImpulse,
                    "joint \(r.joint) does not hold its record's impulses")
            // Distance and revolute records carry only the impulses of their kind.
            if j.kind != .revolute {
                #expect(j.impulse == r.impulse && j.springImpulse == r.springImpulse)
            }
            if j.kind != .distance {
                #expect(j.linearImpulse == r.linearImpulse && j.motorImpulse == r.motorImpulse)
            }
            if j.kind != .distance && j.kind != .revolute {
                #expect(j.angularImpulse == r.angularImpulse)
            }
            if j.linearImpulse != .zero || j.impulse != 0 { loaded += 1 }
        }
        // The chains hang from the ceiling: their joints hold weight.
        #expect(loaded > records.count / 2)
    }

    /// The joint colouring: every active joint once, and no two joints of a colour moving the same
    /// body with a state of its own (only the overflow group may).
    @Test func noTwoJointsOfAColourShareABody() throws {
        let world = try jointChains(workers: 1)
        for _ in 0..<3 { world.step(by: testStep) }
        let buffers = world.buffers
        #expect(buffers.jointOrder.sorted() == buffers.activeJoints.sorted())
        #expect(buffers.activeJoints.count == 60 * 6 + 20)
        let starts = buffers.jointColorStarts
        #expect(starts.count == Tuning.graphColorCount + 2)
        let n = Int32(buffers.awakeBodies.count)
        var coloursUsed = 0
        for k in 0..<Tuning.graphColorCount where starts[k] < starts[k + 1] {
            coloursUsed += 1
            var moved = Set<Int32>()
            for i in Int(starts[k])..<Int(starts[k + 1]) {
                let joint = buffers.jointRecords[i]
                #expect(joint.joint == buffers.jointOrder[i], "record \(i) is not joint order's")
                for index in [joint.indexA, joint.indexB] where index != n {
                    #expect(moved.insert(index).inserted, "colour \(k) moves solver body \(index) twice")
                }
            }
        }
        #expect(coloursUsed >= 2)
        #expect(starts[Tuning.graphColorCount] == starts[Tuning.graphColorCount + 1], "nothing overflows")
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
