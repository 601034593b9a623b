// The world's worker threads (Box2D v3 runs its solver stages the same way: b2SolverStage,
// b2ExecuteMainStage, b2SolverTask in solver.c). A stage is a list of blocks that touch disjoint
// data; the calling thread and the workers claim blocks from one counter until none is left. A
// worker takes part only if it enters the stage while it is open; once the caller has claimed the
// last block it closes the stage and waits only for the workers inside (the barrier). A worker the
// system has not scheduled yet therefore costs nothing: the caller does its share, as Box2D's main
// thread does when its workers are late. Each block does exactly the arithmetic the single thread
// does for its indices, so the result is the same bits for any worker count; only who computes a
// block changes.
//
// The threads are made once, with the world, and wait between stages: they spin for a while (the
// stages of one step follow each other within microseconds) and then park on a condition variable
// (between steps). A stage is a struct (`WorkerStage`) on the caller's stack, handed out by
// address with a function specialised for its type, so a warm step allocates nothing on any
// thread (a closure converted for another thread allocated its context every time).

import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small pool of threads owned by a world; `run` hands each stage's blocks to them and to the caller.
final class Workers {
    /// Threads taking part in a stage, the caller included (1: no threads, every stage runs inline).
    let count: Int
    private let shared: WorkersShared?
    private var threads: [pthread_t] = []

    init(count requested: Int) {
        count = Swift.max(1, Swift.min(requested, Workers.maximumCount))
        guard count > 1 else { shared = nil; return }
        let shared = WorkersShared(threads: count - 1)
        self.shared = shared
        for _ in 1..<count {
            var thread = pthread_t()
            let context = Unmanaged.passRetained(shared).toOpaque()
            let made = pthread_create(&thread, nil, { context in
                let shared = Unmanaged<WorkersShared>.fromOpaque(context!).takeRetainedValue()
                shared.work()
                return nil
            }, context)
            precondition(made == 0, "cannot start a physics worker thread (error \(made))")
            threads.append(thread)
        }
    }

    deinit {
        guard let shared else { return }
        shared.stop()
        for thread in threads { pthread_join(thread, nil) }
    }

    /// Most threads a world uses: more only add barrier waits at the sizes a 2D scene reaches.
    static let maximumCount = 16
    /// Bodies per block of the integration stages.
    static let minimumBodyBlock = 256

    /// Runs `stage.run(range)` over 0..<n in contiguous ranges of at least `minimum` indices, on the
    /// caller and the workers, and returns when all are done: as many ranges as keep every thread
    /// busy, one (inline) when `n` is small or there are no workers. Ranges must touch disjoint data.
    /// The stage is made only where it runs: inline, its loop reads the caller's values directly;
    /// made before the branch, it was built in memory (the context copied in) on one thread too.
    @inline(__always) func forEachRange<Stage: WorkerStage>(_ n: Int, minimum: Int, _ stage: @autoclosure () -> Stage) {
        let blocks = count == 1 ? 1 : Swift.max(1, Swift.min(n / Swift.max(1, minimum), 4 * count))
        if blocks > 1 {
            runInBlocks(n, blocks, stage())
        } else if n > 0 {
            stage().run(0..<n)
        }
    }

    /// The threaded half of `forEachRange`, out of line: inlined, the stage's copy on the stack and
    /// the stack guard its address brings cost every caller, also on one thread.
    @inline(never) private func runInBlocks<Stage: WorkerStage>(_ n: Int, _ blocks: Int, _ stage: Stage) {
        guard let shared else { return stage.run(0..<n) }
        withUnsafePointer(to: stage) { stage in
            // Specialised for `Stage` and capturing nothing, so handing it out allocates nothing.
            shared.run(n, blocks, UnsafeRawPointer(stage)) { stage, range in
                stage.assumingMemoryBound(to: Stage.self).pointee.run(range)
            }
        }
    }
}

/// A stage's work over a range of indices: a struct of the pointers and constants the stage reads,
/// handed to the worker threads by address.
protocol WorkerStage {
    func run(_ range: Range<Int>)
}

/// The state the caller and the worker threads share.
private final class WorkersShared: @unchecked Sendable {
    /// Bumped to hand out a stage (or to stop, with `stopping` set).
    let generation = Atomic<Int>(0)
    /// Next block to claim.
    let nextBlock = Atomic<Int>(0)
    /// The current stage's door: whether it is closed (`closed`), and in the bits below it how
    /// many workers are inside. Workers enter only while it is open; the caller writes a stage's
    /// fields only while it is closed with nobody inside.
    let door = Atomic<Int>(WorkersShared.closed)
    static let closed = 1 << 32
    /// Workers parked on `condition`.
    let parked = Atomic<Int>(0)
    let stopping = Atomic<Bool>(false)
    let threads: Int
    /// The current stage, valid while its door is open or a worker is inside: `n` indices in
    /// `blocks` ranges, the stage (on the caller's stack) and the function that runs it.
    nonisolated(unsafe) var n = 0
    nonisolated(unsafe) var blocks = 0
    nonisolated(unsafe) var stage: UnsafeRawPointer?
    nonisolated(unsafe) var call: ((UnsafeRawPointer, Range<Int>) -> Void)?
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// How long a worker spins on `generation` before it parks, in polls.
    static let spinPolls = 1 << 16

