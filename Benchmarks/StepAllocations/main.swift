// Checks that a warm step makes no heap allocation: each benchmark scene (SCENES.md) is stepped
// through a warm-up, then the allocations of the next steps are counted: on one worker, this
// thread's; on two (`WorldDef.workers`), every thread's.
// Needs an optimized build (a debug build boxes generic values on the heap):
//   swift run -c release step-allocations        exit status 1 when a scene allocates
import CAllocationCounter
import KineticPhysics
import KineticBenchScenes
import Foundation

#if DEBUG
print("step-allocations: build with -c release; a debug build allocates where an optimized one does not")
#endif

/// Steps `scene` `warmUp` times, then returns the allocations made inside `World.step` by
/// `measured` more steps (the scene's own bookkeeping between steps is not counted).
func allocations(_ scene: inout some BenchmarkScene, warmUp: Int, measured: Int, allThreads: Bool) -> Int64 {
    for i in 1...warmUp {
        scene.world.step(by: Scenes.timeStep)
        scene.didStep(i)
    }
    var count: Int64 = 0
    for i in 1...measured {
        if allThreads { kac_start_all_threads() } else { kac_start() }
        scene.world.step(by: Scenes.timeStep)
        count += allThreads ? kac_stop_all_threads() : kac_stop()
        scene.didStep(warmUp + i)
    }
    return count
}

// The counter itself must see an allocation, or a zero below means nothing.
kac_start()
let probe = [Int](repeating: 1, count: Int.random(in: 100...200))
let probeCount = kac_stop()
guard probeCount >= 1, probe.count >= 100 else {
    print("step-allocations: the allocation counter saw no allocation (is malloc replaced?)")
    exit(1)
}

// Warm-up: long enough for contact and pair tables to reach the scene's working size (the circles
// are still settling at 300 steps, so new contacts keep coming, on storage already there).
let runs: [(name: String, warmUp: Int, measured: Int)] = [
    (LargePyramid.name, 60, 60), (FallingCircles.name, 300, 60), (JointGrid.name, 20, 20), (NewtonsCradle.name, 600, 600),
]
var failed = 0
for run in runs {
    for workers in [1, 2] {
        guard var scene = try Scenes.benchmark(named: run.name, workers: workers) else { continue }
        let count = allocations(&scene, warmUp: run.warmUp, measured: run.measured, allThreads: workers > 1)
        print("\(run.name), \(workers) worker(s): \(count) allocations in \(run.measured) steps after \(run.warmUp) warm-up steps")
        if count != 0 { failed += 1 }
    }
}
print(failed == 0 ? "no scene allocated once warm" : "\(failed) scene(s) allocated once warm")
exit(failed == 0 ? 0 : 1)
