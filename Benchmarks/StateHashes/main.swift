// Prints each benchmark scene's state hash (`World.stateHash`) after a fixed number of steps, on one
// worker and on two. Two builds that print the same lines give the same results to the bit:
// scripts/test.sh compares the portable build with the AVX2 one (Package.swift, KINETIC_AVX2).
//   swift run -c release state-hashes
import KineticPhysics
import KineticBenchScenes
import Foundation

/// Steps long enough for every stage to act: the pyramid settles, the circles pile and churn, the
/// grid swings, the cradle's balls collide several times.
let runs: [(name: String, steps: Int)] = [
    (LargePyramid.name, 120), (FallingCircles.name, 300), (JointGrid.name, 120), (NewtonsCradle.name, 600),
]
for run in runs {
    for workers in [1, 2] {
        guard var scene = try Scenes.benchmark(named: run.name, workers: workers) else {
            print("state-hashes: no scene named \(run.name)")
            exit(1)
        }
        for i in 1...run.steps {
            scene.world.step(by: Scenes.timeStep)
            scene.didStep(i)
        }
        print("\(run.name), \(workers) worker(s), \(run.steps) steps: 0x\(String(scene.world.stateHash(), radix: 16))")
    }
}