    init(threads: Int) {
        self.threads = threads
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    func run(_ n: Int, _ blocks: Int, _ stage: UnsafeRawPointer, _ call: @escaping (UnsafeRawPointer, Range<Int>) -> Void) {
        self.n = n
        self.blocks = blocks
        self.stage = stage
        self.call = call
        nextBlock.store(0, ordering: .relaxed)
        door.store(0, ordering: .releasing)
        publish()
        claimBlocks(stage, call)
        // The barrier: no worker enters from now on, and those inside finish their blocks.
        door.bitwiseOr(WorkersShared.closed, ordering: .acquiringAndReleasing)
        var polls = 0
        while door.load(ordering: .acquiring) != WorkersShared.closed {
            polls += 1
            if polls > 256 { sched_yield() }
        }
        self.stage = nil
        self.call = nil
    }

    func stop() {
        stopping.store(true, ordering: .relaxed)
        publish()
    }

    /// Bumps `generation` and wakes the parked workers.
    private func publish() {
        generation.wrappingAdd(1, ordering: .sequentiallyConsistent)
        if parked.load(ordering: .sequentiallyConsistent) > 0 {
            pthread_mutex_lock(mutex)
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
    }

    @inline(__always) private func claimBlocks(_ stage: UnsafeRawPointer, _ call: (UnsafeRawPointer, Range<Int>) -> Void) {
        while true {
            let b = nextBlock.wrappingAdd(1, ordering: .relaxed).oldValue
            if b >= blocks { return }
            call(stage, n * b / blocks ..< n * (b + 1) / blocks)
        }
    }

    /// A worker thread's life: wait for a stage, take blocks, leave the stage; until `stop`.
    func work() {
        // Not the current value: a stage may have been handed out before this thread started.
        var seen = 0
        while true {
            seen = waitForStage(after: seen)
            if stopping.load(ordering: .relaxed) { return }
            guard enter() else { continue }
            takePart()
            door.wrappingSubtract(1, ordering: .releasing)
        }
    }

    /// Enters the current stage if it is still open; a stage closed already was done without
    /// this worker (or is the one it saw last).
    private func enter() -> Bool {
        var d = door.load(ordering: .acquiring)
        while d & WorkersShared.closed == 0 {
            let (exchanged, original) = door.compareExchange(expected: d, desired: d + 1, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            d = original
        }
        return false
    }

    private func takePart() {
        guard let stage, let call else { return }
        claimBlocks(stage, call)
    }

    private func waitForStage(after seen: Int) -> Int {
        for polls in 0..<WorkersShared.spinPolls {
            let g = generation.load(ordering: .acquiring)
            if g != seen { return g }
            if polls > 1024 { sched_yield() }
        }
        pthread_mutex_lock(mutex)
        parked.wrappingAdd(1, ordering: .sequentiallyConsistent)
        var g = generation.load(ordering: .sequentiallyConsistent)
        while g == seen {
            pthread_cond_wait(condition, mutex)
            g = generation.load(ordering: .sequentiallyConsistent)
        }
        parked.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        pthread_mutex_unlock(mutex)
        return g
    }
}

/// The processor cores this process may run on.
enum ProcessorCores {
    static var online: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}

extension World {
    /// Awake bodies below which even a count above 1 steps on the calling thread: with fewer, no
    /// colour of contacts or joints has enough of them to fill two blocks (a colour's contacts and
    /// joints each move a different awake body), and no body stage either. Only the contact stages
    /// of a few bodies with very many shapes could still be shared, and give that up. Deciding it
    /// once per step keeps the stages' own checks out of a small scene's step.
    static let minimumParallelBodies = 2 * Swift.max(ContactPasses.minimumBlock, JointPasses.minimumBlock)

    /// The threads for this step's stages: `WorldDef.workers` while at least `minimumParallelBodies`
    /// bodies are awake, or for the automatic setting the world's pool while at least
    /// `WorldDef.parallelBodyThreshold` are. The pool is made on the first step that uses it and kept.
    @inline(__always) func workers(forAwakeBodies awake: Int) -> Workers {
        let requested = def.workers
        if requested == 1 || requested < 0 || awake < World.minimumParallelBodies { return serialWorkers }
        if requested == 0 && awake < WorldDef.parallelBodyThreshold { return serialWorkers }
        if let pool = workerPool { return pool }
        let pool = Workers(count: requested == 0 ? WorldDef.automaticWorkers : requested)
        workerPool = pool
        return pool
    }
}
